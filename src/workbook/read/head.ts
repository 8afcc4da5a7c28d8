/**
 * The book's head: where the mana book stood after the latest credit, kept outside the Ledger and
 * its seal, in a hidden name of the workbook ("GodsBook"), which a copy of a sheet does not carry.
 * It holds the digest of the Ledger's first row (the campaign's own: another campaign's book
 * begins otherwise), how many rows the Ledger then held, the digest of its last, and the latest
 * credits by name. So a Ledger and seal copied back from yesterday's file, or from another
 * campaign's, agree with each other and pass the seal's check, yet are named here: "this book
 * ends 2 credits before the workbook's: …". A sealed Ledger whose head is gone, doubled or garbled
 * is named as well, or deleting the name would let such a copy through. Only a correction of the
 * book, with its reason, puts the head where the Ledger stands.
 */
import { formatExact } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { sha256 } from "../../engine/sha256";
import { tableError, type Problem } from "../model/problems";
import { LEDGER } from "../model/schema";
import { creditName } from "./creditName";
import { creditKey } from "./twice";
import type { CreditContent } from "./types";

/** The workbook's name that holds the head. */
export const HEAD_NAME = "GodsBook";

/** Whether a workbook's name is the head's: Excel takes "godsbook" for the same name. */
export function isHeadName(name: string | undefined): boolean {
  return name !== undefined && name.toLowerCase() === HEAD_NAME.toLowerCase();
}

/** How many of the latest credits the head names. */
const NAMED = 5;

export interface BookHead {
  /** the digest of the rows of the Ledger's earliest credit: the campaign's own book */
  readonly first: string;
  /** how many rows the Ledger held */
  readonly rows: number;
  /** the digest of all its rows, whatever their order (sorting the Ledger is no change of the book) */
  readonly all: string;
  /** the latest credits, earliest first: each one's key (read/twice.ts creditKey) and its name for a gamemaster */
  readonly credits: readonly (readonly [string, string])[];
}

/** Each row's digest, worked out once per row object: the head is checked, then made anew, at every credit. */
const DIGESTS = new WeakMap<CreditContent, string>();

function digest(row: CreditContent): string {
  let d = DIGESTS.get(row);
  if (d === undefined) {
    d = sha256(["gods-head-1", row.century, row.kind, row.what ?? "", nameKey(row.god), row.paid, formatExact(row.carry)].join("\u001f")).slice(0, 16);
    DIGESTS.set(row, d);
  }
  return d;
}

const MASK = (1n << 64n) - 1n;

/**
 * One digest for several rows, whatever their order: their digests added up (modulo 2^64), so
 * that a row twice counts twice, with no sorting of a long book's digests.
 */
function together(rows: readonly CreditContent[]): string {
  let sum = 0n;
  for (const r of rows) sum = (sum + BigInt(`0x${digest(r)}`)) & MASK;
  return sum.toString(16).padStart(16, "0");
}

/**
 * The head of a Ledger emptied by taking back its only credit: it says the book holds nothing, so
 * the empty Ledger is not taken for one deleted while the book still held credits.
 */
export function emptyHead(): BookHead {
  return { first: together([]), rows: 0, all: together([]), credits: [] };
}

/** The head of a Ledger holding `rows`, in order; undefined for an empty one. */
export function headOf(rows: readonly CreditContent[]): BookHead | undefined {
  if (rows.length === 0) return undefined;
  // The earliest credit: the earliest century's end (or that century's rows, when it has none).
  let earliest = Infinity;
  for (const r of rows) if (r.century < earliest) earliest = r.century;
  const ofEarliest = rows.filter((r) => r.century === earliest);
  const ends = ofEarliest.filter((r) => r.kind === "century-end");
  const credits: [string, string][] = [];
  for (const r of rows) {
    const key = creditKey({ kind: r.kind as HeadCredit["kind"], century: r.century, what: r.what });
    if (credits[credits.length - 1]?.[0] !== key)
      credits.push([key, creditName({ kind: r.kind as HeadCredit["kind"], century: r.century, what: r.what }).slice(0, 80)]);
  }
  return { first: together(ends.length > 0 ? ends : ofEarliest), rows: rows.length, all: together(rows), credits: credits.slice(-NAMED) };
}

