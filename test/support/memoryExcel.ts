/**
 * An in-memory workbook behind the part of the Excel JavaScript API the add-in uses, for tests
 * in Node and in the browser. Like Office.js, a property can only be read after it was loaded
 * and context.sync() ran, and every sync is counted, so tests can check round trips.
 */

import { areaRef, parseArea } from "../../src/workbook/model/address";
import type {
  ContextApi,
  RangeApi,
  SettingApi,
  SettingCollectionApi,
  TableApi,
  TableCollectionApi,
  WorkbookApi,
  WorksheetApi,
  WorksheetCollectionApi,
} from "../../src/workbook/office/api";

type Value = string | number | boolean | null;

/** The options of Excel.run that the stand-in honours. */
export interface RunOptions {
  readonly delayForCellEdit?: boolean;
}

/** The columns of a sheet in Excel. */
const SHEET_COLUMNS = 16384;

interface Cell {
  value: Value;
  formula?: string;
  numberFormat?: string;
  style: Record<string, unknown>;
}

interface Rect {
  top: number;
  left: number;
  rows: number;
  columns: number;
}

export class MemorySheet {
  readonly cells = new Map<string, Cell>();
  showGridlines = true;
  columnWidths = new Map<number, number>();
  /** rows kept in view when scrolling (Excel's Freeze Panes) */
  frozenRows = 0;
  constructor(public name: string) {}

  /** Deletes whole rows, moving the rows below up, as Excel's Delete Sheet Rows does. */
  deleteRows(top: number, count: number): void {
    const moved = new Map<string, Cell>();
    for (const [k, c] of this.cells) {
      const [r, col] = k.split(",").map(Number) as [number, number];
      if (r < top) moved.set(k, c);
      else if (r >= top + count) moved.set(`${r - count},${col}`, c);
    }
    this.cells.clear();
    for (const [k, c] of moved) this.cells.set(k, c);
  }

  cell(row: number, column: number): Cell {
    const k = `${row},${column}`;
    let c = this.cells.get(k);
    if (c === undefined) {
      c = { value: null, style: {} };
      this.cells.set(k, c);
    }
    return c;
  }

  peek(row: number, column: number): Cell | undefined {
    return this.cells.get(`${row},${column}`);
  }

  /** The smallest rectangle holding every non-empty value (0-based), or null. */
  used(): Rect | null {
    let top = Infinity;
    let left = Infinity;
    let bottom = -1;
    let right = -1;
    for (const [k, c] of this.cells) {
      if (c.value === null && c.formula === undefined) continue;
      const [r, col] = k.split(",").map(Number) as [number, number];
      top = Math.min(top, r);
      left = Math.min(left, col);
      bottom = Math.max(bottom, r);
      right = Math.max(right, col);
    }
    return bottom < 0 ? null : { top, left, rows: bottom - top + 1, columns: right - left + 1 };
  }

  /** Values of a rectangle, as Office returns them ("" for empty). */
  read(rect: Rect): Value[][] {
    return Array.from({ length: rect.rows }, (_, r) =>
      Array.from({ length: rect.columns }, (_, c) => this.peek(rect.top + r, rect.left + c)?.value ?? ""),
    );
  }
}

export class MemoryTable {
  /** the table style's name, when one was set */
  style: string | null = null;
  constructor(
    public name: string,
    public sheet: MemorySheet,
    /** header row, 0-based */
    public top: number,
    public left: number,
    public columns: number,
    /** body rows */
    public bodyRows: number,
  ) {}
}

export class MemoryWorkbook {
  readonly sheets: MemorySheet[] = [];
  readonly tables: MemoryTable[] = [];
  activeSheet: string | null = null;
  selected: { sheet: string; address: string } | null = null;
  /** what add-ins stored with workbook.settings, by key */
  readonly settings = new Map<string, string>();

  sheet(name: string): MemorySheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  table(name: string): MemoryTable | undefined {
    return this.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
  }

