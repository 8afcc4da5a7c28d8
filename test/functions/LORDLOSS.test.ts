import { LORDLOSS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.LORDLOSS", () => {
  test("arity", () => {
    expect(LORDLOSS.params.map((p) => [p.name, p.optional])).toEqual([["mana_held", false]]);
    expectValueError(call(LORDLOSS), /needs a value for mana_held/);
    expectValueError(call(LORDLOSS, 10, 2), /at most 1 value/);
  });

  test("worked examples (seed 000, Obliteration): half his mana or 10, whichever is greater", () => {
    expect(call(LORDLOSS, 30)).toBe(15);
    expect(call(LORDLOSS, 100)).toBe(50);
    // Half of 16 is 8: the 10 is greater.
    expect(call(LORDLOSS, 16)).toBe(10);
    expect(call(LORDLOSS, 20)).toBe(10);
    expect(call(LORDLOSS, 22)).toBe(11);
  });

  test("our reading: half of an odd amount is rounded up, as the toll rounds", () => {
    expect(call(LORDLOSS, 21)).toBe(11);
    expect(call(LORDLOSS, 31)).toBe(16);
    expect(call(LORDLOSS, 19)).toBe(10);
  });

  test("our reading: the loss may be more than he holds; the rest is owed", () => {
    // He holds 4 and loses 10: his balance becomes 4 - 10 = -6, owed from his next mana.
    expect(call(LORDLOSS, 4)).toBe(10);
    expect(call(LORDLOSS, 0)).toBe(10);
    // Already owing 3: the loss is still 10, so he owes 13.
    expect(call(LORDLOSS, -3)).toBe(10);
  });

  test("boundaries: blank, text numbers, huge amounts", () => {
    expect(call(LORDLOSS, null)).toBe(10);
    expect(call(LORDLOSS, " 40 ")).toBe(20);
    expect(call(LORDLOSS, Number.MAX_SAFE_INTEGER)).toBe(2 ** 52);
    expect(call(LORDLOSS, -Number.MAX_SAFE_INTEGER)).toBe(10);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(LORDLOSS, 12.5), /LORDLOSS/, /mana_held/, /12\.5/);
    expectValueError(call(LORDLOSS, "many"), /mana_held/, /"many"/);
    expectValueError(call(LORDLOSS, false), /mana_held/, /FALSE/);
    expectValueError(call(LORDLOSS, 1e300), /mana_held/, /whole number/);
  });

  test("an incoming error passes through", () => {
    expect(call(LORDLOSS, NA)).toBe(NA);
  });
});
