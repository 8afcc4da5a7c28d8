/**
 * The History sheet read back (schema STORY_SHEETS): the rows under its header row, one per race
 * or recipient and century, as they were written. A century end carries the rows of earlier
 * centuries over as they are, so what a race was when its century ended is never worked out again
 * from today's tables.
 */
import type { RawCell } from "../model/raw";
import { HISTORY_HEADERS, normalizeHeader } from "../model/schema";

export interface HistoryRow {
  readonly century: number;
  readonly kind: string;
  readonly name: string;
  /** the row's cells, one per History column, as read */
  readonly cells: readonly RawCell[];
}

const at = (name: (typeof HISTORY_HEADERS)[number]): number => HISTORY_HEADERS.indexOf(name);

/** A number a History cell holds, or undefined. */
export function historyNumber(row: HistoryRow, column: "Units" | "Cities" | "Great cities" | "Strength" | "Earned (net)" | "Paid"): number | undefined {
  const value = row.cells[at(column)];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The History's rows, from its sheet's cells (from A1); none when the sheet is missing or has no header row. */
export function readHistory(cells: readonly (readonly RawCell[])[] | undefined): HistoryRow[] {
  if (cells === undefined) return [];
  const header = cells.findIndex((r) => normalizeHeader(r[0]) === normalizeHeader(HISTORY_HEADERS[0]) && normalizeHeader(r[1]) === normalizeHeader("Kind"));
  if (header < 0) return [];
  const rows: HistoryRow[] = [];
  for (const r of cells.slice(header + 1)) {
    const [century, kind, name] = r;
    // The rows end where the notes under them begin (text in the first column); a row left
    // blank or broken among them is passed over, not taken for the end.
    if (typeof century === "string" && century.trim() !== "") break;
    if (typeof century !== "number" || !Number.isSafeInteger(century) || century < 1) continue;
    rows.push({
      century,
      kind: typeof kind === "string" ? kind : "",
      name: typeof name === "string" || typeof name === "number" ? String(name) : "",
      cells: HISTORY_HEADERS.map((_, i) => r[i] ?? null),
    });
  }
  return rows;
}
