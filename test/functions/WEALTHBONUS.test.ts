import { WEALTHBONUS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.WEALTHBONUS", () => {
  test("arity", () => {
    expect(WEALTHBONUS.params.map((p) => [p.name, p.optional])).toEqual([["wealth", false]]);
    expectValueError(call(WEALTHBONUS), /needs a value for wealth/);
    expectValueError(call(WEALTHBONUS, 1, 2), /at most 1 value/);
  });

  test("worked examples (RULES.md §6): +1 for each full 3 Wealth", () => {
    expect(call(WEALTHBONUS, 8)).toBe(2);
    expect(call(WEALTHBONUS, 9)).toBe(3);
    expect(call(WEALTHBONUS, 2)).toBe(0);
  });

  test("Wealth below 0 counts as 0", () => {
    expect(call(WEALTHBONUS, -4)).toBe(0);
    expect(call(WEALTHBONUS, -3)).toBe(0);
  });

  test("boundaries", () => {
    expect(call(WEALTHBONUS, 0)).toBe(0);
    expect(call(WEALTHBONUS, 3)).toBe(1);
    expect(call(WEALTHBONUS, Number.MAX_SAFE_INTEGER)).toBe(3002399751580330);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(WEALTHBONUS, 4.5), /WEALTHBONUS/, /wealth/, /4\.5/);
    expectValueError(call(WEALTHBONUS, "rich"), /wealth/, /"rich"/);
  });

  test("an incoming error passes through", () => {
    expect(call(WEALTHBONUS, NA)).toBe(NA);
  });
});
