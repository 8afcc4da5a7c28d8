/**
 * Correcting the book on purpose: when the gamemaster really means a hand edit of the Ledger to
 * stand (a payment corrected after a dispute, a row deleted that never should have been
 * written), the seal is made anew for the Ledger as it is, and a `correction` row in each account
 * it touches records that it was corrected, and why. The arithmetic of every account must still
 * add up: a correction seals the book, it does not mend it.
 */
import { toNumber, ZERO } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { tableError, errorsIn, payingNobody } from "../model/problems";
import { LEDGER } from "../model/schema";
import { reasonProblem } from "../model/names";
import { accountDigests } from "../read/seal";
import type { CampaignRead } from "../read/types";
import { withSheets, type CreditOutcome } from "./credit";
import type { CreditRow } from "../plan/ledger";

/** The longest reason kept in the Ledger's What. */
const REASON_LENGTH = 200;

export function planReseal(read: CampaignRead, because: string): CreditOutcome {
  const { campaign } = read;
  const reason = because.trim().replace(/\s+/g, " ");
  // What the seal found is what this answers; any other problem still stands.
  // (A correction pays nobody: warnings about what others would be paid do not stop it.)
  const problems = payingNobody(read.problems.filter((p) => p.seal !== true));
  const latest = Math.max(1, ...campaign.ledger.map((r) => r.century));
  const what = reason.slice(0, REASON_LENGTH);
  const base = { kind: "correction" as const, what, century: latest, campaign, payments: [], postings: [] };
  if (reason === "") problems.push(tableError(LEDGER.name, 'say why the book is corrected (--because "…"): the reason is kept in the Ledger.'));
  const bad = reason === "" ? undefined : reasonProblem(because);
  if (bad !== undefined) problems.push(tableError(LEDGER.name, bad));
  // The accounts whose credits the seal does not hold as they are now (every account, when there is
  // no seal yet, or when the Ledger and seal are not the ones the book's head in the workbook says).
  const headOff = read.problems.some((p) => p.head === true);
  const touched = [...campaign.accounts.values()].filter((a) => {
    const sealed = campaign.seal?.accounts.get(nameKey(a.god))?.digests ?? [];
    return campaign.seal === undefined || headOff || sealed.join() !== accountDigests(a.entries).join();
  });
  const sealedOnly = campaign.seal !== undefined ? [...campaign.seal.accounts.keys()].filter((k) => !campaign.accounts.has(k)) : [];
  if (touched.length === 0 && sealedOnly.length === 0 && campaign.seal !== undefined) {
    problems.push(tableError(LEDGER.name, "the Ledger agrees with its seal: there is nothing to correct."));
  }
  if (errorsIn(problems).length > 0) return { ...base, problems };
  const added: CreditRow[] = touched.map((a) => ({ century: latest, kind: "correction", what, god: a.god, earned: ZERO, paid: 0, carry: a.carry }));
  const payments = touched.map((a) => ({ god: a.god, carryIn: toNumber(a.carry), earned: 0, paid: 0, carry: toNumber(a.carry) }));
  return withSheets(campaign, { ...base, problems, payments }, latest, new Set(), added);
}
