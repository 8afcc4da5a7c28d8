/**
 * The referee's actions on the campaign's tables: a war between two races (docs/rules/07-war.md), a
 * disaster (§8) and the growth at the start of a century (§4, §5). Each reads the Races table,
 * with its optional Military, Aggression, Resistances, Growth and Limit columns, lets the engine
 * work the numbers out exactly, and turns the answer into one batch of edits: rows added to the
 * Deaths table for the century in play, and new Units (and Aggression) in the Races table. The
 * plan carries a preview of what it would write, so that a caller can show it first.
 *
 * Every Deaths row an action writes has a Note naming the action ("war: Ultra-Dwarves vs Low
 * Elves", "disaster: fire", "growth"): that is how a second run by mistake is recognised.
 */
import { attempt } from "../../engine/errors";
import { mul, ratio, toNumber, type Ratio } from "../../engine/exact";
import { DEFAULT_GROWTH_RATE, growth } from "../../engine/growth";
import { nameKey } from "../../engine/names";
import { populationStrength, starvation, STARVATION_AGGRESSION } from "../../engine/population";
import { applicableCodes, ELEMENTS, parseElements, parseResistances, resist, type Element, type PowerKind, type ResistCode } from "../../engine/resist";
import { casualties, casualtyPercent, war } from "../../engine/war";
import type { Problem } from "../model/problems";
import { DEATHS, LEDGER, normalizeHeader, RACES, type RaceAttribute } from "../model/schema";
import { addressIn } from "../model/tableReader";
import type { EditPlan, EditRow, TableEdit } from "../plan/edits";
import { foundTable, type Campaign, type Death, type Race } from "../read/campaign";
import { latestCentury } from "../read/century";
import { hasColumn, lookUp } from "./lookUp";

export type RefereeAction = "war" | "disaster" | "growth";

/** A row the action adds to the Deaths table. */
export interface DeathRow {
  readonly race: string | null;
  readonly cause: string;
  readonly units: number;
  readonly note: string;
}

/** A cell of the Races table the action changes. */
export interface RaceChange {
  readonly race: string;
  readonly column: "Units" | "Aggression";
  readonly before: number;
  readonly after: number;
}

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

const key = nameKey;

// ---- What every action shares --------------------------------------------------------------

function refusal(action: RefereeAction, century: number, problems: Problem | readonly Problem[]): RefereePlan {
  const list = Array.isArray(problems) ? (problems as readonly Problem[]) : [problems as Problem];
  return { edits: [], message: "", problems: list, century, preview: { action, century, deaths: [], changes: [] } };
}

function raceProblem(message: string, race?: Race, column?: string, campaign?: Campaign): Problem {
  const table = campaign === undefined ? undefined : foundTable(campaign, RACES.name);
  return {
    severity: "error",
    table: RACES.name,
    message,
    ...(race === undefined ? {} : { row: race.row }),
    ...(column === undefined ? {} : { column }),
    ...(race !== undefined && table !== undefined ? { address: addressIn(table.raw, race.row, column) } : {}),
  };
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
      {
        severity: "error",
        table: DEATHS.name,
        message: "the workbook has no Deaths table, where the referee's actions write their deaths: add one with the columns Century, Cause, Units, Race and Note (the task pane's Set up adds it).",
      },
    ];
  }
  const missing = ["Race", "Note"].filter((c) => !hasColumn(deaths.raw, c));
  if (missing.length > 0) {
    return [
      {
        severity: "error",
        table: DEATHS.name,
        message: `the Deaths table has no ${missing.join(" or ")} column: add ${missing.length === 1 ? "it" : "them"} at the table's right, so that each row the referee's actions write names its race and the action, and the same action is not recorded twice.`,
      },
    ];
  }
  return [];
}

/** A cell of an optional column that could not be read: the reader's own words, now a reason to stop. */
function badCell(campaign: Campaign, problems: readonly Problem[], race: Race, column: RaceAttribute): Problem {
  const read = problems.find((p) => p.table === RACES.name && p.row === race.row && p.column !== undefined && normalizeHeader(p.column) === normalizeHeader(column));
  return raceProblem(read?.message ?? `the ${column} of the ${race.race} cannot be read.`, race, column, campaign);
}

/** A cause as the sources (or earlier rows) spell it, so the Death Worksheet shows one box for it. */
function spelled(campaign: Campaign, cause: string): string {
  for (const s of campaign.sources) if (s.basis === "deaths" && s.cause !== null && key(s.cause) === key(cause)) return s.cause;
  for (const d of campaign.deaths) if (key(d.cause) === key(cause)) return d.cause;
  return cause;
}

