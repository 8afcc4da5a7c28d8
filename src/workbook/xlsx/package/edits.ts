/**
 * The pane tools' table edits (plan/edits.ts) carried out on a workbook's package, for the `gods`
 * commands that change input tables (the referee's war, disaster and growth): the cells change in
 * place in the sheet part that holds the table, an Excel table's range grows over the rows
 * appended to it, and every other part leaves byte for byte as it came in. Text goes in as inline
 * strings, so the shared strings never change; a cell keeps its look (a new row takes the look of
 * the row above it, as Excel does when a table grows).
 *
 * The parts that may change, and why:
 * - the worksheet part of each table edited (only the cells written, and its used range);
 * - the table part of an Excel table that gains rows (its range, autofilter and sort);
 * - xl/workbook.xml, only when some sheet holds formulas: it then asks for a recalculation on
 *   open, since formulas may depend on the cells changed.
 *
 * A column added at a table's right is written the same way (its header, its cells, the table
 * part's columns); a new table goes on a new sheet with its own table part (package/write.ts),
 * which changes the workbook's sheet list, relationships, content types and cell styles too.
 *
 * What cannot be done that way is refused in one sentence, before anything is written: deleted
 * rows (Excel's work), a formula to write over, a totals row or calculated column to carry along,
 * cells or another table in the way of new rows or a new column.
 */
import { areaRef, cellAddress, columnLetter, parseArea, type Area } from "../../model/address";
import type { RawTable, RawWorkbook } from "../../model/raw";
import { blankRowsToFill, createdRows, editSteps, rowCells, tableOf, type TableEdit } from "../../plan/edits";
import type { PlanValue } from "../../plan/layout";
import { cellsOf, holdsSomething, prefixed, rowXml, type Cell } from "./cells";
import { resizeTable, tableArea } from "./ledger";
import { explained, PackageSession, recalculationOnOpen } from "./session";
import { writeNewTables } from "./write";
import { cellXml } from "./sheet";
import { isNamed, tablesOn } from "./tables";
import { applyEdits, attr, child, childElements, rootElement, setAttr, XmlProblem, type Edit, type Span } from "./xml";
import { copyParts, FileProblem, type Package } from "./zip";

/** What to write in one cell: a value (undefined leaves the value as it is) and the look for a new cell. */
interface CellWrite {
  readonly value: PlanValue | undefined;
  readonly style: number | undefined;
}

/** Everything to change in one worksheet part. */
interface SheetWork {
  readonly sheet: string;
  /** by sheet row, then sheet column */
  readonly writes: Map<number, Map<number, CellWrite>>;
  /** rows a table grows into: their cells in its columns must be empty */
  readonly fresh: { row: number; left: number; right: number }[];
}

const FORMULA = /<(\w+:)?f[\s>/]/;

/** A worksheet part's rows, by number, and their cells. */
class SheetText {
  readonly root: Span;
  readonly sheetData: Span;
  readonly rows: { span: Span; row: number }[] = [];
  readonly byRow = new Map<number, Span>();
  readonly implied: boolean;

  constructor(
    readonly text: string,
    readonly sheet: string,
  ) {
    this.root = rootElement(text);
    const data = child(text, this.root, "sheetData");
    if (data === undefined) throw new XmlProblem(`the sheet ${sheet} has no cell data`);
    this.sheetData = data;
    let previous = 0;
    let implied = false;
    for (const span of childElements(text, data)) {
      if (span.local !== "row") continue;
      const r = Number(attr(span.tag, "r"));
      if (!(Number.isInteger(r) && r > 0)) implied = true;
      previous = Number.isInteger(r) && r > 0 ? r : previous + 1;
      this.rows.push({ span, row: previous });
      this.byRow.set(previous, span);
    }
    this.implied = implied;
  }

  cells(row: number): Cell[] {
    const span = this.byRow.get(row);
    return span === undefined ? [] : cellsOf(this.text, span);
  }

  styleAt(row: number, column: number): number | undefined {
    const cell = this.cells(row).find((c) => c.column === column);
    const s = cell === undefined ? NaN : Number(attr(cell.span.tag, "s"));
    return Number.isInteger(s) && s > 0 ? s : undefined;
  }

  /** The merged ranges of the sheet. */
  merges(): Area[] {
    const list = child(this.text, this.root, "mergeCells");
    if (list === undefined) return [];
    return childElements(this.text, list).flatMap((m) => parseArea(attr(m.tag, "ref") ?? "") ?? []);
  }
}

