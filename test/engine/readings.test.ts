/**
 * Rules the seeds state without settling every case, at the engine's level: each test names the
 * reading the project takes (the help pages say why).
 */
import { RuleError } from "../../src/engine/errors";
import { lordLoss, surrender } from "../../src/engine/heaven";
import { barbarianSplit, growth } from "../../src/engine/growth";
import { wealthBonus } from "../../src/engine/attributes";
import { vetoOfChange, type Share } from "../../src/engine/pantheon";
import { claimDivinity, conflictWon, dicePool, difficulty, gameOver, goalBonus, goalState, meltRolls } from "../../src/engine/games";
import { persuasionCost, powerCost } from "../../src/engine/costs";
import { GESTURE_NAMES, gestures } from "../../src/engine/combat";
import { CENTRUM_CENTURIES, sessionCenturies } from "../../src/engine/sessions";
import { ratio } from "../../src/engine/exact";
import { tollReceived } from "../../src/engine/toll";
import { resistLevels } from "../../src/engine/resist";
import { council, COUNCIL_SEATS, QUORUM, VOTES_NEEDED } from "../../src/engine/council";

const shares = (...pairs: [string, number][]): Share[] => pairs.map(([member, share]) => ({ member, share: ratio(share) }));

describe("Surrender Mana (seed 000)", () => {
  test("the lesser of 6 sent (3 arriving) and half the loser's mana, rounded up", () => {
    expect([0, 1, 2, 3, 7, 10, 11, 12, 13, 100].map((held) => surrender(held))).toEqual([0, 1, 1, 2, 4, 5, 6, 6, 6, 6]);
    expect([0, 1, 7, 10, 12, 100].map((held) => surrender(held, "receive"))).toEqual([0, 0, 2, 2, 3, 3]);
  });
  test("what arrives is always what is sent less the toll, and never more than 3", () => {
    for (let held = -3; held <= 40; held++) {
      expect(surrender(held, "receive")).toBe(tollReceived(surrender(held)));
      expect(surrender(held, "receive")).toBeLessThanOrEqual(3);
      expect(surrender(held)).toBeLessThanOrEqual(Math.max(0, held));
    }
  });
  test("a loser in debt gives nothing; bad input is refused", () => {
    expect(surrender(-4)).toBe(0);
    expect(() => surrender(1.5)).toThrow(RuleError);
  });
});

describe("a lord's loss when his lesser god is obliterated (seed 000)", () => {
  test("half his mana, rounded up, or 10, whichever is greater", () => {
    expect([-5, 0, 4, 19, 20, 21, 22, 31, 100].map(lordLoss)).toEqual([10, 10, 10, 10, 10, 11, 11, 16, 50]);
  });
  test("the loss can exceed what he holds: the rest is owed", () => {
    expect(4 - lordLoss(4)).toBe(-6);
  });
  test("bad input is refused", () => {
    expect(() => lordLoss(2.5)).toThrow(RuleError);
  });
});

describe("barbarian growth (seed 002): half spread, half placed", () => {
  test("an odd unit spreads; the halves add up to the growth", () => {
    expect(barbarianSplit(7)).toEqual({ spread: 4, placed: 3 });
    for (let units = 0; units <= 60; units++) {
      const split = barbarianSplit(growth(units));
      expect(split.spread + split.placed).toBe(growth(units));
      expect(split.spread - split.placed).toBeGreaterThanOrEqual(0);
      expect(split.spread - split.placed).toBeLessThanOrEqual(1);
    }
  });
  test("bad input is refused", () => {
    expect(() => barbarianSplit(-1)).toThrow(RuleError);
  });
});

describe("Wealth from cities (seed 002)", () => {
  test("each city adds 1 Wealth before the full-3 division; the floor at 0 is on the total", () => {
    expect(wealthBonus(5, 2)).toBe(2);
    expect(wealthBonus(8)).toBe(2);
    expect(wealthBonus(-4, 6)).toBe(0);
    expect(() => wealthBonus(3, -1)).toThrow(RuleError);
  });
});

describe("power costs with no modifier", () => {
  test("are the normal cost", () => {
    expect(powerCost(10, [])).toBe(10);
  });
});

describe("ending religious turmoil (seed 002)", () => {
  const before = shares(["Ares", 50], ["Hera", 40], ["Diabolism", 10]);
  test("an unchanged division is vetoed by a special member only when it is to end turmoil", () => {
    expect(vetoOfChange(before, before)).toBeNull();
    expect(vetoOfChange(before, before, true)).toMatch(/^Diabolism vetoes the new division, so the turmoil goes on/);
    expect(vetoOfChange(shares(["Ares", 50], ["Hera", 50]), shares(["Ares", 50], ["Hera", 50]), true)).toBeNull();
    expect(vetoOfChange(before, shares(["Ares", 45], ["Hera", 40], ["Diabolism", 15]), true)).toBeNull();
  });
});

