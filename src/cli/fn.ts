import * as functions from "../functions/functions";
import { ERROR_CODES, errorText, errorValue, isErrorValue, type ErrorValue } from "../functions/errors";
import type { Result, Scalar } from "../functions/runner";
import { didYouMean } from "../engine/names";

/** What `gods fn` prints and the exit code it ends with. */
export interface Output {
  readonly text: string;
  readonly code: number;
}

/**
 * Reads a command-line argument the way a cell would hold it: JSON when it parses (numbers,
 * "quoted text", [["ranges"]]), TRUE/FALSE as booleans, #N/A and friends as error values,
 * anything else as text. A bare null is the word null, as "null" is: no cell holds JSON's null,
 * and read as an argument left out it would quietly stand for the default (Era Centrum where
 * Era Null was meant). An empty argument ("") is the empty cell that leaves one out.
 */
export function parseArgument(arg: string): unknown {
  const upper = arg.trim().toUpperCase();
  if (upper === "TRUE") return true;
  if (upper === "FALSE") return false;
  if (upper === "NULL") return arg.trim();
  if ((ERROR_CODES as readonly string[]).includes(upper)) return errorValue(upper);
  try {
    return JSON.parse(arg) as unknown;
  } catch {
    return arg;
  }
}

/** A result's cell as text; nothing for an empty one. */
function cellText(value: Scalar | ErrorValue | null | undefined): string {
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (isErrorValue(value)) return value.code;
  if (value === null || value === undefined) return "";
  return String(value);
}

export function formatResult(result: Result): Output {
  if (isErrorValue(result)) return { text: errorText(result), code: 1 };
  if (Array.isArray(result)) return { text: result.map((row) => row.map(cellText).join("\t")).join("\n"), code: 0 };
  return { text: cellText(result), code: 0 };
}

type Wrapper = (...args: unknown[]) => Result;

/** The wrapper Excel calls for a function name, as declared in functions.ts. */
export function wrapperFor(name: string): Wrapper | undefined {
  const key = name
    .trim()
    .replace(/^GODS\./i, "")
    .toLowerCase();
  const found = (functions as Record<string, unknown>)[key];
  return typeof found === "function" ? (found as Wrapper) : undefined;
}

export function functionNames(): string[] {
  return Object.keys(functions)
    .filter((k) => typeof (functions as Record<string, unknown>)[k] === "function")
    .map((k) => k.toUpperCase())
    .sort();
}

/** What a call gives back: the function's result, or the error value it answers with. */
function call(wrapper: Wrapper, args: readonly string[]): Result {
  try {
    return wrapper(...args.map(parseArgument));
  } catch (thrown) {
    // The wrappers throw error values on purpose: that is how Excel shows them in the cell.
    if (isErrorValue(thrown)) return thrown;
    return errorValue("#VALUE!", thrown instanceof Error ? thrown.message : String(thrown));
  }
}

/** A result as JSON: a number, text, TRUE/FALSE, a range as rows, or the error's code and message. */
function resultJson(result: Result): unknown {
  const cell = (v: Scalar | ErrorValue | null | undefined): unknown => (isErrorValue(v) ? { error: v.code, message: v.message } : (v ?? null));
  return Array.isArray(result) ? result.map((row) => row.map(cell)) : cell(result);
}

/**
 * Calls one custom function through the same wrapper Excel calls, as `gods fn NAME ARG… [--json]`:
 * with --json, one object, {"function", "result"} or {"function", "error", "message"}.
 */
export function runFunction(name: string, args: readonly string[], json = false): Output {
  const wrapper = wrapperFor(name);
  if (wrapper === undefined) {
    const known = functionNames();
    const near = didYouMean(name.replace(/^GODS\./i, "").toUpperCase(), known);
    const message = `There is no function GODS.${name.toUpperCase().replace(/^GODS\./, "")}.${near}${near === "" ? ` Known: ${known.join(", ")}.` : ""}`;
    return json ? { text: JSON.stringify({ function: name, error: "#NAME?", message }), code: 1 } : { text: `#NAME? ${message}`, code: 1 };
  }
  const result = call(wrapper, args);
  const fn = `GODS.${name
    .trim()
    .replace(/^GODS\./i, "")
    .toUpperCase()}`;
  if (json)
    return {
      text: JSON.stringify(isErrorValue(result) ? { function: fn, error: result.code, message: result.message } : { function: fn, result: resultJson(result) }),
      code: isErrorValue(result) ? 1 : 0,
    };
  return formatResult(result);
}
