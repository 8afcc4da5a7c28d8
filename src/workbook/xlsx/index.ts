/** What the command line uses of the .xlsx adapter: opening, reading and saving a file's package, and writing a plan into it. */
export { writeTableEdits } from "./package/edits";
export { readHandSheets, readPackage } from "./package/read";
export { writePlan, writeSheets } from "./package/write";
export { FileProblem, openPackage, type Package } from "./package/zip";
export { savePackage } from "./package/zipSave";
export { putBookRightInPackage, recoverPackage, recoveryLines, removeRecordsInPackage, setAsideInPackage, setAsideLines } from "./recover";
export { manaMoveWords, recoveryBoxLines, recoveryMoves, setOpenAsideInPackage, typedRowsProblem, type FinishChoice } from "./recover";
export { moveSheetsToEnd, keepOnlySheets } from "./package/sheetList";
export type { DamagedRecord, OpenOperation } from "../model/raw";
