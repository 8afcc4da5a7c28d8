/**
 * Writing inside Excel (Office.js): a century end's sheets and Ledger, and the pane tools' table
 * edits, each carried out as the plan lays it out. Large writes are split over several requests,
 * each under a budget well below what Excel on the web accepts.
 */
import { columnLetter } from "../model/address";
import type { ContextApi, WorkbookApi, WorksheetApi } from "./api";
import type { RawWorkbook } from "../model/raw";
import { LEDGER, SEAL_SHEET, sheetNames, STORY_SHEETS } from "../model/schema";
import type { WorkbookPlan } from "../plan/types";
import { blocks, columnPoints, merges, printedRows, type SheetPlan } from "../plan/layout";
import { firstChange, type LedgerPlan } from "../plan/ledger";
import { textValue, asInput, lookOf, numberFormatOf, borderOf, applyLook, queuePrint, excelFormat, box, boxEdges } from "./look";
import { queueTable } from "./tableEdits";

/**
 * Excel on the web refuses a request over 5 MB ("RequestPayloadSizeLimitExceeded", in Microsoft's
 * resource limits for Office Add-ins); every request here stays under 1 MB.
 */
export const REQUEST_BUDGET = 1_000_000;

/** What one command adds to a request besides its data: its action and the path to its object. */
const COMMAND_BYTES = 250;

/**
 * One or a few commands to queue, with about how many bytes they add to a request. A write is
 * made of such steps so that it can be cut into requests that each stay under the budget.
 */
export interface Step {
  readonly bytes: number;
  /** what the step writes, for telling the gamemaster how far a failed write got */
  readonly sheet?: string;
  readonly queue: () => void;
}

