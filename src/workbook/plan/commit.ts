/**
 * What an action changes in the campaign besides the sheets it generates, as a list of items the
 * journal holds (read/journal.ts) and an adapter carries out one after another. Each item can be
 * carried out again after it was carried out in part or in full, without harm: it writes values,
 * not changes to them (Units become 37; they are not lowered by 3), and what it cannot write twice
 * (rows added, a row deleted, a table made) it recognises as done before writing it. So an action
 * that stopped part-way is finished from its intent, whatever request was cut where.
 */
import { isErrorCell, type RawCell, type RawTable, type RawWorkbook } from "../model/raw";
import { LEDGER, normalizeHeader, SEAL_SHEET } from "../model/schema";
import { applyEdits, editSteps, rowCells, tableOf, type EditRow, type TableEdit } from "./edits";
import type { PlanValue, TableLayout, SheetPlan } from "./layout";
import { firstChange, type LedgerPlan } from "./ledger";
import type { WorkbookPlan } from "./types";
import { withHead } from "./after";
import { HEAD_NAME, headFormula } from "../read/head";

/** The Ledger from its first changed row on: the rows it holds from `first`, and how many it holds in all. */
export interface LedgerItem {
  readonly kind: "ledger";
  readonly headers: readonly string[];
  /** how many of `headers` an existing Ledger gains at its right */
  readonly added: number;
  readonly formats: readonly string[];
  /** how a new Ledger is laid out */
  readonly layout: TableLayout;
  readonly first: number;
  readonly rows: readonly (readonly PlanValue[])[];
  readonly length: number;
}

/** A hidden sheet of plain cells (the seal) from its first changed row on, from A1. */
export interface TailItem {
  readonly kind: "tail";
  readonly sheet: string;
  readonly first: number;
  readonly rows: readonly (readonly PlanValue[])[];
  readonly length: number;
  readonly width: number;
}

export type CommitItem =
  /**
   * An edit of an input table (plan/edits.ts). `base`: the rows it had when the edit was planned,
   * after the edits before it (appended rows are looked for from there). A deletion is one row a
   * time (`edit.indexes` holds one), from the bottom up, with the row as it was (`gone`).
   */
  | { readonly kind: "edit"; readonly edit: TableEdit; readonly base: number; readonly gone?: readonly RawCell[] }
  | LedgerItem
  | TailItem
  /** a generated sheet written under a temporary name takes its place: the older one goes, the new one is renamed */
  | { readonly kind: "swap"; readonly temp: string; readonly final: string; readonly hidden: boolean }
  /** a setting of the workbook set to a value, or removed (null) */
  | { readonly kind: "setting"; readonly key: string; readonly value: string | null }
  /** the sheet shown at the end */
  | { readonly kind: "show"; readonly sheet: string }
  /** the workbook's name that keeps the book's head (read/head.ts) set to this formula, made (hidden) when missing */
  | { readonly kind: "name"; readonly name: string; readonly formula: string };

/** The edits of input tables as items, in the order they are carried out (see editSteps). */
export function editItems(raw: RawWorkbook, edits: readonly TableEdit[]): CommitItem[] {
  const items: CommitItem[] = [];
  for (const { edit, before } of editSteps(raw, edits).steps) {
    const base = before?.rows.length ?? 0;
    if (edit.kind !== "delete") {
      items.push({ kind: "edit", edit, base });
      continue;
    }
    // From the bottom up, so each row number still points at its row.
    for (const i of [...edit.indexes].sort((a, b) => b - a)) {
      items.push({ kind: "edit", edit: { ...edit, indexes: [i] }, base, gone: [...(before?.rows[i] ?? [])] });
    }
  }
  return items;
}

const valueOf = (c: { readonly value: PlanValue } | null | undefined): PlanValue => (c === null || c === undefined ? null : c.value);

/** The rows of a sheet the plan writes, as values. */
export function sheetValues(sheet: SheetPlan): PlanValue[][] {
  return sheet.rows.map((r) => r.map(valueOf));
}

