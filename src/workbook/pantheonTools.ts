/**
 * The task pane's pantheon tools on the campaign's tables: a cult, the obliteration of a god,
 * religious turmoil, and the Diabolism/Atheism check of a proposed change. The rules are the
 * engine's (RULES.md §9); this module finds the rows, hands them to the engine and turns its
 * answer into edits of the Pantheon, Cards and Races tables.
 */
import { RuleError } from "../engine/errors";
import { cmp, floor, fromNumber, isZero, mul, ratio, sub, toNumber, type Ratio } from "../engine/exact";
import { ATHEISM, DIABOLISM } from "../engine/century";
import { cult, inStyle, isDiabolism, isGod, memberKey, obliterate, readPantheon, vetoOfChange, type Pantheon, type Share, type ShareStyle } from "../engine/pantheon";
import { isBlankRow, refused, type EditPlan, type EditRow, type TableEdit } from "./edits";
import type { Problem } from "./problems";
import type { RawWorkbook } from "./raw";
import { INPUT_TABLES, type TableSpec } from "./schema";
import { TableReader } from "./tableReader";

const spec = (name: string): TableSpec => INPUT_TABLES.find((t) => t.name === name) as TableSpec;
const GODS = spec("Gods");
const CARDS = spec("Cards");
const RACES = spec("Races");
const PANTHEON = spec("Pantheon");

/** A table's rows through its reader; undefined when the table is missing or lacks a required column. */
function readerFor(raw: RawWorkbook, table: TableSpec, problems: Problem[] = []): TableReader | undefined {
  const found = raw.tables.get(table.name.toLowerCase());
  if (found === undefined) return undefined;
  const reader = new TableReader(found, table, problems);
  return reader.ok ? reader : undefined;
}

/** Index of a row among the rows under the headers, from the sheet row a reader gives. */
function indexOf(reader: TableReader, sheetRow: number): number {
  return sheetRow - reader.raw.headerRow - 1;
}

function missingTable(name: string): Problem {
  return {
    severity: "error",
    table: name,
    message: `the workbook has no usable ${name} table (it is missing, or lacks a column it needs); add it under Set up, or fix its headers.`,
  };
}

// ---- Who is in the campaign --------------------------------------------------------------

export interface GodRow {
  readonly name: string;
  readonly demon: boolean;
}

/** The gods as written in the Gods table, whatever else is wrong with their rows. */
export function godsIn(raw: RawWorkbook): GodRow[] | undefined {
  const reader = readerFor(raw, GODS);
  if (reader === undefined) return undefined;
  const gods: GodRow[] = [];
  for (const r of reader.rows()) {
    const name = r.text("God", false);
    if (name !== undefined) gods.push({ name, demon: (r.has("Kind") ? r.text("Kind", false) : undefined)?.toLowerCase() === "demon" });
  }
  return gods;
}

export interface RaceRow {
  readonly name: string;
  /** among the rows under the headers, from 0 */
  readonly index: number;
  /** what its Turmoil cell says: true, false, or undefined when it says neither */
  readonly turmoil: boolean | undefined;
}

/** The races as written in the Races table. */
export function racesIn(raw: RawWorkbook): { reader: TableReader; races: RaceRow[] } | undefined {
  const reader = readerFor(raw, RACES);
  if (reader === undefined) return undefined;
  const races: RaceRow[] = [];
  for (const r of reader.rows()) {
    const name = r.text("Race", false);
    if (name !== undefined) races.push({ name, index: indexOf(reader, r.row), turmoil: r.has("Turmoil") ? r.yesNo("Turmoil") : false });
  }
  return { reader, races };
}

function findRace(raw: RawWorkbook, race: string): RaceRow | Problem {
  const found = racesIn(raw);
  if (found === undefined) return missingTable("Races");
  const row = found.races.find((r) => memberKey(r.name) === memberKey(race));
  return row ?? { severity: "error", table: "Races", message: `"${race.trim()}" is not in the Races table.` };
}

// ---- A race's pantheon, as the table holds it ---------------------------------------------

interface Entry {
  readonly index: number;
  readonly row: number;
  readonly member: string;
  readonly share: Ratio | null;
}

export interface RacePantheon {
  /** the race as its Pantheon rows spell it */
  readonly race: string;
  readonly entries: readonly Entry[];
  /** the engine's reading of the entries, or what is wrong with them */
  readonly pantheon: Pantheon | Problem;
}

function where(reader: TableReader, entries: readonly { row: number }[]): Pick<Problem, "row" | "column" | "address"> {
  const first = entries[0]?.row;
  return first === undefined ? {} : { row: first, column: "Share", address: reader.address(first, "Share") };
}

