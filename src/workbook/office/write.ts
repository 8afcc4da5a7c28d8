/**
 * Writing inside Excel (Office.js): a century end's sheets and Ledger, and the pane tools' table
 * edits, each carried out as the plan lays it out. Everything is queued; the caller syncs once.
 */
import { areaRef, quoteSheet } from "../model/address";
import type { ContextApi, RangeApi, WorkbookApi } from "./api";
import type { RawTable, RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import type { WorkbookPlan } from "../plan/centuryEnd";
import { blankRowsToFill, createdRows, editSteps, rowCells, type EditRow, type TableEdit } from "../plan/edits";
import { STYLES, tableBody, type CellStyle, type PlanCell, type PlanValue, type SheetPlan, type TableLayout } from "../plan/layout";
import { ledgerWidth } from "../plan/ledger";

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

function applyStyle(range: RangeApi, style: CellStyle): void {
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

function queueSheet(wb: WorkbookApi, plan: SheetPlan, exists: boolean): void {
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

function queueLedger(wb: WorkbookApi, raw: RawWorkbook, plan: WorkbookPlan): void {
  const existing = raw.tables.get(LEDGER.name.toLowerCase());
  if (existing === undefined) return queueTable(wb, plan.ledger.layout, plan.ledger.rows);
  const width = ledgerWidth(existing.headers, plan.ledger);
  const body = plan.ledger.rows.map((r) => r.slice(0, width).map(textValue));
  const formats = body.map(() => plan.ledger.layout.columnFormats.slice(0, width).map(excelFormat));
  if (existing.isTable) {
    const table = wb.tables.getItem(existing.name);
    const old = existing.rows.length;
    if (body.length > old) table.rows.add(undefined, body.slice(old));
    for (let i = old - 1; i >= body.length; i--) table.rows.getItemAt(i).delete();
    const bodyRange = wb.worksheets.getItem(existing.sheet).getRangeByIndexes(existing.headerRow, existing.firstColumn - 1, body.length, width);
    bodyRange.numberFormat = formats;
    bodyRange.values = body;
    return;
  }
  const ws = wb.worksheets.getItem(existing.sheet);
  const top = existing.headerRow;
  const left = existing.firstColumn - 1;
  const old = existing.rows.length;
  if (old > body.length) ws.getRangeByIndexes(top + body.length, left, old - body.length, width).clear("Contents");
  if (body.length === 0) return;
  const range = ws.getRangeByIndexes(top, left, body.length, width);
  range.numberFormat = formats;
  range.values = body;
}

export interface QueuePlanOptions {
  /** false writes the worksheets only and leaves the Ledger as it is (nobody is paid) */
  readonly ledger?: boolean;
}

/** Queues every write of a plan; the caller syncs once. */
export function queuePlan(context: ContextApi, raw: RawWorkbook, plan: WorkbookPlan, options: QueuePlanOptions = {}): void {
  const wb = context.workbook;
  const present = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  for (const sheet of plan.sheets) queueSheet(wb, sheet, present.has(sheet.name.toLowerCase()));
  if (options.ledger !== false) queueLedger(wb, raw, plan);
  wb.worksheets.getItem(plan.sheets[plan.sheets.length - 1]?.name ?? LEDGER.name).activate();
}

function cells(headers: RawTable["headers"], row: EditRow): (string | number | boolean)[] {
  return rowCells(headers, row).map((v) => textValue(v ?? null));
}

/**
 * Text is written with a leading apostrophe (see textValue) and shown in the general format:
 * a "@" column is carried out that way.
 */
function excelFormat(format: string): string {
  return format === "@" ? "General" : format;
}

/** A new table on a sheet of its own, as the layout says: the same table the .xlsx adapter makes. */
function queueTable(wb: WorkbookApi, layout: TableLayout, rows: readonly (readonly PlanValue[])[]): void {
  const ws = wb.worksheets.add(layout.name);
  const body = tableBody(layout, rows).map((r) => r.map(textValue));
  const range = ws.getRangeByIndexes(0, 0, body.length + 1, layout.headers.length);
  range.numberFormat = [layout.headers.map(() => "General"), ...body.map(() => [...layout.columnFormats])];
  range.values = [[...layout.headers], ...body];
  const table = ws.tables.add(`${quoteSheet(layout.name)}!${areaRef({ top: 1, left: 1, bottom: body.length + 1, right: layout.headers.length })}`, true);
  table.name = layout.name;
  table.style = layout.style;
  layout.columnWidths.forEach((w, i) => (ws.getRangeByIndexes(0, i, 1, 1).format.columnWidth = w * POINTS_PER_CHARACTER));
  ws.freezePanes.freezeRows(1);
}

/** The sheet cell (0-based) of a row under the headers and a column of the table. */
function at(table: RawTable, index: number, column: number): [number, number] {
  return [table.headerRow + index, table.firstColumn - 1 + column];
}

function queueStep(wb: WorkbookApi, edit: TableEdit, table: RawTable | undefined): void {
  if (edit.kind === "create") return queueTable(wb, edit.layout, createdRows(edit));
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
      if (table.isTable) wb.tables.getItem(table.name).rows.add(undefined, rest);
      else ws.getRangeByIndexes(...at(table, table.rows.length, 0), rest.length, table.headers.length).values = rest;
      return;
    }
  }
}

/** Queues every edit; the caller syncs once. */
export function queueEdits(context: ContextApi, raw: RawWorkbook, edits: readonly TableEdit[]): void {
  for (const { edit, before } of editSteps(raw, edits).steps) queueStep(context.workbook, edit, before);
}
