import { GOALBONUS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GOALBONUS", () => {
  test("arity", () => {
    expect(GOALBONUS.params.map((p) => [p.name, p.optional])).toEqual([
      ["bonus", false],
      ["claims_this_act", false],
      ["was_open", true],
    ]);
    expectValueError(call(GOALBONUS, 0), /needs a value for claims_this_act/);
    expectValueError(call(GOALBONUS, 0, 0, true, 1), /at most 3 values/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md): +1 on an open goal nobody claimed, 0 once claimed", () => {
    expect(call(GOALBONUS, 0, 0)).toBe(1);
    expect(call(GOALBONUS, 1, 0)).toBe(2);
    expect(call(GOALBONUS, 2, 2)).toBe(0);
    expect(call(GOALBONUS, 0, 0, false)).toBe(0);
    expect(call(GOALBONUS, 0, 0, true)).toBe(1);
  });

  test("our reading: a goal claimed once gains nothing, and one that opens as the act ends neither", () => {
    expect(call(GOALBONUS, 3, 1)).toBe(0);
    expect(call(GOALBONUS, 0, 1, true)).toBe(0);
    expect(call(GOALBONUS, 0, 0, false)).toBe(0);
  });

  test("boundaries: how was_open may be written", () => {
    expect(call(GOALBONUS, 4, 0, null)).toBe(5);
    expect(call(GOALBONUS, 4, 0, "")).toBe(5);
    expect(call(GOALBONUS, 4, 0, "yes")).toBe(5);
    expect(call(GOALBONUS, 4, 0, 1)).toBe(5);
    expect(call(GOALBONUS, 0, 0, "no")).toBe(0);
    expect(call(GOALBONUS, 0, 0, 0)).toBe(0);
    expect(call(GOALBONUS, "1", "0")).toBe(2);
    expect(call(GOALBONUS, 2 ** 53 - 2, 0)).toBe(2 ** 53 - 1);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(GOALBONUS, -1, 0), /GOALBONUS/, /bonus/, /not -1/);
    expectValueError(call(GOALBONUS, 0.5, 0), /bonus/, /0\.5/);
    expectValueError(call(GOALBONUS, 0, -2), /claims_this_act/, /not -2/);
    expectValueError(call(GOALBONUS, 0, "once"), /claims_this_act/, /"once"/);
    expectValueError(call(GOALBONUS, 0, 0, "maybe"), /was_open/, /TRUE or FALSE/, /"maybe"/);
    expectValueError(call(GOALBONUS, 0, 2, false), /GOALBONUS/, /not open cannot have been claimed \(2 claims this act\)/);
    expectValueError(call(GOALBONUS, 3, 0, false), /not open cannot hold bonus divinity \(3\)/);
  });

  test("an incoming error passes through", () => {
    expect(call(GOALBONUS, NA, 0)).toBe(NA);
    expect(call(GOALBONUS, 0, 0, NA)).toBe(NA);
  });
});
