/**
 * How a sheet kept by hand is laid out: where its headers are (under any title rows), what each
 * header means among the campaign's columns (by its words, or by a near name: a guess), which
 * table the sheet is most like, and the century its name gives.
 */
import { isBlank } from "../../../engine/cells";
import { editDistance, nameKey } from "../../../engine/names";
import type { RawCell } from "../../model/raw";
import type { HandSheet, ReadAs, SheetMapping } from "./types";

/** A header's words as compared: lower case, no punctuation, single spaces. */
export function headerWords(h: RawCell): string {
  return typeof h === "string" || typeof h === "number"
    ? String(h)
        .toLowerCase()
        .replace(/[^a-z0-9%]+/g, " ")
        .trim()
    : "";
}

/** The words by which each campaign column is known in sheets kept by hand, by table. */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  God: ["god", "gods", "name", "deity", "character", "god name"],
  Kind: ["kind", "type", "rank", "class"],
  Race: ["race", "races", "people", "nation"],
  Units: ["units", "population", "pop", "unit"],
  Cities: ["cities", "city"],
  "Great Cities": ["great cities", "greatcities", "great city"],
  Culture: ["culture"],
  Turmoil: ["turmoil", "in turmoil", "religious turmoil"],
  Member: ["member", "members"],
  Share: ["share", "shares", "percent", "%"],
  Century: ["century", "c", "cent"],
  Cause: ["cause", "kind of death", "how", "type", "reason", "cause of death", "box"],
  Dead: ["units", "deaths", "dead", "killed", "losses", "units dead", "units lost", "number", "count", "amount", "how many"],
  Note: ["note", "notes", "what"],
  Date: ["date", "when", "day"],
  Sphere: ["sphere", "domain"],
  Cards: ["cards", "card", "number of cards"],
  Source: ["source", "mana source"],
  Count: ["count", "value", "number"],
  Basis: ["basis"],
  Rate: ["rate", "rate per card", "per card"],
  Flat: ["flat", "flat rate"],
  Timing: ["timing"],
  Setting: ["setting", "settings", "option", "rule"],
  Value: ["value", "values", "setting value"],
  Carry: [
    "carry",
    "carried",
    "fraction carried",
    "carried over",
    "carry over",
    "carried forward",
    "carry forward",
    "left over",
    "leftover",
    "remainder",
    "fraction",
    "carries",
    "left",
    "kept",
    "fraction kept",
    "fraction left",
    "carried fraction",
    "remaining",
    "rest",
    "to carry",
    "carry fwd",
    "c f",
  ],
  Paid: ["paid", "mana paid"],
  Shares: ["worshipped by", "worshiped by", "pantheon", "worship", "religion", "gods", "deities", "worships"],
};

/** The columns of each way to read a sheet: required first (all of them needed), then optional. */
export const FIELDS: Readonly<Record<Exclude<ReadAs, "leave out">, { readonly need: readonly string[]; readonly may: readonly string[] }>> = {
  Gods: { need: ["God"], may: ["Kind"] },
  Cards: { need: ["God"], may: ["Sphere", "Cards", "Kind"] },
  Races: { need: ["Race", "Units"], may: ["Cities", "Great Cities", "Culture", "Turmoil", "Member", "Share", "Shares"] },
  Pantheon: { need: ["Race"], may: ["Member", "Share", "Shares"] },
  Deaths: { need: ["Cause", "Dead"], may: ["Century", "Race", "Note", "Date"] },
  Counts: { need: ["Source", "Count"], may: ["Century"] },
  Sources: { need: ["Sphere", "Source", "Rate"], may: ["Basis", "Flat", "Cause", "Timing"] },
  Settings: { need: ["Setting", "Value"], may: [] },
  Mana: { need: ["God", "Carry"], may: ["Paid", "Century"] },
};

/** The campaign column each field is written to (Dead is the Deaths table's Units). */
export const COLUMN_OF: Readonly<Record<string, string>> = { Dead: "Units" };

/** What a sheet's name says it holds. */
const NAME_HINTS: readonly (readonly [RegExp, ReadAs])[] = [
  [/death|dead|casualt|losses/i, "Deaths"],
  [/mana|distribution|points|payout|paid/i, "Mana"],
  [/pantheon|worship|religion/i, "Pantheon"],
  [/card|sphere/i, "Cards"],
  [/rate|source/i, "Sources"],
  [/count/i, "Counts"],
  [/setting|option|config/i, "Settings"],
  [/race|earth|mortal|population|people/i, "Races"],
  [/god|deit|character/i, "Gods"],
];

/** Headers that hold totals or workings, never a sphere or a member. */
const NOT_DATA = /^(total.*|sum.*|all|mana.*|notes?|strength|worshippers?|earned|paid|carry|comments?|remarks?|id|no|nr|order)$/;

