import { GESTURES } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

/** Hit points [first side, other side] lose, for each pair of gestures. */
const round = (a: unknown, b: unknown) => call(GESTURES, a, b);

describe("GODS.GESTURES", () => {
  test("arity", () => {
    expect(GESTURES.params.map((p) => [p.name, p.optional])).toEqual([
      ["gesture_a", false],
      ["gesture_b", false],
    ]);
    expectValueError(call(GESTURES), /needs a value for gesture_a/);
    expectValueError(call(GESTURES, "rock"), /needs a value for gesture_b/);
    expectValueError(call(GESTURES, "rock", "paper", "trick"), /at most 2 values/);
  });

  test("worked examples (seed 000, Combat Procedure; The Null Gesture)", () => {
    // Rock, paper, scissors: the winner takes 1 hit point from the loser; a tie, nothing.
    expect(round("rock", "scissors")).toEqual([[0, 1]]);
    expect(round("scissors", "paper")).toEqual([[0, 1]]);
    expect(round("paper", "rock")).toEqual([[0, 1]]);
    expect(round("scissors", "rock")).toEqual([[1, 0]]);
    expect(round("paper", "paper")).toEqual([[0, 0]]);
    // A trick beats rock, paper and scissors; two tricks beat each other, so both are hurt.
    expect(round("trick", "paper")).toEqual([[0, 1]]);
    expect(round("trick", "trick")).toEqual([[1, 1]]);
    // A block beats every other gesture but never hurts, except a null.
    expect(round("block", "rock")).toEqual([[0, 0]]);
    expect(round("trick", "block")).toEqual([[0, 0]]);
    expect(round("block", "null")).toEqual([[0, 1]]);
    // Everything beats the null gesture.
    expect(round("null", "scissors")).toEqual([[1, 0]]);
    expect(round("trick", "null")).toEqual([[0, 1]]);
  });

  test("every pair: at most 1 hit point a side, the same both ways round, only two tricks hurt both", () => {
    const all = ["rock", "paper", "scissors", "trick", "block", "null"];
    let both = 0;
    for (const a of all) {
      for (const b of all) {
        const [lostA, lostB] = (round(a, b) as number[][])[0] ?? [];
        expect(round(b, a)).toEqual([[lostB, lostA]]);
        expect([0, 1]).toContain(lostA);
        expect([0, 1]).toContain(lostB);
        if (lostA === 1 && lostB === 1) both++;
        // A tie never hurts anyone, a null never hurts, a block hurts only a null.
        if (a === b && a !== "trick") expect([lostA, lostB]).toEqual([0, 0]);
        if (a === "null") expect(lostB).toBe(0);
        if (a === "block") expect(lostB).toBe(b === "null" ? 1 : 0);
      }
    }
    expect(both).toBe(1);
  });

  test("boundaries: case, spaces, other names, a single cell", () => {
    expect(round(" Rock ", "SCISSORS")).toEqual([[0, 1]]);
    expect(round("stone", "scissor")).toEqual([[0, 1]]);
    expect(round("none", "nothing")).toEqual([[0, 0]]);
    expect(round([["block"]], "none")).toEqual([[0, 1]]);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(round("lizard", "rock"), /GESTURES/, /gesture_a/, /"lizard"/, /"null"/);
    expectValueError(round("rock", null), /gesture_b/, /empty cell/);
    expectValueError(round("rock", 1), /gesture_b/, /not 1/);
    expectValueError(round("rock", [["rock", "paper"]]), /gesture_b/, /range/);
  });

  test("an incoming error passes through", () => {
    expect(round(NA, "rock")).toBe(NA);
    expect(round("rock", NA)).toBe(NA);
  });
});
