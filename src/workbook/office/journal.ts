/**
 * Every action that writes, inside Excel, goes through here: one click is one operation with an
 * id, and the journal (read/journal.ts) holds it from before its first effect to its done mark.
 *
 * Excel promises neither that a request is carried out whole nor that its answer arrives (a
 * dropped connection, throttling, a co-author's edit, the workbook losing focus). So:
 * 1. the intent goes first, in the first request that writes: what the action will change
 *    (its commit items, plan/commit.ts) and the sheets it writes, each under a temporary name,
 *    hidden, the add-in's own from the request that makes it;
 * 2. the sheets follow, in as many requests as their size needs;
 * 3. then the commit: a mark that it began, each item with a mark after it (every item can be
 *    carried out again without harm), the sheets renamed into place, and the done mark last.
 * Since a request that stops part-way has carried out its first operations and none after, an
 * action found open is in one of two states: before its commit, nothing of the campaign changed
 * and its half-written sheets go (taken back); within it, the items from the last mark on are
 * carried out again (finished). Either is one confirmed step; the same click again does it too.
 * A click whose action is done says so and writes nothing ("already done at 21:05").
 *
 * The commit's steps are in commit.ts, settling an action found open in finish.ts, and what a
 * request that failed left, with the words for it, in stopped.ts.
 */
import type { ContextApi } from "./api";
import { THIS_COMPUTER } from "./computer";
import { withRetry, ActionError, type ActionOptions, type ExcelRun } from "./run";
import { readWorkbook, ledgerCheck } from "./read";
import { queueClaim, queueRelease } from "./claim";
import { commitSteps } from "./commit";
import { clearLeftovers, queueTakeBack, settle } from "./finish";
import { journalAfterStop, readError, Stopped, stopWords, sync, type AfterStop } from "./stopped";
import { requests, worksheetSteps, type Step } from "./write";
import type { OpenOperation, RawWorkbook, DoneOperation } from "../model/raw";
import type { SheetPlan } from "../plan/layout";
import type { Asked } from "../plan/asked";
import type { CommitItem } from "../plan/commit";
import { clock, damagedWords, OP_PREFIX, temporaryName, underWay } from "../read/journal";
import { newOperationId } from "./status";

export { newOperationId };

/** What an action writes, planned: the journal carries it out. */
export interface JournalWrite {
  /** the action, by its name in the journal ("century-end", "event"…) */
  readonly action: string;
  /** what was asked, for an action that writes the book: from it a finish plans the book part again (actions/rederive.ts) */
  readonly asked?: Asked;
  /** what it does, in a gamemaster's words, to begin a sentence: "the end of century 3" */
  readonly words: string;
  /** what it did, in a line, for "already done": "century 3 paid: Ares 22, Hestia 24" */
  readonly done: string;
  /** generated sheets, written under temporary names and renamed into place at the commit */
  readonly sheets?: readonly SheetPlan[];
  /** what else it changes, in order (the Ledger, its seal, the tables) */
  readonly items?: readonly CommitItem[];
  /** the sheet shown at the end */
  readonly show?: string;
  /** a payment or a credit: the book is claimed first (office/claim.ts), in these words ("paying century 3") */
  readonly claim?: string;
  /** for a credit: its line in this computer's log (the key, what it hands out; or undone) */
  readonly log?: { readonly credit: string; readonly handed: readonly { readonly god: string; readonly paid: number }[]; readonly undone?: boolean };
  /** why another referee's claim stopped it, in a gamemaster's words (claim.ts gives its own otherwise) */
  readonly refusal?: (refusal: string, ledgerNow: readonly (readonly unknown[])[] | undefined) => string;
}

/** An action planned on the workbook as read: its outcome, and what it writes (nothing when undefined). */
export interface Planned<O> {
  readonly outcome: O;
  readonly write?: JournalWrite;
}

