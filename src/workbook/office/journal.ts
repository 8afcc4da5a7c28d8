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
 */
import type { ContextApi } from "./api";
import { THIS_COMPUTER } from "./computer";
import { ActionError, withRetry, type ActionOptions, type ExcelRun } from "./run";
import { readWorkbook, ledgerCheck } from "./read";
import { queueClaim, queueRelease } from "./claim";
import { queueItem } from "./commit";
import { requests, worksheetSteps, type Step } from "./write";
import type { DoneOperation, OpenOperation, RawWorkbook } from "../model/raw";
import type { SheetPlan } from "../plan/layout";
import { itemsIn, type CommitItem } from "../plan/commit";
import { temporaryName } from "../plan/journalCheck";
import { BOOKS_KEPT, clock, COMMIT_PREFIX, DONE_KEPT, DONE_PREFIX, OP_PREFIX, underWay } from "../read/journal";

/** A new operation's id: one per click, kept by the pane for the same click tried again. */
export function newOperationId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** What an action writes, planned: the journal carries it out. */
export interface JournalWrite {
  /** the action, by its name in the journal ("century-end", "event"…) */
  readonly action: string;
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

/** A write that stopped: which operation, and Excel's error. */
class Stopped extends Error {
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

async function sync(context: ContextApi, id: string, words: string): Promise<void> {
  try {
    await context.sync();
  } catch (e) {
    throw new Stopped(id, words, e);
  }
}

const sentence = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * This computer's list of done actions, with `entry` added at its end: its latest credits keep
 * what they wrote of the book (a Ledger two computers' writes mixed is told by it).
 */
function doneList(raw: RawWorkbook, entry: DoneEntry): string {
  const own: DoneEntry[] = (raw.journal?.done ?? [])
    .filter((d) => d.computer === THIS_COMPUTER)
    .map((d) => ({ id: d.id, at: d.at, words: d.words, done: d.done, ...(d.book === undefined ? {} : { book: d.book }) }));
  const list = [...own.filter((d) => d.id !== entry.id), entry].slice(-DONE_KEPT);
  let books = 0;
  for (let i = list.length - 1; i >= 0; i--) {
    const d = list[i] as DoneEntry;
    if (d.book === undefined) continue;
    if (++books > BOOKS_KEPT) list[i] = { id: d.id, at: d.at, words: d.words, done: d.done };
  }
  return JSON.stringify(list);
}

type DoneEntry = Omit<DoneOperation, "computer">;

/**
 * The steps of the commit: its mark, each item (carried out against the workbook as the items
 * before it leave it) with a mark after it, and the done mark, which also clears the intent.
 */
function commitSteps(context: ContextApi, start: RawWorkbook, id: string, items: readonly CommitItem[], from: number, done: string, words: string): Step[] {
  const settings = context.workbook.settings;
  let current = start;
  const mark = (n: number): Step => ({ bytes: 300, queue: () => settings.add(`${COMMIT_PREFIX}${id}`, String(n)) });
  const steps: Step[] = from === 0 ? [mark(0)] : [];
  items.forEach((item, i) => {
    if (i < from) return;
    steps.push({ bytes: JSON.stringify(item).length + 500, queue: () => (current = queueItem(context, current, item)) }, mark(i + 1));
  });
  const ledger = items.find((i) => i.kind === "ledger");
  const seal = items.find((i) => i.kind === "tail");
  const head = items.find((i) => i.kind === "name");
  const book = ledger === undefined ? {} : { book: { ledger, ...(seal === undefined ? {} : { seal }), ...(head === undefined ? {} : { head }) } };
  steps.push({
    bytes: 2000 + (ledger === undefined ? 0 : JSON.stringify(book).length),
    queue: () => {
      settings.add(`${DONE_PREFIX}${THIS_COMPUTER}`, doneList(start, { id, at: Date.now(), words, done, ...book }));
      settings.getItemOrNullObject(`${OP_PREFIX}${id}`).delete();
      settings.getItemOrNullObject(`${COMMIT_PREFIX}${id}`).delete();
    },
  });
  return steps;
}

/** Queues the removal of settings the journal no longer needs; whether there were any. */
function clearLeftovers(context: ContextApi, raw: RawWorkbook): boolean {
  const keys = raw.journal?.leftover ?? [];
  for (const key of keys) context.workbook.settings.getItemOrNullObject(key).delete();
  return keys.length > 0;
}

/** Queues the taking back of an action stopped before its commit: its half-written sheets, its claim, its intent. */
function queueTakeBack(context: ContextApi, raw: RawWorkbook, op: OpenOperation): RawWorkbook {
  const wb = context.workbook;
  const present = new Map(raw.sheetNames.map((n) => [n.toLowerCase(), n]));
  const gone = op.temps.map(([temp]) => present.get(temp.toLowerCase())).filter((n): n is string => n !== undefined);
  for (const name of gone) wb.worksheets.getItem(name).delete();
  if (op.claim !== undefined) wb.settings.getItemOrNullObject(op.claim).delete();
  wb.settings.getItemOrNullObject(`${OP_PREFIX}${op.id}`).delete();
  wb.settings.getItemOrNullObject(`${COMMIT_PREFIX}${op.id}`).delete();
  const out = new Set(gone.map((n) => n.toLowerCase()));
  const journal = raw.journal === undefined ? undefined : { ...raw.journal, open: raw.journal.open.filter((o) => o.id !== op.id) };
  return { ...raw, sheetNames: raw.sheetNames.filter((n) => !out.has(n.toLowerCase())), ...(journal === undefined ? {} : { journal }) };
}

/** Queues what finishes an action stopped within its commit: its items from the last mark on, then its done mark. */
function finishSteps(context: ContextApi, raw: RawWorkbook, op: OpenOperation): Step[] {
  const items = itemsIn(op.items);
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
async function settle(context: ContextApi, raw: RawWorkbook, op: OpenOperation): Promise<boolean> {
  if (op.reached === undefined) {
    queueTakeBack(context, raw, op);
    await sync(context, op.id, op.words);
    return false;
  }
  await runSteps(context, finishSteps(context, raw, op), op.id, op.words);
  return true;
}

/** What the words of a stop say happened, read from the journal after the stop. */
type AfterStop = "done" | "committing" | "begun" | "nothing";

async function journalAfterStop(run: ExcelRun, id: string, options: ActionOptions): Promise<AfterStop> {
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
function readError(e: unknown): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  if (e instanceof ActionError || typeof code !== "string") return e;
  return new ActionError("Nothing was written: Excel stopped while the campaign was being read. Try again.", code);
}

/** The words for an action that stopped, as the journal read after it says. */
function stopWords(state: Exclude<AfterStop, "done">, words: string): string {
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

/** Finishes or takes back an action that stopped part-way, as the journal says (the pane's one confirmed step). */
export async function settleOperation(
  run: ExcelRun,
  id: string,
  options: ActionOptions = {},
): Promise<{ readonly finished: boolean; readonly op: OpenOperation; readonly raw: RawWorkbook } | undefined> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const raw = await readWorkbook(context);
      const op = raw.journal?.open.find((o) => o.id === id);
      if (op === undefined) return undefined;
      options.onStep?.("writing");
      const finished = await settle(context, raw, op);
      return { finished, op, raw: await readWorkbook(context) };
    },
    options,
  );
}
