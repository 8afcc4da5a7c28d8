import { OCCUPY } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.OCCUPY", () => {
  test("arity", () => {
    expect(OCCUPY.params.map((p) => [p.name, p.optional])).toEqual([
      ["winner_culture", false],
      ["square_limits", false],
    ]);
    expectValueError(call(OCCUPY), /needs a value for winner_culture/);
    expectValueError(call(OCCUPY, "barbarian"), /needs a value for square_limits/);
    expectValueError(call(OCCUPY, "barbarian", 3, 3), /at most 2 values/);
  });

  test("worked examples (seed 002, Cultural Level; Wars): 2 units into each vacated square, 1 where 2 would pass the limit", () => {
    // Two squares given up to a civilized winner, plains (limit 5) and forest (limit 3).
    expect(call(OCCUPY, "civilized", [[5], [3]])).toBe(4);
    // A barbarian winner, plains (3) and mountain (1): 2 + 1.
    expect(call(OCCUPY, "barbarian", [[3, 1]])).toBe(3);
    expect(call(OCCUPY, "barbarian", 1)).toBe(1);
    expect(call(OCCUPY, "civilized", 2)).toBe(2);
  });

  test("worked examples: a primitive winner does not occupy the squares", () => {
    expect(call(OCCUPY, "primitive", [[1], [1], [1]])).toBe(0);
    expect(call(OCCUPY, "primitive", 5)).toBe(0);
  });

  test("our reading: a square that supports none of the winner's units gets none", () => {
    expect(call(OCCUPY, "civilized", [[0], [5]])).toBe(2);
  });

  test("boundaries: empty cells skipped, no squares, text, any case", () => {
    expect(call(OCCUPY, "barbarian", [[3], [null], [""], [2]])).toBe(4);
    expect(call(OCCUPY, "barbarian", [[null]])).toBe(0);
    expect(call(OCCUPY, " Civilised ", "3")).toBe(2);
    expect(call(OCCUPY, "CIVILIZED", [[999]])).toBe(2);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(OCCUPY, "nomadic", 3), /OCCUPY/, /winner_culture/, /"nomadic"/);
    expectValueError(call(OCCUPY, "barbarian", -1), /square_limits/, /population limits/, /-1/);
    expectValueError(call(OCCUPY, "barbarian", [[2.5]]), /square_limits/, /2\.5/);
    expectValueError(call(OCCUPY, "barbarian", [["plains"]]), /square_limits/, /"plains"/);
    expectValueError(call(OCCUPY, "barbarian", 1000), /square_limits/, /0 to 999/);
  });

  test("an incoming error passes through, also from inside the range", () => {
    expect(call(OCCUPY, NA, 3)).toBe(NA);
    expect(call(OCCUPY, "barbarian", [[3], [NA]])).toBe(NA);
  });
});
