import { MELTROLLS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.MELTROLLS", () => {
  test("arity", () => {
    expect(MELTROLLS.params.map((p) => [p.name, p.optional, p.repeating])).toEqual([["open_level", false, true]]);
    expectValueError(call(MELTROLLS), /needs a value for open_level/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md): one roll per level of the highest open goal", () => {
    expect(call(MELTROLLS, 1, 1, 1, 1, 1)).toBe(1);
    expect(call(MELTROLLS, 1, 2, 1, 1, 1)).toBe(2);
    expect(call(MELTROLLS, 2, 3, 0, 1, 2)).toBe(3);
    expect(call(MELTROLLS, 0, 0, 2, 1, 0)).toBe(2);
    expect(call(MELTROLLS, 0)).toBe(0);
  });

  test("a range, as Excel passes it, and ranges mixed with values", () => {
    // Excel hands a repeating argument every value as a range: C2:C6 holding 1, 2, 1, empty, 1.
    expect(call(MELTROLLS, [[[1], [2], [1], [null], [1]]])).toBe(2);
    expect(call(MELTROLLS, [[1, 1]], 3)).toBe(3);
    expect(call(MELTROLLS, [[null, ""]])).toBe(0);
  });

  test("boundaries", () => {
    expect(call(MELTROLLS, 3)).toBe(3);
    expect(call(MELTROLLS, "2", " 1 ")).toBe(2);
    expect(call(MELTROLLS, null, 1)).toBe(1);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(MELTROLLS, 4), /MELTROLLS/, /open_level/, /0 to 3/, /not 4/);
    expectValueError(call(MELTROLLS, 1, -1), /open_level/, /not -1/);
    expectValueError(call(MELTROLLS, 1.5), /open_level/, /1\.5/);
    expectValueError(call(MELTROLLS, "two"), /open_level/, /"two"/);
    expectValueError(call(MELTROLLS, true), /open_level/, /TRUE/);
    expectValueError(call(MELTROLLS, "100%"), /open_level/, /"100%"/);
    expectValueError(call(MELTROLLS, [[1, 4]]), /open_level/, /not 4/);
  });

  test("an incoming error passes through, also from inside a range", () => {
    expect(call(MELTROLLS, NA)).toBe(NA);
    expect(call(MELTROLLS, 1, [[2, NA]])).toBe(NA);
  });
});
