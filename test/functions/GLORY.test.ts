import { GLORY } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GLORY", () => {
  test("arity", () => {
    expect(GLORY.params.map((p) => [p.name, p.optional])).toEqual([
      ["margin", false],
      ["tied", true],
    ]);
    expectValueError(call(GLORY), /needs a value for margin/);
  });

  test("the bonus table (docs/rules/11-games-of-the-gods.md): 1 + bonus by the lead over the second", () => {
    const expected: [number, number][] = [
      [1, 2],
      [2, 2],
      [3, 3],
      [5, 3],
      [6, 4],
      [11, 4],
      [12, 5],
      [40, 5],
    ];
    for (const [margin, glory] of expected) expect(call(GLORY, margin)).toBe(glory);
  });

  test("a tie gives each tied god 1", () => {
    expect(call(GLORY, 4, true)).toBe(1);
    expect(call(GLORY, 0, true)).toBe(1);
    expect(call(GLORY, 0)).toBe(1);
    expect(call(GLORY, 0, false)).toBe(1);
  });

  test("boundaries: how tied may be written", () => {
    expect(call(GLORY, 4, false)).toBe(3);
    expect(call(GLORY, 4, null)).toBe(3);
    expect(call(GLORY, 4, 1)).toBe(1);
    expect(call(GLORY, 4, 0)).toBe(3);
    expect(call(GLORY, 4, "TRUE")).toBe(1);
    expect(call(GLORY, 4, " no ")).toBe(3);
  });

  test("tied reads the yes/no words a table's yes/no column reads: y, n, x, and a blank", () => {
    expect(call(GLORY, 4, "y")).toBe(1);
    expect(call(GLORY, 4, "x")).toBe(1);
    expect(call(GLORY, 4, "N")).toBe(3);
    expect(call(GLORY, 4, "  ")).toBe(3);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(GLORY, -1), /GLORY/, /margin/, /-1/);
    expectValueError(call(GLORY, 2.5), /margin/, /2\.5/);
    expectValueError(call(GLORY, 4, "maybe"), /tied/, /TRUE or FALSE/, /"maybe"/);
    expectValueError(call(GLORY, 4, 2), /tied/, /not 2/);
  });

  test("an incoming error passes through", () => {
    expect(call(GLORY, 4, NA)).toBe(NA);
  });
});