const overlaps = (a: Area, b: Area): boolean => a.top <= b.bottom && a.bottom >= b.top && a.left <= b.right && a.right >= b.left;

/**
 * Writes table edits into a workbook's package and returns the new set of parts, in the
 * package's order; parts not changed are the very same Uint8Arrays that came in.
 */
export function writeTableEdits(pkg: Package, raw: RawWorkbook, edits: readonly TableEdit[]): Map<string, Uint8Array> {
  // A new table goes on a new sheet of its own, once the tables that were there are written.
  const creates = edits.filter((e): e is Extract<TableEdit, { kind: "create" }> => e.kind === "create");
  const rest = edits.filter((e) => e.kind !== "create");
  const parts = rest.length === 0 ? copyParts(pkg.parts) : explained(() => new TableEditWriter(new PackageSession(pkg.parts)).write(raw, rest));
  return creates.length === 0
    ? parts
    : writeNewTables(
        parts,
        creates.map((c) => ({ layout: c.layout, rows: createdRows(c) })),
      );
}

class TableEditWriter {
  /** every worksheet part, by its sheet's name in lower case */
  private readonly sheetParts: ReadonlyMap<string, string>;

  constructor(private readonly session: PackageSession) {
    this.sheetParts = session.worksheets();
  }

  write(raw: RawWorkbook, edits: readonly TableEdit[]): Map<string, Uint8Array> {
    const work = new Map<string, SheetWork>();
    const sheets = new Map<string, SheetText>();
    const sheetOf = (part: string, name: string): SheetText => {
      let s = sheets.get(part);
      if (s === undefined) {
        s = new SheetText(this.session.read(part) as string, name);
        sheets.set(part, s);
      }
      return s;
    };
    for (const { edit, before } of editSteps(raw, edits).steps) {
      if (edit.kind === "create" || edit.kind === "delete") {
        const what = edit.kind === "create" ? `a new ${edit.layout.name} table here` : `deleting rows of the ${edit.table} table`;
        throw new FileProblem(`The command line cannot make ${what} in a file without rewriting it; do that in Excel, then run again.`);
      }
      if (before === undefined) throw new Error(`there is no ${tableOf(edit)} table`);
      const part = this.session.worksheet(before.sheet);
      const sheet = sheetOf(part, before.sheet);
      const job = work.get(part) ?? { sheet: before.sheet, writes: new Map<number, Map<number, CellWrite>>(), fresh: [] };
      work.set(part, job);
      const put = (row: number, column: number, w: CellWrite) => {
        const line = job.writes.get(row) ?? new Map<number, CellWrite>();
        line.set(column, w);
        job.writes.set(row, line);
      };
      const rowOf = (index: number) => before.headerRow + 1 + index;
      const left = before.firstColumn;
      const right = before.firstColumn + before.headers.length - 1;
      if (edit.kind === "addColumn") {
        // A column at the table's right: its header takes the look of the header beside it, its cells none.
        const column = right + 1;
        const bottom = rowOf(before.rows.length - 1);
        put(before.headerRow, column, { value: edit.header, style: sheet.styleAt(before.headerRow, right) });
        before.rows.forEach((_, i) => {
          const v = edit.values[i] ?? null;
          if (v !== null) put(rowOf(i), column, { value: v, style: undefined });
        });
        for (let row = before.headerRow; row <= bottom; row++) job.fresh.push({ row, left: column, right: column });
        const added: Area = { top: before.headerRow, left: column, bottom, right: column };
        const merged = sheet.merges().find((m) => overlaps(m, added));
        if (merged !== undefined)
          throw new FileProblem(
            `The ${before.name} table gains a ${edit.header} column over merged cells (${before.sheet}!${areaRef(merged)}); unmerge them or move them away, then run again.`,
          );
        if (before.isTable) this.widenTable(part, before, edit.header, added);
        continue;
      }
      if (edit.kind === "update") {
        rowCells(before.headers, edit.values).forEach((v, c) => {
          if (v !== undefined) put(rowOf(edit.index), left + c, { value: v, style: undefined });
        });
        continue;
      }
      // Appended rows go into an empty table's blank rows first, then under its last row.
      const rows = edit.rows.map((r) => rowCells(before.headers, r));
      const fill = Math.min(blankRowsToFill(before), rows.length);
      const extra = rows.length - fill;
      const last = rowOf(before.rows.length - 1);
      rows.forEach((cells, i) => {
        const row = i < fill ? rowOf(i) : last + 1 + (i - fill);
        cells.forEach((v, c) => {
          // A new row takes the look of the row above it; a blank row filled keeps its own.
          const style = i < fill || before.rows.length === 0 ? undefined : sheet.styleAt(last, left + c);
          if (v !== undefined || style !== undefined) put(row, left + c, { value: v, style });
        });
      });
      if (extra === 0) continue;
      const grown: Area = { top: last + 1, left, bottom: last + extra, right };
      for (let row = grown.top; row <= grown.bottom; row++) job.fresh.push({ row, left, right });
      const merged = sheet.merges().find((m) => overlaps(m, grown));
      if (merged !== undefined)
        throw new FileProblem(
          `The ${before.name} table grows into merged cells (${before.sheet}!${areaRef(merged)}) under it; unmerge them or move them away, then run again.`,
        );
      if (before.isTable) this.growTable(part, before, extra, grown);
    }

    for (const [part, job] of work) this.session.setText(part, writeCells(sheetOf(part, job.sheet), job));
    if (this.anyFormulas()) this.recalculateOnOpen();
    return this.session.result();
  }

