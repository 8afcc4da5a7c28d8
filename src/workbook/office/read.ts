/**
 * Reading the campaign inside Excel (Office.js): the same raw tables the .xlsx adapter hands
 * over. Two round trips for an ordinary campaign: one to list the tables and sheets, one to read
 * every input table's first FIRST_ROWS rows; a larger table's other rows follow in windows, so
 * that no answer of Excel's grows past about WINDOW_BYTES, whatever the campaign's size.
 */
import { readSeal } from "../read/seal";
import { isExcelError } from "../../engine/excelErrors";
import type { ContextApi, RangeApi } from "./api";
import { THIS_COMPUTER } from "./computer";
import { rowsUnderTable, type Problem } from "../model/problems";
import type { PaidEntry, RawCell, RawTable, RawWorkbook } from "../model/raw";
import { DEATH_SHEET, GENERATED_SHEET, LEDGER, READ_TABLES, SEAL_SHEET, STORY_SHEETS } from "../model/schema";
import { readJournal } from "../read/journal";
import { HEAD_NAME } from "../read/head";

/** The input tables, the Ledger, the Sessions table and the kept tables, by the names they are looked up under. */
const WANTED = READ_TABLES.map((t) => t.name);

export function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined || value === "") return value === "" ? "" : null;
  if (typeof value === "string") return isExcelError(value) ? { error: value } : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  // Excel gives nothing else for a cell's value; anything it might is kept as its JSON text.
  return JSON.stringify(value);
}

/** How many rows under each table are looked at for rows typed outside it. */
const ROWS_UNDER = 50;

/**
 * The rows of each table read with the others in the second round trip. A larger table's other
 * rows follow in windows, so that no answer of Excel's grows with the campaign: Excel on the web
 * refuses an answer over 5 MB ("ResponsePayloadSizeLimitExceeded"), and we keep each under 1 MB.
 */
export const FIRST_ROWS = 1000;

/** The size a request's answer is planned at, from the bytes a row of that table took so far: well under 1 MB. */
export const WINDOW_BYTES = 512 * 1024;

interface Pending {
  name: string;
  /** the table's range, or the sheet's used range: where it is and how large */
  range: RangeApi;
  /** its first FIRST_ROWS rows (all of them when it has fewer) */
  first: RangeApi;
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

/** Each computer's log of the credits its Excel wrote ("gods.paid.<computer>"), and its list of settled double payments. */
export const PAID_PREFIX = "gods.paid.";
export const SETTLED_PREFIX = "gods.settled.";

/** A setting's value as the list of JSON it should hold; anything else is read as empty. */
export function listIn(value: unknown): unknown[] {
  if (typeof value !== "string") return [];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? (list as unknown[]) : [];
  } catch {
    return [];
  }
}

/** What a log entry says was handed out, when it says it as it should: [recipient, whole mana] pairs. */
function handedIn(value: unknown): { handed?: [string, number][] } {
  if (!Array.isArray(value)) return {};
  const pairs = (value as unknown[]).filter(
    (p): p is [string, number] => Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && typeof p[1] === "number" && Number.isFinite(p[1]),
  );
  return pairs.length === value.length ? { handed: pairs } : {};
}

/** The paid logs and settled lists of every computer, from the workbook's settings. */
function logsIn(items: readonly { readonly key: string; readonly value: unknown }[]): { paidLog: PaidEntry[]; settled: string[] } {
  const paidLog: PaidEntry[] = [];
  const settled: string[] = [];
  for (const item of items) {
    if (item.key.startsWith(PAID_PREFIX)) {
      const computer = item.key.slice(PAID_PREFIX.length);
      for (const e of listIn(item.value)) {
        const { credit, at, handed, undone } = (e ?? {}) as { credit?: unknown; at?: unknown; handed?: unknown; undone?: unknown };
        if (typeof credit === "string" && typeof at === "number")
          paidLog.push({ computer, credit, at, ...handedIn(handed), ...(undone === true ? { undone } : {}) });
      }
    } else if (item.key.startsWith(SETTLED_PREFIX)) settled.push(...listIn(item.value).filter((c): c is string => typeof c === "string"));
  }
  return { paidLog, settled };
}