/** Where `after` first differs from `before` (rows from A1), or the shorter length. */
export function firstDifference(before: readonly (readonly RawCell[])[], after: readonly (readonly PlanValue[])[]): number {
  const same = (a: RawCell | undefined, b: PlanValue) => !isErrorCell(a) && String(a ?? "") === String(b ?? "");
  const width = (r: readonly unknown[]) => {
    let w = r.length;
    while (w > 0 && (r[w - 1] === null || r[w - 1] === "" || r[w - 1] === undefined)) w--;
    return w;
  };
  const i = after.findIndex((row, r) => {
    const old = before[r];
    return old === undefined || width(old) !== width(row) || row.some((v, c) => !same(old[c], v));
  });
  return i < 0 ? Math.min(after.length, before.length) : i;
}

/** The Ledger's new content as an item: only from its first change on (usually the new credit's rows). */
export function ledgerItem(raw: RawWorkbook, ledger: LedgerPlan): LedgerItem {
  const existing = raw.tables.get(LEDGER.name.toLowerCase());
  const first = existing === undefined || ledger.added > 0 ? 0 : Math.min(firstChange(existing.rows, ledger.rows), existing.rows.length);
  return {
    kind: "ledger",
    headers: ledger.headers,
    added: ledger.added,
    formats: ledger.formats,
    layout: ledger.layout,
    first,
    rows: ledger.rows.slice(first),
    length: ledger.rows.length,
  };
}

/** The seal's new content as an item: only from its first change on. */
export function sealItem(raw: RawWorkbook, seal: SheetPlan): TailItem {
  const rows = sheetValues(seal);
  const before = raw.generatedCells?.get(SEAL_SHEET);
  const first = before === undefined || !raw.sheetNames.some((n) => n.toLowerCase() === SEAL_SHEET.toLowerCase()) ? 0 : firstDifference(before, rows);
  return { kind: "tail", sheet: SEAL_SHEET, first, rows: rows.slice(first), length: rows.length, width: seal.columnWidths.length };
}

/**
 * A credit's plan (or a century end's) as what the journal carries out: its generated sheets,
 * written first under temporary names, and the items that change the book: the Ledger, and its
 * seal in the same request. `ledger`: false for worksheets alone, which change no book.
 */
export function bookWrite(raw: RawWorkbook, plan: WorkbookPlan, ledger = true): { sheets: SheetPlan[]; items: CommitItem[] } {
  const seal = plan.sheets.find((s) => s.name === SEAL_SHEET);
  const sheets = plan.sheets.filter((s) => s.name !== SEAL_SHEET);
  if (!ledger) return { sheets, items: [] };
  const head: CommitItem[] = plan.head === undefined ? [] : [{ kind: "name", name: HEAD_NAME, formula: headFormula(plan.head) }];
  return { sheets, items: [ledgerItem(raw, plan.ledger), ...(seal === undefined ? [] : [sealItem(raw, seal)]), ...head] };
}

/** A row as the table's cells, in its column order, for telling whether rows already went in. */
export function rowAsCells(table: RawTable, row: EditRow): PlanValue[] {
  return rowCells(table.headers, row).map((v) => (v === undefined ? null : v));
}

/** Whether a table's cells hold what an edit writes (blank and "" alike; a number typed as text alike). */
export function sameRow(cells: readonly RawCell[], values: readonly (RawCell | undefined)[]): boolean {
  return values.every((v, i) => v === undefined || sameValue(cells[i], v));
}

function sameValue(a: RawCell | undefined, b: RawCell): boolean {
  if (isErrorCell(a) || isErrorCell(b)) return isErrorCell(a) && isErrorCell(b) && a.error === b.error;
  const blank = (x: unknown) => x === null || x === undefined || x === "";
  if (blank(a) && blank(b)) return true;
  return String(a) === String(b);
}

/** Where `rows` already stand, one after another, in a table from row `from` on; -1 when they do not. */
export function rowsAt(table: RawTable, from: number, rows: readonly EditRow[]): number {
  const wanted = rows.map((r) => rowCells(table.headers, r));
  for (let at = Math.max(0, from); at + wanted.length <= table.rows.length; at++) {
    if (wanted.every((w, i) => sameRow(table.rows[at + i] ?? [], w))) return at;
  }
  return -1;
}

