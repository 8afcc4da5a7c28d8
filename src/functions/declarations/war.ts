/* eslint-disable @typescript-eslint/no-explicit-any -- raw cell values, read by the runner (functions.ts says why) */
/**
 * War between races: the wars a race declares, diplomacy that stops one, what Wealth adds, the
 * units each side kills and the loser, the units the winner moves into the squares given up, and
 * what becomes of a city in a lost square.
 */
import { invoke } from "../runner";
import { AGGRESSION, CITYFATE, DIPLOMACY, OCCUPY, WAR, WARCASUALTIES, WEALTHBONUS } from "../specs";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the lines the build appends
import { CustomFunctions } from "../registration";

/**
 * Enemy units one side kills in a war: 10% plus its Military less the enemy's, of its own strength, rounded up.
 * @customfunction WARCASUALTIES
 * @helpurl https://localhost:3000/docs/functions/WARCASUALTIES.html
 * @param strength The side's strength: units plus 3 per city and 6 per great city (only the part it sends against this enemy).
 * @param military The side's Military.
 * @param enemy_military The enemy's Military.
 * @param [enemy_strength] The enemy's strength, if known: nobody can lose more units than it has.
 * @returns Enemy units killed.
 */
export function warcasualties(strength: any, military: any, enemy_military: any, enemy_strength?: any): any {
  return invoke(WARCASUALTIES, strength, military, enemy_military, enemy_strength);
}

/**
 * Wars a race declares at the start of a century, from a d6 roll plus its Aggression: 0 to 3.
 * @customfunction AGGRESSION
 * @helpurl https://localhost:3000/docs/functions/AGGRESSION.html
 * @param roll The d6 roll (1 to 6).
 * @param aggression The race's Aggression (a whole number, may be negative).
 * @returns The number of wars declared.
 */
export function aggression(roll: any, aggression: any): any {
  return invoke(AGGRESSION, roll, aggression);
}

/**
 * Whether diplomacy stops a war: a d6 roll plus the race's Diplomacy less the enemy's Aggression, 6 or more.
 * @customfunction DIPLOMACY
 * @helpurl https://localhost:3000/docs/functions/DIPLOMACY.html
 * @param roll The d6 roll (1 to 6).
 * @param diplomacy The Diplomacy of the race trying to stop the war.
 * @param enemy_aggression The enemy race's Aggression.
 * @returns TRUE when the war is averted.
 */
export function diplomacy(roll: any, diplomacy: any, enemy_aggression: any): any {
  return invoke(DIPLOMACY, roll, diplomacy, enemy_aggression);
}

/**
 * What a race's Wealth adds to both its Military and its Diplomacy: 1 for each full 3 Wealth, each city giving 1 Wealth.
 * @customfunction WEALTHBONUS
 * @helpurl https://localhost:3000/docs/functions/WEALTHBONUS.html
 * @param wealth The race's Wealth without its cities (a whole number; a total below 0 counts as 0).
 * @param [cities] Cities the race owns, great cities included: each adds 1 Wealth (0 if left out).
 * @returns The bonus to Military and to Diplomacy.
 */
export function wealthbonus(wealth: any, cities?: any): any {
  return invoke(WEALTHBONUS, wealth, cities);
}

/**
 * A whole war in one row: units A kills, units B kills, the loser ("A", "B" or empty) and the squares the loser vacates.
 * @customfunction WAR
 * @helpurl https://localhost:3000/docs/functions/WAR.html
 * @param strength_a Side A's strength: units plus 3 per city and 6 per great city (the part it sends).
 * @param military_a Side A's Military.
 * @param strength_b Side B's strength.
 * @param military_b Side B's Military.
 * @returns One row of four cells: killed by A, killed by B, loser, squares vacated.
 */
export function war(strength_a: any, military_a: any, strength_b: any, military_b: any): any[][] {
  return invoke(WAR, strength_a, military_a, strength_b, military_b) as any[][];
}

/**
 * Units a war's winner moves into the squares the loser gave up: 2 in each, 1 where its limit allows only 1, none for a primitive winner.
 * @customfunction OCCUPY
 * @helpurl https://localhost:3000/docs/functions/OCCUPY.html
 * @param winner_culture The winner's cultural level: primitive, barbarian or civilized.
 * @param square_limits Each vacated square's population limit for the winner (as POPLIMIT gives it): a number, or a range with one cell per square.
 * @returns Units moved in, all squares together; they come from the winner's own squares.
 */
export function occupy(winner_culture: any, square_limits: any[][]): any {
  return invoke(OCCUPY, winner_culture, square_limits);
}

/**
 * What becomes of a city in a square lost in war: "destroyed" or "captured".
 * @customfunction CITYFATE
 * @helpurl https://localhost:3000/docs/functions/CITYFATE.html
 * @param winner_culture The winner's cultural level: primitive, barbarian or civilized.
 * @param [roll] The d6 roll, needed when the winner is civilized.
 * @param [winner_aggression] The winner's Aggression, needed when the winner is civilized.
 * @returns "destroyed" or "captured".
 */
export function cityfate(winner_culture: any, roll?: any, winner_aggression?: any): any {
  return invoke(CITYFATE, winner_culture, roll, winner_aggression);
}
