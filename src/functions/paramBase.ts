/**
 * What every argument reader shares: a single cell from a 1×1 range, a number as Excel's
 * arithmetic reads it, and a parameter's signature as data (params.ts, rangeParams.ts).
 */
import { exactNumber, isBlank as isEmpty } from "../engine/cells";
import { show } from "../engine/errors";
import { toNumber } from "../engine/exact";
import { ArgumentError, type Param } from "./runner";

/** A single cell arriving as a 1×1 range is the same as the value itself. */
export function single(name: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 1 && Array.isArray(value[0]) && value[0].length === 1) return value[0][0];
  throw new ArgumentError(`${name} must be a single value, not a range.`);
}

/** A number as Excel arithmetic sees it: numbers, number-like text ("12", "40%"), and an empty cell as 0. */
export function number(name: string, value: unknown, what: string): number {
  const v = single(name, value);
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (isEmpty(v)) return 0;
  const r = exactNumber(v);
  const n = r === null ? NaN : toNumber(r);
  if (Number.isFinite(n)) return n;
  throw new ArgumentError(`${name} must be ${what}, not ${show(v)}.`);
}

export function param<T>(name: string, read: (value: unknown) => T, optional = false, fallback?: T): Param<T> {
  return fallback === undefined ? { name, read, optional } : { name, read, optional, fallback };
}

/** A reader of a range that finds an Excel error among its cells itself (see Param.findsErrors). */
export function findingErrors<T>(p: Param<T>): Param<T> {
  return { ...p, findsErrors: true };
}
