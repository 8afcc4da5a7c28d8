/**
 * Bringing in a campaign kept by hand, stopped within its commit, planned again before it is
 * finished (actions/rederive.ts). The gamemaster's sheets are not read again: the record's table
 * edits are what the proposal added, checked for their shape and reach (plan/journalCheck.ts);
 * the Ledger's opening is then planned again on the campaign as those edits leave it, from what
 * was asked (the last century paid by hand and each carry, exactly as the question showed them),
 * and the record is finished only when its Ledger, seal and head are what that plan writes.
 */
import { describeProblem, errorsIn } from "../../model/problems";
import type { RawWorkbook } from "../../model/raw";
import { LEDGER, SEAL_SHEET } from "../../model/schema";
import type { Asked } from "../../plan/asked";
import { bookWrite, itemOutcome, type CommitItem } from "../../plan/commit";
import { readCampaign } from "../../read/campaign";
import { openedLine, openingWhat, planOpening } from "./opening";

type AdoptAsked = Extract<Asked, { kind: "adopt" }>;

/** What the record says it does, in a gamemaster's words. */
export const adoptWords = (century: number): string => `bringing in your records (the Ledger opening at century ${century})`;

/** The line said once done: "your records brought in; the Ledger opens at century 2: Vorn carries 0.79, Kettu owes 2.5" */
export const adoptDone = (century: number, opened: string): string => `your records brought in; the Ledger opens at century ${century}: ${opened}`;

/**
 * The workbook as the bringing in found it, with its table edits carried out (those done already
 * are found done), and without the book it opens: no Ledger, seal or head yet.
 */
export function adoptedFrom(raw: RawWorkbook, items: readonly CommitItem[]): RawWorkbook {
  let current = raw;
  for (const item of items) if (item.kind === "edit") current = itemOutcome(current, item).after;
  const tables = new Map(current.tables);
  tables.delete(LEDGER.name.toLowerCase());
  const gone = new Set([LEDGER.name.toLowerCase(), SEAL_SHEET.toLowerCase()]);
  const generatedCells = new Map([...(current.generatedCells ?? [])].filter(([name]) => !gone.has(name.toLowerCase())));
  const rest: { -readonly [K in keyof RawWorkbook]: RawWorkbook[K] } = { ...current };
  delete rest.bookHead;
  delete rest.headCopies;
  return { ...rest, tables, sheetNames: current.sheetNames.filter((n) => !gone.has(n.toLowerCase())), generatedCells };
}

/** The opening planned again on the workbook the record's edits leave: its book items (after the record's own edits), or why it cannot be. */
export function openingAgain(
  after: RawWorkbook,
  asked: AdoptAsked,
  items: readonly CommitItem[],
): { items: CommitItem[]; words: string; done: string } | { refused: string } {
  const opening = asked.opening.map(([god, carry]) => ({ god, carry, from: "as asked" }));
  const outcome = planOpening(readCampaign(after), { century: asked.century, opening });
  if (outcome.plan === undefined || outcome.what !== openingWhat(asked.century) || errorsIn(outcome.problems).length > 0) {
    const first = errorsIn(outcome.problems)[0];
    return { refused: first === undefined ? "it opens no Ledger" : describeProblem(first) };
  }
  return {
    items: [...items.filter((i) => i.kind === "edit"), ...bookWrite(after, outcome.plan).items],
    words: adoptWords(asked.century),
    done: adoptDone(
      asked.century,
      openedLine(
        opening,
        outcome.payments.map((p) => p.god),
      ),
    ),
  };
}
