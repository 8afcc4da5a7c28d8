/** Taking back the latest credit, when it is an event or an era's end. */
import { toNumber, ZERO } from "../../engine/exact";
import { creditKey } from "../read/twice";
import { nameKey } from "../../engine/names";
import { tableError, errorsIn, payingNobody } from "../model/problems";
import { LEDGER } from "../model/schema";
import type { CampaignRead } from "../read/campaign";
import { creditName } from "../read/century";
import { bookHead, latestCredit } from "../read/credits";
import { isRestartWhat } from "./restartWhat";
import type { LedgerRow } from "../read/types";
import { accountsAfter, ledgerError, withSheets, type CreditOutcome } from "./credit";

/**
 * Takes back the latest credit, when it is an event or an era's end; with `expected` (the credit
 * as a gamemaster was asked about it), only when it is still that one, and with `head` (the
 * book's head as the gamemaster's pane read it), only while the book did not change since.
 */
export function planUndo(read: CampaignRead, expected?: string, head?: string): CreditOutcome {
  const { campaign } = read;
  // Taking a credit back pays nobody: warnings about what others would be paid do not stop it.
  const problems = payingNobody(read.problems);
  const rows = latestCredit(campaign);
  // The row to name: the credit's last, where the Ledger ends.
  const first = rows.reduce<LedgerRow | undefined>((m, r) => (m === undefined || r.index > m.index ? r : m), undefined);
  const base = {
    kind: first?.kind ?? "event",
    what: first === undefined ? "" : creditName(first),
    century: first?.century ?? 0,
    campaign,
    payments: [],
    postings: [],
  };
  if (errorsIn(problems).length > 0) return { ...base, problems };
  if (first === undefined)
    return {
      ...base,
      problems: [
        ledgerError(
          campaign.ledger.length === 0
            ? "the Ledger holds no credit to take back."
            : "the latest credit cannot be told apart (the Ledger's last row is not the latest credit of its account). Take it back by hand.",
        ),
      ],
    };
  if (expected !== undefined && creditName(first) !== expected) {
    return {
      ...base,
      problems: [
        ledgerError(
          `the latest credit is now ${creditName(first)}, not ${expected}: the Ledger changed meanwhile. Nothing was taken back; look again before undoing.`,
        ),
      ],
    };
  }
  if (head !== undefined && head !== bookHead(campaign)) {
    return {
      ...base,
      problems: [
        ledgerError(
          `the book changed since the pane last read it (its latest credit is ${creditName(first)}). Nothing was taken back; click Check again, look at the latest credits, then undo.`,
        ),
      ],
    };
  }
  // The kinds never taken back, each with why, naming its row.
  const notTaken = (message: string) => ({ ...base, problems: [tableError(LEDGER.name, message, { row: first.row })] });
  if (first.kind === "correction") {
    return notTaken(
      `the latest credit is a correction of the book ("${first.what ?? ""}"); a correction is not taken back: it records what was done to the book, and why.`,
    );
  }
  if (first.kind === "opening" && isRestartWhat(first.what)) {
    return notTaken(
      `the latest credit is ${creditName(first)}; it is not taken back: it marks the centuries the lost book paid, which would otherwise be paid a second time.`,
    );
  }
  if (first.kind === "century-end") {
    return notTaken(`the latest credit is the end of century ${first.century}; a century end is not taken back, it is calculated again (it never pays twice).`);
  }
  const removed = new Set(rows.map((r) => r.index));
  const after = accountsAfter(campaign, removed, []);
  const undone = rows.map((r) => ({
    god: r.god,
    carryIn: toNumber(r.carry),
    earned: -r.earned,
    paid: -r.paid,
    carry: toNumber(after.get(nameKey(r.god))?.carry ?? ZERO),
  }));
  return withSheets(campaign, { ...base, problems, payments: undone, undone: creditKey(first) }, first.century, removed, []);
}
