/** What the task pane and the ribbon use of the Office.js adapter: the actions inside Excel. */
import type * as Writing from "./writing";

// Reading the campaign and showing it is in the pane's first load (status.ts, run.ts).
export { excelRun, followChanges, type ActionOptions, type ActionStep } from "./run";
export { isSettled, newOperationId, readStatus, selectCell, type Settled } from "./status";
export type { JournalOptions } from "./journal";
export type { CenturyEndInExcel, CreditInExcel } from "./actions";
export type { EditOutcome } from "./tools";

// What plans and writes (the century end, the credits, the set-up and the deaths, with the
// journal that writes them) is loaded on the first press of one of its buttons, and kept: the
// same functions, each waiting for its file first.
let writing: Promise<typeof Writing> | undefined;
const loadWriting = (): Promise<typeof Writing> => (writing ??= import(/* webpackChunkName: "write" */ "./writing"));

/** The action `name` of writing.ts, with its own signature, loading the file on the first call. */
function loaded<K extends keyof typeof Writing>(name: K): (typeof Writing)[K] {
  const call = (...args: unknown[]): Promise<unknown> => loadWriting().then((m) => (m[name] as (...a: unknown[]) => Promise<unknown>)(...args));
  return call as (typeof Writing)[K];
}

export const correctBook = loaded("correctBook");
export const creditEraEnd = loaded("creditEraEnd");
export const creditEvent = loaded("creditEvent");
export const debitAccount = loaded("debitAccount");
export const endCentury = loaded("endCentury");
export const regenerateWorksheets = loaded("regenerateWorksheets");
export const undoLatestCredit = loaded("undoLatestCredit");
export const createMissingTables = loaded("createMissingTables");
export const recordDeaths = loaded("recordDeaths");

export { putBookRight, settleAllStopped, settlePaidTwice, settleStopped } from "./settle";
// The referee's tools (./referee) and those between sessions (./between) are loaded on first use:
// the pane imports them with import(), so they stay out of its first load.
export type { CardsOutcome, PacketInExcel } from "./between";
export type { RefereeOutcome } from "./referee";
export type { AdoptionInExcel } from "./adopt";
