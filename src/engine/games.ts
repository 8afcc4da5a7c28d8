/*
 * Games of the Gods (seed 003), a separate small dice game: conflicts rolled on d6, glory for the
 * top roller, goals that close after enough claims, and the world changing at the end of an act.
 */
import { fail, wholeResult } from "./errors";
import { checkRoll, checkWhole } from "./checks";

function checkDice(dice: readonly number[]): void {
  for (const d of dice) checkRoll(d, 1, 6, "Every die");
}

/**
 * Successes among dice already rolled: every 4, 5 or 6. List the extra dice thrown for sixes
 * too; their successes count the same.
 * @example successes([1, 4, 6, 6, 2]) // 3
 */
export function successes(dice: readonly number[]): number {
  checkDice(dice);
  return dice.filter((d) => d >= 4).length;
}

/**
 * Extra dice to throw: one for each six showing. Throw them, and again for any six among them.
 * @example explosions([6, 3, 6]) // 2
 */
export function explosions(dice: readonly number[]): number {
  checkDice(dice);
  return dice.filter((d) => d === 6).length;
}

/**
 * Glory for the top roller of the glory roll. Gods tied for the most successes get 1 each.
 * A single top roller gets 1 plus a bonus for how many successes it has over the second:
 * 1–2 → +1, 3–5 → +2, 6–11 → +3, 12 or more → +4. A margin of 0 is a tie.
 * @example glory(4) // 3
 * @example glory(4, true) // 1
 */
export function glory(margin: number, tied = false): number {
  checkWhole(margin, "The margin", " of successes");
  if (tied || margin === 0) return 1;
  if (margin <= 2) return 2;
  if (margin <= 5) return 3;
  if (margin <= 11) return 4;
  return 5;
}

export type GoalState = "open" | "closed";

/**
 * Claims after which a goal of this level closes: level 1 after one claim per player,
 * level 2 after half as many (an odd number of players rounds up: 5 players, 3 claims),
 * level 3 after one claim.
 * @example claimsToClose(2, 5) // 3
 */
export function claimsToClose(level: number, players: number): number {
  if (!Number.isInteger(players) || players < 1) fail(`The number of players must be a whole number, 1 or more, not ${players}.`);
  switch (level) {
    case 1:
      return players;
    case 2:
      return Math.ceil(players / 2);
    case 3:
      return 1;
    default:
      return fail(`The level of a goal must be 1, 2 or 3, not ${level}.`);
  }
}

/**
 * Whether a goal has been claimed often enough to close. The change happens once everybody has
 * finished claiming for the act; a closing level 1 or 2 goal opens the next level of its type.
 * @example goalState(1, 3, 4) // "open"
 */
export function goalState(level: number, claims: number, players: number): GoalState {
  const needed = claimsToClose(level, players);
  checkWhole(claims, "The claims");
  return claims >= needed ? "closed" : "open";
}

/** Divinity every claim of a goal gives, before any bonus. */
export const DIVINITY_PER_CLAIM = 1;

/**
 * Divinity a god gains by claiming a goal: 1, plus the bonus divinity waiting on the goal when
 * nobody has claimed it before in this act. Bonus is only ever put on a goal nobody claimed, so
 * the first claim of an act is the first since the bonus was put there; it takes all of it, and
 * later claims in the same act give 1.
 * @example claimDivinity(2) // 3
 * @example claimDivinity(2, 1) // 1
 */
export function claimDivinity(bonus: number, earlierClaims = 0): number {
  checkWhole(bonus, "The bonus divinity");
  checkWhole(earlierClaims, "The earlier claims");
  return earlierClaims > 0 ? DIVINITY_PER_CLAIM : wholeResult(BigInt(DIVINITY_PER_CLAIM) + BigInt(bonus), "The divinity");
}

/**
 * The bonus divinity on a goal once an act's claiming is over. A claimed goal lost its bonus to
 * its first claimant. A goal that was open for the whole claiming and that nobody claimed gains 1.
 * A goal that was not open (still closed, or opening only now that the claiming is over) gains
 * nothing: nobody could have claimed it, so nobody passed it over.
 * @example goalBonus(0, 0) // 1
 * @example goalBonus(2, 1) // 0
 * @example goalBonus(0, 0, false) // 0
 */