describe("population-level drops and vulnerabilities (seed 002)", () => {
  test("a vulnerability adds one level to a drop, a resistance takes one off, together they cancel", () => {
    expect(resistLevels(2, "I", "I+1")).toBe(3);
    expect(resistLevels(2, "I", "I/2")).toBe(1);
    expect(resistLevels(2, "I", "I/2, I+1")).toBe(2);
    expect(resistLevels(0, "I", "I*2")).toBe(0);
  });
});

describe("Games of the Gods conflicts (seed 003)", () => {
  test("difficulty: base 1/2/6, less earlier wins, plus opposing successes", () => {
    expect([1, 2, 3].map((level) => difficulty(level))).toEqual([1, 2, 6]);
    expect(difficulty(2, 0, true)).toBe(1);
    expect(difficulty(3, 0, true)).toBe(5);
    expect(difficulty(3, 0, false, true)).toBe(4);
    expect(difficulty(3, 0, true, true)).toBe(3);
    expect(difficulty(1, 2)).toBe(3);
    expect(difficulty(1, 0, true, true)).toBe(1);
  });
  test("the least difficulty of each level", () => {
    for (const level of [1, 2, 3]) {
      const least = Math.min(...[false, true].flatMap((a) => [false, true].map((b) => difficulty(level, 0, a, b))));
      expect(least).toBe([1, 1, 3][level - 1]);
    }
  });
  test("a conflict is won with more successes than the difficulty", () => {
    expect(conflictWon(1, 2)).toBe(true);
    expect(conflictWon(1, 1)).toBe(false);
    expect(conflictWon(3, 4, 0, true, true)).toBe(true);
  });
  test("the dice pool: spent + one motif die + one feature die + divinity", () => {
    expect(dicePool(2, true, true, 3)).toBe(7);
    expect(dicePool(1)).toBe(1);
    expect(() => dicePool(0)).toThrow(/1 to 5/);
    expect(() => dicePool(6)).toThrow(/1 to 5/);
    expect(() => difficulty(4)).toThrow(/1 to 3/);
    expect(() => conflictWon(1, -1)).toThrow(RuleError);
  });
});

describe("the Great Council (seed 000)", () => {
  test("7 present to sit, 7 votes to decide, 12 seats", () => {
    expect([QUORUM, VOTES_NEEDED, COUNCIL_SEATS]).toEqual([7, 7, 12]);
    expect([6, 7, 12].map((present) => council(present))).toEqual(["no quorum", "in session", "in session"]);
    expect([6, 7, 12].map((votes) => council(12, votes))).toEqual(["fails", "passes", "passes"]);
  });
  test("a vote needs a meeting: with fewer than 7 present it is no quorum", () => {
    for (let votes = 0; votes <= 6; votes++) expect(council(6, votes)).toBe("no quorum");
  });
  test("the Supreme Deity: every greater god in existence for it, so every one present", () => {
    for (let seated = 7; seated <= 12; seated++) {
      for (let present = 7; present <= seated; present++) {
        for (let votes = 0; votes <= present; votes++) {
          expect(council(present, votes, "supreme deity", seated)).toBe(votes === seated ? "passes" : "fails");
        }
      }
    }
    expect(council(10, 10, "supreme deity")).toBe("fails");
  });
  test("bad input is refused", () => {
    expect(() => council(13)).toThrow(RuleError);
    expect(() => council(7, 8)).toThrow(/more votes \(8\) than greater gods present \(7\)/);
    expect(() => council(9, 7, "measure", 8)).toThrow(/more greater gods present \(9\)/);
    expect(() => council(9, 2.5)).toThrow(/0 to 12/);
  });
});

describe("Games of the Gods divinity from goals (seed 003)", () => {
  test("a goal left alone for two acts, then claimed by two gods", () => {
    let bonus = 0;
    bonus = goalBonus(bonus, 0);
    bonus = goalBonus(bonus, 0);
    expect(bonus).toBe(2);
    expect([claimDivinity(bonus), claimDivinity(bonus, 1)]).toEqual([3, 1]);
    expect(goalBonus(bonus, 2)).toBe(0);
  });
  test("a goal opening at the end of an act gains nothing until it has stayed unclaimed through an act", () => {
    expect(goalBonus(0, 0, false)).toBe(0);
    expect(goalBonus(goalBonus(0, 0, false), 0)).toBe(1);
  });
  test("impossible states are refused", () => {
    expect(() => goalBonus(0, 1, false)).toThrow(RuleError);
    expect(() => goalBonus(1, 0, false)).toThrow(RuleError);
    expect(() => claimDivinity(-1)).toThrow(/0 or more/);
  });
});

