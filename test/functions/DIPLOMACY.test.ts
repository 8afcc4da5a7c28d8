import { DIPLOMACY } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.DIPLOMACY", () => {
  test("arity", () => {
    expect(DIPLOMACY.params.map((p) => [p.name, p.optional])).toEqual([
      ["roll", false],
      ["diplomacy", false],
      ["enemy_aggression", false],
    ]);
    expectValueError(call(DIPLOMACY, 4, 3), /needs a value for enemy_aggression/);
  });

  test("worked examples (docs/rules/06-aggression-diplomacy-wealth.md): d6 + Diplomacy − enemy Aggression, 6 or more averts the war", () => {
    expect(call(DIPLOMACY, 4, 3, 1)).toBe(true);
    expect(call(DIPLOMACY, 6, 0, 1)).toBe(false);
    expect(call(DIPLOMACY, 1, 2, 2)).toBe(false);
  });

  test("boundaries: exactly 6 averts, 5 does not", () => {
    expect(call(DIPLOMACY, 6, 0, 0)).toBe(true);
    expect(call(DIPLOMACY, 5, 0, 0)).toBe(false);
    expect(call(DIPLOMACY, 1, 5, 0)).toBe(true);
    expect(call(DIPLOMACY, 6, -1, -1)).toBe(true);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(DIPLOMACY, 7, 0, 0), /DIPLOMACY/, /roll/, /not 7/);
    expectValueError(call(DIPLOMACY, 3, 0.5, 0), /diplomacy/, /0\.5/);
    expectValueError(call(DIPLOMACY, 3, 0, "angry"), /enemy_aggression/, /"angry"/);
  });

  test("an incoming error passes through", () => {
    expect(call(DIPLOMACY, 3, 0, NA)).toBe(NA);
  });
});