export type Journaled<O> =
  /** nothing to write (a problem, a dry run, warnings to accept first) */
  | { readonly kind: "planned"; readonly outcome: O; readonly raw: RawWorkbook }
  /** written and marked done (perhaps found so after Excel's answer was lost) */
  | { readonly kind: "written"; readonly outcome: O; readonly raw: RawWorkbook }
  /** nothing written: another referee's Excel got there first, or the Ledger changed while the sheets were written */
  | { readonly kind: "refused"; readonly outcome: O; readonly raw: RawWorkbook; readonly message: string }
  /** the same click, done earlier: nothing written now */
  | { readonly kind: "already"; readonly entry: DoneOperation; readonly raw: RawWorkbook }
  /** the same click, found stopped part-way: finished now */
  | { readonly kind: "finished"; readonly op: OpenOperation; readonly raw: RawWorkbook };

export interface JournalOptions extends ActionOptions {
  /** the click's operation id: the same click tried again (after a fault) gives the same one */
  readonly operation?: string;
  /** told when a request of the operation failed (whatever the journal then found): the next click of the same is its retry */
  readonly onStop?: () => void;
}

export { temporaryName };

/**
 * Runs one action through the journal: reads the workbook, plans, and writes what was planned
 * as one operation. The same click again (`options.operation`) finishes or says done. When a
 * request fails, the journal is read again so that what the gamemaster is told is what happened.
 */
export async function journaled<O>(run: ExcelRun, options: JournalOptions, plan: (raw: RawWorkbook) => Planned<O>): Promise<Journaled<O>> {
  const id = options.operation ?? newOperationId();
  let outcome: { value: O; raw: RawWorkbook } | undefined;
  // The same click's action, found open and being finished.
  let finishing: OpenOperation | undefined;
  try {
    return await withRetry(
      run,
      async (context): Promise<Journaled<O>> => {
        options.onStep?.("reading");
        const read = await readWorkbook(context);
        const journal = read.journal;
        const already = journal?.done.find((d) => d.id === id);
        if (already !== undefined) {
          // What a request cut in its done mark left goes now, with nothing else written.
          if (clearLeftovers(context, read)) await sync(context, id, already.words);
          return { kind: "already", entry: already, raw: read };
        }
        let raw = read;
        const own = journal?.open.find((o) => o.id === id);
        if (own !== undefined) {
          if (own.reached !== undefined) finishing = own;
          options.onStep?.("writing");
          if (await settle(context, read, own)) return { kind: "finished", op: own, raw: await readWorkbook(context) };
          // Taken back: the click is done again below, on the workbook as it now stands.
          raw = await readWorkbook(context);
        }
        const planned = plan(raw);
        const write = planned.write;
        if (write === undefined) return { kind: "planned", outcome: planned.outcome, raw };
        // Another action open: finished or taken back first (read/journal.ts names it), or still under way elsewhere.
        // A damaged record blocks every write until it is set aside, whatever the planner made of it.
        const damaged = raw.journal?.damaged?.[0];
        if (damaged !== undefined)
          return {
            kind: "refused",
            outcome: planned.outcome,
            raw,
            message: `${damagedWords(damaged)}: set it aside first (the button at the top of the pane). Nothing was written here.`,
          };
        const other = raw.journal?.open.find((o) => o.id !== id);
        if (other !== undefined && raw.journal !== undefined)
          return {
            kind: "refused",
            outcome: planned.outcome,
            raw,
            message: underWay(other, raw.journal, THIS_COMPUTER)
              ? `another referee's Excel is busy with ${other.words} (since ${clock(other.at)}): nothing was written here. Wait until it is done, then try again.`
              : `${other.words} stopped part-way at ${clock(other.at)}: finish it or take it back first (the button at the top of the pane). Nothing was written here.`,
          };
        outcome = { value: planned.outcome, raw };
        options.onStep?.("writing");
        return await write_(context, raw, id, write, planned.outcome);
      },
      options,
    );
  } catch (e) {
    if (!(e instanceof Stopped)) throw readError(e);
    options.onStop?.();
    // What happened is read from the journal, never guessed.
    let state: AfterStop;
    try {
      state = await journalAfterStop(run, e.id, options);
    } catch {
      throw new ActionError(
        `Excel did not answer, so whether ${e.words} was written is not known yet. When Excel answers again, press the same button: it finishes what is left, or says it is done, and never writes anything twice.`,
        e.code,
      );
    }
    if (state === "done" && finishing !== undefined) {
      const op = finishing;
      return { kind: "finished", op, raw: await withRetry(run, (context) => readWorkbook(context), options) };
    }
    if (state === "done" && outcome !== undefined) return { kind: "written", outcome: outcome.value, raw: outcome.raw };
    throw new ActionError(stopWords(state === "done" ? "committing" : state, e.words), e.code);
  }
}

