/** A disaster or a global power striking races (docs/rules/08-disasters-resistances.md): deaths after resistances. */
import { wordProblem } from "../model/names";
import { attempt } from "../../engine/errors";
import { afterLosses, cultureOf, PRIMITIVE_RESISTANCE, type AfterLosses } from "../../engine/population";
import { applicableCodes, ELEMENTS, parseElements, parseResistances, resist, type Element, type PowerKind, type ResistCode } from "../../engine/resist";
import { tableError, type Problem } from "../model/problems";
import { DEATHS, RACES } from "../model/schema";
import { foundTable, type Campaign, type Race } from "../read/campaign";
import { hasColumn, lookUp } from "./lookUp";
import type { DeathRow, LastAction, RaceChange, RefereePlan } from "./referee";
import { badCell, key, lossesOf, opening, planFrom, plural, raceProblem, recordedAlready, spelled, wholeProblem } from "./referee";

export interface DisasterHit {
  readonly race: string;
  /** the race's deaths before its resistances */
  readonly deaths: number;
  /** its resistance codes, when the Races table has no Resistances column (or to use others); "" for none */
  readonly resistances?: string;
  /** cities the power destroys before resistances, when it names any (resistances apply to them too) */
  readonly cities?: number;
  /** great cities the power destroys before resistances */
  readonly greatCities?: number;
}

export interface DisasterOrder {
  /** its elements: letters ("F", "FE"), names ("fire, earth"), or "" for none */
  readonly elements: string;
  /** a global power rather than a disaster power: without an element it ignores every resistance */
  readonly global?: boolean;
  /** the cause the deaths are filed under; the element's name when it has exactly one */
  readonly cause?: string;
  readonly hits: readonly DisasterHit[];
  readonly again?: boolean;
}

/** The code a primitive race's culture gives it, named so in the preview. */
const PRIMITIVE_CODES: readonly ResistCode[] = parseResistances(PRIMITIVE_RESISTANCE).map((c) => ({ ...c, text: `${c.text} for a primitive race` }));

const ELEMENT_NAME: Readonly<Record<Element, string>> = { F: "fire", E: "earth", N: "nature", W: "water", A: "air", I: "ice" };

function resistancesOf(campaign: Campaign, problems: readonly Problem[], race: Race, hit: DisasterHit, hasColumnFor: boolean): readonly ResistCode[] | Problem {
  if (hit.resistances !== undefined) {
    const given = attempt(() => parseResistances(hit.resistances as string));
    return "problem" in given ? raceProblem(`the resistances given for the ${race.race}: ${given.problem}`, race) : given.value;
  }
  if (race.resistances === undefined) return badCell(campaign, problems, race, "Resistances");
  if (race.resistances === null && !hasColumnFor) {
    return raceProblem(
      "the Races table has no Resistances column: add one (codes such as F-2 or W/2, empty for none), or give the resistances of each race the disaster strikes.",
    );
  }
  return race.resistances ?? [];
}

/**
 * A disaster (or a global power) striking some races (engine: resist): each race's deaths before
 * resistances become its deaths after its Resistances, never more than its units. Writes one row
 * per race that lost units, under the cause given (the element's name by default).
 */
