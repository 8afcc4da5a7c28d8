/**
 * What the referee's actions share (docs/rules/07-war.md, 08, 04 and 05): the preview they give,
 * the checks of the Races and Deaths tables they need, how a second run by mistake is found, and
 * the edits that write their deaths and changes. Each action has a module of its own: war.ts,
 * disaster.ts, growth.ts.
 *
 * Every Deaths row an action writes has a Note naming the action ("war: Ultra-Dwarves vs Low
 * Elves", "disaster: fire", "growth"): that is how a second run by mistake is recognised.
 */
import { mul, ratio, toNumber, type Ratio } from "../../engine/exact";
import type { AfterLosses } from "../../engine/population";
import { nameKey } from "../../engine/names";
import { tableError, type Problem } from "../model/problems";
import { DEATHS, LEDGER, normalizeHeader, RACES, type RaceAttribute } from "../model/schema";
import { addressIn } from "../model/tableReader";
import type { EditPlan, EditRow, TableEdit } from "../plan/edits";
import { foundTable, type Campaign, type Death, type Race } from "../read/campaign";
import { latestCentury, SECOND_CREATION } from "../read/century";
import { hasColumn } from "./lookUp";

export type RefereeAction = "war" | "disaster" | "growth";

/** A row the action adds to the Deaths table. */
export interface DeathRow {
  readonly race: string | null;
  readonly cause: string;
  readonly units: number;
  readonly note: string;
}

/** A cell of the Races table the action changes. */
export type RaceChange =
  | { readonly race: string; readonly column: "Units" | "Aggression" | "Cities" | "Great Cities"; readonly before: number; readonly after: number }
  | { readonly race: string; readonly column: "Culture"; readonly before: string; readonly after: string };

/** One side of a war as fought. */
export interface WarSideResult {
  readonly race: string;
  /** the strength it sent */
  readonly strength: number;
  readonly military: number;
  /** its casualty percentage against the other side */
  readonly percent: number;
  /** units of the other side it killed */
  readonly kills: number;
}

export interface WarResult {
  readonly sides: readonly [WarSideResult, WarSideResult];
  /** the race that lost, or null when neither did */
  readonly loser: string | null;
  /** squares the loser leaves to the winner */
  readonly vacated: number;
  /** units the winner moves into each vacated square (taken from its own squares: its Units do not change), when it is known */
  readonly movingIn?: { readonly race: string; readonly perSquare: number };
  /** the races that stand to lose more than 15% of their units, which usually try diplomacy first */
  readonly diplomacy: readonly string[];
}

/** What an action would write: shown before it writes, and what it wrote once it has. */
export interface RefereePreview {
  readonly action: RefereeAction;
  /** the century in play, whose Deaths the rows are */
  readonly century: number;
  readonly deaths: readonly DeathRow[];
  readonly changes: readonly RaceChange[];
  readonly war?: WarResult;
}

export interface RefereePlan extends EditPlan {
  readonly century: number;
  readonly preview: RefereePreview;
}

/** The Note of every Deaths row the growth writes: its mark that this century's growth is done. */
export const GROWTH_NOTE = "growth";

export const key = nameKey;

// ---- What every action shares --------------------------------------------------------------

function refusal(action: RefereeAction, century: number, problems: Problem | readonly Problem[]): RefereePlan {
  const list = Array.isArray(problems) ? (problems as readonly Problem[]) : [problems as Problem];
  return { edits: [], message: "", problems: list, century, preview: { action, century, deaths: [], changes: [] } };
}

/** How every action begins: the century in play, which its rows are for, and how it refuses. */
export interface Opening {
  readonly century: number;
  /** the action's plan when it writes nothing, for these reasons */
  readonly refuse: (problems: Problem | readonly Problem[]) => RefereePlan;
  /** its refusal when a table it writes is not fit to (prerequisites) */
  readonly blocked?: RefereePlan;
}

export function opening(action: RefereeAction, campaign: Campaign, problems: readonly Problem[]): Opening {
  const century = latestCentury(campaign) + 1;
  const refuse = (p: Problem | readonly Problem[]) => refusal(action, century, p);
  const pre = prerequisites(campaign, problems);
  return { century, refuse, ...(pre.length > 0 ? { blocked: refuse(pre) } : {}) };
}

