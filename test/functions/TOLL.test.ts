import { TOLL } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.TOLL", () => {
  test("arity", () => {
    expect(TOLL.params.map((p) => [p.name, p.optional])).toEqual([
      ["amount", false],
      ["mode", true],
    ]);
    expectValueError(call(TOLL), /needs a value for amount/);
    expectValueError(call(TOLL, 1, "lost", 3), /at most 2 values/);
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
