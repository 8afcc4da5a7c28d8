/**
 * An in-memory workbook behind the part of the Excel JavaScript API the add-in uses (the
 * interfaces in src/workbook/office/api.ts), for tests in Node and in the browser. It is meant
 * to be at least as strict as Excel; each behaviour names the Microsoft document it follows:
 * - Commands are queued and carried out at context.sync(), in order; the first that fails makes
 *   sync() reject with its error code, the commands before it stay done and the ones after it
 *   are dropped ("Excel JavaScript API: sync", batches are not transactions; "Error handling
 *   with the application-specific JavaScript APIs").
 * - A property can only be read after it was loaded and a sync ran (PropertyNotLoaded, "Call
 *   load on an object"); a load sees the workbook as the commands before it left it.
 * - In a 2-D array of values, formulas or number formats, null leaves a cell as it is and ""
 *   clears it; the array must have exactly the range's rows and columns ("Blank and null
 *   values in Excel add-ins"; InvalidArgument otherwise).
 * - Sheet names: 1 to 31 characters, none of [ ] : * ? / \, not starting or ending with an
 *   apostrophe, unique ignoring case ("Worksheet.name"; Excel's own rules for sheet names).
 * - A table's totals row is part of table.getRange() but not of its body; rows are added above
 *   it ("Excel.Table.showTotals", "Excel.Table.getRange").
 * - A protected sheet refuses changes to its cells and structure, and a filtered table refuses
 *   new rows (AccessDenied / InvalidOperation, as Excel's interface refuses them).
 * - While the user edits a cell, every request is refused with InvalidOperationInCellEditMode,
 *   unless Excel.run was asked to wait (delayForCellEdit, "Excel.RunOptions"): then the request
 *   is held until the edit ends.
 * - Print set-up ("Excel.PageLayout", ExcelApi 1.9): zoom is set as a whole object and cannot be
 *   read unloaded; a scale is 10 to 400 and only without fit-to-pages ("PageLayoutZoomOptions");
 *   print title rows span whole rows ("PageLayout.setPrintTitleRows"); a footer's section holds at
 *   most 255 characters (Excel's Page Setup refuses longer ones).
 * - Manual page breaks ("Worksheet.horizontalPageBreaks", ExcelApi 1.9) go above a range's
 *   top-left cell; none can go above the first row, where a page begins anyway.
 * - Merging ("Range.merge") refuses cells inside a table and cells already merged
 *   (InvalidOperation, as Excel's Merge & Center does), and, stricter than Excel (which keeps the
 *   top-left value), a covered cell that holds a value.
 * Every sync is counted, so tests can check round trips.
 */

import { areaRef, parseArea, quoteSheet } from "../../src/workbook/model/address";
import type {
  NamedItemApi,
  NamedItemCollectionApi,
  ChartApi,
  ChartCollectionApi,
  ContextApi,
  HandlerApi,
  MergedAreasApi,
  PageBreakCollectionApi,
  PageLayoutApi,
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

/** A chart on a sheet: what it draws, and how it was set up. */
export interface MemoryChart {
  readonly type: string;
  /** the cells it draws, A1 on its sheet ("A44:F46") */
  readonly source: string;
  readonly seriesBy: string;
  title: string;
  legend: string;
  /** the cells it covers ("A4:H21"), once set */
  position: string | null;
}

/**
 * A cell's key in a sheet's map: one number, row × the sheet's columns + column. A number keys a
 * Map several times faster than the text "row,column" would, which the huge campaign feels.
 */
export const cellKey = (row: number, column: number): number => row * SHEET_COLUMNS + column;
/** The row and column (0-based) a key stands for. */
export const cellAt = (key: number): [number, number] => [Math.floor(key / SHEET_COLUMNS), key % SHEET_COLUMNS];

export class MemorySheet {
  readonly cells = new Map<number, Cell>();
  showGridlines = true;
  /** "Worksheet.visibility": Visible, Hidden or VeryHidden */
  visibility = "Visible";
  columnWidths = new Map<number, number>();
  /** rows given a height of their own, in points, by row (0-based) */
  rowHeights = new Map<number, number>();
  /** rows kept in view when scrolling (Excel's Freeze Panes) */
  frozenRows = 0;
  /** Review › Protect Sheet: its cells and structure refuse changes */
  protected = false;
  /** Page Layout's settings, as worksheet.pageLayout sets them (Excel's defaults until then) */
  readonly print: MemoryPrint = {
    orientation: "Portrait",
    zoom: { scale: 100 },
    titleRows: null,
    area: null,
    footer: { left: "", center: "", right: "" },
  };
  /** merged areas (Home › Merge Cells), 0-based */
  readonly merged: Rect[] = [];
  /** the sheet's charts, as worksheet.charts.add made them */
  readonly charts: MemoryChart[] = [];
  /** Page Layout › Breaks: the rows (1-based) above which a manual page break begins a new page, in the order added */
  readonly pageBreaks: number[] = [];
  /**
   * Names bound to this sheet (Name Manager, Scope: the sheet), by name in lower case: workbook.names
   * holds none of them ("Workbook.names": the names scoped to the workbook), and the add-in adds none.
   */
  readonly names = new Map<string, { name: string; formula: string; visible: boolean }>();
  constructor(public name: string) {}

  /** Excel refuses changes to a protected sheet. */
  guard(): void {
    if (this.protected) throw officeError("AccessDenied", `The sheet ${this.name} is protected.`);
  }

  /**
   * Moves every cell of some columns from a row down by `by` rows (or up, when `by` is negative,
   * dropping the rows it moves over), as inserting or deleting a table's rows does.
   */
  shift(from: number, left: number, columns: number, by: number): void {
    // Only the cells that move (or are moved over) are touched: a campaign's sheets hold thousands
    // of cells above and beside the rows a table gains or loses.
    const gone = by < 0 ? from + by : from;
    const moving: [number, Cell][] = [];
    for (const [k, c] of this.cells) {
      if (k < gone * SHEET_COLUMNS) continue;
      const [r, col] = cellAt(k);
      if (col < left || col >= left + columns || r < gone) continue;
      this.cells.delete(k);
      if (r >= from) moving.push([cellKey(r + by, col), c]);
    }
    for (const [k, c] of moving) this.cells.set(k, c);
  }

  /** Deletes whole rows, moving the rows below up, as Excel's Delete Sheet Rows does. */
  deleteRows(top: number, count: number): void {
    const moving: [number, Cell][] = [];
    for (const [k, c] of this.cells) {
      if (k < top * SHEET_COLUMNS) continue;
      this.cells.delete(k);
      const [r, col] = cellAt(k);
      if (r >= top + count) moving.push([cellKey(r - count, col), c]);
    }
    for (const [k, c] of moving) this.cells.set(k, c);
  }

  cell(row: number, column: number): Cell {
    const k = cellKey(row, column);
    let c = this.cells.get(k);
    if (c === undefined) {
      c = { value: null, style: {} };
      this.cells.set(k, c);
    }
    return c;
  }

  peek(row: number, column: number): Cell | undefined {
    return this.cells.get(cellKey(row, column));
  }

  /** The smallest rectangle holding every non-empty value (0-based), or null. */
  used(): Rect | null {
    let top = Infinity;
    let left = Infinity;
    let bottom = -1;
    let right = -1;
    for (const [k, c] of this.cells) {
      if (c.value === null && c.formula === undefined) continue;
      const [r, col] = cellAt(k);
      top = Math.min(top, r);
      left = Math.min(left, col);
      bottom = Math.max(bottom, r);
      right = Math.max(right, col);
    }
    return bottom < 0 ? null : { top, left, rows: bottom - top + 1, columns: right - left + 1 };
  }

  /** Values of a rectangle, as Office returns them ("" for empty). */
  read(rect: Rect): Value[][] {
    return Array.from({ length: rect.rows }, (_, r) => Array.from({ length: rect.columns }, (_, c) => this.peek(rect.top + r, rect.left + c)?.value ?? ""));
  }
}

/** A sheet's print set-up as Page Layout shows it. */
export interface MemoryPrint {
  orientation: string;
  zoom: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };
  /** the rows printed on top of every page ("$1:$4"), or null */
  titleRows: string | null;
  area: string | null;
  footer: { left: string; center: string; right: string };
  /** the page header's centre section, once set */
  header?: string;
}

