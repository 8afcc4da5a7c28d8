/**
 * The task pane's tools inside Excel besides the century end: the campaign's status, set-up,
 * deaths, the pantheon tools, and the referee's war, disaster and growth. Each reads the campaign
 * once, plans with the same code the command line uses, writes in one more round trip, and hands
 * back the status after.
 */
import { splitAddress } from "../model/address";
import { errorsIn, type Problem } from "../model/problems";
import type { RawWorkbook } from "../model/raw";
import { applyEdits, type EditPlan } from "../plan/edits";
import { planRename } from "../actions/rename";
import { readCampaign, type CampaignRead } from "../read/campaign";
import { planDeaths, type DeathEntry } from "../actions/deaths";
import { checkChange, planCult, planObliterate, planTurmoil, type ChangeVerdict, type ProposedShare } from "../actions/pantheon";
import { planDisaster, type DisasterOrder } from "../actions/disaster";
import { planGrowth } from "../actions/growth";
import type { RefereePlan, RefereePreview } from "../actions/referee";
import { planWar, type WarOrder } from "../actions/war";
import { planMissingTables } from "../actions/setup";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { afterCenturyEnd, afterSheets } from "../plan/after";
import { planPacket, type PacketOutcome } from "../actions/packet";
import { planSessionEnd, type SessionOrder } from "../actions/sessions";
import { planCards, type CardsOrder, type CardsPreview } from "../actions/cards";
import { exclusive, withRetry, type ActionOptions, type ExcelRun } from "./actions";
import { readWorkbook } from "./read";
import { queueLedgerAndShow, requests, worksheetSteps } from "./write";
import { queueEdits } from "./tableEdits";

export interface EditOutcome {
  readonly written: boolean;
  /** what was done, in a sentence; empty when bad input stopped the action */
  readonly message: string;
  readonly details: readonly string[];
  /** why nothing was written, each naming the table (and row and column when it can) */
  readonly problems: readonly Problem[];
  readonly status: CampaignStatus;
}

/** What a tool works from: the workbook as read, and the campaign read from it once. */
interface Read extends CampaignRead {
  readonly raw: RawWorkbook;
}

async function runEdits(run: ExcelRun, plan: (read: Read) => EditPlan, options: ActionOptions = {}, write = true): Promise<EditOutcome> {
  return exclusive("a change to the tables", () => editsOnce(run, plan, options, write));
}

async function editsOnce(run: ExcelRun, plan: (read: Read) => EditPlan, options: ActionOptions, write: boolean): Promise<EditOutcome> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const raw = await readWorkbook(context);
      const read = { raw, ...readCampaign(raw) };
      const p = plan(read);
      const done = { message: p.message, details: p.details ?? [], problems: p.problems };
      if (errorsIn(p.problems).length > 0 || p.edits.length === 0 || !write) return { ...done, written: false, status: campaignStatus(read) };
      options.onStep?.("writing");
      queueEdits(context, raw, p.edits);
      await context.sync();
      return { ...done, written: true, status: campaignStatus(readCampaign(applyEdits(raw, p.edits))) };
    },
    options,
  );
}

/**
 * A god renamed everywhere (Gods, Cards, Pantheon, its Ledger rows) with its account sealed anew
 * under the new name: two reads and one write, the cells, the book's sheets and the seal together.
 */
export async function renameEverywhere(run: ExcelRun, from: string, to: string, options: ActionOptions = {}): Promise<EditOutcome> {
  return exclusive("renaming a god", () =>
    withRetry(
      run,
      async (context) => {
        options.onStep?.("reading");
        const raw = await readWorkbook(context);
        const outcome = planRename(raw, from, to);
        const message = `"${outcome.from}" is now "${outcome.to}" everywhere; its account and what it carries go with it.`;
        const details = outcome.changed.map((c) => `${c.table}: ${c.rows} row${c.rows === 1 ? "" : "s"}`);
        if (errorsIn(outcome.problems).length > 0 || outcome.plan === undefined)
          return { written: false, message: "", details: [], problems: outcome.problems, status: campaignStatus(readCampaign(raw)) };
        options.onStep?.("writing");
        const after = applyEdits(raw, outcome.edits);
        queueEdits(context, raw, outcome.edits);
        for (const step of worksheetSteps(context, after, outcome.plan)) step.queue();
        queueLedgerAndShow(context, after, outcome.plan, true);
        await context.sync();
        return {
          written: true,
          message,
          details,
          problems: outcome.problems,
          status: campaignStatus(readCampaign(afterCenturyEnd(after, outcome.plan, true))),
        };
      },
      options,
    ),
  );
}

export interface PacketInExcel extends PacketOutcome {
  /** whether every sheet of the packet was written */
  readonly written: boolean;
  readonly status: CampaignStatus;
}

/**
 * The session packet's sheets (the Earth Summary), each written anew: two reads, then one write
 * for most campaigns (more, each under Excel's budget, for a very large one). The Ledger is
 * left alone: the packet pays nobody. The packet's first sheet is shown.
 */