/** A row of totals: a cell that says so. */
export function isTotalsRow(row: readonly RawCell[]): boolean {
  return row.some((c) => typeof c === "string" && /^(totals?\b.*|sum|grand total|all|all deaths|overall)$/.test(c.trim().toLowerCase().replace(/[:.]$/, "")));
}

/**
 * The century a sheet's name (or a header) gives: "Deaths C3", "C3 Deaths", "DeathsC3", "Century 3",
 * "3rd century" for sure; "Deaths 3" is a guess.
 */
export function centuryOfName(name: string): { century: number; sure: boolean } | undefined {
  const sure =
    /(?:^|[^a-z0-9]|deaths?|dead|mana|counts?)(?:c|century|cent\.?)\s*(\d{1,8})(?![0-9])/i.exec(name) ??
    /(?:^|[^a-z0-9])(\d{1,8})(?:st|nd|rd|th)?[\s._-]*century/i.exec(name);
  if (sure !== null) return { century: Number(sure[1]), sure: true };
  const bare = /(?:^|[^a-z0-9])(\d{1,8})(?:[^a-z0-9]|$)/i.exec(name);
  return bare === null ? undefined : { century: Number(bare[1]), sure: false };
}

/**
 * The row of a sheet's headers: the first, among its first ten, with two cells or more holding
 * text and nothing but text (a title above it holds one cell, merged or not).
 */
export function headerRowOf(sheet: HandSheet): number | undefined {
  for (let r = 0; r < Math.min(10, sheet.rows.length); r++) {
    const cells = (sheet.rows[r] ?? []).filter((c) => !isBlank(c));
    if (cells.length >= 2 && cells.every((c) => typeof c === "string")) return r + 1;
  }
  return undefined;
}

/** A header matched to a field: for sure (its words), or a guess (a near name). */
interface Match {
  readonly header: string;
  readonly sure: boolean;
}

/** Whether `words` is one of a field's names, or near one (a guess). */
function matchField(field: string, words: string): "sure" | "near" | undefined {
  const names = NAMES[field] ?? [];
  if (names.includes(words)) return "sure";
  if (words.length < 4) return undefined;
  return names.some((n) => n.length >= 4 && (editDistance(n, words) <= (n.length >= 7 ? 2 : 1) || words.startsWith(`${n} `) || words.endsWith(` ${n}`)))
    ? "near"
    : undefined;
}

/** The headers of a sheet's header row, with their column (1-based), blank ones left out. */
export function headersOf(sheet: HandSheet, headerRow: number): { header: string; column: number }[] {
  return (sheet.rows[headerRow - 1] ?? []).flatMap((h, i) => (typeof h === "string" && h.trim() !== "" ? [{ header: h.trim(), column: i + 1 }] : []));
}

/** A header that is a god's name, or a century's ("Century 3", "C3"): never a near name of a field. */
function avoided(header: string, names: ReadonlySet<string>): boolean {
  return names.has(nameKey(header)) || centuryHeader(header) !== undefined;
}

/** The century a header names for sure ("Century 3", "C3"), as a column of one century's numbers. */
export function centuryHeader(header: string): number | undefined {
  const c = /\d/.test(header) ? centuryOfName(header) : undefined;
  return c?.sure === true ? c.century : undefined;
}

/**
 * Each field's header in a sheet: a header is taken by one field only, sure matches first. A
 * header that names a god (or Diabolism, Atheism) is never a near name: "Ember" is a god, not Member.
 */
function matchFields(headers: readonly string[], fields: readonly string[], names: ReadonlySet<string> = new Set()): Map<string, Match> {
  const found = new Map<string, Match>();
  const taken = new Set<string>();
  for (const pass of ["sure", "near"] as const) {
    for (const field of fields) {
      if (found.has(field)) continue;
      const h = headers.find((x) => !taken.has(x) && !(pass === "near" && avoided(x, names)) && matchField(field, headerWords(x)) === pass);
      if (h === undefined) continue;
      found.set(field, { header: h, sure: pass === "sure" });
      taken.add(h);
    }
  }
  return found;
}

/** The data cells of a column under the headers. */
function columnValues(sheet: HandSheet, headerRow: number, column: number): RawCell[] {
  return sheet.rows.slice(headerRow).map((r) => r[column - 1] ?? null);
}

/** A column of card counts: whole numbers 0 or more (blanks allowed), at least one of them. */
function holdsCards(values: readonly RawCell[]): boolean {
  const filled = values.filter((v) => !isBlank(v));
  return filled.length > 0 && filled.every((v) => (typeof v === "number" && Number.isInteger(v) && v >= 0) || (typeof v === "string" && /^\s*\d+\s*$/.test(v)));
}

