import { TURMOIL } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.TURMOIL", () => {
  test("arity", () => {
    expect(TURMOIL.params.map((p) => [p.name, p.optional])).toEqual([["roll", false]]);
    expectValueError(call(TURMOIL), /needs a value for roll/);
  });

  test("the table (docs/rules/09-pantheons-turmoil.md)", () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => call(TURMOIL, r))).toEqual([
      "no effect",
      "no effect",
      "a random member is expelled",
      "a random member is expelled",
      "a random member expels another member of its choice",
      "a random member expels another member of its choice",
    ]);
  });

  test("boundaries", () => {
    expect(call(TURMOIL, "3")).toBe("a random member is expelled");
    expect(call(TURMOIL, [[5]])).toBe("a random member expels another member of its choice");
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(TURMOIL, 0), /TURMOIL/, /roll/, /not 0/);
    expectValueError(call(TURMOIL, 7), /roll/, /not 7/);
    expectValueError(call(TURMOIL, 2.5), /roll/, /2\.5/);
    expectValueError(call(TURMOIL, ""), /roll/, /an empty cell/);
  });

  test("an incoming error passes through", () => {
    expect(call(TURMOIL, NA)).toBe(NA);
  });
});
