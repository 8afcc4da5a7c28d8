/**
 * Readers of arguments that may be ranges: cards, dice, goal levels, multipliers, a line of
 * names or shares, given as a cell, a range or a whole column of a million cells.
 */
import { exactNumber, isBlank as isEmpty } from "../engine/cells";
import { restated, show } from "../engine/errors";
import { toNumber, type Ratio } from "../engine/exact";
import { parseElements, parseResistances, type Element, type ResistCode } from "../engine/resist";
import { isErrorValue, type ErrorValue } from "./errors";
import { ArgumentError, firstError, IncomingError, type Param } from "./runner";
import { findingErrors, param, single } from "./paramBase";

/**
 * Every cell of a value that is not empty, whatever its depth: a single value, a range, or several
 * of them (a repeating argument's list). A whole column's million cells are walked once, without
 * a call or an array per cell; an Excel error among them is thrown as an IncomingError before any
 * cell is read, as the runner would have passed it on.
 */
function cellsOf(value: unknown): unknown[] {
  const out: unknown[] = [];
  collect(value, out);
  // Every cell that is not empty is here, in the order the runner looks for errors in.
  for (let i = 0; i < out.length; i++) {
    const cell = out[i];
    if (cell !== null && typeof cell === "object" && isErrorValue(cell)) passOn(cell);
  }
  return out;
}

function collect(value: unknown, out: unknown[]): void {
  if (!Array.isArray(value)) {
    if (!isEmpty(value)) out.push(value);
    return;
  }
  const items = value as unknown[];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!Array.isArray(item)) {
      if (!isEmpty(item)) out.push(item);
      continue;
    }
    const cells = item as unknown[];
    // A range in a repeating argument's list: one call for it, not one for each of its rows.
    if (cells.length > 0 && Array.isArray(cells[0])) {
      collect(cells, out);
      continue;
    }
    // A row: a call only for what is nested deeper still.
    for (let j = 0; j < cells.length; j++) {
      const cell = cells[j];
      if (cell === null || cell === undefined) continue;
      if (Array.isArray(cell)) collect(cell, out);
      else if (!isEmpty(cell)) out.push(cell);
    }
  }
}

/** Whole numbers from low to high held in a value or a range, whatever its depth; empty cells skipped. */
function wholesIn(name: string, value: unknown, low: number, high: number, what: string): number[] {
  const found: number[] = [];
  for (const cell of cellsOf(value)) {
    // A whole number typed as one needs no reading as text.
    const r =
      typeof cell === "number" && Number.isInteger(cell)
        ? null
        : typeof cell === "number" || (typeof cell === "string" && !cell.trim().endsWith("%"))
          ? exactNumber(cell)
          : null;
    const n = typeof cell === "number" && Number.isInteger(cell) ? cell : r === null ? NaN : toNumber(r);
    if (!Number.isInteger(n) || n < low || n > high)
      throw new ArgumentError(`${name} must hold ${what}, whole numbers from ${low} to ${high}, not ${show(cell)}.`);
    found.push(n);
  }
  return found;
}

/** Sphere cards, one god's or a range of them: whole numbers 0 to `most`; empty cells skipped. */
export function cardCounts(name: string, most: number, optional = false): Param<number[]> {
  return findingErrors(param(name, (value) => wholesIn(name, value, 0, most, "sphere cards"), optional, optional ? [] : undefined));
}

/** Population limits of squares, one a cell, or a single value: whole numbers 0 to `most`; empty cells skipped. */
export function populationLimits(name: string, most: number): Param<number[]> {
  return findingErrors(param(name, (value) => wholesIn(name, value, 0, most, "population limits")));
}

/** Die faces already rolled: a range (or a single value) of whole numbers 1 to 6; empty cells skipped. */
export function dice(name: string): Param<number[]> {
  return findingErrors(param(name, (value) => wholesIn(name, value, 1, 6, "die faces")));
}

/**
 * A repeating argument of goal levels, 0 to 3 (0 for a type with no goal open): each value may be
 * a single cell or a range; empty cells are skipped.
 */
export function goalLevels(name: string): Param<number[]> {
  return { name, optional: false, repeating: true, findsErrors: true, read: (value) => wholesIn(name, value, 0, 3, "goal levels") };
}

/**
 * A repeating argument of multipliers such as 0.75, 2 or "75%": each value may be a single cell
 * or a range; empty cells are skipped. Read exactly. When `optional`, leaving it out gives none.
 */
export function multipliers(name: string, optional = false): Param<Ratio[]> {
  const what = "a multiplier of 0 or more, like 0.75, 2 or 75%";
  return {
    name,
    optional,
    ...(optional ? { fallback: [] } : {}),
    repeating: true,
    findsErrors: true,
    read: (value) => {
      const found: Ratio[] = [];
      for (const cell of cellsOf(value)) {
        const r = exactNumber(cell);
        if (r === null || r.n < 0n) throw new ArgumentError(`${name} must be ${what}, not ${show(cell)}.`);
        found.push(r);
      }
      return found;
    },
  };
}

/** A range that is one column or one row, in order; `across` tells which, for answering the same way. */
export interface Line<T> {
  /** the cells read, up to the last that holds something (the empty ones after it left out) */
  readonly values: T[];
  readonly across: boolean;
  /** how many cells were given, the empty ones at the end counted */
  readonly size: number;
}

