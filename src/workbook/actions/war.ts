/** A war between two races (docs/rules/07-war.md): each side's kills, the loser, the war deaths and the Units after. */
import { afterLosses, BARBARIAN_AGGRESSION, BARBARIAN_MILITARY, cultureOf, populationStrength } from "../../engine/population";
import { casualties, casualtyPercent, triesDiplomacy, unitsMovingIn, war } from "../../engine/war";
import type { Problem } from "../model/problems";
import { RACES } from "../model/schema";
import { foundTable, type Campaign, type Race } from "../read/campaign";
import { hasColumn, lookUp } from "./lookUp";
import type { DeathRow, LastAction, RaceChange, WarSideResult, WarResult, RefereePlan } from "./referee";
import { badCell, key, lossesOf, opening, planFrom, plural, raceProblem, recordedAlready, signed, spelled, wholeProblem } from "./referee";

export interface WarSide {
  readonly race: string;
  /** the strength it sends, when it is split between several enemies; its whole strength otherwise */
  readonly strength?: number;
  /** its Military, when the Races table has no Military column for it (or to use another) */
  readonly military?: number;
}

export interface WarOrder {
  readonly a: WarSide;
  readonly b: WarSide;
  /** the same war was the last thing recorded, and it really was fought again */
  readonly again?: boolean;
}

interface Fighter {
  readonly race: Race;
  readonly strength: number;
  /** the Military it fights with, its culture's bonus included */
  readonly military: number;
  /** what its culture adds to the Military of the Races table (barbarians: +1) */
  readonly bonus: number;
}

function fighter(campaign: Campaign, problems: readonly Problem[], side: WarSide): Fighter | Problem {
  const race = lookUp<Race>(campaign, RACES.name, campaign.races, (r) => r.race, side.race, "RACE");
  if ("severity" in race) return race;
  const full = populationStrength(race.units, race.cities, race.greatCities);
  if (full === 0) return raceProblem(`the ${race.race} have no strength left (no units and no cities): they cannot fight a war.`, race, "Units", campaign);
  const strength = side.strength ?? full;
  const bad = wholeProblem(strength, `The strength the ${race.race} send`);
  if (bad !== undefined) return raceProblem(bad, race);
  if (strength > full) {
    return raceProblem(
      `the ${race.race} have a strength of ${full} (units, plus 3 for each city and 6 for each great city); they cannot send ${strength}.`,
      race,
      "Units",
      campaign,
    );
  }
  if (side.military !== undefined && !Number.isSafeInteger(side.military)) {
    return raceProblem(
      `the Military given for the ${race.race} must be a whole number (it may be negative), not ${Number.isFinite(side.military) ? side.military : "that"}.`,
      race,
    );
  }
  const military = side.military ?? race.military;
  if (military === undefined) return badCell(campaign, problems, race, "Military");
  if (military === null) {
    const table = foundTable(campaign, RACES.name);
    if (table !== undefined && !hasColumn(table.raw, "Military")) {
      return raceProblem("the Races table has no Military column: add one (each race's Military, such as 2 or -1), or give both sides' Military with the war.");
    }
    return raceProblem(`the Military of the ${race.race} is empty: fill it in, or give it with the war.`, race, "Military", campaign);
  }
  // A barbarian's +1 comes from its Culture; a Military given with the war is taken as it is.
  const bonus = side.military === undefined && cultureOf(race.culture) === "barbarian" ? BARBARIAN_MILITARY : 0;
  return { race, strength, military: military + bonus, bonus };
}

/**
 * A war between two races (engine: war): each side kills its casualty percentage of the strength
 * it sends, rounded up; the loser (losses at least 150% of the winner's) leaves squares to the
 * winner. Writes one `war` row per race that lost units and lowers their Units.
 */
