import { DICEPOOL } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.DICEPOOL", () => {
  test("arity", () => {
    expect(DICEPOOL.params.map((p) => [p.name, p.optional])).toEqual([
      ["dice_spent", false],
      ["motifs", true],
      ["features", true],
      ["divinity_spent", true],
    ]);
    expectValueError(call(DICEPOOL), /needs a value for dice_spent/);
    expectValueError(call(DICEPOOL, 1, true, true, 0, 1), /at most 4 values/);
  });

  test("worked examples (seed 003): dice spent + motif die + feature die + divinity spent", () => {
    expect(call(DICEPOOL, 1)).toBe(1);
    expect(call(DICEPOOL, 2, true)).toBe(3);
    expect(call(DICEPOOL, 2, true, true)).toBe(4);
    expect(call(DICEPOOL, 2, true, true, 3)).toBe(7);
    // A god helping the other side: dice spent and divinity, no motif or feature dice.
    expect(call(DICEPOOL, 3, false, false, 2)).toBe(5);
  });

  test("at most one bonus die from motifs and one from features, however many apply", () => {
    expect(call(DICEPOOL, 1, 2, 3)).toBe(3);
    expect(call(DICEPOOL, 1, 1, 0)).toBe(2);
    expect(call(DICEPOOL, 1, 0, 5)).toBe(2);
  });

  test("boundaries: blanks, words for TRUE/FALSE, the fifth die, much divinity", () => {
    expect(call(DICEPOOL, 5)).toBe(5);
    expect(call(DICEPOOL, 1, null, "", null)).toBe(1);
    expect(call(DICEPOOL, 1, "yes", "x")).toBe(3);
    expect(call(DICEPOOL, 1, "no", "2")).toBe(2);
    expect(call(DICEPOOL, "4", false, false, "0")).toBe(4);
    expect(call(DICEPOOL, 1, true, true, 2 ** 52)).toBe(2 ** 52 + 3);
    expect(call(DICEPOOL, 1, false, false, 1e300)).toBe(1e300);
  });

  test("bad input names the argument and the value", () => {
    // A conflict needs at least one of the god's five conflict dice.
    expectValueError(call(DICEPOOL, 0), /DICEPOOL/, /dice_spent/, /1 to 5/, /not 0/);
    expectValueError(call(DICEPOOL, 6), /dice_spent/, /not 6/);
    expectValueError(call(DICEPOOL, null), /dice_spent/, /empty cell/);
    expectValueError(call(DICEPOOL, 2.5), /dice_spent/, /2\.5/);
    expectValueError(call(DICEPOOL, "two"), /dice_spent/, /"two"/);
    expectValueError(call(DICEPOOL, 1, -1), /motifs/, /-1/);
    expectValueError(call(DICEPOOL, 1, "a harp"), /motifs/, /"a harp"/);
    expectValueError(call(DICEPOOL, 1, false, 1.5), /features/, /1\.5/);
    expectValueError(call(DICEPOOL, 1, false, false, -2), /divinity_spent/, /-2/);
  });

  test("an incoming error passes through", () => {
    expect(call(DICEPOOL, NA)).toBe(NA);
    expect(call(DICEPOOL, 2, true, NA)).toBe(NA);
  });
});
