/* eslint-disable @typescript-eslint/no-explicit-any --
   Excel hands custom functions raw cell values; declaring them `any` lets the shared runner read
   them and answer bad input with a message naming the argument, instead of a bare #VALUE!. */
/*
 * The GODS custom functions as Excel sees them. The build reads the comments below to write
 * functions.json (names, descriptions, parameter help) and registers each function; every body
 * hands the raw values to the runner in runner.ts, which reads them by the signatures in
 * specs.ts and calls the rules in src/engine.
 */
import { invoke } from "./runner";
import { GROWTH, RESIST, TOLL, WARCASUALTIES } from "./specs";

/**
 * Mana that arrives when mana is sent to another character: half is lost on the way, rounded up.
 * @customfunction TOLL
 * @helpurl https://localhost:3000/docs/functions/TOLL.html
 * @param amount Mana sent: a whole number, 0 or more. With mode "send", the mana that must arrive.
 * @param [mode] "received" (the default) gives the mana that arrives; "lost" gives the toll; "send" gives what to send so that amount arrives.
 * @returns Whole mana.
 */
export function toll(amount: any, mode?: any): any {
  return invoke(TOLL, amount, mode);
}

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
 * New population units a race gains at the start of a century: units times the growth rate, rounded up.
 * @customfunction GROWTH
 * @helpurl https://localhost:3000/docs/functions/GROWTH.html
 * @param units Population units on the map (the bonus population of cities does not grow).
 * @param [rate] Growth rate, 25% unless the race's attributes change it (25% or 0.25).
 * @returns New units this century.
 */
export function growth(units: any, rate?: any): any {
  return invoke(GROWTH, units, rate);
}

/**
 * Deaths a race takes from a disaster or global power after its resistances and vulnerabilities.
 * @customfunction RESIST
 * @helpurl https://localhost:3000/docs/functions/RESIST.html
 * @param deaths Units the power kills before resistances (the race's total losses from it).
 * @param elements The power's elements: F fire, E earth, N nature, W water, A air, I ice, such as "F" or "FE"; empty for none.
 * @param resistances The race's codes, such as "F-2, W/2, X-1", or a range of cells holding codes.
 * @param [kind] "disaster" (the default) or "global": a global power with no element ignores every resistance.
 * @returns Deaths after resistances, rounded up, never below 0.
 */
export function resist(deaths: any, elements: any, resistances: any[][], kind?: any): any {
  return invoke(RESIST, deaths, elements, resistances, kind);
}
