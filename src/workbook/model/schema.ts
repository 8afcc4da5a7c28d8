/**
 * Every fact about the campaign's tables, as fixed in shared/WORKBOOK.md: their names and
 * columns, which the century end needs, how a new one is laid out, and the names of the sheets
 * the add-in generates. Readers, plans, tools and both adapters take them from here.
 */

export interface ColumnSpec {
  readonly header: string;
  readonly required: boolean;
  /** a column of names and words, formatted as text in a new table */
  readonly text: boolean;
  /** its width in characters in a new table */
  readonly width: number;
}

export interface TableSpec {
  readonly name: string;
  readonly columns: readonly ColumnSpec[];
  /** whether a campaign needs it (Deaths and Counts may be missing; the first century end adds the Ledger) */
  readonly needed: boolean;
  /** what one row is */
  readonly about: string;
}

const WIDTHS: Readonly<Record<string, number>> = {
  Where: 10,
  Note: 34,
  Source: 20,
  Race: 16,
  Sphere: 12,
  Member: 14,
  God: 14,
  Cause: 14,
  Timing: 14,
  Basis: 12,
};

/** A table's spec: its name, whether a campaign needs it, what one row is, and its columns. */
function table(name: string, needed: boolean, about: string, columns: readonly ColumnSpec[]): TableSpec {
  return { name, columns, needed, about };
}

function column(header: string, required: boolean, text: boolean, width?: number): ColumnSpec {
  return { header, required, text, width: width ?? WIDTHS[header] ?? Math.max(10, header.length + 4) };
}

// Columns of names and words are formatted as text, so a name such as "1e3" or "=Ares" stays
// what the gamemaster typed; number columns keep the general format, so 40% and 0.4 both read
// as typed.
const word = (header: string) => column(header, true, true);
const optWord = (header: string) => column(header, false, true);
const num = (header: string) => column(header, true, false);
const optNum = (header: string) => column(header, false, false);

/**
 * Of a Cards row's cards, those that earn from the next game session only (seed 000, Promoting New
 * Greater Gods: a card gained during a session brings its mana sources at the next one). The
 * session's end empties the cell.
 */
export const CARDS_WAITING = "Waiting";

export const GODS = table("Gods", true, "a character who can receive mana (Kind: greater, lesser, spirit, demon)", [word("God"), optWord("Kind")]);

/**
 * A column a gamemaster may add to the Gods table: each character's mana now. Only the pane's
 * mana-inflation advice reads it, so a set-up leaves it out and a bad cell there is a warning.
 */
export const GODS_MANA = "Mana";

/**
 * A column a gamemaster may add to the Sources table: the characters who hold a source jointly
 * (a demesne built together), by name, separated by commas. They share its mana equally; cards in
 * its sphere then earn nothing from it.
 */
export const SOURCES_OWNERS = "Owners";
export const CARDS = table("Cards", true, "cards a god (or Demons) holds in a sphere", [word("God"), word("Sphere"), num("Cards"), optNum(CARDS_WAITING)]);
export const SOURCES = table(
  "Sources",
  true,
  "a mana source of a sphere, rate per card (Basis: worship, diabolism, deaths, count; Timing: century-end, era-end, event; Where, for an event: heaven or earth)",
  [word("Sphere"), word("Source"), optWord("Basis"), num("Rate"), optWord("Flat"), optWord("Cause"), optWord("Timing"), optWord("Where")],
);
/**
 * The Races columns only the referee's actions read (war, disasters, growth): a race's Military and
 * Aggression (whole numbers, either sign), its Resistances (codes such as F-2, W/2), its Growth
 * rate (25% when empty) and its Limit (the units its squares support, for starvation). Each is
 * optional; the century end never reads them, so a bad cell there is a warning.
 */
export const RACE_ATTRIBUTES = ["Military", "Aggression", "Resistances", "Growth", "Limit"] as const;
export type RaceAttribute = (typeof RACE_ATTRIBUTES)[number];

