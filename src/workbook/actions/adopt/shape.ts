/**
 * How a sheet kept by hand is laid out: where its headers are (under any title rows), what each
 * header means among the campaign's columns (by its words, or by a near name: a guess), which
 * table the sheet is most like, and the century its name gives.
 */
import { isBlank } from "../../../engine/cells";
import { editDistance, nameKey } from "../../../engine/names";
import type { RawCell } from "../../model/raw";
import { cardMark } from "./cells";
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
  Member: ["member", "members", "god", "deity", "worshipped god"],
  Share: ["share", "shares", "percent", "%", "share %", "% share", "worship %", "percentage"],
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
  Gods: { need: ["God"], may: ["Kind", "Sphere", "Cards"] },
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

/** Headers that hold totals, workings or a row's number, never a sphere or a member ("#" has no words at all). */
const NOT_DATA = /^(|total.*|cards?|sum.*|all|mana.*|notes?|strength|worshippers?|earned|paid|carry|carried|comments?|remarks?|id|no|nr|num|order)$/;

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
 * The rows that may be a sheet's headers: those, among its first ten, with two cells or more
 * holding text and nothing but text (a title above them holds one cell, merged or not, or two
 * when a date or an author stands at its right).
 */
function headerRowsOf(sheet: HandSheet): number[] {
  const rows: number[] = [];
  for (let r = 0; r < Math.min(10, sheet.rows.length); r++) {
    const cells = (sheet.rows[r] ?? []).filter((c) => !isBlank(c));
    if (cells.length >= 2 && cells.every((c) => typeof c === "string")) rows.push(r + 1);
  }
  return rows;
}

