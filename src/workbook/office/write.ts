/**
 * Writing inside Excel (Office.js): a century end's sheets and Ledger, and the pane tools' table
 * edits, each carried out as the plan lays it out. Large writes are split over several requests,
 * each under a budget well below what Excel on the web accepts.
 */
import { areaRef, columnLetter, quoteSheet } from "../model/address";
import type { CellInput, ContextApi, PageLayoutApi, RangeApi, WorkbookApi, WorksheetApi } from "./api";
import type { RawTable, RawWorkbook } from "../model/raw";
import { LEDGER, SEAL_SHEET, sheetNames } from "../model/schema";
import type { WorkbookPlan } from "../plan/centuryEnd";
import { blankRowsToFill, createdRows, editSteps, rowCells, type EditRow, type TableEdit } from "../plan/edits";
import { blocks, columnPoints, footerCode, merges, numberFormatOf as formatOf, STYLES, tableBody, tablePrint, type CellStyle, type PlanCell, type PlanValue, type PrintSetup, type SheetPlan, type TableLayout, LEDGER_TITLE } from "../plan/layout";
import { firstChange, type LedgerPlan } from "../plan/ledger";

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

/**
 * Text Excel would take for something else when entered in a General cell: a formula (=, +, -,
 * @), a number, date, time, percentage or currency, TRUE/FALSE, or an error value (#N/A).
 */
function looksLikeInput(text: string): boolean {
  return /^[=+\-@'#]/.test(text) || /^[\s\d.,:/%$€£¥()eE+-]+$/.test(text) || /^\s*(true|false)\s*$/i.test(text);
}

/**
 * Text from the workbook is written as text, and only one way: as it is, unless Excel would
 * take it for a formula, a number or the like; then with a leading apostrophe, which keeps it
 * text in a General cell ("Enter data manually in worksheet cells": a leading apostrophe).
 * Names such as "war" or "Ares" therefore read back the same whatever the column's format; the
 * add-in's own new tables format their name columns as text and get no apostrophe at all.
 */
export function textValue(v: PlanValue): string | number | boolean {
  return v === null ? "" : typeof v === "string" && looksLikeInput(v) ? `'${v}` : v;
}

function asInput(cell: PlanCell | null): string | number | boolean {
  if (cell?.formula !== undefined) return `=${cell.formula}`;
  return textValue(cell?.value ?? null);
}


const EDGES = ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight", "InsideVertical", "InsideHorizontal"] as const;
const BORDER_COLOR = "#8A8886";

/** The look of a style besides its borders and number format, or undefined when it has none. */
function lookOf(cell: PlanCell | null): CellStyle | undefined {
  if (cell?.style === undefined) return undefined;
  const s = STYLES[cell.style];
  return s.bold || s.italic || s.size || s.color || s.fill || s.align || s.shrink ? cell.style : undefined;
}

function numberFormatOf(cell: PlanCell | null): string | undefined {
  const f = formatOf(cell);
  // Text is written with an apostrophe (see asInput), so it needs no text format; a new sheet is General already.
  return f === undefined || f === "@" || f === "General" ? undefined : f;
}

function borderOf(cell: PlanCell | null): "box" | undefined {
  return cell?.style === undefined ? undefined : STYLES[cell.style].border === "box" ? "box" : undefined;
}

function applyLook(range: RangeApi, style: CellStyle): void {
  const s = STYLES[style];
  if (s.bold) range.format.font.bold = true;
  if (s.italic) range.format.font.italic = true;
  if (s.size) range.format.font.size = s.size;
  if (s.color) range.format.font.color = `#${s.color}`;
  if (s.fill) range.format.fill.color = `#${s.fill}`;
  if (s.align) range.format.horizontalAlignment = s.align === "right" ? "Right" : "Left";
  if (s.shrink) range.format.shrinkToFit = true;
}

/**
 * Whether the host can set a sheet's print set-up: worksheet.pageLayout is ExcelApi 1.9 (Excel
 * 2019, Microsoft 365, Excel on the web). An older Excel prints the sheet with its own defaults.
 * Outside Office (the tests' stand-ins) the API is there.
 */
function canSetUpPages(): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported(name: string, version: string): boolean } } } }).Office;
  return office?.context?.requirements?.isSetSupported("ExcelApi", "1.9") ?? true;
}

