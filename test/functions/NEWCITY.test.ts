import { NEWCITY } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.NEWCITY", () => {
  test("arity", () => {
    expect(NEWCITY.params.map((p) => [p.name, p.optional])).toEqual([
      ["squares", false],
      ["cities", false],
    ]);
    expectValueError(call(NEWCITY, 12), /needs a value for cities/);
  });

  test("worked examples (docs/rules/04-population.md): 6 squares per existing city", () => {
    expect(call(NEWCITY, 12, 2)).toBe(true);
    expect(call(NEWCITY, 11, 2)).toBe(false);
    expect(call(NEWCITY, 6, 1)).toBe(true);
    expect(call(NEWCITY, 5, 1)).toBe(false);
  });

  test("the first city is always allowed", () => {
    expect(call(NEWCITY, 0, 0)).toBe(true);
    expect(call(NEWCITY, 1, 0)).toBe(true);
  });

  test("boundaries", () => {
    expect(call(NEWCITY, 0, 1)).toBe(false);
    expect(call(NEWCITY, 2 ** 53, 2 ** 50)).toBe(true);
    expect(call(NEWCITY, 2 ** 53, 2 ** 51)).toBe(false);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(NEWCITY, -1, 0), /NEWCITY/, /squares/, /-1/);
    expectValueError(call(NEWCITY, 12, 1.5), /cities/, /1\.5/);
    expectValueError(call(NEWCITY, "many", 1), /squares/, /"many"/);
  });

  test("an incoming error passes through", () => {
    expect(call(NEWCITY, 12, NA)).toBe(NA);
  });
});
