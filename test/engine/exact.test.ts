import { add, ceil, cmp, div, floor, fromNumber, mul, parseDecimal, ratio, toNumber } from "../../src/engine/exact";

describe("exact arithmetic", () => {
  test("reads a double as the decimal it displays", () => {
    expect(fromNumber(0.07)).toEqual({ n: 7n, d: 100n });
    expect(fromNumber(0.3)).toEqual({ n: 3n, d: 10n });
    expect(fromNumber(-1.5)).toEqual({ n: -3n, d: 2n });
    expect(fromNumber(1e-7)).toEqual({ n: 1n, d: 10000000n });
    expect(fromNumber(1e21)).toEqual({ n: 10n ** 21n, d: 1n });
  });

  test("the rounding traps of binary floating point do not happen", () => {
    // In doubles, 0.07 * 100 is 7.000000000000001 and Math.ceil makes it 8.
    expect(Math.ceil(0.07 * 100)).toBe(8);
    expect(ceil(mul(fromNumber(0.07), ratio(100)))).toBe(7n);
    expect(ceil(mul(fromNumber(0.3), ratio(10)))).toBe(3n);
    expect(ceil(mul(fromNumber(0.13), ratio(100)))).toBe(13n);
  });

  test("ceil and floor on both signs", () => {
    expect(ceil(ratio(7, 2))).toBe(4n);
    expect(floor(ratio(7, 2))).toBe(3n);
    expect(ceil(ratio(-7, 2))).toBe(-3n);
    expect(floor(ratio(-7, 2))).toBe(-4n);
    expect(ceil(ratio(6, 2))).toBe(3n);
  });

  test("parses decimal text and refuses what is not a number", () => {
    expect(parseDecimal("12.50")).toEqual({ n: 25n, d: 2n });
    expect(parseDecimal(" -3 ")).toEqual({ n: -3n, d: 1n });
    expect(parseDecimal("2.5e2")).toEqual({ n: 250n, d: 1n });
    expect(parseDecimal(".5")).toEqual({ n: 1n, d: 2n });
    expect(parseDecimal("abc")).toBeNull();
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal(".")).toBeNull();
  });

  test("sums of thirds stay exact", () => {
    let sum = ratio(0);
    for (let i = 0; i < 3; i++) sum = add(sum, ratio(1, 3));
    expect(sum).toEqual({ n: 1n, d: 1n });
    expect(cmp(div(ratio(1), ratio(3)), ratio(1, 3))).toBe(0);
    expect(toNumber(ratio(1, 4))).toBe(0.25);
  });

  test("refuses infinity and division by zero", () => {
    expect(() => fromNumber(Infinity)).toThrow(RangeError);
    expect(() => ratio(1, 0)).toThrow(RangeError);
    expect(() => div(ratio(1), ratio(0))).toThrow(RangeError);
  });
});
