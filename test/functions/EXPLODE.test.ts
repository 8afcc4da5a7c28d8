import { EXPLODE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.EXPLODE", () => {
  test("arity", () => {
    expect(EXPLODE.params.map((p) => [p.name, p.optional])).toEqual([["dice", false]]);
    expectValueError(call(EXPLODE), /needs a value for dice/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md): one extra die for each six", () => {
    expect(call(EXPLODE, [[6, 3, 6]])).toBe(2);
    expect(call(EXPLODE, [[5, 4, 1]])).toBe(0);
  });

  test("boundaries", () => {
    expect(call(EXPLODE, 6)).toBe(1);
    expect(call(EXPLODE, [[null]])).toBe(0);
    expect(call(EXPLODE, [[6], [6], [6], [6], [6]])).toBe(5);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(EXPLODE, [[6, 8]]), /EXPLODE/, /dice/, /not 8/);
    expectValueError(call(EXPLODE, [["x"]]), /dice/, /"x"/);
  });

  test("an incoming error passes through", () => {
    expect(call(EXPLODE, [[NA]])).toBe(NA);
  });
});