function line(name: string, value: unknown): { values: unknown[]; across: boolean } {
  if (!Array.isArray(value)) return { values: [value], across: false };
  const rows = value as unknown[];
  if (rows.length === 1 && Array.isArray(rows[0])) return { values: rows[0] as unknown[], across: (rows[0] as unknown[]).length > 1 };
  // One pass down the column (a whole column is a million rows: nothing spread into one call).
  const values: unknown[] = new Array<unknown>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!Array.isArray(r)) return { values: rows, across: false };
    if (r.length > 1) throw new ArgumentError(`${name} must be one column or one row, not a block of ${rows.length} rows and ${r.length} columns.`);
    values[i] = r[0];
  }
  return { values, across: false };
}

/** A line of cells (down a column or along a row), each read by `item`; empty cells are null. */
function lineOf<T>(name: string, item: (v: unknown) => T): Param<Line<T | null>> {
  const read = (v: unknown): T | null => (isEmpty(v) ? null : item(v));
  return findingErrors(
    param(name, (value) => {
      // A column of rows of one cell, as Excel passes A:A: walked once from its end up to the last
      // cell that holds something; only the rows above that are looked at again, for an error and
      // then to be read, with no copy of the column between.
      if (Array.isArray(value) && value.length > 1 && Array.isArray(value[0])) {
        const rows = value as unknown[];
        let last = rows.length - 1;
        for (; last >= 0; last--) {
          const r = rows[last];
          if (!Array.isArray(r) || r.length !== 1) return mapped(name, value, read);
          if (!isEmpty(r[0])) break;
        }
        for (let i = 0; i <= last; i++) {
          const r = rows[i];
          if (!Array.isArray(r) || r.length !== 1) return mapped(name, value, read);
          const cell: unknown = r[0];
          if (cell !== null && typeof cell === "object") passOn(firstError(cell));
        }
        const out: (T | null)[] = new Array<T | null>(last + 1);
        for (let i = 0; i <= last; i++) out[i] = read((rows[i] as unknown[])[0]);
        return { across: false, values: out, size: rows.length };
      }
      return mapped(name, value, read);
    }),
  );
}

/** A line read cell by cell, whatever its shape (a row, a plain list, a single value); the empty cells at its end only counted. */
function mapped<T>(name: string, value: unknown, read: (v: unknown) => T | null): Line<T | null> {
  passOn(firstError(value));
  const { values, across } = line(name, value);
  let last = values.length - 1;
  while (last >= 0 && isEmpty(values[last])) last--;
  const out: (T | null)[] = new Array<T | null>(last + 1);
  for (let i = 0; i <= last; i++) out[i] = read(values[i]);
  return { across, values: out, size: values.length };
}

/** An Excel error found among a range's cells goes back as the function's answer. */
function passOn(error: ErrorValue | undefined): void {
  if (error !== undefined) throw new IncomingError(error);
}

/** Members' names down a column or along a row; empty cells are null. */
export function names(name: string): Param<Line<string | null>> {
  return lineOf(name, (v) => {
    if (typeof v !== "string") throw new ArgumentError(`${name} must hold names written as text, not ${show(v)}.`);
    return v.trim() === "" ? null : v.trim();
  });
}

/** Pantheon shares down a column or along a row: 40, 0.4 or "40%"; empty cells are null. */
export function shares(name: string): Param<Line<Ratio | null>> {
  return lineOf(name, (v) => {
    const r = exactNumber(v);
    if (r === null) throw new ArgumentError(`${name} must hold shares such as 40, 0.4 or 40%, not ${show(v)}.`);
    return r;
  });
}

/** Percentage points: a number, read exactly, or a percentage written as text ("10%"). */
export interface Points {
  readonly value: Ratio;
  /** written with a % sign: "10%" is 10 points whatever the table's style */
  readonly percent: boolean;
}

export function points(name: string): Param<Points> {
  return param(name, (value) => {
    const v = single(name, value);
    const r = isEmpty(v) ? null : exactNumber(v);
    if (r === null) {
      throw new ArgumentError(`${name} must be a number of percentage points such as 10 (or 0.1 or 10% beside shares written as fractions), not ${show(v)}.`);
    }
    return { value: r, percent: typeof v === "string" && v.trim().endsWith("%") };
  });
}

const NO_ELEMENTS: ReadonlySet<Element> = new Set<Element>();

/** The elements of a power: "F", "FE", "fire, earth", or empty for none. */
export function elements(name: string): Param<ReadonlySet<Element>> {
  return param(name, (value) => {
    const v = single(name, value);
    if (v === null || v === undefined) return NO_ELEMENTS;
    if (typeof v !== "string") throw new ArgumentError(`${name} must be text such as "F" or "FE", not ${show(v)}.`);
    return restated(
      () => parseElements(v),
      (message) => new ArgumentError(`${name}: ${message}`),
    );
  });
}

/** Resistance codes: one text ("F-2, W/2") or a range whose cells hold codes; empty cells skipped. */
export function resistanceCodes(name: string): Param<ResistCode[]> {
  const read = (value: unknown): ResistCode[] => {
    const codes: ResistCode[] = [];
    for (const cell of cellsOf(value)) {
      if (typeof cell !== "string") {
        throw new ArgumentError(`${name} must hold resistance codes such as "F-2" or "W/2", not ${show(cell)}.`);
      }
      codes.push(
        ...restated(
          () => parseResistances(cell),
          (message) => new ArgumentError(`${name}: ${message}`),
        ),
      );
    }
    return codes;
  };
  return findingErrors(param(name, read));
}
