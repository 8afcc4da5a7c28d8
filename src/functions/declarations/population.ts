/* eslint-disable @typescript-eslint/no-explicit-any -- raw cell values, read by the runner (functions.ts says why) */
/**
 * The races on the map: their strength, growth and migration, population limits and starvation,
 * new cities, and the deaths a disaster leaves after their resistances; and Era Centrum's
 * centuries shared among the game's sessions.
 */
import { invoke } from "../runner";
import { BARBARIANGROWTH, CENTURIES, GROWTH, MIGRATE, NEWCITY, POPLIMIT, POPULATION, RESIST, RESISTLEVELS, STARVATION } from "../specs";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the lines the build appends
import { CustomFunctions } from "../registration";

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
 * Where a barbarian race's new units go: half spread into empty bordering squares, the other half onto squares it holds.
 * @customfunction BARBARIANGROWTH
 * @helpurl https://localhost:3000/docs/functions/BARBARIANGROWTH.html
 * @param new_units The race's new units this century (see GODS.GROWTH).
 * @returns One row of two cells: units that spread (an odd unit spreads), units placed.
 */
export function barbariangrowth(new_units: any): any[][] {
  return invoke(BARBARIANGROWTH, new_units) as any[][];
}

/**
 * Units that move when a race migrates: a primitive race all of them, a barbarian race all but 1 per square it held, a civilized race only its new units.
 * @customfunction MIGRATE
 * @helpurl https://localhost:3000/docs/functions/MIGRATE.html
 * @param culture The race's cultural level: "primitive", "barbarian" or "civilized".
 * @param units The race's units, its new units included.
 * @param [squares] The squares the race holds. A barbarian race needs it.
 * @param [new_units] The race's new units this century (see GODS.GROWTH). A civilized race needs it.
 * @returns The units that move.
 */
export function migrate(culture: any, units: any, squares?: any, new_units?: any): any {
  return invoke(MIGRATE, culture, units, squares, new_units);
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

/**
 * How many levels a disaster lowers a square's population limit by, after the race's resistances: by the rules a resistance takes 1 off and immunity cancels it; by our reading a vulnerability adds 1.
 * @customfunction RESISTLEVELS
 * @helpurl https://localhost:3000/docs/functions/RESISTLEVELS.html
 * @param reduction Levels the disaster takes off the population limit before resistances (a whole number, 0 or more).
 * @param elements The power's elements: F fire, E earth, N nature, W water, A air, I ice, such as "F" or "FE"; empty for none.
 * @param resistances The race's codes, such as "I/2, X-1", or a range of cells holding codes.
 * @param [kind] "disaster" (the default) or "global": a global power with no element ignores every resistance.
 * @returns Levels lost after resistances.
 */
export function resistlevels(reduction: any, elements: any, resistances: any[][], kind?: any): any {
  return invoke(RESISTLEVELS, reduction, elements, resistances, kind);
}

/**
 * A race's strength in war and worship: its units plus 3 for each city and 6 for each great city.
 * @customfunction POPULATION
 * @helpurl https://localhost:3000/docs/functions/POPULATION.html
 * @param units Population units on the map.
 * @param [cities] Cities the race owns (0 if left out).
 * @param [great_cities] Great cities the race owns (0 if left out).
 * @returns The race's strength.
 */
export function population(units: any, cities?: any, great_cities?: any): any {
  return invoke(POPULATION, units, cities, great_cities);
}

/**
 * Population units one square supports, by its base terrain and the race's culture, plus any modifier.
 * @customfunction POPLIMIT
 * @helpurl https://localhost:3000/docs/functions/POPLIMIT.html
 * @param terrain The square's base terrain: plains, forest, desert, mountain, ice or water.
 * @param culture The race's cultural level: primitive, barbarian or civilized.
 * @param [modifier] What terrain features and knowledges add to the limit (a whole number, may be negative; 0 if left out).
 * @returns Units the square supports, never below 0.
 */
export function poplimit(terrain: any, culture: any, modifier?: any): any {
  return invoke(POPLIMIT, terrain, culture, modifier);
}

/**
 * Units that starve in a square after growth: those above its population limit.
 * @customfunction STARVATION
 * @helpurl https://localhost:3000/docs/functions/STARVATION.html
 * @param units Units in the square after growth.
 * @param limit The square's population limit.
 * @returns Units that die; 0 when the square is within its limit.
 */
export function starvation(units: any, limit: any): any {
  return invoke(STARVATION, units, limit);
}

/**
 * Whether a race may found a new city: the first city always; after that only with at least 6 squares for every city it has.
 * @customfunction NEWCITY
 * @helpurl https://localhost:3000/docs/functions/NEWCITY.html
 * @param squares Squares the race holds.
 * @param cities Cities (great cities included) the race already has.
 * @returns TRUE when a new city may be founded.
 */
export function newcity(squares: any, cities: any): any {
  return invoke(NEWCITY, squares, cities);
}

/**
 * Era Centrum's centuries shared as equally as possible among the game's sessions: the first sessions play one more while the rest lasts.
 * @customfunction CENTURIES
 * @helpurl https://localhost:3000/docs/functions/CENTURIES.html
 * @param sessions The game sessions Era Centrum is played over (1 to 1000).
 * @param [session] Which session, counting from 1. Leave it out for every session's, one row each.
 * @param [length] Era Centrum's centuries: 16 if left out, as the rules give it; the Settings table's Era Centrum length if the campaign sets one.
 * @returns The centuries that session plays, or a column with every session's.
 */
export function centuries(sessions: any, session?: any, length?: any): any {
  return invoke(CENTURIES, sessions, session, length);
}
