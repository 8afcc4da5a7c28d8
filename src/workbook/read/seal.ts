/**
 * The Ledger's seal: a hidden sheet of the add-in's own ("Ledger Seal") that holds, for every
 * account, the digest of each credit the add-in wrote, in order, and the names of the sheets it
 * generated. Each digest covers the credit's whole content (century, kind, what, recipient, the
 * exact amount earned, paid, the exact carry), so a row changed, added, copied or deleted by hand
 * no longer matches, and is named by its row before anything is written. Sorting the Ledger's
 * rows or moving its columns changes no digest.
 *
 * The seal catches hand edits and mistakes. It is no secret: someone who reads this code can
 * compute digests for a forged row; the referees' own eyes, and the worksheets printed at each
 * century's end, remain the guard against that.
 */
import { add, formatExact, isZero, sub, type Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { sha256 } from "../../engine/sha256";
import { payWarning, type Problem } from "../model/problems";
import type { AsideWritten, RawCell, RawTable } from "../model/raw";
import { LEDGER, SEAL_SHEET } from "../model/schema";
import { addressIn, columnIndex } from "../model/tableReader";
import { shownList, shownName } from "../model/shown";
import type { Account, CreditContent, LedgerRow, Seal } from "./types";

/** The seal's first row: what it is, for whoever unhides it. */
export const SEAL_HEADERS = ["Entry", "Name", "Credit", "Digest"] as const;
export const SEAL_NOTE =
  "Written by The Gods II add-in to prove the Ledger: do not edit. To correct the book on purpose, use gods ledger reseal (or, in the pane, Keep the edits under Ledger edited by hand).";

/** A credit's content as the seal digests it. */
export interface Sealed extends CreditContent {
  /** its row among the Ledger's, when it is in the Ledger already: the seal lists credits in that order */
  readonly index?: number;
}

/**
 * A credit's digest: 16 hex digits of SHA-256 over its content, with what it earned worked out
 * exactly from the carry before it (so a rounded Earned cell, as another program may save it,
 * changes nothing).
 */
export function creditDigest(credit: Sealed, carryIn: Ratio): string {
  const earned = add(sub(credit.carry, carryIn), { n: BigInt(credit.paid), d: 1n });
  const content = [
    "gods-ledger-1",
    credit.century,
    credit.kind,
    credit.what ?? "",
    nameKey(credit.god),
    formatExact(earned),
    credit.paid,
    formatExact(credit.carry),
  ].join("\u001f");
  return sha256(content).slice(0, 16);
}

/** Each credit's digest with the carry it was worked out from: the book is checked, then sealed anew, at every credit. */
const DIGESTS = new WeakMap<Sealed, { readonly carryIn: Ratio; readonly digest: string }>();

/** An account's digests, credit by credit, in its order. */
export function accountDigests(entries: readonly Sealed[]): string[] {
  let carry: Ratio = ZERO_CARRY;
  return entries.map((e) => {
    const known = DIGESTS.get(e);
    const d = known !== undefined && known.carryIn === carry ? known.digest : creditDigest(e, carry);
    if (known === undefined || known.carryIn !== carry) DIGESTS.set(e, { carryIn: carry, digest: d });
    carry = e.carry;
    return d;
  });
}

const ZERO_CARRY: Ratio = { n: 0n, d: 1n };

/** The seal as its sheet holds it; undefined when there is none, or when it is not one the add-in wrote. */
export function readSeal(cells: readonly (readonly RawCell[])[] | undefined): Seal | undefined {
  if (cells === undefined) return undefined;
  const [head, ...rows] = cells;
  if (head === undefined || SEAL_HEADERS.some((h, i) => head[i] !== h)) return undefined;
  const accounts = new Map<string, { god: string; digests: string[] }>();
  const sheets = new Set<string>();
  const counted = new Map<number, Map<string, number>>();
  const damaged = new Map<string, { god: string; row: number | null; credit: number | null }>();
  rows.forEach(([entry, name, credit, digest], i) => {
    if (entry === "sheet" && typeof name === "string") sheets.add(name.toLowerCase());
    if (entry === COUNTED && typeof name === "string" && typeof credit === "number" && typeof digest === "string" && /^\d+$/.test(digest)) {
      const century = counted.get(credit) ?? new Map<string, number>();
      century.set(name, Number(digest));
      counted.set(credit, century);
    }
    if (entry !== "account" || typeof name !== "string") return;
    const k = nameKey(name);
    const number = typeof credit === "number" && Number.isSafeInteger(credit) && credit >= 1 ? credit : null;
    if (number === null || typeof digest !== "string" || !/^[0-9a-f]{16}$/.test(digest)) {
      // An entry the add-in wrote whole, now without its credit number or digest: the seal was edited.
      if (!damaged.has(k)) damaged.set(k, { god: name, row: i + 2, credit: number });
      return;
    }
    const account = accounts.get(k) ?? { god: name, digests: [] };
    account.digests[number - 1] = digest;
    accounts.set(k, account);
  });
  for (const [k, account] of accounts) {
    // A credit missing among the ones after it: its entry was emptied.
    const hole = Array.from({ length: account.digests.length }, (_, i) => i).find((i) => account.digests[i] === undefined);
    if (hole !== undefined && !damaged.has(k)) damaged.set(k, { god: account.god, row: null, credit: hole + 1 });
  }
  return { accounts, sheets, cells, damaged, counted };
}

type SealRow = [string | null, string | null, string | number | null, string | null];

/**
 * A seal row of what a paid century's Death Worksheet counted: the cause (its key), the century
 * and the units. Kept here, a command knows what each century counted without reading a Death
 * Worksheet per century.
 */
const COUNTED = "counted";

const BLANK: SealRow = [null, null, null, null];

/** A row of the seal as read: its four cells, each kept only when it is what the seal holds. */
function sealRow(row: readonly RawCell[]): SealRow {
  const [a, b, c, d] = row;
  const textOf = (x: RawCell | undefined) => (typeof x === "string" ? x : null);
  return [textOf(a), textOf(b), typeof c === "number" || typeof c === "string" ? c : null, textOf(d)];
}

/**
 * The seal's rows for accounts as they will stand, and the generated sheets. What the seal holds
 * already stays where it is, so that a credit writes only its own new rows at the end: a row that
 * no longer holds (a credit taken back, a name changed, a correction) is written over in place by
 * one that does, and what is left over is emptied. A new seal has its header, its note, then each
 * credit in the order the Ledger holds them.
 */
export function sealRows(
  existing: readonly (readonly RawCell[])[] | undefined,
  accounts: ReadonlyMap<string, { readonly god: string; readonly entries: readonly Sealed[] }>,
  sheets: readonly string[],
  counted: ReadonlyMap<number, ReadonlyMap<string, number>> = new Map(),
): SealRow[] {
  // Every digest the seal must hold, by recipient and credit: each credit in the Ledger's order.
  const wanted = new Map<string, { god: string; credit: number; digest: string; order: number }>();
  for (const account of accounts.values()) {
    const k = nameKey(account.god);
    accountDigests(account.entries).forEach((digest, i) => {
      wanted.set(`${k}\u0000${i + 1}`, { god: account.god, credit: i + 1, digest, order: account.entries[i]?.index ?? Number.MAX_SAFE_INTEGER });
    });
  }
  const fresh = existing === undefined || existing[0] === undefined || SEAL_HEADERS.some((h, i) => existing[0]?.[i] !== h);
  const rows: SealRow[] = fresh ? [[...SEAL_HEADERS], ["note", SEAL_NOTE, null, null]] : existing.map(sealRow);
  const free: number[] = [];
  const kept = new Set<string>();
  const listed = new Set<string>();
  // What each paid century counted, as rows of the seal: kept where they are while they hold.
  const countedWanted = new Map<string, SealRow>();
  for (const [century, causes] of [...counted].sort(([a], [b]) => a - b))
    for (const [cause, units] of causes) countedWanted.set(`${century}\u0000${cause}`, [COUNTED, cause, century, String(units)]);
  const countedKept = new Set<string>();
  rows.forEach((r, i) => {
    if (i === 0) return;
    if (r[0] === "sheet" && r[1] !== null) listed.add(r[1].toLowerCase());
    if (r[0] === COUNTED) {
      const key = `${String(r[2])}\u0000${r[1] ?? ""}`;
      const w = countedWanted.get(key);
      if (w !== undefined && !countedKept.has(key) && w[3] === r[3]) countedKept.add(key);
      else free.push(i);
      return;
    }
    if (r[0] !== "account") {
      if (r[0] !== "sheet" && r[0] !== "note") free.push(i);
      return;
    }
    const key = `${nameKey(r[1] ?? "")}\u0000${String(r[2])}`;
    const w = wanted.get(key);
    if (w !== undefined && !kept.has(key) && w.god === r[1] && w.digest === r[3]) kept.add(key);
    else free.push(i);
  });
  const missing = [...wanted.entries()]
    .filter(([key]) => !kept.has(key))
    .map(([, w]) => w)
    .sort((a, b) => a.order - b.order);
  const added: SealRow[] = [];
  for (const w of missing) {
    const row: SealRow = ["account", w.god, w.credit, w.digest];
    const at = free.shift();
    if (at === undefined) added.push(row);
    else rows[at] = row;
  }
  for (const [key, row] of countedWanted) {
    if (countedKept.has(key)) continue;
    const at = free.shift();
    if (at === undefined) added.push(row);
    else rows[at] = row;
  }
  for (const at of free) rows[at] = BLANK;
  for (const name of sheets) if (!listed.has(name.toLowerCase())) added.push(["sheet", name, null, null]);
  const all = [...rows, ...added];
  // Emptied rows at the end go.
  while (all.length > 1 && (all[all.length - 1] ?? BLANK).every((c) => c === null)) all.pop();
  return all;
}

function ledgerProblem(raw: RawTable | undefined, row: LedgerRow | undefined, message: string, severity: Problem["severity"] = "error"): Problem {
  const at = row === undefined || raw === undefined ? {} : { row: row.row, address: addressIn(raw, row.row, "God") };
  return { severity, table: LEDGER.name, ...at, message, seal: true };
}

const credits = (n: number) => (n === 1 ? "1 credit" : `${n} credits`);

/**
 * A break at a row an action of the add-in wrote before its record was set aside is named as
 * that: the row is the add-in's, left outside the book when the action was not finished.
 */
function asidesNamed(problems: Problem[], accounts: ReadonlyMap<string, Account>, aside: readonly AsideWritten[]): Problem[] {
  if (aside.length === 0) return problems;
  const rows = new Map<number, LedgerRow>();
  for (const a of accounts.values()) for (const e of a.entries) rows.set(e.row, e);
  return problems.map((p) => {
    const row = p.row === undefined ? undefined : rows.get(p.row);
    const from =
      row === undefined
        ? undefined
        : aside.find((a) =>
            a.rows.some(
              ([god, kind, century, what, earned, paid]) =>
                nameKey(god) === nameKey(row.god) &&
                kind === row.kind &&
                century === row.century &&
                what === (row.what ?? "") &&
                earned === row.earned &&
                paid === row.paid,
            ),
          );
    if (from === undefined || p.severity !== "error") return p;
    return {
      ...p,
      message: `this row of ${row?.god ?? ""}'s account was written by the add-in for ${shownName(from.words, 200)}, which stopped part-way and whose record was set aside before the rest of it was written: the book never took the row in. If that action is not to stand, delete the row; to keep it, correct the book and say why (gods ledger reseal FILE --because "…", or, in the pane, Keep the edits under Ledger edited by hand).`,
    };
  });
}

/**
 * Every account against the seal, each break named by its row (or its recipient, when its rows
 * are gone): the first break of each account is enough to stop.
 */
export function checkSeal(
  accounts: ReadonlyMap<string, Account>,
  seal: Seal | undefined,
  raw: RawTable | undefined,
  hasLedgerRows: boolean,
  interrupted?: number,
  aside: readonly AsideWritten[] = [],
): Problem[] {
  const problems = asidesNamed(sealBreaks(accounts, seal, raw, hasLedgerRows), accounts, aside);
  // A century end that stopped part-way inside Excel may have written the Ledger and not its
  // seal: ending that century again writes both; until then a person sees it before paying.
  if (interrupted === undefined || problems.every((p) => p.severity !== "error")) return problems;
  return [
    payWarning(
      LEDGER.name,
      `the Ledger and its seal disagree because the end of century ${interrupted} stopped part-way. End century ${interrupted} again: it writes both. (${problems.length === 1 ? "The break" : "First break"}: ${problems[0]?.message ?? ""})`,
    ),
  ];
}

/**
 * What a Ledger typed by hand in the shape without Kind (Century, God, Earned, Paid, Carry, and
 * maybe Exact Carry) is taken for: each row a god's century end, history, and what each account
 * carries at its end carried on into the next credit, which seals it and adds the columns it lacks.
 */
function typedLedgerWords(accounts: ReadonlyMap<string, Account>, raw: RawTable): string {
  const entries = [...accounts.values()].flatMap((a) => a.entries);
  const centuries = [...new Set(entries.map((e) => e.century))].sort((a, b) => a - b);
  const first = centuries[0] ?? 0;
  const last = centuries.at(-1) ?? 0;
  const span = first === last ? `century ${first}` : `centuries ${first} to ${last}`;
  const carries = shownList([...accounts.values()].map((a) => `${a.god} ${isZero(a.carry) ? "nothing" : formatExact(a.carry)}`));
  const lacking = ["Kind", "What", "Exact Carry"].filter((h) => columnIndex(raw, h) < 0);
  const columns = lacking.length === 1 ? `the ${lacking.join("")} column` : `the ${lacking.slice(0, -1).join(", ")} and ${lacking.at(-1) ?? ""} columns`;
  return `the Ledger is typed by hand, with no Kind column and no seal: its ${entries.length === 1 ? "row is" : `${entries.length} rows are`} taken as the history of ${span}, each row a god's century end, and what each god carries at the end of them is carried on (${carries}). Look them over: as they stand, they decide what the next credit pays. The next credit seals them and adds ${columns} at the Ledger's right.`;
}

function sealBreaks(accounts: ReadonlyMap<string, Account>, seal: Seal | undefined, raw: RawTable | undefined, hasLedgerRows: boolean): Problem[] {
  const resealing =
    'If the book was corrected on purpose, say why with gods ledger reseal FILE --because "…" (or, in the pane, Keep the edits under Ledger edited by hand); otherwise put back what the add-in wrote (Undo in Excel, or a saved copy).';
  if (seal === undefined) {
    if (!hasLedgerRows) return [];
    // A Ledger typed by hand, in the shape without Kind: history, taken as it stands once a person has looked it over.
    if (raw !== undefined && columnIndex(raw, "Kind") < 0)
      return [{ ...ledgerProblem(raw, undefined, typedLedgerWords(accounts, raw), "warning"), changesPay: true }];
    // An older Ledger, or a seal deleted: nothing proves its rows. A person must see it before more is paid.
    return [
      {
        ...ledgerProblem(
          raw,
          undefined,
          `the Ledger has no seal (the hidden sheet "${SEAL_SHEET}"): it was kept by an older version of the add-in, or its seal was deleted, so its rows cannot be proven. Look over the Ledger; the next credit seals it as it stands.`,
          "warning",
        ),
        changesPay: true,
      },
    ];
  }
  const problems: Problem[] = [];
  if (raw === undefined && seal.accounts.size > 0) {
    const total = [...seal.accounts.values()].reduce((s, a) => s + a.digests.length, 0);
    return [
      ledgerProblem(
        raw,
        undefined,
        `the workbook has no Ledger, but its seal says the add-in wrote ${credits(total)} to it: the Ledger was deleted or renamed. Going on would pay every kept fraction again. Give the Ledger back its name, or restore it from a saved copy.`,
      ),
    ];
  }
  const keys = new Set([...seal.accounts.keys(), ...accounts.keys()]);
  for (const [k, d] of seal.damaged) {
    // The seal's own entry was cleared or changed, not the Ledger: say so, rather than blame a row.
    keys.delete(k);
    problems.push(
      ledgerProblem(
        raw,
        undefined,
        `the seal (the hidden sheet "${SEAL_SHEET}"${d.row === null ? "" : `, row ${d.row}`}) has ${d.god}'s entry${d.credit === null ? "" : ` for credit ${d.credit}`} cleared or changed by hand, so ${d.god}'s account cannot be proven: the Ledger's rows may be as the add-in wrote them. Put the seal back from a saved copy (Undo in Excel); if the Ledger is right as it stands, say so with gods ledger reseal FILE --because "…" (or, in the pane, Keep the edits under Ledger edited by hand).`,
      ),
    );
  }
  for (const k of keys) {
    const account = accounts.get(k);
    const sealed = seal.accounts.get(k)?.digests ?? [];
    const entries = account?.entries ?? [];
    const actual = accountDigests(entries);
    const god = account?.god ?? seal.accounts.get(k)?.god ?? k;
    // The same credits, whatever order the walk found for them (events of a century that add
    // up in either order): nothing to say.
    if (actual.length === sealed.length && (actual.every((d, i) => d === sealed[i]) || [...actual].sort().join() === [...sealed].sort().join())) continue;
    let i = 0;
    while (i < actual.length && i < sealed.length && actual[i] === sealed[i]) i++;
    const here = entries[i];
    const before = entries[i - 1];
    if (entries.length === 0) {
      problems.push(
        ledgerProblem(
          raw,
          undefined,
          `${god}'s whole account (${credits(sealed.length)}) is gone from the Ledger: its rows were deleted by hand, and with them what it kept. ${resealing}`,
        ),
      );
    } else if (sealed.length === 0) {
      problems.push(ledgerProblem(raw, here, `this row credits ${god}, whom the add-in never credited: it was added by hand. ${resealing}`));
    } else if (i === actual.length) {
      const missing = sealed.length - actual.length;
      problems.push(
        ledgerProblem(
          raw,
          before,
          `${god}'s account ends at this row, but the add-in wrote ${credits(sealed.length)} to it: the latest ${missing === 1 ? "credit was" : `${missing} credits were`} deleted by hand. ${resealing}`,
        ),
      );
    } else if (i === sealed.length || actual[i + 1] === sealed[i]) {
      problems.push(ledgerProblem(raw, here, `this row of ${god}'s account is not one the add-in wrote: it was added or copied by hand. ${resealing}`));
    } else if (actual[i] === sealed[i + 1]) {
      problems.push(
        ledgerProblem(
          raw,
          here,
          `a credit of ${god}'s account just before this row was deleted by hand (the add-in wrote ${credits(sealed.length)}; the Ledger holds ${entries.length}). ${resealing}`,
        ),
      );
    } else {
      problems.push(
        ledgerProblem(
          raw,
          here,
          `this row of ${god}'s account was changed by hand since the add-in wrote it (its century, kind, what, recipient, Earned, Paid or carry). ${resealing}`,
        ),
      );
    }
  }
  return problems;
}
