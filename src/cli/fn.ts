import * as fs from "fs";
import * as path from "path";
import * as functions from "../functions/functions";
import { ERROR_CODES, errorText, errorValue, isErrorValue, type ErrorValue } from "../functions/errors";
import { tooMany, type Result, type Scalar } from "../functions/runner";
import * as specs from "../functions/specs";
import * as gameSpecs from "../functions/gameSpecs";
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

/** A function's signature (specs.ts), by its name without GODS. */
function specOf(name: string): { readonly name: string; readonly params: readonly unknown[] } | undefined {
  for (const value of [...Object.values(specs), ...Object.values(gameSpecs)] as unknown[]) {
    if (typeof value !== "object" || value === null) continue;
    const spec = value as { name?: unknown; params?: unknown };
    if (spec.name === name && Array.isArray(spec.params)) return { name, params: spec.params as unknown[] };
  }
  return undefined;
}

/** What a call gives back: the function's result, or the error value it answers with. */
function call(wrapper: Wrapper, args: readonly string[], name: string): Result {
  // Excel refuses a call with more values than the function takes: so does gods fn, rather than
  // leaving the rest out without a word (the wrapper only sees the values it declares).
  const spec = specOf(name);
  const many = spec === undefined ? undefined : tooMany(spec, args.length);
  if (many !== undefined) return many;
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
  const bare = name
    .trim()
    .replace(/^GODS\./i, "")
    .toUpperCase();
  const result = call(wrapper, args, bare);
  const fn = `GODS.${bare}`;
  if (json)
    return {
      text: JSON.stringify(isErrorValue(result) ? { function: fn, error: result.code, message: result.message } : { function: fn, result: resultJson(result) }),
      code: isErrorValue(result) ? 1 : 0,
    };
  return formatResult(result);
}

/** Where the functions' help pages are: docs/functions, two folders up from src/cli and build/cli alike. */
const HELP_PAGES = path.join(__dirname, "..", "..", "docs", "functions");

/**
 * `gods help fn NAME`: the function's help page (docs/functions/NAME.md) as plain text, links
 * shown as their words; an unknown name is answered as gods fn answers it.
 */
export function functionHelp(name: string): Output {
  const bare = name
    .trim()
    .replace(/^GODS\./i, "")
    .toUpperCase();
  if (wrapperFor(bare) === undefined) return runFunction(bare, []);
  const page = path.join(HELP_PAGES, `${bare}.md`);
  if (!fs.existsSync(page)) return { text: `GODS.${bare} has no help page here (docs/functions/${bare}.md is missing from this copy of gods).`, code: 2 };
  const text = fs
    .readFileSync(page, "utf8")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .trimEnd();
  return { text, code: 0 };
}
