/**
 * What every credit of the mana book shares, the century end included: its outcome, the
 * accounts after it, and the plan that writes it (the book's sheets, the seal, the Ledger).
 */
import type { CreditKind, Posting } from "../../engine/book";
import { toNumber, ZERO, type Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { tableError, tableWarning, errorsIn, type Problem } from "../model/problems";
import { creditName } from "../read/creditName";
import { shownName } from "../model/shown";
import { LEDGER } from "../model/schema";
import { foundTable, type Campaign, type CampaignRead } from "../read/campaign";
import type { Account, LedgerRow } from "../read/types";
import { bookSheets } from "../plan/bookSheets";
import { headAfter, ledgerPlan, tooLargeCredit, type CreditRow } from "../plan/ledger";
import { foreignSheets, sealSheet } from "../plan/seal";
import { toPayments, type Payment, type WorkbookPlan } from "../plan/types";

/** What a credit (or taking one back) comes to, and what it writes when nothing is wrong. */
export interface CreditOutcome {
  readonly kind: CreditKind;
  /** the event's name, "era ending with century N", or what was taken back */
  readonly what: string;
  readonly century: number;
  readonly problems: readonly Problem[];
  readonly campaign: Campaign;
  /** every recipient, credited or not */
  readonly payments: readonly Payment[];
  /** the same, exactly */
  readonly postings: readonly Posting[];
  readonly plan?: WorkbookPlan;
  /** for an undo: the key (read/twice.ts creditKey) of the credit it takes back */
  readonly undone?: string;
}

export const ledgerError = (message: string): Problem => tableError(LEDGER.name, message);

/** The accounts after a credit: each recipient's rows so far, then its new one. */
export function accountsAfter(campaign: Campaign, removed: ReadonlySet<number>, added: readonly CreditRow[]): Map<string, Account> {
  const after = new Map<string, Account>();
  for (const [k, a] of campaign.accounts) {
    const entries = a.entries.filter((e) => !removed.has(e.index));
    after.set(k, { god: a.god, entries, carry: entries[entries.length - 1]?.carry ?? ZERO });
  }
  for (const c of added) {
    const k = nameKey(c.god);
    const a = after.get(k);
    const row: LedgerRow = { ...c, earned: toNumber(c.earned), row: 0, index: Number.MAX_SAFE_INTEGER };
    after.set(k, { god: a?.god ?? c.god, entries: [...(a?.entries ?? []), row], carry: c.carry });
  }
  return after;
}

/**
 * The name a new credit takes in the Ledger's What: `name`, with "#2", "#3"… when the century has
 * had `earlier` credits of it already, and never a name a credit of the same kind has in that
 * century. Taking back the latest credit finds its rows by century, kind and name (latestCredit
 * in read/credits.ts), so a name typed like a numbered one ("loss #2", or a source named "God
 * obliterated #2") is numbered on from there, and a warning says so.
 */
export function creditWhat(campaign: Campaign, kind: CreditKind, century: number, name: string, earlier: number): { what: string; renamed?: Problem } {
  const wanted = earlier === 0 ? name : `${name} #${earlier + 1}`;
  const taken = new Set(campaign.ledger.filter((r) => r.century === century && r.kind === kind).map((r) => r.what));
  if (!taken.has(wanted)) return { what: wanted };
  let n = earlier + 2;
  while (taken.has(`${name} #${n}`)) n++;
  const what = `${name} #${n}`;
  return {
    what,
    renamed: tableWarning(
      LEDGER.name,
      `the credit is named "${shownName(what)}" because ${creditName({ kind, century, what: shownName(wanted) })} already exists: each credit keeps a name of its own, so that taking back the latest never touches another.`,
    ),
  };
}

/** What each account carries now, by recipient. */
export function carries(campaign: Campaign): Map<string, Ratio> {
  return new Map([...campaign.accounts.values()].map((a) => [a.god, a.carry]));
}

/**
 * A change of the book with what it writes: the book's sheets (unless one of their names is a
 * sheet of the gamemaster's), the seal, and the Ledger less `removed`, with `added`.
 */
export function withSheets<O extends Omit<CreditOutcome, "plan">>(
  campaign: Campaign,
  outcome: O,
  century: number,
  removed: ReadonlySet<number>,
  added: readonly CreditRow[],
): O & { plan?: WorkbookPlan } {
  const large = tooLargeCredit(added);
  if (large !== undefined) return { ...outcome, problems: [...outcome.problems, large] };
  const after = accountsAfter(campaign, removed, added);
  const sheets = bookSheets(campaign, after);
  const foreign = foreignSheets(campaign, sheets);
  if (foreign.length > 0) return { ...outcome, problems: [...outcome.problems, ...foreign] };
  const ledger = ledgerPlan(foundTable(campaign, LEDGER.name)?.raw, campaign.ledger, removed, added);
  const head = headAfter(campaign.ledger, removed, added);
  return { ...outcome, plan: { century, sheets: [...sheets, sealSheet(campaign, after, sheets)], ledger, ...(head === undefined ? {} : { head }) } };
}

/**
 * A credit's outcome, with its plan when nothing is wrong. A recipient credited nothing gets no
 * row, except when the credit is `recorded` and pays nobody: every recipient then gets a row of
 * 0, so that the Ledger keeps it (an era's end is over even when it pays nobody).
 */
export function credit(
  read: CampaignRead,
  kind: CreditKind,
  what: string,
  century: number,
  postings: readonly Posting[],
  problems: Problem[],
  options: { readonly recorded?: boolean } = {},
): CreditOutcome {
  const { campaign } = read;
  const base = { kind, what, century, problems, campaign, payments: toPayments(postings), postings };
  if (errorsIn(problems).length > 0) return base;
  const earning = postings.filter((p) => toNumber(p.earned) !== 0);
  const added: CreditRow[] = (earning.length === 0 && options.recorded === true ? postings : earning).map((p) => ({
    century,
    kind,
    what,
    god: p.god,
    earned: p.earned,
    paid: p.paid,
    carry: p.carry,
  }));
  return withSheets(campaign, base, century, new Set(), added);
}
