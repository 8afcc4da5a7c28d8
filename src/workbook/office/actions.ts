/**
 * Workbook actions inside Excel, shared by the task pane and the ribbon command. Each is one
 * Excel.run: read, compute with the same code as the command line, write.
 */
import { planCenturyEnd, type CenturyEndOutcome } from "../centuryEnd";
import { errorsIn } from "../problems";
import { afterCenturyEnd, campaignStatus, type CampaignStatus } from "../status";
import { queuePlan, readWorkbook } from "./excel";

/** Runs a batch against the workbook (Excel.run inside Excel; a stand-in in tests). */
export type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

export const excelRun: ExcelRun = (batch) => Excel.run(batch);

export interface RetryOptions {
  readonly attempts?: number;
  readonly delayMs?: number;
  /** told when Excel is busy because the user is editing a cell */
  readonly onWait?: (attempt: number) => void;
}

function isCellEditing(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "InvalidOperationInCellEditMode";
}

/** What an action is doing, for a progress line: reading the tables, or writing the changes. */
export type ActionStep = "reading" | "writing";

export interface ActionOptions extends RetryOptions {
  readonly onStep?: (step: ActionStep) => void;
}

/** Excel refuses API calls while a cell is being edited: wait and try again instead of failing. */
export async function withRetry<T>(run: ExcelRun, batch: (context: Excel.RequestContext) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 20;
  const delay = options.delayMs ?? 1500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(batch);
    } catch (e) {
      if (!isCellEditing(e) || attempt >= attempts) throw e;
      options.onWait?.(attempt);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export interface CenturyEndInExcel extends CenturyEndOutcome {
  readonly written: boolean;
  /** the campaign once the century end is written (or as it is, when nothing was) */
  readonly status: CampaignStatus;
}

/**
 * Plans a century end and writes it: the worksheets, and the Ledger unless `ledger` is false.
 * Three round trips: two to read, one to write.
 */
async function centuryEnd(run: ExcelRun, century: number | undefined, ledger: boolean, options: ActionOptions = {}): Promise<CenturyEndInExcel> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const raw = await readWorkbook(context);
      const outcome = planCenturyEnd(raw, century);
      if (errorsIn(outcome.problems).length > 0 || outcome.plan === undefined) return { ...outcome, written: false, status: campaignStatus(raw) };
      options.onStep?.("writing");
      queuePlan(context, raw, outcome.plan, { ledger });
      await context.sync();
      return { ...outcome, written: true, status: campaignStatus(afterCenturyEnd(raw, outcome.plan, ledger)) };
    },
    options,
  );
}

/** The one-click century end; `century` defaults to the one after the Ledger's latest. */
export async function endCentury(run: ExcelRun, century?: number, options?: ActionOptions): Promise<CenturyEndInExcel> {
  return centuryEnd(run, century, true, options);
}

/**
 * Writes a century's Death Worksheet, Century-End Worksheet and mana calculation without paying
 * anyone: the Ledger is left as it is. For a look at the century in play before it ends, or to
 * redraw the sheets of the latest century.
 */
export async function regenerateWorksheets(run: ExcelRun, century?: number, options?: ActionOptions): Promise<CenturyEndInExcel> {
  return centuryEnd(run, century, false, options);
}
