/* eslint-disable @typescript-eslint/no-explicit-any -- raw cell values, read by the runner (functions.ts says why) */
/**
 * Games of the Gods, a smaller game of its own: dice and successes, glory, goals and divinity,
 * conflicts, and reality melting.
 */
import { invoke, repeated } from "../runner";
import {
  CONFLICT,
  DICEPOOL,
  DICESUCCESSES,
  DIFFICULTY,
  DIVINITY,
  EXPLODE,
  GAMEOVER,
  GLORY,
  GLORYDICE,
  GOALBONUS,
  GOALSTATE,
  MELT,
  MELTROLLS,
  WORLDSIZE,
} from "../specs";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the lines the build appends
import { CustomFunctions } from "../registration";

/**
 * Games of the Gods: successes among dice rolled, every 4, 5 or 6.
 * @customfunction DICESUCCESSES
 * @helpurl https://localhost:3000/docs/functions/DICESUCCESSES.html
 * @param dice The faces rolled (1 to 6), including the extra dice thrown for sixes.
 * @returns The number of successes.
 */
export function dicesuccesses(dice: any[][]): any {
  return invoke(DICESUCCESSES, dice);
}

/**
 * Games of the Gods: extra dice to throw, one for each six showing.
 * @customfunction EXPLODE
 * @helpurl https://localhost:3000/docs/functions/EXPLODE.html
 * @param dice The faces rolled (1 to 6).
 * @returns The number of extra dice.
 */
export function explode(dice: any[][]): any {
  return invoke(EXPLODE, dice);
}

/**
 * Games of the Gods: dice a god rolls for glory, 5 and 1 more for each point of divinity it spends.
 * @customfunction GLORYDICE
 * @helpurl https://localhost:3000/docs/functions/GLORYDICE.html
 * @param [divinity_spent] Divinity the god spends on the roll: a whole number, 0 or more. 0 if left out.
 * @returns Dice to roll.
 */
export function glorydice(divinity_spent?: any): any {
  return invoke(GLORYDICE, divinity_spent);
}

/**
 * Games of the Gods: how big to make the world, about 1.5 to 2 characters and 1 to 1.5 relationships per player.
 * @customfunction WORLDSIZE
 * @helpurl https://localhost:3000/docs/functions/WORLDSIZE.html
 * @param players Players at the table: a whole number, 1 or more.
 * @returns One row of four cells: fewest and most characters, fewest and most relationships.
 */
export function worldsize(players: any): any[][] {
  return invoke(WORLDSIZE, players) as any[][];
}

/**
 * Games of the Gods: glory for the top roller, 1 when tied, otherwise 1 plus a bonus by its lead over the second.
 * @customfunction GLORY
 * @helpurl https://localhost:3000/docs/functions/GLORY.html
 * @param margin Successes the top roller has over the second (0 is a tie).
 * @param [tied] TRUE when several gods share the most successes.
 * @returns Glory gained.
 */
export function glory(margin: any, tied?: any): any {
  return invoke(GLORY, margin, tied);
}

/**
 * Games of the Gods: whether a goal is still "open" or "closed" by the claims made on it.
 * @customfunction GOALSTATE
 * @helpurl https://localhost:3000/docs/functions/GOALSTATE.html
 * @param level The goal's level: 1, 2 or 3.
 * @param claims Times the goal has been claimed.
 * @param players The number of players.
 * @returns "open" or "closed".
 */
export function goalstate(level: any, claims: any, players: any): any {
  return invoke(GOALSTATE, level, claims, players);
}

/**
 * Games of the Gods: how the world changes for one 2d6 roll when reality melts.
 * @customfunction MELT
 * @helpurl https://localhost:3000/docs/functions/MELT.html
 * @param roll The total of two d6 (2 to 12).
 * @returns The change, in a few words.
 */
export function melt(roll: any): any {
  return invoke(MELT, roll);
}

/**
 * Games of the Gods: divinity gained by claiming a goal, 1 plus the bonus on it for the act's first claimant.
 * @customfunction DIVINITY
 * @helpurl https://localhost:3000/docs/functions/DIVINITY.html
 * @param bonus Bonus divinity on the goal at the start of this act's claiming.
 * @param [earlier_claims] Claims made on this goal earlier in this act (0 if left out: this is the first claim, which takes the bonus).
 * @returns Divinity gained.
 */
export function divinity(bonus: any, earlier_claims?: any): any {
  return invoke(DIVINITY, bonus, earlier_claims);
}