/** Whether a header is among a table's (matched as every header is). */
export function hasHeader(table: RawTable, header: string): boolean {
  return table.headers.some((h) => normalizeHeader(h) === normalizeHeader(header));
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const KINDS = new Set(["edit", "ledger", "tail", "swap", "setting", "show", "name"]);

/**
 * The items of an intent read back from the journal; undefined when one is not as the add-in
 * writes them (then the action cannot be finished from it, only its sheets taken away).
 */
export function itemsIn(items: readonly unknown[]): CommitItem[] | undefined {
  if (!items.every((i) => isRecord(i) && typeof i.kind === "string" && KINDS.has(i.kind))) return undefined;
  // The add-in wrote them as JSON of these very shapes.
  return items as CommitItem[];
}

/** Something an item cannot do, in a gamemaster's words: the workbook lost what it writes into. */
export class CommitProblem extends Error {
  readonly plain = true;
  constructor(message: string) {
    super(message);
    this.name = "CommitProblem";
  }
}

const lower = (s: string) => s.toLowerCase();

/** A sheet of the workbook by name, as Excel matches names (case ignored). */
export function sheetIn(raw: RawWorkbook, name: string): string | undefined {
  return raw.sheetNames.find((n) => lower(n) === lower(name));
}

function withSheets(raw: RawWorkbook, gone: readonly string[], added: readonly string[]): RawWorkbook {
  const out = new Set(gone.map(lower));
  return { ...raw, sheetNames: [...raw.sheetNames.filter((n) => !out.has(lower(n))), ...added] };
}

/** Whether a table found under the Ledger's name has the Ledger's columns (a half-made sheet has none). */
function ledgerShaped(table: RawTable): boolean {
  return ["Century", "God", "Paid"].every((h) => hasHeader(table, h));
}

/** The Ledger a ledger item makes of the one the workbook holds now. */
export interface LedgerTarget {
  /** a Ledger to make anew; `half`: the sheet of a half-made one, which goes first */
  readonly create?: { readonly half?: string };
  /** its headers once written, in the sheet's order, and those it gains */
  readonly headers: readonly string[];
  readonly missing: readonly string[];
  readonly formats: readonly string[];
  /** its whole body once written, in the sheet's column order */
  readonly rows: readonly (readonly PlanValue[])[];
}

export function ledgerTarget(current: RawWorkbook, item: LedgerItem): LedgerTarget {
  const existing = current.tables.get(lower(LEDGER.name));
  if (existing === undefined || !ledgerShaped(existing)) {
    if (item.first > 0)
      throw new CommitProblem(
        "The Ledger is gone from the workbook, or was emptied, while the add-in was writing it. Put it back (Undo in Excel, or a saved copy), then try again.",
      );
    const half = existing?.sheet ?? sheetIn(current, LEDGER.name);
    return { create: half === undefined ? {} : { half }, headers: item.layout.headers, missing: [], formats: item.formats, rows: item.rows };
  }
  const missing = item.headers.filter((h) => !hasHeader(existing, h));
  const headers = [...existing.headers.map((h) => (typeof h === "string" ? h : typeof h === "number" ? String(h) : "")), ...missing];
  // The columns in the sheet's order, whatever order the item's headers came in.
  const order = headers.map((h) => item.headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h)));
  const inOrder = (r: readonly PlanValue[]) => order.map((i) => (i < 0 ? null : (r[i] ?? null)));
  const kept = existing.rows.slice(0, item.first).map((r) => r.map((c) => (isErrorCell(c) ? null : c)));
  return {
    headers,
    missing,
    formats: order.map((i) => (i < 0 ? "General" : (item.formats[i] ?? "General"))),
    rows: [...kept, ...item.rows.map(inOrder)],
  };
}

