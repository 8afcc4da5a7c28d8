import { POWERCOST } from "../../src/functions/specs";
import { powercost } from "../../src/functions/functions";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.POWERCOST", () => {
  test("arity: the modifier repeats, and may be left out", () => {
    expect(POWERCOST.params.map((p) => [p.name, p.optional, p.repeating === true])).toEqual([
      ["normal_cost", false, false],
      ["modifier", true, true],
    ]);
    expectValueError(call(POWERCOST), /needs a value for normal_cost/);
    expect(call(POWERCOST, 100, 0.5, 0.5, 2, 2, 0.5, 2, 0.5)).toBe(50);
  });

  test("worked examples (docs/rules/02-power-costs.md): multiply, round up, never below 25%", () => {
    // Persuasion in the Hall of Feasts: 25% less.
    expect(call(POWERCOST, 10, 0.75)).toBe(8);
    // A non-owner defending a demesne: double.
    expect(call(POWERCOST, 10, 2)).toBe(20);
    expect(call(POWERCOST, 12, 0.75, 2)).toBe(18);
    // 2.5 is below the floor, which is 25% of 10 rounded up.
    expect(call(POWERCOST, 10, 0.5, 0.5)).toBe(3);
    expect(call(POWERCOST, 7, "75%")).toBe(6);
  });

  test("the product is exact and rounded once, at the end", () => {
    // Rounding after each step would give ceil(ceil(10 × 0.75) × 0.75) = 6.
    expect(call(POWERCOST, 10, 0.75, 0.75)).toBe(6);
    expect(call(POWERCOST, 9, 0.75, 0.75)).toBe(6);
    // 0.07 is seven hundredths, not the binary number just above it.
    expect(call(POWERCOST, 100, 0.07, 100)).toBe(700);
    expect(call(POWERCOST, 100, 0.1, 10)).toBe(100);
  });

  test("no modifier: the normal cost", () => {
    expect(call(POWERCOST, 10)).toBe(10);
    expect(call(POWERCOST, 0)).toBe(0);
    expect(call(POWERCOST, 7, undefined)).toBe(7);
    expect(call(POWERCOST, 2 ** 53)).toBe(2 ** 53);
    const asCalled = powercost as (...args: unknown[]) => unknown;
    // Excel with the modifier left out: only the invocation object follows.
    expect(asCalled(12, undefined, { functionName: "POWERCOST" })).toBe(12);
    expect(asCalled(12)).toBe(12);
  });

  test("ranges and empty cells", () => {
    expect(call(POWERCOST, 9, [[0.75], [null], [2]])).toBe(14);
    expect(call(POWERCOST, 9, [[0.75, 2]], "")).toBe(14);
    expect(call(POWERCOST, 9, null)).toBe(9);
    expect(call(POWERCOST, 9, [[null]])).toBe(9);
  });

  test("the wrapper takes Excel's list of repetitions and gods fn's separate values alike", () => {
    const asCalled = powercost as (...args: unknown[]) => unknown;
    // Excel: every repetition in the one parameter, then an invocation object.
    expect(asCalled(12, [[[0.75]], [[2]]], { functionName: "POWERCOST" })).toBe(18);
    // gods fn POWERCOST 12 0.75 2
    expect(asCalled(12, 0.75, 2)).toBe(18);
  });

  test("boundaries", () => {
    expect(call(POWERCOST, 0, 0.5)).toBe(0);
    expect(call(POWERCOST, 1, 0)).toBe(1);
    expect(call(POWERCOST, 4, 0)).toBe(1);
    expect(call(POWERCOST, 10, 1)).toBe(10);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(POWERCOST, 10.5, 1), /POWERCOST/, /normal_cost/, /10\.5/);
    expectValueError(call(POWERCOST, -1, 1), /normal_cost/, /-1/);
    expectValueError(call(POWERCOST, 10, -0.5), /modifier/, /-0\.5/);
    expectValueError(call(POWERCOST, 10, 0.75, "cheap"), /modifier/, /"cheap"/);
    expectValueError(call(POWERCOST, 10, [[0.75], [true]]), /modifier/, /TRUE/);
    expectValueError(call(POWERCOST, 1e300, 1e300, 1e300), /too large/);
  });

  test("an incoming error passes through", () => {
    expect(call(POWERCOST, NA, 1)).toBe(NA);
    expect(call(POWERCOST, 10, 0.75, NA)).toBe(NA);
    expect(call(POWERCOST, 10, [[0.75], [NA]])).toBe(NA);
  });
});