export class MemoryTable {
  /** the table style's name, when one was set */
  style: string | null = null;
  /** a totals row under the body (Table Design › Total Row) */
  showTotals = false;
  /** a filter hides some rows: Excel then refuses to add rows */
  filtered = false;
  /** calculated columns (a formula filled down the column), by column index within the table */
  readonly calculated = new Map<number, string>();
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
  /** the workbook's defined names, by name in lower case ("Excel.NamedItemCollection"): each one's name, formula and whether it shows */
  readonly names = new Map<string, { name: string; formula: string; visible: boolean }>();
  /** how many times rows were added through a table's rows.add, which co-authoring advises against */
  rowsAdded = 0;
  /** handlers registered with worksheets.onChanged, told by `changed()` */
  readonly changeHandlers: ((event: unknown) => Promise<unknown>)[] = [];

  /**
   * Tells the add-in's handlers that a worksheet changed, as Excel does after a user's edit
   * ("Worksheet.onChanged": the event comes after the change, with the sheet and address).
   */
  async changed(sheet: string, address: string): Promise<void> {
    for (const h of this.changeHandlers) await h({ worksheetId: sheet, address, changeType: "RangeEdited", source: "Local", type: "WorksheetChanged" });
  }

  sheet(name: string): MemorySheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  table(name: string): MemoryTable | undefined {
    return this.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
  }

  /** Excel's rules for a sheet's name, and no other sheet of the workbook may have it (ignoring case). */
  private checkName(name: string, other?: MemorySheet): void {
    if (name.length < 1 || name.length > 31 || /[[\]:*?/\\]/.test(name) || name.startsWith("'") || name.endsWith("'")) {
      throw officeError("InvalidArgument", `"${name}" cannot be a sheet's name: 1 to 31 characters, none of [ ] : * ? / \\, and no apostrophe at either end.`);
    }
    const taken = this.sheet(name);
    if (taken !== undefined && taken !== other) throw officeError("ItemAlreadyExists", `A sheet named ${name} already exists.`);
  }

  addSheet(name: string): MemorySheet {
    this.checkName(name);
    const s = new MemorySheet(name);
    this.sheets.push(s);
    return s;
  }

  /** "Worksheet.name" set: the sheet keeps its place, its cells, tables and charts. */
  renameSheet(sheet: MemorySheet, name: string): void {
    this.checkName(name, sheet);
    if (this.activeSheet === sheet.name) this.activeSheet = name;
    if (this.selected?.sheet === sheet.name) this.selected = { ...this.selected, sheet: name };
    sheet.name = name;
  }

  /** Puts a block of values on a sheet (creating it), optionally as an Excel table. */
  put(sheetName: string, rows: Value[][], options: { table?: string; top?: number; left?: number; totals?: boolean } = {}): void {
    const s = this.sheet(sheetName) ?? this.addSheet(sheetName);
    const top = options.top ?? 0;
    const left = options.left ?? 0;
    rows.forEach((row, r) => {
      row.forEach((v, c) => (s.cell(top + r, left + c).value = v));
    });
    if (options.table) {
      // With totals, the last row given is the totals row.
      const t = new MemoryTable(options.table, s, top, left, rows[0]?.length ?? 0, Math.max(0, rows.length - 1 - (options.totals ? 1 : 0)));
      t.showTotals = options.totals === true;
      this.tables.push(t);
    }
  }

  /** A copy of everything the workbook holds (sheets with their cells and set-up, tables, settings), for a trial that must start from the same state. */
  clone(): MemoryWorkbook {
    const copy = new MemoryWorkbook();
    const sheets = new Map<MemorySheet, MemorySheet>();
    for (const s of this.sheets) {
      const c = new MemorySheet(s.name);
      // Its own data only (cells, widths, print set-up, merges, charts, page breaks), deep-copied.
      Object.assign(c, structuredClone(Object.fromEntries(Object.entries(s))));
      sheets.set(s, c);
      copy.sheets.push(c);
    }
    for (const t of this.tables) {
      const c = new MemoryTable(t.name, sheets.get(t.sheet) ?? t.sheet, t.top, t.left, t.columns, t.bodyRows);
      c.style = t.style;
      c.showTotals = t.showTotals;
      c.filtered = t.filtered;
      for (const [k, v] of t.calculated) c.calculated.set(k, v);
      copy.tables.push(c);
    }
    for (const [k, v] of this.settings) copy.settings.set(k, v);
    for (const [k, v] of this.names) copy.names.set(k, { ...v });
    copy.activeSheet = this.activeSheet;
    copy.selected = this.selected === null ? null : { ...this.selected };
    copy.rowsAdded = this.rowsAdded;
    return copy;
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
    // A load is answered where it stands in the batch: it sees what the commands before it did.
    this.ctx.enqueue(() => {
      this.settle();
    });
    return this;
  }
  settle(): void {
    for (const p of this.pendingLoads) this.loaded.add(p);
    this.pendingLoads.clear();
    this.snapshot();
  }
  /** Loaded with its collection ("items/…"): the properties are there at once. */
  settleWith(props: readonly string[]): this {
    for (const p of props) this.pendingLoads.add(p);
    this.settle();
    return this;
  }
  protected snapshot(): void {}
  protected need(prop: string): void {
    if (!this.loaded.has(prop) && !this.loaded.has("*")) throw NOT_LOADED(prop);
  }
}

