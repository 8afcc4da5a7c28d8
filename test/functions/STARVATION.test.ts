import { STARVATION } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.STARVATION", () => {
  test("arity", () => {
    expect(STARVATION.params.map((p) => [p.name, p.optional])).toEqual([
      ["units", false],
      ["limit", false],
    ]);
    expectValueError(call(STARVATION, 7), /needs a value for limit/);
  });

  test("worked examples (docs/rules/04-population.md): the units above the limit starve", () => {
    expect(call(STARVATION, 7, 5)).toBe(2);
    expect(call(STARVATION, 4, 0)).toBe(4);
  });

  test("boundaries", () => {
    expect(call(STARVATION, 5, 5)).toBe(0);
    expect(call(STARVATION, 3, 5)).toBe(0);
    expect(call(STARVATION, 0, 0)).toBe(0);
    expect(call(STARVATION, 6, 5)).toBe(1);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(STARVATION, -1, 5), /STARVATION/, /units/, /-1/);
    expectValueError(call(STARVATION, 7, 2.5), /limit/, /2\.5/);
    expectValueError(call(STARVATION, 7, "high"), /limit/, /"high"/);
  });

  test("an incoming error passes through", () => {
    expect(call(STARVATION, NA, 5)).toBe(NA);
  });
});
