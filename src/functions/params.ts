/**
 * Readers of single arguments, one per kind of value an argument takes: whole numbers, rates,
 * words from a list, yes/no, names. Those that may be ranges are in rangeParams.ts.
 */
import { exactNumber, isBlank as isEmpty, yesNo } from "../engine/cells";
import { show } from "../engine/errors";
import { fromNumber, toNumber, type Ratio } from "../engine/exact";
import { ArgumentError, type Param } from "./runner";
import { number, param, single } from "./paramBase";

export * from "./rangeParams";

/** A whole number, 0 or more: units, strength, mana. */
/** How a count is described: "a whole number of units, 0 or more" (one copy of the words, however many counts). */
export const wholeOf = (things: string): string => `a whole number of ${things}, 0 or more`;

export function whole(name: string, what = "a whole number, 0 or more"): Param<number> {
  return param(name, (value) => {
    const n = number(name, value, what);
    if (!Number.isInteger(n) || n < 0) throw new ArgumentError(`${name} must be ${what}, not ${show(n)}.`);
    return n;
  });
}

/** Like whole(), but may be left out: then it is undefined (no limit, no cap…). */
export function optionalWhole(name: string, what = "a whole number, 0 or more"): Param<number | undefined> {
  const required = whole(name, what);
  return { name, optional: true, read: required.read };
}

/** A whole number of either sign: Military, Aggression. */
export function integer(name: string, what = "a whole number (it may be negative)"): Param<number> {
  return param(name, (value) => {
    const n = number(name, value, what);
    if (!Number.isSafeInteger(n)) throw new ArgumentError(`${name} must be ${what}, not ${show(n)}.`);
    return n;
  });
}

/** A number, 0 or more. */
export function nonNegative(name: string, what = "a number, 0 or more"): Param<number> {
  return param(name, (value) => {
    const n = number(name, value, what);
    if (n < 0) throw new ArgumentError(`${name} must be ${what}, not ${show(n)}.`);
    return n;
  });
}

/** A rate such as 25%, 0.25 or the text "25%", read exactly; omitted, it is the fallback. */
export function rate(name: string, fallback: Ratio): Param<Ratio> {
  const what = "a rate of 0 or more, like 25% or 0.25";
  return param(
    name,
    (value) => {
      const v = single(name, value);
      const r = typeof v === "number" ? fromNumber(number(name, v, what)) : (exactNumber(v) ?? fromNumber(number(name, v, what)));
      if (r.n < 0n) throw new ArgumentError(`${name} must be ${what}, not ${show(v)}.`);
      return r;
    },
    true,
    fallback,
  );
}

function pickWord<T extends string>(name: string, options: readonly T[], aliases: Readonly<Record<string, T>>): (value: unknown) => T {
  const list = options.map((o) => `"${o}"`).join(", ");
  return (value) => {
    const v = single(name, value);
    const key = typeof v === "string" ? v.trim().toLowerCase() : undefined;
    const found = key === undefined ? undefined : (options.find((o) => o === key) ?? aliases[key]);
    if (found === undefined) throw new ArgumentError(`${name} must be one of ${list}, not ${show(v)}.`);
    return found;
  };
}

/** One word out of a fixed list, case and surrounding spaces ignored; omitted, it is the fallback. */
export function choice<T extends string>(name: string, options: readonly T[], fallback: T, aliases: Readonly<Record<string, T>> = {}): Param<T> {
  return param(name, pickWord(name, options, aliases), true, fallback);
}

/** Like choice(), but the word must be given. */
export function word<T extends string>(name: string, options: readonly T[], aliases: Readonly<Record<string, T>> = {}): Param<T> {
  return param(name, pickWord(name, options, aliases));
}

/** Makes a reader optional: an omitted argument or empty cell gives the fallback (undefined if none). */
export function optional<T>(p: Param<T>, fallback?: T): Param<T | undefined> {
  return fallback === undefined ? { name: p.name, read: p.read, optional: true } : { name: p.name, read: p.read, optional: true, fallback };
}

/** A whole number from low to high: a die roll, a goal's level. */
export function wholeBetween(name: string, low: number, high: number, what = `a whole number from ${low} to ${high}`): Param<number> {
  return param(name, (value) => {
    // An empty cell is not a roll of 0: say it is empty.
    if (isEmpty(single(name, value))) throw new ArgumentError(`${name} must be ${what}, not an empty cell.`);
    const n = number(name, value, what);
    if (!Number.isInteger(n) || n < low || n > high) throw new ArgumentError(`${name} must be ${what}, not ${show(n)}.`);
    return n;
  });
}

/** One die roll: 1 to 6 for a d6, 2 to 12 for 2d6. */
export function roll(name: string, low = 1, high = 6): Param<number> {
  const dice = low === 1 && high === 6 ? "a d6 roll" : low === 2 && high === 12 ? "the total of two d6" : "a roll";
  return wholeBetween(name, low, high, `${dice}, a whole number from ${low} to ${high}`);
}

/** TRUE or FALSE, also written as 1/0 or the text TRUE/FALSE/yes/no; empty or omitted is FALSE. */
export function flag(name: string): Param<boolean> {
  return param(
    name,
    (value) => {
      const v = single(name, value);
      const answer = yesNo(v);
      if (answer === null) throw new ArgumentError(`${name} must be TRUE or FALSE, not ${show(v)}.`);
      return answer;
    },
    true,
    false,
  );
}

/**
 * Whether something that gives at most one bonus die applies: TRUE/FALSE (or yes/no, 1/0), or how
 * many of them apply (2 relevant features still give one die). Empty or omitted is FALSE.
 */
export function atMostOne(name: string, what: string): Param<boolean> {
  return param(
    name,
    (value) => {
      const v = single(name, value);
      const answer = yesNo(v);
      if (answer !== null) return answer;
      const r = typeof v === "number" || typeof v === "string" ? exactNumber(v) : null;
      const n = r === null ? NaN : toNumber(r);
      if (Number.isInteger(n) && n >= 0) return n > 0;
      throw new ArgumentError(`${name} must be TRUE or FALSE, or how many ${what} apply (a whole number, 0 or more), not ${show(v)}.`);
    },
    true,
    false,
  );
}

/** A name written as text, such as a deity's: spaces around it are dropped, it may not be empty. */
export function text(name: string, what = "a name"): Param<string> {
  return param(name, (value) => {
    const v = single(name, value);
    if (typeof v !== "string" || v.trim() === "") throw new ArgumentError(`${name} must be ${what} written as text, not ${show(v)}.`);
    return v.trim();
  });
}