/**
 * What happens around the requests: whether the user is editing a cell (Excel then refuses every
 * request, or holds it when asked to wait), and a hook for tests.
 */
export interface CellEditGate {
  editingFor: number;
  /** called after each request that went through, with the count of such requests so far (for tests that change the workbook between requests) */
  afterSync?: (count: number) => void;
  /** a request Excel was asked to hold during the edit: settles when the edit ends */
  holdUntilEditEnds?(): Promise<void>;
}

export class MemoryContext implements ContextApi {
  syncs = 0;
  private queue: (() => void)[] = [];
  readonly workbook: WorkbookProxy;
  constructor(
    readonly book: MemoryWorkbook,
    private readonly gate: CellEditGate = { editingFor: 0 },
    /** Excel.run was asked to hold requests during a cell edit (delayForCellEdit) */
    private readonly delayForCellEdit = false,
  ) {
    this.workbook = new WorkbookProxy(this);
  }
  /** Queues a command; it is carried out at the next sync. */
  enqueue(command: () => void): void {
    this.queue.push(command);
  }
  /** As Excel's, a failure rejects the promise: nothing is thrown at the caller. */
  async sync(): Promise<void> {
    this.syncs++;
    const commands = this.queue;
    this.queue = [];
    if (this.gate.editingFor > 0) {
      if (!this.delayForCellEdit) {
        this.gate.editingFor--;
        throw officeError("InvalidOperationInCellEditMode", "Excel is in cell-editing mode.");
      }
      await this.gate.holdUntilEditEnds?.();
    }
    // In order; the first failure rejects the sync, leaving the commands before it done.
    for (const command of commands) command();
    this.gate.afterSync?.(this.syncs);
  }
}

