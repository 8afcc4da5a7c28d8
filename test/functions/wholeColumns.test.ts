/**
 * A range of a whole column (1,048,576 cells, as Excel passes A:A) given to every function that
 * takes a range: the same answer as the few cells that hold something, never a stack overflow,
 * and an answer as long as the pantheon it holds, not a million rows. (How long each takes is a
 * figure of `npm run bench`, not a test.)
 */
import * as specs from "../../src/functions/specs";
import { evaluate, type FunctionSpec } from "../../src/functions/runner";
import { scaled } from "../support/scale";

// A whole column in the full run; a column of 65,536 cells in the fast lane.
const ROWS = scaled(1_048_576, 65_536);
/** A whole column holding `values` at its top, and nothing below. */
const column = (...values: unknown[]): unknown[][] => Array.from({ length: ROWS }, (_, i) => [i < values.length ? values[i] : null]);
const run = (spec: FunctionSpec, ...args: unknown[]) => evaluate(spec, args);

describe("a whole column given where a range goes", () => {
  test.each([
    ["CULT", [column("Vorn", "Atheism"), column(60, 40), "Vorn", 10], [[["Vorn"], ["Atheism"]], [[60], [40]], "Vorn", 10]],
    ["OBLITERATE", [column("Vorn", "Solara", "Atheism"), column(50, 30, 20), "Vorn"], [[["Vorn"], ["Solara"], ["Atheism"]], [[50], [30], [20]], "Vorn"]],
    [
      "PANTHEONCHECK",
      [column("Vorn", "Atheism"), column(60, 40)],
      [
        [["Vorn"], ["Atheism"]],
        [[60], [40]],
      ],
    ],
    ["PANTHEONCHANGE", [column("Vorn", "Atheism"), column(60, 40), column(50, 50), false], [[["Vorn"], ["Atheism"]], [[60], [40]], [[50], [50]], false]],
    ["DICESUCCESSES", [column(6, 5, 1, 4)], [[[6], [5], [1], [4]]]],
    ["EXPLODE", [column(6, 5, 6, 2)], [[[6], [5], [6], [2]]]],
    ["MELTROLLS", [column(1, 2, 3)], [[[1], [2], [3]]]],
    ["POWERCOST", [10, column(0.75, 2)], [10, [[0.75], [2]]]],
    ["RESIST", [10, "F", column("F-2", "X/2")], [10, "F", [["F-2"], ["X/2"]]]],
    ["OCCUPY", ["barbarian", column(3, 1, 0)], ["barbarian", [[3], [1], [0]]]],
  ] as const)("%s: the answer of the cells that hold something", (name, whole, few) => {
    const spec = (specs as unknown as Record<string, FunctionSpec>)[name] as FunctionSpec;
    const answer = run(spec, ...whole);
    expect(answer).toEqual(run(spec, ...few));
    expect(JSON.stringify(answer)).not.toMatch(/call stack|could not work this out/);
  });

  test("a whole column of dice: every die counted, one number back", () => {
    const faces = Array.from({ length: ROWS }, (_, i) => [(i % 6) + 1]);
    // Faces 4, 5 and 6 succeed: three in each six, and the 4 of the last, unfinished round of 1 to 4.
    expect(run(specs.DICESUCCESSES as FunctionSpec, faces)).toBe(Math.floor(ROWS / 6) * 3 + 1);
  });

  test("two whole columns side by side are one block, refused in plain words", () => {
    const block = Array.from({ length: ROWS }, () => [null, null]);
    expect(run(specs.PANTHEONCHECK as FunctionSpec, block, column(60, 40))).toEqual({
      code: "#VALUE!",
      message: `PANTHEONCHECK: members must be one column or one row, not a block of ${ROWS.toLocaleString("en").replace(/,/g, "")} rows and 2 columns.`,
    });
  });
});