describe("Games of the Gods: the end of an act (seed 003)", () => {
  test("reality melts once per level of the highest open goal, counted after the act's goals open and close", () => {
    // Four gods: the fourth claim of a level 1 goal closes it, and its level 2 goal opens for this act's melt.
    const levelOpen = goalState(1, 4, 4) === "closed" ? 2 : 1;
    expect(meltRolls([1, levelOpen, 1, 1, 1])).toBe(2);
    expect(meltRolls([])).toBe(0);
    expect(meltRolls([0, 3])).toBe(3);
    expect(() => meltRolls([4])).toThrow(RuleError);
  });
  test("the game ends on two different level 3 goals", () => {
    expect([0, 1, 2, 3, 4, 5].map(gameOver)).toEqual([false, false, true, true, true, true]);
    expect(() => gameOver(6)).toThrow(/0 to 5/);
  });
});

describe("a combat round's gestures (seed 000, Combat Procedure; The Null Gesture)", () => {
  test("the text's own cases: a beaten gesture loses 1, two tricks both lose 1, a block hurts a null", () => {
    expect(gestures("rock", "scissors")).toEqual([0, 1]);
    expect(gestures("trick", "trick")).toEqual([1, 1]);
    expect(gestures("block", "null")).toEqual([0, 1]);
    for (const g of GESTURE_NAMES) if (g !== "null") expect(gestures(g, "null")).toEqual([0, 1]);
  });
  test("our reading of what the text leaves open: a block against a trick, two blocks, two nulls hurt nobody", () => {
    expect(gestures("trick", "block")).toEqual([0, 0]);
    expect(gestures("block", "block")).toEqual([0, 0]);
    expect(gestures("null", "null")).toEqual([0, 0]);
  });
  test("bad input is refused", () => {
    expect(() => gestures("lizard" as never, "rock")).toThrow(RuleError);
  });
});

describe("Era Centrum's centuries among the sessions (seed 002, the Sequence of Centuries)", () => {
  test("as equally as possible: never more than 1 apart, the extra centuries to the first sessions", () => {
    expect(CENTRUM_CENTURIES).toBe(16);
    expect(sessionCenturies(5)).toEqual([4, 3, 3, 3, 3]);
    expect(sessionCenturies(7)).toEqual([3, 3, 2, 2, 2, 2, 2]);
    expect(sessionCenturies(16)).toEqual(Array<number>(16).fill(1));
    expect(sessionCenturies(3, 10, 2)).toEqual([3]);
  });
  test("more sessions than centuries: the last ones play none", () => {
    expect(sessionCenturies(18)).toEqual([...Array<number>(16).fill(1), 0, 0]);
  });
  test("bad input is refused", () => {
    expect(() => sessionCenturies(0)).toThrow(RuleError);
    expect(() => sessionCenturies(4, 0)).toThrow(RuleError);
    expect(() => sessionCenturies(4, 16, 5)).toThrow(/from 1 to 4/);
    expect(() => sessionCenturies(4, 16, 1.5)).toThrow(RuleError);
  });
});

describe("a persuasion of several targets (seed 000, Persuasion Powers (P))", () => {
  test("P2: either target's raise raises the cost, and both raises multiply", () => {
    expect(persuasionCost(10, "p2", [])).toBe(10);
    expect(persuasionCost(10, "p2", [2])).toBe(20);
    expect(persuasionCost(10, "p2", [2, 2])).toBe(40);
    expect(persuasionCost(10, "p2", [2, 1.5], [0.75])).toBe(powerCost(10, [0.75, 2, 1.5]));
  });
  test("Pm: the room once, then each target paid for adds his own rise", () => {
    expect(persuasionCost(10, "pm", [2, 2])).toBe(30);
    expect(persuasionCost(10, "pm", [2, 1.5], [0.75])).toBe(8 + (15 - 8) + (12 - 8));
    // Each rise is worked out alone: the order of the targets does not matter.
    expect(persuasionCost(9, "pm", [1.5, 3], [0.75])).toBe(persuasionCost(9, "pm", [3, 1.5], [0.75]));
  });
  test("the floor holds for every cost: never below 25% of the normal cost, rounded up", () => {
    expect(persuasionCost(10, "p2", [2], [0.1])).toBe(3);
    expect(persuasionCost(10, "pm", [2, 2], [0.1])).toBe(3);
  });
  test("bad input is refused", () => {
    expect(() => persuasionCost(10, "p", [2, 2])).toThrow(/one target/);
    expect(() => persuasionCost(10, "p2", [2, 2, 2])).toThrow(/two targets/);
    expect(() => persuasionCost(10, "pm", [0.5])).toThrow(/1 or more/);
    expect(() => persuasionCost(-1, "pm", [])).toThrow(RuleError);
  });
});