/** The first row that may be a sheet's headers. */
export function headerRowOf(sheet: HandSheet): number | undefined {
  return headerRowsOf(sheet)[0];
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
function avoided(header: string, names: ReadonlyMap<string, string>): boolean {
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
function matchFields(headers: readonly string[], fields: readonly string[], names: ReadonlyMap<string, string> = new Map()): Map<string, Match> {
  const found = new Map<string, Match>();
  const taken = new Set<string>();
  for (const pass of ["sure", "near"] as const) {
    for (const field of fields) {
      if (found.has(field)) continue;
      // A header of totals or workings ("Total cards") is never a near name of a column.
      const h = headers.find(
        (x) => !taken.has(x) && (pass === "sure" || (!NOT_DATA.test(headerWords(x)) && !avoided(x, names))) && matchField(field, headerWords(x)) === pass,
      );
      if (h === undefined) continue;
      found.set(field, { header: h, sure: pass === "sure" });
      taken.add(h);
    }
  }
  return found;
}

/** The data cells of a column under the headers (a totals row's left out). */
function columnValues(sheet: HandSheet, headerRow: number, column: number): RawCell[] {
  return sheet.rows
    .slice(headerRow)
    .filter((r) => !isTotalsRow(r))
    .map((r) => r[column - 1] ?? null);
}

/**
 * A column of cards: whole numbers 0 or more, or marks ("x", "yes", a tick: one card each), with
 * blanks or dashes for none, at least one count or mark; whether it holds marks.
 */
function holdsCards(values: readonly RawCell[]): { marks: boolean } | undefined {
  const filled = values.filter((v) => !isBlank(v) && cardMark(v) !== "none");
  const count = (v: RawCell) => (typeof v === "number" && Number.isInteger(v) && v >= 0) || (typeof v === "string" && /^\s*\d+\s*$/.test(v));
  if (filled.length === 0 || !filled.every((v) => count(v) || cardMark(v) === "one")) return undefined;
  return { marks: filled.some((v) => cardMark(v) === "one") };
}

/** What the sheets' guessing found: a mapping for the sheet, and each guess in words. */
export interface Guessed {
  readonly mapping: SheetMapping;
  readonly guesses: readonly string[];
  /** a sheet left out: why */
  readonly why?: string;
}

/** The sphere a column of cards is headed with: "War cards" and "War (cards)" are War. */
export function sphereOf(header: string): string {
  const bare = header
    .replace(/\(?\bcards?\b\)?/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return bare === "" ? header.trim() : bare;
}

/** The spheres and members the other sheets name: a column of a grid is read as one of them. */
export interface Known {
  /** the gods, Diabolism and Atheism: each name by its name key */
  readonly members: ReadonlyMap<string, string>;
  /** the spheres of a sheet of rates, by name key; empty when no sheet holds them */
  readonly spheres: ReadonlySet<string>;
}

type Table = Exclude<ReadAs, "leave out">;
interface Best {
  readonly readAs: Table;
  readonly score: number;
  readonly found: Map<string, Match>;
  readonly spheres: string[];
  readonly marks: string[];
  readonly notSpheres: string[];
  readonly grid: string[];
  /** a column per century ("Century 1", "C2"), for deaths or counts kept a row per cause or source */
  readonly wide: string[];
  /** headers of the grid read as a member by a near name: header, member */
  readonly near: (readonly [string, string])[];
}

/**
 * The member a grid's header names by a near name ("Bran" for Brann): the one member within one
 * letter (two, for a name of seven letters or more), when only one is; undefined otherwise.
 */
export function nearMember(header: string, members: ReadonlyMap<string, string>): string | undefined {
  const k = nameKey(header);
  if (k.length < 3) return undefined;
  const near = [...members].filter(([m]) => editDistance(m, k) <= (m.length >= 7 ? 2 : 1));
  return near.length === 1 ? near[0]?.[1] : undefined;
}

/** The table a sheet whose headers are in `headerRow` is most like; undefined when it is like none. */
function bestTable(sheet: HandSheet, headerRow: number, known: Known): Best | undefined {
  const headers = headersOf(sheet, headerRow);
  const texts = headers.map((h) => h.header);
  const hints = new Set(NAME_HINTS.filter(([re]) => re.test(sheet.name)).map(([, t]) => t));
  const named = centuryOfName(sheet.name);
  const complete = new Map<Table, Best>();
  for (const readAs of Object.keys(FIELDS) as Table[]) {
    const { need, may } = FIELDS[readAs];
    const found = matchFields(texts, [...need, ...may], known.members);
    // A count of cards without a Sphere column is a sphere's column ("War cards"), not the long form's Cards.
    if ((readAs === "Gods" || readAs === "Cards") && !found.has("Sphere")) found.delete("Cards");
    const unmatched = headers.filter((h) => ![...found.values()].some((m) => m.header === h.header) && !NOT_DATA.test(headerWords(h.header)));
    // Cards as one column per sphere, in a Gods or Cards sheet: columns of whole numbers or marks,
    // named as a sphere of the rates when a sheet holds them.
    const cardColumns =
      (readAs === "Gods" || readAs === "Cards") && !found.has("Sphere")
        ? unmatched.flatMap((h) => {
            const held = holdsCards(columnValues(sheet, headerRow, h.column));
            return held === undefined ? [] : [{ header: h.header, marks: held.marks }];
          })
        : [];
    const isSphere = (h: string) => known.spheres.size === 0 || known.spheres.has(nameKey(sphereOf(h)));
    const spheres = cardColumns.filter((c) => isSphere(c.header));
    // A race × god grid of shares: columns named as gods, Diabolism or Atheism.
    const isGrid = readAs === "Races" || readAs === "Pantheon";
    const exact = isGrid ? unmatched.filter((h) => known.members.has(nameKey(h.header))).map((h) => h.header) : [];
    // A header near a member's name ("Bran" for Brann) is read as it, as a guess, when the sheet is a grid already.
    const near =
      exact.length === 0
        ? []
        : unmatched.flatMap((h) => {
            const m = known.members.has(nameKey(h.header)) ? undefined : nearMember(h.header, known.members);
            return m === undefined ? [] : [[h.header, m] as const];
          });
    const grid = [...exact, ...near.map(([h]) => h)];
    // Counts or deaths with a column per century ("Century 1", "C2"), a row per source or cause.
    const wide = readAs === "Counts" || readAs === "Deaths" ? unmatched.filter((h) => centuryHeader(h.header) !== undefined).map((h) => h.header) : [];
    let ok = need.every((f) => found.has(f) || (wide.length > 0 && (f === "Count" || f === "Dead")));
    if (readAs === "Cards") ok &&= (found.has("Sphere") && found.has("Cards")) || spheres.length > 0;
    if (readAs === "Pantheon") ok &&= (found.has("Member") && found.has("Share")) || found.has("Shares") || grid.length > 0;
    if ((readAs === "Deaths" || readAs === "Counts") && !found.has("Century") && named === undefined && wide.length === 0) ok = false;
    if (!ok) continue;
    const score =
      found.size +
      (spheres.length > 0 ? 1 : 0) +
      (grid.length > 0 ? 1 : 0) +
      (wide.length > 0 ? 1 : 0) +
      (hints.has(readAs) ? 5 : 0) -
      [...found.values()].filter((m) => !m.sure).length;
    complete.set(readAs, {
      readAs,
      score,
      found,
      spheres: spheres.map((c) => c.header),
      marks: spheres.filter((c) => c.marks).map((c) => c.header),
      notSpheres: cardColumns.filter((c) => !isSphere(c.header)).map((c) => c.header),
      grid,
      wide,
      near,
    });
  }
  let best: Best | undefined;
  for (const b of complete.values()) if (best === undefined || b.score > best.score) best = b;
  // A sheet of races that also holds their worship is read as Races: that brings the pantheon too.
  const races = complete.get("Races");
  if (best?.readAs === "Pantheon" && races !== undefined) best = races;
  return best;
}

/**
 * How a sheet is read, as proposed: the table it is most like (by its columns, and what its name
 * says), each column's header, and its century; `known` holds the names a grid's headers may be
 * (the gods, Diabolism, Atheism; the spheres of the rates).
 */
export function proposeMapping(sheet: HandSheet, known: Known): Guessed {
  const rows = headerRowsOf(sheet);
  const leftOut = (headerRow: number, why: string): Guessed => ({
    mapping: { sheet: sheet.name, readAs: "leave out", headerRow, columns: {} },
    guesses: [],
    why,
  });
  const advice = `if it holds a campaign table, give its readAs, headerRow and columns in a map (--map)`;
  if (rows.length === 0) return leftOut(1, `none of its first ten rows holds headers (two cells of text or more); ${advice}`);
  // The headers are the first row that reads as a table: a title row of two cells (a name, a date) is not.
  const found = rows.map((r) => ({ headerRow: r, best: bestTable(sheet, r, known) })).find((f) => f.best !== undefined);
  const headerRow = found?.headerRow ?? rows[0] ?? 1;
  const best = found?.best;
  if (best === undefined)
    return leftOut(
      headerRow,
      `its headers (row ${headerRow}) are those of no campaign table (God, Kind; Race, Units; Cause, Units; Sphere, Source, Rate…); ${advice}`,
    );
  const named = centuryOfName(sheet.name);
  const guesses: string[] = [];
  const columns: Record<string, string> = {};
  for (const [field, m] of best.found) {
    if (field !== "Shares") columns[field] = m.header;
    if (!m.sure) guesses.push(`'${sheet.name}': the column "${m.header}" was read as ${COLUMN_OF[field] ?? field} (a near name).`);
  }
  for (const [h, member] of best.near) guesses.push(`'${sheet.name}': the column "${h}" was read as the shares of ${member} (a near name).`);
  if (best.marks.length > 0) guesses.push(`'${sheet.name}': a mark (x, yes, a tick) under ${best.marks.map((h) => `"${h}"`).join(", ")} was read as one card.`);
  for (const h of best.notSpheres)
    guesses.push(
      `'${sheet.name}': the column "${h}" holds numbers but is no sphere of your rates, so it was not read as cards; if it holds cards, add its sphere's rates to your sheet of rates first, then run gods adopt again.`,
    );
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
