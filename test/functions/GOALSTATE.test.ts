import { GOALSTATE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GOALSTATE", () => {
  test("arity", () => {
    expect(GOALSTATE.params.map((p) => [p.name, p.optional])).toEqual([
      ["level", false],
      ["claims", false],
      ["players", false],
    ]);
    expectValueError(call(GOALSTATE, 1, 3), /needs a value for players/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md)", () => {
    // Level 1 closes after one claim per player.
    expect(call(GOALSTATE, 1, 3, 4)).toBe("open");
    expect(call(GOALSTATE, 1, 4, 4)).toBe("closed");
    // Level 2 after half as many.
    expect(call(GOALSTATE, 2, 1, 4)).toBe("open");
    expect(call(GOALSTATE, 2, 2, 4)).toBe("closed");
    // Level 3 after a single claim.
    expect(call(GOALSTATE, 3, 0, 6)).toBe("open");
    expect(call(GOALSTATE, 3, 1, 6)).toBe("closed");
  });

  test("our reading: an odd number of players rounds the level 2 count up", () => {
    expect(call(GOALSTATE, 2, 2, 5)).toBe("open");
    expect(call(GOALSTATE, 2, 3, 5)).toBe("closed");
    expect(call(GOALSTATE, 2, 0, 1)).toBe("open");
    expect(call(GOALSTATE, 2, 1, 1)).toBe("closed");
  });

  test("boundaries", () => {
    expect(call(GOALSTATE, 1, 0, 1)).toBe("open");
    expect(call(GOALSTATE, 1, 9, 4)).toBe("closed");
    expect(call(GOALSTATE, "3", "2", "3")).toBe("closed");
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(GOALSTATE, 4, 0, 4), /GOALSTATE/, /level/, /1, 2 or 3/, /not 4/);
    expectValueError(call(GOALSTATE, 0, 0, 4), /level/, /not 0/);
    expectValueError(call(GOALSTATE, 1, -1, 4), /claims/, /-1/);
    expectValueError(call(GOALSTATE, 1, 1.5, 4), /claims/, /1\.5/);
    expectValueError(call(GOALSTATE, 1, 1, 0), /players/, /1 or more/, /not 0/);
    expectValueError(call(GOALSTATE, 1, 1, "four"), /players/, /"four"/);
  });

  test("an incoming error passes through", () => {
    expect(call(GOALSTATE, NA, 1, 4)).toBe(NA);
  });
});
