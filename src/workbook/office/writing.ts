/**
 * Every action of the pane's first screen that plans and writes: the century end and the
 * worksheets, the credits of the mana book, the set-up and the deaths. One file, loaded the first
 * time one of them is used (index.ts), with the journal and the writing of sheets they share.
 */
export { correctBook, creditEraEnd, creditEvent, debitAccount, endCentury, regenerateWorksheets, undoLatestCredit } from "./actions";
export { createMissingTables, recordDeaths } from "./tools";