  addSheet(name: string): MemorySheet {
    if (this.sheet(name)) throw officeError("ItemAlreadyExists", `A sheet named ${name} already exists.`);
    const s = new MemorySheet(name);
    this.sheets.push(s);
    return s;
  }

  /** Puts a block of values on a sheet (creating it), optionally as an Excel table. */
  put(sheetName: string, rows: Value[][], options: { table?: string; top?: number; left?: number } = {}): void {
    const s = this.sheet(sheetName) ?? this.addSheet(sheetName);
    const top = options.top ?? 0;
    const left = options.left ?? 0;
    rows.forEach((row, r) => row.forEach((v, c) => (s.cell(top + r, left + c).value = v)));
    if (options.table) this.tables.push(new MemoryTable(options.table, s, top, left, rows[0]?.length ?? 0, Math.max(0, rows.length - 1)));
  }

  /** The values of a sheet's used range, for assertions. */
  values(sheetName: string): Value[][] {
    const s = this.sheet(sheetName);
    const u = s?.used();
    return s && u ? s.read({ top: 0, left: 0, rows: u.top + u.rows, columns: u.left + u.columns }) : [];
  }
}

function officeError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

const NOT_LOADED = (what: string) =>
  officeError("PropertyNotLoaded", `The property '${what}' is not available. Call load() and context.sync() before reading it.`);

/** Properties a proxy has loaded and synced. */
class Loadable {
  protected pendingLoads = new Set<string>();
  protected loaded = new Set<string>();
  constructor(protected readonly ctx: MemoryContext) {}
  load(props?: string | string[] | Record<string, unknown>): this {
    const list = typeof props === "string" ? props.split(",") : Array.isArray(props) ? props : ["*"];
    for (const p of list) this.pendingLoads.add(p.trim().split("/")[0] as string);
    this.ctx.track(this);
    return this;
  }
  settle(): void {
    for (const p of this.pendingLoads) this.loaded.add(p);
    this.pendingLoads.clear();
    this.snapshot();
  }
  protected snapshot(): void {}
  protected need(prop: string): void {
    if (!this.loaded.has(prop) && !this.loaded.has("*")) throw NOT_LOADED(prop);
  }
}

export class MemoryContext implements ContextApi {
  syncs = 0;
  private tracked = new Set<Loadable>();
  readonly workbook: WorkbookProxy;
  constructor(readonly book: MemoryWorkbook) {
    this.workbook = new WorkbookProxy(this);
  }
  track(l: Loadable): void {
    this.tracked.add(l);
  }
  async sync(): Promise<void> {
    this.syncs++;
    for (const l of this.tracked) l.settle();
    this.tracked.clear();
  }
}

class WorkbookProxy implements WorkbookApi {
  readonly tables: TableCollection;
  readonly worksheets: WorksheetCollection;
  readonly settings: SettingCollectionApi;
  constructor(private readonly ctx: MemoryContext) {
    this.tables = new TableCollection(ctx, () => ctx.book.tables);
    this.worksheets = new WorksheetCollection(ctx);
    this.settings = {
      add: (key: string, value: string) => ctx.book.settings.set(key, value),
      getItemOrNullObject: (key: string) => new SettingProxy(ctx, key),
    };
  }
  getSelectedRange(): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sel = this.ctx.book.selected;
      const sheet = this.ctx.book.sheet(sel?.sheet ?? this.ctx.book.activeSheet ?? "") ?? this.ctx.book.sheets[0];
      if (!sheet) throw officeError("ItemNotFound", "There is no sheet.");
      return { sheet, rect: parseAddress(sel?.address ?? "A1") };
    });
  }
}

/** A setting; like Office.js's *OrNullObject items, isNullObject says whether it exists (after a sync). */
class SettingProxy extends Loadable implements SettingApi {
  private snap: { exists: boolean; value: string | undefined } | null = null;
  constructor(
    ctx: MemoryContext,
    private readonly key: string,
  ) {
    super(ctx);
  }
  protected override snapshot(): void {
    const value = this.ctx.book.settings.get(this.key);
    this.snap = { exists: value !== undefined, value };
  }
  get isNullObject(): boolean {
    if (this.snap === null) throw NOT_LOADED("isNullObject");
    return !this.snap.exists;
  }
  get value(): unknown {
    this.need("value");
    return this.snap?.value;
  }
  delete(): void {
    this.ctx.book.settings.delete(this.key);
  }
}

