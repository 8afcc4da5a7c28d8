/**
 * The Office.js adapter: the same reading and the same plan as the .xlsx adapter, inside Excel.
 * A century end costs three round trips whatever the campaign's size: one to list the tables
 * and sheets, one to read every input table, one to write everything.
 */
import { GENERATED_SHEET, ledgerWidth, STYLES, type CellStyle, type PlanCell, type PlanValue, type SheetPlan, type WorkbookPlan } from "../plan";
import { columnLetter, type RawCell, type RawTable, type RawWorkbook } from "../raw";
import { INPUT_TABLES, LEDGER } from "../schema";

/** The input tables and the Ledger, by the names they are looked up under. */
const WANTED = [...INPUT_TABLES, LEDGER].map((t) => t.name);

const EXCEL_ERROR = /^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!|SPILL!|CALC!|GETTING_DATA|FIELD!|BUSY!|BLOCKED!|CONNECT!|UNKNOWN!)$/;

function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined || value === "") return value === "" ? "" : null;
  if (typeof value === "string") return EXCEL_ERROR.test(value) ? { error: value } : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

interface Pending {
  name: string;
  range: Excel.Range;
  sheet: { name: string };
  isTable: boolean;
  totals: boolean;
}

/** Reads every input table in two round trips. */
export async function readWorkbook(context: Excel.RequestContext): Promise<RawWorkbook> {
  const wb = context.workbook;
  wb.tables.load("items/name,items/showTotals");
  wb.worksheets.load("items/name");
  await context.sync();

  const tableNames = new Map(wb.tables.items.map((t) => [t.name.toLowerCase(), t.name]));
  // A table's totals row is not data.
  const withTotals = new Set(wb.tables.items.filter((t) => t.showTotals).map((t) => t.name));
  const sheetNames = new Map(wb.worksheets.items.map((w) => [w.name.toLowerCase(), w.name]));
  const pending: Pending[] = [];
  for (const wanted of WANTED) {
    const k = wanted.toLowerCase();
    const tableName = tableNames.get(k);
    const sheetName = sheetNames.get(k);
    if (tableName !== undefined) {
      const table = wb.tables.getItem(tableName);
      const range = table.getRange().load("values,rowIndex,columnIndex");
      const sheet = table.worksheet.load("name");
      pending.push({ name: tableName, range, sheet, isTable: true, totals: withTotals.has(tableName) });
    } else if (sheetName !== undefined && !GENERATED_SHEET.test(sheetName)) {
      const range = wb.worksheets.getItem(sheetName).getUsedRange(true).load("values,rowIndex,columnIndex");
      pending.push({ name: sheetName, range, sheet: { name: sheetName }, isTable: false, totals: false });
    }
  }
  await context.sync();

  const tables = new Map<string, RawTable>();
  for (const p of pending) {
    const values = p.totals ? (p.range.values as unknown[][]).slice(0, -1) : (p.range.values as unknown[][]);
    // A plain sheet's headers are in its first row, wherever the used range starts.
    const top = p.isTable ? p.range.rowIndex + 1 : 1;
    const skip = p.isTable ? 0 : p.range.rowIndex; // rows above the used range are empty
    const left = p.range.columnIndex + 1;
    const rows = values.map((r) => r.map(rawCell));
    const all = p.isTable || skip === 0 ? rows : [...Array.from({ length: skip }, () => [] as RawCell[]), ...rows];
    const [headers = [], ...body] = all;
    tables.set(p.name.toLowerCase(), { name: p.name, sheet: p.sheet.name, headerRow: top, firstColumn: left, headers, rows: body, isTable: p.isTable });
  }
  return { tables, sheetNames: [...sheetNames.values()] };
}

/** Text from the workbook is always written as text: the apostrophe keeps "=1+1" from becoming a formula. */
function asInput(cell: PlanCell | null): string | number | boolean {
  if (cell === null || cell.value === null) return cell?.formula !== undefined ? `=${cell.formula}` : "";
  if (cell.formula !== undefined) return `=${cell.formula}`;
  return typeof cell.value === "string" ? `'${cell.value}` : cell.value;
}

/** A value as Office.js takes it, text marked as text. */
export function textValue(v: PlanValue): string | number | boolean {
  return v === null ? "" : typeof v === "string" ? `'${v}` : v;
}

/** Excel column widths are in points; plans give them in characters. */
export const POINTS_PER_CHARACTER = 7;

