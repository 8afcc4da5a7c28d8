/**
 * What the pane does inside Excel without writing: reads the campaign's status, selects a cell,
 * tells a click's answer settled by the journal from a fresh one, and names a new click. This is
 * all of the adapter the pane's first load holds; the actions that plan and write (actions.ts,
 * tools.ts, journal.ts) are loaded the first time one is used (index.ts).
 */
import { splitAddress } from "../model/address";
import { readCampaign } from "../read/campaign";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { withRetry, type ActionOptions, type ExcelRun } from "./run";
import { readWorkbook } from "./read";

/**
 * The same click again, settled by the journal: done already (nothing written now), or found
 * stopped part-way and finished (or taken back) now.
 */
export interface Settled {
  readonly settled: "already" | "finished" | "taken back" | "set aside";
  /** what happened, in a sentence for the gamemaster */
  readonly message: string;
  readonly status: CampaignStatus;
}

/**
 * What an action hands back: its outcome; and, only when the click's operation id is given (the
 * pane gives it, so that the same click again is recognised), perhaps the journal's word that
 * the click was settled already. Without an id every click is new, and never settled.
 */
export type Outcome<T, O> = O extends { readonly operation: string } ? T | Settled : T;

export function isSettled(outcome: object): outcome is Settled {
  return "settled" in outcome;
}

/** A new operation's id: one per click, kept by the pane for the same click tried again. */
export function newOperationId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
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
