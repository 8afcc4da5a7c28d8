import { fail, wholeResult } from "./errors";
import { ceil, cmp, fromNumber, isNegative, mul, ONE, ratio, type Ratio } from "./exact";

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
  if (!Number.isInteger(normalCost) || normalCost < 0) fail(`The normal cost must be a whole number of mana, 0 or more, not ${normalCost}.`);
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
