/**
 * The task pane's tools inside Excel besides the century end: the campaign's status, set-up,
 * deaths, the pantheon tools, and the referee's war, disaster and growth. Each reads the campaign
 * once, plans with the same code the command line uses, writes in one more round trip, and hands
 * back the status after.
 */
import { splitAddress } from "../model/address";
import { errorsIn, tableError, WORKBOOK, type Problem } from "../model/problems";
import type { RawWorkbook } from "../model/raw";
import { applyEdits, type EditPlan } from "../plan/edits";
import { bookWrite, editItems } from "../plan/commit";
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
import { exclusive, settledBy, withRetry, type ActionOptions, type ExcelRun, type JournalOptions, type Outcome, type Settled } from "./actions";
import { journaled, type JournalWrite } from "./journal";
import { readWorkbook } from "./read";

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

/** A tool's action in the journal: its name, and what it does in words that begin a sentence. */
interface ToolAction {
  readonly action: string;
  readonly words: string;
}

/** The journal's refusal as an outcome: nothing written, and why. */
function refusedOutcome(raw: RawWorkbook, message: string): EditOutcome {
  return { written: false, message: "", details: [], problems: [tableError(WORKBOOK, message)], status: campaignStatus(readCampaign(raw)) };
}

async function runEdits(
  run: ExcelRun,
  tool: ToolAction,
  plan: (read: Read) => EditPlan,
  options: ActionOptions & JournalOptions = {},
  write = true,
): Promise<EditOutcome | Settled> {
  return exclusive("a change to the tables", async () => {
    const result = await journaled(run, options, (raw) => {
      const read = { raw, ...readCampaign(raw) };
      const p = plan(read);
      const done = { message: p.message, details: p.details ?? [], problems: p.problems, read, edits: p.edits };
      if (errorsIn(p.problems).length > 0 || p.edits.length === 0 || !write) return { outcome: done };
      const journal: JournalWrite = { ...tool, done: p.message.replace(/\.$/, ""), items: editItems(raw, p.edits) };
      return { outcome: done, write: journal };
    });
    const settled = settledBy(result);
    if (settled !== undefined) return settled;
    if (result.kind === "already" || result.kind === "finished") throw new Error("settled above");
    if (result.kind === "refused") return refusedOutcome(result.raw, result.message);
    const { read, edits, ...done } = result.outcome;
    if (result.kind === "planned") return { ...done, written: false, status: campaignStatus(read) };
    return { ...done, written: true, status: campaignStatus(readCampaign(applyEdits(result.raw, edits))) };
  });
}

/**
 * A character renamed in every column that names one (schema CHARACTER_COLUMNS) with its account sealed anew
 * under the new name: one operation, the cells, the book's sheets and the seal together.
 */
export async function renameEverywhere<O extends ActionOptions & JournalOptions = ActionOptions>(
  run: ExcelRun,
  from: string,
  to: string,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return exclusive("renaming a god", async (): Promise<EditOutcome | Settled> => {
    const result = await journaled(run, options ?? {}, (raw) => {
      const outcome = planRename(raw, from, to);
      if (errorsIn(outcome.problems).length > 0 || outcome.plan === undefined) return { outcome: { outcome, raw } };
      const after = applyEdits(raw, outcome.edits);
      const book = bookWrite(after, outcome.plan);
      const write: JournalWrite = {
        action: "rename",
        words: `renaming ${outcome.from} to ${outcome.to}`,
        done: `"${outcome.from}" renamed "${outcome.to}" everywhere`,
        sheets: book.sheets,
        items: [...editItems(raw, outcome.edits), ...book.items],
      };
      return { outcome: { outcome, raw }, write };
    });
    const settled = settledBy(result);
    if (settled !== undefined) return settled;
    if (result.kind === "already" || result.kind === "finished") throw new Error("settled above");
    if (result.kind === "refused") return refusedOutcome(result.raw, result.message);
    const { outcome, raw } = result.outcome;
    if (result.kind === "planned" || outcome.plan === undefined)
      return { written: false, message: "", details: [], problems: outcome.problems, status: campaignStatus(readCampaign(raw)) };
    const after = applyEdits(result.raw, outcome.edits);
    return {
      written: true,
      message: `"${outcome.from}" is now "${outcome.to}" everywhere; its account and what it carries go with it.`,
      details: outcome.changed.map((c) => `${c.table}: ${c.rows} row${c.rows === 1 ? "" : "s"}`),
      problems: outcome.problems,
      status: campaignStatus(readCampaign(afterCenturyEnd(after, outcome.plan, true))),
    };
  }) as Promise<Outcome<EditOutcome, O>>;
}