/**
 * A sheet's print set-up as the plan has it, the same the .xlsx adapter writes: orientation, so
 * many pages wide and as many tall as it takes ("Fit All Columns on One Page"), the title rows
 * on every page, the footer and, when given, the print area. The paper is left as the
 * gamemaster's Excel has it: every generated sheet fits A4 and Letter alike.
 */
function queuePrint(layout: PageLayoutApi, print: PrintSetup, area?: string): void {
  layout.orientation = print.orientation === "landscape" ? "Landscape" : "Portrait";
  layout.zoom = { horizontalFitToPages: print.pagesWide, verticalFitToPages: 0 };
  if (print.titleRows > 0) layout.setPrintTitleRows(`$1:$${print.titleRows}`);
  if (area !== undefined) layout.setPrintArea(area);
  const footer = layout.headersFooters.defaultForAllPages;
  footer.leftFooter = footerCode(print.footer.left);
  footer.centerFooter = footerCode(print.footer.center);
  footer.rightFooter = footerCode(print.footer.right);
  if (print.header !== undefined) footer.centerHeader = `&B${footerCode(print.header)}`;
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
function sheetSteps(wb: WorkbookApi, plan: SheetPlan, exists: boolean): Step[] {
  const sheet = plan.name;
  let ws: WorksheetApi | undefined;
  const on = (): WorksheetApi => ws as WorksheetApi;
  const steps: Step[] = [
    {
      sheet,
      bytes: COMMAND_BYTES * (3 + plan.columnWidths.length),
      queue: () => {
        if (exists) wb.worksheets.getItem(sheet).delete();
        ws = wb.worksheets.add(sheet);
        ws.showGridlines = false;
        if (plan.hidden === true) ws.visibility = "Hidden";
        plan.columnWidths.forEach((w, i) => (on().getRangeByIndexes(0, i, 1, 1).format.columnWidth = columnPoints(w)));
      },
    },
  ];
  const width = Math.max(plan.columnWidths.length, ...plan.rows.map((r) => r.length), 1);
  const grid = plan.rows.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? null));
  let top = 0;
  for (const chunk of rowChunks(grid.map((row) => row.map(asInput)), REQUEST_BUDGET)) {
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
  for (const r of runs) steps.push({ sheet, bytes: COMMAND_BYTES, queue: () => { on().getRangeByIndexes(r.top, r.left, r.rows, r.columns).merge(true); } });
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
    steps.push({ sheet, bytes: COMMAND_BYTES * 6, queue: () => { applyLook(on().getRangeByIndexes(b.top, b.left, b.rows, b.columns), b.key); } });
  }
  for (const b of blocks(grid, borderOf)) {
    // A block of one row or column has no inside edges to draw.
    const edges = EDGES.filter((e) => !(e === "InsideHorizontal" && b.rows === 1) && !(e === "InsideVertical" && b.columns === 1));
    steps.push({
      sheet,
      bytes: COMMAND_BYTES * (1 + 3 * edges.length),
      queue: () => {
        const range = on().getRangeByIndexes(b.top, b.left, b.rows, b.columns);
        for (const edge of edges) {
          const line = range.format.borders.getItem(edge);
          line.style = "Continuous";
          line.color = BORDER_COLOR;
        }
      },
    });
  }
  if (canSetUpPages() && plan.hidden !== true) {
    const area = `A1:${columnLetter(Math.max(1, plan.columnWidths.length))}${Math.max(1, plan.rows.length)}`;
    steps.push({ sheet, bytes: COMMAND_BYTES * 8, queue: () => { queuePrint(on().pageLayout, plan.print, area); } });
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
    else ws.getRangeByIndexes(existing.headerRow - 1, existing.firstColumn - 1 + width - newHeaders.length, 1, newHeaders.length).values = [newHeaders.map(textValue)];
  }
  if (table !== undefined) {
    if (rows.length > old) table.rows.add(undefined, rows.slice(old).map((r) => r.map(textValue)));
    // An Excel table keeps one body row: an empty Ledger keeps a blank one, as a new table has.
    for (let i = old - 1; i >= Math.max(rows.length, 1); i--) table.rows.getItemAt(i).delete();
    if (rows.length === 0 && old > 0) ws.getRangeByIndexes(existing.headerRow, existing.firstColumn - 1, 1, width).clear("Contents");
  } else if (old > rows.length) {
    ws.getRangeByIndexes(existing.headerRow + rows.length, existing.firstColumn - 1, old - rows.length, width).clear("Contents");
  }
  const changed = rows.slice(first);
  if (changed.length === 0) return;
  const range = ws.getRangeByIndexes(existing.headerRow + first, existing.firstColumn - 1, changed.length, width);
  range.numberFormat = changed.map(() => ledger.formats.map(excelFormat));
  range.values = changed.map((r) => r.map(textValue));
}

