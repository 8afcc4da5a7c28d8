import { DIFFICULTY } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.DIFFICULTY", () => {
  test("arity", () => {
    expect(DIFFICULTY.params.map((p) => [p.name, p.optional])).toEqual([
      ["level", false],
      ["opposing_successes", true],
      ["won_level1", true],
      ["won_level2", true],
    ]);
    expectValueError(call(DIFFICULTY), /needs a value for level/);
    expectValueError(call(DIFFICULTY, 1, 0, false, false, 1), /at most 4 values/);
  });

  test("worked examples (seed 003, Conflict Types): base 1, 2 and 6", () => {
    expect(call(DIFFICULTY, 1)).toBe(1);
    expect(call(DIFFICULTY, 2)).toBe(2);
    expect(call(DIFFICULTY, 3)).toBe(6);
  });

  test("the seed's example: base 1 and an opposing god rolling 2 successes make 3", () => {
    expect(call(DIFFICULTY, 1, 2)).toBe(3);
    expect(call(DIFFICULTY, 3, 4)).toBe(10);
  });

  test("earlier wins: level 1 takes 1 off levels 2 and 3, level 2 takes 2 off level 3, both take 3", () => {
    expect(call(DIFFICULTY, 2, 0, true)).toBe(1);
    expect(call(DIFFICULTY, 3, 0, true)).toBe(5);
    expect(call(DIFFICULTY, 3, 0, false, true)).toBe(4);
    expect(call(DIFFICULTY, 3, 0, true, true)).toBe(3);
    // The reduction comes off the base; the opposing successes are added on top.
    expect(call(DIFFICULTY, 3, 2, true, true)).toBe(5);
  });

  test("our reading: a win only lowers the levels above it", () => {
    expect(call(DIFFICULTY, 1, 0, true, true)).toBe(1);
    expect(call(DIFFICULTY, 2, 0, false, true)).toBe(2);
    expect(call(DIFFICULTY, 2, 0, true, true)).toBe(1);
  });

  test("boundaries: blanks, words for TRUE/FALSE, text numbers, huge opposition", () => {
    expect(call(DIFFICULTY, 3, null, "yes", "")).toBe(5);
    expect(call(DIFFICULTY, 3, "", 1, 0)).toBe(5);
    expect(call(DIFFICULTY, "2", "3")).toBe(5);
    expect(call(DIFFICULTY, 1, 0)).toBe(1);
    expect(call(DIFFICULTY, 1, 2 ** 52)).toBe(2 ** 52 + 1);
    expect(call(DIFFICULTY, 1, 1e300)).toBe(1e300);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(DIFFICULTY, 0), /DIFFICULTY/, /level/, /1, 2 or 3/, /not 0/);
    expectValueError(call(DIFFICULTY, 4), /level/, /not 4/);
    expectValueError(call(DIFFICULTY, null), /level/, /empty cell/);
    expectValueError(call(DIFFICULTY, "hard"), /level/, /"hard"/);
    expectValueError(call(DIFFICULTY, 1.5), /level/, /1\.5/);
    expectValueError(call(DIFFICULTY, 2, -1), /opposing_successes/, /-1/);
    expectValueError(call(DIFFICULTY, 2, "some"), /opposing_successes/, /"some"/);
    expectValueError(call(DIFFICULTY, 2, 0, "perhaps"), /won_level1/, /TRUE or FALSE/, /"perhaps"/);
    expectValueError(call(DIFFICULTY, 2, 0, false, 2), /won_level2/, /not 2/);
  });

  test("an incoming error passes through", () => {
    expect(call(DIFFICULTY, NA)).toBe(NA);
    expect(call(DIFFICULTY, 3, 0, NA)).toBe(NA);
  });
});
