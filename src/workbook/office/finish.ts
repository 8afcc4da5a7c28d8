/**
 * An action the journal finds open (journal.ts), settled: stopped within its commit, its items
 * are carried out again from the last mark on and its done mark written; stopped before it,
 * nothing of the campaign changed, and its half-written sheets, its claim and its intent go.
 */
import type { ContextApi } from "./api";
import { commitSteps } from "./commit";
import { readWorkbook } from "./read";
import { ActionError, withRetry, type ActionOptions, type ExcelRun } from "./run";
import { sentence, sync } from "./stopped";
import { requests, type Step } from "./write";
import type { OpenOperation, RawWorkbook } from "../model/raw";
import { itemsIn, type CommitItem } from "../plan/commit";
import { belowTypedRows, ownTemps } from "../plan/owned";
import { COMMIT_PREFIX, OP_PREFIX, typedSince } from "../read/journal";

/** Queues the removal of settings the journal no longer needs; whether there were any. */
export function clearLeftovers(context: ContextApi, raw: RawWorkbook): boolean {
  const keys = raw.journal?.leftover ?? [];
  for (const key of keys) context.workbook.settings.getItemOrNullObject(key).delete();
  return keys.length > 0;
}

/** Queues the taking back of an action stopped before its commit: its half-written sheets, its claim, its intent. */
export function queueTakeBack(context: ContextApi, raw: RawWorkbook, op: OpenOperation): RawWorkbook {
  const wb = context.workbook;
  // Only its own: hidden, as the add-in writes them; a visible sheet of that name is the gamemaster's.
  const gone = ownTemps(raw, op).own;
  for (const name of gone) wb.worksheets.getItem(name).delete();
  if (op.claim !== undefined) wb.settings.getItemOrNullObject(op.claim).delete();
  wb.settings.getItemOrNullObject(`${OP_PREFIX}${op.id}`).delete();
  wb.settings.getItemOrNullObject(`${COMMIT_PREFIX}${op.id}`).delete();
  const out = new Set(gone.map((n) => n.toLowerCase()));
  const journal = raw.journal === undefined ? undefined : { ...raw.journal, open: raw.journal.open.filter((o) => o.id !== op.id) };
  return { ...raw, sheetNames: raw.sheetNames.filter((n) => !out.has(n.toLowerCase())), ...(journal === undefined ? {} : { journal }) };
}

/** How a finish treats Ledger rows typed where it writes since it stopped: without a choice, it writes nothing. */
export interface FinishChoice {
  /** its rows go below the typed rows, which stay */
  readonly belowTypedRows?: boolean;
}

/** The items a finish carries out: the record's, or its Ledger rows below rows typed since; refused when typed rows are there and no choice was made. */
function finishItems(raw: RawWorkbook, op: OpenOperation, choice: FinishChoice): CommitItem[] | undefined {
  const typed = op.typed ?? [];
  if (typed.length === 0) return itemsIn(op.items);
  if (choice.belowTypedRows !== true)
    throw new ActionError(
      `${sentence(op.words)} was not finished: since it stopped, ${typedSince(typed)}; finished as recorded it would write over ${typed.length === 1 ? "that row" : "them"}. Finish it keeping what was done by hand, or set the record aside.`,
    );
  return belowTypedRows(raw, op, typed);
}

/** Queues what finishes an action stopped within its commit: its items from the last mark on, then its done mark. */
function finishSteps(context: ContextApi, raw: RawWorkbook, op: OpenOperation, choice: FinishChoice = {}): Step[] {
  const items = finishItems(raw, op, choice);
  if (items === undefined)
    throw new ActionError(
      `${sentence(op.words)} cannot be finished: its record in the workbook's settings is not one this add-in wrote. Restore a saved copy of the workbook.`,
    );
  return commitSteps(context, raw, op.id, items, op.reached ?? 0, op.done, op.words);
}

async function runSteps(context: ContextApi, steps: readonly Step[], id: string, words: string): Promise<void> {
  for (const group of requests(steps)) {
    for (const step of group) step.queue();

    await sync(context, id, words);
  }
}

/**
 * Finishes or takes back an open action, as the journal says it stopped: within its commit, its
 * items are carried out from the last mark on; before it, its half-written sheets go. Gives back
 * whether it was finished.
 */
export async function settle(context: ContextApi, raw: RawWorkbook, op: OpenOperation, choice: FinishChoice = {}): Promise<boolean> {
  if (op.reached === undefined) {
    queueTakeBack(context, raw, op);
    await sync(context, op.id, op.words);
    return false;
  }
  await runSteps(context, finishSteps(context, raw, op, choice), op.id, op.words);
  return true;
}

/** Finishes or takes back an action that stopped part-way, as the journal says (the pane's one confirmed step). */
export async function settleOperation(
  run: ExcelRun,
  id: string,
  options: ActionOptions = {},
  choice: FinishChoice = {},
): Promise<{ readonly finished: boolean; readonly op: OpenOperation; readonly raw: RawWorkbook } | undefined> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const raw = await readWorkbook(context);
      const op = raw.journal?.open.find((o) => o.id === id);
      if (op === undefined) return undefined;
      options.onStep?.("writing");
      const finished = await settle(context, raw, op, choice);
      return { finished, op, raw: await readWorkbook(context) };
    },
    options,
  );
}
