/** The Ledger: what every recipient earned, was paid and carried, century by century. */
import { cmp, parseExact, toNumber, ONE } from "../../engine/exact";
import { DEMONS, nameKey } from "../../engine/names";
import { cellAddress } from "../model/address";
import type { Problem } from "../model/problems";
import type { RawTable } from "../model/raw";
import { LEDGER, normalizeHeader } from "../model/schema";
import type { TableReader } from "../model/tableReader";
import type { God, LedgerRow } from "./types";

/**
 * The add-in writes the Ledger column by column in its own order, so a Ledger of another shape
 * is refused before anything is written. Exact Carry, the last column, may be left out.
 */
export function ledgerShapeProblem(raw: RawTable): Problem | undefined {
  const headers = raw.headers.map(normalizeHeader).filter((h) => h !== "");
  const expected = LEDGER.columns.map((c) => normalizeHeader(c.header));
  if ((headers.length === expected.length || headers.length === expected.length - 1) && headers.every((h, i) => h === expected[i])) return undefined;
  return {
    severity: "error",
    table: LEDGER.name,
    row: raw.headerRow,
    message: `its columns must be ${LEDGER.columns.map((c) => c.header).join(", ")} (the last may be left out), in that order, as the add-in writes them. Rename this Ledger (to keep it) and the add-in will start a new one.`,
    address: cellAddress(raw.sheet, raw.headerRow, raw.firstColumn),
  };
}

export function readLedger(reader: TableReader | undefined, gods: ReadonlyMap<string, God>): LedgerRow[] {
  const ledger: LedgerRow[] = [];
  const seen = new Set<string>();
  for (const r of reader?.rows() ?? []) {
    const century = r.whole("Century", { min: 1, what: "a century number, 1 or more" });
    const god = r.text("God");
    const paid = r.whole("Paid", { what: "a whole number of mana, 0 or more" });
    const shownCarry = r.decimal("Carry", "the mana carried, 0 or more");
    const earned = r.decimal("Earned", "the mana earned, 0 or more");
    if (century === undefined || god === undefined || paid === undefined || shownCarry === undefined || earned === undefined) continue;
    // The exact carry, when the add-in wrote it, avoids any rounding in the displayed number.
    let carry = shownCarry;
    const exact = r.has("Exact Carry") ? r.text("Exact Carry", false) : undefined;
    if (exact !== undefined) {
      const parsed = parseExact(exact);
      if (parsed !== null && Math.abs(toNumber(parsed) - toNumber(shownCarry)) < 1e-6) carry = parsed;
    }
    const known = nameKey(god) === nameKey(DEMONS) ? DEMONS : (gods.get(nameKey(god))?.name ?? god);
    if (cmp(carry, ONE) >= 0) {
      r.error("Carry", `${toNumber(carry)} is not a fraction: what is carried is always less than 1 mana.`);
      continue;
    }
    const pair = `${century}\u0000${nameKey(known)}`;
    if (seen.has(pair)) {
      r.error("God", `${known} has two rows for century ${century}; a god is paid once a century.`);
      continue;
    }
    seen.add(pair);
    ledger.push({ century, god: known, earned: toNumber(earned), paid, carry });
  }
  return ledger;
}
