/**
 * The actions inside Excel that pay or take back: the century end that the task pane and the
 * ribbon command share, and the credits of the mana book. Each action is one Excel.run: read the campaign once (two round trips for an ordinary
 * campaign), work out the change with the same code as the command line, claim the book when it
 * pays (claim.ts), write it, and hand back the campaign's status after the change, worked out
 * without reading again. The pane's other tools are in tools.ts.
 */
import type { ContextApi } from "./api";
import { ActionError, exclusive, withRetry, type ActionOptions, type ExcelRun, type PayOptions } from "./run";
import { tableError, errorsIn, unacceptedIn, type Problem } from "../model/problems";
import { LEDGER, sheetNames } from "../model/schema";
import { planEraEnd } from "../actions/eraEnd";
import { planEvent, type EventOptions } from "../actions/event";
import { planUndo } from "../actions/undo";
import { planDebit, type DebitOptions } from "../actions/debit";
import { type CreditOutcome } from "../actions/credit";
import { centuryEndOf, type CenturyEndOutcome } from "../actions/centuryEnd";
import { type WorkbookPlan } from "../plan/types";
import { planReseal } from "../actions/reseal";
import { readCampaign, type CampaignRead } from "../read/campaign";
import { latestCentury } from "../read/century";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { afterCenturyEnd } from "../plan/after";
import { CENTURY_END_MARK, ledgerCheck, readWorkbook } from "./read";
import { queueClaim, queueRelease, queueSettled, type ClaimCheck } from "./claim";
import { creditKey } from "../read/twice";
import { normalizeHeader } from "../model/schema";
import { queueLedgerAndShow, requests, worksheetSteps, type Step } from "./write";

export * from "./run";

/** A payment held back until the gamemaster has seen what would change it. */
function heldBack(problems: readonly Problem[], accepted: readonly string[] | undefined): readonly Problem[] {
  return errorsIn(problems).length > 0 ? [] : unacceptedIn(problems, accepted);
}

export interface CenturyEndInExcel extends CenturyEndOutcome {
  /** whether the worksheets (and the Ledger, when asked) were all written */
  readonly written: boolean;
  /** warnings that change pay, not accepted: nothing was written until the gamemaster has seen them */
  readonly unaccepted?: readonly Problem[];
  /** why the Ledger was left alone although the worksheets were written, when it was */
  readonly aborted?: string;
  /** the campaign once the century end is written (or as it is, when nothing was) */
  readonly status: CampaignStatus;
}

/**
 * Why another referee's Excel kept this one from writing, in a gamemaster's words: when the
 * Ledger now holds the century this one was paying, that the other referee just paid it.
 */
function refusalWords(claim: ClaimCheck, refusal: string, century?: number): string {
  const rows = claim.ledgerNow();
  if (century === undefined || rows === undefined) return refusal;
  const [headers = [], ...body] = rows;
  const at = (name: string) => headers.findIndex((h) => typeof h === "string" && normalizeHeader(h) === normalizeHeader(name));
  const [c, k] = [at("Century"), at("Kind")];
  const paid = body.some((r) => r[c] === century && (k < 0 || r[k] === "century-end" || r[k] === "" || r[k] === null));
  return paid
    ? `another referee has just paid century ${century}: nothing more was paid here. Its result is on the ${sheetNames(century).mana} sheet; Redo calculates it again.`
    : refusal;
}

/**
 * Nothing written, because another referee's Excel got there first: this computer's claim goes,
 * and the campaign is read again, so that the pane shows the book as the other referee left it.
 */
async function claimRefused<O extends { readonly problems: readonly Problem[] }>(
  context: ContextApi,
  outcome: O,
  message: string,
): Promise<O & { written: false; status: CampaignStatus }> {
  queueRelease(context);
  const now = readCampaign(await readWorkbook(context));
  return { ...outcome, problems: [tableError(LEDGER.name, message)], written: false, status: campaignStatus(now) };
}

/** A write that stopped part-way: what it had written by then, and what to do, for the gamemaster. */
function stoppedPartWay(error: unknown, century: number, done: readonly string[]): ActionError {
  const code = (error as { code?: unknown } | null)?.code;
  const wrote = done.length === 0 ? "" : ` Written before it stopped: ${done.join(", ")}.`;
  return new ActionError(
    `The end of century ${century} stopped part-way.${wrote} Look at the Ledger: unless it has rows for century ${century}, nobody was paid. End century ${century} again to finish; it never pays twice.`,
    typeof code === "string" ? code : undefined,
  );
}

/**
 * Plans a century end and writes it. Two requests read the campaign, and one more claims the
 * book when the century is paid. Then the worksheets go out in as many requests as their size
 * needs (one for most campaigns), each under the budget; the Ledger goes last, in the final
 * request, as the commit point, after a workbook setting marks the century end as under way. When the worksheets take more than one request, the one before
 * the last reads the Ledger again, and nobody is paid if someone changed it meanwhile.
 */
