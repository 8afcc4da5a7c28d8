/**
 * Carrying out an action's commit items inside Excel (plan/commit.ts), each against the workbook
 * as the items before it left it. An item carried out again, after a request that did it in part
 * or in full, writes nothing twice: values are written as they are meant to be, and rows added,
 * a row deleted, a table made or a sheet renamed are first looked for (itemOutcome). The
 * commit's steps (commitSteps) are the same for an action written now and one finished later.
 */
import type { ContextApi, WorkbookApi } from "./api";
import { THIS_COMPUTER } from "./computer";
import type { Step } from "./write";
import type { DoneOperation } from "../model/raw";
import type { RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { createdRows, tableOf } from "../plan/edits";
import { firstDifference, itemOutcome, ledgerTarget, sheetIn, tailTarget, type CommitItem, type LedgerItem, type TailItem } from "../plan/commit";
import { firstChange } from "../plan/ledger";
import { BOOKS_KEPT, COMMIT_PREFIX, DONE_KEPT, DONE_PREFIX, OP_PREFIX } from "../read/journal";
import { excelFormat, textValue } from "./look";
import { queueEdit, queueTable } from "./tableEdits";

/**
 * The Ledger made to hold what the item says from its first changed row on: the rows that
 * differ are written, the missing ones added under the table, the extra ones deleted. A new
 * Ledger is made with its header row in the same request; a half-made one (its sheet added, its
 * headers not yet) is the action's own, and is made again.
 */
function queueLedger(wb: WorkbookApi, current: RawWorkbook, item: LedgerItem): void {
  const target = ledgerTarget(current, item);
  if (target.create !== undefined) {
    if (target.create.half !== undefined) wb.worksheets.getItem(target.create.half).delete();
    queueTable(wb, item.layout, target.rows, true);
    return;
  }
  const existing = current.tables.get(LEDGER.name.toLowerCase());
  if (existing === undefined) return;
  const { rows, missing, formats } = target;
  const width = target.headers.length;
  const old = existing.rows.length;
  const first = Math.min(firstChange(existing.rows, rows), old);
  const ws = wb.worksheets.getItem(existing.sheet);
  const table = existing.isTable ? wb.tables.getItem(existing.name) : undefined;
  if (missing.length > 0) {
    // "Excel.TableColumnCollection.add": a column added with no index goes at the table's right.
    if (table !== undefined) for (const h of missing) table.columns.add(undefined, undefined, h);
    else ws.getRangeByIndexes(existing.headerRow - 1, existing.firstColumn - 1 + width - missing.length, 1, missing.length).values = [missing.map(textValue)];
  }
  // New rows go right under the table's body, where Excel grows the table to take them: unlike
  // rows.add, that does not clash with a co-author's edits ("Coauthoring in Excel add-ins: avoid
  // table row conflicts"). Under a totals row, or into a table with no row yet, rows.add it is.
  const below = table !== undefined && existing.totals !== true && old > 0;
  if (table !== undefined) {
    if (rows.length > old && !below)
      table.rows.add(
        undefined,
        rows.slice(old).map((r) => r.map(textValue)),
      );
    // An Excel table keeps one body row: an empty Ledger keeps a blank one, as a new table has.
    for (let i = old - 1; i >= Math.max(rows.length, 1); i--) table.rows.getItemAt(i).delete();
    if (rows.length === 0 && old > 0) ws.getRangeByIndexes(existing.headerRow, existing.firstColumn - 1, 1, width).clear("Contents");
  } else if (old > rows.length) {
    ws.getRangeByIndexes(existing.headerRow + rows.length, existing.firstColumn - 1, old - rows.length, width).clear("Contents");
  }
  const write = (from: number, to: number) => {
    if (to <= from) return;
    const part = rows.slice(from, to);
    const range = ws.getRangeByIndexes(existing.headerRow + from, existing.firstColumn - 1, part.length, width);
    range.numberFormat = part.map(() => formats.map(excelFormat));
    range.values = part.map((r) => r.map(textValue));
  };
  if (below) {
    write(first, Math.min(old, rows.length));
    write(Math.max(first, old), rows.length);
  } else write(first, rows.length);
}

/** A hidden sheet of plain cells (the seal) made to hold what the item says: only the rows that differ are written. */
function queueTail(wb: WorkbookApi, current: RawWorkbook, item: TailItem): void {
  const { create, before, rows } = tailTarget(current, item);
  const ws = create ? wb.worksheets.add(item.sheet) : wb.worksheets.getItem(sheetIn(current, item.sheet) ?? item.sheet);
  if (create) ws.visibility = "Hidden";
  const from = create ? 0 : firstDifference(before, rows);
  const width = Math.max(1, item.width);
  if (rows.length > from) {
    const part = rows.slice(from).map((r) => Array.from({ length: width }, (_, c) => textValue(r[c] ?? null)));
    ws.getRangeByIndexes(from, 0, part.length, width).values = part;
  }
  if (before.length > rows.length) ws.getRangeByIndexes(rows.length, 0, before.length - rows.length, width).clear("Contents");
}

/** Queues what an item still has to do, on the workbook as `current` holds it. */
function queueNeeded(wb: WorkbookApi, current: RawWorkbook, item: CommitItem): void {
  switch (item.kind) {
    case "edit": {
      const edit = item.edit;
      if (edit.kind === "create") {
        // A half-made sheet of that name is the action's own: it goes, and the table is made anew.
        const half = sheetIn(current, edit.sheet ?? edit.layout.name);
        if (half !== undefined) wb.worksheets.getItem(half).delete();
        queueTable(wb, edit.layout, createdRows(edit), false, edit.sheet);
        return;
      }
      queueEdit(wb, edit, current.tables.get(tableOf(edit).toLowerCase()));
      return;
    }
    case "ledger":
      queueLedger(wb, current, item);
      return;
    case "tail":
      queueTail(wb, current, item);
      return;
    case "swap": {
      const final = sheetIn(current, item.final);
      if (final !== undefined) wb.worksheets.getItem(final).delete();
      const ws = wb.worksheets.getItem(sheetIn(current, item.temp) ?? item.temp);
      if (!item.hidden) ws.visibility = "Visible";
      ws.name = item.final;
      return;
    }
    case "setting":
      if (item.value === null) wb.settings.getItemOrNullObject(item.key).delete();
      else wb.settings.add(item.key, item.value);
      return;
    case "show":
      wb.worksheets.getItem(sheetIn(current, item.sheet) ?? item.sheet).activate();
      return;
    case "name":
      if (current.bookHead === undefined) wb.names.add(item.name, item.formula).visible = false;
      else wb.names.getItemOrNullObject(item.name).formula = item.formula;
      return;
  }
}

/** Queues one item, unless the workbook shows it done; gives back the workbook as it leaves it. */
export function queueItem(context: ContextApi, current: RawWorkbook, item: CommitItem): RawWorkbook {
  const { needed, after } = itemOutcome(current, item);
  if (needed) queueNeeded(context.workbook, current, item);
  return after;
}

/**
 * This computer's list of done actions, with `entry` added at its end: its latest credits keep
 * what they wrote of the book (a Ledger two computers' writes mixed is told by it).
 */
function doneList(raw: RawWorkbook, entry: DoneEntry): string {
  const own: DoneEntry[] = (raw.journal?.done ?? [])
    .filter((d) => d.computer === THIS_COMPUTER)
    .map((d) => ({ id: d.id, at: d.at, words: d.words, done: d.done, ...(d.book === undefined ? {} : { book: d.book }) }));
  const list = [...own.filter((d) => d.id !== entry.id), entry].slice(-DONE_KEPT);
  let books = 0;
  for (let i = list.length - 1; i >= 0; i--) {
    const d = list[i] as DoneEntry;
    if (d.book === undefined) continue;
    if (++books > BOOKS_KEPT) list[i] = { id: d.id, at: d.at, words: d.words, done: d.done };
  }
  return JSON.stringify(list);
}

type DoneEntry = Omit<DoneOperation, "computer">;

/**
 * The steps of the commit: its mark, each item (carried out against the workbook as the items
 * before it leave it) with a mark after it, and the done mark, which also clears the intent.
 */
export function commitSteps(
  context: ContextApi,
  start: RawWorkbook,
  id: string,
  items: readonly CommitItem[],
  from: number,
  done: string,
  words: string,
): Step[] {
  const settings = context.workbook.settings;
  let current = start;
  const mark = (n: number): Step => ({ bytes: 300, queue: () => settings.add(`${COMMIT_PREFIX}${id}`, String(n)) });
  const steps: Step[] = from === 0 ? [mark(0)] : [];
  items.forEach((item, i) => {
    if (i < from) return;
    steps.push({ bytes: JSON.stringify(item).length + 500, queue: () => (current = queueItem(context, current, item)) }, mark(i + 1));
  });
  const ledger = items.find((i) => i.kind === "ledger");
  const seal = items.find((i) => i.kind === "tail");
  const head = items.find((i) => i.kind === "name");
  const book = ledger === undefined ? {} : { book: { ledger, ...(seal === undefined ? {} : { seal }), ...(head === undefined ? {} : { head }) } };
  steps.push({
    bytes: 2000 + (ledger === undefined ? 0 : JSON.stringify(book).length),
    queue: () => {
      settings.add(`${DONE_PREFIX}${THIS_COMPUTER}`, doneList(start, { id, at: Date.now(), words, done, ...book }));
      settings.getItemOrNullObject(`${OP_PREFIX}${id}`).delete();
      settings.getItemOrNullObject(`${COMMIT_PREFIX}${id}`).delete();
    },
  });
  return steps;
}
