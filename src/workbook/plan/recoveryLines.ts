/**
 * What finishing an action writes, line by line, before it is written: the sheets removed and
 * renamed, the Ledger's rows with what each character is paid, the cells of the tables with
 * their values before and after. `gods recover --dry-run` and the pane's question show these,
 * so a person sees exactly what a record asks for before anything is carried out.
 */
import { isErrorCell, type ManaMove, type RawCell, type RawWorkbook } from "../model/raw";
import { LEDGER, normalizeHeader } from "../model/schema";
import { boundedList, bounded } from "../read/journal";
import { itemOutcome, ledgerTarget, type CommitItem, type LedgerItem } from "./commit";
import { tableOf } from "./edits";

/** The actions that add a credit's rows at the Ledger's end. */
const ADDS = new Set(["century-end", "event", "era-end", "debit", "correction"]);

/** How many entries each line lists before "… and N more". */
const LISTED = 8;

const shown = (v: RawCell | undefined): string => {
  if (v === null || v === undefined || v === "") return "(empty)";
  if (isErrorCell(v)) return v.error;
  return typeof v === "string" ? `"${bounded(v, 40)}"` : String(v);
};

const cells = (row: Readonly<Record<string, unknown>>): string =>
  boundedList(
    Object.entries(row).map(([h, v]) => `${bounded(h, 30)} ${shown(v as RawCell)}`),
    LISTED,
  );

/** A row's cells as the Ledger's rows are compared: rows typed since an action stopped are told by it. */
export const ledgerRowKey = (r: readonly (RawCell | undefined)[]): string => rowKey(r);

/**
 * The lines for the items still to be carried out, each against the workbook as the items before
 * it leave it; `notOwn`: Ledger rows (by ledgerRowKey) the action never wrote, kept by it.
 */
export function itemLines(todo: readonly { readonly item: CommitItem; readonly at: RawWorkbook }[], notOwn: ReadonlySet<string> = new Set()): string[] {
  const lines: string[] = [];
  for (const { item, at } of todo) {
    switch (item.kind) {
      case "edit": {
        const edit = item.edit;
        const name = bounded(tableOf(edit), 40);
        const table = at.tables.get(tableOf(edit).toLowerCase());
        if (edit.kind === "update") {
          const row = table?.rows[edit.index] ?? [];
          const changes = Object.entries(edit.values).map(([h, v]) => {
            const i = table?.headers.findIndex((x) => typeof x === "string" && normalizeHeader(x) === normalizeHeader(h)) ?? -1;
            return `${bounded(h, 30)} ${shown(i < 0 ? null : row[i])} → ${shown(v)}`;
          });
          lines.push(`${name} table, row ${edit.index + 2}: ${boundedList(changes, LISTED)}.`);
        } else if (edit.kind === "append")
          lines.push(`${name} table: ${edit.rows.length} row${edit.rows.length === 1 ? "" : "s"} added (${boundedList(edit.rows.map(cells), 3)}).`);
        else if (edit.kind === "delete")
          lines.push(`${name} table: row ${(edit.indexes[0] ?? 0) + 2} removed (${boundedList((item.gone ?? []).map(shown), LISTED)}).`);
        else if (edit.kind === "addColumn") lines.push(`${name} table: a column ${bounded(edit.header, 30)} added.`);
        else lines.push(`A new ${name} table, with ${edit.rows.length} row${edit.rows.length === 1 ? "" : "s"}.`);
        break;
      }
      case "ledger": {
        const change = ledgerChange(at, item, notOwn);
        const listed = (rows: readonly LedgerFigures[]) => boundedList(rows.map(figuresWords), LISTED);
        const span = (rows: readonly LedgerFigures[]) => {
          const [a, b] = [rows[0]?.row ?? 0, rows[rows.length - 1]?.row ?? 0];
          return a === b ? `row ${a}` : `rows ${a} to ${b}`;
        };
        if (change.removed.length > 0)
          lines.push(`Ledger ${span(change.removed)} (as it holds them now) removed, ${change.removed.length} in all: ${listed(change.removed)}.`);
        if (change.added.length > 0) lines.push(`Ledger ${span(change.added)} added (it held ${change.before} rows): ${listed(change.added)}.`);
        if (change.present.length > 0) lines.push(`Ledger ${span(change.present)} hold its rows already, left as they are: ${listed(change.present)}.`);
        if (change.removed.length === 0 && change.added.length === 0 && change.present.length === 0)
          lines.push("The Ledger's rows stay as they are (only its layout is written).");
        break;
      }
      case "tail":
        lines.push(`The Ledger's seal rewritten from its row ${item.first + 1} (${item.rows.length} rows).`);
        break;
      case "name":
        lines.push("The book's head set where the Ledger then stands.");
        break;
      case "swap": {
        const replaced = at.sheetNames.some((n) => n.toLowerCase() === item.final.toLowerCase());
        lines.push(
          `Sheet "${bounded(item.temp, 31)}" renamed "${bounded(item.final, 31)}"${replaced ? `, in place of the older "${bounded(item.final, 31)}"` : ""}.`,
        );
        break;
      }
      case "setting":
        lines.push(`The add-in's setting ${bounded(item.key, 60)} ${item.value === null ? "removed" : "written"}.`);
        break;
      case "show":
        break;
    }
  }
  return lines;
}

/** One Ledger row's figures, as a finish adds or removes it: whose, which credit, earned and paid. */
export interface LedgerFigures {
  /** its row on the sheet (the header is row 1) */
  readonly row: number;
  readonly god: string;
  readonly kind: string;
  readonly what: string;
  readonly century: string;
  readonly earned: number | undefined;
  readonly paid: number | undefined;
}

