/**
 * The journal as input, not as orders. What the workbook's settings hold under the add-in's keys
 * was written by the add-in, but a file can be damaged, restored from elsewhere or crafted: before
 * an open action is finished or taken back, its record is checked against the one shape the
 * add-in writes, with limits on every size, and against what its kind of action could have
 * touched. A record that fails is not carried out: it is named as damaged (in bounded words) and
 * can only be set aside, which leaves the workbook as it is.
 *
 * What an action may touch, whatever its record says:
 * - its temporary sheets are its own: "~" and its id's last two characters before the name of a
 *   sheet the add-in generates (never a gamemaster's table, the Ledger or its seal);
 * - a swap renames one of those into the generated sheet it was written for;
 * - settings only under the keys of the computer that began it (its claim, its log);
 * - the Ledger, its seal and the book's head only when its kind writes the book, each in the
 *   one shape, sheet and name the add-in uses, from a row the book already reaches;
 * - table edits only in the tables its kind changes, in columns those tables have, at rows
 *   they hold.
 */
import type { DamagedRecord, OpenOperation, RawTable, RawWorkbook } from "../model/raw";
import { CHARACTER_COLUMNS, GENERATED_SHEET, GODS, GODS_MANA, LEDGER, normalizeHeader, READ_TABLES, SEAL_SHEET, type TableSpec } from "../model/schema";
import { bounded, DONE_CHARS, OP_PREFIX, temporaryName, WORDS_CHARS } from "../read/journal";
import { HEAD_NAME, headIn } from "../read/head";
import { tableLayout, type TableLayout } from "./layout";
import { ADOPTED, ADOPTED_LAYOUT } from "./adopted";
import { LEDGER_LAYOUT } from "./ledger";
import type { CommitItem } from "./commit";
import { askedIn } from "./asked";

/** The limits of a record the add-in writes; anything larger is not one of its own. */
export const LIMITS = {
  /** characters of an id, a computer's name */
  id: 40,
  /** items of one action */
  items: 2000,
  /** temporary sheets of one action */
  temps: 100,
  /** rows an item writes to the Ledger or its seal */
  bookRows: 200_000,
  /** rows an edit appends, deletes or creates */
  editRows: 5_000,
  /** characters of one cell's text */
  cell: 32_767,
  /** characters of one setting's value */
  setting: 1_000_000,
  /** characters of the book's head */
  head: 20_000,
} as const;

/** The settings a computer's actions write, by prefix: its claim, its log of payments, what it settled. */
export const OWN_SETTING_PREFIXES = ["gods.paying.", "gods.paid.", "gods.settled."] as const;

const BOOK = ["ledger", "tail", "name"] as const;
const ALL_TABLES = READ_TABLES.map((t) => t.name);

/**
 * Each kind of action: the items it may carry, and the tables its edits may change
 * (every table the add-in reads, for the set-up and a rename, which goes through every column
 * that names a character).
 */
