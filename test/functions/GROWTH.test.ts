import { GROWTH } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GROWTH", () => {
  test("arity", () => {
    expect(GROWTH.params.map((p) => [p.name, p.optional])).toEqual([
      ["units", false],
      ["rate", true],
    ]);
    expectValueError(call(GROWTH), /needs a value for units/);
  });

  test("worked examples (docs/rules/05-growth.md)", () => {
    expect(call(GROWTH, 10)).toBe(3);
    expect(call(GROWTH, 12)).toBe(3);
    expect(call(GROWTH, 100, 0.07)).toBe(7);
    expect(call(GROWTH, 10, 0.3)).toBe(3);
    expect(call(GROWTH, 100, 0.13)).toBe(13);
  });

  test("rates as Excel percentages, text, or blank", () => {
    expect(call(GROWTH, 100, "7%")).toBe(7);
    expect(call(GROWTH, 100, "0.07")).toBe(7);
    expect(call(GROWTH, 10, null)).toBe(3);
    expect(call(GROWTH, 10, "")).toBe(3);
    expect(call(GROWTH, 10, 0)).toBe(0);
  });

  test("boundaries", () => {
    expect(call(GROWTH, 0)).toBe(0);
    expect(call(GROWTH, 1)).toBe(1);
    expect(call(GROWTH, 2 ** 55)).toBe(2 ** 53);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(GROWTH, -1), /units/, /-1/);
    expectValueError(call(GROWTH, 2.5), /units/, /2\.5/);
    expectValueError(call(GROWTH, "many"), /units/, /"many"/);
    expectValueError(call(GROWTH, 10, -0.25), /rate/, /-0\.25/);
    expectValueError(call(GROWTH, 10, "fast"), /rate/, /"fast"/);
    expectValueError(call(GROWTH, 10, "x%"), /rate/, /"x%"/);
  });

  test("an incoming error passes through", () => {
    expect(call(GROWTH, NA)).toBe(NA);
  });
});
