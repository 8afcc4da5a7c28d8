/**
 * The Ledger: every credit of mana, of every kind, one row per recipient. It is the game's
 * money, so it is read strictly: a hand edit that breaks an account is named by its row before
 * anything is written.
 */
import { CREDIT_KINDS, owed, type CreditKind } from "../../engine/book";
import { add, cmp, fromNumber, isNegative, parseExact, sub, toNumber, ONE, ZERO, type Ratio } from "../../engine/exact";
import { DEMONS, nameKey } from "../../engine/names";
import { cellAddress } from "../model/address";
import { tableError, type Problem } from "../model/problems";
import type { RawTable } from "../model/raw";
import { LEDGER, MANA_SHEET, namesColumn, normalizeHeader } from "../model/schema";
import { addressIn, type TableReader } from "../model/tableReader";
import type { Account, God, LedgerRow } from "./types";

/**
 * The add-in rewrites the Ledger's rows, so a column of the gamemaster's own inside it would not
 * stay with its row: it is refused before anything is written. Columns are found by their
 * headers, in any order.
 */
export function ledgerShapeProblem(raw: RawTable): Problem | undefined {
  const known = new Set(LEDGER.columns.map((c) => normalizeHeader(c.header)));
  const seen = new Set<string>();
  for (const [i, h] of raw.headers.entries()) {
    if (!namesColumn(h)) continue;
    const k = normalizeHeader(h);
    const address = cellAddress(raw.sheet, raw.headerRow, raw.firstColumn + i);
    const problem = (message: string): Problem => tableError(LEDGER.name, message, { row: raw.headerRow, column: String(h), address });
    if (!known.has(k)) {
      return problem(
        `the Ledger has a column "${String(h).slice(0, 60)}" that the add-in does not keep. Move that column out of the Ledger (to another sheet, or beyond an empty column): the add-in rewrites the Ledger's rows, and a column of your own would not stay with them. Its columns are ${LEDGER.columns.map((c) => c.header).join(", ")}.`,
      );
    }
    if (seen.has(k)) return problem(`the Ledger has two ${String(h)} columns; delete one.`);
    seen.add(k);
  }
  return undefined;
}

/**
 * Whether a number shown in a cell stands for an exact value: equal to its 15 significant digits,
 * all a cell holds for certain (LibreOffice saves 15), with no tolerance beyond that. A Paid one
 * too many on an Earned of 2,000,000,021.05 differs in the tenth digit, and is found.
 */
function near(shown: number, exact: Ratio): boolean {
  return Number(shown.toPrecision(15)) === Number(toNumber(exact).toPrecision(15));
}

/** Shows an amount of mana as a gamemaster reads it. */
function amount(r: Ratio | number): string {
  const x = typeof r === "number" ? r : toNumber(r);
  return String(Math.round(x * 1e6) / 1e6);
}