const number = (v: RawCell | undefined): number | undefined =>
  typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;
const word = (v: RawCell | undefined): string => (v === null || v === undefined || isErrorCell(v) ? "" : String(v));

function figuresOf(headers: readonly unknown[], cells: readonly (RawCell | undefined)[], row: number): LedgerFigures {
  const cell = (h: string) => cells[headers.findIndex((x) => normalizeHeader(x) === normalizeHeader(h))];
  return {
    row,
    god: word(cell("God")),
    kind: word(cell("Kind")),
    what: word(cell("What")),
    century: word(cell("Century")),
    earned: number(cell("Earned")),
    paid: number(cell("Paid")),
  };
}

const mana = (n: number | undefined) => (n === undefined ? "(empty)" : n.toLocaleString("en", { maximumFractionDigits: 6 }));

/** "Vorn (event "God obliterated", century 2) earned 2, paid 2" */
export function figuresWords(f: LedgerFigures): string {
  const which = [f.kind, f.what === "" ? "" : `"${bounded(f.what, 40)}"`, f.century === "" ? "" : `century ${bounded(f.century, 12)}`]
    .filter((x) => x !== "")
    .join(" ");
  return `${f.god === "" ? "(no god)" : `"${bounded(f.god, 40)}"`}${which === "" ? "" : ` (${which})`} earned ${mana(f.earned)}, paid ${mana(f.paid)}`;
}

const rowKey = (r: readonly (RawCell | undefined)[]) =>
  JSON.stringify(r.map((c) => (c === undefined || c === null || c === "" ? "" : isErrorCell(c) ? c.error : String(c))));

/**
 * What a Ledger item changes of the Ledger as it stands: the rows it adds and those it removes
 * (each with its figures), compared as rows, so that a row it leaves in place, or moves below a
 * typed one, is neither.
 */
export function ledgerChange(
  at: RawWorkbook,
  item: LedgerItem,
  notOwn: ReadonlySet<string> = new Set(),
): { added: LedgerFigures[]; removed: LedgerFigures[]; present: LedgerFigures[]; before: number } {
  const table = at.tables.get(LEDGER.name.toLowerCase());
  const target = ledgerTarget(at, item);
  const now = target.create === undefined ? (table?.rows ?? []) : [];
  const nowHeaders = target.create === undefined ? (table?.headers ?? []) : target.headers;
  const from = Math.min(item.first, now.length);
  const after = target.rows.slice(from);
  const before = now.slice(from);
  const left = new Map<string, number>();
  for (const r of after) left.set(rowKey(r), (left.get(rowKey(r)) ?? 0) + 1);
  const removed: LedgerFigures[] = [];
  const stays = new Map<string, number>();
  before.forEach((r, i) => {
    const k = rowKey(r);
    if (r.every((c) => c === null || c === "")) return;
    const n = left.get(k) ?? 0;
    if (n > 0) {
      left.set(k, n - 1);
      stays.set(k, (stays.get(k) ?? 0) + 1);
    } else removed.push(figuresOf(nowHeaders, r, from + i + 2));
  });
  // A row already there (in place, or moved past a typed row) is not added again.
  const added: LedgerFigures[] = [];
  const present: LedgerFigures[] = [];
  after.forEach((r, i) => {
    const k = rowKey(r);
    const n = stays.get(k) ?? 0;
    if (n > 0) {
      stays.set(k, n - 1);
      if (!notOwn.has(k)) present.push(figuresOf(target.headers, r, from + i + 2));
    } else added.push(figuresOf(target.headers, r, from + i + 2));
  });
  return { added, removed, present, before: now.length };
}

/** Mana a finish moves, for one god (model/raw.ts). */
export type { ManaMove } from "../model/raw";
export { boxLines, manaMoveWords } from "../read/journal";

/**
 * The mana the items still to be carried out move, row by row of the Ledger. `op`: for an action
 * that adds a credit, the rows of its own the Ledger holds already (written before it stopped, and
 * made to count by the finish) move mana too; `notOwn` (by ledgerRowKey) are rows it never wrote.
 */
export function manaMoves(
  todo: readonly { readonly item: CommitItem; readonly at: RawWorkbook }[],
  op?: { readonly action: string; readonly notOwn?: ReadonlySet<string> },
): ManaMove[] {
  const out: ManaMove[] = [];
  const adds = op !== undefined && ADDS.has(op.action);
  for (const { item, at } of todo) {
    if (item.kind !== "ledger") continue;
    const change = ledgerChange(at, item, adds ? op.notOwn : undefined);
    for (const f of change.removed) out.push({ god: f.god, how: "taken back", mana: Math.abs(f.earned ?? 0), paid: f.paid ?? 0 });
    for (const f of [...(adds ? change.present : []), ...change.added]) {
      const earned = f.earned ?? 0;
      out.push(
        earned < 0 ? { god: f.god, how: "debited", mana: -earned, paid: f.paid ?? 0 } : { god: f.god, how: "credited", mana: earned, paid: f.paid ?? 0 },
      );
    }
  }
  return out;
}

/** The items from `from` on still to be carried out, each with the workbook as the ones before it leave it. */
export function todoOf(raw: RawWorkbook, items: readonly CommitItem[], from: number): { item: CommitItem; at: RawWorkbook }[] {
  const out: { item: CommitItem; at: RawWorkbook }[] = [];
  let current = raw;
  for (const item of items.slice(from)) {
    const { needed, after } = itemOutcome(current, item);
    if (needed) out.push({ item, at: current });
    current = after;
  }
  return out;
}
