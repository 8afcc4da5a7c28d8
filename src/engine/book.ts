/**
 * The mana book: every kind of credit (century end, event, era end) goes into one account per
 * character. Event and era-end credits are worked out here, exactly; each is then paid like a
 * century end (whole part now, fraction carried), so over any history the whole mana paid to a
 * character is the floor of the exact sum of its credits.
 */
import { bySphere, holdings, multipliersOf, pay, type CardHolding, type SourceRule } from "./century";
import { add, isNegative, mul, sub, ZERO, type Ratio } from "./exact";
import { nameKey } from "./names";

/**
 * A correction credits nothing: it records that the gamemaster corrected the book, and why. A
 * debit takes mana a character must lose out of its account, which may then owe it. An opening
 * balance is what a campaign kept by hand carried (or owed) when it was brought in: the book's
 * first credit, at the last century paid by hand.
 */
export type CreditKind = "century-end" | "event" | "era-end" | "correction" | "debit" | "opening";
export const CREDIT_KINDS: readonly CreditKind[] = ["century-end", "event", "era-end", "correction", "debit", "opening"];

/** One recipient's share of a credit, with how it was reached. */
export interface CreditLine {
  readonly god: string;
  readonly earned: Ratio;
  /** the sources that paid it, with their multiplier and count (the times an event happened, or an era-end count) */
  readonly parts: readonly { readonly source: string; readonly spheres: readonly string[]; readonly multiplier: Ratio; readonly count: Ratio }[];
}

/** A recipient's account after a credit. */
export interface Posting {
  readonly god: string;
  readonly carryIn: Ratio;
  readonly earned: Ratio;
  readonly paid: number;
  readonly carry: Ratio;
}

/** The event sources, by the name key of the event, each with its rules in every sphere. */
export function eventSources(sources: readonly SourceRule[]): Map<string, SourceRule[]> {
  const events = new Map<string, SourceRule[]>();
  for (const s of sources) {
    if (s.timing !== "event") continue;
    const k = nameKey(s.source);
    const list = events.get(k);
    if (list === undefined) events.set(k, [s]);
    else list.push(s);
  }
  return events;
}

/**
 * What each recipient earns from sources that share one count: for every source, the count
 * times the recipient's multiplier, summed.
 */
function creditLines(
  recipients: readonly string[],
  cards: readonly CardHolding[],
  sources: readonly SourceRule[],
  countOf: (source: SourceRule) => Ratio,
): CreditLine[] {
  const sourcesBySphere = bySphere(sources);
  const held = holdings(cards);
  const rules = new Map(sources.map((s) => [nameKey(s.source), s]));
  return recipients.map((god) => {
    let earned: Ratio = ZERO;
    const parts: CreditLine["parts"][number][] = [];
    for (const [k, m] of multipliersOf(god, held.get(god) ?? [], sourcesBySphere, sources)) {
      const rule = rules.get(k);
      if (rule === undefined) continue;
      const count = countOf(rule);
      earned = add(earned, mul(count, m.multiplier));
      parts.push({ source: m.source, spheres: m.spheres, multiplier: m.multiplier, count });
    }
    return { god, earned, parts };
  });
}

/**
 * An event's credit: for each recipient, the rate of the event's sources times its cards (or
 * the rate once, when flat), summed over its spheres, times how many times the event happened.
 */
export function eventCredit(recipients: readonly string[], cards: readonly CardHolding[], rules: readonly SourceRule[], times: number): CreditLine[] {
  const n: Ratio = { n: BigInt(times), d: 1n };
  return creditLines(recipients, cards, rules, () => n);
}

/**
 * An era's end: every era-end source counted from the closing century's counts (a source with
 * no count counts 0), times each recipient's multiplier.
 */
export function eraEndCredit(
  recipients: readonly string[],
  cards: readonly CardHolding[],
  sources: readonly SourceRule[],
  counts: ReadonlyMap<string, Ratio>,
): CreditLine[] {
  const eraEnd = sources.filter((s) => s.timing === "era-end" && s.basis === "count");
  return creditLines(recipients, cards, eraEnd, (s) => counts.get(nameKey(s.source)) ?? ZERO);
}

/**
 * A debit: `amount` mana (more than 0) that `god` must lose, taken from what its account holds;
 * what the account cannot cover it owes, and its next credits pay that first.
 */
export function debit(god: string, amount: Ratio, carryIn: Ratio): Posting {
  const earned = sub(ZERO, amount);
  return { god, carryIn, earned, ...pay(carryIn, earned) };
}

/** What an account owes: the part of its carry below 0 (0 when it owes nothing). */
export function owed(carry: Ratio): Ratio {
  return isNegative(carry) ? sub(ZERO, carry) : ZERO;
}

/** Credits each line to its recipient's account, carrying in what the account holds. */
export function post(lines: readonly CreditLine[], carries: ReadonlyMap<string, Ratio>): Posting[] {
  return lines.map((l) => {
    const carryIn = carries.get(l.god) ?? ZERO;
    return { god: l.god, carryIn, earned: l.earned, ...pay(carryIn, l.earned) };
  });
}