/** Every race's pantheon rows, grouped by race in table order; undefined without a Pantheon table. */
export function pantheonsIn(raw: RawWorkbook): Map<string, RacePantheon> | undefined {
  const reader = readerFor(raw, PANTHEON);
  if (reader === undefined) return undefined;
  const groups = new Map<string, { race: string; entries: Entry[]; problems: Problem[] }>();
  for (const r of reader.rows()) {
    const race = r.text("Race", false);
    if (race === undefined) continue;
    let group = groups.get(memberKey(race));
    if (group === undefined) {
      group = { race, entries: [], problems: [] };
      groups.set(memberKey(race), group);
    }
    // Problems of a cell are kept with its race: a tool may not change a pantheon it cannot read whole.
    const member = r.text("Member", false);
    const share = r.text("Share", false) === undefined ? null : r.decimal("Share", "a share such as 40 or 40%");
    if (member === undefined) {
      group.problems.push({ severity: "error", table: "Pantheon", row: r.row, column: "Member", address: r.address("Member"), message: "names no member." });
      continue;
    }
    if (share === undefined) {
      group.problems.push({ severity: "error", table: "Pantheon", row: r.row, column: "Share", address: r.address("Share"), message: "is not a share such as 40 or 40%." });
      continue;
    }
    group.entries.push({ index: indexOf(reader, r.row), row: r.row, member, share });
  }
  const out = new Map<string, RacePantheon>();
  for (const [key, g] of groups) {
    let pantheon: Pantheon | Problem;
    const [problem] = g.problems;
    if (problem !== undefined) pantheon = { ...problem, message: `the pantheon of ${g.race}: this cell ${problem.message}` };
    else {
      try {
        pantheon = readPantheon(g.entries.map((e) => ({ member: e.member, share: e.share })));
      } catch (e) {
        if (!(e instanceof RuleError)) throw e;
        pantheon = { severity: "error", table: "Pantheon", ...where(reader, g.entries), message: `the pantheon of ${g.race} cannot be used: ${e.message}` };
      }
    }
    out.set(key, { race: g.race, entries: g.entries, pantheon });
  }
  return out;
}

/** The race's pantheon, or why a tool cannot use it. */
function pantheonOf(raw: RawWorkbook, race: string): RacePantheon | Problem {
  const known = findRace(raw, race);
  if ("severity" in known) return known;
  const all = pantheonsIn(raw);
  if (all === undefined) return missingTable("Pantheon");
  const found = all.get(memberKey(known.name));
  if (found === undefined) return { severity: "error", table: "Pantheon", message: `${known.name} has no rows in the Pantheon table yet; add its members and their shares there first.` };
  return found;
}

// ---- Writing shares back ----------------------------------------------------------------

/**
 * Decimal places a share is written with: 4 for points (33.3333), 6 for fractions (0.333333).
 * The engine's shares are exact fractions such as 100/3; a cell can only hold a rounded number,
 * and the campaign's check wants the written shares to add up to exactly 100, so they are
 * rounded with the largest remainders rounded up until the total is exact.
 */
export const SHARE_PLACES = 4;

export function writtenShares(points: readonly Ratio[], style: ShareStyle): number[] {
  const places = style === "fractions" ? SHARE_PLACES + 2 : SHARE_PLACES;
  const unit = ratio(10n ** BigInt(places));
  const scaled = points.map((p) => mul(inStyle(p, style), unit));
  const whole = scaled.map((s) => floor(s));
  const target = floor(mul(inStyle(ratio(100), style), unit));
  let missing = whole.reduce((sum, w) => sum - w, target);
  // Largest remainders first; among equal ones, the earlier member.
  const order = scaled.map((s, i) => ({ i, rest: sub(s, ratio(whole[i] as bigint)) })).sort((a, b) => cmp(b.rest, a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0n) break;
    whole[i] = (whole[i] as bigint) + 1n;
    missing--;
  }
  return whole.map((w) => toNumber(ratio(w, 10n ** BigInt(places))));
}

/** A share in a message, as the cells show it once written (at most SHARE_PLACES decimals). */
function percent(points: Ratio): string {
  return `${Number(toNumber(points).toFixed(SHARE_PLACES))}%`;
}

interface Rewrite {
  readonly edits: TableEdit[];
  /** "Solara 50% → 55%", one per member whose share changed */
  readonly changes: string[];
}

/**
 * Edits that give a race's members their new shares: changed cells rewritten, members the
 * engine added appended, and the members in `removed` deleted (their share is then 0).
 */