export function planDisaster(campaign: Campaign, problems: readonly Problem[], order: DisasterOrder): RefereePlan {
  const { century, refuse, blocked } = opening("disaster", campaign, problems);
  if (blocked !== undefined) return blocked;
  const input = (message: string): RefereePlan => refuse(tableError(DEATHS.name, message));

  const parsed = attempt(() => parseElements(order.elements));
  if ("problem" in parsed) return input(parsed.problem);
  const elements = parsed.value;
  const letters = ELEMENTS.filter((e) => elements.has(e));
  const kind: PowerKind = order.global === true ? "global" : "disaster";
  const given = order.cause?.trim() ?? "";
  if (given === "" && letters.length !== 1) {
    return input(
      letters.length === 0
        ? "a disaster with no element needs a cause to file its deaths under, such as plague or famine."
        : `a disaster of several elements (${letters.join(", ")}) needs one cause to file its deaths under, such as ${letters.map((e) => ELEMENT_NAME[e]).join(" or ")}: the Death Worksheet has one box per cause.`,
    );
  }
  const badCause = given === "" ? undefined : wordProblem(given, "the cause");
  if (badCause !== undefined) return input(badCause);
  const cause = spelled(campaign, given === "" ? ELEMENT_NAME[letters[0] as Element] : given);
  if (order.hits.length === 0) return input("name at least one race the disaster strikes, with its deaths before resistances.");

  const races = foundTable(campaign, RACES.name);
  const resistColumn = races !== undefined && hasColumn(races.raw, "Resistances");
  // A global power with no element ignores every resistance: nothing to read.
  const ignoresResistances = kind === "global" && elements.size === 0;
  const struck: { race: Race; before: number; after: number; lost: number; settled: AfterLosses; codes: readonly ResistCode[] }[] = [];
  const refused: Problem[] = [];
  // Primitive races whose Resistances already hold an X-1, likely put there for their culture.
  const doubled: string[] = [];
  for (const hit of order.hits) {
    const race = lookUp<Race>(campaign, RACES.name, campaign.races, (r) => r.race, hit.race, "RACE");
    if ("severity" in race) return refuse(race);
    if (struck.some((s) => s.race.index === race.index)) return refuse(raceProblem(`the ${race.race} are named twice; give each race's deaths once.`, race));
    // A power that destroys cities may kill nobody: 0 deaths then stand.
    const namesCities = (hit.cities ?? 0) > 0 || (hit.greatCities ?? 0) > 0;
    const bad = namesCities && hit.deaths === 0 ? undefined : wholeProblem(hit.deaths, `The deaths of the ${race.race} before resistances`);
    if (bad !== undefined) return refuse(raceProblem(bad, race));
    const codes = ignoresResistances ? [] : resistancesOf(campaign, problems, race, hit, resistColumn);
    if ("severity" in codes) {
      // The missing column is one problem, not one per race.
      if (!refused.some((p) => p.message === codes.message)) refused.push(codes);
      continue;
    }
    for (const [n, what] of [
      [hit.cities, `The cities of the ${race.race} the disaster destroys`],
      [hit.greatCities, `The great cities of the ${race.race} the disaster destroys`],
    ] as const) {
      const wrong = n === undefined ? undefined : wholeProblem(n, what);
      if (wrong !== undefined) return refuse(raceProblem(wrong, race));
    }
    // A primitive race resists every disaster by 1, by its Culture alone.
    const primitive = !ignoresResistances && cultureOf(race.culture) === "primitive";
    if (primitive && codes.some((c) => c.element === "X" && c.op === "-" && c.value !== null && c.value.n === c.value.d)) doubled.push(race.race);
    const all = primitive ? [...codes, ...PRIMITIVE_CODES] : codes;
    const after = resist(hit.deaths, elements, all, kind);
    // Resistances apply to the cities a power names as they do to its deaths.
    const settled = afterLosses(race, {
      units: after,
      cities: hit.cities === undefined ? 0 : resist(hit.cities, elements, all, kind),
      greatCities: hit.greatCities === undefined ? 0 : resist(hit.greatCities, elements, all, kind),
    });
    struck.push({ race, before: hit.deaths, after, lost: settled.unitsLost, settled, codes: applicableCodes(all, elements, kind) });
  }
  if (refused.length > 0) return refuse(refused);

  // The elements are named in the note unless the cause already says it: "disaster: fire", "disaster: volcano (F, E)".
  const label = letters.length === 0 || (letters.length === 1 && key(cause) === ELEMENT_NAME[letters[0] as Element]) ? "" : ` (${letters.join(", ")})`;
  const note = `${kind === "global" ? "global power" : "disaster"}: ${cause}${label}`;
  const deaths: DeathRow[] = [];
  const changes: RaceChange[] = [];
  const details: string[] = [];
  for (const s of struck) {
    const applied = ignoresResistances
      ? " (a global power with no element: no resistance applies)"
      : s.codes.length === 0
        ? " (no resistance applies)"
        : ` (${s.codes.map((c) => c.text).join(", ")})`;
    const capped = s.lost < s.after ? `, but they had only ${plural(s.race.units, "unit")}` : "";
    details.push(`The ${s.race.race}: ${s.before} before resistances, ${s.after} after${applied}${capped}; Units ${s.race.units} → ${s.race.units - s.lost}.`);
    const lost = lossesOf(s.race, s.settled);
    changes.push(...lost.changes);
    details.push(...lost.details);
    // A race that lost only cities gets a row of 0: it records the disaster, so running it again is noticed.
    if (s.lost === 0 && lost.changes.length === 0) continue;
    deaths.push({ race: s.race.race, cause, units: s.lost, note });
  }
  for (const name of doubled) {
    details.push(
      `The ${name} are primitive, which gives them ${PRIMITIVE_RESISTANCE} by itself, and their Resistances hold an ${PRIMITIVE_RESISTANCE} too: if it was put there for their culture, remove it from the Races table, or it counts twice.`,
    );
  }
  if (order.again !== true && deaths.length > 0) {
    const sameDisaster = (last: LastAction) => {
      const had = new Set(last.rows.map((r) => key(r.race ?? "")));
      return key(last.note) === key(note) && had.size === deaths.length && deaths.every((d) => had.has(key(d.race ?? "")));
    };
    const again = recordedAlready(campaign, century, sameDisaster, `this ${cause} striking the ${deaths.map((d) => d.race).join(", ")}`);
    if (again !== undefined) return refuse(again);
  }
  const total = struck.reduce((sum, s) => sum + s.lost, 0);
  const before = struck.reduce((sum, s) => sum + s.before, 0);
  const what = `${kind === "global" ? "A global power" : "A disaster"} of ${cause}${label} in century ${century}`;
  const message =
    total === 0
      ? changes.length === 0
        ? `${what}: nobody died (${before} before resistances); nothing to write.`
        : `${what}: nobody died (${before} before resistances), but cities fell.`
      : `${what}: ${plural(total, `${cause} death`)} after resistances (${before} before), among the ${deaths.map((d) => d.race).join(", ")}.`;
  return planFrom(campaign, { action: "disaster", century, deaths, changes }, message, details);
}
