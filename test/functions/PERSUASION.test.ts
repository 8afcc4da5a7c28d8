import { PERSUASION, POWERCOST } from "../../src/functions/specs";
import { persuasion } from "../../src/functions/functions";
import { call, expectValueError, NA } from "./helpers";

const column = (...n: (number | null)[]) => n.map((c) => [c]);

describe("GODS.PERSUASION", () => {
  test("arity: raises is one range, the modifier repeats", () => {
    expect(PERSUASION.params.map((p) => [p.name, p.optional, p.repeating === true])).toEqual([
      ["normal_cost", false, false],
      ["kind", false, false],
      ["raises", true, false],
      ["modifier", true, true],
    ]);
    expectValueError(call(PERSUASION, 10), /needs a value for kind/);
    expect(call(PERSUASION, 100, "p", null, 0.5, 2, 0.5)).toBe(50);
  });

  test("worked examples (seed 000, Persuasion Powers (P)): a P2 power pays every raise, a Pm power each target's rise", () => {
    // Neither target raises the cost: the normal cost, a quarter less in the Hall of Feasts.
    expect(call(PERSUASION, 10, "P2")).toBe(10);
    expect(call(PERSUASION, 10, "P2", null, 0.75)).toBe(8);
    // Either target raising the cost raises it; both do, so both factors multiply.
    expect(call(PERSUASION, 10, "P2", column(2))).toBe(20);
    expect(call(PERSUASION, 10, "P2", column(2, 1.5))).toBe(30);
    expect(call(PERSUASION, 10, "P2", column(2, 1.5), 0.75)).toBe(23);
    // Pm: 10 for the room, 10 more to reach the target who doubles it, 5 for the one at 1.5.
    expect(call(PERSUASION, 10, "Pm", column(2, 1.5))).toBe(25);
    // In the Hall of Feasts: 8 (7.5 rounded up), then 15 − 8 and 12 − 8 (11.25 rounded up).
    expect(call(PERSUASION, 10, "Pm", column(2, 1.5), 0.75)).toBe(19);
    // The caster pays for nobody who raises it: the cost for the rest of the room.
    expect(call(PERSUASION, 10, "Pm", null, 0.75)).toBe(8);
  });

  test("a single target, and no raise at all, cost what POWERCOST says", () => {
    for (const [cost, raise, modifier] of [
      [10, 2, 0.75],
      [7, 1.5, 0.5],
      [9, 1, 0.25],
      [0, 3, 1],
    ] as const) {
      expect(call(PERSUASION, cost, "p", raise, modifier)).toBe(call(POWERCOST, cost, raise, modifier));
      for (const kind of ["p", "p2", "pm"]) expect(call(PERSUASION, cost, kind, null, modifier)).toBe(call(POWERCOST, cost, modifier));
    }
  });

  test("rounding: exact, up, once per cost, never below 25% of the normal cost", () => {
    // 0.07 is seven hundredths: 100 × 0.07 × 100 is 700 exactly.
    expect(call(PERSUASION, 100, "p2", column(100), 0.07)).toBe(700);
    // 10 × 0.1 × 2 = 2 is below the floor of 3 (25% of 10, rounded up); so is 10 × 0.1.
    expect(call(PERSUASION, 10, "p2", column(2), 0.1)).toBe(3);
    expect(call(PERSUASION, 10, "pm", column(2, 2), 0.1)).toBe(3);
    // Pm at 0.1: 3 for the room; a target at 4 brings it to 4, 1 more.
    expect(call(PERSUASION, 10, "pm", column(4, null, 1), 0.1)).toBe(4);
  });

  test("boundaries: case, words for the kind, text numbers, percentages, the gods fn call", () => {
    expect(call(PERSUASION, "10", " pm ", [["200%", "150%"]])).toBe(25);
    expect(call(PERSUASION, 10, "two", 2)).toBe(20);
    expect(call(PERSUASION, 10, "multiple", column(1, 1, 1))).toBe(10);
    const asCalled = persuasion as (...args: unknown[]) => unknown;
    // Excel: the modifiers in one parameter, then an invocation object; gods fn: one by one.
    expect(asCalled(10, "pm", [[2], [1.5]], [[[0.75]]], { functionName: "PERSUASION" })).toBe(19);
    expect(asCalled(10, "p2", [[2], [1.5]], 0.75, 1)).toBe(23);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(PERSUASION, -1, "p"), /PERSUASION/, /normal_cost/, /-1/);
    expectValueError(call(PERSUASION, 10, "p3"), /kind/, /"p3"/, /"pm"/);
    expectValueError(call(PERSUASION, 10, "p", column(2, 2)), /A P power has one target, so at most 1 can raise its cost, not 2/);
    expectValueError(call(PERSUASION, 10, "p2", column(2, 2, 2)), /A P2 power has two targets, so at most 2/, /not 3/);
    expectValueError(call(PERSUASION, 10, "pm", column(2, 0.5)), /factor is 1 or more/, /not 0\.5/);
    expectValueError(call(PERSUASION, 10, "pm", "a lot"), /raises/, /"a lot"/);
    expectValueError(call(PERSUASION, 10, "pm", 2, "cheap"), /modifier/, /"cheap"/);
  });

  test("an incoming error passes through", () => {
    expect(call(PERSUASION, NA, "p")).toBe(NA);
    expect(call(PERSUASION, 10, "pm", column(2, null), NA)).toBe(NA);
    expect(call(PERSUASION, 10, "pm", [[2], [NA]])).toBe(NA);
  });
});
