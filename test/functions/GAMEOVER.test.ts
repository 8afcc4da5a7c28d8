import { GAMEOVER } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GAMEOVER", () => {
  test("arity", () => {
    expect(GAMEOVER.params.map((p) => [p.name, p.optional])).toEqual([["level3_goals_claimed", false]]);
    expectValueError(call(GAMEOVER), /needs a value for level3_goals_claimed/);
    expectValueError(call(GAMEOVER, 2, 1), /at most 1 value \(level3_goals_claimed\), but was given 2/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md): the game ends with two level 3 goals claimed", () => {
    expect(call(GAMEOVER, 0)).toBe(false);
    expect(call(GAMEOVER, 1)).toBe(false);
    expect(call(GAMEOVER, 2)).toBe(true);
    expect(call(GAMEOVER, 5)).toBe(true);
  });

  test("boundaries", () => {
    expect(call(GAMEOVER, 3)).toBe(true);
    expect(call(GAMEOVER, "2")).toBe(true);
    expect(call(GAMEOVER, " 1 ")).toBe(false);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(GAMEOVER, 6), /GAMEOVER/, /level3_goals_claimed/, /0 to 5/, /not 6/);
    expectValueError(call(GAMEOVER, -1), /level3_goals_claimed/, /not -1/);
    expectValueError(call(GAMEOVER, 1.5), /level3_goals_claimed/, /1\.5/);
    expectValueError(call(GAMEOVER, null), /level3_goals_claimed/, /empty cell/);
    expectValueError(call(GAMEOVER, "two"), /level3_goals_claimed/, /"two"/);
  });

  test("an incoming error passes through", () => {
    expect(call(GAMEOVER, NA)).toBe(NA);
  });
});
