/**
 * The end of a game session: the players tell the gamemasters the mana their characters hold, and
 * it is kept twice: a row per character in the Sessions table (dated, earlier sessions kept, so
 * the holdings can be followed over the game), and each character's Mana cell in the Gods table,
 * which the mana inflation advice reads. Recording the same date again corrects that date's rows
 * instead of adding a second set.
 */
import { DEMONS, nameKey } from "../../engine/names";
import { isInteger, toNumber } from "../../engine/exact";
import { tableError, type Problem } from "../model/problems";
import { isBlankRow, isErrorCell, type RawCell, type RawTable, type RawWorkbook } from "../model/raw";
import { exactNumber, isBlank } from "../../engine/cells";
import { LIST_SHOWN, shownList, shownName } from "../model/shown";
import { CARDS, CARDS_WAITING, GODS, GODS_MANA, SESSIONS } from "../model/schema";
import { applyEdits, refused, type EditPlan, type EditRow, type TableEdit } from "../plan/edits";
import { tableLayout, type PlanValue } from "../plan/layout";
import { foundTable, readCampaign, type Campaign, type God } from "../read/campaign";
import type { Card } from "../read/types";
import { latestCentury } from "../read/century";
import { hasColumn, lookUp, missingTable } from "./lookUp";
import { manaInflation, type ManaInflation } from "./inflation";
import { columnIndex } from "../model/tableReader";

/** The most mana a character may be said to hold: far beyond any game, well inside a cell's exact digits. */
export const MAX_HELD = 1_000_000_000;

export interface SessionEntry {
  readonly god: string;
  readonly mana: number;
}

export interface SessionOrder {
  /** the session's date, YYYY-MM-DD */
  readonly date: string;
  readonly entries: readonly SessionEntry[];
  /** take the characters not in `entries` from what the Gods table's Mana column holds now */
  readonly fromGods?: boolean;
}

export interface SessionLine {
  /** as the Gods table spells it */
  readonly god: string;
  /** its Mana cell before, when it held a number */
  readonly before: number | null;
  readonly mana: number;
  /** whether a row of the same date is corrected rather than a new one added */
  readonly corrected: boolean;
  /** a later session is recorded for it already (that date): its Mana cell keeps that session's figure */
  readonly later?: string;
}

export interface SessionPlan extends EditPlan {
  readonly date: string;
  /** the century in play when the session ended */
  readonly century: number;
  readonly lines: readonly SessionLine[];
  /** the mana inflation advice once the figures are written */
  readonly inflation?: ManaInflation;
}

const problem = (message: string, column?: string): Problem => tableError(GODS.name, message, column === undefined ? {} : { column });

/** Whether `text` is a real day written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** Today in the computer's own time zone, YYYY-MM-DD: the day the gamemaster records the session. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A Date cell as YYYY-MM-DD: typed as text, or a date Excel keeps as a day number. */
function dateOf(cell: RawCell): string | undefined {
  if (typeof cell === "string") return cell.trim();
  if (typeof cell === "number" && Number.isFinite(cell) && cell > 0) {
    // Excel's day 25569 is 1970-01-01 (its day numbers count from 1900, with its 29 February 1900).
    const day = new Date(Math.round((cell - 25569) * 86_400_000));
    return day.toISOString().slice(0, 10);
  }
  return undefined;
}

/** Why a figure cannot be what a character holds, in one sentence; undefined when it can. */
function badFigure(god: string, mana: number): string | undefined {
  if (!Number.isFinite(mana)) return `${god}'s mana is not a number: write the whole mana the character holds, 0 or more.`;
  if (mana < 0) return `${god}'s mana is ${mana}, below 0: a character holds 0 mana or more (what it owes goes in the book as a debit).`;
  if (!Number.isInteger(mana)) return `${god}'s mana is ${mana}, not a whole number: characters hold mana in whole units.`;
  if (mana > MAX_HELD) return `${god}'s mana is ${mana}, more than ${MAX_HELD.toLocaleString("en-US")}: check the figure.`;
  return undefined;
}