type HeadCredit = Parameters<typeof creditKey>[0];

/** The head as the name's formula: ="…" in pieces of at most 250 characters (Excel's limit for text in a formula is 255). */
export function headFormula(head: BookHead): string {
  const text = JSON.stringify({ v: 1, ...head });
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += 250) pieces.push(`"${text.slice(i, i + 250).replace(/"/g, '""')}"`);
  return `=${pieces.join("&")}`;
}

/**
 * The most characters of a head's formula: the add-in's is about a kilobyte (five credits' names
 * of at most 80 characters, and three digests). A longer one is not read: it is garbled.
 */
export const HEAD_FORMULA_CHARS = 20_000;

/**
 * The texts of a formula made of quoted pieces joined by "&" (="ab"&"c""d"), each unquoted, or
 * undefined when it is not one. One pass, no regular expression: a garbled formula of megabytes
 * costs one reading of it.
 */
function quotedPieces(formula: string): string[] | undefined {
  const pieces: string[] = [];
  let i = formula.startsWith("=") ? 1 : 0;
  const n = formula.length;
  for (;;) {
    while (i < n && formula.charCodeAt(i) !== 0x22 /* " */) i++;
    if (i >= n) return pieces.length === 0 ? undefined : pieces;
    let piece = "";
    let from = i + 1;
    for (;;) {
      const quote = formula.indexOf('"', from);
      if (quote < 0) return pieces.length === 0 ? undefined : pieces;
      piece += formula.slice(from, quote);
      if (formula.charCodeAt(quote + 1) === 0x22) {
        piece += '"';
        from = quote + 2;
        continue;
      }
      i = quote + 1;
      break;
    }
    pieces.push(piece);
  }
}

/** The head a name's formula holds; undefined when it is not one the add-in wrote. */
export function headIn(formula: unknown): BookHead | undefined {
  if (typeof formula !== "string" || formula.length > HEAD_FORMULA_CHARS) return undefined;
  const pieces = quotedPieces(formula);
  if (pieces === undefined) return undefined;
  try {
    const h = JSON.parse(pieces.join("")) as Partial<BookHead> & { v?: unknown };
    if (h.v !== 1 || typeof h.first !== "string" || typeof h.rows !== "number" || typeof h.all !== "string" || !Array.isArray(h.credits)) return undefined;
    const credits = h.credits.filter((c): c is [string, string] => Array.isArray(c) && typeof c[0] === "string" && typeof c[1] === "string");
    return { first: h.first, rows: h.rows, all: h.all, credits };
  } catch {
    return undefined;
  }
}

/** The head, for a gamemaster who never saw it. */
const NAME = `the workbook's hidden name "${HEAD_NAME}", which keeps where the Ledger stood after the latest credit`;
const BEHIND_UNSEEN =
  "The Ledger and its seal may have been put back from an older copy, and without one head to go by nothing shows which credits paid since then are missing.";
/** The way forward when the head cannot be trusted: the Ledger looked over, then sealed as it stands with a head anew. */
const RESTART =
  'Look over the Ledger: if it holds every credit paid, correct the book and say why (gods ledger reseal FILE --because "…", or, in the pane, Keep the edits under Ledger edited by hand), which writes the head anew; otherwise put back the whole workbook from a saved copy.';

const plural = (n: number) => (n === 1 ? "1 credit" : `${n} credits`);

/** What the workbook keeps of the head, as read. */
export interface KeptHead {
  /** the formula of the workbook's name that keeps it, when there is one */
  readonly formula?: string | undefined;
  /** how many workbook names keep it, when more than one */
  readonly copies?: number | undefined;
  /** whether the Ledger has its seal: every version that seals the book keeps its head too */
  readonly sealed: boolean;
}

/** How the problem of a Ledger gone while the head remains begins. */
const GONE = "the Ledger and its seal are gone";

/** Whether a problem is that one: `gods ledger restart` answers it. */
export const isBookGone = (p: Problem): boolean => p.table === LEDGER.name && p.head === true && p.message.startsWith(GONE);

/**
 * A Ledger gone or emptied while the workbook's head says the book held credits: whatever was
 * paid is no longer in the workbook, and a century ended now would be paid a second time. Named
 * as that, with the ways on that cannot pay twice: the Ledger and its seal put back, or the book
 * started again on purpose (actions/restart.ts), marking the centuries the lost book paid.
 */