export function planWar(campaign: Campaign, problems: readonly Problem[], order: WarOrder): RefereePlan {
  const { century, refuse, blocked } = opening("war", campaign, problems);
  if (blocked !== undefined) return blocked;
  const a = fighter(campaign, problems, order.a);
  if ("severity" in a) return refuse(a);
  const b = fighter(campaign, problems, order.b);
  if ("severity" in b) return refuse(b);
  if (a.race.index === b.race.index)
    return refuse(raceProblem(`a race cannot fight a war against itself; name two different races (both were the ${a.race.race}).`, a.race));

  const outcome = war(a.strength, a.military, b.strength, b.military);
  const note = `war: ${a.race.race} vs ${b.race.race}`;
  const sameWar = (last: LastAction) => [note, `war: ${b.race.race} vs ${a.race.race}`].some((n) => key(n) === key(last.note));
  const again = order.again === true ? undefined : recordedAlready(campaign, century, sameWar, `this war between the ${a.race.race} and the ${b.race.race}`);
  if (again !== undefined) return refuse(again);

  const cause = spelled(campaign, "war");
  const sides = [
    { f: a, kills: outcome.killedByA, losses: outcome.killedByB, percent: casualtyPercent(a.military, b.military) },
    { f: b, kills: outcome.killedByB, losses: outcome.killedByA, percent: casualtyPercent(b.military, a.military) },
  ] as const;
  const deaths: DeathRow[] = [];
  const changes: RaceChange[] = [];
  const details: string[] = [];
  for (const s of sides) {
    const { race } = s.f;
    const other = s === sides[0] ? sides[1] : sides[0];
    // Fewer kills than the percentage gives: the engine stopped at what the other side sent.
    const capped = s.kills < casualties(s.f.strength, s.f.military, other.f.military);
    details.push(
      `The ${race.race} (strength ${s.f.strength}, Military ${signed(s.f.military)}${s.f.bonus === 0 ? "" : `: ${signed(s.f.military - s.f.bonus)}, and ${signed(s.f.bonus)} for barbarians`}) kill ${s.kills}: ${s.percent}% of ${s.f.strength}${capped ? `, but no more than the ${other.f.race.race} sent` : ""}.`,
    );
    if (s.losses === 0) continue;
    // The dead are units on the map: a city's bonus strength is not population and cannot die.
    const after = afterLosses(race, { units: s.losses });
    if (after.unitsLost > 0) deaths.push({ race: race.race, cause, units: after.unitsLost, note });
    const lost = lossesOf(race, after);
    changes.push(...lost.changes);
    if (after.unitsLost < s.losses && race.units > 0)
      details.push(`The ${race.race} had only ${plural(race.units, "unit")}: all of them are killed (${s.losses} is what the war would take).`);
    details.push(...lost.details);
  }
  const loser = outcome.loser === "" ? null : outcome.loser === "A" ? a.race.race : b.race.race;
  const winner = outcome.loser === "A" ? b.race.race : a.race.race;
  const fought = (s: (typeof sides)[number]): WarSideResult => ({
    race: s.f.race.race,
    strength: s.f.strength,
    military: s.f.military,
    percent: s.percent,
    kills: s.kills,
  });
  const winning = outcome.loser === "A" ? b.race : a.race;
  const culture = cultureOf(winning.culture);
  const movingIn = loser === null || outcome.vacated === 0 || culture === null ? undefined : { race: winner, perSquare: unitsMovingIn(culture) };
  if (loser !== null && outcome.vacated > 0) details.push(aftermath(winning, loser, outcome.vacated, movingIn?.perSquare));
  // A race that stands to lose more than 15% of its units usually tries diplomacy before the war.
  const diplomacy = sides.filter((s) => triesDiplomacy(Math.min(s.losses, s.f.race.units), s.f.race.units)).map((s) => s.f.race.race);
  for (const s of sides.filter((x) => diplomacy.includes(x.f.race.race))) {
    const other = s === sides[0] ? sides[1] : sides[0];
    const lost = Math.min(s.losses, s.f.race.units);
    details.push(
      `The ${s.f.race.race} stand to lose ${lost} of their ${plural(s.f.race.units, "unit")}, more than 15%: a race usually tries diplomacy first. Roll a d6 before writing: ${diplomacyCall(s.f.race, other.f.race)}.`,
    );
  }
  const result: WarResult = {
    sides: [fought(sides[0]), fought(sides[1])],
    loser,
    vacated: outcome.vacated,
    ...(movingIn === undefined ? {} : { movingIn }),
    diplomacy,
  };
  const verdict =
    loser === null
      ? outcome.killedByA === 0 && outcome.killedByB === 0
        ? "Nobody died, and neither side lost."
        : "Neither side lost (neither lost 150% of what the other did)."
      : `The ${loser} lost and leave ${plural(outcome.vacated, "square")} to the ${winner}${outcome.vacated > 0 ? " (a city in a lost square: GODS.CITYFATE)" : ""}.`;
  // The loser is worked out from the kills; where a side had fewer units than it was dealt, both are said.
  const lostBy = (race: Race, kills: number) => (kills > race.units ? `${race.units} (of ${kills} kills: all its units)` : String(kills));
  const message = `War in century ${century} between the ${a.race.race} and the ${b.race.race}: the ${a.race.race} lost ${lostBy(a.race, outcome.killedByB)}, the ${b.race.race} lost ${lostBy(b.race, outcome.killedByA)}. ${verdict}`;
  return planFrom(campaign, { action: "war", century, deaths, changes, war: result }, message, details);
}

/** What happens to the squares a loser leaves: who moves in, by the winner's culture. */
function aftermath(winner: Race, loser: string, vacated: number, perSquare: number | undefined): string {
  const squares = plural(vacated, "square");
  if (perSquare === undefined) {
    return `The ${winner.race} move into the ${squares} the ${loser} leave as their culture does (none if primitive, 2 units a square if barbarian or civilized): the Culture cell is empty.`;
  }
  if (perSquare === 0) return `The ${winner.race} are primitive: they do not occupy the ${squares} the ${loser} leave.`;
  return `The ${winner.race} move ${perSquare} units into each of the ${squares} the ${loser} leave (1 where ${perSquare} would pass the square's limit), from their own squares: their Units do not change.`;
}

/** A race's Aggression for a diplomacy roll, as the Races table has it plus its culture's (barbarians +2), when the table gives one. */
/**
 * The call that tells whether `race`'s diplomacy averts the war with `other`, as a cell would hold
 * it: GODS.DIPLOMACY's own three values, the enemy's Aggression given when the Races table has it
 * (with the barbarians' bonus), and what each value left to fill stands for.
 */
function diplomacyCall(race: Race, other: Race): string {
  const bonus = cultureOf(other.culture) === "barbarian" ? BARBARIAN_AGGRESSION : 0;
  const known = typeof other.aggression === "number";
  const aggression = known ? String(other.aggression + bonus) : "enemy_aggression";
  const of = `the Aggression of the ${other.race}${known && bonus > 0 ? `, with the +${bonus} of barbarians` : ""}`;
  return `=GODS.DIPLOMACY(roll, diplomacy, ${aggression}) gives TRUE when the war is averted (the roll plus the Diplomacy, less the Aggression, reaches 6), with roll the d6, diplomacy the Diplomacy of the ${race.race} and ${aggression} ${of}`;
}
