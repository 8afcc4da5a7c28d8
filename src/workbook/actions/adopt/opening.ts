/**
 * The opening balances of a campaign brought in, as one credit of their own kind: planned when it
 * is brought in (plan.ts), and again when a bringing in stopped within its commit is finished
 * (again.ts), without the proposal's sheet reading, which a finish does not need.
 */
import { pay } from "../../../engine/century";
import type { Posting } from "../../../engine/book";
import { formatExact, isNegative, isZero, parseDecimal, ZERO, type Ratio } from "../../../engine/exact";
import { DEMONS, nameKey } from "../../../engine/names";
import { tableError, tableWarning, payingNobody } from "../../model/problems";
import { GODS, isUnopened, LEDGER } from "../../model/schema";
import type { CampaignRead } from "../../read/campaign";
import { recipients } from "../../read/century";
import { credit, type CreditOutcome } from "../credit";
import type { OpeningCarry } from "./types";

/** The Ledger's What of the opening balances. */
export const openingWhat = (century: number): string => `brought in at century ${century}`;

/**
 * The opening balances as one credit of their own kind, at the last century paid by hand: each
 * account's carry (below 0: what it owed), exact, written once (never when the Ledger holds a
 * credit already). Read from the campaign as the adoption's edits leave it.
 */
export function planOpening(
  read: CampaignRead,
  adoption: { readonly century: number; readonly opening: readonly OpeningCarry[]; readonly what?: string },
): CreditOutcome {
  const { campaign } = read;
  // The opening pays nobody: warnings about what a century end would pay do not stop it.
  const { century } = adoption;
  // A mana sheet of a century paid by hand ("C2 Mana") tells of a Ledger that is not there yet: the opening is it.
  const problems = payingNobody(read.problems).filter((p) => {
    // The Ledger not opened yet is what the opening puts right.
    if (isUnopened(p)) return false;
    const m = /^the sheet "C(\d+) Mana" shows that century (\d+) was paid/.exec(p.message);
    return m === null || Number(m[1]) > century;
  });
  const what = adoption.what ?? openingWhat(century);
  const first = campaign.ledger[0];
  if (first !== undefined) {
    // A Ledger kept already (typed by hand, or the add-in's) carries every account on: it is the book's history.
    const given = adoption.opening.filter((o) => o.from === "--carry");
    problems.push(
      given.length > 0
        ? tableError(
            LEDGER.name,
            `the Ledger holds credits already (this row), and they say what each account carries: --carry ${given.map((o) => o.god).join(", ")} would open the book a second time. Leave --carry out, or correct the Ledger itself.`,
            { row: first.row },
          )
        : tableWarning(
            LEDGER.name,
            `the Ledger holds credits already (from this row): they are kept as the book's history and carry each account on, so no opening balances are written${adoption.opening.length > 0 ? " (the carries of your mana sheet are not used)" : ""}.`,
            { row: first.row },
          ),
    );
    return { kind: "opening", what, century, problems, campaign, payments: [], postings: [] };
  }
  const who = new Map(recipients(campaign).map((g) => [nameKey(g), g]));
  const carried = new Map<string, Ratio>();
  for (const o of adoption.opening) {
    const god = who.get(nameKey(o.god));
    const carry = parseDecimal(o.carry);
    if (god === undefined || carry === null) {
      problems.push(
        tableError(
          GODS.name,
          `${o.god} carried ${o.carry} (${o.from}), but has no account: it is not a god of the Gods table (a demon's carry goes to ${DEMONS}).`,
        ),
      );
      continue;
    }
    carried.set(god, carry);
  }
  // Every account opens, at 0 when it carried nothing: the Ledger then says the book began here.
  const postings: Posting[] = [...who.values()].map((god) => {
    const earned = carried.get(god) ?? ZERO;
    return { god, carryIn: ZERO, earned, ...pay(ZERO, earned) };
  });
  return credit(read, "opening", what, century, postings, problems, { recorded: true });
}

/** An opening carry as the question shows it: "Vorn 0.79", "Kettu owes 2.5". */
export function openingLine(o: OpeningCarry): string {
  const r = parseDecimal(o.carry);
  return r !== null && isNegative(r) ? `${o.god} owes ${formatExact({ n: -r.n, d: r.d })} (${o.from})` : `${o.god} ${o.carry} (${o.from})`;
}

/** An account's opening carry as said once it is written: "Vorn carries 0.79", "Kettu owes 2.5". */
export function carriesLine(god: string, carry: Ratio): string {
  return isNegative(carry) ? `${god} owes ${formatExact({ n: -carry.n, d: carry.d })}` : `${god} carries ${formatExact(carry)}`;
}

/**
 * What the opening credit wrote, account by account in the Ledger's order (`accounts`), exactly as
 * the question showed each carry: "Solara carries 0.3, Kettu owes 2.5; the other 2 open at 0",
 * "every account at 0".
 */
export function openedLine(opening: readonly OpeningCarry[], accounts: readonly string[]): string {
  const given = new Map(opening.map((o) => [nameKey(o.god), parseDecimal(o.carry)]));
  const named = accounts.flatMap((god) => {
    const carry = given.get(nameKey(god));
    return carry === undefined || carry === null || isZero(carry) ? [] : [carriesLine(god, carry)];
  });
  if (named.length === 0) return "every account at 0";
  const rest = accounts.length - named.length;
  return rest === 0 ? named.join(", ") : `${named.join(", ")}; ${rest === 1 ? "the other opens" : `the other ${rest} open`} at 0`;
}

/** The sentence said once the opening credit is written: "The Ledger opens at century 2: Vorn carries 0.79, Kettu owes 2.5." */
export function openedSentence(century: number, opening: readonly OpeningCarry[], written: Pick<CreditOutcome, "payments">): string {
  return `The Ledger opens at century ${century}: ${openedLine(
    opening,
    written.payments.map((p) => p.god),
  )}.`;
}
