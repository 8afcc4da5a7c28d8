/**
 * The task pane's workbook actions besides the century end. Each is one Excel.run that reads
 * every input table (two round trips), works out the change with the same code the command line
 * could use, and writes it all in one more round trip; each hands back the campaign's status
 * after the change, worked out without reading again.
 */
import { planDeaths, type DeathEntry } from "../deaths";
import { applyEdits, type EditPlan } from "../edits";
import { checkChange, planCult, planObliterate, planTurmoil, type ChangeVerdict, type ProposedShare } from "../pantheonTools";
import { errorsIn, type Problem } from "../problems";
import type { RawWorkbook } from "../raw";
import { planMissingTables } from "../setup";
import { campaignStatus, type CampaignStatus } from "../status";
import { withRetry, type ActionOptions, type ExcelRun } from "./actions";
import { queueEdits } from "./edits";
import { readWorkbook } from "./excel";

export interface EditOutcome {
  readonly written: boolean;
  /** what was done, in a sentence; empty when bad input stopped the action */
  readonly message: string;
  readonly details: readonly string[];
  /** why nothing was written, each naming the table (and row and column when it can) */
  readonly problems: readonly Problem[];
  readonly status: CampaignStatus;
}

async function runEdits(run: ExcelRun, plan: (raw: RawWorkbook) => EditPlan, options: ActionOptions = {}): Promise<EditOutcome> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const raw = await readWorkbook(context);
      const p = plan(raw);
      const done = { message: p.message, details: p.details ?? [], problems: p.problems };
      if (errorsIn(p.problems).length > 0 || p.edits.length === 0) return { ...done, written: false, status: campaignStatus(raw) };
      options.onStep?.("writing");
      queueEdits(context, raw, p.edits);
      await context.sync();
      return { ...done, written: true, status: campaignStatus(applyEdits(raw, p.edits)) };
    },
    options,
  );
}

/** Reads the campaign for the pane: two round trips, nothing written. */
export async function readStatus(run: ExcelRun, options: ActionOptions = {}): Promise<CampaignStatus> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      return campaignStatus(await readWorkbook(context));
    },
    options,
  );
}

/** Adds every missing input table, each as an Excel table with its headers on a sheet of its own. */
export function createMissingTables(run: ExcelRun, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, planMissingTables, options);
}

/** Adds deaths for the century in play to the Deaths table (creating it when there is none). */
export function recordDeaths(run: ExcelRun, entry: DeathEntry, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (raw) => planDeaths(raw, entry), options);
}

export function applyCult(run: ExcelRun, race: string, deity: string, points: number, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (raw) => planCult(raw, race, deity, points), options);
}

export function obliterateGod(run: ExcelRun, god: string, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (raw) => planObliterate(raw, god), options);
}

export function setTurmoil(run: ExcelRun, race: string, inTurmoil: boolean, options?: ActionOptions): Promise<EditOutcome> {
  return runEdits(run, (raw) => planTurmoil(raw, race, inTurmoil), options);
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
      const raw = await readWorkbook(context);
      return { ...checkChange(raw, race, proposed), status: campaignStatus(raw) };
    },
    options,
  );
}

/** Splits "Pantheon!C5" or "'C1 Mana'!B3" into the sheet's name and the cell. */
export function splitAddress(address: string): { sheet: string; cell: string } {
  const bang = address.lastIndexOf("!");
  const sheet = address.slice(0, bang);
  return { sheet: /^'.*'$/.test(sheet) ? sheet.slice(1, -1).replace(/''/g, "'") : sheet, cell: address.slice(bang + 1) };
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
