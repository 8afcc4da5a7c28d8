/**
 * Bringing in a campaign kept by hand, as a plan: the proposal (how each sheet is read, what each
 * campaign table gets and from where, what was skipped and why, each account's opening carry, and
 * every guess), the table edits that add the campaign's tables beside the gamemaster's sheets
 * (which stay as they are), and the one credit of opening balances the Ledger starts from.
 */
import { nameKey } from "../../../engine/names";
import { tableError, tableWarning, errorsIn, type Problem } from "../../model/problems";
import { isBlankRow, type RawTable, type RawWorkbook } from "../../model/raw";
import { CARDS, COUNTS, DEATHS, GENERATED_SHEET, generatedTitle, GODS, LEDGER, PANTHEON, RACES, SETTINGS, SOURCES, type TableSpec } from "../../model/schema";
import type { EditRow, TableEdit } from "../../plan/edits";
import { tableLayout } from "../../plan/layout";
import { isTemporaryName } from "../../read/journal";
import { openedLine, openedSentence, openingLine, openingWhat, planOpening } from "./opening";
import { openingCarries } from "./carries";
import { readSheets, type BroughtRow } from "./rows";
import { headersOf, proposeMapping } from "./shape";
import { campaignGods, knownNames } from "./known";
import { mapFile, mappingOf, safeJson } from "./mapFile";
import { ADOPTED_LAYOUT } from "../../plan/adopted";
import { ADOPTED, type HandSheet, type OpeningCarry, type SheetMapping, type Skipped, type TableProposal, type TableSource } from "./types";

export { ADOPTED };

/** The Read As of a row of the Adopted table that keeps a sheet's mapping (the others keep a row brought in). */
const MAPPING = "mapping";

export { openedLine, openedSentence, openingLine, openingWhat, planOpening };

/** The campaign tables a proposal fills, in the order they are shown. */
const TARGETS: readonly TableSpec[] = [GODS, CARDS, SOURCES, RACES, PANTHEON, DEATHS, COUNTS, SETTINGS];

/** The words of the guided start for a Sources table added empty. */
export const SOURCES_CHECKLIST =
  "The Sources table was added empty: none of your sheets holds the spheres' rates, and the add-in never makes them up. Before the century can be paid it needs a row at least, one for each mana source of each sphere (Sphere · Source · Basis · Rate · Flat · Cause · Timing), for example War · War deaths · deaths · 0.5 · no · war · century-end. Type them in the Sources table, or in a sheet of your own with those headers and bring your records in again (gods adopt, or Bring in my records): they are added to the table.";

export interface AdoptOptions {
  /** the last century paid by hand: the add-in's first century end is the next */
  readonly century: number;
  /** opening carries given by the gamemaster, by name: each overrides a mana sheet's */
  readonly carry?: readonly (readonly [god: string, amount: string])[];
  /** how to read the sheets, in the shape the proposal prints (its `sheets`): overrides the proposal and the kept mapping */
  readonly map?: unknown;
}

/** A sheet as the proposal reads it, with what it saw there. */
export type SheetProposal = SheetMapping & {
  /** title rows above the headers, skipped */
  readonly titleRows?: string;
  /** read as the workbook kept it from an earlier bringing in */
  readonly kept?: boolean;
  /** the headers of its header row, each a column a campaign column can be read from */
  readonly headers?: readonly string[];
  /** why a sheet was left out, when the proposal left it out */
  readonly why?: string;
};

