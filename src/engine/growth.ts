import { fail, wholeResult } from "./errors";
import { ceil, fromNumber, isNegative, type Ratio } from "./exact";

/** The usual growth rate of a race: 25% a century. */
export const DEFAULT_GROWTH_RATE: Ratio = { n: 1n, d: 4n };

/**
 * New population units at the start of a century: units × rate, rounded up.
 * Only units grow; the bonus population of cities does not.
 * @example growth(10) // 3 (25% of 10 is 2.5, rounded up)
 * @example growth(100, 0.07) // 7
 */
export function growth(units: number, rate: number | Ratio = DEFAULT_GROWTH_RATE): number {
  if (!Number.isInteger(units) || units < 0) fail(`Units must be a whole number, 0 or more, not ${units}.`);
  const r = typeof rate === "number" ? fromNumber(rate) : rate;
  if (isNegative(r)) fail(`The growth rate cannot be negative.`);
  return wholeResult(ceil({ n: BigInt(units) * r.n, d: r.d }), "The growth");
}
