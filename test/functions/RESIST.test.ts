import { RESIST } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.RESIST", () => {
  test("arity", () => {
    expect(RESIST.params.map((p) => [p.name, p.optional])).toEqual([
      ["deaths", false],
      ["elements", false],
      ["resistances", false],
      ["kind", true],
    ]);
    expectValueError(call(RESIST, 10, "F"), /needs a value for resistances/);
  });

  test("worked examples (docs/rules/08-disasters-resistances.md)", () => {
    expect(call(RESIST, 10, "F", "F-2, F/2")).toBe(3);
    expect(call(RESIST, 10, "FE", "E-3, W/2")).toBe(7);
    expect(call(RESIST, 10, "", "F-2, X-1")).toBe(9);
    expect(call(RESIST, 10, "", "X-1", "global")).toBe(10);
    expect(call(RESIST, 10, "I", "I-∞, I*2")).toBe(0);
    expect(call(RESIST, 3, "F", "F-5")).toBe(0);
  });

  test("resistances as a range, empty cells skipped", () => {
    expect(call(RESIST, 10, "F", [["F-2"], ["X/2"]])).toBe(3);
    expect(call(RESIST, 5, "A", [["A+1"], ["A*2"], [null]])).toBe(11);
    expect(
      call(RESIST, 10, "W", [
        ["W/2", "W-1, X-1"],
        ["", null],
      ]),
    ).toBe(3);
    expect(call(RESIST, 10, "F", [[null], [""]])).toBe(10);
    expect(call(RESIST, 10, "F", [[]])).toBe(10);
  });

  test("boundaries", () => {
    expect(call(RESIST, 0, "F", "F+3")).toBe(3);
    expect(call(RESIST, 10, null, "X-1")).toBe(9);
    expect(call(RESIST, 7, "W", "W/2", "DISASTER")).toBe(4);
    expect(call(RESIST, 1e15, "F", "F/3")).toBe(333333333333334);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(RESIST, 10, "F", "F%2"), /RESIST/, /resistances/, /"F%2"/);
    expectValueError(call(RESIST, 10, "F", [["F-2"], [3]]), /resistances/, /not 3/);
    expectValueError(call(RESIST, 10, "Z", "F-2"), /elements/, /"Z"/);
    expectValueError(call(RESIST, 10, 5, "F-2"), /elements/, /not 5/);
    expectValueError(call(RESIST, -1, "F", "F-2"), /deaths/, /-1/);
    expectValueError(call(RESIST, "lots", "F", "F-2"), /deaths/, /"lots"/);
    expectValueError(call(RESIST, 10, "F", "F-2", "volcano"), /kind/, /"disaster", "global"/, /"volcano"/);
  });

  test("an incoming error passes through", () => {
    expect(call(RESIST, 10, "F", NA)).toBe(NA);
  });
});
