/**
 * Changes to the campaign's input tables, described as data, like the century-end plan: the task
 * pane's tools (record deaths, cults, obliteration, turmoil, new tables) each turn what they read
 * into a list of edits. The Office.js adapter carries the list out in Excel, and `applyEdits`
 * carries the same list out on what was read, so the pane can show the campaign as it is after
 * the change without reading the workbook a second time.
 */
import type { Problem } from "../model/problems";
import { isBlankRow, type RawCell, type RawTable, type RawWorkbook } from "../model/raw";
import { tableBody, type PlanValue, type TableLayout } from "./layout";
import { columnIndex } from "../model/tableReader";

/** One row by column header (matched like every header: case and spaces ignored). */
export type EditRow = Readonly<Record<string, PlanValue>>;

export type TableEdit =
  /** a new sheet holding a new Excel table laid out so, with these rows */
  | {
      readonly kind: "create";
      readonly layout: TableLayout;
      readonly rows: readonly EditRow[];
      /** the sheet it goes on, when not the table's own name (a sheet of the gamemaster's has that name) */
      readonly sheet?: string;
    }
  /** a new column at the table's right, with one value per existing row */
  | { readonly kind: "addColumn"; readonly table: string; readonly header: string; readonly values: readonly PlanValue[] }
  /** new values for some cells of one row (`index` counts the rows under the headers from 0) */
  | { readonly kind: "update"; readonly table: string; readonly index: number; readonly values: EditRow }
  | { readonly kind: "delete"; readonly table: string; readonly indexes: readonly number[] }
  /** rows added at the table's end */
  | { readonly kind: "append"; readonly table: string; readonly rows: readonly EditRow[] };

/** The table an edit changes, by the name it is looked up under. */
export function tableOf(edit: TableEdit): string {
  return edit.kind === "create" ? edit.layout.name : edit.table;
}

/**
 * The order edits are carried out in, whatever order a tool listed them: row numbers always
 * refer to the table as it was read, so nothing that moves rows (deleting, appending) may come
 * before an edit that names a row, and a table's deletions (and its appended rows) are made in
 * one go, since a first deletion would move the rows a second one names.
 */
const ORDER: Readonly<Record<TableEdit["kind"], number>> = { create: 0, addColumn: 1, update: 2, delete: 3, append: 4 };

export function inOrder(edits: readonly TableEdit[]): TableEdit[] {
  const merged: TableEdit[] = [];
  for (const edit of edits) {
    const at = merged.findIndex((m) => m.kind === edit.kind && tableOf(m).toLowerCase() === tableOf(edit).toLowerCase());
    const same = merged[at];
    if (same?.kind === "delete" && edit.kind === "delete") merged[at] = { ...same, indexes: [...new Set([...same.indexes, ...edit.indexes])] };
    else if (same?.kind === "append" && edit.kind === "append") merged[at] = { ...same, rows: [...same.rows, ...edit.rows] };
    else merged.push(edit);
  }
  return merged.sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
}

/** The position of each of a row's values among the table's columns; a column the table lacks is an error in the tool. */
export function rowCells(headers: readonly RawCell[], row: EditRow): (PlanValue | undefined)[] {
  const cells: (PlanValue | undefined)[] = headers.map(() => undefined);
  for (const [header, value] of Object.entries(row)) {
    const at = columnIndex({ headers }, header);
    if (at < 0) throw new Error(`the ${header} column is missing`);
    cells[at] = value;
  }
  return cells;
}

/**
 * Where appended rows go in an Excel table whose every row is blank (a new table has one blank
 * row): into those blank rows first, as someone typing would.
 */
export function blankRowsToFill(table: RawTable): number {
  return table.isTable && table.rows.length > 0 && table.rows.every(isBlankRow) ? table.rows.length : 0;
}

/** The body of a table a "create" edit makes, one value per header. */
export function createdRows(edit: Extract<TableEdit, { kind: "create" }>): PlanValue[][] {
  return tableBody(
    edit.layout,
    edit.rows.map((r) => rowCells(edit.layout.headers, r).map((v) => v ?? null)),
  );
}

/** The table an edit meets, as the edits before it left it (undefined for a new table). */
export interface EditStep {
  readonly edit: TableEdit;
  readonly before: RawTable | undefined;
}

function applyOne(table: RawTable | undefined, edit: TableEdit): RawTable {
  if (edit.kind === "create") {
    const { layout } = edit;
    const rows = createdRows(edit);
    return { name: layout.name, sheet: edit.sheet ?? layout.name, headerRow: 1, firstColumn: 1, headers: [...layout.headers], rows, isTable: true };
  }
  if (table === undefined) throw new Error(`there is no ${edit.table} table`);
  const headers: RawCell[] = [...table.headers];
  let rows: RawCell[][] = table.rows.map((r) => [...r]);
  switch (edit.kind) {
    case "addColumn":
      headers.push(edit.header);
      rows = rows.map((r, i) => [...r, ...Array.from({ length: headers.length - 1 - r.length }, () => null), edit.values[i] ?? null]);
      break;
    case "update": {
      const row = rows[edit.index];
      if (row === undefined) throw new Error(`the ${edit.table} table has no row ${edit.index + 1}`);
      rowCells(headers, edit.values).forEach((v, c) => {
        if (v !== undefined) row[c] = v;
      });
      break;
    }
    case "delete": {
      const gone = new Set(edit.indexes);
      rows = rows.filter((_, i) => !gone.has(i));
      break;
    }
    case "append": {
      const added = edit.rows.map((r) => rowCells(headers, r).map((v) => v ?? null));
      const fill = blankRowsToFill(table);
      rows = fill > 0 ? [...added, ...rows.slice(Math.min(fill, added.length))] : [...rows, ...added];
      break;
    }
  }
  return { ...table, headers, rows };
}

/** Each edit in the order it is carried out, with its table as the edits before left it. */
export function editSteps(raw: RawWorkbook, edits: readonly TableEdit[]): { steps: EditStep[]; after: RawWorkbook } {
  const tables = new Map(raw.tables);
  const sheetNames = [...raw.sheetNames];
  const steps: EditStep[] = [];
  for (const edit of inOrder(edits)) {
    const key = tableOf(edit).toLowerCase();
    const before = tables.get(key);
    steps.push({ edit, before });
    tables.set(key, applyOne(before, edit));
    if (edit.kind === "create") sheetNames.push(edit.sheet ?? edit.layout.name);
  }
  return { steps, after: { tables, sheetNames } };
}

/** The workbook as read, with the edits made: what Excel holds once they are written. */
export function applyEdits(raw: RawWorkbook, edits: readonly TableEdit[]): RawWorkbook {
  // Only input tables change: what else was read (the sheets read back, the problems of the file) stays.
  return { ...raw, ...editSteps(raw, edits).after };
}

/**
 * What a tool wants written, and why not when it cannot: any error in `problems` means nothing
 * is written and the message is not shown.
 */
export interface EditPlan {
  readonly edits: readonly TableEdit[];
  /** what the edits do, in a sentence for the gamemaster */
  readonly message: string;
  /** one line per place the edits touch, when there are several */
  readonly details?: readonly string[];
  readonly problems: readonly Problem[];
}

/** A plan that writes nothing because of one problem. */
export function refused(problem: Problem): EditPlan {
  return { edits: [], message: "", problems: [problem] };
}