export function goalBonus(bonus: number, claimsThisAct: number, wasOpen = true): number {
  checkWhole(bonus, "The bonus divinity");
  checkWhole(claimsThisAct, "The claims this act");
  if (!wasOpen && claimsThisAct > 0) fail(`A goal that was not open cannot have been claimed (${claimsThisAct} claims this act).`);
  if (!wasOpen && bonus > 0)
    fail(`A goal that was not open cannot hold bonus divinity (${bonus}): bonus only goes on open goals, and the claims that close a goal take it.`);
  if (claimsThisAct > 0) return 0;
  return wasOpen ? wholeResult(BigInt(bonus) + 1n, "The bonus divinity") : 0;
}

/** What each total of 2d6 does to the world when reality melts, in the game's table order. */
const MELT: readonly string[] = [
  "",
  "",
  "a random character switches between active and inactive",
  "a random relationship is removed",
  "a random relationship gets a new description",
  "a random relationship gets a new description",
  "a random character gets a changed feature",
  "a random character gets a changed feature",
  "a random relationship gets a new target",
  "a random relationship gets a new source",
  "a random relationship gets a new source",
  "a new relationship is added",
  "a new relationship is added",
];

/**
 * The change to the world for one 2d6 roll (2 to 12) when reality melts. The thing changed is
 * picked at random; what it becomes is the rolling player's choice.
 * @example melt(8) // "a random relationship gets a new target"
 */
export function melt(roll: number): string {
  checkRoll(roll, 2, 12);
  return MELT[roll] as string;
}

/** Conflict types, each with its own three goals: so there are 5 level 3 goals. */
export const GOAL_TYPES = 5;

/**
 * Rolls on the reality-melting table at the end of an act: one per level of the highest goal
 * still open once the act's goals have opened and closed, so 1, 2 or 3. A type whose goals are
 * all closed has no open goal (give 0 for it); with none open anywhere, no roll.
 * @example meltRolls([1, 2, 1, 1, 0]) // 2
 */
export function meltRolls(openLevels: readonly number[]): number {
  let highest = 0;
  for (const level of openLevels) {
    checkRoll(level, 0, 3, "The level of an open goal");
    if (level > highest) highest = level;
  }
  return highest;
}

/** Different level 3 goals that must have been claimed for the game to end. */
export const LEVEL3_GOALS_TO_END = 2;

/**
 * Whether the game ends: it does once two different level 3 goals have been claimed. Two gods
 * claiming the same level 3 goal (in the act where it closes) still make one goal. The check comes
 * after the act's claiming, before reality melts; when it ends, reality does not melt that act.
 * @example gameOver(1) // false
 * @example gameOver(2) // true
 */
export function gameOver(level3GoalsClaimed: number): boolean {
  checkRoll(level3GoalsClaimed, 0, GOAL_TYPES, "The level 3 goals claimed");
  return level3GoalsClaimed >= LEVEL3_GOALS_TO_END;
}

/** The base difficulty of a conflict by its level. */
export const BASE_DIFFICULTY: Readonly<Record<1 | 2 | 3, number>> = { 1: 1, 2: 2, 3: 6 };

/**
 * The difficulty of a conflict: its level's base (1, 2 or 6), less what the instigating god's
 * earlier wins against the same character in the same type of conflict take off, plus every
 * success the opposing gods roll. A level 1 win takes 1 off levels 2 and 3; a level 2 win takes 2
 * off level 3; both take 3 off level 3. A win counts once however often it was repeated, so
 * level 2 never drops below 1 nor level 3 below 3.
 * @example difficulty(3, 0, true, true) // 3
 * @example difficulty(1, 2) // 3
 */
