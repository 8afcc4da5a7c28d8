import { SURRENDER } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.SURRENDER", () => {
  test("arity", () => {
    expect(SURRENDER.params.map((p) => [p.name, p.optional])).toEqual([
      ["mana_held", false],
      ["mode", true],
    ]);
    expectValueError(call(SURRENDER), /needs a value for mana_held/);
    expectValueError(call(SURRENDER, 10, "send", 3), /at most 2 values/);
  });

  test("worked examples (seed 000, Surrender Mana): 3 after the toll, or half the loser's mana, whichever is less", () => {
    // A rich loser: 3 must arrive, so 6 are sent and the toll takes 3.
    expect(call(SURRENDER, 20)).toBe(6);
    expect(call(SURRENDER, 20, "receive")).toBe(3);
    // 10 held: half is 5, less than the 6 that would bring 3 across; 5 sent, 2 arrive.
    expect(call(SURRENDER, 10)).toBe(5);
    expect(call(SURRENDER, 10, "receive")).toBe(2);
    // 12 held: half is exactly 6, the same as the 3-after-the-toll term.
    expect(call(SURRENDER, 12)).toBe(6);
    expect(call(SURRENDER, 12, "receive")).toBe(3);
  });

  test("our reading: half of an odd amount is rounded up, as the toll rounds", () => {
    expect(call(SURRENDER, 7)).toBe(4);
    expect(call(SURRENDER, 7, "receive")).toBe(2);
    expect(call(SURRENDER, 11)).toBe(6);
    expect(call(SURRENDER, 3)).toBe(2);
    expect(call(SURRENDER, 3, "receive")).toBe(1);
    // A single mana: it is sent, and the toll takes it all.
    expect(call(SURRENDER, 1)).toBe(1);
    expect(call(SURRENDER, 1, "receive")).toBe(0);
  });

  test("our reading: a loser with no mana, or owing mana, gives nothing", () => {
    expect(call(SURRENDER, 0)).toBe(0);
    expect(call(SURRENDER, 0, "receive")).toBe(0);
    expect(call(SURRENDER, -5)).toBe(0);
    expect(call(SURRENDER, -5, "receive")).toBe(0);
  });

  test("modes: case and spaces ignored, a few spellings, blank is the default", () => {
    expect(call(SURRENDER, 20, " RECEIVE ")).toBe(3);
    expect(call(SURRENDER, 20, "received")).toBe(3);
    expect(call(SURRENDER, 20, "arrives")).toBe(3);
    expect(call(SURRENDER, 20, "sent")).toBe(6);
    expect(call(SURRENDER, 20, null)).toBe(6);
    expect(call(SURRENDER, 20, "")).toBe(6);
  });

  test("boundaries: blank, text numbers, huge amounts", () => {
    expect(call(SURRENDER, null)).toBe(0);
    expect(call(SURRENDER, "9")).toBe(5);
    expect(call(SURRENDER, [[9]])).toBe(5);
    expect(call(SURRENDER, Number.MAX_SAFE_INTEGER)).toBe(6);
    expect(call(SURRENDER, Number.MAX_SAFE_INTEGER, "receive")).toBe(3);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(SURRENDER, 2.5), /SURRENDER/, /mana_held/, /2\.5/);
    expectValueError(call(SURRENDER, "lots"), /mana_held/, /"lots"/);
    expectValueError(call(SURRENDER, true), /mana_held/, /TRUE/);
    expectValueError(call(SURRENDER, 1e300), /mana_held/, /whole number/);
    expectValueError(call(SURRENDER, 10, "lost"), /mode/, /"send", "receive"/, /"lost"/);
    expectValueError(call(SURRENDER, [[1, 2]]), /mana_held must be a single value/);
  });

  test("an incoming error passes through", () => {
    expect(call(SURRENDER, NA)).toBe(NA);
    expect(call(SURRENDER, 10, NA)).toBe(NA);
  });
});