/** The cells a tail item leaves on its sheet, from A1; `create` when the sheet is to be made. */
export function tailTarget(
  current: RawWorkbook,
  item: TailItem,
): { readonly create: boolean; readonly before: readonly (readonly RawCell[])[]; readonly rows: readonly (readonly PlanValue[])[] } {
  const present = sheetIn(current, item.sheet);
  if (present === undefined && item.first > 0)
    throw new CommitProblem(
      `The hidden sheet "${item.sheet}" is gone from the workbook while the add-in was writing it. Put it back (Undo in Excel, or a saved copy), then try again.`,
    );
  const before = present === undefined ? [] : (current.generatedCells?.get(present) ?? []);
  const kept = Array.from({ length: item.first }, (_, i) => (before[i] ?? []).map((c) => (isErrorCell(c) ? null : c)));
  return { create: present === undefined, before, rows: [...kept, ...item.rows] };
}

/**
 * What an item finds in the workbook as it stands: whether it is still to be done (an edit found
 * done, rows found added, a row found gone, a sheet found in its place are not), and the workbook
 * as it leaves it. The adapters carry out only what is needed, each in its own way.
 */
export function itemOutcome(current: RawWorkbook, item: CommitItem): { readonly needed: boolean; readonly after: RawWorkbook } {
  switch (item.kind) {
    case "edit":
      return editOutcome(current, item);
    case "ledger": {
      const target = ledgerTarget(current, item);
      const existing = current.tables.get(lower(LEDGER.name));
      const table: RawTable =
        target.create === undefined && existing !== undefined
          ? { ...existing, headers: target.headers, rows: target.rows }
          : { name: LEDGER.name, sheet: LEDGER.name, headerRow: 1, firstColumn: 1, headers: [...target.headers], rows: target.rows, isTable: true };
      const tables = new Map(current.tables);
      tables.set(lower(LEDGER.name), table);
      const half = target.create?.half;
      const base = target.create === undefined ? current : withSheets(current, half === undefined ? [] : [half], [LEDGER.name]);
      return { needed: true, after: { ...base, tables } };
    }
    case "tail": {
      const target = tailTarget(current, item);
      const generatedCells = new Map(current.generatedCells ?? []);
      generatedCells.set(item.sheet, target.rows);
      return { needed: true, after: { ...(target.create ? withSheets(current, [], [item.sheet]) : current), generatedCells } };
    }
    case "swap": {
      const temp = sheetIn(current, item.temp);
      const final = sheetIn(current, item.final);
      if (temp === undefined) {
        if (final !== undefined) return { needed: false, after: current };
        throw new CommitProblem(`The sheet "${item.final}" that the add-in was writing is gone from the workbook. Take the action back, then do it again.`);
      }
      return { needed: true, after: withSheets(current, [temp, ...(final === undefined ? [] : [final])], [item.final]) };
    }
    case "setting":
    case "show":
      return { needed: true, after: current };
    case "name":
      return { needed: current.bookHead !== item.formula || current.headCopies !== undefined, after: withHead(current, item.formula) };
  }
}

function editOutcome(current: RawWorkbook, item: Extract<CommitItem, { kind: "edit" }>): { needed: boolean; after: RawWorkbook } {
  const edit = item.edit;
  const table = current.tables.get(lower(tableOf(edit)));
  const done = { needed: false, after: current };
  switch (edit.kind) {
    case "create": {
      if (table?.isTable === true && edit.layout.headers.every((h) => hasHeader(table, h))) return done;
      // A sheet of that name the action began and did not finish (it was planned where there was none).
      const half = sheetIn(current, edit.sheet ?? edit.layout.name);
      const tables = new Map(current.tables);
      tables.delete(lower(edit.layout.name));
      return { needed: true, after: applyEdits({ ...withSheets(current, half === undefined ? [] : [half], []), tables }, [edit]) };
    }
    case "addColumn":
      if (table !== undefined && hasHeader(table, edit.header)) return done;
      break;
    case "delete": {
      const row = table?.rows[edit.indexes[0] ?? -1];
      // Deleted already: the row there now is another one.
      if (row === undefined || item.gone === undefined || !sameRow(row, item.gone)) return done;
      break;
    }
    case "append":
      if (table !== undefined && rowsAt(table, item.base, edit.rows) >= 0) return done;
      break;
    case "update":
      break;
  }
  return { needed: true, after: applyEdits(current, [edit]) };
}