async function centuryEnd(run: ExcelRun, century: number | undefined, ledger: boolean, options: PayOptions = {}): Promise<CenturyEndInExcel> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const raw = await readWorkbook(context);
      const read = readCampaign(raw);
      const paid = options.unpaid === true && century !== undefined && century <= latestCentury(read.campaign);
      const planned = centuryEndOf(read, century);
      // Paid meanwhile: the outcome without its plan, and why.
      const outcome: CenturyEndOutcome = paid
        ? {
            century: planned.century,
            campaign: planned.campaign,
            payments: planned.payments,
            ...(planned.result === undefined ? {} : { result: planned.result }),
            problems: [
              tableError(
                LEDGER.name,
                `century ${century} was paid meanwhile (another click, or the ribbon's button). Nothing more was paid; look at its result, and use Redo to calculate it again.`,
              ),
            ],
          }
        : planned;
      const plan = outcome.plan === undefined || ledger ? outcome.plan : worksheetsOnly(outcome.plan, latestCentury(read.campaign));
      const unaccepted = ledger ? heldBack(outcome.problems, options.accepted) : [];
      if (errorsIn(outcome.problems).length > 0 || plan === undefined || unaccepted.length > 0)
        return { ...outcome, written: false, unaccepted, status: campaignStatus(read) };
      options.onStep?.("writing");
      const settings = context.workbook.settings;
      // Before anything is written: the book is this computer's, and nobody paid meanwhile.
      const claim = ledger ? queueClaim(context, raw, `paying century ${plan.century}`) : undefined;
      if (claim !== undefined) {
        await context.sync();
        const refusal = claim.refusal();
        if (refusal !== undefined) return claimRefused(context, outcome, refusalWords(claim, refusal, plan.century));
      }
      const mark: Step = { bytes: 200, queue: () => settings.add(CENTURY_END_MARK, String(plan.century)) };
      const groups = requests([...(ledger ? [mark] : []), ...worksheetSteps(context, raw, plan)]);
      const done = new Set<string>();
      const pending = (upTo: number) => new Set(groups.slice(upTo).flatMap((g) => g.flatMap((s) => (s.sheet === undefined ? [] : [s.sheet]))));
      let check: { changed(): boolean } | undefined;
      try {
        for (const [i, group] of groups.entries()) {
          for (const step of group) step.queue();
          if (i === groups.length - 1) break;
          if (ledger && i === groups.length - 2) check = ledgerCheck(context, raw);
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per group of steps under Excel's 1 MB budget (one for most campaigns), never one per item
          await context.sync();
          const later = pending(i + 1);
          for (const step of group) if (step.sheet !== undefined && !later.has(step.sheet)) done.add(step.sheet);
        }
        const aborted = check?.changed() === true;
        queueLedgerAndShow(context, raw, plan, ledger && !aborted);
        if (ledger && !aborted) settings.getItemOrNullObject(CENTURY_END_MARK).delete();
        claim?.release(context, aborted ? undefined : creditKey({ kind: "century-end", century: plan.century, what: null }), outcome.payments);
        await context.sync();
        if (aborted) {
          const reason = `The Ledger was changed while the worksheets of century ${plan.century} were being written, so nobody was paid. Check the Ledger, then end century ${plan.century} again.`;
          return { ...outcome, written: false, aborted: reason, status: campaignStatus(readCampaign({ ...raw, interruptedCentury: plan.century })) };
        }
      } catch (e) {
        throw stoppedPartWay(
          e,
          plan.century,
          plan.sheets.map((s) => s.name).filter((n) => done.has(n)),
        );
      }
      return { ...outcome, written: true, status: campaignStatus(readCampaign(afterCenturyEnd(raw, plan, ledger, ledger))) };
    },
    options,
  );
}

/**
 * What writing a century's worksheets without paying writes: its Death and Century-End
 * Worksheets, and its Mana sheet only when the century is paid already (a Mana sheet shows a
 * paid century, which is how a lost Ledger is noticed). The book's sheets stay as they are.
 */
function worksheetsOnly(plan: WorkbookPlan, latest: number): WorkbookPlan {
  const names = sheetNames(plan.century);
  const keep = new Set([names.deaths, names.centuryEnd, ...(plan.century <= latest ? [names.mana] : [])]);
  return { ...plan, sheets: plan.sheets.filter((s) => keep.has(s.name)) };
}

export interface CreditInExcel extends CreditOutcome {
  /** whether the book's sheets and the Ledger were written */
  readonly written: boolean;
  /** warnings that change pay, not accepted: nothing was written until the gamemaster has seen them */
  readonly unaccepted?: readonly Problem[];
  /** the campaign once the credit is written (or as it is, when nothing was) */
  readonly status: CampaignStatus;
}