export async function writePacket(run: ExcelRun, options: ActionOptions = {}): Promise<PacketInExcel> {
  return exclusive("writing the session packet", () =>
    withRetry(
      run,
      async (context) => {
        options.onStep?.("reading");
        const raw = await readWorkbook(context);
        const read = readCampaign(raw);
        const outcome = planPacket(read);
        const first = outcome.sheets[0];
        if (errorsIn(outcome.problems).length > 0 || first === undefined) return { ...outcome, written: false, status: campaignStatus(read) };
        options.onStep?.("writing");
        const groups = requests(worksheetSteps(context, raw, outcome));
        for (const [i, group] of groups.entries()) {
          for (const step of group) step.queue();
          if (i === groups.length - 1) break;
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per group of steps under Excel's 1 MB budget (one for most campaigns), never one per item
          await context.sync();
        }
        context.workbook.worksheets.getItem(first.name).activate();
        await context.sync();
        return { ...outcome, written: true, status: campaignStatus(readCampaign(afterSheets(raw, outcome.sheets))) };
      },
      options,
    ),
  );
}

/** Reads the campaign for the pane: two round trips, nothing written. */
export async function readStatus(run: ExcelRun, options: ActionOptions = {}): Promise<CampaignStatus> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      return campaignStatus(readCampaign(await readWorkbook(context)));
    },
    options,
  );
}

/** Adds every missing input table, each as an Excel table with its headers on a sheet of its own. */
export function createMissingTables(run: ExcelRun, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (read) => planMissingTables(read.raw), options);
}

/** Adds deaths for the century in play to the Deaths table (creating it when there is none). */
export function recordDeaths(run: ExcelRun, entry: DeathEntry, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (read) => planDeaths(read.campaign, read.problems, entry), options);
}

export function applyCult(run: ExcelRun, race: string, deity: string, points: number, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (read) => planCult(read.campaign, race, deity, points), options);
}

export function obliterateGod(run: ExcelRun, god: string, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (read) => planObliterate(read.campaign, god), options);
}

export function setTurmoil(run: ExcelRun, race: string, inTurmoil: boolean, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (read) => planTurmoil(read.campaign, race, inTurmoil), options);
}

// ---- Between sessions ------------------------------------------------------------------------

/** What each character holds at the end of a session: the Sessions table's rows and the Gods table's Mana column. */
export function recordSessionEnd(run: ExcelRun, order: SessionOrder, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (read) => planSessionEnd(read.raw, read.campaign, order), options);
}

export interface CardsOutcome extends EditOutcome {
  /** the multipliers before and after, and the latest paid century counted again; undefined when refused */
  readonly preview?: CardsPreview;
}

/** Sphere cards bought or given up: previewed (dryRun), or the Cards table changed. */
export async function changeCards(run: ExcelRun, order: CardsOrder, options: ActionOptions & { readonly dryRun?: boolean } = {}): Promise<CardsOutcome> {
  let preview: CardsPreview | undefined;
  const outcome = await runEdits(
    run,
    (read) => {
      const p = planCards(read, order);
      preview = p.preview;
      return p;
    },
    options,
    options.dryRun !== true,
  );
  return { ...outcome, ...(preview === undefined ? {} : { preview }) };
}

// ---- The referee's actions -------------------------------------------------------------------

export interface RefereeActionOptions extends ActionOptions {
  /** plan and hand back the preview, but write nothing: what the pane shows before the gamemaster confirms */
  readonly dryRun?: boolean;
}

export interface RefereeOutcome extends EditOutcome {
  /** what the action writes (or, on a dry run or when refused, would write) */
  readonly preview: RefereePreview;
}

/** One referee action: one read, the plan, and (unless a dry run) one write. */
async function runReferee(run: ExcelRun, plan: (read: Read) => RefereePlan, options: RefereeActionOptions): Promise<RefereeOutcome> {
  let preview: RefereePreview | undefined;
  const outcome = await runEdits(
    run,
    (read) => {
      const p = plan(read);
      preview = p.preview;
      return p;
    },
    options,
    options.dryRun !== true,
  );
  return { ...outcome, preview: preview as RefereePreview };
}

/** A war between two races (docs/rules/07-war.md): the war deaths written for the century in play, and their Units lowered. */
export function runWar(run: ExcelRun, order: WarOrder, options: RefereeActionOptions = {}): Promise<RefereeOutcome> {
  return runReferee(run, (read) => planWar(read.campaign, read.problems, order), options);
}

/** A disaster or global power striking races (docs/rules/08-disasters-resistances.md): the deaths after resistances written, Units lowered. */
export function runDisaster(run: ExcelRun, order: DisasterOrder, options: RefereeActionOptions = {}): Promise<RefereeOutcome> {
  return runReferee(run, (read) => planDisaster(read.campaign, read.problems, order), options);
}

/** The growth at the start of the century in play (docs/rules/04-population.md, 05-growth.md): new Units, starvation where a Limit is given. */
export function runGrowth(run: ExcelRun, options: RefereeActionOptions = {}): Promise<RefereeOutcome> {
  return runReferee(run, (read) => planGrowth(read.campaign, read.problems), options);
}

/** Checks a proposed pantheon against the race's pantheon in the workbook now; writes nothing. */
export async function checkPantheonChange(
  run: ExcelRun,
  race: string,
  proposed: readonly ProposedShare[],
  options: ActionOptions = {},
): Promise<ChangeVerdict & { readonly status: CampaignStatus }> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const read = readCampaign(await readWorkbook(context));
      return { ...checkChange(read.campaign, race, proposed), status: campaignStatus(read) };
    },
    options,
  );
}

/** Selects a cell (say, the one a problem points at), showing its sheet: one round trip. */
export async function selectCell(run: ExcelRun, address: string, options: ActionOptions = {}): Promise<void> {
  const { sheet, cell } = splitAddress(address);
  await withRetry(
    run,
    async (context) => {
      context.workbook.worksheets.getItem(sheet).getRange(cell).select();
      await context.sync();
    },
    options,
  );
}