export interface PacketInExcel extends PacketOutcome {
  /** whether every sheet of the packet was written */
  readonly written: boolean;
  readonly status: CampaignStatus;
}

/**
 * The session packet's sheets, each written anew: two reads, then one write for most campaigns
 * (more, each under Excel's budget, for a very large one). The Ledger is left alone: the packet
 * pays nobody. The packet's first sheet is shown.
 */
export async function writePacket<O extends ActionOptions & JournalOptions = ActionOptions>(run: ExcelRun, options?: O): Promise<Outcome<PacketInExcel, O>> {
  return exclusive("writing the session packet", async (): Promise<PacketInExcel | Settled> => {
    const result = await journaled(run, options ?? {}, (raw) => {
      const read = readCampaign(raw);
      const outcome = planPacket(read);
      const first = outcome.sheets[0];
      if (errorsIn(outcome.problems).length > 0 || first === undefined) return { outcome: { outcome, read } };
      const write: JournalWrite = {
        action: "packet",
        words: "writing the session packet",
        done: `the session packet written (${outcome.sheets.map((s) => s.name).join(", ")})`,
        sheets: outcome.sheets,
        show: first.name,
      };
      return { outcome: { outcome, read }, write };
    });
    const settled = settledBy(result);
    if (settled !== undefined) return settled;
    if (result.kind === "already" || result.kind === "finished") throw new Error("settled above");
    const { outcome, read } = result.outcome;
    if (result.kind === "refused")
      return { ...outcome, problems: [tableError(WORKBOOK, result.message)], written: false, status: campaignStatus(readCampaign(result.raw)) };
    if (result.kind === "planned") return { ...outcome, written: false, status: campaignStatus(read) };
    return { ...outcome, written: true, status: campaignStatus(readCampaign(afterSheets(result.raw, outcome.sheets))) };
  }) as Promise<Outcome<PacketInExcel, O>>;
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
export function createMissingTables<O extends ActionOptions & JournalOptions = ActionOptions>(run: ExcelRun, options?: O): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "setup", words: "adding the missing tables" }, (read) => planMissingTables(read.raw), options) as Promise<
    Outcome<EditOutcome, O>
  >;
}

/** Adds deaths for the century in play to the Deaths table (creating it when there is none). */
export function recordDeaths<O extends ActionOptions & JournalOptions = ActionOptions>(
  run: ExcelRun,
  entry: DeathEntry,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "deaths", words: "recording deaths" }, (read) => planDeaths(read.campaign, read.problems, entry), options) as Promise<
    Outcome<EditOutcome, O>
  >;
}

export function applyCult<O extends ActionOptions & JournalOptions = ActionOptions>(
  run: ExcelRun,
  race: string,
  deity: string,
  points: number,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(
    run,
    { action: "cult", words: `the cult of ${deity} among the ${race}` },
    (read) => planCult(read.campaign, race, deity, points),
    options,
  ) as Promise<Outcome<EditOutcome, O>>;
}

export function obliterateGod<O extends ActionOptions & JournalOptions = ActionOptions>(
  run: ExcelRun,
  god: string,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "obliterate", words: `the obliteration of ${god}` }, (read) => planObliterate(read.campaign, god), options) as Promise<
    Outcome<EditOutcome, O>
  >;
}

export function setTurmoil<O extends ActionOptions & JournalOptions = ActionOptions>(
  run: ExcelRun,
  race: string,
  inTurmoil: boolean,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(
    run,
    { action: "turmoil", words: `marking the ${race} ${inTurmoil ? "in" : "out of"} religious turmoil` },
    (read) => planTurmoil(read.campaign, race, inTurmoil),
    options,
  ) as Promise<Outcome<EditOutcome, O>>;
}

