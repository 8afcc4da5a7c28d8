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

/** Where a barbarian race's new units go: some spread outward, the rest stay in its squares. */
export interface BarbarianSplit {
  /** into unoccupied squares bordering the race */
  readonly spread: number;
  /** onto squares the race already holds, up to their limits (any that do not fit spread too) */
  readonly placed: number;
}

/**
 * A barbarian race's new units, in two halves: half spread into empty bordering squares, the other
 * half go onto squares it already holds. An odd unit spreads: the half that spreads is rounded up,
 * as growth itself is, and the other half is what is left.
 * @example barbarianSplit(7) // { spread: 4, placed: 3 }
 */
export function barbarianSplit(newUnits: number): BarbarianSplit {
  if (!Number.isInteger(newUnits) || newUnits < 0) fail(`The new units must be a whole number, 0 or more, not ${newUnits}.`);
  const units = BigInt(newUnits);
  const spread = (units + 1n) / 2n;
  return { spread: wholeResult(spread, "The units that spread"), placed: wholeResult(units - spread, "The units placed") };
}