export interface Adoption {
  readonly century: number;
  readonly sheets: readonly SheetProposal[];
  readonly tables: readonly (TableProposal & { readonly sources: readonly TableSource[] })[];
  readonly skipped: readonly Skipped[];
  readonly opening: readonly OpeningCarry[];
  /** what was guessed: without the gamemaster's yes (--accept-warnings), nothing is written */
  readonly guesses: readonly string[];
  readonly problems: readonly Problem[];
  readonly edits: readonly TableEdit[];
  /** brought in before, and the sheets hold nothing new */
  readonly nothingNew: boolean;
  /** the campaign was brought in before: its opening balances are in the Ledger already */
  readonly again: boolean;
  /** what is said once written */
  readonly message: string;
  /** the workbook the edits are carried out on: as read, with the Adopted table when it has one */
  readonly workbook: RawWorkbook;
  /** for each table made anew, where each of its rows comes from, in the table's order: a row of the campaign's names the gamemaster's */
  readonly origins: ReadonlyMap<string, readonly { readonly sheet: string; readonly row: number }[]>;
}

/** Every sheet name a sheet of the gamemaster's can have: not one the add-in generates or keeps. */
function addinSheets(raw: RawWorkbook): Set<string> {
  const own = new Set<string>([ADOPTED.toLowerCase()]);
  for (const t of raw.tables.values()) if (t.isTable) own.add(t.sheet.toLowerCase());
  const ledger = raw.tables.get(LEDGER.name.toLowerCase());
  if (ledger !== undefined) own.add(ledger.sheet.toLowerCase());
  return own;
}

/** What the workbook keeps of an earlier bringing in: each sheet's mapping, and the keys of rows brought, by sheet and table. */
interface Kept {
  readonly raw?: RawTable;
  readonly mappings: Map<string, SheetMapping>;
  readonly keys: Map<string, number>;
}

const keyOf = (sheet: string, table: string, key: string): string => `${sheet.toLowerCase()}\u0000${table}\u0000${key}`;

function keptOf(sheets: readonly HandSheet[]): Kept {
  const kept: Kept = { mappings: new Map(), keys: new Map() };
  const sheet = sheets.find((s) => s.name.toLowerCase() === ADOPTED.toLowerCase());
  if (sheet === undefined) return kept;
  const [headers = [], ...rows] = sheet.rows;
  for (const r of rows) {
    const [name, readAs, key] = r;
    if (typeof name !== "string" || typeof readAs !== "string" || typeof key !== "string") continue;
    if (readAs === MAPPING) {
      const m = mappingOf(safeJson(key), name);
      if (typeof m !== "string") kept.mappings.set(name.toLowerCase(), m);
    } else {
      const k = keyOf(name, readAs, key);
      kept.keys.set(k, (kept.keys.get(k) ?? 0) + 1);
    }
  }
  const width = Math.max(3, headers.length);
  return {
    ...kept,
    raw: {
      name: ADOPTED,
      sheet: sheet.name,
      headerRow: 1,
      firstColumn: 1,
      headers: headers.slice(0, width),
      rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null)),
      isTable: true,
    },
  };
}

/**
 * Proposes how the gamemaster's sheets are brought in, and plans it: `raw` is the workbook as the
 * adapter read its campaign tables, `sheets` every sheet of the gamemaster's as it is (the
 * Adopted sheet too, when the workbook has one).
 */