function rewrite(p: RacePantheon, pantheon: Pantheon, after: readonly Share[], removed: ReadonlySet<string> = new Set()): Rewrite {
  const written = writtenShares(
    after.map((s) => s.share),
    pantheon.style,
  );
  const edits: TableEdit[] = [];
  const changes: string[] = [];
  const appended: EditRow[] = [];
  after.forEach((s, i) => {
    const value = written[i] as number;
    const before = pantheon.shares[i];
    const entry = p.entries[i];
    if (entry !== undefined && removed.has(memberKey(s.member))) return;
    if (before === undefined || entry === undefined) {
      appended.push({ Race: p.race, Member: s.member, Share: value });
      changes.push(`${s.member} joins with ${percent(s.share)}`);
      return;
    }
    if (entry.share === null || toNumber(entry.share) !== value) edits.push({ kind: "update", table: "Pantheon", index: entry.index, values: { Share: value } });
    if (cmp(before.share, s.share) !== 0) changes.push(`${s.member} ${percent(before.share)} → ${percent(s.share)}`);
  });
  if (appended.length > 0) edits.push({ kind: "append", table: "Pantheon", rows: appended });
  const gone = p.entries.filter((e) => removed.has(memberKey(e.member))).map((e) => e.index);
  if (gone.length > 0) edits.push({ kind: "delete", table: "Pantheon", indexes: gone });
  return { edits, changes };
}

function usable(p: RacePantheon | Problem): { p: RacePantheon; pantheon: Pantheon } | Problem {
  if ("severity" in p) return p;
  return "severity" in p.pantheon ? p.pantheon : { p, pantheon: p.pantheon };
}

// ---- The tools ---------------------------------------------------------------------------

/** A member a pantheon may hold: a god that is not a demon, Diabolism or Atheism, as the tables spell it. */
function memberName(raw: RawWorkbook, name: string): string | Problem {
  if (!isGod(name)) return isDiabolism(name) ? DIABOLISM : ATHEISM;
  const gods = godsIn(raw);
  if (gods === undefined) return missingTable("Gods");
  const god = gods.find((g) => memberKey(g.name) === memberKey(name));
  if (god === undefined) return { severity: "error", table: "Gods", message: `"${name.trim()}" is not in the Gods table.` };
  if (god.demon) return { severity: "error", table: "Gods", message: `${god.name} is a demon: mortals worship demons through Diabolism, so a cult for a demon is a cult for Diabolism.` };
  return god.name;
}

/** A cult of `points` percentage points for `deity` in a race's pantheon (engine: cult). */
export function planCult(raw: RawWorkbook, race: string, deity: string, points: number): EditPlan {
  if (!Number.isFinite(points) || points <= 0 || points > 100) {
    return refused({ severity: "error", table: "Pantheon", message: `a cult adds between 0 and 100 points to a deity; ${Number.isFinite(points) ? points : "that"} is not such a number.` });
  }
  const name = memberName(raw, deity);
  if (typeof name !== "string") return refused(name);
  const found = usable(pantheonOf(raw, race));
  if ("severity" in found) return refused(found);
  const { p, pantheon } = found;
  const after = cult(pantheon.shares, name, fromNumber(points));
  const { edits, changes } = rewrite(p, pantheon, after);
  if (changes.length === 0) return { edits, message: `${name} already holds the whole pantheon of the ${p.race}; nothing changed.`, problems: [] };
  return { edits, message: `Cult of ${name} among the ${p.race}: ${changes.join(", ")}.`, problems: [] };
}

/**
 * Obliterates a god (engine: obliterate): in every pantheon where it has a share, the share is
 * split among the other gods (or goes to Atheism when none is left) and the god's row is
 * removed; its Cards rows are removed too. Its row in the Gods table stays, for the Ledger.
 */