class TableCollection extends Loadable implements TableCollectionApi {
  private snap: TableProxy[] = [];
  constructor(
    ctx: MemoryContext,
    private readonly list: () => MemoryTable[],
    private readonly sheet?: MemorySheet,
  ) {
    super(ctx);
  }
  protected override snapshot(): void {
    this.snap = this.list().map((t) => new TableProxy(this.ctx, () => t, true));
  }
  get items(): TableProxy[] {
    this.need("items");
    return this.snap;
  }
  getItem(name: string): TableProxy {
    return new TableProxy(this.ctx, () => {
      const t = this.ctx.book.table(name);
      if (!t) throw officeError("ItemNotFound", `There is no table named ${name}.`);
      return t;
    });
  }
  add(address: string | RangeProxy, _hasHeaders: boolean): TableProxy {
    let sheet: MemorySheet | undefined;
    let r: Rect;
    if (typeof address === "string") {
      const [sheetPart, rangePart] = address.includes("!") ? address.split("!") : [undefined, address];
      sheet = this.sheet ?? this.ctx.book.sheet((sheetPart ?? "").replace(/^'|'$/g, ""));
      if (!sheet) throw officeError("ItemNotFound", `No sheet for ${address}.`);
      r = parseAddress(rangePart as string);
    } else {
      ({ sheet, rect: r } = address.area());
    }
    if (this.ctx.book.tables.some((t) => t.sheet === sheet && t.top < r.top + r.rows && r.top < t.top + 1 + t.bodyRows && t.left < r.left + r.columns && r.left < t.left + t.columns)) {
      throw officeError("InvalidOperation", "A table cannot overlap another table.");
    }
    const t = new MemoryTable(`Table${this.ctx.book.tables.length + 1}`, sheet, r.top, r.left, r.columns, r.rows - 1);
    this.ctx.book.tables.push(t);
    return new TableProxy(this.ctx, () => t);
  }
}

