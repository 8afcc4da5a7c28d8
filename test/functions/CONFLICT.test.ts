import { CONFLICT } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.CONFLICT", () => {
  test("arity", () => {
    expect(CONFLICT.params.map((p) => [p.name, p.optional])).toEqual([
      ["level", false],
      ["successes", false],
      ["opposing_successes", true],
      ["won_level1", true],
      ["won_level2", true],
    ]);
    expectValueError(call(CONFLICT, 1), /needs a value for successes/);
    expectValueError(call(CONFLICT, 1, 2, 0, false, false, 1), /at most 5 values/);
  });

  test("worked examples (seed 003, Who Wins Conflicts?): more successes than the difficulty", () => {
    expect(call(CONFLICT, 1, 2)).toBe(true);
    expect(call(CONFLICT, 3, 7)).toBe(true);
    expect(call(CONFLICT, 3, 6)).toBe(false);
    // The seed's example: difficulty 1 plus 2 opposing successes is 3; 4 successes win, 3 do not.
    expect(call(CONFLICT, 1, 4, 2)).toBe(true);
    expect(call(CONFLICT, 1, 3, 2)).toBe(false);
  });

  test("equal to the difficulty is not enough", () => {
    expect(call(CONFLICT, 1, 1)).toBe(false);
    expect(call(CONFLICT, 2, 2)).toBe(false);
    expect(call(CONFLICT, 3, 3, 0, true, true)).toBe(false);
    expect(call(CONFLICT, 3, 4, 0, true, true)).toBe(true);
  });

  test("earlier wins lower the difficulty", () => {
    expect(call(CONFLICT, 2, 2, 0, true)).toBe(true);
    expect(call(CONFLICT, 3, 5, 0, false, true)).toBe(true);
    expect(call(CONFLICT, 3, 4, 0, false, true)).toBe(false);
  });

  test("boundaries: no successes, blanks, text numbers, huge counts", () => {
    expect(call(CONFLICT, 1, 0)).toBe(false);
    expect(call(CONFLICT, 1, null)).toBe(false);
    expect(call(CONFLICT, "1", "2", "")).toBe(true);
    expect(call(CONFLICT, 1, 2 ** 53, 2 ** 52)).toBe(true);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(CONFLICT, 5, 3), /CONFLICT/, /level/, /not 5/);
    expectValueError(call(CONFLICT, 1, -2), /successes/, /-2/);
    expectValueError(call(CONFLICT, 1, 2.5), /successes/, /2\.5/);
    expectValueError(call(CONFLICT, 1, "many"), /successes/, /"many"/);
    expectValueError(call(CONFLICT, 1, 2, -1), /opposing_successes/, /-1/);
    expectValueError(call(CONFLICT, 1, 2, 0, "maybe"), /won_level1/, /"maybe"/);
  });

  test("an incoming error passes through", () => {
    expect(call(CONFLICT, 1, NA)).toBe(NA);
    expect(call(CONFLICT, 1, 2, 0, false, NA)).toBe(NA);
  });
});
