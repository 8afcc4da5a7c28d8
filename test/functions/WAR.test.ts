import { WAR } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.WAR", () => {
  test("arity", () => {
    expect(WAR.params.map((p) => [p.name, p.optional])).toEqual([
      ["strength_a", false],
      ["military_a", false],
      ["strength_b", false],
      ["military_b", false],
    ]);
    expectValueError(call(WAR, 43, 8, 65), /needs a value for military_b/);
    expectValueError(call(WAR, 1, 2, 3, 4, 5), /at most 4 values/);
  });

  test("worked example (docs/rules/07-war.md): the Ultra-Dwarves against the Low Elves", () => {
    // A kills 7 (16% of 43), B kills 3 (4% of 65); B lost 7 ≥ 1.5 × 3, so B loses and vacates 2.
    expect(call(WAR, 43, 8, 65, 2)).toEqual([[7, 3, "B", 2]]);
    // The same war seen from the other side.
    expect(call(WAR, 65, 2, 43, 8)).toEqual([[3, 7, "A", 2]]);
  });

  test("the 150% line", () => {
    // 10% each of 30 and 20: 3 against 2; A lost 2, B lost 3 = exactly 150% of 2.
    expect(call(WAR, 30, 0, 20, 0)).toEqual([[3, 2, "B", 0]]);
    // 4 against 3: 4 is less than 4.5, so nobody loses.
    expect(call(WAR, 40, 0, 30, 0)).toEqual([[4, 3, "", 0]]);
    expect(call(WAR, 50, 0, 50, 0)).toEqual([[5, 5, "", 0]]);
  });

  test("one side losing nothing: the other is the loser", () => {
    // 12 Military ahead: B kills nobody.
    expect(call(WAR, 100, 12, 40, 0)).toEqual([[22, 0, "B", 11]]);
    // 10 behind, A kills nobody; B, 10 ahead, kills 20% of 50, and A loses (any loss is 150% of none).
    expect(call(WAR, 10, -10, 50, 0)).toEqual([[0, 10, "A", 5]]);
    // Kills are capped at what the other side has: with nothing to lose, nobody loses.
    expect(call(WAR, 0, 0, 50, 0)).toEqual([[0, 0, "", 0]]);
  });

  test("boundaries", () => {
    expect(call(WAR, 0, 0, 0, 0)).toEqual([[0, 0, "", 0]]);
    // Kills are capped at what the other side has: 100 would die, B only has 20.
    expect(call(WAR, 500, 10, 20, 0)).toEqual([[20, 0, "B", 10]]);
    expect(call(WAR, 1, 0, 1, 0)).toEqual([[1, 1, "", 0]]);
    // An empty Military is 0: 8% of 43 against 12% of 65.
    expect(call(WAR, 43, null, 65, "2")).toEqual([[4, 8, "A", 2]]);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(WAR, -43, 8, 65, 2), /WAR/, /strength_a/, /-43/);
    expectValueError(call(WAR, 43, 8.5, 65, 2), /military_a/, /8\.5/);
    expectValueError(call(WAR, 43, 8, "many", 2), /strength_b/, /"many"/);
    expectValueError(call(WAR, 43, 8, 65, true), /military_b/, /TRUE/);
  });

  test("an incoming error passes through", () => {
    expect(call(WAR, 43, 8, NA, 2)).toBe(NA);
  });
});
