/**
 * Writing generated sheets inside Excel (Office.js), each as the plan lays it out, and the
 * requests they go in: large writes are split over several requests, each under a budget well
 * below what Excel on the web accepts. The journal (journal.ts) sequences them with the rest.
 */
import { columnLetter } from "../model/address";
import type { ContextApi, WorkbookApi, WorksheetApi } from "./api";
import type { WorkbookPlan } from "../plan/types";
import { blocks, columnPoints, merges, printedRows, type SheetPlan } from "../plan/layout";
import { asInput, lookOf, numberFormatOf, borderOf, applyLook, queuePrint, box, boxEdges } from "./look";

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
 * `blocks`), whatever the number of rows. The sheet is added under `name` (the plan's own name,
 * or a temporary one that takes its place once the action is recorded), hidden when `hidden`.
 */
function sheetSteps(wb: WorkbookApi, plan: SheetPlan, name: string = plan.name, hidden: boolean = plan.hidden === true): Step[] {
  const sheet = plan.name;
  let ws: WorksheetApi | undefined;
  const on = (): WorksheetApi => ws as WorksheetApi;
  const steps: Step[] = [
    {
      sheet,
      bytes: COMMAND_BYTES * (3 + plan.columnWidths.length),
      queue: () => {
        ws = wb.worksheets.add(name);
        if (hidden) ws.visibility = "Hidden";
        ws.showGridlines = false;
        plan.columnWidths.forEach((w, i) => {
          const column = on().getRangeByIndexes(0, i, 1, 1);
          column.format.columnWidth = columnPoints(w);
          column.untrack();
        });
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
    steps.push({
      sheet,
      bytes: bytesOf(chunk) + COMMAND_BYTES,
      queue: () => {
        const range = on().getRangeByIndexes(at, 0, chunk.length, width);
        range.formulas = chunk;
        range.untrack();
      },
    });
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
      // A range made, kept and merged: three actions and an object path, measured at about 530 bytes.
      bytes: COMMAND_BYTES * 2.4,
      queue: () => {
        const range = on().getRangeByIndexes(r.top, r.left, r.rows, r.columns);
        range.merge(true);
        range.untrack();
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
      steps.push({
        sheet,
        bytes: bytesOf(chunk) + COMMAND_BYTES,
        queue: () => {
          const range = on().getRangeByIndexes(at, 0, chunk.length, width);
          range.numberFormat = chunk;
          range.untrack();
        },
      });
      from += chunk.length;
    }
  }
  for (const b of blocks(grid, lookOf)) {
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * 6,
      queue: () => {
        const range = on().getRangeByIndexes(b.top, b.left, b.rows, b.columns);
        applyLook(range, b.key);
        range.untrack();
      },
    });
  }
  for (const b of blocks(grid, borderOf)) {
    const edges = boxEdges(b.rows, b.columns).length;
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * (1 + 3 * edges),
      queue: () => {
        const range = on().getRangeByIndexes(b.top, b.left, b.rows, b.columns);
        box(range, b.rows, b.columns);
        range.untrack();
      },
    });
  }
  // Rows made taller for wrapped text: one command for each run of rows of one height.
  const heights = plan.rowHeights ?? [];
  for (let r = 0; r < heights.length; r++) {
    const h = heights[r];
    if (h === undefined) continue;
    let end = r;
    while (heights[end + 1] === h) end++;
    const [top, rows] = [r, end - r + 1];
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * 2.4,
      queue: () => {
        const range = on().getRangeByIndexes(top, 0, rows, 1);
        range.format.rowHeight = h;
        range.untrack();
      },
    });
    r = end;
  }
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
 * The steps that write generated sheets, each under the name `names` gives it (a temporary one
 * while the action is under way), hidden until it takes its place.
 */
export function worksheetSteps(context: ContextApi, plan: Pick<WorkbookPlan, "sheets">, names?: (sheet: SheetPlan) => string): Step[] {
  return plan.sheets.flatMap((sheet) => (names === undefined ? sheetSteps(context.workbook, sheet) : sheetSteps(context.workbook, sheet, names(sheet), true)));
}