class TableProxy extends Loadable implements TableApi {
  constructor(
    ctx: MemoryContext,
    private readonly resolve: () => MemoryTable,
    preloaded = false,
  ) {
    super(ctx);
    if (preloaded) {
      this.loaded.add("name");
      this.loaded.add("showTotals");
    }
  }
  get name(): string {
    this.need("name");
    return this.resolve().name;
  }
  set name(v: string) {
    if (this.ctx.book.tables.some((t) => t !== this.resolve() && t.name.toLowerCase() === v.toLowerCase())) {
      throw officeError("InvalidArgument", `A table named ${v} already exists.`);
    }
    this.resolve().name = v;
  }
  set style(v: string) {
    this.resolve().style = v;
  }
  get columns(): { add: (index: number | undefined | null, values: Value[][]) => void } {
    return {
      // Only at the right end, which is all the add-in asks for.
      add: (index, values) => {
        const t = this.resolve();
        if (index !== undefined && index !== null && index !== t.columns) throw officeError("InvalidArgument", "The stand-in adds columns at the right end only.");
        if (values.length !== t.bodyRows + 1) throw officeError("InvalidArgument", `A new column needs ${t.bodyRows + 1} values (the header and one per row).`);
        values.forEach((row, r) => enter(t.sheet.cell(t.top + r, t.left + t.columns), row[0]));
        t.columns++;
      },
    };
  }
  /** Tables made here never show a totals row. */
  get showTotals(): boolean {
    this.need("showTotals");
    return false;
  }
  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.resolve().sheet);
  }
  private area(header: boolean, body: boolean): () => { sheet: MemorySheet; rect: Rect } {
    return () => {
      const t = this.resolve();
      const top = header ? t.top : t.top + 1;
      const rows = (header ? 1 : 0) + (body ? t.bodyRows : 0);
      return { sheet: t.sheet, rect: { top, left: t.left, rows, columns: t.columns } };
    };
  }
  getRange(): RangeProxy {
    return new RangeProxy(this.ctx, this.area(true, true));
  }
  getDataBodyRange(): RangeProxy {
    return new RangeProxy(this.ctx, this.area(false, true));
  }
  getHeaderRowRange(): RangeProxy {
    return new RangeProxy(this.ctx, this.area(true, false));
  }
  get rows(): { add: (index: number | undefined | null, values: Value[][]) => void; getItemAt: (i: number) => { delete: () => void } } {
    return {
      add: (index, values) => {
        const t = this.resolve();
        if (values.some((row) => row.length !== t.columns)) throw officeError("InvalidArgument", `Each new row needs ${t.columns} values, one per column.`);
        const at = index === undefined || index === null ? t.bodyRows : index;
        // Shift the rows below down, then write the new ones.
        for (let r = t.bodyRows - 1; r >= at; r--)
          for (let c = 0; c < t.columns; c++) {
            const from = t.sheet.peek(t.top + 1 + r, t.left + c);
            t.sheet.cell(t.top + 2 + r - 1 + values.length, t.left + c).value = from?.value ?? null;
          }
        values.forEach((row, i) => row.forEach((v, c) => enter(t.sheet.cell(t.top + 1 + at + i, t.left + c), v)));
        t.bodyRows += values.length;
      },
      getItemAt: (i) => ({
        delete: () => {
          const t = this.resolve();
          for (let r = i; r < t.bodyRows; r++)
            for (let c = 0; c < t.columns; c++) {
              const below = t.sheet.peek(t.top + 2 + r, t.left + c);
              t.sheet.cell(t.top + 1 + r, t.left + c).value = r + 1 < t.bodyRows ? (below?.value ?? null) : null;
            }
          t.bodyRows--;
        },
      }),
    };
  }
}

class WorksheetCollection extends Loadable implements WorksheetCollectionApi {
  private snap: WorksheetProxy[] = [];
  protected override snapshot(): void {
    this.snap = this.ctx.book.sheets.map((s) => {
      const p = new WorksheetProxy(this.ctx, () => s);
      p.markLoaded("name");
      return p;
    });
  }
  get items(): WorksheetProxy[] {
    this.need("items");
    return this.snap;
  }
  getItem(name: string): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => {
      const s = this.ctx.book.sheet(name);
      if (!s) throw officeError("ItemNotFound", `There is no sheet named ${name}.`);
      return s;
    });
  }
  add(name: string): WorksheetProxy {
    const s = this.ctx.book.addSheet(name);
    return new WorksheetProxy(this.ctx, () => s);
  }
}

class WorksheetProxy extends Loadable implements WorksheetApi {
  constructor(
    ctx: MemoryContext,
    private readonly resolve: () => MemorySheet,
  ) {
    super(ctx);
  }
  markLoaded(prop: string): void {
    this.loaded.add(prop);
  }
  get name(): string {
    this.need("name");
    return this.resolve().name;
  }
  set showGridlines(v: boolean) {
    this.resolve().showGridlines = v;
  }
  get freezePanes(): { freezeRows: (count: number) => void } {
    return { freezeRows: (count) => (this.resolve().frozenRows = count) };
  }
  get tables(): TableCollection {
    const sheet = this.resolve();
    return new TableCollection(this.ctx, () => this.ctx.book.tables.filter((t) => t.sheet === sheet), sheet);
  }
  getRange(address: string): RangeProxy {
    return new RangeProxy(this.ctx, () => ({ sheet: this.resolve(), rect: parseAddress(address) }));
  }
  getRangeByIndexes(top: number, left: number, rows: number, columns: number): RangeProxy {
    return new RangeProxy(this.ctx, () => ({ sheet: this.resolve(), rect: { top, left, rows, columns } }));
  }
  getUsedRange(_valuesOnly?: boolean): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const sheet = this.resolve();
      return { sheet, rect: sheet.used() ?? { top: 0, left: 0, rows: 1, columns: 1 } };
    });
  }
  delete(): void {
    const s = this.resolve();
    const book = this.ctx.book;
    book.sheets.splice(book.sheets.indexOf(s), 1);
    for (let i = book.tables.length - 1; i >= 0; i--) if (book.tables[i]?.sheet === s) book.tables.splice(i, 1);
  }
  activate(): void {
    this.ctx.book.activeSheet = this.resolve().name;
  }
}