/** An action's plan from its preview: the rows and changes as edits, and a word when they leave no mortal on Earth. */
export function planFrom(campaign: Campaign, preview: RefereePreview, message: string, details: readonly string[]): RefereePlan {
  const { century, deaths, changes } = preview;
  return {
    edits: editsFor(century, deaths, changes, campaign.races),
    message,
    details: [...details, ...lastMortals(campaign.races, changes)],
    problems: [],
    century,
    preview,
  };
}

export function raceProblem(message: string, race?: Race, column?: string, campaign?: Campaign): Problem {
  const table = campaign === undefined ? undefined : foundTable(campaign, RACES.name);
  return tableError(RACES.name, message, {
    ...(race === undefined ? {} : { row: race.row }),
    ...(column === undefined ? {} : { column }),
    ...(race !== undefined && table !== undefined ? { address: addressIn(table.raw, race.row, column) } : {}),
  });
}

/**
 * Why an action cannot write at all: a problem in a table it writes (or in the Ledger, which
 * says which century is in play), or a Deaths table that cannot hold its rows.
 */
function prerequisites(campaign: Campaign, problems: readonly Problem[]): Problem[] {
  const blocking = problems.filter((p) => p.severity === "error" && [RACES.name, DEATHS.name, LEDGER.name].includes(p.table));
  if (blocking.length > 0) return blocking;
  const deaths = foundTable(campaign, DEATHS.name);
  if (deaths === undefined) {
    return [
      tableError(
        DEATHS.name,
        "the workbook has no Deaths table, where the referee's actions write their deaths: add one with the columns Century, Cause, Units, Race and Note (the task pane's Set up adds it).",
      ),
    ];
  }
  const missing = ["Race", "Note"].filter((c) => !hasColumn(deaths.raw, c));
  if (missing.length > 0) {
    return [
      tableError(
        DEATHS.name,
        `the Deaths table has no ${missing.join(" or ")} column: add ${missing.length === 1 ? "it" : "them"} at the table's right, so that each row the referee's actions write names its race and the action, and the same action is not recorded twice.`,
      ),
    ];
  }
  return [];
}

/** A cell of an optional column that could not be read: the reader's own words, now a reason to stop. */
export function badCell(campaign: Campaign, problems: readonly Problem[], race: Race, column: RaceAttribute): Problem {
  const read = problems.find(
    (p) => p.table === RACES.name && p.row === race.row && p.column !== undefined && normalizeHeader(p.column) === normalizeHeader(column),
  );
  return raceProblem(read?.message ?? `the ${column} of the ${race.race} cannot be read.`, race, column, campaign);
}

/** A cause as the sources (or earlier rows) spell it, so the Death Worksheet shows one box for it. */
export function spelled(campaign: Campaign, cause: string): string {
  for (const s of campaign.sources) if (s.basis === "deaths" && s.cause !== null && key(s.cause) === key(cause)) return s.cause;
  for (const d of campaign.deaths) if (key(d.cause) === key(cause)) return d.cause;
  return cause;
}

/** The last rows of the Deaths table, written by one action: their note, and the rows. */
export interface LastAction {
  readonly note: string;
  readonly rows: readonly Death[];
}

/** The last rows of the Deaths table when they were written by one action in this century: same century, same note. */
function lastAction(campaign: Campaign, century: number): LastAction | undefined {
  const rows: Death[] = [];
  for (let i = campaign.deaths.length - 1; i >= 0; i--) {
    const d = campaign.deaths[i] as Death;
    const first = rows[0];
    if (d.note === null || d.century !== century || (first !== undefined && key(first.note as string) !== key(d.note))) break;
    rows.unshift(d);
  }
  const first = rows[0];
  return first === undefined ? undefined : { note: first.note as string, rows };
}

/**
 * Why an action is not written again: the last rows of the Deaths table already record it in this
 * century (`same` says whether the last action's rows are this one's: its note, its races).
 * Undefined when they do not; the gamemaster may say it really happened again.
 */