const REACH: Readonly<Record<string, { readonly items: readonly CommitItem["kind"][]; readonly tables: readonly string[] }>> = {
  "century-end": { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  worksheets: { items: ["swap", "show", "setting"], tables: [] },
  event: { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  "era-end": { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  debit: { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  correction: { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  restart: { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  undo: { items: [...BOOK, "setting", "swap", "show"], tables: [] },
  settled: { items: ["setting", "show"], tables: [] },
  "put-right": { items: [...BOOK, "setting", "show"], tables: [] },
  rename: { items: ["edit", ...BOOK, "setting", "swap", "show"], tables: [...new Set(CHARACTER_COLUMNS.map((c) => c.table))] },
  packet: { items: ["swap", "show", "setting"], tables: [] },
  "session-end": { items: ["edit", "show"], tables: ["Gods", "Cards", "Sessions"] },
  cards: { items: ["edit", "show"], tables: ["Cards"] },
  setup: { items: ["edit", "show"], tables: ALL_TABLES.filter((t) => t !== LEDGER.name) },
  deaths: { items: ["edit", "show"], tables: ["Deaths"] },
  cult: { items: ["edit", "show"], tables: ["Pantheon"] },
  obliterate: { items: ["edit", "show"], tables: ["Gods", "Cards", "Pantheon", "Sources"] },
  turmoil: { items: ["edit", "show"], tables: ["Races"] },
  war: { items: ["edit", "show"], tables: ["Deaths", "Races"] },
  disaster: { items: ["edit", "show"], tables: ["Deaths", "Races"] },
  growth: { items: ["edit", "show"], tables: ["Deaths", "Races"] },
  adopt: { items: ["edit", ...BOOK, "setting", "swap", "show"], tables: [...ALL_TABLES.filter((t) => t !== LEDGER.name), ADOPTED] },
};

/** The kinds of action the journal knows. */
export const JOURNAL_ACTIONS: readonly string[] = Object.keys(REACH);

/** Why a record is not one the add-in wrote, or asks for what its action could not do. */
class Damage extends Error {}

const fail = (why: string): never => {
  throw new Damage(why);
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const count = (x: unknown, max: number): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0 && x <= max;

function text(x: unknown, what: string, max: number): string {
  if (typeof x !== "string") return fail(`${what} is not text`);
  if (x.length > max) return fail(`${what} is longer than ${max.toLocaleString("en")} characters`);
  return x;
}

function list(x: unknown, what: string, max: number): readonly unknown[] {
  if (!Array.isArray(x)) return fail(`${what} is not a list`);
  if (x.length > max) return fail(`${what} holds more than ${max.toLocaleString("en")} entries`);
  return x;
}

/** Only the fields named: a record of the add-in's has no others. */
function fields(x: unknown, what: string, required: readonly string[], optional: readonly string[] = []): Record<string, unknown> {
  if (!isRecord(x)) return fail(`${what} is not a record`);
  for (const k of required) if (!(k in x)) fail(`${what} has no ${k}`);
  const known = new Set([...required, ...optional]);
  const extra = Object.keys(x).find((k) => !known.has(k));
  if (extra !== undefined) fail(`${what} has a field the add-in never writes (${extra.slice(0, 40)})`);
  return x;
}

/** A cell's value as a plan writes it: text, a finite number, yes/no, or nothing. */
function cellValue(x: unknown, what: string): void {
  if (x === null || typeof x === "boolean") return;
  if (typeof x === "number") {
    if (!Number.isFinite(x)) fail(`${what} holds a number that is not finite`);
    return;
  }
  if (typeof x === "string") {
    text(x, what, LIMITS.cell);
    return;
  }
  fail(`${what} holds something that is not a cell's value`);
}

function rowsOfCells(x: unknown, what: string, maxRows: number, maxWidth: number): number {
  const rows = list(x, what, maxRows);
  for (const row of rows) {
    const cells = list(row, `a row of ${what}`, maxWidth);
    for (const c of cells) cellValue(c, what);
  }
  return rows.length;
}

/** A row by column header, as an edit writes it: the columns must be the table's. */
function editRow(x: unknown, what: string, columns: ReadonlySet<string>): void {
  if (!isRecord(x)) fail(`${what} is not a row`);
  const entries = Object.entries(x as Record<string, unknown>);
  if (entries.length > 64) fail(`${what} names more than 64 columns`);
  for (const [header, value] of entries) {
    if (!columns.has(normalizeHeader(header))) fail(`${what} writes a column the table does not have (${header.slice(0, 40)})`);
    cellValue(value, what);
  }
}

const lower = (s: string) => s.toLowerCase();
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function specOf(name: string): TableSpec | undefined {
  return READ_TABLES.find((t) => lower(t.name) === lower(name));
}

/**
 * A table the add-in keeps for one kind of action beyond those it reads: the Adopted table of a
 * bringing in (how the gamemaster's sheets were read, the rows brought), in its one layout.
 */
function keptBy(action: string, name: string): KeptSpec | undefined {
  if (action !== "adopt" || lower(name) !== lower(ADOPTED)) return undefined;
  const columns = ADOPTED_LAYOUT.headers.map((header, i) => ({ header, required: true, text: true, width: ADOPTED_LAYOUT.columnWidths[i] ?? 12 }));
  return { name: ADOPTED, columns, needed: false, about: "how a sheet was read, or a row brought in", layout: ADOPTED_LAYOUT };
}

type KeptSpec = TableSpec & { readonly layout?: TableLayout };

/** Columns the add-in adds to a table besides the schema's: the mana a character holds, kept in Gods. */
const ADDED_COLUMNS: Readonly<Record<string, readonly string[]>> = { [GODS.name]: [GODS_MANA] };

/**
 * The columns an edit of `table` may write: the table's own headers (a gamemaster may add some)
 * and the schema's; for a rename, only the columns that name a character.
 */
function columnsOf(table: RawTable | undefined, spec: TableSpec, action: string): Set<string> {
  if (action === "rename") return new Set(CHARACTER_COLUMNS.filter((c) => c.table === spec.name).map((c) => normalizeHeader(c.column)));
  const headers = (table?.headers ?? []).flatMap((h) => (typeof h === "string" ? [normalizeHeader(h)] : []));
  return new Set([...headers, ...[...spec.columns.map((c) => c.header), ...(ADDED_COLUMNS[spec.name] ?? [])].map(normalizeHeader)]);
}

function checkEdit(item: Record<string, unknown>, raw: RawWorkbook, action: string, live: boolean): void {
  const tables = REACH[action]?.tables ?? [];
  fields(item, "a table edit", ["kind", "edit", "base"], ["gone"]);
  const edit = fields(item.edit, "a table edit", ["kind"], ["table", "layout", "rows", "header", "values", "index", "indexes", "sheet"]);
  const kind = edit.kind;
  const name = kind === "create" ? (isRecord(edit.layout) ? edit.layout.name : undefined) : edit.table;
  const tableName = text(name, "the table an edit changes", 100);
  const spec = specOf(tableName) ?? keptBy(action, tableName);
  if (spec === undefined || !tables.some((t) => lower(t) === lower(tableName)))
    fail(`it edits the ${tableName.slice(0, 40)} table, which its kind of action never changes`);
  const s = spec as KeptSpec;
  // An edit carried out already was checked against the table as it then stood: its shape is checked, not its rows.
  const table = raw.tables.get(lower(s.name));
  const rowsNow = live ? (table?.rows.length ?? 0) : Number.MAX_SAFE_INTEGER - LIMITS.editRows;
  if (!count(item.base, rowsNow + LIMITS.editRows)) fail("a table edit's starting row is out of bounds");
  const columns = columnsOf(table, s, action);
  // The bringing in's own table is only made or added to.
  if (s.layout !== undefined && kind !== "create" && kind !== "append") fail(`it changes rows of the ${s.name} table, which is only ever added to`);
  switch (kind) {
    case "create": {
      fields(edit, "a new table", ["kind", "layout", "rows"], ["sheet"]);
      if (edit.sheet !== undefined && (!/^[^[\]:*?/\\]{1,31}$/.test(text(edit.sheet, "a new table's sheet", 31)) || GENERATED_SHEET.test(edit.sheet as string)))
        fail("its new table goes on a sheet whose name the add-in never gives one");
      if (!sameJson(edit.layout, s.layout ?? tableLayout(s))) fail(`its new ${s.name} table is not laid out as the add-in lays it out`);
      for (const r of list(edit.rows, "a new table's rows", LIMITS.editRows)) editRow(r, "a new table's row", columns);
      return;
    }
    case "addColumn": {
      fields(edit, "a new column", ["kind", "table", "header", "values"]);
      const header = text(edit.header, "a new column's header", 100);
      if (!columns.has(normalizeHeader(header))) fail(`it adds a column the ${s.name} table never has (${header.slice(0, 40)})`);
      if (table === undefined && live) fail(`it adds a column to the ${s.name} table, which the workbook does not have`);
      const values = list(edit.values, "a new column's values", live ? rowsNow : LIMITS.bookRows);
      for (const v of values) cellValue(v, "a new column");
      return;
    }
    case "update": {
      fields(edit, "a change of cells", ["kind", "table", "index", "values"]);
      if ((live && table === undefined) || !count(edit.index, rowsNow - 1))
        fail(`it changes row ${String(edit.index).slice(0, 20)} of the ${s.name} table, which has ${rowsNow} rows`);
      editRow(edit.values, "a change of cells", columns);
      return;
    }
    case "delete": {
      fields(edit, "a deletion", ["kind", "table", "indexes"]);
      const indexes = list(edit.indexes, "a deletion's rows", 1);
      if ((live && table === undefined) || indexes.length !== 1 || !count(indexes[0], rowsNow - 1)) fail(`it deletes a row the ${s.name} table does not have`);
      if (!("gone" in item)) fail("a deletion does not say which row it takes away");
      rowsOfCells([item.gone], "a deleted row", 1, 64);
      return;
    }
    case "append": {
      fields(edit, "new rows", ["kind", "table", "rows"]);
      for (const r of list(edit.rows, "new rows", LIMITS.editRows)) editRow(r, "a new row", columns);
      return;
    }
    default:
      fail("a table edit of a kind the add-in never writes");
  }
}

/** The Ledger's layout: the add-in's own, but for the widths, which are fitted to what it holds. */
function ledgerLayout(x: unknown): void {
  const layout = fields(x, "its Ledger's layout", ["name", "headers", "columnWidths", "columnFormats", "style"], ["indented"]);
  const { columnWidths, ...rest } = layout;
  const { columnWidths: ownWidths, ...own } = LEDGER_LAYOUT;
  const widths = list(columnWidths, "its Ledger's widths", ownWidths.length);
  if (!sameJson(rest, own) || widths.length !== ownWidths.length || !widths.every((w) => typeof w === "number" && w > 0 && w <= 255))
    fail("its Ledger is not laid out as the add-in lays it out");
}

/** Rows the workbook's Ledger or seal holds now: an item may only write from a row they reach. */
function bookReach(raw: RawWorkbook, kind: "ledger" | "tail"): number {
  if (kind === "ledger") return raw.tables.get(lower(LEDGER.name))?.rows.length ?? 0;
  const sheet = raw.sheetNames.find((n) => lower(n) === lower(SEAL_SHEET));
  return sheet === undefined ? 0 : (raw.generatedCells?.get(sheet)?.length ?? 0);
}

function checkItem(
  x: unknown,
  op: { computer: string; finals: ReadonlySet<string>; temps: ReadonlySet<string> },
  raw: RawWorkbook,
  action: string,
  live: boolean,
): CommitItem {
  if (!isRecord(x) || typeof x.kind !== "string") return fail("an item is not a record of the add-in's");
  const reach = REACH[action] ?? fail("its action is not one the add-in knows");
  const kind = x.kind as CommitItem["kind"];
  if (!reach.items.includes(kind)) fail(`its kind of action never writes ${kind.slice(0, 20)} items`);
  switch (kind) {
    case "edit":
      checkEdit(x, raw, action, live);
      break;
    case "ledger": {
      fields(x, "its Ledger", ["kind", "headers", "added", "formats", "layout", "first", "rows", "length"]);
      const headers = list(x.headers, "the Ledger's headers", 32).map((h) => text(h, "a Ledger header", 100));
      const known = new Set(LEDGER.columns.map((c) => normalizeHeader(c.header)));
      if (headers.some((h) => !known.has(normalizeHeader(h)))) fail("its Ledger has a column the Ledger never has");
      if (!count(x.added, headers.length)) fail("its Ledger adds columns out of bounds");
      list(x.formats, "the Ledger's formats", 32).forEach((f) => text(f, "a Ledger format", 100));
      ledgerLayout(x.layout);
      if (!count(x.first, live ? bookReach(raw, "ledger") : LIMITS.bookRows)) fail("it writes the Ledger from a row past its end");
      const rows = rowsOfCells(x.rows, "its Ledger rows", LIMITS.bookRows, headers.length);
      if (x.length !== (x.first as number) + rows) fail("its Ledger's length does not match its rows");
      break;
    }
    case "tail": {
      fields(x, "its seal", ["kind", "sheet", "first", "rows", "length", "width"]);
      if (x.sheet !== SEAL_SHEET) fail("it writes a hidden sheet other than the Ledger's seal");
      if (!count(x.first, live ? bookReach(raw, "tail") : LIMITS.bookRows)) fail("it writes the seal from a row past its end");
      if (!count(x.width, 64)) fail("its seal's width is out of bounds");
      const rows = rowsOfCells(x.rows, "its seal rows", LIMITS.bookRows, 64);
      if (x.length !== (x.first as number) + rows) fail("its seal's length does not match its rows");
      if ((x.first as number) + rows === 0) fail("it empties the seal");
      break;
    }
    case "name": {
      fields(x, "the book's head", ["kind", "name", "formula"]);
      if (x.name !== HEAD_NAME) fail("it writes a workbook name other than the book's head");
      if (headIn(text(x.formula, "the book's head", LIMITS.head)) === undefined) fail("its book's head is not one the add-in writes");
      break;
    }
    case "setting": {
      fields(x, "a setting", ["kind", "key", "value"]);
      const key = text(x.key, "a setting's key", 200);
      if (!OWN_SETTING_PREFIXES.some((p) => key === `${p}${op.computer}`)) fail(`it changes a setting that is not its computer's own (${key.slice(0, 60)})`);
      if (x.value !== null) text(x.value, "a setting's value", LIMITS.setting);
      break;
    }
    case "swap": {
      fields(x, "a sheet put in place", ["kind", "temp", "final", "hidden"]);
      if (typeof x.temp !== "string" || typeof x.final !== "string" || typeof x.hidden !== "boolean" || !op.temps.has(x.temp) || !op.finals.has(x.final))
        fail("it puts in place a sheet that is not one of its own temporary sheets");
      break;
    }
    case "show": {
      fields(x, "the sheet shown", ["kind", "sheet"]);
      text(x.sheet, "the sheet shown", 31);
      break;
    }
    default:
      fail("an item of a kind the add-in never writes");
  }
  return x as unknown as CommitItem;
}

/**
 * Why an open action's record cannot be carried out (in a few words, without the record's own
 * text beyond 60 characters); undefined when it is one the add-in wrote and stays within its reach.
 */
export function damageOf(op: OpenOperation, raw: RawWorkbook): string | undefined {
  try {
    if (!/^[^\u0000-\u001f]{1,64}$/.test(op.id)) fail("its id is not one the add-in makes");
    if (!/^[0-9a-z-]{4,40}$/.test(op.computer)) fail("its computer's name is not one the add-in makes");
    if (!Number.isFinite(op.at) || op.at < Date.UTC(2020, 0, 1) || op.at > Date.now() + 366 * 24 * 3600 * 1000) fail("its time is not a time");
    if (!JOURNAL_ACTIONS.includes(op.action)) fail("its action is not one the add-in knows");
    text(op.words, "its words", WORDS_CHARS);
    text(op.done, "its words", DONE_CHARS);
    if (op.claim !== undefined && op.claim !== `gods.paying.${op.computer}`) fail("its claim is not its computer's own");
    if (op.asked !== undefined && askedIn(op.asked)?.kind !== op.action) fail("what it says was asked is not in the shape the add-in writes");
    const temps = list(op.temps, "its temporary sheets", LIMITS.temps) as readonly (readonly [string, string])[];
    for (const [temp, final] of temps) {
      if (!GENERATED_SHEET.test(final) || final === SEAL_SHEET || temp !== temporaryName(op.id, final))
        fail(`it names as its own a sheet the add-in never writes (${temp.slice(0, 40)})`);
    }
    const items = list(op.items, "its items", LIMITS.items);
    if (op.reached !== undefined && !count(op.reached, items.length)) fail("its progress is past its items");
    const own = { computer: op.computer, temps: new Set(temps.map(([t]) => t)), finals: new Set(temps.map(([, f]) => f)) };
    items.forEach((item, i) => checkItem(item, own, raw, op.action, i >= (op.reached ?? 0)));
    return undefined;
  } catch (e) {
    if (e instanceof Damage) return e.message;
    // Anything else a record can make the checks meet (a stack, a number too large) is damage too.
    return "it is not a record the add-in writes";
  }
}

/**
 * The workbook as read, its journal checked: every open action whose record is damaged, or asks
 * for what its action could not do, is moved among the damaged records, never carried out.
 */
export function vetJournal<W extends RawWorkbook>(raw: W): W {
  const journal = raw.journal;
  if (journal === undefined || journal.open.length === 0) return raw;
  const damaged: DamagedRecord[] = [...(journal.damaged ?? [])];
  const open: OpenOperation[] = [];
  for (const op of journal.open) {
    const why = damageOf(op, raw);
    if (why === undefined) open.push(op);
    else damaged.push({ id: bounded(op.id, 40), key: `${OP_PREFIX}${op.id}`, why });
  }
  return { ...raw, journal: { ...journal, open, ...(damaged.length > 0 ? { damaged } : {}) } };
}

/** The tables an action of this kind may edit (none for a kind the journal does not know). */
export function tablesReached(action: string): readonly string[] {
  return REACH[action]?.tables ?? [];
}
