/** What every planner hands an adapter, and what it tells of each recipient's account. */
import { toNumber, type Ratio } from "../../engine/exact";
import type { SheetPlan } from "./layout";
import type { LedgerPlan } from "./ledger";
import type { BookHead } from "../read/head";

/** Everything a credit writes: its sheets (a century end's three worksheets, the book's sheets), and the Ledger's new content. */
export interface WorkbookPlan {
  readonly century: number;
  readonly sheets: readonly SheetPlan[];
  readonly ledger: LedgerPlan;
  /** the book's head once the Ledger is written (read/head.ts), kept in the workbook's name for it */
  readonly head?: BookHead;
}

/** One recipient's account in a credit, as numbers for showing. */
export interface Payment {
  readonly god: string;
  /** what the account carried before */
  readonly carryIn: number;
  readonly earned: number;
  readonly paid: number;
  readonly carry: number;
}

/** Accounts after a credit (the engine's payouts or postings, exact) as payments to show. */
export function toPayments(
  accounts: readonly { readonly god: string; readonly carryIn: Ratio; readonly earned: Ratio; readonly paid: number; readonly carry: Ratio }[],
): Payment[] {
  return accounts.map((p) => ({ god: p.god, carryIn: toNumber(p.carryIn), earned: toNumber(p.earned), paid: p.paid, carry: toNumber(p.carry) }));
}
