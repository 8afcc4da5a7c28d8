/**
 * A credit written on two computers at once. When referees' copies of the workbook lag behind
 * each other (co-authors' changes reach the others seconds later), two of them can pay the same
 * century end, or credit the same event, each on its own copy; the copies then merge into one
 * Ledger that holds it once, while both referees handed out its mana. Each computer's Excel
 * keeps a short log of what it wrote and handed out (office/claim.ts): a credit found in two
 * computers' logs is named here, with both sets of payments, which computer made each and when,
 * the set the Ledger keeps, and what comes back out of the boxes, until a referee has put it right.
 */
import { tableError, type Problem } from "../model/problems";
import type { PaidEntry, RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { nameKey } from "../../engine/names";
import { creditName } from "./creditName";
import type { LedgerRow } from "./types";

/** A credit's key in the computers' logs: its kind, century and what. */
export function creditKey(row: Pick<LedgerRow, "kind" | "century" | "what">): string {
  return `${row.kind}|${row.century}|${row.what ?? ""}`;
}

/** A time of day as a gamemaster reads it: 14:02. */
const clock = (at: number): string => new Date(at).toTimeString().slice(0, 5);

type Handed = readonly (readonly [string, number])[];

const listed = (handed: Handed): string => handed.map(([god, mana]) => `${god} ${mana}`).join(", ");

/** Whether two sets of payments hand the same whole mana to the same recipients (names as the tables match them), in any order. */
function same(a: Handed, b: Handed): boolean {
  const key = (h: Handed) => JSON.stringify([...h].map(([g, n]) => `${nameKey(g)}\u0000${n}`).sort());
  return key(a) === key(b);
}

/**
 * The payments of one credit still standing, earliest first: in the order of their times, a
 * computer's payment replaces its own earlier one (a century end calculated again), and an undo
 * takes back the latest still standing (a credit undone on one computer and made again on
 * another is paid once).
 */
function standing(entries: readonly PaidEntry[]): PaidEntry[] {
  let out: PaidEntry[] = [];
  for (const e of [...entries].sort((x, y) => x.at - y.at)) {
    if (e.undone === true) out = out.slice(0, -1);
    else out = [...out.filter((o) => o.computer !== e.computer), e];
  }
  return out;
}

/** Every credit two computers wrote, unless put right: both sets of payments, the one the Ledger keeps, and what comes back. */
export function paidTwice(raw: RawWorkbook, ledger: readonly LedgerRow[]): Problem[] {
  const byCredit = new Map<string, PaidEntry[]>();
  for (const e of raw.paidLog ?? []) byCredit.set(e.credit, [...(byCredit.get(e.credit) ?? []), e]);
  const settled = new Set(raw.settled ?? []);
  const problems: Problem[] = [];
  for (const [credit, all] of byCredit) {
    const entries = standing(all);
    if (entries.length < 2 || settled.has(credit)) continue;
    const rows = ledger.filter((r) => creditKey(r) === credit);
    const first = rows[0];
    const [kind = "", century = "", what = ""] = credit.split("|");
    const name =
      first !== undefined ? creditName(first) : creditName({ kind: kind as LedgerRow["kind"], century: Number(century), what: what === "" ? null : what });
    const inLedger: Handed = rows.filter((r) => r.paid !== 0).map((r) => [r.god, r.paid]);
    const who = (e: PaidEntry) => `${e.computer === raw.thisComputer ? "this computer" : "another computer"} at ${clock(e.at)}`;
    // The set the Ledger holds is kept; when it holds both alike, or neither, the first one is.
    const kept = entries.find((e) => e.handed !== undefined && same(e.handed, inLedger)) ?? entries[0];
    const others = entries.filter((e) => e !== kept);
    const back = others.flatMap((e) => e.handed ?? inLedger);
    const sets = entries.map(
      (e) => `${who(e)} handed out ${e.handed === undefined ? "what the Ledger shows" : e.handed.length === 0 ? "no whole mana" : listed(e.handed)}`,
    );
    const keeps =
      rows.length === 0
        ? "The Ledger no longer holds it (it was taken back since)."
        : kept?.handed !== undefined && same(kept.handed, inLedger)
          ? `The Ledger holds it once, as ${who(kept)} wrote it, and keeps it so.`
          : "The Ledger holds it once, but not as either computer handed it out: compare it with both lists before you put it right.";
    const takeBack =
      back.length === 0
        ? `Nothing comes back out of a box: ${others.map(who).join(" and ")} handed out no whole mana.`
        : `Take back out of the boxes what ${others.map(who).join(" and ")} handed out: ${listed(back)}.`;
    problems.push(
      tableError(
        LEDGER.name,
        `${name} was paid on ${entries.length} computers whose copies of the workbook had not yet caught up with each other: ${sets.join("; ")}. ${keeps} ${takeBack} Then say it is put right (in the Ledger tab, under Ledger edited by hand: Put right), and payments go on.`,
        { paidTwice: credit, takeBack: listed(back), ...(first === undefined ? {} : { row: first.row }) },
      ),
    );
  }
  return problems;
}
