/**
 * Setting up a campaign workbook: the input tables that are missing, each on a sheet of its own
 * laid out as `gods init` lays it out.
 */
import type { RawWorkbook } from "../model/raw";
import { INPUT_TABLES } from "../model/schema";
import type { EditPlan, TableEdit } from "../plan/edits";
import { tableLayout } from "../plan/layout";

/** The input tables the workbook has neither as a table nor as a sheet, to be created empty. */
export function planMissingTables(raw: RawWorkbook): EditPlan {
  const missing = INPUT_TABLES.filter((spec) => !raw.tables.has(spec.name.toLowerCase()));
  const edits: TableEdit[] = missing.map((spec) => ({ kind: "create", layout: tableLayout(spec), rows: [] }));
  const names = missing.map((spec) => spec.name);
  const message =
    names.length === 0
      ? "Every input table is already there; nothing was added."
      : names.length === 1
        ? `Added the ${names.join("")} table, on a sheet of its own. Fill in its rows.`
        : `Added ${names.length} tables, each on a sheet of its own: ${names.join(", ")}. Fill in their rows.`;
  return { edits, message, problems: [] };
}
