import { MELT } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.MELT", () => {
  test("arity", () => {
    expect(MELT.params.map((p) => [p.name, p.optional])).toEqual([["roll", false]]);
    expectValueError(call(MELT), /needs a value for roll/);
  });

  test("the table (docs/rules/11-games-of-the-gods.md): one change for every 2d6 total", () => {
    const rows = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((r) => call(MELT, r));
    expect(rows).toEqual([
      "a random character switches between active and inactive",
      "a random relationship is removed",
      "a random relationship gets a new description",
      "a random relationship gets a new description",
      "a random character gets a changed feature",
      "a random character gets a changed feature",
      "a random relationship gets a new target",
      "a random relationship gets a new source",
      "a random relationship gets a new source",
      "a new relationship is added",
      "a new relationship is added",
    ]);
  });

  test("boundaries", () => {
    expect(call(MELT, "12")).toBe("a new relationship is added");
    expect(call(MELT, [[2]])).toBe("a random character switches between active and inactive");
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(MELT, 1), /MELT/, /roll/, /2 to 12/, /not 1/);
    expectValueError(call(MELT, 13), /roll/, /not 13/);
    expectValueError(call(MELT, 7.5), /roll/, /7\.5/);
    expectValueError(call(MELT, "snake eyes"), /roll/, /"snake eyes"/);
  });

  test("an incoming error passes through", () => {
    expect(call(MELT, NA)).toBe(NA);
  });
});
