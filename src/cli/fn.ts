import * as functions from "../functions/functions";
import { ERROR_CODES, errorText, errorValue, isErrorValue, type ErrorValue } from "../functions/errors";
import type { Result, Scalar } from "../functions/runner";

/** What `gods fn` prints and the exit code it ends with. */
export interface Output {
  readonly text: string;
  readonly code: number;
}

/**
 * Reads a command-line argument the way a cell would hold it: JSON when it parses (numbers,
 * "quoted text", [["ranges"]]), TRUE/FALSE as booleans, #N/A and friends as error values,
 * anything else as text.
 */
export function parseArgument(arg: string): unknown {
  const upper = arg.trim().toUpperCase();
  if (upper === "TRUE") return true;
  if (upper === "FALSE") return false;
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

/** Calls one custom function through the same wrapper Excel calls, as `gods fn NAME ARG…`. */
export function runFunction(name: string, args: readonly string[]): Output {
  const wrapper = wrapperFor(name);
  if (wrapper === undefined) {
    return { text: `#NAME? There is no function GODS.${name.toUpperCase()}. Known: ${functionNames().join(", ")}.`, code: 1 };
  }
  try {
    return formatResult(wrapper(...args.map(parseArgument)));
  } catch (thrown) {
    // The wrappers throw error values on purpose: that is how Excel shows them in the cell.
    if (isErrorValue(thrown)) return formatResult(thrown);
    return { text: `#VALUE! ${thrown instanceof Error ? thrown.message : String(thrown)}`, code: 1 };
  }
}