  /** A table's part on its sheet with its range, and the other tables' ranges there; refused when it cannot be read. */
  private tablePart(
    sheetPart: string,
    table: RawTable,
  ): { found: { part: string; text: string }; shape: NonNullable<ReturnType<typeof tableArea>>; others: { name: string; area: Area }[] } {
    let found: { part: string; text: string } | undefined;
    const others: { name: string; area: Area }[] = [];
    for (const t of tablesOn(this.session, sheetPart)) {
      if (found === undefined && isNamed(t, table.name)) found = t;
      else {
        const area = tableArea(t.text)?.area;
        if (area !== undefined) others.push({ name: attr(t.root.tag, "displayName") ?? attr(t.root.tag, "name") ?? "", area });
      }
    }
    if (found === undefined) throw new FileProblem(`The ${table.name} table has no table part on its sheet: open the workbook in Excel and save it again.`);
    const shape = tableArea(found.text);
    if (shape === undefined) throw new FileProblem(`The ${table.name} table's range cannot be read: open the workbook in Excel and save it again.`);
    return { found, shape, others };
  }

  /** An Excel table's range (autofilter and sort too) stretched over its new rows. */
  private growTable(sheetPart: string, table: RawTable, extra: number, grown: Area): void {
    const { found, shape, others } = this.tablePart(sheetPart, table);
    if (shape.totalsRows > 0) {
      throw new FileProblem(
        `The ${table.name} table has a totals row, which the command line cannot move down under new rows. Turn it off in Excel (Table Design › Total Row), run again, then turn it back on.`,
      );
    }
    if (/calculatedColumnFormula/.test(found.text)) {
      throw new FileProblem(
        `The ${table.name} table has a calculated column, whose formula the command line cannot carry into new rows. Add the rows in Excel, or make that column plain values, then run again.`,
      );
    }
    const other = others.find((o) => overlaps(o.area, grown));
    if (other !== undefined)
      throw new FileProblem(`The ${table.name} table would grow into the ${other.name} table under it; move that table away, then run again.`);
    const area = { ...shape.area, bottom: shape.area.bottom + extra };
    this.session.setText(found.part, resizeTable(found.text, area, 0));
  }

  /** An Excel table's range (autofilter and sort too) stretched over a new column at its right. */
  private widenTable(sheetPart: string, table: RawTable, header: string, added: Area): void {
    const { found, shape, others } = this.tablePart(sheetPart, table);
    if (shape.totalsRows > 0)
      throw new FileProblem(
        `The ${table.name} table has a totals row, which the command line cannot widen. Turn it off in Excel (Table Design › Total Row), run again, then turn it back on.`,
      );
    const other = others.find((o) => overlaps(o.area, added));
    if (other !== undefined)
      throw new FileProblem(`The ${table.name} table would widen into the ${other.name} table beside it; move that table away, then run again.`);
    this.session.setText(found.part, resizeTable(found.text, { ...shape.area, right: shape.area.right + 1 }, 0, [header]));
  }

  /** Whether a worksheet holds a formula, which may depend on a cell written. */
  private anyFormulas(): boolean {
    for (const part of this.sheetParts.values()) if (FORMULA.test(this.session.read(part) ?? "")) return true;
    return false;
  }

  /** The workbook part asking for a full recalculation when the workbook opens, unless it already does. */
  private recalculateOnOpen(): void {
    const { part, text, root } = this.session.workbook;
    const calc = child(text, root, "calcPr");
    const value = calc === undefined ? undefined : attr(calc.tag, "fullCalcOnLoad");
    if (value !== "1" && value !== "true") this.session.setText(part, applyEdits(text, [recalculationOnOpen(text, root)]));
  }
}

