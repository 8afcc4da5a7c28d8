/* eslint-disable @typescript-eslint/no-explicit-any -- raw cell values, read by the runner (functions.ts says why) */
/**
 * Mana: what arrives of a transfer, what a loser or a lord hands over, what a power costs (a
 * persuasion of several targets too, and the level gods cast together), and the gamemasters' scale on every source.
 */
import { invoke, repeated } from "../runner";
import { LORDLOSS, MANASCALE, PERSUASION, POOLEDLEVEL, POWERCOST, SURRENDER, TOLL } from "../specs";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the lines the build appends
import { CustomFunctions } from "../registration";

/**
 * Mana that arrives when mana is sent to another character: half is lost on the way, rounded up.
 * @customfunction TOLL
 * @helpurl https://localhost:3000/docs/functions/TOLL.html
 * @param amount Mana sent: a whole number, 0 or more. With mode "send", the mana that must arrive.
 * @param [mode] "received" (the default) gives the mana that arrives; "lost" gives the toll; "send" gives what to send so that amount arrives.
 * @param [era] When the mana moves: "null", "aleph", "centrum" (the default), "omega" or "transition". In Era Null there is no toll yet.
 * @returns Whole mana.
 */
export function toll(amount: any, mode?: any, era?: any): any {
  return invoke(TOLL, amount, mode, era);
}

/**
 * Mana a loser hands over under the Surrender Mana term: 3 mana after the toll (6 sent) or half of its mana, whichever is less.
 * @customfunction SURRENDER
 * @helpurl https://localhost:3000/docs/functions/SURRENDER.html
 * @param mana_held The loser's current mana, including any waiting at a distribution point (below 0 when it owes mana).
 * @param [mode] "send" (the default) gives the mana the loser sends; "receive" gives what reaches the winner after the toll.
 * @returns Whole mana.
 */
export function surrender(mana_held: any, mode?: any): any {
  return invoke(SURRENDER, mana_held, mode);
}

/**
 * Mana a lord loses when his lesser god is obliterated: half of his mana (rounded up) or 10, whichever is greater.
 * @customfunction LORDLOSS
 * @helpurl https://localhost:3000/docs/functions/LORDLOSS.html
 * @param mana_held The lord's current mana, including any waiting at a distribution point (below 0 when he already owes mana).
 * @returns Mana lost; any part of it above what he holds is owed.
 */
export function lordloss(mana_held: any): any {
  return invoke(LORDLOSS, mana_held);
}

/**
 * The highest level of a history power gods can cast together in one sphere: the cards they bring add up; a spirit's borrowed cards are not pooled.
 * @customfunction POOLEDLEVEL
 * @helpurl https://localhost:3000/docs/functions/POOLEDLEVEL.html
 * @param cards The cards each god joining in holds in the sphere: a number, or a range with one cell per god.
 * @param [borrowed] The cards of each celestial spirit there whose sphere powers are borrowed: it casts alone, up to its own level.
 * @returns The highest level they can cast; any lower level too.
 */
export function pooledlevel(cards: any[][], borrowed?: any[][]): any {
  return invoke(POOLEDLEVEL, cards, borrowed);
}

/**
 * Mana a power costs after its cost modifiers: the normal cost times every modifier, rounded up, never below 25% of the normal cost.
 * @customfunction POWERCOST
 * @helpurl https://localhost:3000/docs/functions/POWERCOST.html
 * @param normal_cost The power's normal cost in mana (a whole number, 0 or more).
 * @param [modifier] A cost multiplier, such as 0.75 (25% less) or 2 (double), or a range of them; give as many as apply, or none.
 * @returns Mana to pay.
 */
export function powercost(normal_cost: any, modifier?: any[][][]): any {
  // Excel passes every modifier in `modifier` (followed by an invocation object, which
  // repeated() drops); `gods fn` passes them one by one, so the rest arrive as further arguments.
  // eslint-disable-next-line prefer-rest-params
  return invoke(POWERCOST, normal_cost, modifier, ...repeated(arguments, 2));
}

/**
 * Mana a persuasion costs when targets raise the cost: a P or P2 power multiplies by every target's factor; a Pm power adds each paid-for target's rise.
 * @customfunction PERSUASION
 * @helpurl https://localhost:3000/docs/functions/PERSUASION.html
 * @param normal_cost The power's normal cost in mana (a whole number, 0 or more).
 * @param kind "P" (one target), "P2" (two targets) or "Pm" (everyone in the locale who fits).
 * @param [raises] The factor (1 or more, 2 for double) of each target whose ability raises the cost; for Pm, only those the caster pays for.
 * @param [modifier] The caster's own cost multiplier, such as 0.75 in the Hall of Feasts, or a range of them; as many as apply, or none.
 * @returns Mana to pay.
 */
export function persuasion(normal_cost: any, kind: any, raises?: any[][], modifier?: any[][][]): any {
  // eslint-disable-next-line prefer-rest-params
  return invoke(PERSUASION, normal_cost, kind, raises, modifier, ...repeated(arguments, 4));
}

/**
 * The factor the gamemasters apply to every mana source, from the average mana per character: 1 up to 50, 0.5 above 50, 0.25 above 100.
 * @customfunction MANASCALE
 * @helpurl https://localhost:3000/docs/functions/MANASCALE.html
 * @param average_mana The average mana per character (0 or more).
 * @returns 1, 0.5 or 0.25.
 */
export function manascale(average_mana: any): any {
  return invoke(MANASCALE, average_mana);
}
