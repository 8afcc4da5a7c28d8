/** A credit as a gamemaster names it, for every message that names one. */
import type { LedgerRow } from "./types";

export function creditName(row: Pick<LedgerRow, "century" | "kind" | "what">): string {
  if (row.kind === "correction") return `the correction of the book in century ${row.century} ("${row.what ?? ""}")`;
  if (row.kind === "opening")
    return row.what?.startsWith("started again at century ") === true
      ? `the book started again at century ${row.century}`
      : `the balances brought in at century ${row.century}`;
  if (row.kind === "debit") return `the debit "${row.what ?? ""}" in century ${row.century}`;
  return row.kind === "century-end"
    ? `the end of century ${row.century}`
    : row.kind === "era-end"
      ? row.century === 0
        ? "Era Aleph's end"
        : `the era's end after century ${row.century}`
      : `the event "${row.what ?? ""}" in century ${row.century}`;
}
