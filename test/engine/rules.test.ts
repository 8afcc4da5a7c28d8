import { RuleError } from "../../src/engine/errors";
import { growth } from "../../src/engine/growth";
import { parseElements, parseResistances, resist, resistLevels } from "../../src/engine/resist";
import { tollLost, tollReceived, tollToSend } from "../../src/engine/toll";
import { casualties, casualtyPercent, cityFate, war } from "../../src/engine/war";
import { ratio, toNumber } from "../../src/engine/exact";
import { manaScale, powerCost } from "../../src/engine/costs";
import { mayFoundCity, populationLimit, populationStrength, starvation, type Terrain } from "../../src/engine/population";
import { warAverted, warsDeclared, wealthBonus } from "../../src/engine/attributes";
import { cult, obliterate, pantheonProblem, readPantheon, turmoil, vetoOfChange, type Share } from "../../src/engine/pantheon";
import { claimsToClose, explosions, glory, goalState, melt, successes } from "../../src/engine/games";

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
    expect(codes.map((c) => `${c.element}${c.op}${c.value === null ? "inf" : c.value.n}`)).toEqual(["F-2", "W/2", "A+1", "W*2", "X-1", "I-inf"]);
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
    // A vulnerability adds one (docs/rules/08: our reading).
    expect(resistLevels(2, "I", "I+1")).toBe(3);
    expect(resistLevels(0, "I", "I-1")).toBe(0);
  });
});

describe("results too large for a cell", () => {
  test("are refused with a message instead of becoming Infinity", () => {
    expect(() => growth(1e300, 1e300)).toThrow(/too large/);
    expect(() => resist(1e300, "W", "W*1000000000, W*1000000000")).toThrow(/too large/);
  });
});

describe("§2 power costs", () => {
  test("modifiers multiply, the product rounds up once", () => {
    // Persuasion in the Hall of Feasts costs 25% less.
    expect(powerCost(10, [0.75])).toBe(8);
    // A non-owner coordinating a demesne's defence pays double for combat powers.
    expect(powerCost(7, [2])).toBe(14);
    expect(powerCost(10, [0.75, 0.75])).toBe(6);
    expect(powerCost(10)).toBe(10);
  });
  test("never below 25% of the normal cost, that floor rounded up", () => {
    expect(powerCost(10, [0.1])).toBe(3);
    expect(powerCost(8, [0, 5])).toBe(2);
    expect(powerCost(1, [0.01])).toBe(1);
  });
  test("exact rationals as modifiers", () => {
    expect(powerCost(9, [ratio(1, 3)])).toBe(3);
    expect(powerCost(10, [ratio(1, 3)])).toBe(4);
  });
  test("bad input", () => {
    expect(() => powerCost(-1)).toThrow(RuleError);
    expect(() => powerCost(2.5)).toThrow(RuleError);
    expect(() => powerCost(10, [-1])).toThrow(/negative/);
  });
});

describe("§3 mana inflation", () => {
  test("1, then half above 50, a quarter above 100", () => {
    expect(manaScale(50)).toBe(1);
    expect(manaScale(ratio(101, 2))).toBe(0.5);
    expect(manaScale(100)).toBe(0.5);
    expect(manaScale(ratio(10001, 100))).toBe(0.25);
    expect(() => manaScale(-1)).toThrow(RuleError);
  });
});

describe("§4 population", () => {
  test("strength counts cities", () => {
    expect(populationStrength(40, 1)).toBe(43);
    expect(populationStrength(50, 2, 1)).toBe(62);
    expect(() => populationStrength(-1)).toThrow(RuleError);
  });
  test("the limits table, with features and knowledges as a modifier", () => {
    expect(populationLimit("plains", "civilized")).toBe(5);
    expect(populationLimit("desert", "barbarian")).toBe(2);
    expect(populationLimit("ice", "primitive")).toBe(1);
    expect(populationLimit("water", "civilized", 1)).toBe(1);
    expect(populationLimit("mountain", "civilized", -5)).toBe(0);
    expect(() => populationLimit("swamp" as Terrain, "civilized")).toThrow(/terrain/);
  });
  test("units above the limit starve", () => {
    expect(starvation(7, 5)).toBe(2);
    expect(starvation(5, 7)).toBe(0);
  });
  test("6 squares per existing city; the first city is free", () => {
    expect(mayFoundCity(0, 0)).toBe(true);
    expect(mayFoundCity(12, 2)).toBe(true);
    expect(mayFoundCity(11, 2)).toBe(false);
  });
});

describe("§6 Aggression, Diplomacy, Wealth", () => {
  test("wars declared", () => {
    expect([4, 5, 6, 7, 8, 9, 10].map((total) => warsDeclared(1, total - 1))).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(() => warsDeclared(7, 0)).toThrow(/1 to 6/);
  });
  test("diplomacy: 6 or more averts the war", () => {
    expect(warAverted(4, 3, 1)).toBe(true);
    expect(warAverted(4, 2, 1)).toBe(false);
  });
  test("each full 3 Wealth gives +1; Wealth below 0 counts as 0", () => {
    expect(wealthBonus(8)).toBe(2);
    expect(wealthBonus(-7)).toBe(0);
  });
});

