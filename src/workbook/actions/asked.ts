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

const figure = (n: number) => Math.abs(n).toLocaleString("en", { maximumFractionDigits: 6 });

/** Who is debited how much: "Solara is debited 1,000,000 mana". */
export function debitedLine(payments: readonly Pick<Payment, "god" | "earned">[]): string {
  const debited = payments.filter((p) => p.earned < 0);
  return debited.length === 0 ? "nobody is debited any mana" : debited.map((p) => `${p.god} is debited ${figure(p.earned)} mana`).join(", ");
}

/** What comes back out of whose box once a credit is taken back: "take 2 mana back out of Vorn's box, …". */
export function takenBackLine(payments: readonly Pick<Payment, "god" | "paid">[]): string {
  // An undo's payments hold what each row had paid, negated.
  const back = payments.filter((p) => p.paid !== 0);
  if (back.length === 0) return "it had paid no whole mana, so nothing comes back out of a box";
  return back.map((p) => `take ${figure(p.paid)} mana ${p.paid < 0 ? "back out of" : "back into"} ${p.god}'s box`).join(", ");
}

/** A credit's words for the journal: what it does, and what it did. */
export function creditWords(outcome: CreditOutcome, pays: boolean): { words: string; done: string } {
  const name = creditName({ kind: outcome.kind, century: outcome.century, what: outcome.what });
  if (!pays)
    return {
      words: outcome.kind === "correction" ? "the correction of the book" : `taking back ${outcome.what}`,
      done: outcome.kind === "correction" ? `the book corrected ("${outcome.what}")` : `${outcome.what} taken back: ${takenBackLine(outcome.payments)}`,
    };
  // A debit takes mana from an account: nothing is credited and nothing comes out of a box.
  if (outcome.kind === "debit") return { words: name, done: `${name} written: ${debitedLine(outcome.payments)}, and nothing comes out of a box` };
  return { words: `the credit of ${name}`, done: `${name} credited: ${handedLine(outcome.payments)}` };
}

/** A credit of the book planned from what was asked, with the planner the action itself uses. */
export function creditOutcome(
  read: CampaignRead,
  asked: Exclude<Asked, { kind: "century-end" | "rename" | "put-right" | "adopt" | "restart" }>,
): CreditOutcome {
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
