import fc from "fast-check";
import * as fs from "fs";
import * as path from "path";
import { isErrorValue } from "../../src/functions/errors";
import { evaluate, type FunctionSpec } from "../../src/functions/runner";
import * as specs from "../../src/functions/specs";
import { CULT, GROWTH, OBLITERATE, PANTHEONCHECK, RESIST, WAR } from "../../src/functions/specs";
import { resist } from "../../src/engine/resist";
import { casualties, war } from "../../src/engine/war";
import { tollLost, tollReceived } from "../../src/engine/toll";
import { cult, isGod, obliterate, type Share } from "../../src/engine/pantheon";
import { add, cmp, ratio, ZERO, type Ratio } from "../../src/engine/exact";
import { scaled } from "../support/scale";

/** Anything a cell or a range can hand a custom function. */
const cell = fc.oneof(
  fc.double(),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.string(),
  fc.constantFrom("F-2, W/2", "X-∞", "fe", "lost", "send", "global", "7%", "", " 12 ", "Ares", "Diabolism", "atheism", "civilized", "plains", "TRUE", "10%"),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant({ code: "#N/A" }),
);
const argument = fc.oneof(cell, fc.array(fc.array(cell, { maxLength: 3 }), { maxLength: 3 }));

/** Every function the add-in declares: each spec exported from specs.ts. */
const SPECS: FunctionSpec<never[]>[] = Object.values(specs) as unknown as FunctionSpec<never[]>[];

function isCellValue(v: unknown): boolean {
  return (typeof v === "number" && Number.isFinite(v)) || typeof v === "string" || typeof v === "boolean";
}

