/**
 * A restart as the journal keeps it (actions/restart.ts plans it): its words, and, for one stopped
 * part-way, the workbook as it found it and its book planned again from what was asked, so that a
 * finish writes only what the restart itself writes (actions/rederive.ts). Kept apart from the
 * planner, which the pane's first load reaches through the era's end and the undo.
 */
import { describeProblem, errorsIn } from "../model/problems";
import { LEDGER, SEAL_SHEET } from "../model/schema";
import type { RawWorkbook } from "../model/raw";
import { readCampaign } from "../read/campaign";
import type { Asked } from "../plan/asked";
import { bookWrite, type CommitItem } from "../plan/commit";
import type { CreditOutcome } from "./credit";
import { openedLine } from "./adopt/opening";
import { planRestart, type RestartAsk } from "./restart";

/** What a restart's journal record says it does, in a gamemaster's words. */
export const restartWords = (century: number): string => `starting the book again at century ${century}`;

/** The line said once done: "the book started again at century 1: Vorn carries 0.9; the other 3 open at 0" */
export const restartDone = (century: number, opened: string): string => `the book started again at century ${century}: ${opened}`;

type RestartAsked = Extract<Asked, { kind: "restart" }>;

/** What was asked as planRestart takes it: the century it starts at, and each carry given. */
export const restartAsk = (asked: RestartAsked): RestartAsk => ({ century: asked.century, carries: asked.opening.map(([god, carry]) => ({ god, carry })) });

/** Each carry given, said as written once the restart is done: "Vorn carries 0.9; the other 3 open at 0". */
export function restartedLine(asked: RestartAsked, outcome: Pick<CreditOutcome, "payments">): string {
  return openedLine(
    asked.opening.map(([god, carry]) => ({ god, carry, from: "as asked" })),
    outcome.payments.map((p) => p.god),
  );
}

/**
 * The workbook as a restart found it, as far as the book goes: no Ledger and no seal (those it
 * wrote already go), and the head of the lost book, which it writes last (so it is still there
 * while any other part of the book is left to write).
 */
export function restartedFrom(raw: RawWorkbook): RawWorkbook {
  const tables = new Map(raw.tables);
  tables.delete(LEDGER.name.toLowerCase());
  const gone = new Set([LEDGER.name.toLowerCase(), SEAL_SHEET.toLowerCase()]);
  const generatedCells = new Map([...(raw.generatedCells ?? [])].filter(([name]) => !gone.has(name.toLowerCase())));
  return { ...raw, tables, sheetNames: raw.sheetNames.filter((n) => !gone.has(n.toLowerCase())), generatedCells };
}

/** A restart planned again from what was asked (a finish of one stopped part-way): its book items, or why it cannot be. */
export function restartAgain(raw: RawWorkbook, asked: RestartAsked): { items: CommitItem[]; words: string; done: string } | { refused: string } {
  const outcome = planRestart(raw, readCampaign(raw), restartAsk(asked));
  const errors = errorsIn(outcome.problems);
  if (outcome.plan === undefined || errors.length > 0 || outcome.century !== asked.century)
    return { refused: errors[0] === undefined ? "it starts no book" : describeProblem(errors[0]) };
  return { items: bookWrite(raw, outcome.plan).items, words: restartWords(asked.century), done: restartDone(asked.century, restartedLine(asked, outcome)) };
}
