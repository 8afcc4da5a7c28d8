import { RuleError } from "../../src/engine/errors";
import { growth } from "../../src/engine/growth";
import { parseElements, parseResistances, resist, resistLevels } from "../../src/engine/resist";
import { tollLost, tollReceived, tollToSend } from "../../src/engine/toll";
import { casualties, casualtyPercent } from "../../src/engine/war";
import { ratio } from "../../src/engine/exact";

describe("§1 the toll", () => {
  test("7 sent: 4 lost, 3 arrive", () => {
    expect(tollLost(7)).toBe(4);
    expect(tollReceived(7)).toBe(3);
  });
  test("1 sent: nothing arrives", () => {
    expect(tollReceived(1)).toBe(0);
    expect(tollLost(1)).toBe(1);
  });
  test("to make N arrive, send 2N", () => {
    expect(tollToSend(10)).toBe(20);
    expect(tollReceived(tollToSend(10))).toBe(10);
  });
  test("zero and huge amounts", () => {
    expect(tollReceived(0)).toBe(0);
    expect(tollLost(2 ** 60)).toBe(2 ** 59);
  });
  test("fractional or negative mana is refused", () => {
    expect(() => tollReceived(2.5)).toThrow(RuleError);
    expect(() => tollReceived(-1)).toThrow(RuleError);
    expect(() => tollToSend(1e308)).toThrow(/too large/);
  });
});

describe("§5 growth", () => {
  test("25% by default, rounded up", () => {
    expect(growth(10)).toBe(3);
    expect(growth(12)).toBe(3);
    expect(growth(1)).toBe(1);
    expect(growth(0)).toBe(0);
  });
  test("exact rates", () => {
    expect(growth(100, 0.07)).toBe(7);
    expect(growth(10, 0.3)).toBe(3);
    expect(growth(100, 0.13)).toBe(13);
    expect(growth(3, ratio(1, 3))).toBe(1);
  });
  test("huge populations stay exact", () => {
    expect(growth(2 ** 55, 0.25)).toBe(2 ** 53);
  });
  test("bad input", () => {
    expect(() => growth(-1)).toThrow(RuleError);
    expect(() => growth(2.5)).toThrow(RuleError);
    expect(() => growth(10, -0.1)).toThrow(/negative/);
  });
});

describe("§7 war casualties", () => {
  test("the Ultra-Dwarves and the Low Elves", () => {
    expect(casualtyPercent(8, 2)).toBe(16);
    expect(casualties(43, 8, 2)).toBe(7);
    expect(casualtyPercent(2, 8)).toBe(4);
    expect(casualties(65, 2, 8)).toBe(3);
  });
  test("10 or more Military behind kills nobody", () => {
    expect(casualties(100, 0, 10)).toBe(0);
    expect(casualties(100, 0, 25)).toBe(0);
    expect(casualties(100, 0, 9)).toBe(1);
  });
  test("capped at the enemy's strength", () => {
    expect(casualties(500, 5, 0, 40)).toBe(40);
    expect(casualties(500, 5, 0, 0)).toBe(0);
  });
  test("percentages that are traps in binary arithmetic", () => {
    // 7% of 100: relative military -3.
    expect(casualties(100, 0, 3)).toBe(7);
    expect(casualties(100, 3, 0)).toBe(13);
  });
  test("bad input", () => {
    expect(() => casualties(-1, 0, 0)).toThrow(RuleError);
    expect(() => casualties(10, 1.5, 0)).toThrow(RuleError);
    expect(() => casualties(10, 0, 0, 2.5)).toThrow(RuleError);
  });
});

describe("§8 resistances", () => {
  test("codes are parsed, cumulative and case-insensitive", () => {
    const codes = parseResistances("F-2, w/2; a+1\nW*2 x-1 I-∞");
    expect(codes.map((c) => `${c.element}${c.op}${c.value === null ? "inf" : c.value.n}`)).toEqual([
      "F-2",
      "W/2",
      "A+1",
      "W*2",
      "X-1",
      "I-inf",
    ]);
  });
  test("every spelling of infinity is immunity", () => {
    for (const text of ["I-∞", "I-inf", "I-infinity", "I-[infinity]", "i-INF"]) {
      expect(parseResistances(text)[0]?.value).toBeNull();
    }
  });
  test("unknown codes are refused with the code named", () => {
    expect(() => parseResistances("F%2")).toThrow(/"F%2" is not a resistance code/);
    expect(() => parseResistances("Q-2")).toThrow(/"Q-2"/);
    expect(() => parseResistances("F-")).toThrow(/not a resistance code/);
    expect(() => parseResistances("W/0")).toThrow(/divides by 0/);
    expect(() => parseResistances("A+∞")).toThrow(/infinite/);
  });
  test("multiply first, then add, then round up", () => {
    expect(resist(10, "F", "F-2, F/2")).toBe(3);
    expect(resist(10, "F", "F/2, F-2")).toBe(3);
    expect(resist(7, "W", "W/2")).toBe(4);
    expect(resist(5, "A", "A+1, A*2")).toBe(11);
  });
  test("never below 0", () => {
    expect(resist(3, "F", "F-5")).toBe(0);
  });
  test("several elements: each matching code applies in full", () => {
    // An earth-and-fire disaster: the earth resistance applies in full.
    expect(resist(10, "FE", "E-3, W/2")).toBe(7);
    expect(resist(10, "FE", "E-3, F-2")).toBe(5);
  });
  test("X codes apply to every disaster, and alone to one with no element", () => {
    expect(resist(10, "W", "X-1")).toBe(9);
    expect(resist(10, "", "F-2, X-1")).toBe(9);
  });
  test("global powers", () => {
    expect(resist(10, "", "X-1, F-2", "global")).toBe(10);
    expect(resist(10, "F", "X-1, F-2", "global")).toBe(7);
  });
  test("immunity wins over everything", () => {
    expect(resist(10, "I", "I-∞, I*2, I+5")).toBe(0);
    expect(resist(10, "I", "X-∞")).toBe(0);
    expect(resist(10, "F", "I-∞")).toBe(10);
  });
  test("no applicable code returns the deaths unchanged, fractions included", () => {
    expect(resist(10, "F", "")).toBe(10);
    expect(resist(2.5, "F", "W-1")).toBe(2.5);
  });
  test("elements as letters or names", () => {
    expect([...parseElements("fire, earth")].sort()).toEqual(["E", "F"]);
    expect([...parseElements("fe")].sort()).toEqual(["E", "F"]);
    expect(parseElements("").size).toBe(0);
    expect(() => parseElements("FX")).toThrow(/not a list of elements/);
  });
  test("population-level reductions: the rules' example", () => {
    expect(resistLevels(2, "I", "I/2")).toBe(1);
    expect(resistLevels(2, "I", "I-∞")).toBe(0);
    // Once, not per code.
    expect(resistLevels(3, "I", "I/2, I-1, X-1")).toBe(2);
    expect(resistLevels(2, "I", "I+1")).toBe(2);
    expect(resistLevels(0, "I", "I-1")).toBe(0);
  });
});

describe("results too large for a cell", () => {
  test("are refused with a message instead of becoming Infinity", () => {
    expect(() => growth(1e300, 1e300)).toThrow(/too large/);
    expect(() => resist(1e300, "W", "W*1000000000, W*1000000000")).toThrow(/too large/);
  });
});
