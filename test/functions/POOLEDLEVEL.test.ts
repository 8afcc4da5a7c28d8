import { POOLEDLEVEL } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.POOLEDLEVEL", () => {
  test("arity", () => {
    expect(POOLEDLEVEL.params.map((p) => [p.name, p.optional])).toEqual([
      ["cards", false],
      ["borrowed", true],
    ]);
    expectValueError(call(POOLEDLEVEL), /needs a value for cards/);
  });

  test("worked example (seed 002, History Powers): three gods with 1 War card each cast a level 3 War power", () => {
    expect(call(POOLEDLEVEL, [[1], [1], [1]])).toBe(3);
    // Two gods with 3 cards each may pool for a level 3 power to share its cost: they reach 6.
    expect(call(POOLEDLEVEL, [[3], [3]])).toBe(6);
    // Across a row as down a column; one god alone is its own level.
    expect(call(POOLEDLEVEL, [[2, 1, 0]])).toBe(3);
    expect(call(POOLEDLEVEL, 4)).toBe(4);
  });

  test("a spirit's borrowed cards are not pooled: it casts alone, at its own level", () => {
    expect(call(POOLEDLEVEL, [[1], [1]], 2)).toBe(2);
    expect(call(POOLEDLEVEL, [[1], [1]], 3)).toBe(3);
    expect(call(POOLEDLEVEL, [[1], [1]], [[1], [3]])).toBe(3);
    expect(call(POOLEDLEVEL, [[2], [2]], [[1], [1]])).toBe(4);
  });

  test("edges: zero, empty cells and ranges, the largest counts", () => {
    expect(call(POOLEDLEVEL, 0)).toBe(0);
    expect(call(POOLEDLEVEL, [[1], [null], [""], [2]])).toBe(3);
    expect(call(POOLEDLEVEL, [[null], [null]])).toBe(0);
    expect(call(POOLEDLEVEL, [[99], [99]], null)).toBe(198);
    expect(call(POOLEDLEVEL, "2", "3")).toBe(3);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(POOLEDLEVEL, 2.5), /POOLEDLEVEL/, /cards/, /0 to 99/, /2\.5/);
    expectValueError(call(POOLEDLEVEL, -1), /cards/, /-1/);
    expectValueError(call(POOLEDLEVEL, 100), /cards/, /100/);
    expectValueError(call(POOLEDLEVEL, [[1], ["War"]]), /cards/, /"War"/);
    expectValueError(call(POOLEDLEVEL, 1, [[1.5]]), /borrowed/, /1\.5/);
    expectValueError(call(POOLEDLEVEL, true), /cards/);
  });

  test("an incoming error passes through", () => {
    expect(call(POOLEDLEVEL, NA)).toBe(NA);
    expect(call(POOLEDLEVEL, [[1], [NA]])).toBe(NA);
  });
});
