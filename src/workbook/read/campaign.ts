/**
 * Reads a whole campaign once: every input table through its own reader, each checked against
 * the tables before it. Every problem is listed at once; nothing is written while any error
 * remains. The century end, the pane's status and its tools all take the Campaign read here.
 */
import { paidTwice } from "./twice";
import { openProblems } from "./journal";
import { mixedBook } from "./mixed";
import { headProblems, isBookGone } from "./head";
import { readHistory, type HistoryRow } from "./history";
import { DEMONS, nameKey } from "../../engine/names";
import { tableError, type Problem } from "../model/problems";
import type { RawWorkbook } from "../model/raw";
import {
  ALL_TABLES,
  CARDS,
  COUNTS,
  DEATH_SHEET,
  DEATHS,
  GODS,
  KEPT_TABLES,
  LEDGER,
  PANTHEON,
  RACES,
  SEAL_SHEET,
  SETTINGS,
  SOURCES,
  STORY_SHEETS,
  ADOPTED,
  UNOPENED,
} from "../model/schema";
import { TableReader } from "../model/tableReader";
import { orphanedAccounts } from "./accounts";
import { readCards } from "./cards";
import { readCounts } from "./counts";
import { readDeaths } from "./deaths";
import { readGods } from "./gods";
import { checkBook, ledgerShapeProblem, readLedger } from "./ledger";
import { readPantheons } from "./pantheon";
import { countedDeaths, missingTableAdvice } from "./payChecks";
import { checkSeal, readSeal } from "./seal";
import { readRaces } from "./races";
import { readSources } from "./sources";
import { readSettings } from "./settings";
import type { Campaign, CampaignRead, FoundTable, KeptTable, Seal } from "./types";

export * from "./types";

const byName = <T>(items: readonly T[], name: (item: T) => string): Map<string, T> => new Map(items.map((x) => [nameKey(name(x)), x]));