/** The figures to record, by god, or the one reason they cannot be. */
function figures(campaign: Campaign, order: SessionOrder, hasMana: boolean): { god: God; mana: number }[] | Problem {
  const given = new Map<string, { god: God; mana: number }>();
  for (const entry of order.entries) {
    if (nameKey(entry.god) === nameKey(DEMONS)) {
      // The demons' pool is an account of the book, not a character: each demon holds its own mana.
      const demons = campaign.gods.filter((g) => g.kind === "demon").map((g) => g.name);
      return problem(
        `${DEMONS} is the demons' shared pool of mana sources, not a character: a session's end records what each character holds, so give each demon by name${
          demons.length === 0 ? " (the Gods table has none)" : ` (${demons.slice(0, 5).join(", ")}${demons.length > 5 ? ", …" : ""})`
        }.`,
      );
    }
    const found = lookUp<God>(campaign, GODS.name, campaign.gods, (g) => g.name, entry.god, "--mana");
    if ("severity" in found) return found;
    const twice = given.get(nameKey(found.name));
    if (twice !== undefined) return problem(`${found.name} is given twice (${twice.mana} and ${entry.mana}): give each character once.`);
    const bad = badFigure(found.name, entry.mana);
    if (bad !== undefined) return problem(bad, GODS_MANA);
    given.set(nameKey(found.name), { god: found, mana: entry.mana });
  }
  if (order.fromGods === true) {
    if (!hasMana)
      return problem(`the Gods table has no ${GODS_MANA} column to take the figures from: add it, with each character's mana, or give each figure.`);
    for (const god of campaign.gods) {
      if (given.has(nameKey(god.name))) continue;
      const held = god.mana;
      if (held === null) return problem(`${god.name}'s ${GODS_MANA} cell is empty: write the mana it holds there, or give it.`, GODS_MANA);
      if (held === undefined || !isInteger(held) || toNumber(held) < 0)
        return problem(`${god.name}'s ${GODS_MANA} cell does not hold a whole number, 0 or more: correct it, or give the figure.`, GODS_MANA);
      given.set(nameKey(god.name), { god, mana: toNumber(held) });
    }
  }
  if (given.size === 0) return problem("no character's mana was given: give at least one.");
  // In the Gods table's order, whatever order they were given in.
  return campaign.gods.flatMap((g) => given.get(nameKey(g.name)) ?? []);
}

/** The latest date each character has a row of in the Sessions table, by the name key of its god. */
function latestDates(table: RawTable): Map<string, string> {
  const at = { date: columnIndex(table, "Date"), god: columnIndex(table, "God") };
  const latest = new Map<string, string>();
  for (const cells of table.rows) {
    const god = cells[at.god];
    const date = dateOf(cells[at.date] ?? null);
    if (typeof god !== "string" || date === undefined || !isDate(date)) continue;
    const was = latest.get(nameKey(god));
    if (was === undefined || date > was) latest.set(nameKey(god), date);
  }
  return latest;
}

/** The rows of the Sessions table already dated `date`, by the name key of their god. */
function rowsOfDate(table: RawTable, date: string): Map<string, number> {
  const at = { date: columnIndex(table, "Date"), god: columnIndex(table, "God") };
  const rows = new Map<string, number>();
  table.rows.forEach((cells, index) => {
    const god = cells[at.god];
    if (dateOf(cells[at.date] ?? null) === date && typeof god === "string" && god.trim() !== "" && !rows.has(nameKey(god))) rows.set(nameKey(god), index);
  });
  return rows;
}

/** A cell as a message shows it: #N/A, 4, "four". */
function shownCell(cell: RawCell): string {
  if (isErrorCell(cell)) return shownName(cell.error, 20);
  if (typeof cell === "string") return `"${shownName(cell, 20)}"`;
  return typeof cell === "boolean" ? (cell ? "TRUE" : "FALSE") : String(cell);
}

