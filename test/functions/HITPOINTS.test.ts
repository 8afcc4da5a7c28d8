import { HITPOINTS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.HITPOINTS", () => {
  test("arity", () => {
    expect(HITPOINTS.params.map((p) => [p.name, p.optional])).toEqual([
      ["permanent_lost", false],
      ["internal_weakness", true],
    ]);
    expectValueError(call(HITPOINTS), /needs a value for permanent_lost/);
    expectValueError(call(HITPOINTS, 1, true, 0), /at most 2 values/);
  });

  test("worked examples (seed 000, Hit Points): 5 at the start of every combat, less permanent losses", () => {
    expect(call(HITPOINTS, 0)).toBe(5);
    expect(call(HITPOINTS, 1)).toBe(4);
    expect(call(HITPOINTS, 4)).toBe(1);
    // 0 permanent hit points is death until healed.
    expect(call(HITPOINTS, 5)).toBe("dead");
  });

  test("worked examples (seed 000, Mutilations): Internal Weakness costs 2 permanent hit points", () => {
    // It "begins each combat with two less hit points than normal".
    expect(call(HITPOINTS, 0, true)).toBe(3);
    expect(call(HITPOINTS, 2, true)).toBe(1);
    expect(call(HITPOINTS, 3, true)).toBe("dead");
  });

  test("boundaries: more lost than 5 is still dead; blank and yes/no", () => {
    expect(call(HITPOINTS, 9)).toBe("dead");
    expect(call(HITPOINTS, Number.MAX_SAFE_INTEGER, true)).toBe("dead");
    expect(call(HITPOINTS, null)).toBe(5);
    expect(call(HITPOINTS, 1, "yes")).toBe(2);
    expect(call(HITPOINTS, 1, 0)).toBe(4);
    expect(call(HITPOINTS, 1, null)).toBe(4);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(HITPOINTS, -1), /HITPOINTS/, /permanent_lost/, /not -1/);
    expectValueError(call(HITPOINTS, 1.5), /permanent_lost/, /1\.5/);
    expectValueError(call(HITPOINTS, "two"), /permanent_lost/, /"two"/);
    expectValueError(call(HITPOINTS, 1, "lame"), /internal_weakness/, /TRUE or FALSE/, /"lame"/);
  });

  test("an incoming error passes through", () => {
    expect(call(HITPOINTS, NA)).toBe(NA);
    expect(call(HITPOINTS, 1, NA)).toBe(NA);
  });
});
