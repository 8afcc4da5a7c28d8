/**
 * The actions inside Excel that pay or take back: the century end that the task pane and the
 * ribbon command share, and the credits of the mana book. Each is one operation of the journal
 * (journal.ts): read the campaign once (two round trips for an ordinary campaign), work out the
 * change with the same code as the command line, claim the book when it pays (claim.ts), write
 * it, and hand back the campaign's status after the change, worked out without reading again.
 * The pane's other tools are in tools.ts; what settles a fault or a double payment, in settle.ts.
 */
import { exclusive, type ActionOptions, type ExcelRun, type PayOptions } from "./run";
import { tableError, errorsIn, unacceptedIn, type Problem } from "../model/problems";
import { LEDGER, normalizeHeader, sheetNames } from "../model/schema";
import { type EventOptions } from "../actions/event";
import { type DebitOptions } from "../actions/debit";
import { creditOutcome, creditWords, handedLine } from "../actions/asked";
import type { Asked } from "../plan/asked";
import { type CreditOutcome } from "../actions/credit";
import { centuryEndOf, type CenturyEndOutcome } from "../actions/centuryEnd";
import type { RawWorkbook } from "../model/raw";
import { type WorkbookPlan } from "../plan/types";
import { bookWrite } from "../plan/commit";
import { readCampaign, type CampaignRead } from "../read/campaign";
import { latestCentury } from "../read/century";
import { clock } from "../read/journal";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { afterCenturyEnd } from "../plan/after";
import { creditKey } from "../read/twice";
import type { Outcome, Settled } from "./status";
import { journaled, type Journaled, type JournalOptions, type JournalWrite } from "./journal";

export * from "./run";
export { isSettled, type Outcome, type Settled } from "./status";
export { newOperationId, type JournalOptions } from "./journal";

/** A payment held back until the gamemaster has seen what would change it. */
function heldBack(problems: readonly Problem[], accepted: readonly string[] | undefined): readonly Problem[] {
  return errorsIn(problems).length > 0 ? [] : unacceptedIn(problems, accepted);
}

/** The journal's answer for the same click again (done earlier, or found stopped and finished now) as the words the pane shows. */
export function settledBy(result: Extract<Journaled<unknown>, { readonly kind: "already" | "finished" }>): Settled {
  if (result.kind === "already")
    return {
      settled: "already",
      message: `Already done at ${clock(result.entry.at)}: ${result.entry.done}. Nothing more was written.`,
      status: campaignStatus(readCampaign(result.raw)),
    };
  return {
    settled: "finished",
    message: `Finished ${result.op.words}, which had stopped part-way at ${clock(result.op.at)}: ${result.op.done}. Nothing was written twice.`,
    status: campaignStatus(readCampaign(result.raw)),
  };
}

/** The sheet shown once a plan is written: the century's mana calculation when it has one, otherwise its last sheet. */
function shownSheet(plan: WorkbookPlan, written: readonly { readonly name: string; readonly hidden?: boolean }[]): string {
  const mana = written.find((s) => s.name === sheetNames(plan.century).mana) ?? written.filter((s) => s.hidden !== true).pop();
  return mana?.name ?? LEDGER.name;
}

/** What a century end or a credit hands back besides its outcome. */
interface InExcel {
  /** whether it was all written: a century end's worksheets (and the Ledger, when asked), a credit's sheets and the Ledger */
  readonly written: boolean;
  /** warnings that change pay, not accepted: nothing was written until the gamemaster has seen them */
  readonly unaccepted?: readonly Problem[];
  /** the campaign once it is written (or as it is, when nothing was) */
  readonly status: CampaignStatus;
}

export interface CenturyEndInExcel extends CenturyEndOutcome, InExcel {}

/**
 * Why another referee's Excel kept this one from writing, in a gamemaster's words: when the
 * Ledger now holds the century this one was paying, that the other referee just paid it.
 */
function refusalWords(rows: readonly (readonly unknown[])[] | undefined, refusal: string, century: number): string {
  if (rows === undefined) return refusal;
  const [headers = [], ...body] = rows;
  const at = (name: string) => headers.findIndex((h) => typeof h === "string" && normalizeHeader(h) === normalizeHeader(name));
  const [c, k] = [at("Century"), at("Kind")];
  const paid = body.some((r) => r[c] === century && (k < 0 || r[k] === "century-end" || r[k] === "" || r[k] === null));
  return paid
    ? `another referee has just paid century ${century}: nothing more was paid here. Its result is on the ${sheetNames(century).mana} sheet; Redo calculates it again.`
    : refusal;
}