/** Steps in requests of at most `budget` bytes each (a step larger than the budget goes alone). */
export function requests(steps: readonly Step[], budget = REQUEST_BUDGET): Step[][] {
  const out: Step[][] = [];
  let current: Step[] = [];
  let used = 0;
  for (const step of steps) {
    if (current.length > 0 && used + step.bytes > budget) {
      out.push(current);
      current = [];
      used = 0;
    }
    current.push(step);
    used += step.bytes;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** About how many bytes a value adds to a request. */
function bytesOf(data: unknown): number {
  return JSON.stringify(data).length;
}

/** How many rows of cells go in one command: about a quarter of the budget's worth. */
function rowChunks<T>(rows: readonly T[], budget: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let size = 0;
  for (const row of rows) {
    const b = bytesOf(row);
    if (chunk.length > 0 && size + b > budget / 4) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(row);
    size += b;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * The steps that write one generated sheet: the sheet itself, its contents in chunks of rows,
 * then number formats, looks and borders, each once per rectangle of cells that share it (see
 * `blocks`), whatever the number of rows.
 */
function sheetSteps(wb: WorkbookApi, plan: SheetPlan, exists: boolean, inPlace?: { readonly rows: number }): Step[] {
  const sheet = plan.name;
  let ws: WorksheetApi | undefined;
  const on = (): WorksheetApi => ws as WorksheetApi;
  const steps: Step[] = [
    {
      sheet,
      bytes: COMMAND_BYTES * (3 + plan.columnWidths.length),
      queue: () => {
        if (exists && inPlace !== undefined) ws = wb.worksheets.getItem(sheet);
        else {
          if (exists) wb.worksheets.getItem(sheet).delete();
          ws = wb.worksheets.add(sheet);
        }
        ws.showGridlines = false;
        if (plan.hidden === true) ws.visibility = "Hidden";
        plan.columnWidths.forEach((w, i) => (on().getRangeByIndexes(0, i, 1, 1).format.columnWidth = columnPoints(w)));
      },
    },
  ];
  const width = Math.max(plan.columnWidths.length, ...plan.rows.map((r) => r.length), 1);
  const grid = plan.rows.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? null));
  let top = 0;
  for (const chunk of rowChunks(
    grid.map((row) => row.map(asInput)),
    REQUEST_BUDGET,
  )) {
    const at = top;
    steps.push({ sheet, bytes: bytesOf(chunk) + COMMAND_BYTES, queue: () => (on().getRangeByIndexes(at, 0, chunk.length, width).formulas = chunk) });
    top += chunk.length;
  }
  // Merged cells, once their values are in: one command for each run of rows merged alike.
  const runs: { top: number; left: number; rows: number; columns: number }[] = [];
  for (const m of merges(grid)) {
    const above = runs.find((r) => r.left === m.left && r.columns === m.columns && r.top + r.rows === m.top);
    if (above === undefined) runs.push({ ...m, rows: 1 });
    else above.rows++;
  }
  for (const r of runs)
    steps.push({
      sheet,
      bytes: COMMAND_BYTES,
      queue: () => {
        on().getRangeByIndexes(r.top, r.left, r.rows, r.columns).merge(true);
      },
    });
  // Number formats as one grid per chunk of rows: a column may mix them (a whole count among
  // decimals shows none), so rectangles of one format could be as many as the cells.
  const formatted = grid.map((row) => row.map((c) => numberFormatOf(c) ?? "General"));
  const firstFormatted = formatted.findIndex((row) => row.some((f) => f !== "General"));
  if (firstFormatted >= 0) {
    let from = firstFormatted;
    for (const chunk of rowChunks(formatted.slice(firstFormatted), REQUEST_BUDGET)) {
      const at = from;
      steps.push({ sheet, bytes: bytesOf(chunk) + COMMAND_BYTES, queue: () => (on().getRangeByIndexes(at, 0, chunk.length, width).numberFormat = chunk) });
      from += chunk.length;
    }
  }
  for (const b of blocks(grid, lookOf)) {
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * 6,
      queue: () => {
        applyLook(on().getRangeByIndexes(b.top, b.left, b.rows, b.columns), b.key);
      },
    });
  }
  for (const b of blocks(grid, borderOf)) {
    const edges = boxEdges(b.rows, b.columns).length;
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * (1 + 3 * edges),
      queue: () => {
        box(on().getRangeByIndexes(b.top, b.left, b.rows, b.columns), b.rows, b.columns);
      },
    });
  }
  // A sheet written over in place: what lay below its new end is emptied.
  const below = inPlace === undefined ? 0 : inPlace.rows - plan.rows.length;
  if (below > 0)
    steps.push({
      sheet,
      bytes: COMMAND_BYTES,
      queue: () => {
        on().getRangeByIndexes(plan.rows.length, 0, below, width).clear("Contents");
      },
    });
  // Charts last, over cells that hold their numbers already.
  for (const c of plan.charts ?? []) {
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * 5,
      queue: () => {
        const { data, at } = c;
        const chart = on().charts.add(
          "Line",
          on().getRangeByIndexes(data.top - 1, data.left - 1, data.bottom - data.top + 1, data.right - data.left + 1),
          "Columns",
        );
        chart.title.text = c.title;
        chart.legend.position = "Right";
        chart.setPosition(`${columnLetter(at.left)}${at.top}`, `${columnLetter(at.right)}${at.bottom}`);
      },
    });
  }
  if (plan.hidden !== true) {
    const area = `A1:${columnLetter(Math.max(1, plan.columnWidths.length))}${printedRows(plan)}`;
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * 8,
      queue: () => {
        queuePrint(on().pageLayout, plan.print, area);
      },
    });
    const breaks = (plan.pageBreaks ?? []).filter((r) => r > 1);
    if (breaks.length > 0)
      steps.push({
        sheet,
        bytes: COMMAND_BYTES * breaks.length,
        queue: () => {
          for (const r of breaks) on().horizontalPageBreaks.add(`A${r}`);
        },
      });
  }
  return steps;
}

/**
 * The Ledger's new content. Only the rows from the first change on are written (usually just the
 * new credit's rows), so the commit point stays one small request however long the Ledger is.
 * An older Ledger first gains the columns it lacks, at its right.
 */