/** A rectangle (0-based) from an A1 address, its sheet part ignored; the project's own A1 reading. */
function parseAddress(address: string): Rect {
  const area = parseArea(address.replace(/^.*!/, ""));
  if (area === null) throw officeError("InvalidArgument", `Cannot read the address ${address}.`);
  return { top: area.top - 1, left: area.left - 1, rows: area.bottom - area.top + 1, columns: area.right - area.left + 1 };
}

function a1(rect: Rect): string {
  return areaRef({ top: rect.top + 1, left: rect.left + 1, bottom: rect.top + rect.rows, right: rect.left + rect.columns });
}

type Style = Record<string, unknown>;

/** What Excel does with a typed value: a leading apostrophe means text, a leading = a formula, digits a number. */
function enter(cell: Cell, v: unknown): void {
  delete cell.formula;
  if (typeof v === "string" && v.startsWith("'")) cell.value = v.slice(1);
  else if (typeof v === "string" && v.startsWith("=")) {
    cell.formula = v;
    cell.value = null;
  } else if (typeof v === "string" && v !== "" && cell.numberFormat !== "@" && /^[+-]?\d+(\.\d+)?$/.test(v.trim())) cell.value = Number(v);
  else cell.value = v === "" || v === undefined ? null : (v as Value);
}