/** What a century end or a credit plans on the workbook as read, besides the journal's part. */
interface PayPlanned<T> {
  readonly outcome: T;
  readonly unaccepted: readonly Problem[];
  readonly read: CampaignRead;
  readonly plan?: WorkbookPlan;
}

/**
 * What a century end or a credit hands back once the journal has written it, or held it back or
 * refused it (nothing written); the status after a write is worked out from the plan (`after`)
 * without reading the workbook again.
 */
function reported<T extends { readonly problems: readonly Problem[] }>(
  result: Exclude<Journaled<PayPlanned<T>>, { readonly kind: "already" | "finished" }>,
  after: (raw: RawWorkbook, plan: WorkbookPlan) => RawWorkbook,
): T & InExcel {
  const { outcome, unaccepted, read, plan } = result.outcome;
  if (result.kind === "planned") return { ...outcome, written: false, unaccepted, status: campaignStatus(read) };
  if (result.kind === "refused" || plan === undefined)
    return {
      ...outcome,
      problems: [tableError(LEDGER.name, result.kind === "refused" ? result.message : "nothing was written.")],
      written: false,
      status: campaignStatus(readCampaign(result.raw)),
    };
  return { ...outcome, written: true, status: campaignStatus(readCampaign(after(result.raw, plan))) };
}

/**
 * Plans a century end and writes it as one operation of the journal: two requests read the
 * campaign, one more claims the book when the century is paid, then the worksheets (under
 * temporary names) and the commit, in as few requests as their size allows: the Ledger and its
 * seal, the worksheets renamed into place, the done mark. When the worksheets take more than one
 * request, the Ledger is read again before the commit, and nobody is paid if someone changed it.
 */