/** Writes a planned action: the claim when it pays, the intent, the sheets, the commit. */
async function write_<O>(context: ContextApi, raw: RawWorkbook, id: string, write: JournalWrite, outcome: O): Promise<Journaled<O>> {
  const settings = context.workbook.settings;
  let logged: CommitItem[] = [];
  let claimKey: string | undefined;
  if (write.claim !== undefined) {
    // Before anything is written: the book is this computer's, and nobody paid meanwhile.
    const claim = queueClaim(context, raw, write.claim);
    await sync(context, id, write.words);
    const refusal = claim.refusal();
    if (refusal !== undefined) {
      queueRelease(context);
      const now = await readWorkbook(context);
      return { kind: "refused", outcome, raw: now, message: write.refusal?.(refusal, claim.ledgerNow()) ?? refusal };
    }
    logged = write.log === undefined ? claim.items() : claim.items(write.log.credit, write.log.handed, write.log.undone);
    claimKey = claim.key;
  }
  const sheets = write.sheets ?? [];
  const temps = sheets.map((s) => [temporaryName(id, s.name), s.name] as const);
  const items: CommitItem[] = [
    ...(write.items ?? []),
    ...logged,
    ...sheets.map((s): CommitItem => ({ kind: "swap", temp: temporaryName(id, s.name), final: s.name, hidden: s.hidden === true })),
    ...(write.show === undefined ? [] : [{ kind: "show", sheet: write.show } as const]),
  ];
  const intent = {
    computer: THIS_COMPUTER,
    at: Date.now(),
    action: write.action,
    words: write.words,
    done: write.done,
    temps,
    items,
    ...(claimKey === undefined ? {} : { claim: claimKey }),
    ...(write.asked === undefined ? {} : { asked: write.asked }),
  };
  const intentStep: Step = {
    bytes: JSON.stringify(intent).length + 500,
    queue: () => {
      clearLeftovers(context, raw);
      settings.add(`${OP_PREFIX}${id}`, JSON.stringify(intent));
    },
  };
  // The temporary sheets made so far, for taking them back.
  const made = new Set<string>();
  const sheetSteps = worksheetSteps(context, { sheets }, (s) => temporaryName(id, s.name)).map((step) => ({
    ...step,
    queue: () => {
      if (step.sheet !== undefined) made.add(temporaryName(id, step.sheet));
      step.queue();
    },
  }));
  // The sheets' names as they stand once the temporary ones are added.
  const withTemps: RawWorkbook = { ...raw, sheetNames: [...raw.sheetNames, ...temps.map(([t]) => t)] };
  const commit = commitSteps(context, withTemps, id, items, 0, write.done, write.words);
  const groups = requests([intentStep, ...sheetSteps, ...commit]);
  // Sheets that took several requests: the Ledger is read again before the commit, and nothing is paid if it changed.
  const committing = groups.findIndex((g) => g.includes(commit[0] as Step));
  for (const [i, group] of groups.entries()) {
    for (const step of group) step.queue();
    const check = i === committing - 1 && write.claim !== undefined ? ledgerCheck(context, raw) : undefined;

    await sync(context, id, write.words);
    if (check?.changed() === true) {
      const op: OpenOperation = {
        id,
        computer: THIS_COMPUTER,
        at: intent.at,
        action: write.action,
        words: write.words,
        done: write.done,
        temps: temps.filter(([t]) => made.has(t)),
        items,
        ...(claimKey === undefined ? {} : { claim: claimKey }),
      };
      queueTakeBack(context, withTemps, op);
      await sync(context, id, write.words);
      return {
        kind: "refused",
        outcome,
        raw: await readWorkbook(context),
        message: `the Ledger was changed while the sheets of ${write.words} were being written, so nothing was changed. Look at the Ledger, then try again.`,
      };
    }
  }
  return { kind: "written", outcome, raw };
}
