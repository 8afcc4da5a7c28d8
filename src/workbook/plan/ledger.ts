/**
 * The Ledger a credit leaves: the rows it held, in their order, less those a credit replaces or
 * an undo takes back, and the new credit's rows at the end. An older Ledger gains the columns it
 * lacks at its right; nothing already in it moves.
 */
import type { CreditKind } from "../../engine/book";
import { formatExact, toNumber, type Ratio } from "../../engine/exact";
import { isErrorCell, type RawCell, type RawTable } from "../model/raw";
import { tableError, type Problem } from "../model/problems";
import { LARGEST_NUMBER } from "../model/tableReader";
import { LEDGER, LEDGER_FORMATS, LEDGER_WIDTHS, normalizeHeader, TABLE_STYLE } from "../model/schema";
import type { LedgerRow } from "../read/types";
import { emptyHead, headOf, type BookHead } from "../read/head";
import { fitColumns, type PlanValue, type TableLayout } from "./layout";

export interface LedgerPlan {
  /** how a new Ledger is laid out */
  readonly layout: TableLayout;
  /** the Ledger's headers once written, in the sheet's order: an existing Ledger's, then any it gains */
  readonly headers: readonly string[];
  /** how many headers an existing Ledger gains at its right */
  readonly added: number;
  /** each header's number format */
  readonly formats: readonly string[];
  /** the Ledger's whole new body, in order, one value per header */
  readonly rows: readonly (readonly PlanValue[])[];
}

/** One recipient's row of a new credit. */
export interface CreditRow {
  readonly century: number;
  readonly kind: CreditKind;
  readonly what: string | null;
  readonly god: string;
  readonly earned: Ratio;
  readonly paid: number;
  readonly carry: Ratio;
}

/** The Ledger as a new table: the same in Excel and in files. */
export const LEDGER_LAYOUT: TableLayout = {
  name: LEDGER.name,
  headers: LEDGER.columns.map((c) => c.header),
  columnWidths: LEDGER_WIDTHS,
  columnFormats: LEDGER_FORMATS,
  style: TABLE_STYLE,
};

const FORMAT_BY_HEADER = new Map(LEDGER.columns.map((c, i) => [normalizeHeader(c.header), LEDGER_FORMATS[i] ?? "General"]));

/** A credit's values by the Ledger's column. */
function valuesOf(row: CreditRow): Readonly<Record<string, PlanValue>> {
  return {
    century: row.century,
    kind: row.kind,
    what: row.what,
    god: row.god,
    earned: toNumber(row.earned),
    paid: row.paid,
    carry: toNumber(row.carry),
    exactcarry: formatExact(row.carry),
  };
}

/**
 * The Ledger after a credit: `existing` as found (undefined when there is none yet), its rows
 * as read, those at `removed` (row indexes) taken out, and `added` appended.
 */
export function ledgerPlan(
  existing: RawTable | undefined,
  ledger: readonly LedgerRow[],
  removed: ReadonlySet<number>,
  added: readonly CreditRow[],
): LedgerPlan {
  const have = existing === undefined ? [] : existing.headers.map((h) => (h === null || isErrorCell(h) ? "" : String(h)));
  const present = new Set(have.map(normalizeHeader));
  const missing = existing === undefined ? LEDGER_LAYOUT.headers : LEDGER_LAYOUT.headers.filter((h) => !present.has(normalizeHeader(h)));
  const headers = [...have, ...missing];
  const keys = headers.map(normalizeHeader);
  const rows: PlanValue[][] = [];
  for (const row of [...ledger].sort((a, b) => a.index - b.index)) {
    if (removed.has(row.index)) continue;
    const raw = existing?.rows[row.index] ?? [];
    const extra: Readonly<Record<string, PlanValue>> = { kind: row.kind, what: row.what, exactcarry: formatExact(row.carry) };
    // Cells the Ledger already holds stay as they are; the columns it gains are filled in.
    rows.push(keys.map((k, c) => (c < have.length ? toPlanValue(raw[c]) : (extra[k] ?? null))));
  }
  for (const credit of added) {
    const values = valuesOf(credit);
    rows.push(keys.map((k) => values[k] ?? null));
  }
  // A new Ledger's columns are wide enough for its longest name (the god, the event).
  const fitted = fitColumns(
    LEDGER_LAYOUT.columnWidths,
    rows.map((r) => r.map((v) => (typeof v === "string" ? { value: v, style: "text" as const } : null))),
  ).columnWidths;
  return {
    layout: { ...LEDGER_LAYOUT, columnWidths: fitted },
    headers,
    added: existing === undefined ? 0 : missing.length,
    formats: keys.map((k) => FORMAT_BY_HEADER.get(k) ?? "General"),
    rows,
  };
}

function toPlanValue(cell: unknown): PlanValue {
  return cell === undefined || cell === null || isErrorCell(cell) ? null : (cell as PlanValue);
}

/** The book's head once a credit is written: the Ledger's rows as read, less `removed`, then `added`. */
export function headAfter(ledger: readonly LedgerRow[], removed: ReadonlySet<number>, added: readonly CreditRow[]): BookHead | undefined {
  const rows = [...[...ledger].filter((r) => !removed.has(r.index)).sort((a, b) => a.index - b.index), ...added];
  // Emptied by taking back what it held: the head says so (a Ledger that never held a row keeps none).
  return rows.length === 0 && ledger.length > 0 ? emptyHead() : headOf(rows);
}

/** The first row of a Ledger's new body that differs from what it holds: rows above it are left alone. */
export function firstChange(before: readonly (readonly RawCell[])[], after: readonly (readonly PlanValue[])[]): number {
  // A cell holding an error (#N/A) never holds what the plan writes.
  const same = (a: RawCell | undefined, b: PlanValue) => a === b || (!isErrorCell(a) && String(a ?? "") === String(b ?? ""));
  const i = after.findIndex((row, r) => before[r] === undefined || row.length !== before[r].length || row.some((v, c) => !same(before[r]?.[c], v)));
  return i < 0 ? Math.min(after.length, before.length) : i;
}

/**
 * The reader's rule at the writer's door: a credit whose amounts no campaign number may hold (a
 * race grown for centuries without a Limit pays past 10^15 mana) is refused before it is
 * written, naming the largest, instead of leaving a Ledger every later command refuses.
 */
export function tooLargeCredit(added: readonly CreditRow[]): Problem | undefined {
  let largest: CreditRow | undefined;
  for (const c of added)
    if (Math.abs(toNumber(c.earned)) >= LARGEST_NUMBER && (largest === undefined || toNumber(c.earned) > toNumber(largest.earned))) largest = c;
  if (largest === undefined) return undefined;
  return tableError(
    LEDGER.name,
    `${largest.god} would earn ${Math.round(toNumber(largest.earned)).toLocaleString("en")} mana, more than a campaign's numbers hold (below 1,000,000,000,000,000), so nothing was written. A race's Units or a count has grown far past what the game means: look at the Races and Counts tables (a Limit stops a race's growth).`,
  );
}
