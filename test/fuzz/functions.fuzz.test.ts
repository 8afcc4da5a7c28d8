/**
 * Fuzzing every custom function with 10,000 argument lists of anything a cell or a range can
 * hold: numbers (NaN and infinities included), text, booleans, empty cells, Excel errors, and
 * ranges of odd shapes. Nothing may escape: the answer is a value, or an Excel error with a message.
 */
import fc from "fast-check";
import * as functions from "../../src/functions/functions";
import * as specs from "../../src/functions/specs";
import { ERROR_CODES, isErrorValue } from "../../src/functions/errors";
import { evaluate, type FunctionSpec } from "../../src/functions/runner";

const scalar = fc.oneof(
  fc.double(),
  fc.double({ noNaN: true, min: -1e3, max: 1e3 }),
  fc.integer({ min: -20, max: 200 }),
  fc.constantFrom(0, -0, 1, 6, 100, 2 ** 53, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "",
    " ",
    "12",
    " 7 ",
    "1e3",
    "25%",
    "F-2, W/2",
    "I-∞",
    "X/0",
    "fire",
    "lost",
    "A",
    "B",
    "Diabolism",
    "Atheism",
    "civilized",
    "plains",
    "yes",
    "=1+1",
    "#N/A",
    "\u0000",
    "∞",
  ),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom({ code: "#N/A" }, { code: "#VALUE!", message: "upstream" }, { code: "#DIV/0!" }),
);
/** Ranges of every shape: empty, jagged, single cells, rows, columns, and one level too deep. */
const range = fc.oneof(
  fc.array(fc.array(scalar, { maxLength: 4 }), { maxLength: 4 }),
  fc.array(scalar, { maxLength: 4 }).map((row) => [row]),
  fc.array(scalar, { maxLength: 4 }).map((col) => col.map((c) => [c])),
  fc.constant([[]]),
  fc.constant([]),
  fc.array(fc.array(fc.array(scalar, { maxLength: 2 }), { maxLength: 2 }), { maxLength: 2 }),
);
const argument = fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: range });

const SPECS = (Object.values(specs) as unknown[]).filter((s): s is FunctionSpec<never[]> => typeof s === "object" && s !== null && "body" in s);

/** Throws unless `result` is something a cell can show (plain checks: this runs 270,000 times). */
function checkValue(result: unknown): void {
  if (isErrorValue(result)) {
    if (!(ERROR_CODES as readonly string[]).includes(result.code)) throw new Error(`unknown error code ${result.code}`);
    if (result.code === "#VALUE!" && !result.message) throw new Error("#VALUE! without a message");
    // The runner's last resort means a rule threw something it did not expect: a bug.
    if (result.message?.includes("could not work this out")) throw new Error(result.message);
    return;
  }
  if (Array.isArray(result)) {
    if (result.length === 0) throw new Error("an empty array");
    for (const row of result) {
      if (!Array.isArray(row)) throw new Error("a row that is not an array");
      for (const cell of row as unknown[]) checkValue(cell);
    }
    return;
  }
  if (typeof result === "number" && !Number.isFinite(result)) throw new Error(`a number that is not finite: ${result}`);
  if (!["number", "string", "boolean"].includes(typeof result)) throw new Error(`not a cell value: ${String(result)}`);
}

describe("fuzzing the custom functions", () => {
  test("every declared function is fuzzed", () => {
    const wrappers = Object.keys(functions).filter((k) => typeof (functions as Record<string, unknown>)[k] === "function");
    expect(SPECS.map((s) => s.name.toLowerCase()).sort()).toEqual(wrappers.sort());
  });

  test.each(SPECS.map((s) => [s.name, s] as const))("%s: 10,000 inputs, nothing escapes", (_name, spec) => {
    const arity = spec.params.length;
    fc.assert(
      fc.property(fc.array(argument, { minLength: 0, maxLength: arity + 2 }), (args) => {
        checkValue(evaluate(spec, args));
        // The Excel-facing wrapper: a value, or a thrown Excel error value and nothing else.
        const wrapper = (functions as unknown as Record<string, (...a: unknown[]) => unknown>)[spec.name.toLowerCase()];
        let answer: unknown;
        try {
          answer = wrapper?.(...args);
        } catch (thrown) {
          if (!isErrorValue(thrown)) throw new Error(`the wrapper threw ${String(thrown)}`);
          answer = thrown;
        }
        checkValue(answer);
      }),
      { numRuns: 10_000 },
    );
  });
});
