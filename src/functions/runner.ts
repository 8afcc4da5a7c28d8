import { isBlank } from "../engine/cells";
import { RuleError } from "../engine/errors";
import { isErrorValue, throwable, valueError, type ErrorValue } from "./errors";

/** What a custom function may hand back to a cell. */
export type Scalar = number | string | boolean;
export type Result = Scalar | ErrorValue | (Scalar | ErrorValue)[][];

/** A parameter's signature as data: its name, whether it may be left out, and how to read it. */
export interface Param<T> {
  readonly name: string;
  readonly optional: boolean;
  /** Turns what Excel passes into what the rule needs; throws ArgumentError when it cannot. */
  readonly read: (value: unknown) => T;
  /** Used when an optional argument is omitted or its cell is empty. */
  readonly fallback?: T;
  /**
   * The last parameter may repeat (Excel shows modifier1, [modifier2], …): `read` then gets the
   * list of every value given from that position on.
   */
  readonly repeating?: boolean;
  /**
   * `read` looks for an Excel error among the cells itself, before reading any, and throws it as
   * an IncomingError: a whole column is then walked once, not once for errors and again to read.
   */
  readonly findsErrors?: boolean;
}

/** Thrown by a parameter reader; the runner adds the function's name. */
export class ArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArgumentError";
  }
}

/** An Excel error found by a reader among the cells it was given: passed on as the function's answer. */
export class IncomingError extends Error {
  constructor(readonly error: ErrorValue) {
    super(error.message ?? error.code);
    this.name = "IncomingError";
  }
}

type Params<A extends unknown[]> = { readonly [K in keyof A]: Param<A[K]> };

export interface FunctionSpec<A extends unknown[] = unknown[]> {
  readonly name: string;
  readonly params: Params<A>;
  readonly body: (...args: A) => Result;
}

export function define<A extends unknown[]>(name: string, params: Params<A>, body: (...args: A) => Result): FunctionSpec<A> {
  return { name, params, body };
}

/**
 * The #VALUE! of a call given more values than the function takes (none for a function whose last
 * value may be given any number of times), naming both counts.
 */
export function tooMany(spec: { readonly name: string; readonly params: readonly unknown[] }, given: number): ErrorValue | undefined {
  const params = spec.params as readonly Param<unknown>[];
  if (params[params.length - 1]?.repeating === true || given <= params.length) return undefined;
  const takes = params.length === 1 ? "1 value" : `${params.length} values`;
  return valueError(`${spec.name} takes at most ${takes} (${params.map((p) => p.name).join(", ")}), but was given ${given}.`);
}

/**
 * Runs a custom function on the values Excel passed: reads every argument by its signature,
 * passes an incoming Excel error through, and turns every failure into #VALUE! with a message.
 * Never throws.
 */
export function evaluate<A extends unknown[]>(spec: FunctionSpec<A>, args: readonly unknown[]): Result {
  const params = spec.params as readonly Param<unknown>[];
  const repeats = params[params.length - 1]?.repeating === true;
  try {
    const many = tooMany(spec, args.length);
    if (many !== undefined) return many;
    const values: unknown[] = new Array(params.length);
    for (let i = 0; i < params.length; i++) {
      const p = params[i] as Param<unknown>;
      if (repeats && i === params.length - 1) {
        const rest = args.slice(i);
        const error = p.findsErrors === true ? undefined : firstError(rest);
        if (error !== undefined) return error;
        if (rest.length === 0 || rest.every((v) => v === undefined)) {
          if (!p.optional) return valueError(`${spec.name} needs a value for ${p.name}.`);
          values[i] = p.fallback;
        } else values[i] = p.read(rest);
        continue;
      }
      const raw = args[i];
      const error = p.findsErrors === true ? undefined : firstError(raw);
      if (error !== undefined) return error;
      if (p.optional && isBlank(raw)) {
        values[i] = p.fallback;
        continue;
      }
      if (!p.optional && raw === undefined) {
        return valueError(`${spec.name} needs a value for ${p.name}.`);
      }
      values[i] = p.read(raw);
    }
    return spec.body(...(values as A));
  } catch (e) {
    if (e instanceof IncomingError) return e.error;
    if (e instanceof ArgumentError || e instanceof RuleError) return valueError(`${spec.name}: ${e.message}`);
    const detail = e instanceof Error ? e.message : String(e);
    return valueError(`${spec.name} could not work this out (${detail}). Please report this with the values used.`);
  }
}

/**
 * The first Excel error in a value or anywhere in a range: it is passed on, as SUM does. A range
 * of a whole column is a million cells: looked at one by one, without a call per cell.
 */
export function firstError(value: unknown): ErrorValue | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (!Array.isArray(value)) return isErrorValue(value) ? value : undefined;
  const items = value as unknown[];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === null || typeof item !== "object") continue;
    if (!Array.isArray(item)) {
      if (isErrorValue(item)) return item;
      continue;
    }
    // A row of a range: its cells are values, or (for a repeating argument) ranges again.
    const cells = item as unknown[];
    for (let j = 0; j < cells.length; j++) {
      const cell = cells[j];
      if (cell === null || typeof cell !== "object") continue;
      const found = firstError(cell);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The further values given to a repeating parameter, after the first. Excel passes every
 * repetition in the parameter itself, then an invocation object (not a cell value), which is
 * dropped here; `gods fn` passes the repetitions one by one, so the others arrive as further
 * arguments. Pass the wrapper's `arguments` and the position after the repeating parameter.
 */
export function repeated(all: ArrayLike<unknown>, from: number): unknown[] {
  return Array.from(all)
    .slice(from)
    .filter((v) => !(v !== null && typeof v === "object" && !Array.isArray(v) && !isErrorValue(v)));
}

/**
 * The boundary with Excel: a value goes back as it is; an error value is thrown, which is how
 * the custom functions runtime shows an error and its message in the cell.
 */
export function invoke<A extends unknown[]>(spec: FunctionSpec<A>, ...args: unknown[]): Result {
  const result = evaluate(spec, args);
  if (isErrorValue(result)) throw throwable(result);
  return result;
}