/**
 * The Cards table's Waiting cells a session's end empties: every one that holds something, by
 * row. Those the reader counted are named by their cards; the others (#N/A, more than the row's
 * cards, a row it left out) by their row and what they held, so that none is left behind while
 * the message says they were emptied.
 */
function waitingCells(raw: RawWorkbook, campaign: Campaign): { waiting: Card[]; uncounted: string[]; indexes: number[] } {
  const table = raw.tables.get(CARDS.name.toLowerCase());
  const at = table === undefined ? -1 : columnIndex(table, CARDS_WAITING);
  if (table === undefined || at < 0) return { waiting: [], uncounted: [], indexes: [] };
  const counted = new Map(campaign.cards.filter((c) => c.waiting > 0).map((c) => [c.index, c]));
  const waiting: Card[] = [];
  const uncounted: string[] = [];
  const indexes: number[] = [];
  table.rows.forEach((cells, index) => {
    const cell = cells[at] ?? null;
    const n = exactNumber(cell);
    if (isBlank(cell) || isBlankRow(cells) || (n !== null && n.n === 0n)) return;
    indexes.push(index);
    const card = counted.get(index);
    if (card !== undefined) waiting.push(card);
    else uncounted.push(`row ${table.headerRow + 1 + index}: ${shownCell(cell)}`);
  });
  return { waiting, uncounted, indexes };
}

/**
 * What the end of a session writes: a row per character in the Sessions table (made when it is
 * missing; a same-dated row corrected), and each character's Mana cell in the Gods table (the
 * column added when it is missing).
 */
