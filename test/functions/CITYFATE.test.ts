import { CITYFATE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.CITYFATE", () => {
  test("arity", () => {
    expect(CITYFATE.params.map((p) => [p.name, p.optional])).toEqual([
      ["winner_culture", false],
      ["roll", true],
      ["winner_aggression", true],
    ]);
    expectValueError(call(CITYFATE), /needs a value for winner_culture/);
  });

  test("worked examples (docs/rules/07-war.md)", () => {
    expect(call(CITYFATE, "barbarian")).toBe("destroyed");
    expect(call(CITYFATE, "primitive")).toBe("destroyed");
    expect(call(CITYFATE, "civilized", 2, 2)).toBe("destroyed");
    expect(call(CITYFATE, "civilized", 4, 2)).toBe("captured");
  });

  test("primitive and barbarian winners destroy whatever the roll", () => {
    for (let r = 1; r <= 6; r++) {
      expect(call(CITYFATE, "Barbarian", r, -5)).toBe("destroyed");
      expect(call(CITYFATE, "PRIMITIVE", r, null)).toBe("destroyed");
    }
  });

  test("boundaries for a civilized winner: at or below the Aggression destroys", () => {
    expect(call(CITYFATE, "civilized", 3, 3)).toBe("destroyed");
    expect(call(CITYFATE, "civilized", 4, 3)).toBe("captured");
    expect(call(CITYFATE, "civilized", 1, 0)).toBe("captured");
    expect(call(CITYFATE, "civilized", 6, 6)).toBe("destroyed");
    expect(call(CITYFATE, "civilised", 1, -2)).toBe("captured");
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(CITYFATE, "feudal", 3, 2), /CITYFATE/, /winner_culture/, /"primitive", "barbarian", "civilized"/, /"feudal"/);
    expectValueError(call(CITYFATE, "civilized", 7, 2), /roll/, /not 7/);
    expectValueError(call(CITYFATE, "barbarian", 9), /roll/, /not 9/);
    expectValueError(call(CITYFATE, "civilized", 3, 1.5), /winner_aggression/, /1\.5/);
  });

  test("a civilized winner needs both the roll and its Aggression; an empty cell is not 0", () => {
    expectValueError(call(CITYFATE, "civilized"), /roll/);
    expectValueError(call(CITYFATE, "civilized", null, 2), /roll/);
    expectValueError(call(CITYFATE, "civilized", 3), /winner_aggression/);
    expectValueError(call(CITYFATE, "civilized", 3, ""), /winner_aggression/);
  });

  test("an incoming error passes through", () => {
    expect(call(CITYFATE, "civilized", NA, 2)).toBe(NA);
  });
});