export function proposeAdoption(raw: RawWorkbook, sheets: readonly HandSheet[], options: AdoptOptions): Adoption {
  const { century } = options;
  const problems: Problem[] = [];
  if (!Number.isSafeInteger(century) || century < 1)
    problems.push(tableError(LEDGER.name, `the last century paid by hand must be a whole number, 1 or more, not ${century}.`));
  const own = addinSheets(raw);
  const kept = keptOf(sheets);
  const ledger = raw.tables.get(LEDGER.name.toLowerCase());
  const kindAt = ledger?.headers.findIndex((h) => typeof h === "string" && h.trim().toLowerCase() === "kind") ?? -1;
  const opened = kindAt >= 0 && (ledger?.rows.some((r) => typeof r[kindAt] === "string" && r[kindAt].trim().toLowerCase() === "opening") ?? false);
  // Brought in before, and its opening taken back since (the Ledger empty): bringing in again opens it anew.
  const ledgerRows = ledger?.rows.some((r) => !isBlankRow(r)) ?? false;
  // A sheet named as the add-in names its own is the add-in's when it has its title ("C2 Mana" titled Mana Calculation).
  const generated = (s: HandSheet) => GENERATED_SHEET.test(s.name) && (s.rows[0]?.[0] ?? null) === (generatedTitle(s.name) ?? "");
  // A sheet an action of the add-in's left half-written is its own too.
  const theirs = sheets.filter((s) => !own.has(s.name.toLowerCase()) && !generated(s) && !isTemporaryName(s.name));
  const names = new Set(theirs.map((s) => s.name.toLowerCase()));
  const mapped = options.map === undefined ? undefined : mapFile(options.map, names);
  problems.push(...(mapped?.problems ?? []));

  // The gods already in the campaign; with those a Gods sheet names, the headers a pantheon grid may have.
  const known = campaignGods(raw);
  const grids = knownNames(raw, theirs, known);
  const guesses: string[] = [];
  const proposals: SheetProposal[] = [];
  for (const sheet of theirs) {
    const given = mapped?.mappings.get(sheet.name.toLowerCase());
    const stored = kept.mappings.get(sheet.name.toLowerCase());
    const guess = proposeMapping(sheet, grids);
    const mapping = given ?? stored ?? guess.mapping;
    if (given === undefined && stored === undefined) guesses.push(...guess.guesses);
    const titles =
      mapping.headerRow > 1 && mapping.readAs !== "leave out" ? { titleRows: mapping.headerRow === 2 ? "row 1" : `rows 1–${mapping.headerRow - 1}` } : {};
    const headers = headersOf(sheet, mapping.headerRow).map((h) => h.header);
    const why = given === undefined && stored === undefined && mapping.readAs === "leave out" ? guess.why : undefined;
    proposals.push({
      ...mapping,
      ...titles,
      ...(given === undefined && stored !== undefined ? { kept: true } : {}),
      headers,
      ...(why === undefined ? {} : { why }),
    });
  }

  const read = readSheets(theirs, proposals, known);
  problems.push(...read.problems);
  // What the rows guessed is said when the sheet's reading was proposed (not given, nor kept).
  guesses.push(
    ...read.guesses.filter((g) => proposals.some((p) => p.kept !== true && !mapped?.mappings.has(p.sheet.toLowerCase()) && g.startsWith(`'${p.sheet}'`))),
  );

  // Rows brought before are not brought again; a Gods, Cards, Races or Pantheon row that changed since is said so.
  const brought: BroughtRow[] = [];
  const before = new Map<string, number>();
  const left = new Map(kept.keys);
  for (const r of read.rows) {
    const k = keyOf(r.sheet, r.table, r.key);
    const n = left.get(k) ?? 0;
    if (n > 0) {
      left.set(k, n - 1);
      before.set(r.table, (before.get(r.table) ?? 0) + 1);
    } else if (r.table !== DEATHS.name && kept.keys.has(k)) {
      // A god named again on the next rows of a long form (its name merged down): brought once, from its first row.
      read.skipped.push({ sheet: r.sheet, row: r.sheetRow, why: `its ${r.table} row is brought from another row already` });
    } else brought.push(r);
  }
  // One row per god, race, card, member: the first sheet that names it wins, the others are said.
  const unique = new Set<string>();
  const rows: BroughtRow[] = [];
  for (const r of brought) {
    if (r.table === DEATHS.name) {
      rows.push(r);
      continue;
    }
    const k = `${r.table}\u0000${r.key}`;
    if (unique.has(k)) {
      read.skipped.push({ sheet: r.sheet, row: r.sheetRow, why: `its ${r.table} row is brought from another row already` });
      continue;
    }
    unique.add(k);
    rows.push(r);
  }

  // Opening carries: --carry first, else the latest mana sheet of century N or before.
  const gods = new Map([...known, ...rows.filter((r) => r.table === GODS.name).map((r) => [nameKey(String(r.row["God"])), String(r.row["God"])] as const)]);
  const { opening, guessed } = openingCarries(read.carries, options.carry ?? [], gods, century, problems);
  // Brought in before, the Ledger carries each account on: the opening is not written again.
  const again = opened || (kept.raw !== undefined && ledgerRows);
  if (!again) guesses.push(...guessed);

  // The edits: each table made beside the sheets (or, brought in before, its new rows added).
  const edits: TableEdit[] = [];
  const tables: (TableProposal & { sources: TableSource[] })[] = [];
  const origins = new Map<string, { sheet: string; row: number }[]>();
  for (const spec of TARGETS) {
    const mine = rows.filter((r) => r.table === spec.name);
    const existing = raw.tables.get(spec.name.toLowerCase());
    const values: EditRow[] = mine.map((r) => r.row);
    const sources = read.sources.filter((s) => s.table === spec.name).map(({ table: _table, ...s }) => s);
    // Settings are optional: their table is made (and shown) only for settings your sheets keep.
    if (spec === SETTINGS && values.length === 0 && sources.length === 0) continue;
    if (existing?.isTable === true) {
      if (values.length > 0) edits.push({ kind: "append", table: spec.name, rows: values });
    } else {
      edits.push({ kind: "create", layout: tableLayout(spec), rows: values });
      origins.set(
        spec.name.toLowerCase(),
        mine.map((r) => ({ sheet: r.sheet, row: r.sheetRow })),
      );
    }
    tables.push({
      table: spec.name,
      sources,
      rows: values.length,
      before: before.get(spec.name) ?? 0,
    });
  }
  const noSources = raw.tables.get(SOURCES.name.toLowerCase())?.isTable !== true && !rows.some((r) => r.table === SOURCES.name);
  const keys: EditRow[] = [
    ...proposals.filter((p) => !p.kept).map((p) => ({ Sheet: p.sheet, "Read As": MAPPING, Key: JSON.stringify(stripped(p)) })),
    ...rows.map((r) => ({ Sheet: r.sheet, "Read As": r.table, Key: r.key })),
  ];
  // A mapping kept before and given anew is kept twice: the later row wins when read.
  if (kept.raw === undefined) edits.push({ kind: "create", layout: ADOPTED_LAYOUT, rows: keys });
  else if (keys.length > 0) edits.push({ kind: "append", table: ADOPTED, rows: keys });

  const nothingNew = kept.raw !== undefined && rows.length === 0 && again;
  const counts = tables.filter((t) => t.rows > 0).map((t) => `${t.table} ${t.rows}`);
  const message = nothingNew
    ? "nothing new: every row of your sheets was brought in already."
    : `brought in ${counts.length === 0 ? "no rows" : counts.join(", ")}. Your sheets were not changed.`;
  const warnings = noSources ? [tableWarning(SOURCES.name, SOURCES_CHECKLIST)] : [];
  return {
    century,
    sheets: proposals,
    tables,
    skipped: read.skipped,
    opening,
    guesses,
    problems: [...problems, ...warnings],
    edits: errorsIn(problems).length > 0 ? [] : edits,
    nothingNew,
    again,
    message,
    workbook: kept.raw === undefined ? raw : { ...raw, tables: new Map([...raw.tables, [ADOPTED.toLowerCase(), kept.raw]]) },
    origins,
  };
}

/** A proposal's sheet as kept: the mapping alone. */
function stripped(p: SheetProposal): SheetMapping {
  return Object.fromEntries(Object.entries(p).filter(([k]) => k !== "titleRows" && k !== "kept" && k !== "headers" && k !== "why")) as unknown as SheetMapping;
}

/** What the Adopted sheet is, so that a reader of every sheet can leave it out. */
export function isAdoptedSheet(name: string): boolean {
  return name.toLowerCase() === ADOPTED.toLowerCase();
}
