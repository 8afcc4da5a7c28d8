import { AGGRESSION } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.AGGRESSION", () => {
  test("arity", () => {
    expect(AGGRESSION.params.map((p) => [p.name, p.optional])).toEqual([
      ["roll", false],
      ["aggression", false],
    ]);
    expectValueError(call(AGGRESSION, 4), /needs a value for aggression/);
  });

  test("the table (docs/rules/06-aggression-diplomacy-wealth.md): d6 + Aggression", () => {
    const expected: [number, number][] = [
      [2, 0],
      [4, 0],
      [5, 1],
      [6, 1],
      [7, 2],
      [8, 2],
      [9, 3],
      [12, 3],
    ];
    for (const [total, wars] of expected) expect(call(AGGRESSION, 3, total - 3)).toBe(wars);
    expect(call(AGGRESSION, 4, 3)).toBe(2);
  });

  test("boundaries", () => {
    expect(call(AGGRESSION, 1, 0)).toBe(0);
    expect(call(AGGRESSION, 6, 0)).toBe(1);
    expect(call(AGGRESSION, 6, -3)).toBe(0);
    expect(call(AGGRESSION, 1, 100)).toBe(3);
    expect(call(AGGRESSION, "6", "-2")).toBe(0);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(AGGRESSION, 7, 0), /AGGRESSION/, /roll/, /1 to 6/, /not 7/);
    expectValueError(call(AGGRESSION, 0, 0), /roll/, /not 0/);
    expectValueError(call(AGGRESSION, 3.5, 0), /roll/, /3\.5/);
    expectValueError(call(AGGRESSION, null, 0), /roll/, /an empty cell/);
    expectValueError(call(AGGRESSION, 3, 1.5), /aggression/, /1\.5/);
    expectValueError(call(AGGRESSION, 3, "fierce"), /aggression/, /"fierce"/);
  });

  test("an incoming error passes through", () => {
    expect(call(AGGRESSION, NA, 2)).toBe(NA);
  });
});
