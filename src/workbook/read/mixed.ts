/**
 * A Ledger whose cells two computers' writes mixed. When two referees' copies of the workbook lag
 * behind each other and both write the same credit, co-authoring merges their writes cell by cell:
 * the Ledger can end up holding some cells of one computer's rows and some of the other's. Its
 * seal then no longer holds, as after a hand edit; but each computer's journal keeps what its
 * latest credits wrote of the book (office/journal.ts), so the mix is told for what it is: every
 * cell of the rows is one computer's or the other's, and the rows are neither's whole. One
 * confirmed step puts it right: the Ledger and its seal take one computer's rows, those the
 * Ledger holds most of.
 */
import { tableError, type Problem } from "../model/problems";
import { isErrorCell, type DoneOperation, type RawCell, type RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { clock } from "./journal";

/** What a done credit wrote of the Ledger, as its journal entry keeps it. */
interface Written {
  readonly entry: DoneOperation;
  readonly first: number;
  readonly rows: readonly (readonly unknown[])[];
}

function written(entry: DoneOperation): Written | undefined {
  const ledger = entry.book?.ledger as { first?: unknown; rows?: unknown } | undefined;
  if (ledger === undefined || typeof ledger.first !== "number" || !Array.isArray(ledger.rows)) return undefined;
  if (!ledger.rows.every((r: unknown) => Array.isArray(r))) return undefined;
  return { entry, first: ledger.first, rows: ledger.rows as unknown[][] };
}

function same(cell: RawCell | undefined, value: unknown): boolean {
  if (isErrorCell(cell)) return false;
  const blank = (x: unknown) => x === null || x === undefined || x === "";
  if (blank(cell) && blank(value)) return true;
  return (typeof value === "string" || typeof value === "number" || typeof value === "boolean") && String(cell) === String(value);
}

/** How the Ledger's rows stand against two computers' writes of them: each cell one's or the other's, and how many each. */
function mix(rows: readonly (readonly RawCell[])[], a: Written, b: Written): { a: number; b: number; explained: boolean } {
  const from = Math.min(a.first, b.first);
  const to = Math.max(a.first + a.rows.length, b.first + b.rows.length, rows.length);
  let [ofA, ofB] = [0, 0];
  let [allA, allB] = [true, true];
  for (let r = from; r < to; r++) {
    const row = rows[r] ?? [];
    const ra = a.rows[r - a.first];
    const rb = b.rows[r - b.first];
    const width = Math.max(row.length, ra?.length ?? 0, rb?.length ?? 0);
    for (let c = 0; c < width; c++) {
      const cell = row[c];
      const isA = ra !== undefined ? same(cell, ra[c]) : same(cell, null);
      const isB = rb !== undefined ? same(cell, rb[c]) : same(cell, null);
      if (!isA && !isB) return { a: 0, b: 0, explained: false };
      if (isA) ofA++;
      else allA = false;
      if (isB) ofB++;
      else allB = false;
    }
  }
  return { a: ofA, b: ofB, explained: !allA && !allB };
}

/**
 * The Ledger mixed by two computers' writes of one credit, when it is: named, with the computer
 * whose rows it takes (`mixedBook` holds that write's journal id).
 */
export function mixedBook(raw: RawWorkbook): Problem | undefined {
  const rows = raw.tables.get(LEDGER.name.toLowerCase())?.rows;
  const done = raw.journal?.done ?? [];
  if (rows === undefined) return undefined;
  const writes = done.flatMap((d) => written(d) ?? []);
  for (const a of writes) {
    for (const b of writes) {
      if (a.entry.computer >= b.entry.computer || a.entry.words !== b.entry.words) continue;
      const found = mix(rows, a, b);
      if (!found.explained) continue;
      const keep = found.a > found.b || (found.a === found.b && a.entry.at > b.entry.at) ? a : b;
      const other = keep === a ? b : a;
      const who = (w: Written) => (w.entry.computer === raw.thisComputer ? "this computer" : "another computer");
      return tableError(
        LEDGER.name,
        `${keep.entry.words} was written by two computers at once (${who(keep)} at ${clock(keep.entry.at)}, ${who(other)} at ${clock(other.entry.at)}), and co-authoring mixed their cells in the Ledger: it is not a hand edit. Put it right: the Ledger and its seal take the rows ${who(keep)} wrote, which the Ledger holds most of (${keep.entry.done}).`,
        { row: Math.min(a.first, b.first) + 2, mixedBook: keep.entry.id },
      );
    }
  }
  return undefined;
}