describe("properties", () => {
  test("the never-throws list holds every function declared to Excel", () => {
    const folder = path.join(__dirname, "..", "..", "src", "functions", "declarations");
    const source = fs
      .readdirSync(folder)
      .map((f) => fs.readFileSync(path.join(folder, f), "utf8"))
      .join("\n");
    const declared = [...source.matchAll(/@customfunction\s+(\w+)/g)].map((m) => m[1]);
    expect(SPECS.map((spec) => spec.name).sort()).toEqual(declared.sort());
  });

  test.each(SPECS.map((s) => [s.name, s]))("%s never throws: a value, or an error with a message", (_name, spec) => {
    fc.assert(
      fc.property(fc.array(argument, { maxLength: 6 }), (args) => {
        const result = evaluate(spec, args);
        if (isErrorValue(result)) {
          if (result.code === "#VALUE!") expect(typeof result.message).toBe("string");
        } else if (Array.isArray(result)) {
          // A spilled answer: a non-empty rectangle of plain cell values.
          expect(result.length).toBeGreaterThan(0);
          for (const row of result) {
            expect(row.length).toBe((result[0] as unknown[]).length);
            for (const v of row) expect(isCellValue(v)).toBe(true);
          }
        } else {
          expect(isCellValue(result)).toBe(true);
        }
      }),
      { numRuns: scaled(2000, 100) },
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

  test("WAR: the loser's losses are always at least 150% of the winner's, and no loser means neither side qualifies", () => {
    fc.assert(
      fc.property(strength, military, strength, military, (sa, ma, sb, mb) => {
        const w = war(sa, ma, sb, mb);
        const lossesA = w.killedByB;
        const lossesB = w.killedByA;
        if (w.loser === "A") expect(2 * lossesA).toBeGreaterThanOrEqual(3 * lossesB);
        if (w.loser === "B") expect(2 * lossesB).toBeGreaterThanOrEqual(3 * lossesA);
        if (w.loser === "") {
          expect(2 * lossesA < 3 * lossesB || (lossesA === 0 && lossesB === 0)).toBe(true);
          expect(2 * lossesB < 3 * lossesA || (lossesA === 0 && lossesB === 0)).toBe(true);
          expect(w.vacated).toBe(0);
        } else {
          expect(w.vacated).toBe(Math.floor(Math.abs(lossesA - lossesB) / 2));
        }
        // The same through the function, which spills one row.
        expect(evaluate(WAR, [sa, ma, sb, mb])).toEqual([[w.killedByA, w.killedByB, w.loser, w.vacated]]);
      }),
    );
  });

  const NAMES = ["Ares", "Hera", "Zeus", "Apollo", "Diabolism", "Atheism", "Loki"];
  /** A pantheon of distinct members with whole-number weights, scaled exactly to 100 points. */
  const pantheon = fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: NAMES.length }).chain((members) =>
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: members.length, maxLength: members.length }).map((weights) => {
      const w = weights.some((x) => x > 0) ? weights : weights.map((_, i) => (i === 0 ? 1 : 0));
      const total = w.reduce((a, b) => a + b, 0);
      return members.map((member, i) => ({ member, share: ratio(100 * (w[i] as number), total) }));
    }),
  );
  const sum = (shares: readonly Share[]): Ratio => shares.reduce((acc, s) => add(acc, s.share), ZERO);
  const HUNDRED = ratio(100);

  test("CULT keeps the shares at exactly 100 (exact fractions in the engine)", () => {
    fc.assert(
      fc.property(pantheon, fc.constantFrom(...NAMES, "Odin"), fc.integer({ min: 0, max: 150 }), fc.integer({ min: 1, max: 7 }), (shares, deity, p, q) => {
        const after = cult(shares, deity, ratio(p, q));
        expect(cmp(sum(after), HUNDRED)).toBe(0);
        for (const s of after) expect(s.share.n >= 0n).toBe(true);
      }),
    );
  });

  test("OBLITERATE keeps the shares at exactly 100, and the god ends at 0", () => {
    fc.assert(
      fc.property(
        pantheon.filter((shares) => shares.some((s) => isGod(s.member))),
        fc.nat(),
        (shares, pick) => {
          const gods = shares.filter((s) => isGod(s.member));
          const god = (gods[pick % gods.length] as Share).member;
          const after = obliterate(shares, god);
          expect(cmp(sum(after), HUNDRED)).toBe(0);
          expect(after.find((s) => s.member === god)?.share.n).toBe(0n);
        },
      ),
    );
  });

  test("through the functions: CULT and OBLITERATE answer cells that add up to 100 and pass PANTHEONCHECK", () => {
    fc.assert(
      fc.property(pantheon, fc.constantFrom(...NAMES), fc.integer({ min: 0, max: 100 }), (shares, deity, p) => {
        const members = shares.map((s) => [s.member]);
        const cells = shares.map((s) => [s.share.n === 0n ? 0 : Number(s.share.n) / Number(s.share.d)]);
        const check = evaluate(PANTHEONCHECK, [members, cells]);
        expect(check).toBe(true);
        const afterCult = evaluate(CULT, [members, cells, deity, p]) as number[][];
        const cultMembers = afterCult.length > members.length ? [...members, [deity]] : members;
        expect(afterCult.flat().reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
        expect(evaluate(PANTHEONCHECK, [cultMembers, afterCult])).toBe(true);
        const god = shares.find((s) => isGod(s.member));
        if (god !== undefined) {
          const afterObliterate = evaluate(OBLITERATE, [members, cells, god.member]) as number[][];
          expect(afterObliterate.flat().reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
        }
      }),
    );
  });

  test("the pantheon functions never fail unexpectedly on well-shaped but odd tables", () => {
    const share = fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -100, max: 200 }), fc.constantFrom(null, "", "40%", "0.5", 0, 100, 1));
    const name = fc.oneof(fc.constantFrom(...NAMES, " ares ", "", null), fc.string({ maxLength: 4 }));
    const table = fc.array(fc.tuple(name, share, share), { minLength: 0, maxLength: 6 });
    fc.assert(
      fc.property(
        table,
        fc.constantFrom(...NAMES, "Odin"),
        fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -5, max: 120 }), fc.constant("10%")),
        (rows, who, p) => {
          const members = rows.map((r) => [r[0]]);
          const before = rows.map((r) => [r[1]]);
          const after = rows.map((r) => [r[2]]);
          const results = [
            evaluate(CULT, [members, before, who, p]),
            evaluate(OBLITERATE, [members, before, who]),
            evaluate(PANTHEONCHECK, [members, before]),
            evaluate(specs.PANTHEONCHANGE, [members, before, after]),
          ];
          for (const r of results) {
            if (isErrorValue(r)) expect(r.message).not.toMatch(/could not work this out/);
            else expect(r === true || typeof r === "string" || Array.isArray(r)).toBe(true);
          }
        },
      ),
      { numRuns: scaled(3000, 100) },
    );
  });
});