/**
 * Games of the Gods: the bonus divinity on a goal after an act's claiming: 1 more on an open goal nobody claimed, 0 once claimed.
 * @customfunction GOALBONUS
 * @helpurl https://localhost:3000/docs/functions/GOALBONUS.html
 * @param bonus Bonus divinity on the goal before this act's claiming.
 * @param claims_this_act Times the goal was claimed in this act.
 * @param [was_open] TRUE (the default) when the goal was open while the gods claimed; FALSE for a goal still closed or opening only now.
 * @returns The bonus divinity on the goal for the next act.
 */
export function goalbonus(bonus: any, claims_this_act: any, was_open?: any): any {
  return invoke(GOALBONUS, bonus, claims_this_act, was_open);
}

/**
 * Games of the Gods: how many times to roll on the reality-melting table, the level of the highest open goal.
 * @customfunction MELTROLLS
 * @helpurl https://localhost:3000/docs/functions/MELTROLLS.html
 * @param open_level The level of the open goal of one conflict type (0 when none of its goals is open), or a range of them; give as many as there are types.
 * @returns Rolls to make: 0 to 3.
 */
export function meltrolls(open_level: any[][][]): any {
  // Excel passes every level in `open_level` (followed by an invocation object, which repeated()
  // drops); `gods fn` passes them one by one, so the rest arrive as further arguments.
  // eslint-disable-next-line prefer-rest-params
  return invoke(MELTROLLS, open_level, ...repeated(arguments, 1));
}

/**
 * Games of the Gods: whether the game ends, which it does once two different level 3 goals have been claimed.
 * @customfunction GAMEOVER
 * @helpurl https://localhost:3000/docs/functions/GAMEOVER.html
 * @param level3_goals_claimed How many different level 3 goals have been claimed so far (0 to 5); a goal claimed by two gods counts once.
 * @returns TRUE when the game ends.
 */
export function gameover(level3_goals_claimed: any): any {
  return invoke(GAMEOVER, level3_goals_claimed);
}

/**
 * Games of the Gods: a conflict's difficulty, 1, 2 or 6 by level, less earlier wins against the character, plus the opposing successes.
 * @customfunction DIFFICULTY
 * @helpurl https://localhost:3000/docs/functions/DIFFICULTY.html
 * @param level The conflict's level: 1, 2 or 3.
 * @param [opposing_successes] Successes rolled by all the gods helping the other side (0 if left out).
 * @param [won_level1] TRUE when the instigating god has won a level 1 conflict of this type against this character.
 * @param [won_level2] TRUE when the instigating god has won a level 2 conflict of this type against this character.
 * @returns The difficulty: the successes must be more than this.
 */
export function difficulty(level: any, opposing_successes?: any, won_level1?: any, won_level2?: any): any {
  return invoke(DIFFICULTY, level, opposing_successes, won_level1, won_level2);
}

/**
 * Games of the Gods: whether the instigating god wins a conflict, with more successes than the difficulty.
 * @customfunction CONFLICT
 * @helpurl https://localhost:3000/docs/functions/CONFLICT.html
 * @param level The conflict's level: 1, 2 or 3.
 * @param successes Successes the instigating god rolled.
 * @param [opposing_successes] Successes rolled by all the gods helping the other side (0 if left out).
 * @param [won_level1] TRUE when the instigating god has won a level 1 conflict of this type against this character.
 * @param [won_level2] TRUE when the instigating god has won a level 2 conflict of this type against this character.
 * @returns TRUE when the conflict is won.
 */
export function conflict(level: any, successes: any, opposing_successes?: any, won_level1?: any, won_level2?: any): any {
  return invoke(CONFLICT, level, successes, opposing_successes, won_level1, won_level2);
}

/**
 * Games of the Gods: dice a god rolls in a conflict: dice spent, plus one for a motif, one for a feature, and one per divinity spent.
 * @customfunction DICEPOOL
 * @helpurl https://localhost:3000/docs/functions/DICEPOOL.html
 * @param dice_spent Conflict dice spent on the conflict (1 to 5).
 * @param [motifs] TRUE (or how many) when a motif of the god is woven into the narration: one bonus die at most.
 * @param [features] TRUE (or how many) when a feature of either character helps the instigator: one bonus die at most.
 * @param [divinity_spent] Divinity spent before the roll, one die each (0 if left out).
 * @returns The number of dice to roll.
 */
export function dicepool(dice_spent: any, motifs?: any, features?: any, divinity_spent?: any): any {
  return invoke(DICEPOOL, dice_spent, motifs, features, divinity_spent);
}
