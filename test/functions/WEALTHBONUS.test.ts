import { WEALTHBONUS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.WEALTHBONUS", () => {
  test("arity", () => {
    expect(WEALTHBONUS.params.map((p) => [p.name, p.optional])).toEqual([
      ["wealth", false],
      ["cities", true],
    ]);
    expectValueError(call(WEALTHBONUS), /needs a value for wealth/);
    expectValueError(call(WEALTHBONUS, 1, 2, 3), /at most 2 values/);
  });

  test("worked examples (docs/rules/06-aggression-diplomacy-wealth.md): +1 for each full 3 Wealth", () => {
    expect(call(WEALTHBONUS, 8)).toBe(2);
    expect(call(WEALTHBONUS, 9)).toBe(3);
    expect(call(WEALTHBONUS, 2)).toBe(0);
  });

  test("each city gives its race 1 Wealth (seed 002, Cities)", () => {
    expect(call(WEALTHBONUS, 5, 2)).toBe(2);
    expect(call(WEALTHBONUS, 8, 1)).toBe(3);
    expect(call(WEALTHBONUS, 0, 3)).toBe(1);
    expect(call(WEALTHBONUS, 2, 0)).toBe(0);
    // Existing calls are unchanged: no cities given is none.
    expect(call(WEALTHBONUS, 8, null)).toBe(2);
    expect(call(WEALTHBONUS, 8, "")).toBe(2);
  });

  test("our reading: the floor at 0 applies to the whole Wealth, cities included", () => {
    // -4 + 6 cities = 2: not a full 3. Cities added after the floor would have given 2.
    expect(call(WEALTHBONUS, -4, 6)).toBe(0);
    expect(call(WEALTHBONUS, -4, 7)).toBe(1);
    expect(call(WEALTHBONUS, -10, 3)).toBe(0);
  });

  test("Wealth below 0 counts as 0", () => {
    expect(call(WEALTHBONUS, -4)).toBe(0);
    expect(call(WEALTHBONUS, -3)).toBe(0);
  });

  test("boundaries", () => {
    expect(call(WEALTHBONUS, 0)).toBe(0);
    expect(call(WEALTHBONUS, 3)).toBe(1);
    expect(call(WEALTHBONUS, Number.MAX_SAFE_INTEGER)).toBe(3002399751580330);
    expect(call(WEALTHBONUS, Number.MAX_SAFE_INTEGER, 2)).toBe(3002399751580331);
    expect(call(WEALTHBONUS, 0, 2 ** 60)).toBe(Number(2n ** 60n / 3n));
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(WEALTHBONUS, 4.5), /WEALTHBONUS/, /wealth/, /4\.5/);
    expectValueError(call(WEALTHBONUS, "rich"), /wealth/, /"rich"/);
    expectValueError(call(WEALTHBONUS, 3, -1), /cities/, /-1/);
    expectValueError(call(WEALTHBONUS, 3, 1.5), /cities/, /1\.5/);
    expectValueError(call(WEALTHBONUS, 3, "two"), /cities/, /"two"/);
  });

  test("an incoming error passes through", () => {
    expect(call(WEALTHBONUS, NA)).toBe(NA);
    expect(call(WEALTHBONUS, 3, NA)).toBe(NA);
  });
});