/** What a row of cells weighs in an answer, about: its JSON. */
const bytesOf = (rows: readonly unknown[][]): number => JSON.stringify(rows).length;

/**
 * Queues a table's range with its first rows. Its size comes with them; what lies past
 * FIRST_ROWS is read afterwards (readRest).
 */
function pendingRange(name: string, range: RangeApi, sheet: { name: string }, isTable: boolean, totals: boolean, below?: RangeApi): Pending {
  range.load("rowIndex,columnIndex,rowCount,columnCount");
  // Its first row and the rows under it, FIRST_ROWS in all, cut to the range itself: no empty
  // rows past a small table are sent.
  const head = range.getRow(0);
  const first = range.getIntersection(head.getBoundingRect(head.getRowsBelow(FIRST_ROWS - 1))).load("values");
  return { name, range, first, sheet, isTable, totals, ...(below === undefined ? {} : { below }) };
}

/**
 * The rows of every table past its first FIRST_ROWS, in windows of rows: each request holds as
 * many windows as fit WINDOW_BYTES at the weight of that table's rows so far. One request for a
 * campaign of any ordinary size, and none at all for most.
 */
async function readRest(context: ContextApi, pending: readonly Pending[]): Promise<Map<Pending, unknown[][]>> {
  const read = new Map<Pending, unknown[][]>();
  // The bytes and rows read so far of each table: the weight of its next rows.
  const weight = new Map<Pending, { bytes: number; rows: number }>();
  const left: { p: Pending; from: number }[] = [];
  for (const p of pending) {
    const first = p.first.values;
    read.set(p, first);
    weight.set(p, { bytes: bytesOf(first), rows: Math.max(1, first.length) });
    if (p.range.rowCount > first.length) left.push({ p, from: first.length });
  }
  while (left.length > 0) {
    let budget = WINDOW_BYTES;
    const windows: { p: Pending; range: RangeApi }[] = [];
    while (left.length > 0) {
      const job = left[0] as { p: Pending; from: number };
      const w = weight.get(job.p) ?? { bytes: 1, rows: 1 };
      const perRow = Math.max(1, w.bytes / w.rows);
      const fits = Math.floor(budget / perRow);
      if (fits < 1 && windows.length > 0) break;
      const count = Math.min(job.p.range.rowCount - job.from, Math.max(1, fits));
      const ws = context.workbook.worksheets.getItem(job.p.sheet.name);
      windows.push({
        p: job.p,
        range: ws.getRangeByIndexes(job.p.range.rowIndex + job.from, job.p.range.columnIndex, count, job.p.range.columnCount).load("values"),
      });
      budget -= count * perRow;
      job.from += count;
      if (job.from >= job.p.range.rowCount) left.shift();
    }
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per window of about WINDOW_BYTES, never one per row or table
    await context.sync();
    for (const { p, range } of windows) {
      const rows = range.values;
      (read.get(p) ?? []).push(...rows);
      const w = weight.get(p) ?? { bytes: 0, rows: 0 };
      weight.set(p, { bytes: w.bytes + bytesOf(rows), rows: w.rows + rows.length });
    }
  }
  return read;
}

/** A sheet's cells as rows from A1, as the file adapter gives them. */
function fromA1(range: { rowIndex: number; columnIndex: number }, values: readonly (readonly unknown[])[]): RawCell[][] {
  return [
    ...Array.from({ length: range.rowIndex }, () => [] as RawCell[]),
    ...values.map((r) => [...Array.from({ length: range.columnIndex }, () => null), ...r.map(rawCell)]),
  ];
}