/**
 * A credit of the mana book (an event, an era's end, or taking back the latest): read once,
 * plan with the command line's code, then write the book's sheets in as many requests as they
 * need and the Ledger last, in the final request, as the commit point.
 */
async function credit(
  run: ExcelRun,
  what: string,
  planner: (read: CampaignRead) => CreditOutcome,
  options: ActionOptions,
  /** whether it pays (an undo or a correction does not): logged, so that one made on two computers is found */
  pays = true,
): Promise<CreditInExcel> {
  return exclusive(what, () =>
    withRetry(
      run,
      async (context) => {
        options.onStep?.("reading");
        const raw = await readWorkbook(context);
        const read = readCampaign(raw);
        const outcome = planner(read);
        const plan = outcome.plan;
        const unaccepted = heldBack(outcome.problems, options.accepted);
        if (errorsIn(outcome.problems).length > 0 || plan === undefined || unaccepted.length > 0)
          return { ...outcome, written: false, unaccepted, status: campaignStatus(read) };
        options.onStep?.("writing");
        // Before anything is written: the book is this computer's, and nobody credited meanwhile.
        const claim = queueClaim(context, raw, what);
        await context.sync();
        const refusal = claim.refusal();
        if (refusal !== undefined) return claimRefused(context, outcome, refusal);
        const groups = requests(worksheetSteps(context, raw, plan));
        for (const [i, group] of groups.entries()) {
          for (const step of group) step.queue();
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per group of steps under Excel's 1 MB budget, never one per item
          if (i < groups.length - 1) await context.sync();
        }
        queueLedgerAndShow(context, raw, plan, true);
        if (pays) claim.release(context, creditKey(outcome), outcome.payments);
        else claim.release(context, outcome.undone, [], outcome.undone !== undefined);
        await context.sync();
        return { ...outcome, written: true, status: campaignStatus(readCampaign(afterCenturyEnd(raw, plan, true))) };
      },
      options,
    ),
  );
}

/** Credits an event that happened (`times` times) to every recipient of its sources. */
export function creditEvent(run: ExcelRun, event: string, eventOptions: EventOptions = {}, options: ActionOptions = {}): Promise<CreditInExcel> {
  return credit(run, "crediting an event", (read) => planEvent(read, event, eventOptions), options);
}

/** Credits the era that closes with the latest century end. */
export function creditEraEnd(run: ExcelRun, century: number, options: ActionOptions = {}): Promise<CreditInExcel> {
  return credit(run, "crediting the era's end", (read) => planEraEnd(read, century), options);
}

/** The book corrected on purpose: sealed as it stands, with a correction row in each account it touches saying why. */
export function correctBook(run: ExcelRun, because: string, options: ActionOptions = {}): Promise<CreditInExcel> {
  return credit(run, "correcting the book", (read) => planReseal(read, because), options, false);
}

/** A character loses mana it may not hold: what its account carries goes first, the rest it owes. */
export function debitAccount(
  run: ExcelRun,
  god: string,
  mana: number,
  because: string,
  debitOptions: DebitOptions = {},
  options: ActionOptions = {},
): Promise<CreditInExcel> {
  return credit(run, "taking mana from an account", (read) => planDebit(read, god, mana, because, debitOptions), options);
}

/** Takes back the latest credit, when it is an event, a debit or an era's end. */
export function undoLatestCredit(run: ExcelRun, options: ActionOptions = {}, expected?: string): Promise<CreditInExcel> {
  return credit(run, "taking back a credit", (read) => planUndo(read, expected), options, false);
}

/** The one-click century end; `century` defaults to the one after the Ledger's latest. */
export async function endCentury(run: ExcelRun, century?: number, options?: PayOptions): Promise<CenturyEndInExcel> {
  return exclusive("a century end", () => centuryEnd(run, century, true, options));
}

/**
 * Writes a century's Death Worksheet, Century-End Worksheet and mana calculation without paying
 * anyone: the Ledger is left as it is. For a look at the century in play before it ends, or to
 * redraw the sheets of the latest century.
 */
export async function regenerateWorksheets(run: ExcelRun, century?: number, options?: ActionOptions): Promise<CenturyEndInExcel> {
  return exclusive("writing the worksheets", () => centuryEnd(run, century, false, options));
}

/**
 * A credit written on two computers, settled by a referee: the mana one of them handed out was
 * taken back (or it really happened twice and was credited again). Payments go on after it.
 */
export async function settlePaidTwice(run: ExcelRun, credit: string, options: ActionOptions = {}): Promise<{ readonly status: CampaignStatus }> {
  return exclusive("settling a double payment", () =>
    withRetry(
      run,
      async (context) => {
        options.onStep?.("writing");
        await queueSettled(context, credit);
        await context.sync();
        options.onStep?.("reading");
        return { status: campaignStatus(readCampaign(await readWorkbook(context))) };
      },
      options,
    ),
  );
}
