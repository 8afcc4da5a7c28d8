/**
 * A credit of the book planned from what was asked (plan/asked.ts), and its words: what the pane's
 * action writes in its record, and what a finish plans again (rederive.ts) with the same planners.
 */
import { planEraEnd } from "./eraEnd";
import { planEvent } from "./event";
import { planDebit } from "./debit";
import { planReseal } from "./reseal";
import { planUndo } from "./undo";
import type { CreditOutcome } from "./credit";
import type { Asked } from "../plan/asked";
import type { Payment } from "../plan/types";
import type { CampaignRead } from "../read/campaign";
import { creditName } from "../read/creditName";

/** Whole mana handed out, as a line: "Ares 22, Hestia 24" (or that nobody collects any). */
export function handedLine(payments: readonly Pick<Payment, "god" | "paid">[]): string {
  const paid = payments.filter((p) => p.paid !== 0);
  return paid.length === 0 ? "nobody collects whole mana" : paid.map((p) => `${p.god} ${p.paid}`).join(", ");
}

/** A credit's words for the journal: what it does, and what it did. */
export function creditWords(outcome: CreditOutcome, pays: boolean): { words: string; done: string } {
  const name = creditName({ kind: outcome.kind, century: outcome.century, what: outcome.what });
  if (!pays)
    return {
      words: outcome.kind === "correction" ? "the correction of the book" : `taking back ${outcome.what}`,
      done: outcome.kind === "correction" ? `the book corrected ("${outcome.what}")` : `${outcome.what} taken back`,
    };
  return { words: `the credit of ${name}`, done: `${name} credited: ${handedLine(outcome.payments)}` };
}

/** A credit of the book planned from what was asked, with the planner the action itself uses. */
export function creditOutcome(read: CampaignRead, asked: Exclude<Asked, { kind: "century-end" | "rename" | "put-right" | "adopt" }>): CreditOutcome {
  switch (asked.kind) {
    case "event":
      return planEvent(read, asked.event, {
        ...(asked.times === undefined ? {} : { times: asked.times }),
        ...(asked.century === undefined ? {} : { century: asked.century }),
        ...(asked.again === undefined ? {} : { again: asked.again }),
      });
    case "era-end":
      return planEraEnd(read, asked.century);
    case "debit":
      return planDebit(read, asked.god, asked.mana, asked.because, asked.again === undefined ? {} : { again: asked.again });
    case "correction":
      return planReseal(read, asked.because);
    case "undo":
      return planUndo(read, asked.expected, asked.head);
  }
}