/** Reads every input table: two round trips, and more only for tables of over FIRST_ROWS rows. */
export async function readWorkbook(context: ContextApi): Promise<RawWorkbook> {
  const wb = context.workbook;
  wb.tables.load("items/name,items/showTotals");
  wb.worksheets.load("items/name,items/visibility");
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
      const below = table.getRange().getRowsBelow(ROWS_UNDER).load("values");
      const sheet = table.worksheet.load("name");
      pending.push(pendingRange(tableName, table.getRange(), sheet, true, withTotals.has(tableName), below));
    } else if (sheetName !== undefined && !GENERATED_SHEET.test(sheetName)) {
      pending.push(pendingRange(sheetName, wb.worksheets.getItem(sheetName).getUsedRange(true), { name: sheetName }, false, false));
    }
  }
  // The sheets the add-in generates, read back: the Ledger's seal and the Campaign History, which
  // grow with every credit and century, read like tables (their rows past the first FIRST_ROWS in
  // windows, so that no answer grows with them); then only what the seal does not tell.
  const named = [...sheetNames.values()].filter((name) => GENERATED_SHEET.test(name));
  const growing = named
    .filter((name) => name === SEAL_SHEET || name === STORY_SHEETS.history)
    .map((name) => pendingRange(name, wb.worksheets.getItem(name).getUsedRange(true), { name }, false, false));
  const mark = wb.settings.getItemOrNullObject(CENTURY_END_MARK).load("value");
  const head = wb.names.getItemOrNullObject(HEAD_NAME).load("formula");
  wb.settings.load("items/key,items/value");
  await context.sync();
  const cells = await readRest(context, [...pending, ...growing]);
  // The seal lists the add-in's sheets and keeps what each paid century counted: the title (A1)
  // of a sheet named like the add-in's that it does not list, and the Death Worksheet of a century
  // it keeps no count of (a book sealed before it kept them), come in one request more, and only
  // when there are such sheets. However long the campaign, no request grows with its centuries.
  const sealRead = growing.find((g) => g.name === SEAL_SHEET);
  const seal = sealRead === undefined ? undefined : readSeal(fromA1(sealRead.range, cells.get(sealRead) ?? []));
  const listed = (name: string) => seal?.sheets.has(name.toLowerCase()) === true;
  const counted = (name: string) => {
    const m = DEATH_SHEET.exec(name);
    return m !== null && listed(name) && seal?.counted.has(Number(m[1])) === true;
  };
  const generated = named
    .filter((name) => DEATH_SHEET.test(name) && !counted(name))
    .map((name) => ({ name, range: wb.worksheets.getItem(name).getUsedRange(true).load("values,rowIndex,columnIndex") }));
  const readWhole = new Set(growing.map((g) => g.name));
  const titles = named
    .filter((name) => !listed(name) && !readWhole.has(name))
    .map((name) => ({ name, range: wb.worksheets.getItem(name).getRange("A1").load("values") }));
  if (generated.length + titles.length > 0) await context.sync();
  const logs = logsIn(wb.settings.items);
  const journal = readJournal(wb.settings.items, Date.now());

  const tables = new Map<string, RawTable>();
  const problems: Problem[] = [];
  for (const p of pending) {
    const under = p.below === undefined ? undefined : rowsTypedUnder(p, spec(p.name));
    if (under !== undefined) problems.push(under);
    const read = cells.get(p) ?? [];
    const values = p.totals ? read.slice(0, -1) : read;
    // A plain sheet's headers are in its first row, wherever the used range starts.
    const top = p.isTable ? p.range.rowIndex + 1 : 1;
    const skip = p.isTable ? 0 : p.range.rowIndex; // rows above the used range are empty
    const left = p.range.columnIndex + 1;
    const rows = values.map((r) => r.map(rawCell));
    const all = p.isTable || skip === 0 ? rows : [...Array.from({ length: skip }, () => [] as RawCell[]), ...rows];
    const [headers = [], ...body] = all;
    tables.set(p.name.toLowerCase(), {
      name: p.name,
      sheet: p.sheet.name,
      headerRow: top,
      firstColumn: left,
      headers,
      rows: body,
      isTable: p.isTable,
      ...(p.totals ? { totals: true } : {}),
    });
  }
  const interrupted = mark.isNullObject ? NaN : Number(mark.value);
  const generatedCells = new Map(generated.map((g) => [g.name, fromA1(g.range, g.range.values)]));
  for (const g of growing) generatedCells.set(g.name, fromA1(g.range, cells.get(g) ?? []));
  const raw: RawWorkbook = {
    tables,
    sheetNames: [...sheetNames.values()],
    visibleSheets: wb.worksheets.items.filter((w) => w.visibility === "Visible").map((w) => w.name),
    ...(generatedCells.size > 0 ? { generatedCells } : {}),
    sheetTitles: new Map([
      ...titles.map((t): [string, RawCell] => [t.name, rawCell(t.range.values[0]?.[0])]),
      ...[...readWhole].map((name): [string, RawCell] => [name, generatedCells.get(name)?.[0]?.[0] ?? null]),
    ]),
    ...(Number.isSafeInteger(interrupted) ? { interruptedCentury: interrupted } : {}),
    ...(problems.length > 0 ? { problems } : {}),
    ...(logs.paidLog.length > 0 ? { paidLog: logs.paidLog } : {}),
    ...(logs.settled.length > 0 ? { settled: logs.settled } : {}),
    thisComputer: THIS_COMPUTER,
    ...(head.isNullObject || typeof head.formula !== "string" ? {} : { bookHead: head.formula }),
    ...(journal === undefined ? {} : { journal }),
  };
  // An open action's record is checked before anything uses it; the check loads only when one is open.
  if (journal === undefined || journal.open.length === 0) return raw;
  const { checkedJournal } = await import(/* webpackChunkName: "journalCheck" */ "../actions/rederive");
  return checkedJournal(raw);
}

