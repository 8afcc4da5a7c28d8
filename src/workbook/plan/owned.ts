/**
 * What an action that stopped part-way owns of the Ledger, known by what the rows hold, never by
 * where they stand. From the row where its Ledger item writes on, a row is the action's own when
 * it is one of the rows the item writes, cell for cell (written before the stop), or, for a
 * take-back, a row of the credit it takes back. Any other row there was put in after the action
 * stopped: typed by the gamemaster (a correction, a note), pasted or sorted in. A finish never
 * writes over such a row: it stops and names it, and the person chooses to finish the action
 * below it (the row is kept where the finish leaves it) or to set the record aside.
 */
import { isErrorCell, type AsideWritten, type OpenOperation, type RawCell, type RawTable, type RawWorkbook } from "../model/raw";
import { LEDGER, normalizeHeader } from "../model/schema";
import { readCampaign } from "../read/campaign";
import { headIn } from "../read/head";
import { bounded, boundedList } from "../read/journal";
import { creditKey } from "../read/twice";
import { itemsIn, type CommitItem, type LedgerItem } from "./commit";
import type { PlanValue } from "./layout";

/** A Ledger row a finish would write over or take away that the action never wrote. */
export interface TypedRow {
  /** its place in the Ledger's body, from 0 */
  readonly index: number;
  /** its cells, in the sheet's column order */
  readonly cells: readonly RawCell[];
  /** the row for a gamemaster: "Ledger row 8 (Vorn, correction "Gift", earned 5, paid 5)" */
  readonly words: string;
  /**
   * When the row is one the action wrote, changed by hand since: which of its rows (from the item's
   * first), and each cell changed ("What "God obliterated" → "God obliterated by Vorn"").
   */
  readonly changed?: { readonly own: number; readonly cells: readonly string[] };
}

const blank = (c: RawCell | undefined) => c === null || c === undefined || c === "";
const same = (a: RawCell | undefined, b: PlanValue | undefined) =>
  (blank(a) && (b === null || b === undefined || b === "")) || (!isErrorCell(a) && !blank(a) && String(a) === String(b ?? ""));

/** The Ledger item still to be carried out, when there is one. */
function ledgerLeft(op: OpenOperation): { item: LedgerItem; at: number; items: CommitItem[] } | undefined {
  if (op.reached === undefined) return undefined;
  const items = itemsIn(op.items);
  if (items === undefined) return undefined;
  const at = items.findIndex((i, n) => n >= (op.reached ?? 0) && i.kind === "ledger");
  const item = items[at];
  return item?.kind === "ledger" ? { item, at, items } : undefined;
}

/** The table's cells of a row, in the item's column order. */
function inItemOrder(table: RawTable, item: LedgerItem, row: readonly RawCell[]): (RawCell | undefined)[] {
  return item.headers.map((h) => {
    const i = table.headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h));
    return i < 0 ? undefined : row[i];
  });
}

/** The key of the credit a take-back removes: the latest the book's head names, else the first row it removes. */
function takenBack(raw: RawWorkbook, first: number): string | undefined {
  const latest = headIn(raw.bookHead)?.credits.slice(-1)[0]?.[0];
  if (latest !== undefined) return latest;
  const row = readCampaign(raw).campaign.ledger.find((r) => r.index === first);
  return row === undefined ? undefined : creditKey(row);
}

/**
 * The rows from where the open action's Ledger item writes on that it never wrote: what a finish
 * as recorded would write over or take away. Empty when the action writes no Ledger (or has
 * written it), or when every such row is its own.
 */
