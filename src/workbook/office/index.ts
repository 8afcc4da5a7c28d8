/** What the task pane and the ribbon use of the Office.js adapter: the actions inside Excel. */
export {
  correctBook,
  creditEraEnd,
  creditEvent,
  debitAccount,
  endCentury,
  excelRun,
  followChanges,
  isSettled,
  newOperationId,
  type JournalOptions,
  type Settled,
  regenerateWorksheets,
  undoLatestCredit,
  type ActionOptions,
  type ActionStep,
  type CenturyEndInExcel,
  type CreditInExcel,
} from "./actions";
export { putBookRight, settlePaidTwice, settleStopped } from "./settle";
export { createMissingTables, readStatus, recordDeaths, selectCell, type EditOutcome } from "./tools";
// The referee's tools (./referee) and those between sessions (./between) are loaded on first use:
// the pane imports them with import(), so they stay out of its first load.
export type { CardsOutcome, PacketInExcel } from "./between";
export type { RefereeOutcome } from "./referee";
export type { AdoptionInExcel } from "./adopt";