// ---- Between sessions ------------------------------------------------------------------------

/** What each character holds at the end of a session: the Sessions table's rows and the Gods table's Mana column. */
export function recordSessionEnd<O extends ActionOptions & JournalOptions = ActionOptions>(
  run: ExcelRun,
  order: SessionOrder,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(
    run,
    { action: "session-end", words: "recording the session's end" },
    (read) => planSessionEnd(read.raw, read.campaign, order),
    options,
  ) as Promise<Outcome<EditOutcome, O>>;
}

export interface CardsOutcome extends EditOutcome {
  /** the multipliers before and after, and the latest paid century counted again; undefined when refused */
  readonly preview?: CardsPreview;
}

/** Sphere cards bought or given up: previewed (dryRun), or the Cards table changed. */
export async function changeCards<O extends ActionOptions & JournalOptions & { readonly dryRun?: boolean } = ActionOptions>(
  run: ExcelRun,
  order: CardsOrder,
  options?: O,
): Promise<Outcome<CardsOutcome, O>> {
  let preview: CardsPreview | undefined;
  const outcome = await runEdits(
    run,
    { action: "cards", words: `the cards of ${order.god} in ${order.sphere}` },
    (read) => {
      const p = planCards(read, order);
      preview = p.preview;
      return p;
    },
    options ?? {},
    options?.dryRun !== true,
  );
  if ("settled" in outcome) return outcome as Outcome<CardsOutcome, O>;
  return { ...outcome, ...(preview === undefined ? {} : { preview }) };
}

// ---- The referee's actions -------------------------------------------------------------------

export interface RefereeActionOptions extends ActionOptions, JournalOptions {
  /** plan and hand back the preview, but write nothing: what the pane shows before the gamemaster confirms */
  readonly dryRun?: boolean;
}

export interface RefereeOutcome extends EditOutcome {
  /** what the action writes (or, on a dry run or when refused, would write) */
  readonly preview: RefereePreview;
}

/** One referee action: one read, the plan, and (unless a dry run) one write. */
async function runReferee(
  run: ExcelRun,
  tool: ToolAction,
  plan: (read: Read) => RefereePlan,
  options: RefereeActionOptions,
): Promise<RefereeOutcome | Settled> {
  let preview: RefereePreview | undefined;
  const outcome = await runEdits(
    run,
    tool,
    (read) => {
      const p = plan(read);
      preview = p.preview;
      return p;
    },
    options,
    options.dryRun !== true,
  );
  if ("settled" in outcome) return outcome;
  return { ...outcome, preview: preview as RefereePreview };
}

/** A war between two races (docs/rules/07-war.md): the war deaths written for the century in play, and their Units lowered. */
export function runWar<O extends RefereeActionOptions = RefereeActionOptions>(
  run: ExcelRun,
  order: WarOrder,
  options?: O,
): Promise<Outcome<RefereeOutcome, O>> {
  return runReferee(run, { action: "war", words: "the war" }, (read) => planWar(read.campaign, read.problems, order), options ?? {}) as Promise<
    Outcome<RefereeOutcome, O>
  >;
}

/** A disaster or global power striking races (docs/rules/08-disasters-resistances.md): the deaths after resistances written, Units lowered. */
export function runDisaster<O extends RefereeActionOptions = RefereeActionOptions>(
  run: ExcelRun,
  order: DisasterOrder,
  options?: O,
): Promise<Outcome<RefereeOutcome, O>> {
  return runReferee(run, { action: "disaster", words: "the disaster" }, (read) => planDisaster(read.campaign, read.problems, order), options ?? {}) as Promise<
    Outcome<RefereeOutcome, O>
  >;
}

/** The growth at the start of the century in play (docs/rules/04-population.md, 05-growth.md): new Units, starvation where a Limit is given. */
export function runGrowth<O extends RefereeActionOptions = RefereeActionOptions>(run: ExcelRun, options?: O): Promise<Outcome<RefereeOutcome, O>> {
  return runReferee(run, { action: "growth", words: "the growth of the races" }, (read) => planGrowth(read.campaign, read.problems), options ?? {}) as Promise<
    Outcome<RefereeOutcome, O>
  >;
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
