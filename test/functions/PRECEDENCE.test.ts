import { PRECEDENCE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.PRECEDENCE", () => {
  test("arity", () => {
    expect(PRECEDENCE.params.map((p) => [p.name, p.optional])).toEqual([
      ["level_a", false],
      ["level_b", false],
      ["caster_a", true],
      ["caster_b", true],
    ]);
    expectValueError(call(PRECEDENCE), /needs a value for level_a/);
    expectValueError(call(PRECEDENCE, 2), /needs a value for level_b/);
    expectValueError(call(PRECEDENCE, 2, 1, "god", "god", 1), /at most 4 values/);
  });

  test("worked examples (seed 000, Conflicting Powers): the higher sphere level prevails", () => {
    expect(call(PRECEDENCE, 3, 2)).toBe("first");
    expect(call(PRECEDENCE, 1, 4)).toBe("second");
    // Both of one level: a referee's judgement.
    expect(call(PRECEDENCE, 2, 2)).toBe("referee");
  });

  test("worked examples: a celestial spirit's or a demon's power counts as level 1", () => {
    // A spirit's borrowed level 3 power against a god's level 2: the god's prevails.
    expect(call(PRECEDENCE, 3, 2, "spirit")).toBe("second");
    expect(call(PRECEDENCE, 5, 1, "demon", "god")).toBe("referee");
    expect(call(PRECEDENCE, 4, 6, "spirit", "demon")).toBe("referee");
    expect(call(PRECEDENCE, 2, 3, "god", "demon")).toBe("first");
  });

  test("boundaries: how the casters may be written, blank casters, text levels", () => {
    expect(call(PRECEDENCE, 3, 2, " Celestial Spirit ")).toBe("second");
    expect(call(PRECEDENCE, 3, 2, "lesser god", "greater god")).toBe("first");
    expect(call(PRECEDENCE, 3, 2, null, "DEMON")).toBe("first");
    expect(call(PRECEDENCE, "2", "2")).toBe("referee");
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(PRECEDENCE, 0, 1), /PRECEDENCE/, /level_a/, /1 or more/, /not 0/);
    expectValueError(call(PRECEDENCE, null, 1), /level_a/, /empty cell/);
    expectValueError(call(PRECEDENCE, 1, 2.5), /level_b/, /2\.5/);
    expectValueError(call(PRECEDENCE, 1, "high"), /level_b/, /"high"/);
    expectValueError(call(PRECEDENCE, 1, 1, "angel"), /caster_a/, /"god", "spirit", "demon"/, /"angel"/);
    expectValueError(call(PRECEDENCE, 1, 1, "god", 3), /caster_b/, /3/);
  });

  test("an incoming error passes through", () => {
    expect(call(PRECEDENCE, NA, 1)).toBe(NA);
    expect(call(PRECEDENCE, 1, 1, NA)).toBe(NA);
  });
});