/** What the sheets' guessing found: a mapping for the sheet, and each guess in words. */
export interface Guessed {
  readonly mapping: SheetMapping;
  readonly guesses: readonly string[];
}

/**
 * How a sheet is read, as proposed: the table it is most like (by its columns, and what its name
 * says), each column's header, and its century; `members` are the names a pantheon grid's
 * headers may be (the gods, Diabolism, Atheism).
 */
export function proposeMapping(sheet: HandSheet, members: ReadonlySet<string>): Guessed {
  const headerRow = headerRowOf(sheet);
  const leaveOut = (why: string): Guessed => ({ mapping: { sheet: sheet.name, readAs: "leave out", headerRow: headerRow ?? 1, columns: {} }, guesses: [why] });
  if (headerRow === undefined) return leaveOut(`"${sheet.name}" was left out: none of its first ten rows holds headers (two cells or more of text).`);
  const headers = headersOf(sheet, headerRow);
  const texts = headers.map((h) => h.header);
  const hint = NAME_HINTS.find(([re]) => re.test(sheet.name))?.[1];
  const named = centuryOfName(sheet.name);
  let best: { readAs: Exclude<ReadAs, "leave out">; score: number; found: Map<string, Match>; spheres: string[]; grid: string[]; wide: string[] } | undefined;
  for (const readAs of Object.keys(FIELDS) as Exclude<ReadAs, "leave out">[]) {
    const { need, may } = FIELDS[readAs];
    const found = matchFields(texts, [...need, ...may], members);
    const unmatched = headers.filter((h) => ![...found.values()].some((m) => m.header === h.header) && !NOT_DATA.test(headerWords(h.header)));
    // Cards as one column per sphere, in a Gods or Cards sheet: columns of whole numbers.
    const spheres =
      (readAs === "Gods" || readAs === "Cards") && !found.has("Sphere")
        ? unmatched.filter((h) => holdsCards(columnValues(sheet, headerRow, h.column))).map((h) => h.header)
        : [];
    // A race × god grid of shares: columns named as gods, Diabolism or Atheism.
    const grid = readAs === "Races" || readAs === "Pantheon" ? unmatched.filter((h) => members.has(nameKey(h.header))).map((h) => h.header) : [];
    // Counts or deaths with a column per century ("Century 1", "C2"), a row per source or cause.
    const wide = readAs === "Counts" || readAs === "Deaths" ? unmatched.filter((h) => centuryHeader(h.header) !== undefined).map((h) => h.header) : [];
    let complete = need.every((f) => found.has(f) || (wide.length > 0 && (f === "Count" || f === "Dead")));
    if (readAs === "Cards") complete &&= (found.has("Sphere") && found.has("Cards")) || spheres.length > 0;
    if (readAs === "Pantheon") complete &&= (found.has("Member") && found.has("Share")) || found.has("Shares") || grid.length > 0;
    if ((readAs === "Deaths" || readAs === "Counts") && !found.has("Century") && named === undefined && wide.length === 0) complete = false;
    if (!complete) continue;
    const score =
      found.size +
      (spheres.length > 0 ? 1 : 0) +
      (grid.length > 0 ? 1 : 0) +
      (wide.length > 0 ? 1 : 0) +
      (hint === readAs ? 5 : 0) -
      [...found.values()].filter((m) => !m.sure).length;
    if (best === undefined || score > best.score) best = { readAs, score, found, spheres, grid, wide };
  }
  if (best === undefined)
    return leaveOut(`"${sheet.name}" was left out: its headers (row ${headerRow}) match no campaign table; if it holds one, say how to read it with --map.`);
  const guesses: string[] = [];
  const columns: Record<string, string> = {};
  for (const [field, m] of best.found) {
    if (field !== "Shares") columns[field] = m.header;
    if (!m.sure) guesses.push(`'${sheet.name}': the column "${m.header}" was read as ${COLUMN_OF[field] ?? field} (a near name).`);
  }
  let century: number | undefined;
  if (
    (best.readAs === "Deaths" || best.readAs === "Counts" || best.readAs === "Mana") &&
    !best.found.has("Century") &&
    best.wide.length === 0 &&
    named !== undefined
  ) {
    century = named.century;
    if (!named.sure) guesses.push(`'${sheet.name}' was read as century ${named.century}, from the number in its name.`);
  }
  return {
    mapping: {
      sheet: sheet.name,
      readAs: best.readAs,
      headerRow,
      ...(century === undefined ? {} : { century }),
      columns,
      ...(best.spheres.length > 0 ? { spheres: best.spheres } : {}),
      ...(best.grid.length > 0 ? { members: best.grid } : {}),
      ...(best.wide.length > 0 ? { centuries: best.wide } : {}),
      ...(best.found.has("Shares") ? { shares: best.found.get("Shares")?.header ?? "" } : {}),
    },
    guesses,
  };
}