function spec(name: string): string {
  return READ_TABLES.find((t) => t.name.toLowerCase() === name.toLowerCase())?.name ?? name;
}

/** Rows typed right under a table, up to the first blank row: the problem naming them, if there are any. */
function rowsTypedUnder(p: Pending, table: string): Problem | undefined {
  const rows = p.below?.values ?? [];
  let count = 0;
  while (count < rows.length && (rows[count] ?? []).some((v) => v !== null && v !== "")) count++;
  if (count === 0) return undefined;
  const first = p.range.rowIndex + p.range.rowCount + 1;
  const left = p.range.columnIndex + 1;
  const width = p.range.columnCount;
  return rowsUnderTable(table, p.sheet.name, first, first + count - 1, left, left + width - 1, count === rows.length);
}

/**
 * Queues a fresh read of the Ledger (or of its absence); after the next sync, `changed()` says
 * whether it still holds what `raw` read. A century end checks this just before it pays.
 */
export function ledgerCheck(context: ContextApi, raw: RawWorkbook): { changed(): boolean; now(): readonly (readonly RawCell[])[] } {
  const before = raw.tables.get(LEDGER.name.toLowerCase());
  const wb = context.workbook;
  if (before === undefined) {
    wb.tables.load("items/name");
    wb.worksheets.load("items/name");
    const isLedger = (name: string) => name.toLowerCase() === LEDGER.name.toLowerCase();
    return { changed: () => wb.tables.items.some((t) => isLedger(t.name)) || wb.worksheets.items.some((w) => isLedger(w.name)), now: () => [] };
  }
  const range = before.isTable
    ? wb.tables.getItem(before.name).getRange().load("values")
    : wb.worksheets
        .getItem(before.sheet)
        .getRangeByIndexes(before.headerRow - 1, before.firstColumn - 1, before.rows.length + 2, Math.max(1, before.headers.length))
        .load("values");
  const expected = [before.headers, ...before.rows];
  return {
    now: () => range.values.map((r) => r.map(rawCell)),
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
