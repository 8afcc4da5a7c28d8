/**
 * Recording mortal deaths in the Deaths table as play goes on: always for the century in play
 * (the one after the Ledger's latest), so that the century end counts them.
 */
import { unwritableIn, wordProblem } from "../model/names";
import { nameKey } from "../../engine/names";
import { tableError, type Problem } from "../model/problems";
import { DEATHS, RACES } from "../model/schema";
import { refused, type EditPlan, type EditRow } from "../plan/edits";
import { tableLayout } from "../plan/layout";
import { foundTable, type Campaign, type Race } from "../read/campaign";
import { latestCentury } from "../read/century";
import { hasColumn, lookUp } from "./lookUp";

/**
 * The Note of the one row per cause and century that the quick +1/+5 buttons add to, so that
 * a session's clicks make one row, not hundreds; rows the gamemaster typed are never changed.
 */
export const TALLY_NOTE = "tally";

export interface DeathEntry {
  readonly cause: string;
  readonly units: number;
  readonly race?: string;
  readonly note?: string;
  /** add to the cause's tally row instead of writing a row of its own */
  readonly tally?: boolean;
}

export interface CauseTally {
  readonly cause: string;
  /** units logged for the century in play */
  readonly units: number;
}

const key = nameKey;

/**
 * The causes a gamemaster records: every cause a `deaths` source counts, then every other cause
 * already logged, with the units logged for `century`.
 */
export function causeTallies(campaign: Campaign, century: number): CauseTally[] {
  const causes = new Map<string, string>();
  for (const s of campaign.sources) if (s.basis === "deaths" && s.cause !== null && !causes.has(key(s.cause))) causes.set(key(s.cause), s.cause);
  for (const d of campaign.deaths) if (!causes.has(key(d.cause))) causes.set(key(d.cause), d.cause);
  return [...causes.entries()].map(([k, cause]) => ({
    cause,
    units: campaign.deaths.filter((d) => d.century === century && key(d.cause) === k).reduce((sum, d) => sum + d.units, 0),
  }));
}

function problem(column: string, message: string): Problem {
  return tableError(DEATHS.name, message, { column });
}

/** The row to add to, for a tally: this century's row of the cause with no race and the tally note. */
function tallyRow(campaign: Campaign, century: number, cause: string): { index: number; units: number } | undefined {
  return campaign.deaths.find((d) => d.note !== null && key(d.note) === TALLY_NOTE && d.century === century && key(d.cause) === key(cause) && d.race === null);
}

/** Adds deaths to the Deaths table for the century in play (creating the table if there is none). */
export function planDeaths(campaign: Campaign, problems: readonly Problem[], entry: DeathEntry): EditPlan & { readonly century: number } {
  const century = latestCentury(campaign) + 1;
  const refuse = (p: Problem) => ({ ...refused(p), century });

  const cause = entry.cause.trim();
  if (cause === "") return refuse(problem("Cause", "write the cause of the deaths, such as war, fire, water or plague."));
  // The reader's rules at the writer's door: what is written here is read back at every century end.
  const badCause = wordProblem(entry.cause, "the cause");
  if (badCause !== undefined) return refuse(problem("Cause", badCause));
  const badNote = entry.note === undefined ? undefined : unwritableIn(entry.note, true);
  if (badNote !== undefined) return refuse(problem("Note", `the note holds a character no workbook can keep (${badNote}): type it again without it.`));
  if (!Number.isSafeInteger(entry.units) || entry.units < 1) {
    return refuse(problem("Units", `${Number.isFinite(entry.units) ? entry.units : "that"} is not a number of units: write a whole number, 1 or more.`));
  }
  let race: string | undefined;
  if (entry.race !== undefined && entry.race.trim() !== "") {
    const found = lookUp<Race>(campaign, RACES.name, campaign.races, (r) => r.race, entry.race);
    if ("severity" in found) return refuse({ ...found, message: `${found.message.replace(/\.$/, "")}; choose a race from it, or leave the race out.` });
    race = found.race;
  }
  // Spelled as the sources (or earlier rows) spell it, so the Death Worksheet shows one box per cause.
  const known = causeTallies(campaign, century).find((t) => key(t.cause) === key(cause));
  const name = known?.cause ?? cause;
  const total = (known?.units ?? 0) + entry.units;
  const note = entry.tally === true ? TALLY_NOTE : entry.note?.trim() || undefined;
  const what = `${entry.units} ${name} ${entry.units === 1 ? "death" : "deaths"}${race === undefined ? "" : ` of the ${race}`}`;
  const message = `Recorded ${what} in century ${century}; ${name} deaths this century: ${total}.`;
  const row: Record<string, string | number> = { Century: century, Cause: name, Units: entry.units };

  const table = foundTable(campaign, DEATHS.name);
  if (table === undefined) {
    if (race !== undefined) row.Race = race;
    if (note !== undefined) row.Note = note;
    return {
      edits: [{ kind: "create", layout: tableLayout(DEATHS), rows: [row] }],
      message: `${message} (The workbook had no Deaths table; it has one now.)`,
      problems: [],
      century,
    };
  }
  if (!table.usable) {
    const headers = problems.filter((p) => p.table === DEATHS.name && p.severity === "error");
    return { edits: [], message: "", problems: headers, century };
  }
  if (entry.tally === true) {
    const tally = tallyRow(campaign, century, name);
    if (tally !== undefined)
      return {
        edits: [{ kind: "update", table: DEATHS.name, index: tally.index, values: { Units: tally.units + entry.units } }],
        message,
        problems: [],
        century,
      };
  }
  const skipped: string[] = [];
  for (const [column, value] of [
    ["Race", race],
    ["Note", note],
  ] as const) {
    if (value === undefined) continue;
    if (hasColumn(table.raw, column)) row[column] = value;
    else skipped.push(column);
  }
  const edit: EditRow = row;
  const aside =
    skipped.length === 0
      ? ""
      : ` (The Deaths table has no ${skipped.join(" or ")} column, so the ${skipped.map((c) => c.toLowerCase()).join(" and ")} ${skipped.length === 1 ? "was" : "were"} not written.)`;
  return { edits: [{ kind: "append", table: DEATHS.name, rows: [edit] }], message: message + aside, problems: [], century };
}