class WorkbookProxy implements WorkbookApi {
  readonly tables: TableCollection;
  readonly worksheets: WorksheetCollection;
  readonly settings: SettingCollectionApi;
  readonly names: NamedItemCollectionApi;
  constructor(private readonly ctx: MemoryContext) {
    this.tables = new TableCollection(ctx, () => ctx.book.tables);
    this.worksheets = new WorksheetCollection(ctx);
    this.settings = new SettingCollection(ctx);
    this.names = new NamedItemCollection(ctx);
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

/**
 * The workbook's defined names ("Excel.NamedItemCollection"): a name is added with its formula
 * (a name already taken is refused, as Excel's Name Manager refuses it), or found by name.
 */
class NamedItemCollection implements NamedItemCollectionApi {
  constructor(private readonly ctx: MemoryContext) {}
  add(name: string, reference: string): NamedItemProxy {
    // Excel's rules for a name: a letter or underscore first, then letters, digits, _ and . (and it must not look like a cell).
    if (!/^[A-Za-z_\\][A-Za-z0-9_.]*$/.test(name)) throw officeError("InvalidArgument", `"${name}" cannot be a defined name.`);
    if (!reference.startsWith("=")) throw officeError("InvalidArgument", `A name's formula begins with "=", not ${JSON.stringify(reference.slice(0, 20))}.`);
    this.ctx.enqueue(() => {
      if (this.ctx.book.names.has(name.toLowerCase())) throw officeError("ItemAlreadyExists", `The name ${name} already exists.`);
      this.ctx.book.names.set(name.toLowerCase(), { name, formula: reference, visible: true });
    });
    return new NamedItemProxy(this.ctx, name);
  }
  getItemOrNullObject(name: string): NamedItemProxy {
    return new NamedItemProxy(this.ctx, name);
  }
}

/** A defined name; like every *OrNullObject item, isNullObject says whether it exists (after a sync). */
class NamedItemProxy extends Loadable implements NamedItemApi {
  private snap: { formula: string; visible: boolean } | null | undefined;
  constructor(
    ctx: MemoryContext,
    private readonly name_: string,
  ) {
    super(ctx);
  }
  protected override snapshot(): void {
    const item = this.ctx.book.names.get(this.name_.toLowerCase());
    this.snap = item === undefined ? null : { formula: item.formula, visible: item.visible };
  }
  get isNullObject(): boolean {
    if (this.snap === undefined) throw NOT_LOADED("isNullObject");
    return this.snap === null;
  }
  get formula(): unknown {
    this.need("formula");
    return this.snap?.formula;
  }
  /** "NamedItem.formula" set (ExcelApi 1.7): a name that does not exist cannot take one. */
  set formula(value: unknown) {
    if (typeof value !== "string" || !value.startsWith("=")) throw officeError("InvalidArgument", "A name's formula is text that begins with =.");
    this.ctx.enqueue(() => {
      const item = this.ctx.book.names.get(this.name_.toLowerCase());
      if (item === undefined) throw officeError("ItemNotFound", `There is no name ${this.name_}.`);
      item.formula = value;
    });
  }
  get visible(): boolean {
    this.need("visible");
    return this.snap?.visible ?? true;
  }
  set visible(value: boolean) {
    this.ctx.enqueue(() => {
      const item = this.ctx.book.names.get(this.name_.toLowerCase());
      if (item === undefined) throw officeError("ItemNotFound", `There is no name ${this.name_}.`);
      item.visible = value;
    });
  }
}

/** The workbook's settings ("Excel.SettingCollection"): added, found by key, or loaded all at once. */
class SettingCollection extends Loadable implements SettingCollectionApi {
  private snap: SettingProxy[] = [];
  protected override snapshot(): void {
    this.snap = [...this.ctx.book.settings.keys()].map((key) => new SettingProxy(this.ctx, key).settleWith(["key", "value"]));
  }
  get items(): SettingProxy[] {
    this.need("items");
    return this.snap;
  }
  add(key: string, value: string): void {
    this.ctx.enqueue(() => this.ctx.book.settings.set(key, value));
  }
  getItemOrNullObject(key: string): SettingProxy {
    return new SettingProxy(this.ctx, key);
  }
}

/** A setting; like Office.js's *OrNullObject items, isNullObject says whether it exists (after a sync). */
class SettingProxy extends Loadable implements SettingApi {
  private snap: { exists: boolean; value: string | undefined } | null = null;
  constructor(
    ctx: MemoryContext,
    private readonly key_: string,
  ) {
    super(ctx);
  }
  protected override snapshot(): void {
    const value = this.ctx.book.settings.get(this.key_);
    this.snap = { exists: value !== undefined, value };
  }
  get isNullObject(): boolean {
    if (this.snap === null) throw NOT_LOADED("isNullObject");
    return !this.snap.exists;
  }
  get key(): string {
    return this.key_;
  }
  get value(): unknown {
    this.need("value");
    return this.snap?.value;
  }
  delete(): void {
    this.ctx.enqueue(() => this.ctx.book.settings.delete(this.key_));
  }
}

class TableCollection extends Loadable implements TableCollectionApi {
  private snap: TableProxy[] = [];
  constructor(
    ctx: MemoryContext,
    private readonly list: () => MemoryTable[],
    /** the sheet of a worksheet's own table collection */
    private readonly sheetOf?: () => MemorySheet,
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
    let created: MemoryTable | undefined;
    this.ctx.enqueue(() => {
      let sheet: MemorySheet | undefined;
      let r: Rect;
      if (typeof address === "string") {
        const bang = address.lastIndexOf("!");
        const sheetPart = bang < 0 ? undefined : address.slice(0, bang).replace(/^'|'$/g, "").replace(/''/g, "'");
        // Without a sheet's name, an address means the active sheet ("TableCollection.add").
        sheet = sheetPart !== undefined ? this.ctx.book.sheet(sheetPart) : (this.sheetOf?.() ?? this.ctx.book.sheet(this.ctx.book.activeSheet ?? ""));
        if (!sheet) throw officeError("ItemNotFound", `No sheet for ${address}.`);
        r = parseAddress(address.slice(bang + 1));
      } else {
        ({ sheet, rect: r } = address.area());
      }
      sheet.guard();
      const target = sheet;
      if (
        this.ctx.book.tables.some(
          (t) => t.sheet === target && t.top < r.top + r.rows && r.top < t.top + 1 + t.bodyRows && t.left < r.left + r.columns && r.left < t.left + t.columns,
        )
      ) {
        throw officeError("InvalidOperation", "A table cannot overlap another table.");
      }
      created = new MemoryTable(`Table${this.ctx.book.tables.length + 1}`, sheet, r.top, r.left, r.columns, r.rows - 1);
      this.ctx.book.tables.push(created);
    });
    return new TableProxy(this.ctx, () => {
      if (created === undefined) throw officeError("InvalidOperation", "The table is used before the request that adds it.");
      return created;
    });
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
    this.ctx.enqueue(() => {
      if (this.ctx.book.tables.some((t) => t !== this.resolve() && t.name.toLowerCase() === v.toLowerCase())) {
        throw officeError("InvalidArgument", `A table named ${v} already exists.`);
      }
      this.resolve().name = v;
    });
  }
  set style(v: string) {
    this.ctx.enqueue(() => (this.resolve().style = v));
  }
  get columns(): { add: (index: number | undefined | null, values?: Value[][], name?: string) => void } {
    return {
      // Only at the right end, which is all the add-in asks for. "TableColumnCollection.add(index,
      // values, name)": values, when given, cover the header, the body and any totals row; a name
      // (ExcelApi 1.4) heads the new column, otherwise Excel makes one up.
      add: (index, values, name) => {
        this.ctx.enqueue(() => {
          const t = this.resolve();
          t.sheet.guard();
          if (index !== undefined && index !== null && index !== t.columns)
            throw officeError("InvalidArgument", "The stand-in adds columns at the right end only.");
          const height = t.bodyRows + 1 + (t.showTotals ? 1 : 0);
          if (values !== undefined && values.length !== height)
            throw officeError("InvalidArgument", `A new column needs ${height} values (the header, one per row${t.showTotals ? " and the totals row" : ""}).`);
          // Stricter than Excel, which may move what is in the way: the add-in must not rely on that.
          for (let r = 0; r < height; r++) {
            const c = t.sheet.peek(t.top + r, t.left + t.columns);
            if (c !== undefined && c.value !== "" && c.value !== null)
              throw officeError("InvalidOperation", "The cells where the new column goes are not empty.");
          }
          const column = values ?? [[name ?? `Column${t.columns + 1}`], ...Array.from({ length: height - 1 }, (): Value[] => [""])];
          column.forEach((row, r) => {
            enter(t.sheet.cell(t.top + r, t.left + t.columns), r === 0 && name !== undefined && values === undefined ? name : row[0]);
          });
          t.columns++;
        });
      },
    };
  }
  get showTotals(): boolean {
    this.need("showTotals");
    return this.resolve().showTotals;
  }
  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.resolve().sheet);
  }
  /** The header row, the body, and the totals row when shown, as "Table.getRange" covers them. */
  private area(header: boolean, body: boolean): () => { sheet: MemorySheet; rect: Rect } {
    return () => {
      const t = this.resolve();
      const top = header ? t.top : t.top + 1;
      const rows = (header ? 1 : 0) + (body ? t.bodyRows : 0) + (header && body && t.showTotals ? 1 : 0);
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
      // New rows are inserted: the cells below them in the table's columns (the totals row,
      // anything under the table) move down. null leaves a new cell empty.
      add: (index, values) => {
        this.ctx.enqueue(() => {
          this.ctx.book.rowsAdded++;
          const t = this.resolve();
          t.sheet.guard();
          if (t.filtered) throw officeError("InvalidOperation", `Rows cannot be added to the table ${t.name} while a filter hides some of its rows.`);
          if (values.some((row) => row.length !== t.columns)) throw officeError("InvalidArgument", `Each new row needs ${t.columns} values, one per column.`);
          const at = index === undefined || index === null ? t.bodyRows : index;
          t.sheet.shift(t.top + 1 + at, t.left, t.columns, values.length);
          values.forEach((row, i) => {
            row.forEach((v, c) => {
              const cell = t.sheet.cell(t.top + 1 + at + i, t.left + c);
              // A new row takes its column's number format, as Excel's table rows do.
              const above = at + i > 0 ? t.sheet.peek(t.top + at + i, t.left + c) : undefined;
              if (above?.numberFormat !== undefined) cell.numberFormat = above.numberFormat;
              // A calculated column fills a new row's cell that is given no value (null).
              const formula = t.calculated.get(c);
              if (v === null && formula !== undefined) cell.formula = formula;
              else enter(cell, v);
            });
          });
          t.bodyRows += values.length;
        });
      },
      getItemAt: (i) => ({
        delete: () => {
          this.ctx.enqueue(() => {
            const t = this.resolve();
            t.sheet.guard();
            if (i < 0 || i >= t.bodyRows) throw officeError("ItemNotFound", `The table ${t.name} has no row ${i}.`);
            t.sheet.shift(t.top + 2 + i, t.left, t.columns, -1);
            t.bodyRows--;
          });
        },
      }),
    };
  }
}

