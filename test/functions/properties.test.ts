import fc from "fast-check";
import { isErrorValue } from "../../src/functions/errors";
import { evaluate, type FunctionSpec } from "../../src/functions/runner";
import { GROWTH, RESIST, TOLL, WARCASUALTIES } from "../../src/functions/specs";
import { resist } from "../../src/engine/resist";
import { casualties } from "../../src/engine/war";
import { tollLost, tollReceived } from "../../src/engine/toll";

/** Anything a cell or a range can hand a custom function. */
const cell = fc.oneof(
  fc.double(),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.string(),
  fc.constantFrom("F-2, W/2", "X-∞", "fe", "lost", "send", "global", "7%", "", " 12 "),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant({ code: "#N/A" }),
);
const argument = fc.oneof(cell, fc.array(fc.array(cell, { maxLength: 3 }), { maxLength: 3 }));

const SPECS: FunctionSpec<never[]>[] = [TOLL, WARCASUALTIES, GROWTH, RESIST] as unknown as FunctionSpec<never[]>[];

describe("properties", () => {
  test.each(SPECS.map((s) => [s.name, s]))("%s never throws: a value, or an error with a message", (_name, spec) => {
    fc.assert(
      fc.property(fc.array(argument, { maxLength: 6 }), (args) => {
        const result = evaluate(spec, args);
        if (isErrorValue(result)) {
          if (result.code === "#VALUE!") expect(typeof result.message).toBe("string");
        } else {
          expect(["number", "string", "boolean"]).toContain(typeof result);
          if (typeof result === "number") expect(Number.isFinite(result)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  const strength = fc.integer({ min: 0, max: 1_000_000 });
  const military = fc.integer({ min: -30, max: 30 });

  test("casualties are never negative and never above the enemy's strength", () => {
    fc.assert(
      fc.property(strength, military, military, strength, (s, m, em, es) => {
        const k = casualties(s, m, em, es);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThanOrEqual(es);
        expect(Number.isInteger(k)).toBe(true);
      }),
    );
  });

  test("more Military never kills fewer", () => {
    fc.assert(
      fc.property(strength, military, military, fc.integer({ min: 0, max: 20 }), (s, m, em, more) => {
        expect(casualties(s, m + more, em)).toBeGreaterThanOrEqual(casualties(s, m, em));
      }),
    );
  });

  test("RESIST with no applicable code returns its input", () => {
    const code = fc
      .tuple(fc.constantFrom("E", "N", "W", "A", "I"), fc.constantFrom("-", "+", "/", "*"), fc.integer({ min: 1, max: 9 }))
      .map(([e, op, v]) => `${e}${op}${v}`);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(code, { maxLength: 6 }), (deaths, codes) => {
        // A fire disaster: none of these codes is fire or X.
        expect(evaluate(RESIST, [deaths, "F", codes.join(", ")])).toBe(deaths);
        expect(resist(deaths, "", codes.join(", "), "global")).toBe(deaths);
      }),
    );
  });

  test("resistances only ever reduce deaths, vulnerabilities only raise them", () => {
    const value = fc.integer({ min: 1, max: 9 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), value, value, (deaths, a, b) => {
        expect(resist(deaths, "W", `W-${a}, W/${b}`)).toBeLessThanOrEqual(deaths);
        expect(resist(deaths, "W", `W+${a}, W*${b}`)).toBeGreaterThanOrEqual(deaths);
      }),
    );
  });

  test("what is lost and what arrives add up to what was sent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (sent) => {
        expect(tollLost(sent) + tollReceived(sent)).toBe(sent);
        expect(tollLost(sent)).toBeGreaterThanOrEqual(tollReceived(sent));
      }),
    );
  });

  test("growth equals the exact rounded-up share, checked against integer arithmetic", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 300 }), (units, percent) => {
        const expected = Math.floor((units * percent + 99) / 100);
        expect(evaluate(GROWTH, [units, `${percent}%`])).toBe(Number((BigInt(units) * BigInt(percent) + 99n) / 100n));
        if (units * percent < Number.MAX_SAFE_INTEGER) expect(evaluate(GROWTH, [units, `${percent}%`])).toBe(expected);
      }),
    );
  });
});