function bookGone(kept: KeptHead, rows: number): Problem[] {
  const head = kept.formula === undefined || (kept.copies ?? 1) > 1 ? undefined : headIn(kept.formula);
  if (head === undefined || head.rows === 0) return [];
  const latest = head.credits[head.credits.length - 1]?.[1];
  return [
    tableError(
      LEDGER.name,
      `${GONE}${rows === 0 ? " or empty" : ""}, yet the workbook's book says it held ${head.rows} rows${latest === undefined ? "" : `, its latest credit ${latest}`}: every credit paid so far is missing, and a century ended now would be paid a second time. Nothing is paid until the Ledger is back. If another referee has just paid, their Ledger may not have reached this copy yet: read the workbook again in a moment. Otherwise put back the Ledger sheet and its hidden seal ("Ledger Seal") from a saved copy of the workbook or from Excel's version history (File › Info › Version History), then run the command again. If no copy holds it, start the book again: gods ledger restart FILE says what that loses (every account opens at 0, and the centuries the lost book paid are never paid again), and does it only with --accept-warnings.`,
      { head: true, restart: true },
    ),
  ];
}

/**
 * The Ledger (its rows, in order) against the head the workbook keeps: nothing when they agree, or
 * when the Ledger has neither seal nor head (a book older than both: its next credit writes them)
 * or no rows; otherwise what is wrong, in words, naming the credits the Ledger lacks when it is
 * behind. A sealed Ledger without its head, or with two, is named too: a Ledger and seal put back
 * from an older copy would otherwise pass by the head being deleted or doubled.
 */
export function headProblems(kept: KeptHead, rows: readonly CreditContent[]): Problem[] {
  const now = headOf(rows);
  if (now === undefined) return bookGone(kept, rows.length);
  const fix =
    'If it is meant to be so, correct the book and say why (gods ledger reseal FILE --because "…", or, in the pane, Keep the edits under Ledger edited by hand); otherwise put back the Ledger and its seal the workbook\'s last credit wrote (a saved copy, or Undo in Excel).';
  const problem = (message: string) => tableError(LEDGER.name, message, { seal: true, head: true });
  // Lost, doubled or garbled, the head cannot say which credits the Ledger lacks: the gamemaster looks.
  const untrusted = (what: string) => problem(`${what} ${BEHIND_UNSEEN} ${RESTART}`);
  const copies = kept.copies ?? (kept.formula === undefined ? 0 : 1);
  if (copies > 1)
    return [untrusted(`the workbook holds ${copies} copies of the book's head (${NAME}), where it keeps one: a copy was added by hand or by another program.`)];
  if (kept.formula === undefined) return kept.sealed ? [untrusted(`the book's head is missing: ${NAME}, is gone, while the Ledger has its seal.`)] : [];
  const head = headIn(kept.formula);
  if (head === undefined) return [untrusted(`the book's head (${NAME}) was changed and cannot be read.`)];
  if (now.rows === head.rows && now.all === head.all) return [];
  if (now.first !== head.first)
    return [
      problem(
        `the Ledger and its seal are not this workbook's book: they begin with another first credit, as another campaign's (or another copy's) would. The workbook's book ended with ${head.credits[head.credits.length - 1]?.[1] ?? "its last credit"}. ${fix}`,
      ),
    ];
  // Behind: fewer rows, and the head's latest credits missing from it.
  const keys = new Set(rows.map((r) => creditKey({ kind: r.kind as HeadCredit["kind"], century: r.century, what: r.what })));
  const missing = head.credits.filter(([key]) => !keys.has(key)).map(([, name]) => name);
  if (now.rows < head.rows && missing.length > 0) {
    return [
      problem(
        `this book ends ${plural(missing.length)} before the workbook's: ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} missing (the Ledger and its seal were put back from an earlier copy). ${fix}`,
      ),
    ];
  }
  return [
    problem(
      `the Ledger holds ${now.rows} rows, but the workbook's last credit left ${head.rows}, ending with ${head.credits[head.credits.length - 1]?.[1] ?? "another credit"}: the Ledger and its seal are not the ones it wrote. ${fix}`,
    ),
  ];
}