export const RACES = table(
  "Races",
  true,
  "a mortal race; Turmoil yes if in religious turmoil at any time this century; Military, Aggression, Resistances, Growth and Limit for the referee's war, disaster and growth",
  [
    word("Race"),
    num("Units"),
    optNum("Cities"),
    optNum("Great Cities"),
    optWord("Culture"),
    optWord("Turmoil"),
    ...RACE_ATTRIBUTES.map((a) => (a === "Resistances" ? column(a, false, true, 16) : optNum(a))),
  ],
);
export const PANTHEON = table("Pantheon", true, "a member's share of a race's worship (a god, Diabolism or Atheism)", [
  word("Race"),
  word("Member"),
  num("Share"),
]);
export const DEATHS = table("Deaths", false, "mortal units that died, by cause", [
  num("Century"),
  word("Cause"),
  num("Units"),
  optWord("Race"),
  optWord("Note"),
]);
export const COUNTS = table("Counts", false, "the count of a count-basis source for a century", [num("Century"), word("Source"), num("Count")]);

/** The tables a gamemaster fills in, in the order they are set up. */
export const INPUT_TABLES: readonly TableSpec[] = [GODS, CARDS, SOURCES, RACES, PANTHEON, DEATHS, COUNTS];

export const LEDGER = table("Ledger", false, "one credit of mana to one recipient: what it earned, what was paid out and what it carries on", [
  num("Century"),
  optWord("Kind"),
  optWord("What"),
  word("God"),
  num("Earned"),
  num("Paid"),
  num("Carry"),
  optWord("Exact Carry"),
]);

/** How the Ledger shows each column, in its order. */
export const LEDGER_FORMATS: readonly string[] = ["0", "@", "@", "@", "#,##0.000###", "#,##0", "0.000###", "@"];
/** The Ledger's column widths in characters. */
export const LEDGER_WIDTHS: readonly number[] = [10, 12, 24, 18, 12, 10, 10, 14];

/** Every table the add-in reads, by the name it is looked up under. */
export const ALL_TABLES: readonly TableSpec[] = [...INPUT_TABLES, LEDGER];

/** The column of a kept table that names the character a row belongs to: God, or else Owner. */
export const KEPT_OWNER_COLUMNS = ["God", "Owner"] as const;

/**
 * Tables a gamemaster may keep of what the characters own and have sworn, with any columns of
 * their choosing: Artifacts, Demesnes, Laws and Oaths. A God (or Owner) column names the
 * character a row belongs to. Only the session packet prints them, so nothing in them ever
 * stops a payment; the adapters read them with the other tables when the workbook has them.
 */
export const KEPT_TABLES: readonly TableSpec[] = [
  table("Artifacts", false, "an artifact a character holds", KEPT_OWNER_COLUMNS.map(optWord)),
  table("Demesnes", false, "a demesne a character has built", KEPT_OWNER_COLUMNS.map(optWord)),
  table("Laws", false, "a law of the Council", KEPT_OWNER_COLUMNS.map(optWord)),
  table("Oaths", false, "a divine oath or service contract", KEPT_OWNER_COLUMNS.map(optWord)),
];

/**
 * The mana each character held at the end of each game session, as the players tell it: one row
 * per character and session, kept from session to session. The session's end writes it (creating
 * it when missing); the century end never reads its rows, so it is not among ALL_TABLES and a
 * bad cell there stops nothing but the next session's end.
 */
export const SESSIONS = table("Sessions", false, "the mana a character held at the end of a game session", [
  column("Date", true, true, 12),
  optNum("Century"),
  word("God"),
  num("Mana"),
]);

/**
 * The campaign's settings, one row each (read/settings.ts): optional, each setting at its default
 * while it has no row. Not among ALL_TABLES: nothing in it can stop a command.
 */
export const SETTINGS = table("Settings", false, "a campaign setting and its value, such as Era Centrum length 16", [
  word("Setting"),
  column("Value", true, false, 10),
]);

/** Every table an adapter looks for: the campaign's, the Ledger, the Sessions table, the settings and the kept tables. */
export const READ_TABLES: readonly TableSpec[] = [...ALL_TABLES, SESSIONS, SETTINGS, ...KEPT_TABLES];

/**
 * Every column of a table that names a character, as a rename goes through them: one name a cell,
 * or (a `list`) several, as a joint source's owners. The Campaign History names characters too,
 * in its rows of mana; a rename writes it again with the book's sheets.
 */
export const CHARACTER_COLUMNS: readonly { readonly table: string; readonly column: string; readonly list?: boolean }[] = [
  { table: GODS.name, column: "God" },
  { table: CARDS.name, column: "God" },
  { table: PANTHEON.name, column: "Member" },
  { table: LEDGER.name, column: "God" },
  { table: SOURCES.name, column: SOURCES_OWNERS, list: true },
  { table: SESSIONS.name, column: "God" },
  ...KEPT_TABLES.flatMap((t) => KEPT_OWNER_COLUMNS.map((column) => ({ table: t.name, column }))),
];

