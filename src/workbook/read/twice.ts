/**
 * A credit written on two computers at once. When referees' copies of the workbook lag behind
 * each other (co-authors' changes reach the others seconds later), two of them can pay the same
 * century end, or credit the same event, each on its own copy; the copies then merge into one
 * Ledger that holds it once, while both referees handed out its mana. Each computer's Excel
 * keeps a short log of what it wrote (office/claim.ts): a credit found in two computers' logs is
 * named here, with what each recipient was handed, until a referee says it was settled.
 */
import { tableError, type Problem } from "../model/problems";
import type { PaidEntry, RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { creditName } from "./creditName";
import type { LedgerRow } from "./types";

/** A credit's key in the computers' logs: its kind, century and what. */
export function creditKey(row: Pick<LedgerRow, "kind" | "century" | "what">): string {
  return `${row.kind}|${row.century}|${row.what ?? ""}`;
}

/** A time of day as a gamemaster reads it: 14:02. */
const clock = (at: number): string => new Date(at).toTimeString().slice(0, 5);

/** Every credit two computers wrote, unless settled: what each recipient was handed, and who must take it back. */
export function paidTwice(raw: RawWorkbook, ledger: readonly LedgerRow[]): Problem[] {
  const byCredit = new Map<string, PaidEntry[]>();
  for (const e of raw.paidLog ?? []) byCredit.set(e.credit, [...(byCredit.get(e.credit) ?? []), e]);
  const settled = new Set(raw.settled ?? []);
  const problems: Problem[] = [];
  for (const [credit, entries] of byCredit) {
    const computers = new Set(entries.map((e) => e.computer));
    if (computers.size < 2 || settled.has(credit)) continue;
    const rows = ledger.filter((r) => creditKey(r) === credit);
    const first = rows[0];
    const [kind = "", century = "", what = ""] = credit.split("|");
    const name =
      first !== undefined ? creditName(first) : creditName({ kind: kind as LedgerRow["kind"], century: Number(century), what: what === "" ? null : what });
    const times = [...entries].sort((a, b) => a.at - b.at).map((e) => clock(e.at));
    const handed = rows.filter((r) => r.paid !== 0).map((r) => `${r.god} ${r.paid}`);
    problems.push(
      tableError(
        LEDGER.name,
        `${name} was written on ${computers.size} computers (at ${times.join(" and ")}) whose copies of the workbook had not yet caught up with each other: the Ledger holds it once, but each referee may have handed out its mana. ${
          handed.length === 0
            ? "It paid no whole mana, so nothing comes back out of a box."
            : `If both did, one of them takes back what it handed out: ${handed.join(", ")}.`
        } Then say it is settled (The book by hand › Settled), and payments go on.`,
        { paidTwice: credit, ...(first === undefined ? {} : { row: first.row }) },
      ),
    );
  }
  return problems;
}
