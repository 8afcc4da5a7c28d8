import { ARTIFACTSTRENGTH } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.ARTIFACTSTRENGTH", () => {
  test("arity", () => {
    expect(ARTIFACTSTRENGTH.params.map((p) => [p.name, p.optional])).toEqual([
      ["mana_spent", false],
      ["factor", true],
    ]);
    expectValueError(call(ARTIFACTSTRENGTH), /needs a value for mana_spent/);
    expectValueError(call(ARTIFACTSTRENGTH, 12, 3, 1), /at most 2 values/);
  });

  test("worked example (seed 000, Artifacts): 12 mana spent on Bless Land gives up to 4", () => {
    expect(call(ARTIFACTSTRENGTH, 12)).toBe(4);
    expect(call(ARTIFACTSTRENGTH, 12, 3)).toBe(4);
    expect(call(ARTIFACTSTRENGTH, 3)).toBe(1);
  });

  test("our reading: mana short of a whole step buys nothing more (rounded down)", () => {
    expect(call(ARTIFACTSTRENGTH, 14)).toBe(4);
    expect(call(ARTIFACTSTRENGTH, 15)).toBe(5);
    expect(call(ARTIFACTSTRENGTH, 2)).toBe(0);
  });

  test("another factor, as a power list gives it", () => {
    expect(call(ARTIFACTSTRENGTH, 12, 2)).toBe(6);
    expect(call(ARTIFACTSTRENGTH, 12, 1)).toBe(12);
    expect(call(ARTIFACTSTRENGTH, 12, 5)).toBe(2);
  });

  test("boundaries: nothing spent, blank factor, huge amounts", () => {
    expect(call(ARTIFACTSTRENGTH, 0)).toBe(0);
    expect(call(ARTIFACTSTRENGTH, 12, null)).toBe(4);
    expect(call(ARTIFACTSTRENGTH, null)).toBe(0);
    expect(call(ARTIFACTSTRENGTH, Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(call(ARTIFACTSTRENGTH, Number.MAX_SAFE_INTEGER)).toBe(3002399751580330);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(ARTIFACTSTRENGTH, -3), /ARTIFACTSTRENGTH/, /mana_spent/, /not -3/);
    expectValueError(call(ARTIFACTSTRENGTH, 12.5), /mana_spent/, /12\.5/);
    expectValueError(call(ARTIFACTSTRENGTH, 12, 0), /factor/, /1 or more/, /not 0/);
    expectValueError(call(ARTIFACTSTRENGTH, 12, 1.5), /factor/, /1\.5/);
    expectValueError(call(ARTIFACTSTRENGTH, 12, "three"), /factor/, /"three"/);
  });

  test("an incoming error passes through", () => {
    expect(call(ARTIFACTSTRENGTH, NA)).toBe(NA);
    expect(call(ARTIFACTSTRENGTH, 12, NA)).toBe(NA);
  });
});