/** The last rows of the Deaths table when they were written by one action in this century: same century, same note. */
function lastAction(campaign: Campaign, century: number): { note: string; rows: Death[] } | undefined {
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

function repeated(campaign: Campaign, century: number, row: Death, what: string): Problem {
  const deaths = foundTable(campaign, DEATHS.name);
  return {
    severity: "error",
    table: DEATHS.name,
    row: row.row,
    column: "Note",
    ...(deaths === undefined ? {} : { address: addressIn(deaths.raw, row.row, "Note") }),
    message: `the last rows of the Deaths table (down to this one) already record ${what} in century ${century}. If it really happened again, say so (--again, or confirm in the pane); otherwise it is already recorded and nothing more is needed.`,
  };
}

/** The edits: the rows appended to Deaths, then each race's changed cells in one update. */
function editsFor(century: number, deaths: readonly DeathRow[], changes: readonly RaceChange[], races: readonly Race[]): TableEdit[] {
  const edits: TableEdit[] = [];
  if (deaths.length > 0) {
    const rows: EditRow[] = deaths.map((d) => ({ Century: century, Cause: d.cause, Units: d.units, ...(d.race === null ? {} : { Race: d.race }), Note: d.note }));
    edits.push({ kind: "append", table: DEATHS.name, rows });
  }
  const byRace = new Map<string, Record<string, number>>();
  for (const c of changes) byRace.set(key(c.race), { ...byRace.get(key(c.race)), [c.column]: c.after });
  for (const [name, values] of byRace) {
    const race = races.find((r) => key(r.race) === name);
    if (race !== undefined) edits.push({ kind: "update", table: RACES.name, index: race.index, values });
  }
  return edits;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);
const percentOf = (rate: Ratio) => `${+toNumber(mul(rate, ratio(100))).toPrecision(12)}%`;

/** Whole units, 1 or more, or why not. */
function wholeProblem(value: number, what: string): string | undefined {
  if (Number.isSafeInteger(value) && value >= 1) return undefined;
  return `${what} must be a whole number, 1 or more; ${Number.isFinite(value) ? value : "that"} is not.`;
}

// ---- War ------------------------------------------------------------------------------------

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
  readonly military: number;
}

