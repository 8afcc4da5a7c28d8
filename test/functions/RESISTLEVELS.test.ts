import { RESISTLEVELS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.RESISTLEVELS", () => {
  test("arity", () => {
    expect(RESISTLEVELS.params.map((p) => [p.name, p.optional])).toEqual([
      ["reduction", false],
      ["elements", false],
      ["resistances", false],
      ["kind", true],
    ]);
    expectValueError(call(RESISTLEVELS, 2, "I"), /needs a value for resistances/);
  });

  test("worked examples (docs/rules/08-disasters-resistances.md): the Norsemen and the Frost Giants", () => {
    expect(call(RESISTLEVELS, 2, "I", "I/2")).toBe(1);
    expect(call(RESISTLEVELS, 2, "I", "I-∞")).toBe(0);
    expect(call(RESISTLEVELS, 2, "ice", "I-[infinity]")).toBe(0);
  });

  test("once, not per code; other elements change nothing", () => {
    expect(call(RESISTLEVELS, 3, "I", "I/2, I-1, X-1")).toBe(2);
    expect(call(RESISTLEVELS, 3, "I", [["I/2"], ["X-1"]])).toBe(2);
    expect(call(RESISTLEVELS, 2, "I", "F-2")).toBe(2);
    expect(call(RESISTLEVELS, 2, "", "X-1")).toBe(1);
    expect(call(RESISTLEVELS, 2, "", "X-1", "global")).toBe(2);
  });

  test("a vulnerability adds a level, once; with a resistance it cancels out; no drop stays no drop", () => {
    expect(call(RESISTLEVELS, 2, "I", "I+1")).toBe(3);
    expect(call(RESISTLEVELS, 2, "I", "I+1, I*2")).toBe(3);
    expect(call(RESISTLEVELS, 2, "I", "I/2, I*2")).toBe(2);
    expect(call(RESISTLEVELS, 2, "I", "I-∞, I+5")).toBe(0);
    expect(call(RESISTLEVELS, 0, "I", "I+1")).toBe(0);
    // A code that changes nothing is no vulnerability (+0, *1), nor is one of another element.
    expect(call(RESISTLEVELS, 2, "I", "I+0")).toBe(2);
    // By what a code does, not how it is written: ×0.5 halves losses (a resistance), ÷0.5 doubles them.
    expect(call(RESISTLEVELS, 2, "I", "I*0.5")).toBe(1);
    expect(call(RESISTLEVELS, 2, "I", "I/0.5")).toBe(3);
    expect(call(RESISTLEVELS, 2, "I", "I/1")).toBe(2);
    expect(call(RESISTLEVELS, 2, "I", "I*1")).toBe(2);
    expect(call(RESISTLEVELS, 2, "I", "F+3")).toBe(2);
  });

  test("boundaries", () => {
    expect(call(RESISTLEVELS, 0, "I", "I-1")).toBe(0);
    expect(call(RESISTLEVELS, 1, "I", "I-1")).toBe(0);
    expect(call(RESISTLEVELS, 2, "I", "")).toBe(2);
    expect(call(RESISTLEVELS, 2, "I", [[null]])).toBe(2);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(RESISTLEVELS, -1, "I", "I/2"), /RESISTLEVELS/, /reduction/, /-1/);
    expectValueError(call(RESISTLEVELS, 1.5, "I", "I/2"), /reduction/, /1\.5/);
    expectValueError(call(RESISTLEVELS, 2, "Q", "I/2"), /elements/, /"Q"/);
    expectValueError(call(RESISTLEVELS, 2, "I", "I%2"), /resistances/, /"I%2"/);
    expectValueError(call(RESISTLEVELS, 2, "I", "I/2", "flood"), /kind/, /"flood"/);
  });

  test("an incoming error passes through, also from inside a range", () => {
    expect(call(RESISTLEVELS, NA, "I", "I/2")).toBe(NA);
    expect(call(RESISTLEVELS, 2, "I", [["I/2"], [NA]])).toBe(NA);
  });
});
