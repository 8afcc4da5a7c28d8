import { MANASCALE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.MANASCALE", () => {
  test("arity", () => {
    expect(MANASCALE.params.map((p) => [p.name, p.optional])).toEqual([["average_mana", false]]);
    expectValueError(call(MANASCALE), /needs a value for average_mana/);
  });

  test("worked examples (docs/rules/03-mana-inflation.md): halve above 50, quarter above 100", () => {
    expect(call(MANASCALE, 30)).toBe(1);
    expect(call(MANASCALE, 75)).toBe(0.5);
    expect(call(MANASCALE, 150)).toBe(0.25);
  });

  test("boundaries: exactly 50 and exactly 100 are not above", () => {
    expect(call(MANASCALE, 0)).toBe(1);
    expect(call(MANASCALE, 50)).toBe(1);
    expect(call(MANASCALE, 50.000001)).toBe(0.5);
    expect(call(MANASCALE, 100)).toBe(0.5);
    expect(call(MANASCALE, 100.01)).toBe(0.25);
    expect(call(MANASCALE, "100")).toBe(0.5);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(MANASCALE, -1), /MANASCALE/, /average_mana/, /-1/);
    expectValueError(call(MANASCALE, "plenty"), /average_mana/, /"plenty"/);
  });

  test("an incoming error passes through", () => {
    expect(call(MANASCALE, NA)).toBe(NA);
  });
});
