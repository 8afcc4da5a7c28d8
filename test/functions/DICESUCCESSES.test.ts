import { DICESUCCESSES } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.DICESUCCESSES", () => {
  test("arity", () => {
    expect(DICESUCCESSES.params.map((p) => [p.name, p.optional])).toEqual([["dice", false]]);
    expectValueError(call(DICESUCCESSES), /needs a value for dice/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md): every 4, 5 or 6 is a success", () => {
    expect(call(DICESUCCESSES, [[1, 4, 6, 6, 2]])).toBe(3);
    // A roll with its exploded dice listed after it.
    expect(call(DICESUCCESSES, [[6], [6], [3], [5], [2], [6], [4]])).toBe(5);
  });

  test("boundaries", () => {
    expect(call(DICESUCCESSES, [[3]])).toBe(0);
    expect(call(DICESUCCESSES, 4)).toBe(1);
    expect(
      call(DICESUCCESSES, [
        [null, ""],
        [null, 5],
      ]),
    ).toBe(1);
    expect(call(DICESUCCESSES, [[]])).toBe(0);
    expect(call(DICESUCCESSES, [["4", " 6 "]])).toBe(2);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(DICESUCCESSES, [[1, 7]]), /DICESUCCESSES/, /dice/, /1 to 6/, /not 7/);
    expectValueError(call(DICESUCCESSES, [[0]]), /dice/, /not 0/);
    expectValueError(call(DICESUCCESSES, [[4.5]]), /dice/, /4\.5/);
    expectValueError(call(DICESUCCESSES, [["six"]]), /dice/, /"six"/);
    expectValueError(call(DICESUCCESSES, [[true]]), /dice/, /TRUE/);
  });

  test("an incoming error passes through, also from inside a range", () => {
    expect(call(DICESUCCESSES, NA)).toBe(NA);
    expect(call(DICESUCCESSES, [[4, NA]])).toBe(NA);
  });
});