export function readLedger(reader: TableReader | undefined, gods: ReadonlyMap<string, God>): LedgerRow[] {
  const ledger: LedgerRow[] = [];
  const seen = new Set<string>();
  for (const r of reader?.rows() ?? []) {
    // Century 0 is before the first century: only Era Aleph's end is credited there.
    const century = r.whole("Century", { min: 0, what: "a century number, 1 or more (0 for Era Aleph's end)" });
    const kind = r.has("Kind") ? r.choice<CreditKind>("Kind", CREDIT_KINDS, "century-end") : "century-end";
    if (century === 0 && kind !== undefined && kind !== "era-end") {
      r.error("Century", `0 is not a century: only Era Aleph's end (Kind era-end) is credited at century 0, before the first century.`);
      continue;
    }
    const what = r.has("What") ? (r.text("What", false) ?? null) : null;
    const god = r.text("God");
    const paid = r.whole("Paid", { what: "a whole number of mana, 0 or more" });
    // An account that owes carries less than 0, and a debit's Earned is what it took, below 0.
    const shownCarry = r.signedDecimal("Carry", "the mana carried (below 0 when the account owes)");
    const earned = r.signedDecimal("Earned", "the mana earned (below 0 for a debit)");
    if (century === undefined || kind === undefined || god === undefined || paid === undefined || shownCarry === undefined || earned === undefined) continue;
    if (kind !== "century-end" && what === null) {
      r.error(
        "What",
        `${kind === "era-end" ? "an" : "a"} ${kind} credit names what was credited (the event, the era, or why mana was taken); this cell is empty.`,
      );
      continue;
    }
    // An opening balance carries what the hand-kept book carried, or what it owed (below 0).
    if (kind !== "opening" && (kind === "debit" ? !isNegative(earned) : isNegative(earned))) {
      r.error(
        "Earned",
        kind === "debit"
          ? `${amount(earned)} is not what a debit writes: its Earned is the mana taken, below 0.`
          : `${amount(earned)} is negative: only a debit takes mana out of an account (Kind debit).`,
      );
      continue;
    }
    // The exact carry, when the add-in wrote it, avoids any rounding in the shown number; the two must agree.
    let carry = shownCarry;
    const exactText = r.has("Exact Carry") ? r.text("Exact Carry", false) : undefined;
    if (exactText !== undefined) {
      const exact = parseExact(exactText);
      if (exact === null) {
        r.error(
          "Exact Carry",
          `"${exactText.slice(0, 40)}" is not what the add-in writes here (a decimal like 0.34 or a fraction like 1/3). Put back the value it wrote.`,
        );
        continue;
      }
      if (!near(toNumber(shownCarry), exact)) {
        r.error(
          "Carry",
          `Carry ${amount(shownCarry)} disagrees with Exact Carry ${exactText} on the same row: one of them was changed by hand. Put back the value the add-in wrote (Exact Carry is the account's true carry).`,
        );
        continue;
      }
      carry = exact;
    }
    const known = nameKey(god) === nameKey(DEMONS) ? DEMONS : (gods.get(nameKey(god))?.name ?? god);
    if (cmp(carry, ONE) >= 0) {
      r.error("Carry", `${amount(carry)} is not a fraction: what is carried is always less than 1 mana.`);
      continue;
    }
    // An account that owes pays nothing until its debt is paid.
    if (isNegative(carry) && paid !== 0) {
      r.error("Paid", `the account owes ${amount(owed(carry))} after this row, so nothing is paid out of it: Paid is 0, not ${paid}.`);
      continue;
    }
    if (kind === "century-end") {
      const pair = `${century}\u0000${nameKey(known)}`;
      if (seen.has(pair)) {
        r.error("God", `${known} has two rows for the end of century ${century}; a century end pays each recipient once.`);
        continue;
      }
      seen.add(pair);
    }
    ledger.push({ century, kind, what, god: known, earned: toNumber(earned), paid, carry, row: r.row, index: r.index });
  }
  return ledger;
}

/** Within a century, an opening balance comes first, events and debits before its end, and an era's end after it. */
const KIND_ORDER: Readonly<Record<CreditKind, number>> = { opening: -1, event: 0, debit: 0, "century-end": 1, "era-end": 2, correction: 3 };

/** The order credits are looked at: by century, kind, then as the Ledger lists them. */
export function creditOrder(a: LedgerRow, b: LedgerRow): number {
  return a.century - b.century || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.index - b.index;
}

/** What a row's credit adds up to from the carry before it: null when Earned, Paid and Exact Carry do not agree. */
function earnedFrom(carryIn: Ratio, row: LedgerRow): Ratio | null {
  const earned = add(sub(row.carry, carryIn), { n: BigInt(row.paid), d: 1n });
  // Only a debit takes mana out; an opening balance may carry a debt; every other credit adds 0 or more.
  return (row.kind !== "opening" && isNegative(earned) !== (row.kind === "debit")) || !near(row.earned, earned) ? null : earned;
}

/** A carry as a key: its first 12 significant digits (a row's carry before it is worked out from a rounded Earned). */
const carryKey = (r: Ratio): string => toNumber(r).toPrecision(12);

