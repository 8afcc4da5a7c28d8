import { checkWhole } from "./checks";
import { fail, wholeResult } from "./errors";
import { ceil, cmp, fromNumber, isNegative, mul, ONE, ratio, toNumber, type Ratio } from "./exact";

/** No combination of modifiers brings a cost below this share of the normal cost. */
export const COST_FLOOR: Ratio = { n: 1n, d: 4n };

/**
 * The mana a power costs after its cost modifiers: the normal cost times every modifier, worked
 * out exactly and rounded up once at the end, but never below 25% of the normal cost (that floor
 * rounded up as well). Modifiers are multipliers: 0.75 for "25% less", 2 for "double".
 * @example powerCost(10, [0.75]) // 8 (7.5 rounded up)
 * @example powerCost(10, [0.5, 0.5]) // 3 (2.5 is below the floor of 25% of 10, rounded up: 3)
 */
export function powerCost(normalCost: number, modifiers: readonly (number | Ratio)[] = []): number {
  checkWhole(normalCost, "The normal cost", " of mana");
  let factor = ONE;
  for (const m of modifiers) {
    const r = typeof m === "number" ? fromNumber(m) : m;
    if (isNegative(r)) fail(`A cost modifier cannot be negative.`);
    factor = mul(factor, r);
  }
  const normal = ratio(normalCost);
  const cost = ceil(mul(normal, factor));
  const floor = ceil(mul(normal, COST_FLOOR));
  return wholeResult(cost > floor ? cost : floor, "The cost");
}

/** A persuasion power by its targets: one (P), two (P2), or everyone in the locale who fits (Pm). */
export type Persuasion = "p" | "p2" | "pm";
export const PERSUASIONS: readonly Persuasion[] = ["p", "p2", "pm"];

/**
 * What a persuasion costs when some of its targets have an ability that raises the cost of
 * persuasion (seed 000, Persuasion Powers (P)), each such ability a factor of 1 or more. A P or P2
 * power reaches all its targets at once: every target's factor multiplies the cost with the
 * caster's own modifiers. A Pm power reaches a target who raises the cost only if the caster pays
 * that target's rise: the cost with his factor less the cost without it, added for each one.
 * Every cost is powerCost's: rounded up once, never below 25% of the normal cost.
 * @example persuasionCost(10, "p2", [2, 1.5]) // 30
 * @example persuasionCost(10, "pm", [2, 1.5]) // 25 (10, 10 more for one, 5 for the other)
 */
export function persuasionCost(normalCost: number, kind: Persuasion, raises: readonly (number | Ratio)[], modifiers: readonly (number | Ratio)[] = []): number {
  const most = kind === "p" ? 1 : kind === "p2" ? 2 : Infinity;
  if (raises.length > most)
    fail(`A ${kind.toUpperCase()} power has ${most === 1 ? "one target" : "two targets"}, so at most ${most} can raise its cost, not ${raises.length}.`);
  for (const r of raises) {
    const f = typeof r === "number" ? fromNumber(r) : r;
    if (cmp(f, ONE) < 0) fail(`A target's ability raises the cost: its factor is 1 or more (2 for double), not ${toNumber(f)}.`);
  }
  if (kind !== "pm") return powerCost(normalCost, [...modifiers, ...raises]);
  const base = powerCost(normalCost, modifiers);
  let total = BigInt(base);
  for (const r of raises) total += BigInt(powerCost(normalCost, [...modifiers, r])) - BigInt(base);
  return wholeResult(total, "The cost");
}

/** The factor the gamemasters apply to every mana source. */
export type ManaScale = 1 | 0.5 | 0.25;

/**
 * How much of every mana source still pays out, from the average mana per character:
 * all of it up to 50, half above 50, a quarter above 100.
 * @example manaScale(50) // 1
 * @example manaScale(50.5) // 0.5
 */
export function manaScale(averageMana: number | Ratio): ManaScale {
  const avg = typeof averageMana === "number" ? fromNumber(averageMana) : averageMana;
  if (isNegative(avg)) fail(`The average mana cannot be negative.`);
  if (cmp(avg, ratio(100)) > 0) return 0.25;
  if (cmp(avg, ratio(50)) > 0) return 0.5;
  return 1;
}

/** The most sphere cards one god may be said to bring to a pooled power (no deck holds more). */
export const MOST_CARDS = 99;

/**
 * The highest level of a history power that gods together can cast in one sphere (seed 002,
 * History Powers): the cards they bring add up, so three gods with 1 War card each cast a level 3
 * War power, and any lower level too (to share its cost). Borrowed sphere powers, a celestial
 * spirit's, are not pooled: such a spirit casts alone, up to its own level. Personal powers are
 * never pooled: a god casts them with its own cards.
 * @example pooledLevel([1, 1, 1]) // 3
 * @example pooledLevel([1, 1], [3]) // 3 (the spirit alone; the gods together reach 2)
 */
export function pooledLevel(cards: readonly number[], borrowed: readonly number[] = []): number {
  for (const c of [...cards, ...borrowed])
    if (!Number.isInteger(c) || c < 0 || c > MOST_CARDS) fail(`Sphere cards must be whole numbers from 0 to ${MOST_CARDS}, not ${c}.`);
  const together = cards.reduce((s, c) => s + c, 0);
  return borrowed.reduce((best, c) => Math.max(best, c), together);
}
