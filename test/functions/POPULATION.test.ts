import { POPULATION } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.POPULATION", () => {
  test("arity", () => {
    expect(POPULATION.params.map((p) => [p.name, p.optional])).toEqual([
      ["units", false],
      ["cities", true],
      ["great_cities", true],
    ]);
    expectValueError(call(POPULATION), /needs a value for units/);
    expectValueError(call(POPULATION, 1, 2, 3, 4), /at most 3 values/);
  });

  test("worked examples (docs/rules/04-population.md): units + 3 per city + 6 per great city", () => {
    // The Ultra-Dwarves' 43 in the war example: 40 units and a city, say.
    expect(call(POPULATION, 40, 1)).toBe(43);
    expect(call(POPULATION, 50, 2, 1)).toBe(62);
    expect(call(POPULATION, 12)).toBe(12);
  });

  test("boundaries", () => {
    expect(call(POPULATION, 0)).toBe(0);
    expect(call(POPULATION, 0, 0, 1)).toBe(6);
    expect(call(POPULATION, 10, null, "")).toBe(10);
    expect(call(POPULATION, "7", "1")).toBe(10);
    expect(call(POPULATION, 2 ** 53, 0, 0)).toBe(2 ** 53);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(POPULATION, -1), /POPULATION/, /units/, /-1/);
    expectValueError(call(POPULATION, 10, 1.5), /cities/, /1\.5/);
    expectValueError(call(POPULATION, 10, 0, "two"), /great_cities/, /"two"/);
    expectValueError(call(POPULATION, 1e308, 1e308, 1e308), /too large/);
  });

  test("an incoming error passes through", () => {
    expect(call(POPULATION, 10, NA)).toBe(NA);
  });
});
