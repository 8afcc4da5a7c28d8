import { checkWhole } from "./checks";
import { fail, wholeResult } from "./errors";
import { ceil, fromNumber, isNegative, type Ratio } from "./exact";
import type { Culture } from "./population";

/** The usual growth rate of a race: 25% a century. */
export const DEFAULT_GROWTH_RATE: Ratio = { n: 1n, d: 4n };

/**
 * New population units at the start of a century: units × rate, rounded up.
 * Only units grow; the bonus population of cities does not.
 * @example growth(10) // 3 (25% of 10 is 2.5, rounded up)
 * @example growth(100, 0.07) // 7
 */
export function growth(units: number, rate: number | Ratio = DEFAULT_GROWTH_RATE): number {
  checkWhole(units, "Units");
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
  checkWhole(newUnits, "The new units");
  const units = BigInt(newUnits);
  const spread = (units + 1n) / 2n;
  return { spread: wholeResult(spread, "The units that spread"), placed: wholeResult(units - spread, "The units placed") };
}

/**
 * The units that move when a race migrates, by its cultural level (seed 002, Cultural Level): a
 * primitive race moves whole; a barbarian race leaves 1 unit behind in every square it held; a
 * civilized race moves only its new units, the older ones staying where they are. `units` is the
 * race's whole population, new units included; `squares` the squares it holds (each holds at least
 * 1 unit), needed for a barbarian race; `newUnits` its new units, needed for a civilized one.
 * @example migrating("primitive", 12) // 12
 * @example migrating("barbarian", 12, 5) // 7
 * @example migrating("civilized", 12, 5, 3) // 3
 */
export function migrating(culture: Culture, units: number, squares?: number, newUnits?: number): number {
  if (!Number.isSafeInteger(units) || units < 0) fail(`Units must be a whole number, 0 or more, not ${units}.`);
  if (squares !== undefined) {
    if (!Number.isSafeInteger(squares) || squares < 0) fail(`Squares must be a whole number, 0 or more, not ${squares}.`);
    if (squares > units) fail(`A race cannot hold more squares (${squares}) than it has units (${units}): every square it holds has a unit.`);
    if (squares === 0 && units > 0) fail(`A race of ${units} units holds at least 1 square, not 0.`);
  }
  if (newUnits !== undefined) {
    if (!Number.isSafeInteger(newUnits) || newUnits < 0) fail(`New units must be a whole number, 0 or more, not ${newUnits}.`);
    if (newUnits > units) fail(`The new units (${newUnits}) are part of the race's units, so cannot be more than them (${units}).`);
  }
  if (culture === "primitive") return units;
  if (culture === "barbarian") {
    if (squares === undefined) fail(`A barbarian race leaves 1 unit in every square it held: give the squares it holds.`);
    return units - squares;
  }
  if (newUnits === undefined) fail(`Only a civilized race's new units move: give its new units (GODS.GROWTH gives them).`);
  return newUnits;
}
