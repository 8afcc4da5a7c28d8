/**
 * Setting up a campaign workbook: the input tables that are missing, each on a sheet of its own
 * with its headers, column widths and cell formats. `gods init` and the task pane lay tables out
 * alike.
 */
import type { EditPlan, TableEdit } from "./edits";
import type { RawWorkbook } from "./raw";
import { INPUT_TABLES } from "./schema";

const WIDTHS: Readonly<Record<string, number>> = { Note: 34, Source: 20, Race: 16, Sphere: 12, Member: 14, God: 14, Cause: 14, Timing: 14, Basis: 12 };

/** A column's width in characters. */
export function columnWidth(header: string): number {
  return WIDTHS[header] ?? Math.max(10, header.length + 4);
}

/**
 * Columns of names and words are formatted as text, so a name such as "1e3" or "=Ares" stays
 * what the gamemaster typed; number columns keep Excel's general format, so 40% and 0.4 both
 * read as typed.
 */
const TEXT_COLUMNS = new Set(["God", "Kind", "Sphere", "Source", "Basis", "Flat", "Cause", "Timing", "Race", "Culture", "Turmoil", "Member", "Note"]);

export function columnFormat(header: string): string {
  return TEXT_COLUMNS.has(header) ? "@" : "General";
}

/** The input tables the workbook has neither as a table nor as a sheet, to be created empty. */
export function planMissingTables(raw: RawWorkbook): EditPlan {
  const missing = INPUT_TABLES.filter((spec) => !raw.tables.has(spec.name.toLowerCase()));
  const edits: TableEdit[] = missing.map((spec) => ({ kind: "create", spec, rows: [] }));
  const names = missing.map((spec) => spec.name);
  const message =
    names.length === 0
      ? "Every input table is already there; nothing was added."
      : `Added ${names.length === 1 ? "the table" : `${names.length} tables`}, each on a sheet of its own: ${names.join(", ")}. Fill in their rows.`;
  return { edits, message, problems: [] };
}