export function difficulty(level: number, opposingSuccesses = 0, wonLevel1 = false, wonLevel2 = false): number {
  checkRoll(level, 1, 3, "The level of a conflict");
  if (!Number.isInteger(opposingSuccesses) || opposingSuccesses < 0) {
    fail(`The opposing successes must be a whole number, 0 or more, not ${opposingSuccesses}.`);
  }
  let base = BASE_DIFFICULTY[level as 1 | 2 | 3];
  if (level >= 2 && wonLevel1) base -= 1;
  if (level === 3 && wonLevel2) base -= 2;
  return wholeResult(BigInt(base) + BigInt(opposingSuccesses), "The difficulty");
}

/**
 * Whether the instigating god wins a conflict: more successes than the difficulty. Equal is not
 * enough.
 * @example conflictWon(2, 3) // true (difficulty 2)
 * @example conflictWon(2, 2) // false
 */
export function conflictWon(level: number, successCount: number, opposingSuccesses = 0, wonLevel1 = false, wonLevel2 = false): boolean {
  checkWhole(successCount, "The successes");
  return BigInt(successCount) > BigInt(difficulty(level, opposingSuccesses, wonLevel1, wonLevel2));
}

/** Conflict dice a god gets at the start of every act; unspent ones are lost at its end. */
export const CONFLICT_DICE_PER_ACT = 5;

/**
 * Dice a god rolls in a conflict: the conflict dice it spent (1 to 5), one bonus die when a motif
 * is woven into the narration, one when a feature of either character helps (never more than one
 * die from motifs nor from features, however many apply), and one die per point of divinity spent.
 * @example dicePool(2, true, true, 3) // 7
 */
export function dicePool(diceSpent: number, motif = false, feature = false, divinitySpent = 0): number {
  checkRoll(diceSpent, 1, CONFLICT_DICE_PER_ACT, "The conflict dice spent");
  checkWhole(divinitySpent, "The divinity spent");
  const bonus = (motif ? 1 : 0) + (feature ? 1 : 0);
  return wholeResult(BigInt(diceSpent + bonus) + BigInt(divinitySpent), "The dice pool");
}

/** Dice every god rolls for glory before divinity is spent (seed 003, Getting Glory). */
export const GLORY_DICE = 5;

/**
 * Dice a god rolls for glory: 5, and 1 more for every point of divinity it spends on the roll
 * (as much as it wishes; seed 003, Getting Glory).
 * @example gloryDice(0) // 5
 * @example gloryDice(3) // 8
 */
export function gloryDice(divinitySpent = 0): number {
  if (!Number.isSafeInteger(divinitySpent) || divinitySpent < 0) fail(`The divinity spent must be a whole number, 0 or more, not ${divinitySpent}.`);
  return wholeResult(BigInt(GLORY_DICE) + BigInt(divinitySpent), "The glory dice");
}

/** The world's size for a number of players: characters and relationships, each the fewest and the most. */
export interface WorldSize {
  readonly fewestCharacters: number;
  readonly mostCharacters: number;
  readonly fewestRelationships: number;
  readonly mostRelationships: number;
}

/**
 * How big to make the world at the start (seed 003, World Creation): about 1.5 to 2
 * characters and 1 to 1.5 relationships per player. Whole counts inside those ranges: the fewest
 * rounded up, the most rounded down (5 players: 8 to 10 characters, 5 to 7 relationships).
 * @example worldSize(4) // { fewestCharacters: 6, mostCharacters: 8, fewestRelationships: 4, mostRelationships: 6 }
 */
export function worldSize(players: number): WorldSize {
  if (!Number.isSafeInteger(players) || players < 1) fail(`The players must be a whole number, 1 or more, not ${players}.`);
  const p = BigInt(players);
  const threeHalves = { fewest: (3n * p + 1n) / 2n, most: (3n * p) / 2n };
  return {
    fewestCharacters: wholeResult(threeHalves.fewest, "The characters"),
    mostCharacters: wholeResult(2n * p, "The characters"),
    fewestRelationships: wholeResult(p, "The relationships"),
    mostRelationships: wholeResult(threeHalves.most, "The relationships"),
  };
}
