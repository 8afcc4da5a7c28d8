import { checkSigned as checkMilitary, checkWhole as checkStrength } from "./checks";
import { fail, wholeResult } from "./errors";
import { CULTURES } from "./population";

/**
 * The casualty percentage a side inflicts: 10 plus its Military less the enemy's, never below 0.
 * A side 10 or more Military behind therefore kills nobody.
 * @example casualtyPercent(8, 2) // 16
 */
export function casualtyPercent(military: number, enemyMilitary: number): number {
  checkMilitary(military, "Military");
  checkMilitary(enemyMilitary, "The enemy's Military");
  return Math.max(0, 10 + military - enemyMilitary);
}

/**
 * Enemy units a side kills in one war: its casualty percentage of its own strength (cities
 * included), rounded up, and never more than the enemy has when the enemy's strength is known.
 * @example casualties(43, 8, 2) // 7
 * @example casualties(65, 2, 8) // 3
 */
export function casualties(strength: number, military: number, enemyMilitary: number, enemyStrength?: number): number {
  checkStrength(strength, "Strength");
  const pct = casualtyPercent(military, enemyMilitary);
  // Integer arithmetic on BigInt: the product can pass 2^53 for huge strengths.
  const kills = (BigInt(strength) * BigInt(pct) + 99n) / 100n;
  let result = wholeResult(kills, "The number of units killed");
  if (enemyStrength !== undefined) {
    checkStrength(enemyStrength, "The enemy's strength");
    result = Math.min(result, enemyStrength);
  }
  return result;
}

/** Which side of a war lost: "A", "B", or "" when neither did. */
export type Loser = "A" | "B" | "";

/** The result of one war between two sides, A and B. */
export interface WarOutcome {
  /** Units of B that A kills. */
  readonly killedByA: number;
  /** Units of A that B kills. */
  readonly killedByB: number;
  readonly loser: Loser;
  /** Squares the loser leaves to the winner (0 when there is no loser). */
  readonly vacated: number;
}

/** Whether losses of `mine` against `theirs` make a side the loser: at least 150% of the other's. */
function losesWith(mine: number, theirs: number): boolean {
  // 2 × mine ≥ 3 × theirs, in integers.
  return BigInt(mine) * 2n >= BigInt(theirs) * 3n;
}

/**
 * A whole war: each side's kills (capped at what the other has), the loser, and the squares it
 * vacates. A side loses when its losses are at least 150% of the other's; when neither side
 * loses anybody there is no loser. A side that loses units while the other loses none is the
 * loser, since any loss is at least 150% of nothing.
 * @example war(43, 8, 65, 2) // { killedByA: 7, killedByB: 3, loser: "B", vacated: 2 }
 */
export function war(strengthA: number, militaryA: number, strengthB: number, militaryB: number): WarOutcome {
  checkStrength(strengthA, "A's strength");
  checkStrength(strengthB, "B's strength");
  const killedByA = casualties(strengthA, militaryA, militaryB, strengthB);
  const killedByB = casualties(strengthB, militaryB, militaryA, strengthA);
  const lossesA = killedByB;
  const lossesB = killedByA;
  let loser: Loser = "";
  if (lossesA === 0 && lossesB === 0) loser = "";
  else if (losesWith(lossesA, lossesB)) loser = "A";
  else if (losesWith(lossesB, lossesA)) loser = "B";
  const vacated = loser === "" ? 0 : Math.floor(Math.abs(lossesA - lossesB) / 2);
  return { killedByA, killedByB, loser, vacated };
}

/** What happens to a city in a square lost in war. */
export type CityFate = "destroyed" | "captured";

/**
 * The fate of a city in a square the loser vacates. A primitive or barbarian winner destroys it.
 * A civilized winner rolls a d6: at or below its Aggression the city is destroyed, above it the
 * winner takes the city over.
 * @example cityFate("barbarian") // "destroyed"
 * @example cityFate("civilized", 4, 2) // "captured"
 */
export function cityFate(winnerCulture: "primitive" | "barbarian" | "civilized", roll?: number, winnerAggression?: number): CityFate {
  // The type promises one of the three; a caller in plain JavaScript may give any text.
  if (!CULTURES.includes(winnerCulture)) fail(`The winner's culture must be primitive, barbarian or civilized, not ${winnerCulture}.`);
  if (winnerCulture !== "civilized") return "destroyed";
  if (roll === undefined) fail(`A civilized winner rolls a die for the city: give the roll (1 to 6).`);
  if (winnerAggression === undefined) fail(`A civilized winner's Aggression decides the city: give winner_aggression.`);
  if (!Number.isInteger(roll) || roll < 1 || roll > 6) fail(`The roll must be a whole number from 1 to 6, not ${roll}.`);
  checkMilitary(winnerAggression, "The winner's Aggression");
  return roll <= winnerAggression ? "destroyed" : "captured";
}

/**
 * Units a winner moves into each square the loser vacated, by its culture: primitive races do not
 * occupy them; barbarian and civilized races move in 2 (1 where 2 would pass the square's limit).
 * They move from the winner's own squares, so its Units stay as they are.
 */
export function unitsMovingIn(winnerCulture: "primitive" | "barbarian" | "civilized"): number {
  return winnerCulture === "primitive" ? 0 : 2;
}

/**
 * Units a winner moves into the squares the loser vacated, all together (seed 002, Cultural Level;
 * Wars): in each square 2, or as many as the square's population limit for the winner allows when
 * that is less (1 where 2 would pass it; our reading: none where it supports nobody), and none at
 * all for a primitive winner. `limits` holds each vacated square's limit for the winner.
 * @example occupying("barbarian", [3, 1]) // 3
 * @example occupying("primitive", [5]) // 0
 */
export function occupying(winnerCulture: "primitive" | "barbarian" | "civilized", limits: readonly number[]): number {
  if (!CULTURES.includes(winnerCulture)) fail(`The winner's culture must be primitive, barbarian or civilized, not ${winnerCulture}.`);
  const most = unitsMovingIn(winnerCulture);
  let total = 0;
  for (const limit of limits) {
    checkStrength(limit, "A square's population limit");
    total += Math.min(most, limit);
  }
  return total;
}

/**
 * Whether a race that stands to lose `losses` of its `units` would usually try diplomacy first:
 * more than 15% of its population (compared exactly: 15 of 100 is not more).
 * @example triesDiplomacy(16, 100) // true
 */
export function triesDiplomacy(losses: number, units: number): boolean {
  checkStrength(losses, "Losses");
  checkStrength(units, "Units");
  return units > 0 && BigInt(losses) * 100n > 15n * BigInt(units);
}
