/**
 * Carries out a list of table edits (see ../edits.ts) in Excel. Everything is queued and the
 * caller syncs once, however many rows change. Positions come from the table as read, moved on
 * by the edits before (the same steps `applyEdits` takes), so Excel and the pane's picture of
 * the workbook agree.
 */
import { blankRowsToFill, editSteps, rowCells, type EditRow, type TableEdit } from "../edits";
import type { PlanValue } from "../plan";
import type { RawTable, RawWorkbook } from "../raw";
import { columnFormat, columnWidth } from "../setup";
import { POINTS_PER_CHARACTER, textValue } from "./excel";

/** The look of the tables the add-in creates: Excel's usual blue, with banded rows. */
const TABLE_STYLE = "TableStyleMedium2";

function cells(headers: RawTable["headers"], row: EditRow): (string | number | boolean)[] {
  return rowCells(headers, row).map((v) => textValue(v ?? null));
}

function queueCreate(wb: Excel.Workbook, edit: Extract<TableEdit, { kind: "create" }>): void {
  const headers = edit.spec.columns.map((c) => c.header);
  const ws = wb.worksheets.add(edit.spec.name);
  // An Excel table needs a row under its headers; a new empty table gets one blank row.
  const body = edit.rows.length > 0 ? edit.rows.map((r) => cells(headers, r)) : [headers.map(() => "")];
  const range = ws.getRangeByIndexes(0, 0, body.length + 1, headers.length);
  range.numberFormat = [headers.map(() => "General"), ...body.map(() => headers.map(columnFormat))];
  range.values = [headers, ...body];
  const table = ws.tables.add(range, true);
  table.name = edit.spec.name;
  table.style = TABLE_STYLE;
  headers.forEach((h, i) => (ws.getRangeByIndexes(0, i, 1, 1).format.columnWidth = columnWidth(h) * POINTS_PER_CHARACTER));
  ws.freezePanes.freezeRows(1);
}

/** The sheet cell (0-based) of a row under the headers and a column of the table. */
function at(table: RawTable, index: number, column: number): [number, number] {
  return [table.headerRow + index, table.firstColumn - 1 + column];
}

function queueStep(wb: Excel.Workbook, edit: TableEdit, table: RawTable | undefined): void {
  if (edit.kind === "create") return queueCreate(wb, edit);
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
export function queueEdits(context: Excel.RequestContext, raw: RawWorkbook, edits: readonly TableEdit[]): void {
  for (const { edit, before } of editSteps(raw, edits).steps) queueStep(context.workbook, edit, before);
}
