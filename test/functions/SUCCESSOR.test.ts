import { SUCCESSOR } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.SUCCESSOR", () => {
  test("arity", () => {
    expect(SUCCESSOR.params.map((p) => [p.name, p.optional])).toEqual([
      ["archetypal_lesser_gods", false],
      ["agreeing", false],
      ["cards_held", true],
    ]);
    expectValueError(call(SUCCESSOR), /needs a value for archetypal_lesser_gods/);
    expectValueError(call(SUCCESSOR, 3), /needs a value for agreeing/);
    expectValueError(call(SUCCESSOR, 3, 3, 1, 1), /at most 3 values/);
  });

  test("worked examples (seed 000, Obliteration): chosen by all of them, the successor gains 5 cards", () => {
    // Each archetypal lesser god holds the archetype's special card: 1 + 5 = 6.
    expect(call(SUCCESSOR, 3, 3)).toBe(6);
    expect(call(SUCCESSOR, 1, 1)).toBe(6);
    // One who had bought a second card of the sphere.
    expect(call(SUCCESSOR, 3, 3, 2)).toBe(7);
  });

  test("worked examples: until they all agree the seat stays vacant", () => {
    expect(call(SUCCESSOR, 3, 2)).toBe("vacant");
    expect(call(SUCCESSOR, 3, 0)).toBe("vacant");
  });

  test("worked example: with no archetypal lesser gods the Council fills the seat by election", () => {
    expect(call(SUCCESSOR, 0, 0)).toBe("by election");
  });

  test("boundaries: blank cards, text numbers, the largest counts", () => {
    expect(call(SUCCESSOR, 2, 2, null)).toBe(6);
    expect(call(SUCCESSOR, "2", " 2 ", "0")).toBe(5);
    expect(call(SUCCESSOR, 99, 99, 99)).toBe(104);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(SUCCESSOR, -1, 0), /SUCCESSOR/, /archetypal_lesser_gods/, /not -1/);
    expectValueError(call(SUCCESSOR, 100, 0), /archetypal_lesser_gods/, /0 to 99/, /not 100/);
    expectValueError(call(SUCCESSOR, null, 0), /archetypal_lesser_gods/, /empty cell/);
    expectValueError(call(SUCCESSOR, 3, 1.5), /agreeing/, /1\.5/);
    expectValueError(call(SUCCESSOR, 3, 4), /more archetypal lesser gods agreeing \(4\) than former archetypal lesser gods \(3\)/);
    expectValueError(call(SUCCESSOR, 3, 3, "one"), /cards_held/, /"one"/);
  });

  test("an incoming error passes through", () => {
    expect(call(SUCCESSOR, NA, 1)).toBe(NA);
    expect(call(SUCCESSOR, 3, NA)).toBe(NA);
    expect(call(SUCCESSOR, 3, 3, NA)).toBe(NA);
  });
});