function applyStyle(range: Excel.Range, style: CellStyle): void {
  const s = STYLES[style];
  if (s.bold) range.format.font.bold = true;
  if (s.italic) range.format.font.italic = true;
  if (s.size) range.format.font.size = s.size;
  if (s.color) range.format.font.color = `#${s.color}`;
  if (s.fill) range.format.fill.color = `#${s.fill}`;
  if (s.border === "box") {
    for (const edge of ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight", "InsideVertical", "InsideHorizontal"] as const) {
      const b = range.format.borders.getItem(edge);
      b.style = "Continuous";
      b.color = "#8A8886";
    }
  }
}

function queueSheet(wb: Excel.Workbook, plan: SheetPlan, exists: boolean): void {
  if (exists) wb.worksheets.getItem(plan.name).delete();
  const ws = wb.worksheets.add(plan.name);
  const width = Math.max(plan.columnWidths.length, ...plan.rows.map((r) => r.length), 1);
  const height = Math.max(plan.rows.length, 1);
  const grid = Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => plan.rows[r]?.[c] ?? null));
  const all = ws.getRangeByIndexes(0, 0, height, width);
  // Number formats first, then contents, for the whole sheet at once.
  all.numberFormat = grid.map((row) =>
    row.map((c) => {
      const f = c?.style === undefined ? undefined : STYLES[c.style].numberFormat;
      return f === undefined || f === "@" ? "General" : f;
    }),
  );
  all.formulas = grid.map((row) => row.map(asInput));
  // Styles by runs of equal cells along each row, to keep the batch small.
  grid.forEach((row, r) => {
    let start = 0;
    for (let c = 1; c <= row.length; c++) {
      const prev = row[c - 1]?.style;
      if (c < row.length && row[c]?.style === prev) continue;
      if (prev !== undefined) applyStyle(ws.getRangeByIndexes(r, start, 1, c - start), prev);
      start = c;
    }
  });
  plan.columnWidths.forEach((w, i) => (ws.getRangeByIndexes(0, i, 1, 1).format.columnWidth = w * POINTS_PER_CHARACTER));
  ws.showGridlines = false;
}

function queueLedger(wb: Excel.Workbook, raw: RawWorkbook, plan: WorkbookPlan): void {
  const existing = raw.tables.get(LEDGER.name.toLowerCase());
  const width = ledgerWidth(existing?.headers, plan.ledger);
  const headers = plan.ledger.headers.slice(0, width);
  const body = plan.ledger.rows.map((r) => r.slice(0, width).map(textValue));
  const formats = body.map(() => plan.ledger.numberFormats.slice(0, width).map((f) => (f === "@" ? "General" : f)));
  if (existing?.isTable) {
    const table = wb.tables.getItem(existing.name);
    const old = existing.rows.length;
    if (body.length > old) table.rows.add(undefined, body.slice(old));
    for (let i = old - 1; i >= body.length; i--) table.rows.getItemAt(i).delete();
    const bodyRange = wb.worksheets
      .getItem(existing.sheet)
      .getRangeByIndexes(existing.headerRow, existing.firstColumn - 1, body.length, headers.length);
    bodyRange.numberFormat = formats;
    bodyRange.values = body;
    return;
  }
  const ws = existing ? wb.worksheets.getItem(existing.sheet) : wb.worksheets.add(LEDGER.name);
  const top = (existing?.headerRow ?? 1) - 1;
  const left = (existing?.firstColumn ?? 1) - 1;
  const old = existing?.rows.length ?? 0;
  if (old > body.length) ws.getRangeByIndexes(top + 1 + body.length, left, old - body.length, headers.length).clear("Contents");
  const range = ws.getRangeByIndexes(top, left, body.length + 1, headers.length);
  range.numberFormat = [headers.map(() => "General"), ...formats];
  range.values = [headers.map((h) => h), ...body];
  ws.getRangeByIndexes(top, left, 1, headers.length).format.font.bold = true;
  if (!existing) {
    const table = ws.tables.add(`A1:${columnLetter(headers.length)}${body.length + 1}`, true);
    table.name = LEDGER.name;
  }
}

export interface QueuePlanOptions {
  /** false writes the worksheets only and leaves the Ledger as it is (nobody is paid) */
  readonly ledger?: boolean;
}

/** Queues every write of a plan; the caller syncs once. */
export function queuePlan(context: Excel.RequestContext, raw: RawWorkbook, plan: WorkbookPlan, options: QueuePlanOptions = {}): void {
  const wb = context.workbook;
  const present = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  for (const sheet of plan.sheets) queueSheet(wb, sheet, present.has(sheet.name.toLowerCase()));
  if (options.ledger !== false) queueLedger(wb, raw, plan);
  wb.worksheets.getItem(plan.sheets[plan.sheets.length - 1]?.name ?? LEDGER.name).activate();
}
