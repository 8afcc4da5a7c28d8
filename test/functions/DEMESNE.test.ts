import { DEMESNE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.DEMESNE", () => {
  test("arity", () => {
    expect(DEMESNE.params.map((p) => [p.name, p.optional])).toEqual([
      ["added_hit_points", true],
      ["added_blocks", true],
    ]);
    expectValueError(call(DEMESNE, 1, 1, 1), /at most 2 values/);
  });

  test("worked examples (seed 000, Combat Between Characters and Demesnes): 10 hit points and 5 blocks, plus its powers", () => {
    expect(call(DEMESNE)).toEqual([[10, 5]]);
    expect(call(DEMESNE, 3)).toEqual([[13, 5]]);
    expect(call(DEMESNE, 0, 2)).toEqual([[10, 7]]);
    expect(call(DEMESNE, 3, 2)).toEqual([[13, 7]]);
  });

  test("boundaries: blank cells and text numbers", () => {
    expect(call(DEMESNE, null, null)).toEqual([[10, 5]]);
    expect(call(DEMESNE, "", "4")).toEqual([[10, 9]]);
    expect(call(DEMESNE, Number.MAX_SAFE_INTEGER - 10)).toEqual([[Number.MAX_SAFE_INTEGER, 5]]);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(DEMESNE, -1), /DEMESNE/, /added_hit_points/, /not -1/);
    expectValueError(call(DEMESNE, 1.5), /added_hit_points/, /1\.5/);
    expectValueError(call(DEMESNE, 0, -2), /added_blocks/, /not -2/);
    expectValueError(call(DEMESNE, 0, "many"), /added_blocks/, /"many"/);
  });

  test("an incoming error passes through", () => {
    expect(call(DEMESNE, NA)).toBe(NA);
    expect(call(DEMESNE, 0, NA)).toBe(NA);
  });
});