/** The sheet part with its cells written: rows rebuilt only where a cell changes. */
function writeCells(sheet: SheetText, job: SheetWork): string {
  const { text, sheetData } = sheet;
  const prefix = sheetData.name.includes(":") ? sheetData.name.slice(0, sheetData.name.indexOf(":")) : "";
  for (const f of job.fresh) {
    const taken = sheet.cells(f.row).find((c) => c.column >= f.left && c.column <= f.right && holdsSomething(c));
    if (taken !== undefined) {
      throw new FileProblem(
        `Cell ${cellAddress(job.sheet, f.row, taken.column)} holds something, right where a table of the workbook must grow; move it elsewhere, then run again.`,
      );
    }
  }

  const rebuild = (row: number, span: Span | undefined): string => {
    const writes = job.writes.get(row) as Map<number, CellWrite>;
    const cells: { column: number; xml: string }[] = [];
    const seen = new Set<number>();
    for (const c of sheet.cells(row)) {
      const w = writes.get(c.column);
      const ref = `${columnLetter(c.column)}${row}`;
      if (w === undefined || w.value === undefined) {
        cells.push({ column: c.column, xml: attr(c.span.tag, "r") === undefined ? setAttr(c.span.tag, "r", ref) + c.xml.slice(c.span.tag.length) : c.xml });
        if (w !== undefined) seen.add(c.column);
        continue;
      }
      seen.add(c.column);
      if (FORMULA.test(c.xml)) {
        throw new FileProblem(
          `Cell ${cellAddress(job.sheet, row, c.column)} holds a formula; the command line writes values only and will not write over it. Put a plain value there, then run again.`,
        );
      }
      const s = Number(attr(c.span.tag, "s"));
      const xml = cellXml(ref, w.value, Number.isInteger(s) && s > 0 ? s : w.style);
      if (xml !== "") cells.push({ column: c.column, xml: prefixed(xml, prefix) });
    }
    for (const [column, w] of writes) {
      if (seen.has(column)) continue;
      const xml = cellXml(`${columnLetter(column)}${row}`, w.value ?? null, w.style);
      if (xml !== "") cells.push({ column, xml: prefixed(xml, prefix) });
    }
    cells.sort((a, b) => a.column - b.column);
    const inner = cells.map((c) => c.xml).join("");
    return rowXml(text, span, row, inner, prefix);
  };

  const missing = [...job.writes.keys()].filter((r) => !sheet.byRow.has(r)).sort((a, b) => a - b);
  const pieces: string[] = [];
  let at = sheetData.openEnd;
  for (const { span, row } of sheet.rows) {
    pieces.push(text.slice(at, span.start));
    while (missing.length > 0 && (missing[0] as number) < row) pieces.push(rebuild(missing.shift() as number, undefined));
    if (job.writes.has(row)) pieces.push(rebuild(row, span));
    // Rows whose number was only implied by their place get it written, as new rows may come between.
    else if (sheet.implied && attr(span.tag, "r") === undefined) pieces.push(setAttr(span.tag, "r", String(row)) + text.slice(span.openEnd, span.end));
    else pieces.push(text.slice(span.start, span.end));
    at = span.end;
  }
  for (const r of missing) pieces.push(rebuild(r, undefined));
  const inner = pieces.join("") + (sheetData.selfClosing ? "" : text.slice(at, sheetData.closeStart));
  const edits: Edit[] = [{ start: sheetData.start, end: sheetData.end, text: `${sheetData.tag.replace(/\s*\/>$/, ">")}${inner}</${sheetData.name}>` }];

  // The used range grows over the cells written; it never shrinks.
  const dimension = child(text, sheet.root, "dimension");
  const old = dimension === undefined ? null : parseArea(attr(dimension.tag, "ref") ?? "");
  if (dimension !== undefined && old !== null) {
    let area = old;
    for (const [row, line] of job.writes) {
      for (const column of line.keys())
        area = { top: Math.min(area.top, row), left: Math.min(area.left, column), bottom: Math.max(area.bottom, row), right: Math.max(area.right, column) };
    }
    if (areaRef(area) !== areaRef(old)) edits.push({ start: dimension.start, end: dimension.end, text: setAttr(dimension.tag, "ref", areaRef(area)) });
  }
  return applyEdits(text, edits);
}