export function planObliterate(raw: RawWorkbook, god: string): EditPlan {
  const gods = godsIn(raw);
  if (gods === undefined) return refused(missingTable("Gods"));
  const row = gods.find((g) => memberKey(g.name) === memberKey(god));
  if (row === undefined) return refused({ severity: "error", table: "Gods", message: `"${god.trim()}" is not in the Gods table.` });
  const name = row.name;

  const edits: TableEdit[] = [];
  const details: string[] = [];
  const problems: Problem[] = [];
  for (const p of pantheonsIn(raw)?.values() ?? []) {
    if (!p.entries.some((e) => memberKey(e.member) === memberKey(name))) continue;
    const found = usable(p);
    if ("severity" in found) {
      problems.push(found);
      continue;
    }
    const after = obliterate(found.pantheon.shares, name);
    const change = rewrite(found.p, found.pantheon, after, new Set([memberKey(name)]));
    edits.push(...change.edits);
    details.push(`${p.race}: ${change.changes.length > 0 ? change.changes.join(", ") : `${name} had no share left`}.`);
  }
  if (problems.length > 0) return { edits: [], message: "", problems };

  const cards = readerFor(raw, CARDS);
  const cardRows: number[] = [];
  for (const r of cards?.rows() ?? []) {
    const holder = r.text("God", false);
    if (holder !== undefined && memberKey(holder) === memberKey(name)) cardRows.push(indexOf(cards as TableReader, r.row));
  }
  if (cardRows.length > 0) {
    edits.push({ kind: "delete", table: "Cards", indexes: cardRows });
    details.push(`Cards: ${cardRows.length === 1 ? "its row was" : `its ${cardRows.length} rows were`} removed.`);
  }
  if (edits.length === 0) return { edits, message: `${name} holds no cards and no share of any pantheon: there was nothing to change.`, problems: [] };
  return {
    edits,
    message: `${name} is obliterated. Its worshippers turned to the other gods of each pantheon (to Atheism where none was left). ${name} stays in the Gods table for the Ledger; delete that row yourself if the player leaves the game.`,
    details,
    problems: [],
  };
}

/** Marks a race as in religious turmoil this century, or no longer (adding the Turmoil column if needed). */
export function planTurmoil(raw: RawWorkbook, race: string, inTurmoil: boolean): EditPlan {
  const found = racesIn(raw);
  if (found === undefined) return refused(missingTable("Races"));
  const row = found.races.find((r) => memberKey(r.name) === memberKey(race));
  if (row === undefined) return refused({ severity: "error", table: "Races", message: `"${race.trim()}" is not in the Races table.` });
  const word = inTurmoil ? "yes" : "no";
  const message = inTurmoil
    ? `The ${row.name} are in religious turmoil: they give no worship for this century.`
    : `The ${row.name} are no longer marked as in religious turmoil. A race in turmoil at any time of a century gives no worship for all of it, so clear the mark only once that century has been ended.`;
  if (!found.reader.has("Turmoil")) {
    const values = found.reader.raw.rows.map((cells, i) => (isBlankRow(cells) ? null : i === row.index ? word : "no"));
    return { edits: [{ kind: "addColumn", table: "Races", header: "Turmoil", values }], message: `${message} (The Races table now has a Turmoil column.)`, problems: [] };
  }
  if (row.turmoil === inTurmoil) return { edits: [], message: `The ${row.name} ${inTurmoil ? "are already" : "are not"} marked as in religious turmoil; nothing changed.`, problems: [] };
  return { edits: [{ kind: "update", table: "Races", index: row.index, values: { Turmoil: word } }], message, problems: [] };
}

export interface ProposedShare {
  readonly member: string;
  /** percentage points */
  readonly share: number;
}

export interface ChangeVerdict {
  /** true when Diabolism and Atheism accept, false when one vetoes, undefined when the check could not be made */
  readonly accepted?: boolean;
  readonly message: string;
  readonly problems: readonly Problem[];
}

/** Whether Diabolism and Atheism accept a race's pantheon becoming `proposed` (engine: vetoOfChange). */
export function checkChange(raw: RawWorkbook, race: string, proposed: readonly ProposedShare[]): ChangeVerdict {
  const found = usable(pantheonOf(raw, race));
  if ("severity" in found) return { message: "", problems: [found] };
  const rows = proposed.filter((s) => s.member.trim() !== "");
  let after: Pantheon;
  try {
    if (rows.some((s) => !Number.isFinite(s.share))) throw new RuleError("Every member needs a share, written as a number of points (0 for a member that leaves).");
    // Points, whatever the table uses: the pane shows and takes points.
    after = readPantheon(rows.map((s) => ({ member: s.member, share: fromNumber(s.share) })));
    if (after.style === "fractions") throw new RuleError("Write the proposed shares as points adding up to 100.");
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { message: `The proposed pantheon is not sound: ${e.message}`, problems: [] };
  }
  const veto = vetoOfChange(found.pantheon.shares, after.shares);
  if (veto !== null) return { accepted: false, message: veto, problems: [] };
  const special = found.pantheon.shares.filter((s) => !isGod(s.member) && !isZero(s.share)).map((s) => s.member);
  return {
    accepted: true,
    message:
      special.length === 0
        ? `Neither Diabolism nor Atheism has a share in the pantheon of the ${found.p.race}, so neither has a say; the gods of the pantheon decide.`
        : `${special.join(" and ")} ${special.length === 1 ? "accepts" : "accept"} this change.`,
    problems: [],
  };
}