export function typedRows(raw: RawWorkbook, op: OpenOperation): TypedRow[] {
  const left = ledgerLeft(op);
  const table = raw.tables.get(LEDGER.name.toLowerCase());
  if (left === undefined || table === undefined) return [];
  const { item } = left;
  // A rename or a Ledger put right rewrites the rows it reaches by design: only rows past its end are not its own.
  const rewrites = op.action === "rename" || op.action === "put-right";
  const unused = item.rows.map((r) => r);
  const takes = op.action === "undo" ? takenBack(raw, item.first) : undefined;
  const keys = takes === undefined ? undefined : new Map(readCampaign(raw).campaign.ledger.map((r) => [r.index, creditKey(r)]));
  const out: TypedRow[] = [];
  for (let index = item.first; index < table.rows.length; index++) {
    const cells = table.rows[index] ?? [];
    if (cells.every((c) => blank(c))) continue;
    if (rewrites && index < item.length) continue;
    const mine = inItemOrder(table, item, cells);
    const at = unused.findIndex((r) => item.headers.every((_, c) => same(mine[c], r[c])));
    if (at >= 0) {
      unused.splice(at, 1);
      continue;
    }
    if (takes !== undefined && keys?.get(index) === takes) continue;
    const changed = changedOwn(item, index, mine, unused);
    const words = typedRowWords(table, { index, cells });
    if (changed === undefined) out.push({ index, cells: [...cells], words });
    else out.push({ index, cells: [...cells], words: `${words}: ${boundedList(changed.cells, 4)}`, changed });
  }
  return out;
}

const cellWords = (c: RawCell | PlanValue | undefined) =>
  c === null || c === undefined || c === "" ? "(empty)" : isErrorCell(c) ? c.error : typeof c === "string" ? `"${bounded(c, 40)}"` : String(c);

/**
 * Whether the row at `index` is the action's own row there, changed by hand: the row it writes at
 * that place is not found elsewhere, and this one is of the same kind for the same god in the same
 * century, with one or two cells changed. Its changed cells, in words, and which of its rows it is.
 */
function changedOwn(
  item: LedgerItem,
  index: number,
  mine: readonly (RawCell | undefined)[],
  unused: (readonly PlanValue[])[],
): TypedRow["changed"] | undefined {
  const own = index - item.first;
  const row = item.rows[own];
  if (row === undefined || !unused.includes(row)) return undefined;
  const at = (h: string) => item.headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h));
  const god = at("God");
  const century = at("Century");
  const kind = at("Kind");
  const agree = (c: number) => c < 0 || same(mine[c], row[c]);
  if (god < 0 || !agree(god) || !agree(century) || !agree(kind)) return undefined;
  const cells = item.headers.flatMap((h, c) => (same(mine[c], row[c]) ? [] : [`${bounded(h, 30)} ${cellWords(row[c])} → ${cellWords(mine[c])}`]));
  // A row typed there by hand agrees with the one it writes on a few cells at most: its own row, changed, on all but one or two.
  if (cells.length > 2) return undefined;
  unused.splice(unused.indexOf(row), 1);
  return { own, cells };
}

/**
 * The items of `op` with its Ledger item finishing below the typed rows: they are kept, in their
 * order, right after the rows before the action's, and the action's own rows follow (for a
 * take-back, the typed rows are all that follow). Columns of the Ledger the item does not write
 * (a gamemaster's own) are carried, so nothing of a typed row is lost.
 */
export function belowTypedRows(raw: RawWorkbook, op: OpenOperation, typed: readonly TypedRow[]): CommitItem[] | undefined {
  const left = ledgerLeft(op);
  const table = raw.tables.get(LEDGER.name.toLowerCase());
  if (left === undefined || table === undefined) return undefined;
  const { item, at, items } = left;
  const sheetHeaders = table.headers.map((h) => (typeof h === "string" ? h : typeof h === "number" ? String(h) : ""));
  const extra = sheetHeaders.filter((h) => h !== "" && !item.headers.some((x) => normalizeHeader(x) === normalizeHeader(h)));
  const headers = [...item.headers, ...extra];
  const pad = (r: readonly PlanValue[]) => [...r, ...extra.map(() => null)];
  const asTyped = (t: TypedRow) =>
    headers.map((h): PlanValue => {
      const i = table.headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h));
      const c = i < 0 ? null : t.cells[i];
      return c === undefined || isErrorCell(c) ? null : c;
    });
  const typedRowsOut = typed.filter((t) => t.changed === undefined).map(asTyped);
  // A row of its own changed by hand since keeps the change, in its place: the book's checks name it.
  const kept = new Map(typed.flatMap((t) => (t.changed === undefined ? [] : [[t.changed.own, asTyped(t)] as const])));
  const own = item.rows.map((r, n) => kept.get(n) ?? pad(r));
  const rewrites = op.action === "rename" || op.action === "put-right";
  // A rename keeps the rows it rewrites where they are: the typed rows (past its end) follow them.
  const rows = rewrites ? [...own, ...typedRowsOut] : [...typedRowsOut, ...own];
  const moved: LedgerItem = {
    ...item,
    headers,
    formats: [...item.formats, ...extra.map(() => "General")],
    rows,
    length: item.first + rows.length,
  };
  return items.map((i, n) => (n === at ? moved : i));
}