/** The steps that write a century end's worksheets. */
export function worksheetSteps(context: ContextApi, raw: RawWorkbook, plan: WorkbookPlan): Step[] {
  const present = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  // The seal goes with the Ledger, in the last request (queueLedgerAndShow).
  return plan.sheets.filter((s) => s.name !== SEAL_SHEET).flatMap((sheet) => sheetSteps(context.workbook, sheet, present.has(sheet.name.toLowerCase())));
}

/**
 * Queues the Ledger's new content, with its seal, and shows the last sheet: the commit point of
 * a century end. The seal and the Ledger go in the same request, so they always agree.
 */
export function queueLedgerAndShow(context: ContextApi, raw: RawWorkbook, plan: WorkbookPlan, ledger: boolean): void {
  // The Ledger first: when Excel refuses it, nothing after it in the request is done, and the seal
  // still agrees with the Ledger as it was.
  if (ledger) queueLedger(context.workbook, raw, plan.ledger);
  const seal = plan.sheets.find((s) => s.name === SEAL_SHEET);
  if (ledger && seal !== undefined) for (const step of sheetSteps(context.workbook, seal, raw.sheetNames.some((n) => n.toLowerCase() === SEAL_SHEET.toLowerCase()))) step.queue();
  // The century's mana calculation when there is one, otherwise the last sheet shown.
  const mana = plan.sheets.find((s) => s.name === sheetNames(plan.century).mana) ?? plan.sheets.filter((s) => s.hidden !== true).pop();
  context.workbook.worksheets.getItem(mana?.name ?? LEDGER.name).activate();
}

/**
 * A row of a tool's edit as cells, in the table's column order. A column the edit does not name
 * (the gamemaster's own columns, a calculated column) gets null, which leaves its cell as it is
 * ("Blank and null values in Excel add-ins": null in a 2-D array leaves that cell unchanged).
 */
function cells(headers: RawTable["headers"], row: EditRow): (string | number | boolean | null)[] {
  return rowCells(headers, row).map((v) => (v === undefined ? null : textValue(v)));
}

/**
 * Text is written with a leading apostrophe (see textValue) and shown in the general format:
 * a "@" column is carried out that way.
 */
function excelFormat(format: string): string {
  return format === "@" ? "General" : format;
}

/**
 * A box round every cell of a range, as the generated sheets have them (see STYLES' "box").
 */
function box(range: RangeApi, rows: number, columns: number): void {
  for (const edge of EDGES.filter((e) => !(e === "InsideHorizontal" && rows === 1) && !(e === "InsideVertical" && columns === 1))) {
    const line = range.format.borders.getItem(edge);
    line.style = "Continuous";
    line.color = BORDER_COLOR;
  }
}

/**
 * A new table on a sheet of its own, as the layout says: the same table the .xlsx adapter makes.
 * `kept` (the Ledger) also gives it the generated sheets' look and print set-up, as the .xlsx
 * adapter does: their header look and a box round each cell, which rows added later copy.
 */