export function recordedAlready(campaign: Campaign, century: number, same: (last: LastAction) => boolean, what: string): Problem | undefined {
  const last = lastAction(campaign, century);
  const row = last?.rows[0];
  if (last === undefined || row === undefined || !same(last)) return undefined;
  const deaths = foundTable(campaign, DEATHS.name);
  return tableError(
    DEATHS.name,
    `the last rows of the Deaths table (down to this one) already record ${what} in century ${century}. If it really happened again, say so (--again, or confirm in the pane); otherwise it is already recorded and nothing more is needed.`,
    { row: row.row, column: "Note", ...(deaths === undefined ? {} : { address: addressIn(deaths.raw, row.row, "Note") }) },
  );
}

/** The edits: the rows appended to Deaths, then each race's changed cells in one update. */
function editsFor(century: number, deaths: readonly DeathRow[], changes: readonly RaceChange[], races: readonly Race[]): TableEdit[] {
  const edits: TableEdit[] = [];
  if (deaths.length > 0) {
    const rows: EditRow[] = deaths.map((d) => ({
      Century: century,
      Cause: d.cause,
      Units: d.units,
      ...(d.race === null ? {} : { Race: d.race }),
      Note: d.note,
    }));
    edits.push({ kind: "append", table: DEATHS.name, rows });
  }
  const byRace = new Map<string, Record<string, number | string>>();
  for (const c of changes) byRace.set(key(c.race), { ...byRace.get(key(c.race)), [c.column]: c.after });
  for (const [name, values] of byRace) {
    const race = races.find((r) => key(r.race) === name);
    if (race !== undefined) edits.push({ kind: "update", table: RACES.name, index: race.index, values });
  }
  return edits;
}

/** A sentence (or none) when an action's Units changes leave no mortal on Earth that there was before it. */
function lastMortals(races: readonly Race[], changes: readonly RaceChange[]): string[] {
  const after = new Map(races.map((r) => [key(r.race), r.units]));
  for (const c of changes) if (c.column === "Units") after.set(key(c.race), c.after);
  const before = races.some((r) => r.units > 0);
  if (!before || [...after.values()].some((u) => u > 0)) return [];
  return [`No mortal is left on Earth: ${SECOND_CREATION}`];
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);
export const percentOf = (rate: Ratio) => `${+toNumber(mul(rate, ratio(100))).toPrecision(12)}%`;

/** Whole units, 1 or more, or why not. */
export function wholeProblem(value: number, what: string): string | undefined {
  if (Number.isSafeInteger(value) && value >= 1) return undefined;
  return `${what} must be a whole number, 1 or more; ${Number.isFinite(value) ? value : "that"} is not.`;
}

/**
 * The Races cells a race's losses change (engine: afterLosses): its Units, the cities that went
 * with their last inhabitants or that the disaster destroyed, and its Culture when it lost its
 * last city; with a sentence for each consequence beyond the units.
 */
export function lossesOf(race: Race, after: AfterLosses): { changes: RaceChange[]; details: string[] } {
  const changes: RaceChange[] = [];
  const details: string[] = [];
  if (after.units !== race.units) changes.push({ race: race.race, column: "Units", before: race.units, after: after.units });
  if (after.cities !== race.cities) changes.push({ race: race.race, column: "Cities", before: race.cities, after: after.cities });
  if (after.greatCities !== race.greatCities) changes.push({ race: race.race, column: "Great Cities", before: race.greatCities, after: after.greatCities });
  const lost = [plural(after.citiesLost, "city", "cities"), plural(after.greatCitiesLost, "great city", "great cities")].filter((t) => !t.startsWith("0 "));
  if (after.wipedOut && lost.length > 0)
    details.push(`The ${race.race} have no unit left: their ${lost.join(" and ")} fall with them (a city stands only in an inhabited square).`);
  else if (lost.length > 0) details.push(`The ${race.race} lose ${lost.join(" and ")}.`);
  if (after.civilizationLost && race.culture !== null && after.culture !== null) {
    changes.push({ race: race.race, column: "Culture", before: race.culture, after: after.culture });
    details.push(
      `With their last city the ${race.race} lose Civilization: they are ${after.culture.toLowerCase()} again. The actions now give them a barbarian's +1 Military and +2 Aggression; lower their Limit to a barbarian's squares and strike the knowledges that need Civilization.`,
    );
  }
  return { changes, details };
}