/**
 * An order of `rows` in which each carries on from the one before, starting from `carry`: each
 * row is a step from the carry before it (its carry + Paid − Earned) to its own carry, and the
 * order is a trail that takes every step once (Hierholzer's, linear in the rows), preferring the
 * Ledger's own order. Null when there is none; every step is then checked exactly.
 */
function trailOrder(carry: Ratio, rows: readonly LedgerRow[]): LedgerRow[] | null {
  const from = new Map<string, LedgerRow[]>();
  for (const r of [...rows].sort((a, b) => b.index - a.index)) {
    const before = carryKey(add(sub(r.carry, fromNumber(r.earned)), { n: BigInt(r.paid), d: 1n }));
    const list = from.get(before);
    if (list === undefined) from.set(before, [r]);
    else list.push(r);
  }
  const trail: LedgerRow[] = [];
  const stack: { at: string; via?: LedgerRow }[] = [{ at: carryKey(carry) }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { at: string; via?: LedgerRow };
    const next = from.get(top.at)?.pop();
    if (next !== undefined) stack.push({ at: carryKey(next.carry), via: next });
    else {
      stack.pop();
      if (top.via !== undefined) trail.push(top.via);
    }
  }
  if (trail.length !== rows.length) return null;
  trail.reverse();
  let at = carry;
  for (const r of trail) {
    if (earnedFrom(at, r) === null) return null;
    at = r.carry;
  }
  return trail;
}

export interface BookContext {
  /** the Ledger as found, for addresses; undefined when the workbook has none */
  readonly raw: RawTable | undefined;
  /** the name keys of those who receive mana now */
  readonly recipients: ReadonlySet<string>;
  readonly sheetNames: readonly string[];
  readonly interruptedCentury?: number;
}

function ledgerProblem(context: BookContext, row: LedgerRow | undefined, column: string | undefined, message: string): Problem {
  const at = row === undefined || context.raw === undefined ? {} : { row: row.row, address: addressIn(context.raw, row.row, column) };
  return tableError(LEDGER.name, message, { ...(column === undefined ? {} : { column }), ...at });
}

/**
 * Each recipient's account, and every break in the Ledger: an account whose rows do not chain
 * (Exact Carry = carry before + Earned − Paid), a recipient missing from a century end the
 * others have, and centuries the workbook shows as paid that the Ledger does not hold.
 */
