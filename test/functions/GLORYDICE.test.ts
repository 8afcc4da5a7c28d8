import { GLORYDICE, WORLDSIZE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GLORYDICE", () => {
  test("arity", () => {
    expect(GLORYDICE.params.map((p) => [p.name, p.optional])).toEqual([["divinity_spent", true]]);
    expectValueError(call(GLORYDICE, 1, 2), /at most 1 value/);
  });

  test("worked examples (seed 003, Getting Glory): 5 dice and 1 per divinity spent", () => {
    expect(call(GLORYDICE)).toBe(5);
    expect(call(GLORYDICE, null)).toBe(5);
    expect(call(GLORYDICE, 0)).toBe(5);
    expect(call(GLORYDICE, 3)).toBe(8);
    expect(call(GLORYDICE, "12")).toBe(17);
  });

  test("edges: bad divinity names the argument; huge values; errors pass through", () => {
    expectValueError(call(GLORYDICE, -1), /divinity_spent/, /-1/);
    expectValueError(call(GLORYDICE, 1.5), /divinity_spent/, /1\.5/);
    expectValueError(call(GLORYDICE, "lots"), /divinity_spent/, /"lots"/);
    expect(call(GLORYDICE, 9_007_199_254_740_986)).toBe(9_007_199_254_740_991);
    expect(call(GLORYDICE, NA)).toBe(NA);
  });
});

describe("GODS.WORLDSIZE", () => {
  test("arity", () => {
    expect(WORLDSIZE.params.map((p) => [p.name, p.optional])).toEqual([["players", false]]);
    expectValueError(call(WORLDSIZE), /needs a value for players/);
  });

  test("worked examples (seed 003, World Creation): 1.5 to 2 characters and 1 to 1.5 relationships a player", () => {
    expect(call(WORLDSIZE, 4)).toEqual([[6, 8, 4, 6]]);
    // Halves: the fewest rounded up, the most rounded down, so both stay inside the guidance.
    expect(call(WORLDSIZE, 5)).toEqual([[8, 10, 5, 7]]);
    expect(call(WORLDSIZE, 1)).toEqual([[2, 2, 1, 1]]);
    expect(call(WORLDSIZE, 20)).toEqual([[30, 40, 20, 30]]);
  });

  test("every answer lies inside the guidance, for 1 to 200 players", () => {
    for (let p = 1; p <= 200; p++) {
      const [[fc, mc, fr, mr]] = call(WORLDSIZE, p) as number[][] as [[number, number, number, number]];
      expect([fc >= 1.5 * p, fc < 1.5 * p + 1, mc === 2 * p, fr === p, mr <= 1.5 * p, mr > 1.5 * p - 1, fc <= mc, fr <= mr]).toEqual(Array(8).fill(true));
    }
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(WORLDSIZE, 0), /players/, /not 0/);
    expectValueError(call(WORLDSIZE, 2.5), /players/, /2\.5/);
    expectValueError(call(WORLDSIZE, "many"), /players/, /"many"/);
    expect(call(WORLDSIZE, NA)).toBe(NA);
  });
});
