/**
 * The pane tools' edits of input tables inside Excel: rows added, cells changed, a table created,
 * each as the plan lays it out (plan/edits.ts).
 */
import { areaRef, quoteSheet } from "../model/address";
import type { CellInput, ContextApi, WorkbookApi } from "./api";
import type { RawTable, RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { blankRowsToFill, createdRows, editSteps, rowCells, type EditRow, type TableEdit } from "../plan/edits";
import { columnPoints, tableBody, tablePrint, type PlanValue, type TableLayout, LEDGER_TITLE } from "../plan/layout";
import { textValue, applyLook, queuePrint, box } from "./look";
/**
 * A row of a tool's edit as cells, in the table's column order. A column the edit does not name
 * (the gamemaster's own columns, a calculated column) gets null, which leaves its cell as it is
 * ("Blank and null values in Excel add-ins": null in a 2-D array leaves that cell unchanged).
 */
function cells(headers: RawTable["headers"], row: EditRow): (string | number | boolean | null)[] {
  return rowCells(headers, row).map((v) => (v === undefined ? null : textValue(v)));
}

/**
 * A new table on a sheet of its own, as the layout says: the same table the .xlsx adapter makes.
 * `kept` (the Ledger) also gives it the generated sheets' look and print set-up, as the .xlsx
 * adapter does: their header look and a box round each cell, which rows added later copy.
 */
export function queueTable(wb: WorkbookApi, layout: TableLayout, rows: readonly (readonly PlanValue[])[], kept = false, sheet = layout.name): void {
  const ws = wb.worksheets.add(sheet);
  // A text column is formatted as text before its values arrive, so its cells take any text as it is.
  const body = tableBody(layout, rows).map((r) => r.map((v, i) => (layout.columnFormats[i] === "@" && v !== null ? String(v) : textValue(v))));
  const range = ws.getRangeByIndexes(0, 0, body.length + 1, layout.headers.length);
  range.numberFormat = [layout.headers.map(() => "General"), ...body.map(() => [...layout.columnFormats])];
  range.values = [[...layout.headers], ...body];
  const table = ws.tables.add(`${quoteSheet(sheet)}!${areaRef({ top: 1, left: 1, bottom: body.length + 1, right: layout.headers.length })}`, true);
  table.name = layout.name;
  table.style = layout.style;
  layout.columnWidths.forEach((w, i) => (ws.getRangeByIndexes(0, i, 1, 1).format.columnWidth = columnPoints(w)));
  layout.indented?.forEach((set, i) => {
    if (set) ws.getRangeByIndexes(1, i, body.length, 1).format.indentLevel = 1;
  });
  ws.freezePanes.freezeRows(1);
  // Every new table prints one page wide, its headers on every page; the Ledger with its title.
  queuePrint(ws.pageLayout, tablePrint(layout, layout.name === LEDGER.name ? LEDGER_TITLE : undefined));
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

/** Queues one edit of an input table, at the table as the edits before it left it. */
export function queueEdit(wb: WorkbookApi, edit: TableEdit, table: RawTable | undefined): void {
  if (edit.kind === "create") {
    queueTable(wb, edit.layout, createdRows(edit), false, edit.sheet);
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
        else
          ws.getRangeByIndexes(at(table, i, 0)[0], 0, 1, 1)
            .getEntireRow()
            .delete("Up");
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
  for (const { edit, before } of editSteps(raw, edits).steps) queueEdit(context.workbook, edit, before);
}
