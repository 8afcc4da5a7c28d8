/**
 * Reading the campaign inside Excel (Office.js): the same raw tables the .xlsx adapter hands
 * over, in two round trips whatever the campaign's size: one to list the tables and sheets, one
 * to read every input table.
 */
import { isExcelError } from "../../engine/excelErrors";
import type { ContextApi, RangeApi } from "./api";
import { rowsUnderTable, type Problem } from "../model/problems";
import type { RawCell, RawTable, RawWorkbook } from "../model/raw";
import { ALL_TABLES, DEATH_SHEET, GENERATED_SHEET, LEDGER, SEAL_SHEET } from "../model/schema";

/** The input tables and the Ledger, by the names they are looked up under. */
const WANTED = ALL_TABLES.map((t) => t.name);

function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined || value === "") return value === "" ? "" : null;
  if (typeof value === "string") return isExcelError(value) ? { error: value } : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  // Excel gives nothing else for a cell's value; anything it might is kept as its JSON text.
  return JSON.stringify(value);
}

/** How many rows under each table are looked at for rows typed outside it. */
const ROWS_UNDER = 50;

interface Pending {
  name: string;
  range: RangeApi;
  /** the rows right under a table */
  below?: RangeApi;
  sheet: { name: string };
  isTable: boolean;
  totals: boolean;
}

/**
 * The workbook setting that marks a century end as under way: set in its first write request,
 * removed in the one that writes the Ledger. Found on reading, it means a century end stopped
 * part-way (Excel closed, the connection dropped) and nobody was paid for that century.
 */
export const CENTURY_END_MARK = "gods.centuryEndInProgress";

/** Reads every input table in two round trips. */
export async function readWorkbook(context: ContextApi): Promise<RawWorkbook> {
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
      const below = table.getRange().getRowsBelow(ROWS_UNDER).load("values");
      const sheet = table.worksheet.load("name");
      pending.push({ name: tableName, range, below, sheet, isTable: true, totals: withTotals.has(tableName) });
    } else if (sheetName !== undefined && !GENERATED_SHEET.test(sheetName)) {
      const range = wb.worksheets.getItem(sheetName).getUsedRange(true).load("values,rowIndex,columnIndex");
      pending.push({ name: sheetName, range, sheet: { name: sheetName }, isTable: false, totals: false });
    }
  }
  // The sheets the add-in generates, read back in the same request: each one's title (A1), and
  // whole, the Death Worksheets (what each paid century counted) and the Ledger's seal.
  const named = [...sheetNames.values()].filter((name) => GENERATED_SHEET.test(name));
  const generated = named
    .filter((name) => DEATH_SHEET.test(name) || name === SEAL_SHEET)
    .map((name) => ({ name, range: wb.worksheets.getItem(name).getUsedRange(true).load("values,rowIndex,columnIndex") }));
  const titles = named.map((name) => ({ name, range: wb.worksheets.getItem(name).getRange("A1").load("values") }));
  const mark = wb.settings.getItemOrNullObject(CENTURY_END_MARK).load("value");
  await context.sync();

  const tables = new Map<string, RawTable>();
  const problems: Problem[] = [];
  for (const p of pending) {
    const under = p.below === undefined ? undefined : rowsTypedUnder(p, spec(p.name));
    if (under !== undefined) problems.push(under);
    const values = p.totals ? p.range.values.slice(0, -1) : p.range.values;
    // A plain sheet's headers are in its first row, wherever the used range starts.
    const top = p.isTable ? p.range.rowIndex + 1 : 1;
    const skip = p.isTable ? 0 : p.range.rowIndex; // rows above the used range are empty
    const left = p.range.columnIndex + 1;
    const rows = values.map((r) => r.map(rawCell));
    const all = p.isTable || skip === 0 ? rows : [...Array.from({ length: skip }, () => [] as RawCell[]), ...rows];
    const [headers = [], ...body] = all;
    tables.set(p.name.toLowerCase(), { name: p.name, sheet: p.sheet.name, headerRow: top, firstColumn: left, headers, rows: body, isTable: p.isTable });
  }
  const interrupted = mark.isNullObject ? NaN : Number(mark.value);
  // As rows from A1, as the file adapter gives them.
  const generatedCells = new Map(
    generated.map((g) => [
      g.name,
      [
        ...Array.from({ length: g.range.rowIndex }, () => [] as RawCell[]),
        ...g.range.values.map((r) => [...Array.from({ length: g.range.columnIndex }, () => null), ...r.map(rawCell)]),
      ],
    ]),
  );
  return {
    tables,
    sheetNames: [...sheetNames.values()],
    ...(generatedCells.size > 0 ? { generatedCells } : {}),
    ...(titles.length > 0 ? { sheetTitles: new Map(titles.map((t) => [t.name, rawCell(t.range.values[0]?.[0])])) } : {}),
    ...(Number.isSafeInteger(interrupted) ? { interruptedCentury: interrupted } : {}),
    ...(problems.length > 0 ? { problems } : {}),
  };
}

function spec(name: string): string {
  return ALL_TABLES.find((t) => t.name.toLowerCase() === name.toLowerCase())?.name ?? name;
}

/** Rows typed right under a table, up to the first blank row: the problem naming them, if there are any. */
function rowsTypedUnder(p: Pending, table: string): Problem | undefined {
  const rows = p.below?.values ?? [];
  let count = 0;
  while (count < rows.length && (rows[count] ?? []).some((v) => v !== null && v !== "")) count++;
  if (count === 0) return undefined;
  const first = p.range.rowIndex + p.range.values.length + 1;
  const left = p.range.columnIndex + 1;
  const width = p.range.values[0]?.length ?? 1;
  return rowsUnderTable(table, p.sheet.name, first, first + count - 1, left, left + width - 1, count === rows.length);
}

/**
 * Queues a fresh read of the Ledger (or of its absence); after the next sync, `changed()` says
 * whether it still holds what `raw` read. A century end checks this just before it pays.
 */
export function ledgerCheck(context: ContextApi, raw: RawWorkbook): { changed(): boolean } {
  const before = raw.tables.get(LEDGER.name.toLowerCase());
  const wb = context.workbook;
  if (before === undefined) {
    wb.tables.load("items/name");
    wb.worksheets.load("items/name");
    const isLedger = (name: string) => name.toLowerCase() === LEDGER.name.toLowerCase();
    return { changed: () => wb.tables.items.some((t) => isLedger(t.name)) || wb.worksheets.items.some((w) => isLedger(w.name)) };
  }
  const range = before.isTable
    ? wb.tables.getItem(before.name).getRange().load("values")
    : wb.worksheets
        .getItem(before.sheet)
        .getRangeByIndexes(before.headerRow - 1, before.firstColumn - 1, before.rows.length + 2, Math.max(1, before.headers.length))
        .load("values");
  const expected = [before.headers, ...before.rows];
  return {
    changed: () => {
      const now = range.values.map((r) => r.map(rawCell));
      // A plain sheet is read one row further, so that a row added under it is seen too.
      const rows = before.isTable ? now : now.slice(0, -1);
      const extra = before.isTable ? [] : (now[now.length - 1] ?? []);
      return (
        rows.length !== expected.length ||
        rows.some((r, i) => r.some((v, c) => !sameCell(v, expected[i]?.[c] ?? null))) ||
        extra.some((v) => v !== null && v !== "")
      );
    },
  };
}

function sameCell(a: RawCell, b: RawCell): boolean {
  const blank = (v: RawCell) => v === null || v === "";
  if (blank(a) && blank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