function fighter(campaign: Campaign, problems: readonly Problem[], side: WarSide): Fighter | Problem {
  const race = lookUp<Race>(campaign, RACES.name, campaign.races, (r) => r.race, side.race);
  if ("severity" in race) return race;
  const full = populationStrength(race.units, race.cities, race.greatCities);
  if (full === 0) return raceProblem(`the ${race.race} have no strength left (no units and no cities): they cannot fight a war.`, race, "Units", campaign);
  const strength = side.strength ?? full;
  const bad = wholeProblem(strength, `The strength the ${race.race} send`);
  if (bad !== undefined) return raceProblem(bad, race);
  if (strength > full) {
    return raceProblem(`the ${race.race} have a strength of ${full} (units, plus 3 for each city and 6 for each great city); they cannot send ${strength}.`, race, "Units", campaign);
  }
  if (side.military !== undefined && !Number.isSafeInteger(side.military)) {
    return raceProblem(`the Military given for the ${race.race} must be a whole number (it may be negative), not ${Number.isFinite(side.military) ? side.military : "that"}.`, race);
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
  return { race, strength, military };
}

/**
 * A war between two races (engine: war): each side kills its casualty percentage of the strength
 * it sends, rounded up; the loser (losses at least 150% of the winner's) leaves squares to the
 * winner. Writes one `war` row per race that lost units and lowers their Units.
 */
export function planWar(campaign: Campaign, problems: readonly Problem[], order: WarOrder): RefereePlan {
  const century = latestCentury(campaign) + 1;
  const refuse = (p: Problem | readonly Problem[]) => refusal("war", century, p);
  const pre = prerequisites(campaign, problems);
  if (pre.length > 0) return refuse(pre);
  const a = fighter(campaign, problems, order.a);
  if ("severity" in a) return refuse(a);
  const b = fighter(campaign, problems, order.b);
  if ("severity" in b) return refuse(b);
  if (a.race.index === b.race.index) return refuse(raceProblem(`a race cannot fight a war against itself; name two different races (both were the ${a.race.race}).`, a.race));

  const outcome = war(a.strength, a.military, b.strength, b.military);
  const note = `war: ${a.race.race} vs ${b.race.race}`;
  if (order.again !== true) {
    const last = lastAction(campaign, century);
    const same = last !== undefined && [note, `war: ${b.race.race} vs ${a.race.race}`].some((n) => key(n) === key(last.note));
    if (same) return refuse(repeated(campaign, century, last.rows[0] as Death, `this war between the ${a.race.race} and the ${b.race.race}`));
  }

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
    const after = Math.max(0, race.units - s.losses);
    // Fewer kills than the percentage gives: the engine stopped at what the other side sent.
    const capped = s.kills < casualties(s.f.strength, s.f.military, other.f.military);
    details.push(`The ${race.race} (strength ${s.f.strength}, Military ${signed(s.f.military)}) kill ${s.kills}: ${s.percent}% of ${s.f.strength}${capped ? `, but no more than the ${other.f.race.race} sent` : ""}.`);
    if (s.losses === 0) continue;
    deaths.push({ race: race.race, cause, units: s.losses, note });
    changes.push({ race: race.race, column: "Units", before: race.units, after });
    if (s.losses > race.units) details.push(`The ${race.race} had only ${plural(race.units, "unit")}: the other ${s.losses - race.units} fell among the population of their cities (the cities themselves are the referee's call).`);
  }
  const loser = outcome.loser === "" ? null : outcome.loser === "A" ? a.race.race : b.race.race;
  const winner = outcome.loser === "A" ? b.race.race : a.race.race;
  const fought = (s: (typeof sides)[number]): WarSideResult => ({ race: s.f.race.race, strength: s.f.strength, military: s.f.military, percent: s.percent, kills: s.kills });
  const result: WarResult = { sides: [fought(sides[0]), fought(sides[1])], loser, vacated: outcome.vacated };
  const verdict =
    loser === null
      ? outcome.killedByA === 0 && outcome.killedByB === 0
        ? "Nobody died, and neither side lost."
        : "Neither side lost (neither lost 150% of what the other did)."
      : `The ${loser} lost and leave ${plural(outcome.vacated, "square")} to the ${winner}${outcome.vacated > 0 ? " (a city in a lost square: GODS.CITYFATE)" : ""}.`;
  const message = `War in century ${century} between the ${a.race.race} and the ${b.race.race}: the ${a.race.race} lost ${outcome.killedByB}, the ${b.race.race} lost ${outcome.killedByA}. ${verdict}`;
  const preview: RefereePreview = { action: "war", century, deaths, changes, war: result };
  return { edits: editsFor(century, deaths, changes, campaign.races), message, details, problems: [], century, preview };
}

// ---- Disasters ------------------------------------------------------------------------------