class RangeProxy extends Loadable implements RangeApi {
  private snap: { values: Value[][]; rowIndex: number; columnIndex: number; rowCount: number; columnCount: number; address: string } | null = null;
  constructor(
    ctx: MemoryContext,
    private readonly resolve: () => { sheet: MemorySheet; rect: Rect },
  ) {
    super(ctx);
  }
  /** The sheet and cells this range stands for. */
  area(): { sheet: MemorySheet; rect: Rect } {
    return this.resolve();
  }
  protected override snapshot(): void {
    const { sheet, rect } = this.resolve();
    this.snap = { values: sheet.read(rect), rowIndex: rect.top, columnIndex: rect.left, rowCount: rect.rows, columnCount: rect.columns, address: `${sheet.name}!${a1(rect)}` };
  }
  private get s() {
    if (this.snap === null) throw NOT_LOADED("values");
    return this.snap;
  }
  get values(): Value[][] {
    this.need("values");
    return this.s.values;
  }
  get rowIndex(): number {
    this.need("rowIndex");
    return this.s.rowIndex;
  }
  get columnIndex(): number {
    this.need("columnIndex");
    return this.s.columnIndex;
  }
  get rowCount(): number {
    this.need("rowCount");
    return this.s.rowCount;
  }
  get columnCount(): number {
    this.need("columnCount");
    return this.s.columnCount;
  }
  get address(): string {
    this.need("address");
    return this.s.address;
  }
  private each(grid: unknown[][] | unknown, set: (cell: Cell, v: unknown) => void): void {
    const { sheet, rect } = this.resolve();
    const at = (r: number, c: number) => (Array.isArray(grid) ? (grid as unknown[][])[r]?.[c] : grid);
    if (Array.isArray(grid) && (grid.length !== rect.rows || (grid[0] as unknown[] | undefined)?.length !== rect.columns)) {
      throw officeError("InvalidArgument", `The array is ${grid.length}×${(grid[0] as unknown[] | undefined)?.length ?? 0} but the range is ${rect.rows}×${rect.columns}.`);
    }
    for (let r = 0; r < rect.rows; r++) for (let c = 0; c < rect.columns; c++) set(sheet.cell(rect.top + r, rect.left + c), at(r, c));
  }
  set values(grid: unknown[][]) {
    this.each(grid, enter);
  }
  set formulas(grid: unknown[][]) {
    this.each(grid, enter);
  }
  set numberFormat(grid: unknown[][]) {
    this.each(grid, (cell, v) => (cell.numberFormat = String(v)));
  }
  clear(_what?: string): void {
    this.each(null, (cell) => {
      cell.value = null;
      delete cell.formula;
    });
  }
  /** The whole sheet rows of this range (Excel's 16,384 columns). */
  getEntireRow(): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const { sheet, rect } = this.resolve();
      return { sheet, rect: { top: rect.top, left: 0, rows: rect.rows, columns: SHEET_COLUMNS } };
    });
  }
  /** Deletes cells, moving those below up; the stand-in models whole rows only, and says so otherwise. */
  delete(shift: "Up"): void {
    const { sheet, rect } = this.resolve();
    if (shift !== "Up" || rect.left !== 0 || rect.columns !== SHEET_COLUMNS) throw officeError("InvalidArgument", "The stand-in deletes whole rows, upwards, only.");
    sheet.deleteRows(rect.top, rect.rows);
    for (const t of this.ctx.book.tables) {
      if (t.sheet !== sheet) continue;
      if (t.top >= rect.top + rect.rows) t.top -= rect.rows;
      else if (t.top + t.bodyRows >= rect.top && t.top < rect.top) t.bodyRows -= Math.min(rect.rows, t.top + t.bodyRows - rect.top + 1);
    }
  }
  select(): void {
    const { sheet, rect } = this.resolve();
    this.ctx.book.selected = { sheet: sheet.name, address: a1(rect) };
    this.ctx.book.activeSheet = sheet.name;
  }
  get format(): RangeApi["format"] {
    const styleAll = (key: string) =>
      new Proxy({} as Style, {
        set: (_t, prop, value) => {
          this.each(null, (cell) => (cell.style[`${key}.${String(prop)}`] = value));
          return true;
        },
      });
    const setWidth = (w: number) => {
      const { sheet, rect } = this.resolve();
      for (let c = 0; c < rect.columns; c++) sheet.columnWidths.set(rect.left + c, w);
    };
    return {
      font: styleAll("font") as RangeApi["format"]["font"],
      fill: styleAll("fill") as RangeApi["format"]["fill"],
      borders: { getItem: (edge: string) => styleAll(`border.${edge}`) as { style: string; color: string } },
      set columnWidth(w: number) {
        setWidth(w);
      },
      get columnWidth(): number {
        throw NOT_LOADED("columnWidth");
      },
    };
  }
}

/** Runs batches against a memory workbook the way Excel.run does, counting syncs across runs. */
export class MemoryExcel {
  syncs = 0;
  runs = 0;
  /** when set, the next runs fail as if the user were editing a cell */
  editingFor = 0;
  constructor(readonly book: MemoryWorkbook = new MemoryWorkbook()) {}
  /** batches that Excel was asked to hold until a cell edit ended (Excel.run's delayForCellEdit) */
  delayed = 0;
  run = async <T>(batch: (context: ContextApi) => Promise<T>, options: RunOptions = {}): Promise<T> => {
    this.runs++;
    if (this.editingFor > 0) {
      // With delayForCellEdit, Excel holds the batch until the edit ends (Excel.RunOptions, ExcelApi 1.11).
      if (options.delayForCellEdit === true) {
        this.delayed++;
        this.editingFor = 0;
      } else {
        this.editingFor--;
        throw officeError("InvalidOperationInCellEditMode", "Excel is in cell-editing mode.");
      }
    }
    const ctx = new MemoryContext(this.book);
    try {
      return await batch(ctx);
    } finally {
      this.syncs += ctx.syncs;
    }
  };
}
