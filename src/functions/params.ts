import { show } from "../engine/errors";
import { fromNumber, parseDecimal, type Ratio } from "../engine/exact";
import { parseElements, parseResistances, type Element, type ResistCode } from "../engine/resist";
import { RuleError } from "../engine/errors";
import { ArgumentError, type Param } from "./runner";

/** A single cell arriving as a 1×1 range is the same as the value itself. */
function single(name: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 1 && Array.isArray(value[0]) && value[0].length === 1) return value[0][0];
  throw new ArgumentError(`${name} must be a single value, not a range.`);
}

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A number as Excel arithmetic sees it: numbers, number-like text, and an empty cell as 0. */
function number(name: string, value: unknown, what: string): number {
  const v = single(name, value);
  if (typeof v === "number") {
    if (Number.isFinite(v)) return v;
  } else if (v === null || v === undefined || v === "") {
    return 0;
  } else if (typeof v === "string" && NUMBER_TEXT.test(v.trim())) {
    const n = Number(v.trim());
    if (Number.isFinite(n)) return n;
  }
  throw new ArgumentError(`${name} must be ${what}, not ${show(v)}.`);
}

function param<T>(name: string, read: (value: unknown) => T, optional = false, fallback?: T): Param<T> {
  return fallback === undefined ? { name, read, optional } : { name, read, optional, fallback };
}

/** A whole number, 0 or more: units, strength, mana. */
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
      let r: Ratio | null = null;
      if (typeof v === "string" && /%\s*$/.test(v)) {
        const d = parseDecimal(v.replace(/%\s*$/, ""));
        r = d === null ? null : { n: d.n, d: d.d * 100n };
      } else {
        r = fromNumber(number(name, v, what));
      }
      if (r === null || r.n < 0n) throw new ArgumentError(`${name} must be ${what}, not ${show(v)}.`);
      return r;
    },
    true,
    fallback,
  );
}

/** One word out of a fixed list, case and surrounding spaces ignored. */
export function choice<T extends string>(name: string, options: readonly T[], fallback: T, aliases: Readonly<Record<string, T>> = {}): Param<T> {
  const list = options.map((o) => `"${o}"`).join(", ");
  return param(
    name,
    (value) => {
      const v = single(name, value);
      const key = typeof v === "string" ? v.trim().toLowerCase() : undefined;
      const found = key === undefined ? undefined : (options.find((o) => o === key) ?? aliases[key]);
      if (found === undefined) throw new ArgumentError(`${name} must be one of ${list}, not ${show(v)}.`);
      return found;
    },
    true,
    fallback,
  );
}

/** The elements of a power: "F", "FE", "fire, earth", or empty for none. */
export function elements(name: string): Param<Set<Element>> {
  return param(name, (value) => {
    const v = single(name, value);
    if (v === null || v === undefined) return new Set<Element>();
    if (typeof v !== "string") throw new ArgumentError(`${name} must be text such as "F" or "FE", not ${show(v)}.`);
    try {
      return parseElements(v);
    } catch (e) {
      if (e instanceof RuleError) throw new ArgumentError(`${name}: ${e.message}`);
      throw e;
    }
  });
}

/** Resistance codes: one text ("F-2, W/2") or a range whose cells hold codes; empty cells skipped. */
export function resistanceCodes(name: string): Param<ResistCode[]> {
  return param(name, (value) => {
    const cells = Array.isArray(value) ? (value as unknown[]).flat() : [value];
    const codes: ResistCode[] = [];
    for (const cell of cells) {
      if (cell === null || cell === undefined || cell === "") continue;
      if (typeof cell !== "string") {
        throw new ArgumentError(`${name} must hold resistance codes such as "F-2" or "W/2", not ${show(cell)}.`);
      }
      try {
        codes.push(...parseResistances(cell));
      } catch (e) {
        if (e instanceof RuleError) throw new ArgumentError(`${name}: ${e.message}`);
        throw e;
      }
    }
    return codes;
  });
}
