import { POPLIMIT } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.POPLIMIT", () => {
  test("arity", () => {
    expect(POPLIMIT.params.map((p) => [p.name, p.optional])).toEqual([
      ["terrain", false],
      ["culture", false],
      ["modifier", true],
    ]);
    expectValueError(call(POPLIMIT, "plains"), /needs a value for culture/);
  });

  test("the whole table (docs/rules/04-population.md)", () => {
    const table: Record<string, number[]> = {
      primitive: [1, 1, 1, 1, 1, 0],
      barbarian: [3, 3, 2, 1, 1, 0],
      civilized: [5, 3, 3, 2, 0, 0],
    };
    const terrains = ["plains", "forest", "desert", "mountain", "ice", "water"];
    for (const [culture, limits] of Object.entries(table)) {
      expect(terrains.map((t) => call(POPLIMIT, t, culture))).toEqual(limits);
    }
  });

  test("words are case-insensitive, with a few other spellings", () => {
    expect(call(POPLIMIT, " Desert ", "BARBARIAN")).toBe(2);
    expect(call(POPLIMIT, "Mountains", "civilised")).toBe(2);
    expect(call(POPLIMIT, "plain", "Civilized")).toBe(5);
  });

  test("the modifier is added, and the limit never goes below 0", () => {
    expect(call(POPLIMIT, "water", "barbarian", 1)).toBe(1);
    expect(call(POPLIMIT, "forest", "civilized", 2)).toBe(5);
    expect(call(POPLIMIT, "plains", "barbarian", -1)).toBe(2);
    expect(call(POPLIMIT, "mountain", "primitive", -2)).toBe(0);
    expect(call(POPLIMIT, "ice", "civilized", -5)).toBe(0);
    expect(call(POPLIMIT, "plains", "civilized", null)).toBe(5);
  });

  test("bad input names the argument and the words allowed", () => {
    expectValueError(call(POPLIMIT, "swamp", "civilized"), /terrain/, /"plains", "forest", "desert", "mountain", "ice", "water"/, /"swamp"/);
    expectValueError(call(POPLIMIT, "plains", "feudal"), /culture/, /"primitive", "barbarian", "civilized"/, /"feudal"/);
    expectValueError(call(POPLIMIT, 3, "civilized"), /terrain/, /not 3/);
    expectValueError(call(POPLIMIT, "plains", "civilized", 1.5), /modifier/, /1\.5/);
    expectValueError(call(POPLIMIT, "plains", "civilized", "lots"), /modifier/, /"lots"/);
  });

  test("an incoming error passes through", () => {
    expect(call(POPLIMIT, NA, "civilized")).toBe(NA);
    expect(call(POPLIMIT, "plains", "civilized", NA)).toBe(NA);
  });
});
