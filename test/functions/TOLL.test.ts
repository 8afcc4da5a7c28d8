import { TOLL } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.TOLL", () => {
  test("arity", () => {
    expect(TOLL.params.map((p) => [p.name, p.optional])).toEqual([
      ["amount", false],
      ["mode", true],
      ["era", true],
    ]);
    expectValueError(call(TOLL), /needs a value for amount/);
    expectValueError(call(TOLL, 1, "lost", "centrum", 3), /at most 3 values/);
  });

  test("the toll's start (seed 000, Transferring Mana): none in Era Null, then to the end of the game, transition phases too", () => {
    expect([call(TOLL, 7, "received", "null"), call(TOLL, 7, "lost", "null"), call(TOLL, 7, "send", "null")]).toEqual([7, 0, 7]);
    expect(call(TOLL, 7, null, "Era Null")).toBe(7);
    for (const era of ["aleph", "centrum", "omega", "transition", "Transition phase", "ERA OMEGA"]) {
      expect([call(TOLL, 7, "received", era), call(TOLL, 7, "lost", era), call(TOLL, 3, "send", era)]).toEqual([3, 4, 6]);
    }
    // Left out, the toll applies: the campaign is past Era Null.
    expect(call(TOLL, 7, "received", null)).toBe(3);
    // Still whole mana in Era Null.
    expectValueError(call(TOLL, 2.5, "received", "null"), /2\.5/);
    expectValueError(call(TOLL, -1, "send", "null"), /-1/);
    expectValueError(call(TOLL, 7, "received", "beta"), /era/, /"null", "aleph", "centrum", "omega", "transition"/, /"beta"/);
  });

  test("worked examples (docs/rules/01-toll.md)", () => {
    expect(call(TOLL, 7)).toBe(3);
    expect(call(TOLL, 7, "lost")).toBe(4);
    expect(call(TOLL, 1)).toBe(0);
    expect(call(TOLL, 10, "send")).toBe(20);
  });

  test("modes are case-insensitive, blank is the default", () => {
    expect(call(TOLL, 7, " LOST ")).toBe(4);
    expect(call(TOLL, 7, null)).toBe(3);
    expect(call(TOLL, 7, "")).toBe(3);
    expect(call(TOLL, 7, "arrives")).toBe(3);
  });

  test("boundaries", () => {
    expect(call(TOLL, 0)).toBe(0);
    expect(call(TOLL, null)).toBe(0);
    expect(call(TOLL, "8")).toBe(4);
    expect(call(TOLL, [[9]])).toBe(4);
    expect(call(TOLL, 2 ** 60)).toBe(2 ** 59);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(TOLL, 2.5), /TOLL/, /amount/, /whole number/, /2\.5/);
    expectValueError(call(TOLL, -3), /amount/, /-3/);
    expectValueError(call(TOLL, "seven"), /amount/, /"seven"/);
    expectValueError(call(TOLL, true), /amount/, /TRUE/);
    expectValueError(call(TOLL, 7, "stolen"), /mode/, /"received", "lost", "send"/, /"stolen"/);
    expectValueError(call(TOLL, 7, 3), /mode/, /not 3/);
    expectValueError(call(TOLL, [[1, 2]]), /amount must be a single value, not a range/);
    expectValueError(call(TOLL, 1e308, "send"), /too large/);
  });

  test("an incoming error passes through", () => {
    expect(call(TOLL, NA)).toBe(NA);
    expect(call(TOLL, 7, NA)).toBe(NA);
  });
});
