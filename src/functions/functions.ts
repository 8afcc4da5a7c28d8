/* eslint-disable @typescript-eslint/no-explicit-any --
   Excel hands custom functions raw cell values; declaring them `any` lets the shared runner read
   them and answer bad input with a message naming the argument, instead of a bare #VALUE!. */
/*
 * The GODS custom functions as Excel sees them. The build reads the comments below to write
 * functions.json (names, descriptions, parameter help) and registers each function; every body
 * hands the raw values to the runner in runner.ts, which reads them by the signatures in
 * specs.ts and calls the rules in src/engine.
 */
import { invoke, repeated } from "./runner";

/**
 * The build appends a `CustomFunctions.associate(...)` line per function to this file. Inside
 * Excel the custom functions runtime provides CustomFunctions; a plain browser opening the page
 * has none, and the registrations then go to this stand-in instead of failing.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the lines the build appends
const CustomFunctions: { associate(id: string, fn: unknown): void } = (globalThis as { CustomFunctions?: { associate(id: string, fn: unknown): void } })
  .CustomFunctions ?? { associate: () => undefined };
import {
  AGGRESSION,
  BARBARIANGROWTH,
  CITYFATE,
  CONFLICT,
  COUNCIL,
  CULT,
  DICEPOOL,
  DICESUCCESSES,
  DIFFICULTY,
  DIPLOMACY,
  DIVINITY,
  EXPLODE,
  GAMEOVER,
  GLORY,
  GLORYDICE,
  GOALBONUS,
  GOALSTATE,
  GROWTH,
  LORDLOSS,
  MANASCALE,
  MELT,
  MELTROLLS,
  MIGRATE,
  NEWCITY,
  OBLITERATE,
  PANTHEONCHANGE,
  PANTHEONCHECK,
  POPLIMIT,
  POPULATION,
  POOLEDLEVEL,
  POWERCOST,
  RESIST,
  RESISTLEVELS,
  STARVATION,
  SURRENDER,
  TOLL,
  TURMOIL,
  WAR,
  WARCASUALTIES,
  WEALTHBONUS,
  WORLDSIZE,
} from "./specs";

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
 * Whether the Great Council sits (7 greater gods present) and whether a vote carries: 7 votes for a measure, every greater god for the Supreme Deity.
 * @customfunction COUNCIL
 * @helpurl https://localhost:3000/docs/functions/COUNCIL.html
 * @param present Greater gods present in the Hall of Doom (0 to 12); a lesser god leading the meeting does not count.
 * @param [votes] Greater gods voting for the decision. Leave it out to ask only whether the meeting sits.
 * @param [kind] "measure" (the default): a law, a promotion, an office or any other decision; "supreme deity": choosing the Supreme Deity.
 * @param [greater_gods] Greater gods there are now, present or not: 12 unless seats are vacant. Matters only for the Supreme Deity.
 * @param [barred] Greater gods present who may not vote at this meeting: shamed for missing a duel, themselves or their lesser god. 0 if left out.
 * @returns "in session" or "no quorum" without votes; "passes", "fails" or "no quorum" with them.
 */
export function council(present: any, votes?: any, kind?: any, greater_gods?: any, barred?: any): any {
  return invoke(COUNCIL, present, votes, kind, greater_gods, barred);
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
 * How many levels a disaster lowers a square's population limit by, after the race's resistances: a resistance takes 1 off, a vulnerability adds 1, immunity cancels it.
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
 * The factor the gamemasters apply to every mana source, from the average mana per character: 1 up to 50, 0.5 above 50, 0.25 above 100.
 * @customfunction MANASCALE
 * @helpurl https://localhost:3000/docs/functions/MANASCALE.html
 * @param average_mana The average mana per character (0 or more).
 * @returns 1, 0.5 or 0.25.
 */
export function manascale(average_mana: any): any {
  return invoke(MANASCALE, average_mana);
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

/**
 * What the d6 roll for a race in religious turmoil does at the end of the century.
 * @customfunction TURMOIL
 * @helpurl https://localhost:3000/docs/functions/TURMOIL.html
 * @param roll The d6 roll (1 to 6).
 * @returns What happens, in a few words.
 */
export function turmoil(roll: any): any {
  return invoke(TURMOIL, roll);
}

/**
 * A pantheon's shares after a cult: the deity gains the points, every other member gives up its proportional part.
 * @customfunction CULT
 * @helpurl https://localhost:3000/docs/functions/CULT.html
 * @param members The pantheon's members: one column or one row of names.
 * @param shares Their shares beside them, all as points (40) or all as fractions (0.4 or 40%), adding up to 100%.
 * @param deity The deity the cult is for; one not yet a member joins at the end.
 * @param points Percentage points the deity gains, written like the shares (10, or 0.1 beside fractions) or as "10%".
 * @returns The new shares, laid out like the members (one longer when the deity joins).
 */
export function cult(members: any[][], shares: any[][], deity: any, points: any): any[][] {
  return invoke(CULT, members, shares, deity, points) as any[][];
}

/**
 * A pantheon's shares after one of its gods is obliterated: its share is split equally among the other gods.
 * @customfunction OBLITERATE
 * @helpurl https://localhost:3000/docs/functions/OBLITERATE.html
 * @param members The pantheon's members: one column or one row of names.
 * @param shares Their shares beside them, all as points or all as fractions, adding up to 100%.
 * @param god The obliterated god.
 * @returns The new shares, laid out like the members; the god's becomes 0.
 */
export function obliterate(members: any[][], shares: any[][], god: any): any[][] {
  return invoke(OBLITERATE, members, shares, god) as any[][];
}

/**
 * Whether a pantheon is sound: TRUE, or the reason it is not.
 * @customfunction PANTHEONCHECK
 * @helpurl https://localhost:3000/docs/functions/PANTHEONCHECK.html
 * @param members The pantheon's members: one column or one row of names.
 * @param shares Their shares beside them.
 * @returns TRUE, or a sentence saying what is wrong.
 */
export function pantheoncheck(members: any[][], shares: any[][]): any {
  return invoke(PANTHEONCHECK, members, shares);
}

/**
 * Whether Diabolism and Atheism accept a change of a pantheon: each must gain at least 5 points.
 * @customfunction PANTHEONCHANGE
 * @helpurl https://localhost:3000/docs/functions/PANTHEONCHANGE.html
 * @param members Every member before or after the change: one column or one row of names.
 * @param old_shares The shares before the change (empty for a member joining).
 * @param new_shares The shares after the change (empty for a member leaving).
 * @param [ending_turmoil] TRUE when the new division is to end religious turmoil: then even an unchanged division needs their consent.
 * @returns TRUE, or the reason the change is vetoed.
 */
export function pantheonchange(members: any[][], old_shares: any[][], new_shares: any[][], ending_turmoil?: any): any {
  return invoke(PANTHEONCHANGE, members, old_shares, new_shares, ending_turmoil);
}

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