function queueTable(wb: WorkbookApi, layout: TableLayout, rows: readonly (readonly PlanValue[])[], kept = false): void {
  const ws = wb.worksheets.add(layout.name);
  // A text column is formatted as text before its values arrive, so its cells take any text as it is.
  const body = tableBody(layout, rows).map((r) => r.map((v, i) => (layout.columnFormats[i] === "@" && v !== null ? String(v) : textValue(v))));
  const range = ws.getRangeByIndexes(0, 0, body.length + 1, layout.headers.length);
  range.numberFormat = [layout.headers.map(() => "General"), ...body.map(() => [...layout.columnFormats])];
  range.values = [[...layout.headers], ...body];
  const table = ws.tables.add(`${quoteSheet(layout.name)}!${areaRef({ top: 1, left: 1, bottom: body.length + 1, right: layout.headers.length })}`, true);
  table.name = layout.name;
  table.style = layout.style;
  layout.columnWidths.forEach((w, i) => (ws.getRangeByIndexes(0, i, 1, 1).format.columnWidth = columnPoints(w)));
  ws.freezePanes.freezeRows(1);
  // Every new table prints one page wide, its headers on every page; the Ledger with its title.
  if (canSetUpPages()) queuePrint(ws.pageLayout, tablePrint(layout, layout.name === LEDGER.name ? LEDGER_TITLE : undefined));
  if (!kept) return;
  const width = layout.headers.length;
  const header = ws.getRangeByIndexes(0, 0, 1, width);
  applyLook(header, "header");
  box(header, 1, width);
  box(ws.getRangeByIndexes(1, 0, body.length, width), body.length, width);
  // The table grows later; its print area is left to Excel, which prints every row.
}

/** The sheet cell (0-based) of a row under the headers and a column of the table. */
function at(table: RawTable, index: number, column: number): [number, number] {
  return [table.headerRow + index, table.firstColumn - 1 + column];
}

function queueStep(wb: WorkbookApi, edit: TableEdit, table: RawTable | undefined): void {
  if (edit.kind === "create") {
    queueTable(wb, edit.layout, createdRows(edit));
    return;
  }
  if (table === undefined) throw new Error(`there is no ${edit.table} table`);
  const ws = wb.worksheets.getItem(table.sheet);
  switch (edit.kind) {
    case "addColumn": {
      const values = table.rows.map((_, i) => [textValue(edit.values[i] ?? null)]);
      if (table.isTable) {
        wb.tables.getItem(table.name).columns.add(undefined, [[edit.header], ...values]);
      } else {
        const [top, left] = at(table, -1, table.headers.length);
        ws.getRangeByIndexes(top, left, values.length + 1, 1).values = [[edit.header], ...values];
      }
      return;
    }
    case "update":
      rowCells(table.headers, edit.values).forEach((v: PlanValue | undefined, c) => {
        if (v === undefined) return;
        const [r, col] = at(table, edit.index, c);
        ws.getRangeByIndexes(r, col, 1, 1).values = [[textValue(v)]];
      });
      return;
    case "delete":
      // From the bottom up, so each row number still points at its row.
      for (const i of [...edit.indexes].sort((a, b) => b - a)) {
        if (table.isTable) wb.tables.getItem(table.name).rows.getItemAt(i).delete();
        else ws.getRangeByIndexes(at(table, i, 0)[0], 0, 1, 1).getEntireRow().delete("Up");
      }
      return;
    case "append": {
      const rows = edit.rows.map((r) => cells(table.headers, r));
      const fill = Math.min(blankRowsToFill(table), rows.length);
      if (fill > 0) ws.getRangeByIndexes(...at(table, 0, 0), fill, table.headers.length).values = rows.slice(0, fill);
      const rest = rows.slice(fill);
      if (rest.length === 0) return;
      // Office.js's typings leave null out of rows.add, but the request carries it like any 2-D array of values.
      if (table.isTable) wb.tables.getItem(table.name).rows.add(undefined, rest as CellInput[][]);
      else ws.getRangeByIndexes(...at(table, table.rows.length, 0), rest.length, table.headers.length).values = rest;
      return;
    }
  }
}

/** Queues every edit; the caller syncs once. */
export function queueEdits(context: ContextApi, raw: RawWorkbook, edits: readonly TableEdit[]): void {
  for (const { edit, before } of editSteps(raw, edits).steps) queueStep(context.workbook, edit, before);
}