export function readCampaign(raw: RawWorkbook): CampaignRead & { problems: Problem[] } {
  // What is wrong in a kept table's cells concerns the session packet alone: it stops nothing else.
  const keptNames = new Set(KEPT_TABLES.map((t) => t.name));
  const problems: Problem[] = (raw.problems ?? []).filter((p) => !keptNames.has(p.table));
  const kept: KeptTable[] = [];
  for (const spec of KEPT_TABLES) {
    const t = raw.tables.get(spec.name.toLowerCase());
    if (t !== undefined) kept.push({ table: spec.name, raw: t, problems: (raw.problems ?? []).filter((p) => p.table === spec.name) });
  }
  const found: FoundTable[] = [];
  const missingTables: string[] = [];
  const readers = new Map<string, TableReader>();
  for (const spec of ALL_TABLES) {
    const t = raw.tables.get(spec.name.toLowerCase());
    if (t === undefined) {
      if (spec.needed)
        problems.push(tableError(spec.name, `the workbook has no table or sheet named ${spec.name}.${missingTableAdvice(spec.name, raw.sheetNames)}`));
      missingTables.push(spec.name);
      continue;
    }
    const shape = spec === LEDGER ? ledgerShapeProblem(t) : undefined;
    if (shape !== undefined) problems.push(shape);
    const reader = shape === undefined ? new TableReader(t, spec, problems) : undefined;
    found.push({ table: spec.name, sheet: t.sheet, isTable: t.isTable, rows: t.rows.length, raw: t, usable: reader?.ok === true });
    if (reader?.ok === true) readers.set(spec.name, reader);
  }
  const read = (name: string) => readers.get(name);
  const has = (name: string) => readers.has(name);

  const flawedGods = new Set<string>();
  const flawedSources = new Set<string>();
  const flawedRaces = new Set<string>();
  const gods = readGods(read(GODS.name), flawedGods);
  const godMap = has(GODS.name) ? byName(gods, (g) => g.name) : undefined;
  const { sources, byName: sourceMap, spheres } = readSources(read(SOURCES.name), flawedSources, godMap);
  const sphereNames = [...new Map(sources.map((s) => [nameKey(s.sphere), s.sphere.trim()])).values()];
  const owners = new Set(sources.flatMap((s) => (s.owners ?? []).map(nameKey)));
  const cards = readCards(read(CARDS.name), { gods: godMap, flawedGods, spheres: has(SOURCES.name) ? spheres : undefined, sphereNames, owners }, problems);
  const races = readRaces(read(RACES.name), flawedRaces);
  const settings = readSettings(raw.tables.get(SETTINGS.name.toLowerCase()), problems);
  const raceMap = has(RACES.name) ? byName(races, (r) => r.race) : undefined;
  const { pantheons, shares } = readPantheons(read(PANTHEON.name), { races: raceMap, gods: godMap, flawedRaces, flawedGods }, problems);
  const deaths = readDeaths(read(DEATHS.name), raceMap);
  const counts = readCounts(read(COUNTS.name), has(SOURCES.name) ? sourceMap : undefined, flawedSources);
  const before = problems.length;
  const ledger = readLedger(read(LEDGER.name), godMap ?? new Map());
  // A row refused for a bad cell is not in the accounts: checking them would only echo it.
  const ledgerSound = problems.length === before;
  const ledgerFound = raw.tables.get(LEDGER.name.toLowerCase());
  const book = checkBook(ledger, {
    raw: ledgerFound,
    recipients: new Set([...gods.filter((g) => g.kind !== "demon").map((g) => nameKey(g.name)), nameKey(DEMONS)]),
    sheetNames: raw.sheetNames,
    ...(raw.interruptedCentury === undefined ? {} : { interruptedCentury: raw.interruptedCentury }),
  });
  // A Ledger whose columns are wrong was not read: its accounts cannot be checked.
  const seal = readSeal(raw.generatedCells?.get(SEAL_SHEET));
  // An action stopped while recording may have written part of the book: it is finished first,
  // and what its part leaves is not blamed on a hand.
  const recording = raw.journal?.open.some((o) => o.reached !== undefined) === true;
  const checked = (ledgerFound === undefined || readers.has(LEDGER.name)) && ledgerSound && !recording;
  // The seal is checked on sound accounts only: a break in the arithmetic is named already.
  const broken =
    checked && book.problems.length === 0
      ? checkSeal(book.accounts, seal, ledgerFound, ledger.length > 0, raw.interruptedCentury, raw.journal?.setAside)
      : undefined;
  // A Ledger two computers' writes mixed is named as that, not as a hand edit; a Ledger that adds
  // up and agrees with its seal is mixed by nobody, whatever the journal's entries say.
  const sound = broken !== undefined && broken.every((p) => p.severity !== "error");
  const mixed = recording || sound ? undefined : mixedBook(raw);
  if (mixed !== undefined) problems.push(mixed);
  if (checked && mixed === undefined) {
    // (Loops, not push(...list): a problem for each of a few hundred thousand rows would overflow the stack.)
    for (const p of book.problems) problems.push(p);
    if (broken !== undefined) {
      for (const p of broken) problems.push(p);
      // A Ledger and seal that agree, put back from another copy: the head the workbook keeps names it.
      // (A century end an older version left part-way wrote no head yet: ending it again writes one.)
      if (broken.every((p) => p.severity !== "error"))
        problems.push(
          ...headProblems(
            { formula: raw.bookHead, copies: raw.headCopies, sealed: seal !== undefined && raw.interruptedCentury === undefined },
            [...ledger].sort((a, b) => a.index - b.index),
          ),
        );
    }
  }

  const flawed = new Map<string, ReadonlySet<string>>([
    [GODS.name, flawedGods],
    [SOURCES.name, flawedSources],
    [RACES.name, flawedRaces],
  ]);
  let history: { rows: HistoryRow[] } | undefined;
  const campaign: Campaign = {
    gods,
    cards,
    sources,
    races,
    pantheons,
    pantheon: shares,
    deaths,
    counts,
    ledger,
    accounts: book.accounts,
    found,
    missingTables,
    flawed,
    counted: countedByCentury(raw, ledger, seal),
    sheetNames: raw.sheetNames,
    ...(seal === undefined ? {} : { seal }),
    sheetTitles: raw.sheetTitles ?? new Map(),
    ...(raw.interruptedCentury === undefined ? {} : { interruptedCentury: raw.interruptedCentury }),
    // Read when asked for: the History is large in a long campaign, and few commands need it.
    get history() {
      history ??= { rows: readHistory(raw.generatedCells?.get(STORY_SHEETS.history)) };
      return history.rows;
    },
    kept,
    settings,
  };
  // A credit written on two computers at once: named until a referee settles it.
  problems.push(...paidTwice(raw, ledger));
  // Brought in, and its opening taken back: the centuries paid by hand would be paid again.
  // (A Ledger gone while the book's head remains is named as such, with its own ways on: bringing in again is not one.)
  if (ledger.length === 0 && !recording && !problems.some(isBookGone) && raw.sheetNames.some((n) => n.toLowerCase() === ADOPTED.toLowerCase()))
    problems.push(
      tableError(
        LEDGER.name,
        `${UNOPENED}, so the centuries you paid by hand would be paid again. Bring your records in again (Bring in my records, or gods adopt) to open it before anything is paid.`,
      ),
    );
  // An action that stopped part-way inside Excel: finished or taken back before anything else.
  problems.unshift(...openProblems(raw.journal, raw.thisComputer));
  // A god renamed in Gods alone leaves its account behind under the old name.
  if (has(GODS.name) && (ledgerFound === undefined || readers.has(LEDGER.name)) && ledgerSound) problems.push(...orphanedAccounts(campaign));
  return {
    campaign,
    problems,
    ...(raw.journal === undefined ? {} : { journal: raw.journal }),
    ...(raw.thisComputer === undefined ? {} : { thisComputer: raw.thisComputer }),
  };
}

/**
 * What each paid century's Death Worksheet counted: as the seal keeps it, or, for a century it
 * does not (a book sealed before it kept them), from the worksheet where the adapter read it back.
 */
function countedByCentury(
  raw: RawWorkbook,
  ledger: readonly { readonly century: number; readonly kind: string }[],
  seal: Seal | undefined,
): Map<number, ReadonlyMap<string, number>> {
  const paid = new Set(ledger.filter((r) => r.kind === "century-end").map((r) => r.century));
  const counted = new Map<number, ReadonlyMap<string, number>>();
  for (const [century, causes] of seal?.counted ?? []) if (paid.has(century)) counted.set(century, causes);
  for (const name of raw.generatedCells?.keys() ?? []) {
    const m = DEATH_SHEET.exec(name);
    if (m === null || !paid.has(Number(m[1])) || counted.has(Number(m[1]))) continue;
    const cells = raw.generatedCells?.get(name) ?? [];
    const byCause = countedDeaths(cells);
    if (byCause !== undefined) counted.set(Number(m[1]), byCause);
  }
  return counted;
}

/** An input table as it was found, when the workbook has it. */
export function foundTable(campaign: Campaign, table: string): FoundTable | undefined {
  return campaign.found.find((f) => f.table === table);
}