/** A typed row, for a gamemaster: "Ledger row 8: Vorn, correction "Gift", earned 5, paid 5". */
export function typedRowWords(table: RawTable | undefined, row: Pick<TypedRow, "index" | "cells">): string {
  const cell = (h: string) => {
    const i = table?.headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h)) ?? -1;
    const c = i < 0 ? undefined : row.cells[i];
    return c === undefined || c === null || c === "" ? undefined : isErrorCell(c) ? c.error : String(c);
  };
  const parts = [
    cell("God") ?? "no god",
    [cell("Kind"), cell("What") === undefined ? undefined : `"${bounded(cell("What") ?? "", 40)}"`].filter((x) => x !== undefined).join(" "),
    cell("Century") === undefined ? undefined : `century ${cell("Century") ?? ""}`,
    `earned ${cell("Earned") ?? "(empty)"}`,
    `paid ${cell("Paid") ?? "(empty)"}`,
  ].filter((p): p is string => p !== undefined && p !== "");
  return `Ledger row ${row.index + 2} (${bounded(parts.join(", "), 160)})`;
}

/** The typed rows of an open action, in a sentence's words. */
export function typedRowsWords(typed: readonly Pick<TypedRow, "words">[]): string {
  return boundedList(
    typed.map((t) => t.words),
    5,
  );
}

/**
 * The temporary sheets of `op` the workbook holds that are the add-in's: named in its record and
 * hidden, as the add-in writes them. A visible sheet of that name is a gamemaster's (`kept`).
 */
export function ownTemps(raw: RawWorkbook, op: OpenOperation): { own: string[]; kept: string[] } {
  // Sheets written since the workbook was read are not in its list of shown ones: the action wrote them, hidden.
  const shown = new Set((raw.visibleSheets ?? []).map((n) => n.toLowerCase()));
  const own: string[] = [];
  const kept: string[] = [];
  for (const [temp] of op.temps) {
    const present = raw.sheetNames.find((n) => n.toLowerCase() === temp.toLowerCase());
    if (present === undefined) continue;
    if (shown.has(present.toLowerCase())) kept.push(present);
    else own.push(present);
  }
  return { own, kept };
}

/**
 * The rows of its own an open action had written to the Ledger (from where it writes, cell for
 * cell), as a record set aside keeps them: the book's checks then name them as the add-in's.
 */
export function writtenRows(raw: RawWorkbook, op: OpenOperation): AsideWritten["rows"] {
  const left = ledgerLeft(op);
  const table = raw.tables.get(LEDGER.name.toLowerCase());
  if (left === undefined || table === undefined || op.action === "rename" || op.action === "put-right" || op.action === "undo") return [];
  const { item } = left;
  const unused = item.rows.map((r) => r);
  const col = (h: string) => item.headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h));
  const out: AsideWritten["rows"][number][] = [];
  for (let index = item.first; index < table.rows.length && unused.length > 0; index++) {
    const mine = inItemOrder(table, item, table.rows[index] ?? []);
    const at = unused.findIndex((r) => item.headers.every((_, c) => same(mine[c], r[c])));
    const row = unused[at];
    if (row === undefined) continue;
    unused.splice(at, 1);
    const text = (h: string) => (row[col(h)] === null || row[col(h)] === undefined ? "" : String(row[col(h)]));
    const num = (h: string) => Number(row[col(h)] ?? 0);
    out.push([text("God"), text("Kind"), num("Century"), text("What"), num("Earned"), num("Paid")]);
  }
  return out;
}
