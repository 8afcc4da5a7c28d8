/**
 * A request of the journal's that failed: which operation it was, Excel's error, and what the
 * gamemaster is told once the journal has been read again after it (journal.ts).
 */
import type { ContextApi } from "./api";
import { queueRelease } from "./claim";
import { THIS_COMPUTER } from "./computer";
import { ActionError, withRetry, type ActionOptions, type ExcelRun } from "./run";
import { clock, COMMIT_PREFIX, DONE_PREFIX, OP_PREFIX } from "../read/journal";

/** A write that stopped: which operation, and Excel's error. */
export class Stopped extends Error {
  readonly code?: string;
  constructor(
    readonly id: string,
    readonly words: string,
    readonly cause: unknown,
  ) {
    super(`${words} stopped`);
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === "string") this.code = code;
  }
}

/** Sends what is queued; a failure becomes a Stopped of this operation. */
export async function sync(context: ContextApi, id: string, words: string): Promise<void> {
  try {
    await context.sync();
  } catch (e) {
    throw new Stopped(id, words, e);
  }
}

/** Words that begin a sentence, with their first letter capital. */
export const sentence = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

/** What the words of a stop say happened, read from the journal after the stop. */
export type AfterStop = "done" | "committing" | "begun" | "nothing";

/** Reads the journal again after a stop: whether the operation is done, within its commit, begun, or not written at all (then its claim goes). */
export async function journalAfterStop(run: ExcelRun, id: string, options: ActionOptions): Promise<AfterStop> {
  return withRetry(
    run,
    async (context) => {
      const settings = context.workbook.settings;
      const op = settings.getItemOrNullObject(`${OP_PREFIX}${id}`).load("value");
      const commit = settings.getItemOrNullObject(`${COMMIT_PREFIX}${id}`).load("value");
      const done = settings.getItemOrNullObject(`${DONE_PREFIX}${THIS_COMPUTER}`).load("value");
      await context.sync();
      if (!done.isNullObject && typeof done.value === "string" && done.value.includes(`"id":"${id}"`)) return "done";
      if (!op.isNullObject) return commit.isNullObject ? "begun" : "committing";
      // Nothing of the action was written; a claim it made goes, so that other referees need not wait for it.
      queueRelease(context);
      await context.sync();
      return "nothing";
    },
    { ...options, attempts: 3 },
  );
}

/** An error of Excel's while the campaign was read, before anything was written: said so. */
export function readError(e: unknown): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  if (e instanceof ActionError || typeof code !== "string") return e;
  return new ActionError("Nothing was written: Excel stopped while the campaign was being read. Try again.", code);
}

/** The words for an action that stopped, as the journal read after it says. */
export function stopWords(state: Exclude<AfterStop, "done">, words: string): string {
  const at = clock(Date.now());
  switch (state) {
    case "nothing":
      return `Nothing was written: Excel did not carry out ${words}. Try again.`;
    case "begun":
      return `${sentence(words)} stopped at ${at} before it changed anything: nobody was paid and no table changed (the sheets it had begun are hidden, and go when it is done or taken back). Press the same button again to do it, or take it back with the button at the top of the pane.`;
    case "committing":
      return `${sentence(words)} stopped at ${at} while it was being recorded. Nothing is lost and nothing was written twice: press the same button again, or Finish it at the top of the pane, and the rest is written as it was meant.`;
  }
}
