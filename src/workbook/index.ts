/**
 * What the command line and the task pane use of the workbook code, whichever adapter carries
 * it out: reading a campaign, each action's planner, the status, and the words of a problem.
 * They import this (and their own adapter's index), never a module inside the layers.
 */
export { describeProblem, errorsIn, payWarningsIn, tableError, warningsIn, WORKBOOK, type Problem } from "./model/problems";
export { shownList, shownName } from "./model/shown";
export { damagedWords, openActionProblems, TOO_LARGE_WAY } from "./read/journal";
export type { RawWorkbook } from "./model/raw";
export type { DamagedRecord } from "./model/raw";
export type { CampaignRead } from "./read/campaign";
export { LEDGER, RACES, sheetNames } from "./model/schema";
export { INPUT_TABLES } from "./model/schema";
export { BOOK_SHEETS } from "./model/schema";
export { readCampaign } from "./read/campaign";
export { damageIn } from "./read/damage";
export { eventOf } from "./read/credits";
export { applyEdits } from "./plan/edits";
export type { Payment, WorkbookPlan } from "./plan/types";
export { centuryEndOf, planCenturyEnd, type CenturyEndOutcome, type HandOut } from "./actions/centuryEnd";
export type { CreditOutcome } from "./actions/credit";
export { MAX_DEBIT, planDebit, type DebitOptions } from "./actions/debit";
export { planDisaster, type DisasterOrder } from "./actions/disaster";
export { planEraEnd, eraEndWords } from "./actions/eraEnd";
export { latestCentury, omegaEnd } from "./read/century";
export { MAX_TIMES, planEvent, type EventOptions } from "./actions/event";
export { planGrowth } from "./actions/growth";
export { planPacket, type PacketCharacter, type PacketOutcome } from "./actions/packet";
export { fittedToWidth, plannedPages } from "./plan/pages";
export type { RefereePlan, RefereePreview } from "./actions/referee";
export { planRename } from "./actions/rename";
export { planReseal } from "./actions/reseal";
export { planRestart, restartWhat } from "./actions/restart";
export { DEMONS } from "../engine/names";
export { planMissingTables } from "./actions/setup";
export type { CampaignStatus, RaceStatus } from "./actions/status";
export { planUndo } from "./actions/undo";
export { planWar, type WarOrder } from "./actions/war";
export { isDate, planSessionEnd, today, type SessionOrder, type SessionPlan } from "./actions/sessions";
export { cardsMessage, earnedLine, planCards, previewJson, type CardsOrder, type CardsPlan, type CardsPreview } from "./actions/cards";
export { ADOPTED, openingLine, openingWhat, planOpening, proposeAdoption, SOURCES_CHECKLIST, type Adoption, type AdoptOptions } from "./actions/adopt/plan";
export { openedSentence } from "./actions/adopt/plan";
export type { HandSheet, OpeningCarry, ReadAs, SheetMapping, Skipped, TableProposal, TableSource } from "./actions/adopt/types";
export { adoptionWords } from "./actions/adopt/words";
export { payWarning } from "./model/problems";
export { isUnopened } from "./model/schema";
