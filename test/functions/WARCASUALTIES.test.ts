import { WARCASUALTIES } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.WARCASUALTIES", () => {
  test("arity", () => {
    expect(WARCASUALTIES.params.map((p) => [p.name, p.optional])).toEqual([
      ["strength", false],
      ["military", false],
      ["enemy_military", false],
      ["enemy_strength", true],
    ]);
    expectValueError(call(WARCASUALTIES, 43, 8), /needs a value for enemy_military/);
    expectValueError(call(WARCASUALTIES, 1, 2, 3, 4, 5), /at most 4 values/);
  });

  test("worked example (docs/rules/07-war.md): 43 at +8 against 65 at +2", () => {
    expect(call(WARCASUALTIES, 43, 8, 2)).toBe(7);
    expect(call(WARCASUALTIES, 65, 2, 8)).toBe(3);
    expect(call(WARCASUALTIES, 43, 8, 2, 65)).toBe(7);
  });

  test("boundaries", () => {
    expect(call(WARCASUALTIES, 100, 0, 10)).toBe(0);
    expect(call(WARCASUALTIES, 100, -5, 4)).toBe(1);
    expect(call(WARCASUALTIES, 0, 8, 2)).toBe(0);
    expect(call(WARCASUALTIES, 500, 5, 0, 40)).toBe(40);
    expect(call(WARCASUALTIES, 500, 5, 0, null)).toBe(75);
    expect(call(WARCASUALTIES, 100, null, 3)).toBe(7);
    expect(call(WARCASUALTIES, 1e15, 90, 0)).toBe(1e15);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(WARCASUALTIES, -43, 8, 2), /strength/, /-43/);
    expectValueError(call(WARCASUALTIES, 43.5, 8, 2), /strength/, /43\.5/);
    expectValueError(call(WARCASUALTIES, 43, "strong", 2), /military/, /"strong"/);
    expectValueError(call(WARCASUALTIES, 43, 8, 2.5), /enemy_military/, /2\.5/);
    expectValueError(call(WARCASUALTIES, 43, 8, 2, -1), /enemy_strength/, /-1/);
  });

  test("an incoming error passes through", () => {
    expect(call(WARCASUALTIES, 43, NA, 2)).toBe(NA);
  });
});
