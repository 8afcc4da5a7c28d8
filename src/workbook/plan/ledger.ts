/** The Ledger a century end leaves: earlier centuries kept, this century's rows written anew. */
import type { CenturyResult } from "../../engine/century";
import { formatExact, toNumber } from "../../engine/exact";
import { LEDGER, LEDGER_FORMATS, LEDGER_WIDTHS, TABLE_STYLE } from "../model/schema";
import type { LedgerRow } from "../read/types";
import type { PlanValue, TableLayout } from "./layout";

export interface LedgerPlan {
  /** how a new Ledger is laid out, and the columns an existing one is written with */
  readonly layout: TableLayout;
  /** the Ledger's whole new body, in order */
  readonly rows: readonly (readonly PlanValue[])[];
}

/** The Ledger as a new table: the same in Excel and in files. */
const LEDGER_LAYOUT: TableLayout = {
  name: LEDGER.name,
  headers: LEDGER.columns.map((c) => c.header),
  columnWidths: LEDGER_WIDTHS,
  columnFormats: LEDGER_FORMATS,
  style: TABLE_STYLE,
};

/** How many Ledger columns to write: all of them, or as many as an existing Ledger has. */
export function ledgerWidth(existingHeaders: readonly unknown[] | undefined, plan: LedgerPlan): number {
  if (existingHeaders === undefined) return plan.layout.headers.length;
  return Math.min(plan.layout.headers.length, existingHeaders.filter((h) => h !== null && h !== "").length);
}

export function ledgerPlan(previous: readonly LedgerRow[], result: CenturyResult): LedgerPlan {
  const rows: PlanValue[][] = previous
    .filter((r) => r.century !== result.century)
    .map((r) => [r.century, r.god, r.earned, r.paid, toNumber(r.carry), formatExact(r.carry)]);
  for (const p of result.payouts) rows.push([result.century, p.god, toNumber(p.earned), p.paid, toNumber(p.carry), formatExact(p.carry)]);
  return { layout: LEDGER_LAYOUT, rows };
}
