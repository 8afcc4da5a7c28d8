/**
 * How every action runs inside Excel: one Excel.run each (held while a cell is being edited, and
 * tried again when Excel refuses all the same), one writing action at a time, and the options an
 * action takes (progress, the warnings the gamemaster accepted). The actions are in actions.ts
 * and tools.ts.
 */
import type { ContextApi, HandlerApi } from "./api";

/** Runs a batch against the workbook (Excel.run inside Excel; a stand-in in tests). */
export type ExcelRun = <T>(batch: (context: ContextApi) => Promise<T>) => Promise<T>;

/**
 * Excel.run, asking Excel to hold the batch while the gamemaster is editing a cell instead of
 * refusing it ("Excel.RunOptions.delayForCellEdit", which names no requirement set). An Excel
 * that refuses all the same is waited for and tried again by withRetry. A held batch waits
 * until the edit ends, which clicking the pane does not do (office-js issue 806): withRetry's
 * onHeld tells the pane when a request has waited long enough to say so.
 */
export const excelRun: ExcelRun = (batch) => Excel.run({ delayForCellEdit: true }, batch);

/**
 * Tells `changed` of every change to any worksheet ("WorksheetCollection.onChanged") until the
 * function it gives back is called: that removes the handler again, in the request context that
 * added it, as Microsoft's "Remove an event handler" does. An Excel that tells of no change
 * gives back a function that does nothing.
 */
export async function followChanges(run: ExcelRun, changed: () => void): Promise<() => Promise<void>> {
  const handler: HandlerApi | undefined = await run(async (context) => {
    const added = context.workbook.worksheets.onChanged?.add(() => {
      changed();
      return Promise.resolve();
    });
    await context.sync();
    return added;
  });
  return async () => {
    if (handler === undefined) return;
    await Excel.run(handler.context as Excel.RequestContext, async (context) => {
      handler.remove();
      await context.sync();
    });
  };
}

/**
 * A failure a gamemaster can act on, in a sentence of its own (`plain`), keeping the Office.js
 * error's code when there was one.
 */
export class ActionError extends Error {
  readonly plain = true;
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ActionError";
  }
}

// The pane and the ribbon button share this page's runtime, so one flag keeps two writing
// actions from ever running at once (a second click while a century end is paying would
// otherwise read the Ledger before the first one wrote it).
let running: string | undefined;

/** Runs a writing action unless another one is running; the pane's tools use it too. */
export async function exclusive<T>(what: string, action: () => Promise<T>): Promise<T> {
  if (running !== undefined) throw new ActionError(`The add-in is still busy with ${running}; wait until it has finished, then try again.`);
  running = what;
  try {
    return await action();
  } finally {
    running = undefined;
  }
}

export interface RetryOptions {
  readonly attempts?: number;
  readonly delayMs?: number;
  /** told when Excel is busy because the user is editing a cell */
  readonly onWait?: (attempt: number) => void;
  /**
   * Told `true` when a request has had no answer for `heldMs` (most often because a cell is
   * being edited and Excel holds the batch until the edit ends), then `false` when it has.
   */
  readonly onHeld?: (held: boolean) => void;
  /** how long a request may wait before onHeld is told (HELD_MS unless given) */
  readonly heldMs?: number;
}

/** How long a request waits for Excel before the gamemaster is told what may be holding it. */
const HELD_MS = 3000;

/** The batch's context, its requests timed: one that waits `heldMs` is told to onHeld, and so is its answer. */
function timed(context: ContextApi, options: RetryOptions): ContextApi {
  const onHeld = options.onHeld;
  if (onHeld === undefined) return context;
  return {
    workbook: context.workbook,
    sync: async () => {
      const request = { held: false };
      const timer = setTimeout(() => {
        request.held = true;
        onHeld(true);
      }, options.heldMs ?? HELD_MS);
      try {
        return await context.sync();
      } finally {
        clearTimeout(timer);
        if (request.held) onHeld(false);
      }
    },
  };
}

function isCellEditing(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "InvalidOperationInCellEditMode";
}

/** What an action is doing, for a progress line: reading the tables, or writing the changes. */
export type ActionStep = "reading" | "writing";

export interface ActionOptions extends RetryOptions {
  readonly onStep?: (step: ActionStep) => void;
  /**
   * The warnings that change pay which the gamemaster was shown and accepted (as describeProblem
   * words them). A payment with any other such warning is not made: the outcome lists them in
   * `unaccepted`, to be asked about.
   */
  readonly accepted?: readonly string[];
}

/** A century end asked about in the pane: a first payment, or a redo of the latest century. */
export interface PayOptions extends ActionOptions {
  /** the century must not be paid yet: a payment, not a redo (another click may have paid it meanwhile) */
  readonly unpaid?: boolean;
}

/** Excel refuses API calls while a cell is being edited: wait and try again instead of failing. */
export async function withRetry<T>(run: ExcelRun, batch: (context: ContextApi) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 20;
  const delay = options.delayMs ?? 1500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run((context) => batch(timed(context, options)));
    } catch (e) {
      if (!isCellEditing(e) || attempt >= attempts) throw e;
      options.onWait?.(attempt);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