async function centuryEnd(
  run: ExcelRun,
  century: number | undefined,
  ledger: boolean,
  options: PayOptions & JournalOptions = {},
): Promise<CenturyEndInExcel | Settled> {
  const result = await journaled(run, options, (raw): { outcome: PayPlanned<CenturyEndOutcome>; write?: JournalWrite } => {
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
    if (errorsIn(outcome.problems).length > 0 || plan === undefined || unaccepted.length > 0) return { outcome: { outcome, unaccepted, read } };
    const { sheets, items } = bookWrite(raw, plan, ledger);
    const n = plan.century;
    const write: JournalWrite = ledger
      ? {
          action: "century-end",
          asked: { kind: "century-end", century: n },
          words: `the end of century ${n}`,
          done: `century ${n} paid: ${handedLine(outcome.payments)}`,
          sheets,
          items,
          show: shownSheet(plan, plan.sheets),
          claim: `paying century ${n}`,
          log: { credit: creditKey({ kind: "century-end", century: n, what: null }), handed: outcome.payments },
          refusal: (refusal, now) => refusalWords(now, refusal, n),
        }
      : {
          action: "worksheets",
          words: `writing the worksheets of century ${n}`,
          done: `the worksheets of century ${n} written`,
          sheets,
          show: shownSheet(plan, plan.sheets),
        };
    return { outcome: { outcome, unaccepted, read, plan }, write };
  });
  if (result.kind === "already" || result.kind === "finished") return settledBy(result);
  return reported(result, (raw, plan) => afterCenturyEnd(raw, plan, ledger, ledger));
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

export interface CreditInExcel extends CreditOutcome, InExcel {}

/** Only the fields given a value: what was asked is kept as JSON, which has no undefined. */
function defined<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/**
 * A credit of the mana book (an event, an era's end, a debit, a correction, or taking back the
 * latest): one operation of the journal, planned with the command line's code; the book's
 * sheets, the Ledger and its seal written, the Ledger as the commit.
 */
async function credit(
  run: ExcelRun,
  what: string,
  asked: Exclude<Asked, { kind: "century-end" | "rename" | "put-right" | "adopt" | "restart" }>,
  options: JournalOptions,
  /** whether it pays (an undo or a correction does not): logged, so that one made on two computers is found */
  pays = true,
): Promise<CreditInExcel | Settled> {
  return exclusive(what, async () => {
    const result = await journaled(run, options, (raw): { outcome: PayPlanned<CreditOutcome>; write?: JournalWrite } => {
      const read = readCampaign(raw);
      const outcome = creditOutcome(read, asked);
      const plan = outcome.plan;
      const unaccepted = heldBack(outcome.problems, options.accepted);
      if (errorsIn(outcome.problems).length > 0 || plan === undefined || unaccepted.length > 0) return { outcome: { outcome, unaccepted, read } };
      const { sheets, items } = bookWrite(raw, plan);
      const log = pays
        ? { credit: creditKey(outcome), handed: outcome.payments }
        : outcome.undone === undefined
          ? undefined
          : { credit: outcome.undone, handed: [], undone: true };
      const write: JournalWrite = {
        // What was asked names the action: an undo is "undo" whatever kind of credit it takes back.
        action: asked.kind,
        asked,
        ...creditWords(outcome, pays),
        sheets,
        items,
        show: shownSheet(plan, plan.sheets),
        claim: what,
        ...(log === undefined ? {} : { log }),
      };
      return { outcome: { outcome, unaccepted, read, plan }, write };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    return reported(result, (raw, plan) => afterCenturyEnd(raw, plan, true));
  });
}

/** Credits an event that happened (`times` times) to every recipient of its sources. */
export function creditEvent<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  event: string,
  eventOptions: EventOptions = {},
  options?: O,
): Promise<Outcome<CreditInExcel, O>> {
  return credit(
    run,
    "crediting an event",
    { kind: "event", event, ...defined({ times: eventOptions.times, century: eventOptions.century, again: eventOptions.again }) },
    options ?? {},
  ) as Promise<Outcome<CreditInExcel, O>>;
}

/** Credits the era that closes with the latest century end. */
export function creditEraEnd<O extends JournalOptions = ActionOptions>(run: ExcelRun, century: number, options?: O): Promise<Outcome<CreditInExcel, O>> {
  return credit(run, "crediting the era's end", { kind: "era-end", century }, options ?? {}) as Promise<Outcome<CreditInExcel, O>>;
}

/** The book corrected on purpose: sealed as it stands, with a correction row in each account it touches saying why. */
export function correctBook<O extends JournalOptions = ActionOptions>(run: ExcelRun, because: string, options?: O): Promise<Outcome<CreditInExcel, O>> {
  return credit(run, "correcting the book", { kind: "correction", because }, options ?? {}, false) as Promise<Outcome<CreditInExcel, O>>;
}

/** A character loses mana it may not hold: what its account carries goes first, the rest it owes. */
export function debitAccount<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  god: string,
  mana: number,
  because: string,
  debitOptions: DebitOptions = {},
  options?: O,
): Promise<Outcome<CreditInExcel, O>> {
  return credit(run, "taking mana from an account", { kind: "debit", god, mana, because, ...defined({ again: debitOptions.again }) }, options ?? {}) as Promise<
    Outcome<CreditInExcel, O>
  >;
}

/**
 * Takes back the latest credit, when it is an event, a debit or an era's end: only the one the
 * pane named (`expected`), and only while the book is as the pane last read it (`head`).
 */
export function undoLatestCredit<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  options?: O,
  expected?: string,
  head?: string,
): Promise<Outcome<CreditInExcel, O>> {
  return credit(run, "taking back a credit", { kind: "undo", ...defined({ expected, head }) }, options ?? {}, false) as Promise<Outcome<CreditInExcel, O>>;
}

/** The one-click century end; `century` defaults to the one after the Ledger's latest. */
export async function endCentury<O extends PayOptions & JournalOptions = PayOptions>(
  run: ExcelRun,
  century?: number,
  options?: O,
): Promise<Outcome<CenturyEndInExcel, O>> {
  return exclusive("a century end", () => centuryEnd(run, century, true, options)) as Promise<Outcome<CenturyEndInExcel, O>>;
}

/**
 * Writes a century's Death Worksheet, Century-End Worksheet and mana calculation without paying
 * anyone: the Ledger is left as it is. For a look at the century in play before it ends, or to
 * redraw the sheets of the latest century.
 */
export async function regenerateWorksheets<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  century?: number,
  options?: O,
): Promise<Outcome<CenturyEndInExcel, O>> {
  return exclusive("writing the worksheets", () => centuryEnd(run, century, false, options)) as Promise<Outcome<CenturyEndInExcel, O>>;
}