export interface DisasterHit {
  readonly race: string;
  /** the race's deaths before its resistances */
  readonly deaths: number;
  /** its resistance codes, when the Races table has no Resistances column (or to use others); "" for none */
  readonly resistances?: string;
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

const ELEMENT_NAME: Readonly<Record<Element, string>> = { F: "fire", E: "earth", N: "nature", W: "water", A: "air", I: "ice" };

function resistancesOf(campaign: Campaign, problems: readonly Problem[], race: Race, hit: DisasterHit, hasColumnFor: boolean): readonly ResistCode[] | Problem {
  if (hit.resistances !== undefined) {
    const given = attempt(() => parseResistances(hit.resistances as string));
    return "problem" in given ? raceProblem(`the resistances given for the ${race.race}: ${given.problem}`, race) : given.value;
  }
  if (race.resistances === undefined) return badCell(campaign, problems, race, "Resistances");
  if (race.resistances === null && !hasColumnFor) {
    return raceProblem("the Races table has no Resistances column: add one (codes such as F-2 or W/2, empty for none), or give the resistances of each race the disaster strikes.");
  }
  return race.resistances ?? [];
}

/**
 * A disaster (or a global power) striking some races (engine: resist): each race's deaths before
 * resistances become its deaths after its Resistances, never more than its units. Writes one row
 * per race that lost units, under the cause given (the element's name by default).
 */
export function planDisaster(campaign: Campaign, problems: readonly Problem[], order: DisasterOrder): RefereePlan {
  const century = latestCentury(campaign) + 1;
  const refuse = (p: Problem | readonly Problem[]) => refusal("disaster", century, p);
  const pre = prerequisites(campaign, problems);
  if (pre.length > 0) return refuse(pre);
  const input = (message: string): RefereePlan => refuse({ severity: "error", table: DEATHS.name, message });

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
  const cause = spelled(campaign, given === "" ? ELEMENT_NAME[letters[0] as Element] : given);
  if (order.hits.length === 0) return input("name at least one race the disaster strikes, with its deaths before resistances.");

  const races = foundTable(campaign, RACES.name);
  const resistColumn = races !== undefined && hasColumn(races.raw, "Resistances");
  // A global power with no element ignores every resistance: nothing to read.
  const ignoresResistances = kind === "global" && elements.size === 0;
  const struck: { race: Race; before: number; after: number; lost: number; codes: readonly ResistCode[] }[] = [];
  const refused: Problem[] = [];
  for (const hit of order.hits) {
    const race = lookUp<Race>(campaign, RACES.name, campaign.races, (r) => r.race, hit.race);
    if ("severity" in race) return refuse(race);
    if (struck.some((s) => s.race.index === race.index)) return refuse(raceProblem(`the ${race.race} are named twice; give each race's deaths once.`, race));
    const bad = wholeProblem(hit.deaths, `The deaths of the ${race.race} before resistances`);
    if (bad !== undefined) return refuse(raceProblem(bad, race));
    const codes = ignoresResistances ? [] : resistancesOf(campaign, problems, race, hit, resistColumn);
    if ("severity" in codes) {
      // The missing column is one problem, not one per race.
      if (!refused.some((p) => p.message === codes.message)) refused.push(codes);
      continue;
    }
    const after = resist(hit.deaths, elements, codes, kind);
    struck.push({ race, before: hit.deaths, after, lost: Math.min(after, race.units), codes: applicableCodes(codes, elements, kind) });
  }
  if (refused.length > 0) return refuse(refused);

  // The elements are named in the note unless the cause already says it: "disaster: fire", "disaster: volcano (F, E)".
  const label = letters.length === 0 || (letters.length === 1 && key(cause) === ELEMENT_NAME[letters[0] as Element]) ? "" : ` (${letters.join(", ")})`;
  const note = `${kind === "global" ? "global power" : "disaster"}: ${cause}${label}`;
  const deaths: DeathRow[] = [];
  const changes: RaceChange[] = [];
  const details: string[] = [];
  for (const s of struck) {
    const applied = ignoresResistances ? " (a global power with no element: no resistance applies)" : s.codes.length === 0 ? " (no resistance applies)" : ` (${s.codes.map((c) => c.text).join(", ")})`;
    const capped = s.lost < s.after ? `, but they had only ${plural(s.race.units, "unit")}` : "";
    details.push(`The ${s.race.race}: ${s.before} before resistances, ${s.after} after${applied}${capped}; Units ${s.race.units} → ${s.race.units - s.lost}.`);
    if (s.lost === 0) continue;
    deaths.push({ race: s.race.race, cause, units: s.lost, note });
    changes.push({ race: s.race.race, column: "Units", before: s.race.units, after: s.race.units - s.lost });
  }
  if (order.again !== true && deaths.length > 0) {
    const last = lastAction(campaign, century);
    const sameRaces = (rows: readonly Death[]) => {
      const had = new Set(rows.map((r) => key(r.race ?? "")));
      return had.size === deaths.length && deaths.every((d) => had.has(key(d.race ?? "")));
    };
    if (last !== undefined && key(last.note) === key(note) && sameRaces(last.rows)) {
      return refuse(repeated(campaign, century, last.rows[0] as Death, `this ${cause} striking the ${deaths.map((d) => d.race).join(", ")}`));
    }
  }
  const total = struck.reduce((sum, s) => sum + s.lost, 0);
  const before = struck.reduce((sum, s) => sum + s.before, 0);
  const what = `${kind === "global" ? "A global power" : "A disaster"} of ${cause}${label} in century ${century}`;
  const message =
    total === 0
      ? `${what}: nobody died (${before} before resistances); nothing to write.`
      : `${what}: ${plural(total, `${cause} death`)} after resistances (${before} before), among the ${deaths.map((d) => d.race).join(", ")}.`;
  const preview: RefereePreview = { action: "disaster", century, deaths, changes };
  return { edits: editsFor(century, deaths, changes, campaign.races), message, details, problems: [], century, preview };
}

// ---- Growth ---------------------------------------------------------------------------------

/**
 * The growth at the start of the century in play (engine: growth, starvation): every race gains
 * its Growth (25% when the cell is empty) of its units, rounded up; where a Limit is given, units
 * above it starve, and the race gets +2 Aggression for the rest of the century. Writes the
 * starvation deaths (or, when nobody starves, one row of 0) with the note "growth", which is
 * also what stops a second growth in one century.
 */
export function planGrowth(campaign: Campaign, problems: readonly Problem[]): RefereePlan {
  const century = latestCentury(campaign) + 1;
  const refuse = (p: Problem | readonly Problem[]) => refusal("growth", century, p);
  const pre = prerequisites(campaign, problems);
  if (pre.length > 0) return refuse(pre);
  const done = campaign.deaths.find((d) => d.century === century && d.note !== null && key(d.note) === GROWTH_NOTE);
  if (done !== undefined) {
    const deaths = foundTable(campaign, DEATHS.name);
    return refuse({
      severity: "error",
      table: DEATHS.name,
      row: done.row,
      column: "Note",
      ...(deaths === undefined ? {} : { address: addressIn(deaths.raw, done.row, "Note") }),
      message: `the growth of century ${century} is already done (this row's note says "${GROWTH_NOTE}"); races grow once a century. If century ${century} is over, calculate its end first: then century ${century + 1} is in play.`,
    });
  }
  if (campaign.races.length === 0) return refuse(raceProblem("the Races table has no races to grow."));

  const table = foundTable(campaign, RACES.name);
  const has = (column: string) => table !== undefined && hasColumn(table.raw, column);
  const cause = spelled(campaign, "starvation");
  const bad: Problem[] = [];
  const deaths: DeathRow[] = [];
  const changes: RaceChange[] = [];
  const details: string[] = [];
  const angry: string[] = [];
  let grownTotal = 0;
  for (const race of campaign.races) {
    if (race.growth === undefined) bad.push(badCell(campaign, problems, race, "Growth"));
    if (race.limit === undefined) bad.push(badCell(campaign, problems, race, "Limit"));
    if (race.growth === undefined || race.limit === undefined) continue;
    const rate = race.growth ?? DEFAULT_GROWTH_RATE;
    const grown = growth(race.units, rate);
    const starved = race.limit === null ? 0 : starvation(race.units + grown, race.limit);
    const after = race.units + grown - starved;
    grownTotal += grown;
    let line = `The ${race.race}: ${race.units} + ${grown} (${percentOf(rate)}) = ${race.units + grown}`;
    if (race.limit === null) line += has("Limit") ? " (no Limit given: not checked)" : "";
    else line += starved === 0 ? ` (Limit ${race.limit})` : `; Limit ${race.limit}: ${starved} starve → ${after}`;
    if (after !== race.units) changes.push({ race: race.race, column: "Units", before: race.units, after });
    if (starved > 0) {
      deaths.push({ race: race.race, cause, units: starved, note: GROWTH_NOTE });
      if (has("Aggression")) {
        if (race.aggression === undefined) {
          bad.push(badCell(campaign, problems, race, "Aggression"));
          continue;
        }
        const aggression = race.aggression ?? 0;
        changes.push({ race: race.race, column: "Aggression", before: aggression, after: aggression + STARVATION_AGGRESSION });
        line += `; Aggression ${aggression} → ${aggression + STARVATION_AGGRESSION}`;
      } else angry.push(race.race);
    }
    details.push(`${line}.`);
  }
  if (bad.length > 0) return refuse(bad);

  const starvedTotal = deaths.reduce((sum, d) => sum + d.units, 0);
  // Nobody starved: one row of 0 still marks the century's growth as done.
  const rows = deaths.length > 0 ? deaths : [{ race: null, cause, units: 0, note: GROWTH_NOTE }];
  let message = `Growth at the start of century ${century}: the races grew by ${plural(grownTotal, "unit")}`;
  message += starvedTotal === 0 ? "; nobody starved." : `; ${starvedTotal} starved (the ${deaths.map((d) => d.race).join(", ")}).`;
  if (starvedTotal > 0 && has("Aggression")) message += ` Their Aggression is ${STARVATION_AGGRESSION} higher for the rest of the century: lower it again when century ${century} ends.`;
  if (angry.length > 0) message += ` The Races table has no Aggression column: note +${STARVATION_AGGRESSION} Aggression for the rest of the century for the ${angry.join(", ")}.`;
  if (!has("Limit")) message += " The Races table has no Limit column, so nobody was checked for starvation: add one with the units each race's squares support.";
  const preview: RefereePreview = { action: "growth", century, deaths: rows, changes };
  return { edits: editsFor(century, rows, changes, campaign.races), message, details, problems: [], century, preview };
}
