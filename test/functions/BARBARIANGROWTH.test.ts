import { BARBARIANGROWTH } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.BARBARIANGROWTH", () => {
  test("arity", () => {
    expect(BARBARIANGROWTH.params.map((p) => [p.name, p.optional])).toEqual([["new_units", false]]);
    expectValueError(call(BARBARIANGROWTH), /needs a value for new_units/);
    expectValueError(call(BARBARIANGROWTH, 4, 2), /at most 1 value/);
  });

  test("worked examples (seed 002, Cultural Level): half spread, the other half placed", () => {
    expect(call(BARBARIANGROWTH, 8)).toEqual([[4, 4]]);
    expect(call(BARBARIANGROWTH, 10)).toEqual([[5, 5]]);
    // 10 units growing at 25%: 3 new units (2.5 rounded up), 2 spread and 1 stays.
    expect(call(BARBARIANGROWTH, 3)).toEqual([[2, 1]]);
  });

  test("our reading: an odd unit spreads", () => {
    expect(call(BARBARIANGROWTH, 7)).toEqual([[4, 3]]);
    expect(call(BARBARIANGROWTH, 1)).toEqual([[1, 0]]);
  });

  test("boundaries: zero, blank, text numbers, huge counts", () => {
    expect(call(BARBARIANGROWTH, 0)).toEqual([[0, 0]]);
    expect(call(BARBARIANGROWTH, null)).toEqual([[0, 0]]);
    expect(call(BARBARIANGROWTH, "5")).toEqual([[3, 2]]);
    expect(call(BARBARIANGROWTH, 2 ** 60)).toEqual([[2 ** 59, 2 ** 59]]);
    expect(call(BARBARIANGROWTH, Number.MAX_SAFE_INTEGER)).toEqual([[2 ** 52, 2 ** 52 - 1]]);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(BARBARIANGROWTH, -1), /BARBARIANGROWTH/, /new_units/, /-1/);
    expectValueError(call(BARBARIANGROWTH, 2.5), /new_units/, /2\.5/);
    expectValueError(call(BARBARIANGROWTH, "some"), /new_units/, /"some"/);
    expectValueError(call(BARBARIANGROWTH, true), /new_units/, /TRUE/);
  });

  test("an incoming error passes through", () => {
    expect(call(BARBARIANGROWTH, NA)).toBe(NA);
  });
});