export function checkBook(ledger: readonly LedgerRow[], context: BookContext): { accounts: Map<string, Account>; problems: Problem[] } {
  const problems: Problem[] = [];
  const byGod = new Map<string, LedgerRow[]>();
  for (const row of ledger) {
    const k = nameKey(row.god);
    const list = byGod.get(k);
    if (list === undefined) byGod.set(k, [row]);
    else list.push(row);
  }

  const accounts = new Map<string, Account>();
  for (const [k, rows] of byGod) {
    // Follow the chain: at each step, the first credit (in credit order) that carries on from
    // the account as it stands. Rows sorted by hand are read in their true order.
    const left = [...rows].sort(creditOrder);
    const entries: LedgerRow[] = [];
    let carry: Ratio = ZERO;
    let broken = false;
    while (left.length > 0) {
      // Only credits of one century and kind may stand in any order: events of a century
      // before its end, an era's end after it, as the add-in credits them.
      const head = left[0] as LedgerRow;
      const group = left.findIndex((r) => r.century !== head.century || r.kind !== head.kind);
      const candidates = group < 0 ? left : left.slice(0, group);
      // Several credits of one century and kind (events sorted by hand): the order in which they
      // all carry on from one another, found in linear time (a trail through the carries).
      const ordered = !broken && candidates.length > 1 ? trailOrder(carry, candidates) : null;
      if (ordered !== null) {
        for (const r of ordered) left.splice(left.indexOf(r), 1);
        for (const r of ordered) entries.push(r);
        carry = (ordered[ordered.length - 1] as LedgerRow).carry;
        continue;
      }
      let at = broken ? 0 : candidates.findIndex((r) => earnedFrom(carry, r) !== null);
      if (at < 0) {
        const row = left[0] as LedgerRow;
        const before = entries[entries.length - 1];
        const from = before === undefined ? "nothing kept before it (its first credit)" : `${amount(carry)} kept before it (row ${before.row})`;
        const expected = add(carry, fromNumber(row.earned));
        problems.push(
          ledgerProblem(
            context,
            row,
            "Paid",
            `${row.god}'s account does not add up here: ${from} + Earned ${amount(row.earned)} makes ${amount(expected)}, so Paid should be ${Math.max(0, Math.floor(toNumber(expected) + 1e-9))} and Exact Carry the rest, but the row says Paid ${row.paid}, Exact Carry ${amount(row.carry)}. Earned, Paid or a carry was changed by hand: put back what the add-in wrote.`,
          ),
        );
        broken = true;
        at = 0;
      }
      const [row] = left.splice(at, 1) as [LedgerRow];
      entries.push(row);
      carry = row.carry;
    }
    const first = entries[0] as LedgerRow;
    accounts.set(k, { god: first.god, entries, carry });
  }

  // A century end pays every recipient: one missing from a century the others have lost a row.
  const ends = new Map<number, LedgerRow[]>();
  for (const row of ledger) {
    if (row.kind !== "century-end") continue;
    const list = ends.get(row.century);
    if (list === undefined) ends.set(row.century, [row]);
    else list.push(row);
  }
  const centuries = [...ends.keys()].sort((a, b) => a - b);
  for (const [k, account] of accounts) {
    const own = account.entries.filter((e) => e.kind === "century-end").map((e) => e.century);
    if (own.length === 0) continue;
    // (Loops, not Math.min(...own): an account of a few hundred thousand rows would overflow the stack.)
    const from = own.reduce((m, c) => Math.min(m, c), Infinity);
    const to = context.recipients.has(k) ? Infinity : own.reduce((m, c) => Math.max(m, c), -Infinity);
    for (const c of centuries) {
      if (c < from || c > to || own.includes(c)) continue;
      const others = ends.get(c) ?? [];
      const rows = others.map((r) => r.row).sort((a, b) => a - b);
      const [first] = rows;
      const last = rows[rows.length - 1];
      const span = rows.length > 3 && first !== undefined && last !== undefined ? `${first}–${last}` : rows.join(", ");
      problems.push(
        ledgerProblem(
          context,
          others[0],
          "God",
          `${account.god} has no row for the end of century ${c}, which the other recipients have (row${rows.length === 1 ? "" : "s"} ${span}): a row was deleted. Put it back (Undo in Excel, or copy it from a saved copy of the workbook).`,
        ),
      );
    }
  }

  // A century's Mana sheet is written only when it is paid: the Ledger must hold that century.
  // Centuries paid by hand before the campaign was brought in: a mana sheet of theirs is the gamemaster's.
  const byHand = Math.max(0, ...ledger.filter((r) => r.kind === "opening").map((r) => r.century));
  for (const name of context.sheetNames) {
    const m = MANA_SHEET.exec(name);
    if (m === null) continue;
    const century = Number(m[1]);
    if (ends.has(century) || century === context.interruptedCentury || century <= byHand) continue;
    const lost =
      context.raw === undefined ? "there is no Ledger" : ledger.length === 0 ? "the Ledger is empty" : `the Ledger has no rows for century ${century}`;
    problems.push({
      ...ledgerProblem(
        context,
        undefined,
        undefined,
        `the sheet "${name}" shows that century ${century} was paid, but ${lost}. Going on would pay again and forget every kept fraction. Restore the Ledger (Undo in Excel, or copy it from a saved copy of the workbook${context.raw === undefined ? "; a Ledger renamed by mistake only needs its name back" : ""}). To start the campaign's mana over on purpose, delete the generated C… sheets first.${ledger.length === 0 ? " If the workbook's book still counts credits and no copy holds the Ledger, gods ledger restart FILE starts it again without paying a century twice." : ""}`,
      ),
      // An empty book may be a deleted one whose head remains: the pane offers to start it again (refused when the head says nothing was paid).
      ...(ledger.length === 0 && { restart: true }),
    });
    break;
  }
  return { accounts, problems };
}