describe("§7 a whole war", () => {
  test("the rules' example: the Low Elves lose and vacate 2 squares", () => {
    expect(war(43, 8, 65, 2)).toEqual({ killedByA: 7, killedByB: 3, loser: "B", vacated: 2 });
  });
  test("no loser when neither side reaches 150% of the other's losses, or nobody dies", () => {
    expect(war(40, 0, 30, 0).loser).toBe("");
    expect(war(0, 0, 0, 0)).toEqual({ killedByA: 0, killedByB: 0, loser: "", vacated: 0 });
  });
  test("a side that loses units against none is the loser", () => {
    expect(war(100, 10, 100, 0)).toEqual({ killedByA: 20, killedByB: 0, loser: "B", vacated: 10 });
  });
  test("cities in lost squares", () => {
    expect(cityFate("primitive")).toBe("destroyed");
    expect(cityFate("barbarian", 6, -3)).toBe("destroyed");
    expect(cityFate("civilized", 2, 2)).toBe("destroyed");
    expect(cityFate("civilized", 3, 2)).toBe("captured");
    expect(() => cityFate("civilized")).toThrow(/roll/);
    expect(() => cityFate("civilized", 3)).toThrow(/winner_aggression/);
  });
});

describe("§9 pantheons", () => {
  const points = (pairs: [string, number][]): Share[] => pairs.map(([member, share]) => ({ member, share: ratio(share) }));
  const plain = (shares: Share[]): [string, number][] => shares.map((s) => [s.member, toNumber(s.share)]);

  test("reading a pantheon: points or fractions, scaled to exactly 100", () => {
    const p = readPantheon([
      { member: "Ares", share: ratio(3, 5) },
      { member: null, share: null },
      { member: "Hera", share: ratio(2, 5) },
    ]);
    expect(p.style).toBe("fractions");
    expect(plain(p.shares)).toEqual([
      ["Ares", 60],
      ["Hera", 40],
    ]);
    expect(pantheonProblem([{ member: "Ares", share: ratio(90) }])).toMatch(/add up to 90/);
    expect(pantheonProblem([{ member: "Ares", share: ratio(100) }])).toBeNull();
  });
  test("a cult: +P for the deity, the others lose in proportion, the total stays 100", () => {
    const after = cult(
      points([
        ["Ares", 60],
        ["Hera", 30],
        ["Zeus", 10],
      ]),
      "Zeus",
      ratio(10),
    );
    expect(plain(after)).toEqual([
      ["Ares", 53.333333333333336],
      ["Hera", 26.666666666666668],
      ["Zeus", 20],
    ]);
    expect(after[0]?.share).toEqual(ratio(160, 3));
    expect(plain(cult(points([["Ares", 100]]), "Hera", ratio(25)))).toEqual([
      ["Ares", 75],
      ["Hera", 25],
    ]);
  });
  test("an obliterated god's share goes to the other gods in equal parts, never to Diabolism or Atheism", () => {
    const after = obliterate(
      points([
        ["Ares", 40],
        ["Hera", 30],
        ["Diabolism", 20],
        ["Zeus", 10],
      ]),
      "Ares",
    );
    expect(plain(after)).toEqual([
      ["Ares", 0],
      ["Hera", 50],
      ["Diabolism", 20],
      ["Zeus", 30],
    ]);
    expect(
      plain(
        obliterate(
          points([
            ["Ares", 80],
            ["Diabolism", 20],
          ]),
          "ares",
        ),
      ),
    ).toEqual([
      ["Ares", 0],
      ["Diabolism", 20],
      ["Atheism", 80],
    ]);
    expect(() =>
      obliterate(
        points([
          ["Ares", 80],
          ["Diabolism", 20],
        ]),
        "Diabolism",
      ),
    ).toThrow(/not a god/);
  });
  test("Diabolism and Atheism accept a change only with 5 more points", () => {
    const before = points([
      ["Ares", 80],
      ["Diabolism", 10],
      ["Atheism", 10],
    ]);
    expect(
      vetoOfChange(
        before,
        points([
          ["Ares", 70],
          ["Diabolism", 15],
          ["Atheism", 15],
        ]),
      ),
    ).toBeNull();
    expect(
      vetoOfChange(
        before,
        points([
          ["Ares", 71],
          ["Diabolism", 15],
          ["Atheism", 14],
        ]),
      ),
    ).toMatch(/^Atheism vetoes/);
    expect(vetoOfChange(before, before)).toBeNull();
  });
  test("the turmoil roll", () => {
    expect([1, 3, 5].map(turmoil)).toEqual(["no effect", "a random member is expelled", "a random member expels another member of its choice"]);
  });
});

describe("§11 Games of the Gods", () => {
  test("successes and explosions", () => {
    expect(successes([1, 2, 3, 4, 5, 6])).toBe(3);
    expect(explosions([6, 6, 1])).toBe(2);
    expect(() => successes([7])).toThrow(/1 to 6/);
  });
  test("glory", () => {
    expect([0, 1, 2, 3, 5, 6, 11, 12].map((m) => glory(m))).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
    expect(glory(9, true)).toBe(1);
  });
  test("goals close after #players, #players/2 (rounded up) and 1 claims", () => {
    expect([1, 2, 3].map((level) => claimsToClose(level, 5))).toEqual([5, 3, 1]);
    expect(goalState(2, 2, 4)).toBe("closed");
    expect(() => goalState(4, 0, 4)).toThrow(/1, 2 or 3/);
  });
  test("reality melting", () => {
    expect(melt(3)).toBe("a random relationship is removed");
    expect(() => melt(1)).toThrow(/2 to 12/);
  });
});

describe("war casualties too large for a cell", () => {
  test("are refused with a message instead of becoming Infinity", () => {
    expect(() => casualties(Number.MAX_VALUE, 1000, 0)).toThrow(/too large/);
  });
});
