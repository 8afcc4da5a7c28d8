import { OBLITERATE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.OBLITERATE", () => {
  test("arity", () => {
    expect(OBLITERATE.params.map((p) => [p.name, p.optional])).toEqual([
      ["members", false],
      ["shares", false],
      ["god", false],
    ]);
    expectValueError(call(OBLITERATE, [["Ares"]], [[100]]), /needs a value for god/);
  });

  test("worked examples (docs/rules/09-pantheons-turmoil.md): split equally among the other gods", () => {
    expect(call(OBLITERATE, [["Ares"], ["Hera"], ["Zeus"]], [[50], [25], [25]], "Ares")).toEqual([[0], [50], [50]]);
    // Diabolism and Atheism get nothing.
    expect(call(OBLITERATE, [["Ares"], ["Hera"], ["Diabolism"], ["atheism"]], [[40], [30], [20], [10]], "Ares")).toEqual([[0], [70], [20], [10]]);
  });

  test("members already at 0 get nothing", () => {
    expect(call(OBLITERATE, [["Ares"], ["Hera"], ["Zeus"], ["Apollo"]], [[40], [30], [30], [0]], "Ares")).toEqual([[0], [50], [50], [0]]);
  });

  test("with no other god left, the share goes to Atheism", () => {
    expect(call(OBLITERATE, [["Ares"], ["Diabolism"]], [[0.7], [0.3]], "Ares")).toEqual([[0], [0.3], [0.7]]);
    expect(call(OBLITERATE, [["Ares"], ["Atheism"]], [[60], [40]], "ares")).toEqual([[0], [100]]);
    expect(call(OBLITERATE, [["Ares"]], [[100]], "Ares")).toEqual([[0], [100]]);
  });

  test("thirds stay exact: the cells add up to 100", () => {
    const result = call(OBLITERATE, [["Ares"], ["Hera"], ["Zeus"], ["Apollo"]], [[10], [30], [30], [30]], "Ares") as number[][];
    expect(result.map((r) => r[0])).toEqual([0, 100 / 3, 100 / 3, 100 / 3]);
    expect(result.flat().reduce((a, b) => a + b, 0)).toBeCloseTo(100, 12);
  });

  test("boundaries: rows, empty entries, a god at 0", () => {
    expect(call(OBLITERATE, [["Ares", "Hera"]], [[50, 50]], "Hera")).toEqual([[100, 0]]);
    expect(call(OBLITERATE, [["Ares"], [""], ["Hera"]], [[50], [null], [50]], "Hera")).toEqual([[100], [""], [0]]);
    expect(call(OBLITERATE, [["Ares"], ["Hera"]], [[100], [0]], "Hera")).toEqual([[100], [0]]);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(OBLITERATE, [["Ares"], ["Hera"]], [[50], [50]], "Zeus"), /OBLITERATE/, /Zeus is not a member/);
    expectValueError(call(OBLITERATE, [["Ares"], ["Diabolism"]], [[50], [50]], "diabolism"), /Diabolism is not a god/);
    expectValueError(call(OBLITERATE, [["Ares"], ["Hera"]], [[50], [40]], "Ares"), /add up to 90/);
    expectValueError(call(OBLITERATE, [["Ares"], ["Hera"]], [[50], [50]], 3), /god/, /not 3/);
    expectValueError(call(OBLITERATE, [["Ares"], [5]], [[50], [50]], "Ares"), /members/, /not 5/);
  });

  test("an incoming error passes through", () => {
    expect(call(OBLITERATE, [["Ares"], [NA]], [[50], [50]], "Ares")).toBe(NA);
  });
});