export function queueLedger(wb: WorkbookApi, raw: RawWorkbook, ledger: LedgerPlan): void {
  const existing = raw.tables.get(LEDGER.name.toLowerCase());
  if (existing === undefined) {
    queueTable(wb, ledger.layout, ledger.rows, true);
    return;
  }
  const width = ledger.headers.length;
  const rows = ledger.rows;
  const old = existing.rows.length;
  const first = Math.min(firstChange(existing.rows, rows), old);
  const ws = wb.worksheets.getItem(existing.sheet);
  const table = existing.isTable ? wb.tables.getItem(existing.name) : undefined;
  const newHeaders = ledger.headers.slice(width - ledger.added);
  if (newHeaders.length > 0) {
    // "Excel.TableColumnCollection.add": a column added with no index goes at the table's right.
    if (table !== undefined) for (const h of newHeaders) table.columns.add(undefined, undefined, h);
    else
      ws.getRangeByIndexes(existing.headerRow - 1, existing.firstColumn - 1 + width - newHeaders.length, 1, newHeaders.length).values = [
        newHeaders.map(textValue),
      ];
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
  // The rows that changed within the table, then (when they go under it) the new ones.
  const write = (from: number, to: number) => {
    if (to <= from) return;
    const part = rows.slice(from, to);
    const range = ws.getRangeByIndexes(existing.headerRow + from, existing.firstColumn - 1, part.length, width);
    range.numberFormat = part.map(() => ledger.formats.map(excelFormat));
    range.values = part.map((r) => r.map(textValue));
  };
  if (below) {
    write(first, Math.min(old, rows.length));
    write(Math.max(first, old), rows.length);
  } else write(first, rows.length);
}

/** The steps that write a century end's worksheets. */
export function worksheetSteps(context: ContextApi, raw: RawWorkbook, plan: Pick<WorkbookPlan, "sheets">): Step[] {
  const present = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  // The seal goes with the Ledger, in the last request (queueLedgerAndShow).
  return plan.sheets
    .filter((s) => s.name !== SEAL_SHEET)
    .flatMap((sheet) => {
      const kept = IN_PLACE.has(sheet.name) ? raw.generatedCells?.get(sheet.name) : undefined;
      return sheetSteps(context.workbook, sheet, present.has(sheet.name.toLowerCase()), kept === undefined ? undefined : { rows: kept.length });
    });
}

/**
 * Sheets written over in place, never deleted first: the Campaign History holds the races as
 * earlier centuries left them, which nothing else keeps. Its rows of those centuries are written
 * again as they were read, so a write that stops part-way (across several requests, or retried
 * after a cell edit) leaves each row as it was or as it is meant to be, and none is lost.
 */
const IN_PLACE: ReadonlySet<string> = new Set([STORY_SHEETS.history]);

/**
 * Queues the Ledger's new content, with its seal, and shows the last sheet: the commit point of
 * a century end. The seal and the Ledger go in the same request, so they always agree.
 */
export function queueLedgerAndShow(context: ContextApi, raw: RawWorkbook, plan: WorkbookPlan, ledger: boolean): void {
  // The Ledger first: when Excel refuses it, nothing after it in the request is done, and the seal
  // still agrees with the Ledger as it was.
  if (ledger) queueLedger(context.workbook, raw, plan.ledger);
  const seal = plan.sheets.find((s) => s.name === SEAL_SHEET);
  if (ledger && seal !== undefined)
    for (const step of sheetSteps(
      context.workbook,
      seal,
      raw.sheetNames.some((n) => n.toLowerCase() === SEAL_SHEET.toLowerCase()),
    ))
      step.queue();
  // The century's mana calculation when there is one, otherwise the last sheet shown.
  const mana = plan.sheets.find((s) => s.name === sheetNames(plan.century).mana) ?? plan.sheets.filter((s) => s.hidden !== true).pop();
  context.workbook.worksheets.getItem(mana?.name ?? LEDGER.name).activate();
}