class WorksheetCollection extends Loadable implements WorksheetCollectionApi {
  private snap: WorksheetProxy[] = [];
  /**
   * "WorksheetCollection.onChanged" (ExcelApi 1.9): the handler is registered at the next sync,
   * and removed at the next sync of the same context after remove() ("EventHandlerResult").
   */
  get onChanged(): { add(handler: (event: unknown) => Promise<unknown>): HandlerApi } {
    return {
      add: (handler) => {
        const ctx = this.ctx;
        ctx.enqueue(() => ctx.book.changeHandlers.push(handler));
        return {
          context: ctx,
          remove: () => {
            ctx.enqueue(() => {
              const at = ctx.book.changeHandlers.indexOf(handler);
              if (at >= 0) ctx.book.changeHandlers.splice(at, 1);
            });
          },
        };
      },
    };
  }
  protected override snapshot(): void {
    this.snap = this.ctx.book.sheets.map((s) => {
      const p = new WorksheetProxy(this.ctx, () => s);
      p.markLoaded("name");
      p.markLoaded("visibility");
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
    let created: MemorySheet | undefined;
    this.ctx.enqueue(() => (created = this.ctx.book.addSheet(name)));
    return new WorksheetProxy(this.ctx, () => {
      if (created === undefined) throw officeError("InvalidOperation", "The sheet is used before the request that adds it.");
      return created;
    });
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
  /** "Worksheet.name": a sheet's new name follows Excel's rules, and no other sheet may have it. */
  set name(v: string) {
    this.ctx.enqueue(() => {
      const sheet = this.resolve();
      sheet.guard();
      this.ctx.book.renameSheet(sheet, v);
    });
  }
  set showGridlines(v: boolean) {
    this.ctx.enqueue(() => (this.resolve().showGridlines = v));
  }
  set visibility(v: string) {
    // "Excel.SheetVisibility": these three, nothing else.
    if (!["Visible", "Hidden", "VeryHidden"].includes(v)) throw officeError("InvalidArgument", `"${v}" is not a sheet visibility.`);
    this.ctx.enqueue(() => (this.resolve().visibility = v));
  }
  get visibility(): string {
    this.need("visibility");
    return this.resolve().visibility;
  }
  get freezePanes(): { freezeRows: (count: number) => void } {
    return {
      freezeRows: (count) => {
        this.ctx.enqueue(() => (this.resolve().frozenRows = count));
      },
    };
  }
  get tables(): TableCollection {
    return new TableCollection(
      this.ctx,
      () => this.ctx.book.tables.filter((t) => t.sheet === this.resolve()),
      () => this.resolve(),
    );
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
    this.ctx.enqueue(() => {
      const s = this.resolve();
      const book = this.ctx.book;
      book.sheets.splice(book.sheets.indexOf(s), 1);
      for (let i = book.tables.length - 1; i >= 0; i--) if (book.tables[i]?.sheet === s) book.tables.splice(i, 1);
    });
  }
  activate(): void {
    this.ctx.enqueue(() => {
      const sheet = this.resolve();
      // Excel refuses to activate a hidden sheet ("Worksheet.activate": the sheet must be visible).
      if (sheet.visibility !== "Visible") throw officeError("InvalidOperation", `The sheet ${sheet.name} is hidden and cannot be activated.`);
      this.ctx.book.activeSheet = sheet.name;
    });
  }
  get pageLayout(): PageLayoutApi {
    return new PageLayoutProxy(this.ctx, () => this.resolve());
  }
  get horizontalPageBreaks(): PageBreakCollectionApi {
    return {
      add: (pageBreakRange: string) => {
        this.ctx.enqueue(() => {
          const sheet = this.resolve();
          sheet.guard();
          const { top } = parseAddress(pageBreakRange);
          if (top === 0) throw officeError("InvalidArgument", "A page break cannot go above the first row.");
          if (!sheet.pageBreaks.includes(top + 1)) sheet.pageBreaks.push(top + 1);
        });
        return {};
      },
    };
  }
  get charts(): ChartCollectionApi {
    return new ChartCollectionProxy(this.ctx, () => this.resolve());
  }
}

/** "Excel.ChartType" values the add-in may use, and "Excel.ChartSeriesBy". */
const CHART_TYPES = new Set(["Line", "LineMarkers", "ColumnClustered", "BarClustered", "Pie", "XYScatter", "Area"]);
const SERIES_BY = new Set(["Auto", "Columns", "Rows"]);

/** "Excel.ChartCollection.add" (ExcelApi 1.1): a chart from a range of the same workbook. */
class ChartCollectionProxy implements ChartCollectionApi {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly sheet: () => MemorySheet,
  ) {}
  add(type: "Line", sourceData: RangeApi, seriesBy: "Columns"): ChartApi {
    if (!CHART_TYPES.has(type)) throw officeError("InvalidArgument", `"${type}" is not a chart type.`);
    if (!SERIES_BY.has(seriesBy)) throw officeError("InvalidArgument", `"${seriesBy}" is not a way to read series.`);
    if (!(sourceData instanceof RangeProxy)) throw officeError("InvalidArgument", "A chart's source data is a range.");
    let made: MemoryChart | undefined;
    this.ctx.enqueue(() => {
      const s = this.sheet();
      s.guard();
      const { rect } = sourceData.area();
      made = { type, source: a1(rect), seriesBy, title: "", legend: "Right", position: null };
      s.charts.push(made);
    });
    const chart = (): MemoryChart => {
      if (made === undefined) throw officeError("GeneralException", "The chart was not made.");
      return made;
    };
    const ctx = this.ctx;
    return {
      title: {
        set text(v: string) {
          ctx.enqueue(() => (chart().title = v));
        },
        get text(): string {
          throw NOT_LOADED("text");
        },
      },
      legend: {
        set position(v: string) {
          // "Excel.ChartLegendPosition"
          if (!["Top", "Bottom", "Left", "Right", "Corner", "Custom", "Invalid"].includes(v))
            throw officeError("InvalidArgument", `"${v}" is not a legend position.`);
          ctx.enqueue(() => (chart().legend = v));
        },
        get position(): string {
          throw NOT_LOADED("position");
        },
      },
      setPosition: (start: string, end: string) => {
        const [from, to] = [parseAddress(start), parseAddress(end)];
        ctx.enqueue(
          () =>
            (chart().position = `${a1({ top: from.top, left: from.left, rows: 1, columns: 1 })}:${a1({ top: to.top, left: to.left, rows: 1, columns: 1 })}`),
        );
      },
    };
  }
}

/** A footer section's most characters in Excel's Page Setup. */
const FOOTER_LIMIT = 255;

/** "Excel.PageLayout" (ExcelApi 1.9), as far as the add-in uses it. */
class PageLayoutProxy implements PageLayoutApi {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly sheet: () => MemorySheet,
  ) {}
  private set(change: (print: MemoryPrint) => void): void {
    this.ctx.enqueue(() => {
      const s = this.sheet();
      s.guard();
      change(s.print);
    });
  }
  get orientation(): string {
    throw NOT_LOADED("orientation");
  }
  set orientation(v: string) {
    this.set((p) => {
      if (v !== "Portrait" && v !== "Landscape") throw officeError("InvalidArgument", `"${v}" is not a page orientation (Portrait or Landscape).`);
      p.orientation = v;
    });
  }
  // "PageLayout.zoom": the options are set as one object; reading them needs a load.
  get zoom(): MemoryPrint["zoom"] {
    throw NOT_LOADED("zoom");
  }
  // The options come as numbers: Microsoft's library (realExcel.ts) drops an option given as null.
  set zoom(v: MemoryPrint["zoom"]) {
    const zoom = { ...v };
    this.set((p) => {
      const fit = [zoom.horizontalFitToPages, zoom.verticalFitToPages].filter((n) => n !== undefined);
      if (fit.some((n) => !Number.isInteger(n) || n < 0)) throw officeError("InvalidArgument", "Pages to fit to are whole numbers, 0 or more.");
      if (zoom.scale !== undefined && (fit.length > 0 || zoom.scale < 10 || zoom.scale > 400)) {
        throw officeError("InvalidArgument", "A print scale is 10 to 400, and only when no fit to pages is given.");
      }
      p.zoom = zoom;
    });
  }
  setPrintTitleRows(rows: string): void {
    this.set((p) => {
      // "The range must span the entire row to be valid."
      if (!/^(.*!)?\$?\d+:\$?\d+$/.test(rows)) throw officeError("InvalidArgument", `Print title rows are whole rows ("$1:$2"), not ${rows}.`);
      p.titleRows = rows.replace(/^.*!/, "");
    });
  }
  setPrintArea(area: string): void {
    this.set((p) => {
      parseAddress(area);
      p.area = area.replace(/^.*!/, "");
    });
  }
  get headersFooters(): PageLayoutApi["headersFooters"] {
    const section = (key: keyof MemoryPrint["footer"]) => (text: string) => {
      this.set((p) => {
        if (text.length > FOOTER_LIMIT) throw officeError("InvalidArgument", `A footer's section holds at most ${FOOTER_LIMIT} characters.`);
        p.footer[key] = text;
      });
    };
    const left = section("left");
    const center = section("center");
    const right = section("right");
    const header = (text: string) => {
      this.set((p) => {
        if (text.length > FOOTER_LIMIT) throw officeError("InvalidArgument", `A header's section holds at most ${FOOTER_LIMIT} characters.`);
        p.header = text;
      });
    };
    const footers = {
      set centerHeader(v: string) {
        header(v);
      },
      get centerHeader(): string {
        throw NOT_LOADED("centerHeader");
      },
      set leftFooter(v: string) {
        left(v);
      },
      set centerFooter(v: string) {
        center(v);
      },
      set rightFooter(v: string) {
        right(v);
      },
      get leftFooter(): string {
        throw NOT_LOADED("leftFooter");
      },
      get centerFooter(): string {
        throw NOT_LOADED("centerFooter");
      },
      get rightFooter(): string {
        throw NOT_LOADED("rightFooter");
      },
    };
    return { defaultForAllPages: footers };
  }
}

/** A rectangle (0-based) from an A1 address, its sheet part ignored; the project's own A1 reading. */
function parseAddress(address: string): Rect {
  const area = parseArea(address.replace(/^.*!/, ""));
  if (area === null) throw officeError("InvalidArgument", `Cannot read the address ${address}.`);
  return { top: area.top - 1, left: area.left - 1, rows: area.bottom - area.top + 1, columns: area.right - area.left + 1 };
}

/** Whether two areas share a cell. */
function meets(a: Rect, b: Rect): boolean {
  return a.top < b.top + b.rows && b.top < a.top + a.rows && a.left < b.left + b.columns && b.left < a.left + a.columns;
}

function a1(rect: Rect): string {
  return areaRef({ top: rect.top + 1, left: rect.left + 1, bottom: rect.top + rect.rows, right: rect.left + rect.columns });
}

type Style = Record<string, unknown>;

/** What Excel does with a typed value: a leading apostrophe means text, a leading = a formula, digits a number. */
function enter(cell: Cell, v: unknown): void {
  // null leaves the cell as it is; "" clears it ("Blank and null values in Excel add-ins").
  if (v === null) return;
  delete cell.formula;
  // A cell formatted as text keeps what it is given as text, an apostrophe included (the
  // stand-in assumes the stricter reading: Excel's quote prefix is for General cells).
  if (cell.numberFormat === "@" && typeof v === "string") {
    cell.value = v === "" ? null : v;
    return;
  }
  if (typeof v === "string" && v.startsWith("'")) cell.value = v.slice(1);
  else if (typeof v === "string" && v.startsWith("=")) {
    cell.formula = v;
    cell.value = null;
  } else if (typeof v === "string" && v !== "" && cell.numberFormat !== "@" && /^[+-]?\d+(\.\d+)?$/.test(v.trim())) cell.value = Number(v);
  else cell.value = v === "" ? null : (v as Value);
}

/** "Excel.RangeAreas" as far as its address: a null object when there are no areas. */
class MergedAreasProxy extends Loadable implements MergedAreasApi {
  private snap: string[] | undefined;
  constructor(
    ctx: MemoryContext,
    private readonly areas: () => string[],
  ) {
    super(ctx);
  }
  protected override snapshot(): void {
    this.snap = this.areas();
  }
  get isNullObject(): boolean {
    if (this.snap === undefined) throw NOT_LOADED("isNullObject");
    return this.snap.length === 0;
  }
  get address(): string {
    this.need("address");
    // A null object's properties cannot be read ("OfficeExtension.ClientObject.isNullObject").
    if (this.snap === undefined || this.snap.length === 0) throw officeError("InvalidObjectPath", "The merged areas are a null object.");
    return this.snap.join(", ");
  }
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
    this.snap = {
      values: sheet.read(rect),
      rowIndex: rect.top,
      columnIndex: rect.left,
      rowCount: rect.rows,
      columnCount: rect.columns,
      address: `${sheet.name}!${a1(rect)}`,
    };
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
  /**
   * "Range.getMergedAreasOrNullObject" (ExcelApi 1.13): the merged areas that meet the range, as
   * one RangeAreas whose address names each with its sheet ("Sheet1!A1:C1, Sheet1!A5:B5"); the
   * null object when none meets it (isNullObject, after a sync, like every *OrNullObject).
   */
  getMergedAreasOrNullObject(): MergedAreasProxy {
    return new MergedAreasProxy(this.ctx, () => {
      const { sheet, rect } = this.resolve();
      return sheet.merged.filter((m) => meets(rect, m)).map((m) => `${quoteSheet(sheet.name)}!${a1(m)}`);
    });
  }
  /** Sets cells from a 2-D array of exactly the range's size (or one value for all), at the next sync. */
  private each(grid: unknown, set: (cell: Cell, v: unknown) => void): void {
    this.ctx.enqueue(() => {
      this.eachNow(grid, set);
    });
  }
  private eachNow(grid: unknown, set: (cell: Cell, v: unknown) => void): void {
    const { sheet, rect } = this.resolve();
    sheet.guard();
    const at = (r: number, c: number) => (Array.isArray(grid) ? (grid as unknown[][])[r]?.[c] : grid);
    if (Array.isArray(grid) && (grid.length !== rect.rows || (grid[0] as unknown[] | undefined)?.length !== rect.columns)) {
      throw officeError(
        "InvalidArgument",
        `The array is ${grid.length}×${(grid[0] as unknown[] | undefined)?.length ?? 0} but the range is ${rect.rows}×${rect.columns}.`,
      );
    }
    for (let r = 0; r < rect.rows; r++) for (let c = 0; c < rect.columns; c++) set(sheet.cell(rect.top + r, rect.left + c), at(r, c));
  }
  set values(grid: unknown[][]) {
    this.each(grid, enter);
    this.ctx.enqueue(() => {
      this.growTables(grid);
    });
  }
  set formulas(grid: unknown[][]) {
    this.each(grid, enter);
    this.ctx.enqueue(() => {
      this.growTables(grid);
    });
  }
  /**
   * Values set in the rows right under a table, across its columns, make the table take them in,
   * as Excel grows a table ("Coauthoring in Excel add-ins: use Range.values to add rows": the
   * table expands by itself). Only rows with data do; a table with a totals row does not grow
   * this way. A calculated column fills the new rows' cells that were given nothing.
   */
  private growTables(grid: unknown): void {
    const { sheet, rect } = this.resolve();
    const rows = Array.isArray(grid) ? (grid as unknown[][]) : [];
    for (const t of this.ctx.book.tables) {
      if (t.sheet !== sheet || t.showTotals || rect.top !== t.top + 1 + t.bodyRows || rect.left !== t.left || rect.columns !== t.columns) continue;
      const taken = rows.findIndex((r) => !r.some((v) => v !== null && v !== ""));
      const count = taken < 0 ? rect.rows : taken;
      for (let i = 0; i < count; i++) {
        for (const [c, formula] of t.calculated) {
          const cell = sheet.cell(t.top + 1 + t.bodyRows + i, t.left + c);
          if (rows[i]?.[c] === null && cell.value === null && cell.formula === undefined) cell.formula = formula;
        }
      }
      t.bodyRows += count;
    }
  }
  set numberFormat(grid: unknown[][]) {
    // null leaves a cell's format as it is; "" resets it to General ("Blank and null values").
    this.each(grid, (cell, v) => {
      if (v === null) return;
      if (typeof v !== "string" && typeof v !== "number") throw officeError("InvalidArgument", `A number format is text, not ${JSON.stringify(v)}.`);
      cell.numberFormat = v === "" ? "General" : String(v);
    });
  }
  clear(_what?: string): void {
    this.each(null, (cell) => {
      cell.value = null;
      delete cell.formula;
    });
  }
  /**
   * One row of this range, from 0 ("Range.getRow"). A row past the range is refused when the
   * request runs, as Microsoft's client library's harness does (realExcel.ts).
   */
  getRow(index: number): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const { sheet, rect } = this.resolve();
      if (!Number.isSafeInteger(index) || index < 0 || index >= rect.rows) throw officeError("InvalidArgument", `The range has no row ${index}.`);
      return { sheet, rect: { top: rect.top + index, left: rect.left, rows: 1, columns: rect.columns } };
    });
  }
  /** The smallest range holding both ("Range.getBoundingRect"); on two sheets, refused when the request runs. */
  getBoundingRect(other: RangeProxy): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const a = this.resolve();
      const b = other.area();
      if (a.sheet !== b.sheet) throw officeError("InvalidArgument", "The two ranges are on different sheets.");
      const top = Math.min(a.rect.top, b.rect.top);
      const left = Math.min(a.rect.left, b.rect.left);
      const bottom = Math.max(a.rect.top + a.rect.rows, b.rect.top + b.rect.rows);
      const right = Math.max(a.rect.left + a.rect.columns, b.rect.left + b.rect.columns);
      return { sheet: a.sheet, rect: { top, left, rows: bottom - top, columns: right - left } };
    });
  }
  /** The cells both ranges hold ("Range.getIntersection", ExcelApi 1.1); ranges that do not meet are an error. */
  getIntersection(other: RangeProxy): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const a = this.resolve();
      const b = other.area();
      const top = Math.max(a.rect.top, b.rect.top);
      const left = Math.max(a.rect.left, b.rect.left);
      const bottom = Math.min(a.rect.top + a.rect.rows, b.rect.top + b.rect.rows);
      const right = Math.min(a.rect.left + a.rect.columns, b.rect.left + b.rect.columns);
      if (a.sheet !== b.sheet || bottom <= top || right <= left) throw officeError("InvalidArgument", "The ranges do not intersect.");
      return { sheet: a.sheet, rect: { top, left, rows: bottom - top, columns: right - left } };
    });
  }
  /** The rows right under this range, in its columns ("Range.getRowsBelow"). */
  getRowsBelow(count: number): RangeProxy {
    return new RangeProxy(this.ctx, () => {
      const { sheet, rect } = this.resolve();
      return { sheet, rect: { top: rect.top + rect.rows, left: rect.left, rows: count, columns: rect.columns } };
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
  // A caller in plain JavaScript (Microsoft's library, realExcel.ts) may pass any shift.
  delete(shift: string): void {
    this.ctx.enqueue(() => {
      const { sheet, rect } = this.resolve();
      sheet.guard();
      if (shift !== "Up" || rect.left !== 0 || rect.columns !== SHEET_COLUMNS)
        throw officeError("InvalidArgument", "The stand-in deletes whole rows, upwards, only.");
      sheet.deleteRows(rect.top, rect.rows);
      for (const t of this.ctx.book.tables) {
        if (t.sheet !== sheet) continue;
        if (t.top >= rect.top + rect.rows) t.top -= rect.rows;
        else if (t.top + t.bodyRows >= rect.top && t.top < rect.top) t.bodyRows -= Math.min(rect.rows, t.top + t.bodyRows - rect.top + 1);
      }
    });
  }
  select(): void {
    this.ctx.enqueue(() => {
      const { sheet, rect } = this.resolve();
      this.ctx.book.selected = { sheet: sheet.name, address: a1(rect) };
      this.ctx.book.activeSheet = sheet.name;
    });
  }
  /** Releases the range object ("Range.untrack"): in memory there is nothing to release. */
  untrack(): this {
    return this;
  }

  /** Merges the range, or each of its rows when `across` ("Range.merge"). */
  merge(across = false): void {
    this.ctx.enqueue(() => {
      const { sheet, rect } = this.resolve();
      sheet.guard();
      const areas = across ? Array.from({ length: rect.rows }, (_, r) => ({ ...rect, top: rect.top + r, rows: 1 })) : [rect];
      const overlaps = (a: Rect, b: Rect) => a.top < b.top + b.rows && b.top < a.top + a.rows && a.left < b.left + b.columns && b.left < a.left + a.columns;
      for (const area of areas) {
        if (area.rows * area.columns < 2) continue;
        if (
          this.ctx.book.tables.some(
            (t) => t.sheet === sheet && overlaps(area, { top: t.top, left: t.left, rows: 1 + t.bodyRows + (t.showTotals ? 1 : 0), columns: t.columns }),
          )
        ) {
          throw officeError("InvalidOperation", "Cells in a table cannot be merged.");
        }
        if (sheet.merged.some((m) => overlaps(area, m))) throw officeError("InvalidOperation", "Cells already merged cannot be merged again.");
        for (let r = 0; r < area.rows; r++) {
          for (let c = 0; c < area.columns; c++) {
            const v = r === 0 && c === 0 ? undefined : sheet.peek(area.top + r, area.left + c);
            if (v !== undefined && (v.value !== null || v.formula !== undefined))
              throw officeError("InvalidOperation", `Merging ${a1(area)} would lose the value of a cell it covers.`);
          }
        }
        sheet.merged.push(area);
      }
    });
  }
  get format(): RangeApi["format"] {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the format's setters act on this range
    const this_ = this;
    const styleAll = (key: string) =>
      new Proxy<Style>(
        {},
        {
          set: (_t, prop, value: unknown) => {
            this.each(null, (cell) => {
              cell.style[`${key}.${String(prop)}`] = value;
            });
            return true;
          },
        },
      );
    const setWidth = (w: number) => {
      this.ctx.enqueue(() => {
        const { sheet, rect } = this.resolve();
        sheet.guard();
        for (let c = 0; c < rect.columns; c++) sheet.columnWidths.set(rect.left + c, w);
      });
    };
    const align = (v: string) => {
      this.each(null, (cell) => {
        if (!["General", "Left", "Center", "Right", "Fill", "Justify", "CenterAcrossSelection", "Distributed"].includes(v))
          throw officeError("InvalidArgument", `"${v}" is not a horizontal alignment.`);
        cell.style["format.horizontalAlignment"] = v;
      });
    };
    const shrink = (v: boolean) => {
      if (typeof v !== "boolean") throw officeError("InvalidArgument", `shrinkToFit must be true or false, not ${String(v)}.`);
      this.each(null, (cell) => (cell.style["format.shrinkToFit"] = v));
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
      set horizontalAlignment(v: string) {
        align(v);
      },
      get horizontalAlignment(): string {
        throw NOT_LOADED("horizontalAlignment");
      },
      // "RangeFormat.shrinkToFit": a boolean, like the font's bold.
      set shrinkToFit(v: boolean) {
        shrink(v);
      },
      get shrinkToFit(): boolean {
        throw NOT_LOADED("shrinkToFit");
      },
      // "RangeFormat.indentLevel": a whole number from 0 to 250 (ExcelApi 1.9).
      set indentLevel(v: number) {
        if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 250)
          throw officeError("InvalidArgument", `indentLevel must be a whole number from 0 to 250, not ${String(v)}.`);
        this_.each(null, (cell) => (cell.style["format.indentLevel"] = v));
      },
      get indentLevel(): number {
        throw NOT_LOADED("indentLevel");
      },
      // "RangeFormat.wrapText": a boolean.
      set wrapText(v: boolean) {
        if (typeof v !== "boolean") throw officeError("InvalidArgument", `wrapText must be true or false, not ${String(v)}.`);
        this_.each(null, (cell) => (cell.style["format.wrapText"] = v));
      },
      get wrapText(): boolean {
        throw NOT_LOADED("wrapText");
      },
      // "RangeFormat.verticalAlignment": Top, Center, Bottom, Justify or Distributed.
      set verticalAlignment(v: string) {
        this_.each(null, (cell) => {
          if (!["Top", "Center", "Bottom", "Justify", "Distributed"].includes(v)) throw officeError("InvalidArgument", `"${v}" is not a vertical alignment.`);
          cell.style["format.verticalAlignment"] = v;
        });
      },
      get verticalAlignment(): string {
        throw NOT_LOADED("verticalAlignment");
      },
      // "RangeFormat.rowHeight": points, 0 to 409.
      set rowHeight(h: number) {
        if (typeof h !== "number" || !(h >= 0 && h <= 409)) throw officeError("InvalidArgument", `rowHeight must be from 0 to 409 points, not ${String(h)}.`);
        this_.ctx.enqueue(() => {
          const { sheet, rect } = this_.resolve();
          sheet.guard();
          for (let r = 0; r < rect.rows; r++) sheet.rowHeights.set(rect.top + r, h);
        });
      },
      get rowHeight(): number {
        throw NOT_LOADED("rowHeight");
      },
    };
  }
}

/** Runs batches against a memory workbook the way Excel.run does, counting syncs across runs. */
export class MemoryExcel implements CellEditGate {
  syncs = 0;
  runs = 0;
  /** when set, the next runs fail as if the user were editing a cell */
  editingFor = 0;
  afterSync?: (count: number) => void;
  constructor(readonly book: MemoryWorkbook = new MemoryWorkbook()) {}
  /** requests that Excel was asked to hold until a cell edit ended (Excel.run's delayForCellEdit) */
  delayed = 0;
  /**
   * Whether a held request waits until the test ends the edit (endEdit, the gamemaster pressing
   * Enter) rather than going on at once.
   */
  editLasts = false;
  private held: (() => void)[] = [];

  holdUntilEditEnds(): Promise<void> {
    this.delayed++;
    if (this.editLasts) return new Promise((resolve) => this.held.push(resolve));
    this.editingFor = 0;
    return Promise.resolve();
  }

  /** The cell edit ends: the requests Excel held go on. */
  endEdit(): void {
    this.editingFor = 0;
    for (const resume of this.held.splice(0)) resume();
  }

  /** A batch in the context of an earlier one, as Excel.run(context, batch) runs it (removing an event handler). */
  runIn = async <T>(ctx: MemoryContext, batch: (context: ContextApi) => Promise<T>): Promise<T> => {
    this.runs++;
    const before = ctx.syncs;
    try {
      return await batch(ctx);
    } finally {
      this.syncs += ctx.syncs - before;
    }
  };

  run = async <T>(batch: (context: ContextApi) => Promise<T>, options: RunOptions = {}): Promise<T> => {
    this.runs++;
    // With delayForCellEdit, Excel holds each request until the edit ends ("Excel.RunOptions");
    // otherwise it refuses them (see MemoryContext.sync).
    const ctx = new MemoryContext(this.book, this, options.delayForCellEdit === true);
    try {
      return await batch(ctx);
    } finally {
      this.syncs += ctx.syncs;
    }
  };
}

/** Runs an action and counts the round trips it cost. */
export async function counted<T>(excel: MemoryExcel, action: () => Promise<T>): Promise<{ result: T; syncs: number }> {
  const before = excel.syncs;
  const result = await action();
  return { result, syncs: excel.syncs - before };
}