/** The look of the tables the add-in creates: Excel's usual blue, with banded rows. */
export const TABLE_STYLE = "TableStyleMedium2";

/** The number format of a column in a new table: text for names and words, general otherwise. */
export function columnFormat(column: ColumnSpec): string {
  return column.text ? "@" : "General";
}

/** Headers match ignoring case and every space: "Great Cities" = "greatcities". */
export function normalizeHeader(header: unknown): string {
  return typeof header === "string" ? header.replace(/\s+/g, "").toLowerCase() : typeof header === "number" ? String(header) : "";
}

/** A header that names a column: text or a number, not blank (those normalizeHeader keeps). */
export function namesColumn(header: unknown): header is string | number {
  return (typeof header === "string" || typeof header === "number") && normalizeHeader(header) !== "";
}

/** The sheets the add-in generates for century N. */
export function sheetNames(century: number): { deaths: string; centuryEnd: string; mana: string } {
  return { deaths: `C${century} Death Worksheet`, centuryEnd: `C${century} Century-End Worksheet`, mana: `C${century} Mana` };
}

/** The sheets of the mana book the add-in keeps up to date: the event worksheets and the distribution points. */
export const BOOK_SHEETS = { heaven: "Heaven Events", earth: "Earth Events", points: "Distribution Points" } as const;

/**
 * The sheets of the session packet, printed for the players (`gods packet`): the Earth Summary,
 * every race's numbers and pantheon on one page's width, and the Character Sheets, a page for
 * each character.
 */
export const PACKET_SHEETS = { earth: "Earth Summary", characters: "Character Sheets" } as const;

/**
 * The campaign's story, written with every century end: its history keeps each century's races and
 * each god's mana as they were when it ended (rows of past centuries are carried over as they
 * were read, never worked out again), and Charts draws them. Excel keeps the sheet name "History"
 * for itself (its change tracking), so the sheet is "Campaign History".
 */
export const STORY_SHEETS = { history: "Campaign History", charts: "Charts" } as const;

/** The History sheet's columns, in order. */
export const HISTORY_HEADERS = ["Century", "Kind", "Name", "Units", "Cities", "Great cities", "Strength", "Turmoil", "Earned (net)", "Paid"] as const;

/** The hidden sheet that proves the Ledger (see read/seal.ts). */
export const SEAL_SHEET = "Ledger Seal";

/** The largest century whose worksheets' names fit Excel's 31 characters: "C99999999 Century-End Worksheet". */
export const MAX_CENTURY = 99_999_999;

/** Sheets this add-in generated (so they are not mistaken for input). */
export const GENERATED_SHEET =
  /^(C\d+ (Death Worksheet|Century-End Worksheet|Mana)|Heaven Events|Earth Events|Distribution Points|Earth Summary|Character Sheets|Campaign History|Charts|Ledger Seal)$/;

/** The title in A1 of each kind of generated sheet, by which an older one of the add-in's is told from a gamemaster's. */
export function generatedTitle(sheet: string): string | undefined {
  if (sheet === SEAL_SHEET) return "Entry";
  const m = /^C\d+ (Death Worksheet|Century-End Worksheet|Mana)$/.exec(sheet);
  if (m !== null) return m[1] === "Mana" ? "Mana Calculation" : m[1];
  return GENERATED_SHEET.test(sheet) ? sheet : undefined;
}

/** A century's Mana sheet: written only when the century was paid. */
export const MANA_SHEET = /^C(\d+) Mana$/;
/** A century's Death Worksheet, which the checks read back: what it counted. */
export const DEATH_SHEET = /^C(\d+) Death Worksheet$/;

/** The sheet (an Excel table) in which a workbook brought in from a gamemaster's own sheets keeps how they were read and which rows were brought. */
export const ADOPTED = "Adopted";

/** The beginning of the error of a workbook brought in whose Ledger does not open with its balances (taken back): nothing is paid before it opens again. */
export const UNOPENED = "your records were brought in (the Adopted sheet keeps how), but the Ledger does not open with their balances";

/** Whether a problem is that one: the pane then offers Bring in my records again. */
export const isUnopened = (p: { readonly table: string; readonly message: string }): boolean => p.table === LEDGER.name && p.message.startsWith(UNOPENED);
