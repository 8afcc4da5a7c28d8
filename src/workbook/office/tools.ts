/**
 * The task pane's everyday tools inside Excel besides the century end: the campaign's status,
 * set-up and deaths, and the way every tool writes its table edits (runEdits). Each reads the
 * campaign once, plans with the same code the command line uses, writes in one more round trip,
 * and hands back the status after. The tools used less often are loaded on first use: the
 * referee's (referee.ts) and those between sessions (between.ts).
 */
import { errorsIn, tableError, WORKBOOK, type Problem } from "../model/problems";
import type { RawWorkbook } from "../model/raw";
import { applyEdits, type EditPlan } from "../plan/edits";
import { editItems } from "../plan/commit";
import { readCampaign, type CampaignRead } from "../read/campaign";
import { planDeaths, type DeathEntry } from "../actions/deaths";
import { planMissingTables } from "../actions/setup";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { exclusive, settledBy, type ActionOptions, type ExcelRun, type JournalOptions, type Outcome, type Settled } from "./actions";
import { journaled, type JournalWrite } from "./journal";
// The status and the selecting of a cell read only: they are in the pane's first load (status.ts).
export { readStatus, selectCell } from "./status";

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
export interface Read extends CampaignRead {
  readonly raw: RawWorkbook;
}

/** A tool's action in the journal: its name, and what it does in words that begin a sentence. */
export interface ToolAction {
  readonly action: string;
  readonly words: string;
}

/** The journal's refusal as an outcome: nothing written, and why. */
export function refusedOutcome(raw: RawWorkbook, message: string): EditOutcome {
  return { written: false, message: "", details: [], problems: [tableError(WORKBOOK, message)], status: campaignStatus(readCampaign(raw)) };
}

/**
 * A tool's action: one read, the plan, and (when it writes) one operation of the journal with
 * its table edits; handed back with the status after it.
 */
export function runEdits<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  tool: ToolAction,
  plan: (read: Read) => EditPlan,
  options?: O,
  write = true,
): Promise<Outcome<EditOutcome, O>> {
  return exclusive("a change to the tables", async (): Promise<EditOutcome | Settled> => {
    const result = await journaled(run, options ?? {}, (raw) => {
      const read = { raw, ...readCampaign(raw) };
      const p = plan(read);
      const done = { message: p.message, details: p.details ?? [], problems: p.problems, read, edits: p.edits };
      if (errorsIn(p.problems).length > 0 || p.edits.length === 0 || !write) return { outcome: done };
      const journal: JournalWrite = { ...tool, done: p.message.replace(/\.$/, ""), items: editItems(raw, p.edits) };
      return { outcome: done, write: journal };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    if (result.kind === "refused") return refusedOutcome(result.raw, result.message);
    const { read, edits, ...done } = result.outcome;
    if (result.kind === "planned") return { ...done, written: false, status: campaignStatus(read) };
    return { ...done, written: true, status: campaignStatus(readCampaign(applyEdits(result.raw, edits))) };
  }) as Promise<Outcome<EditOutcome, O>>;
}

/**
 * A tool whose plan carries a preview of what it writes: planned, written unless it is a dry run
 * (what the pane shows before the gamemaster confirms), and handed back with that preview.
 */
export async function runPreviewed<Plan extends EditPlan & { readonly preview?: unknown }, O extends JournalOptions & Previewing = ActionOptions>(
  run: ExcelRun,
  tool: ToolAction,
  plan: (read: Read) => Plan,
  options?: O,
): Promise<Outcome<EditOutcome & Pick<Plan, "preview">, O>> {
  let preview: Plan["preview"] | undefined;
  const outcome: EditOutcome | Settled = await runEdits(
    run,
    tool,
    (read) => {
      const p = plan(read);
      preview = p.preview;
      return p;
    },
    options,
    options?.dryRun !== true,
  );
  const previewed = "settled" in outcome ? outcome : { ...outcome, ...(preview === undefined ? {} : { preview }) };
  return previewed as Outcome<EditOutcome & Pick<Plan, "preview">, O>;
}

/** A tool that can show what it would write before writing it. */
export interface Previewing {
  /** plan and hand back the preview, but write nothing: what the pane shows before the gamemaster confirms */
  readonly dryRun?: boolean;
}

/** Adds every missing input table, each as an Excel table with its headers on a sheet of its own. */
export function createMissingTables<O extends JournalOptions = ActionOptions>(run: ExcelRun, options?: O): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "setup", words: "adding the missing tables" }, (read) => planMissingTables(read.raw), options);
}

/** Adds deaths for the century in play to the Deaths table (creating it when there is none). */
export function recordDeaths<O extends JournalOptions = ActionOptions>(run: ExcelRun, entry: DeathEntry, options?: O): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "deaths", words: "recording deaths" }, (read) => planDeaths(read.campaign, read.problems, entry), options);
}