export function planSessionEnd(raw: RawWorkbook, campaign: Campaign, order: SessionOrder): SessionPlan {
  const date = order.date.trim();
  const century = latestCentury(campaign) + 1;
  const refuse = (p: Problem): SessionPlan => ({ ...refused(p), date, century, lines: [] });
  if (!isDate(date))
    return refuse(tableError(SESSIONS.name, `"${date.slice(0, 40)}" is not a date: write it as YYYY-MM-DD, such as 2026-03-14.`, { column: "Date" }));
  const gods = foundTable(campaign, GODS.name);
  if (gods?.usable !== true) return refuse(missingTable(GODS.name));
  const hasMana = hasColumn(gods.raw, GODS_MANA);
  const found = figures(campaign, order, hasMana);
  if ("severity" in found) return refuse(found);

  const sessions = raw.tables.get(SESSIONS.name.toLowerCase());
  if (sessions !== undefined) {
    const missing = SESSIONS.columns.filter((c) => c.required && !hasColumn(sessions, c.header)).map((c) => c.header);
    if (missing.length > 0)
      return refuse(
        tableError(
          SESSIONS.name,
          `the Sessions table has no ${missing.join(" or ")} column: give it the headers ${SESSIONS.columns.map((c) => c.header).join(", ")}, then record again.`,
        ),
      );
  }
  const dated = sessions === undefined ? new Map<string, number>() : rowsOfDate(sessions, date);
  // The latest session wins by its date, not by the order it was recorded in.
  const latest = sessions === undefined ? new Map<string, string>() : latestDates(sessions);
  const withCentury = sessions === undefined || hasColumn(sessions, "Century");
  const row = (god: string, mana: number): EditRow => ({ Date: date, ...(withCentury ? { Century: century } : {}), God: god, Mana: mana });

  const edits: TableEdit[] = [];
  const appended: EditRow[] = [];
  const lines: SessionLine[] = found.map(({ god, mana }) => {
    const index = dated.get(nameKey(god.name));
    if (index !== undefined) edits.push({ kind: "update", table: SESSIONS.name, index, values: row(god.name, mana) });
    else appended.push(row(god.name, mana));
    const before = god.mana === null || god.mana === undefined ? null : toNumber(god.mana);
    const later = latest.get(nameKey(god.name));
    return { god: god.name, before, mana, corrected: index !== undefined, ...(later !== undefined && later > date ? { later } : {}) };
  });
  const current = found.filter((f) => !lines.some((l) => l.later !== undefined && l.god === f.god.name));
  if (sessions === undefined) edits.push({ kind: "create", layout: tableLayout(SESSIONS), rows: appended });
  else if (appended.length > 0) edits.push({ kind: "append", table: SESSIONS.name, rows: appended });

  // The Gods table's Mana column: what the inflation advice reads.
  const byIndex = new Map(current.map((f) => [f.god.index, f.mana]));
  if (hasMana) {
    for (const { god, mana } of current)
      if (god.mana === null || god.mana === undefined || toNumber(god.mana) !== mana || !isInteger(god.mana))
        edits.push({ kind: "update", table: GODS.name, index: god.index, values: { [GODS_MANA]: mana } });
  } else {
    const values: PlanValue[] = gods.raw.rows.map((cells, i) => (isBlankRow(cells) ? null : (byIndex.get(i) ?? null)));
    edits.push({ kind: "addColumn", table: GODS.name, header: GODS_MANA, values });
  }

  // Cards gained during the session earn from the next one: its end lets them earn.
  const { waiting, uncounted, indexes } = waitingCells(raw, campaign);
  for (const index of indexes) edits.push({ kind: "update", table: CARDS.name, index, values: { [CARDS_WAITING]: null } });

  const after = readCampaign(applyEdits(raw, edits));
  const inflation = manaInflation(after.campaign, after.problems);
  const corrected = lines.filter((l) => l.corrected).length;
  const n = lines.length;
  const message = [
    `Recorded the mana ${n === 1 ? "of 1 character" : `of ${n} characters`} at the end of the session of ${date} (century ${century} in play).`,
    corrected === 0
      ? ""
      : `${corrected === n ? "It corrects" : `${corrected} of them ${corrected === 1 ? "corrects" : "correct"}`} the figures recorded earlier for that date.`,
    sessions === undefined ? "The workbook had no Sessions table; it has one now." : "",
    current.length === found.length
      ? ""
      : `A later session is recorded already (${[...new Set(lines.flatMap((l) => l.later ?? []))].sort().pop() ?? ""}): the Gods table's ${GODS_MANA} ${
          current.length === 0
            ? "column keeps its figures"
            : `cells of ${shownList(lines.filter((l) => l.later !== undefined).map((l) => shownName(l.god)))} keep theirs`
        }, and the inflation advice reads them.`,
    hasMana ? "" : `The Gods table has a ${GODS_MANA} column now.`,
    waiting.length === 0
      ? ""
      : `The cards gained during the session earn from now on: ${shownList(waiting.map((c) => `${shownName(c.god)} ${c.waiting} ${shownName(c.sphere)}`))} (the Cards table's ${CARDS_WAITING} cells emptied).`,
    uncounted.length === 0
      ? ""
      : `The Cards table's ${CARDS_WAITING} ${uncounted.length === 1 ? "cell" : "cells"} that could not be counted (${shownList(uncounted, LIST_SHOWN, "; ")}) ${uncounted.length === 1 ? "is" : "are"} emptied too: every card of ${uncounted.length === 1 ? "its row earns" : "their rows earns"} from now on.`,
    inflation.average === undefined || inflation.factor === undefined
      ? ""
      : `Average ${String(+inflation.average.toFixed(3))} mana a character: ${inflation.factor === 1 ? "every mana source pays in full." : `the inflation advice is a factor of ${inflation.factor} on every mana source.`}`,
  ]
    .filter((s) => s !== "")
    .join(" ");
  const details = lines.map(
    (l) =>
      `${l.god}: ${l.mana}${l.later !== undefined ? ` (Mana left at ${l.before ?? "empty"}: the session of ${l.later} is later)` : l.before === null ? "" : l.before === l.mana ? " (unchanged)" : ` (was ${l.before})`}`,
  );
  return { edits, message, details, problems: [], date, century, lines, inflation };
}
