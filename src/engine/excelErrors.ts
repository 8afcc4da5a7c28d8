/**
 * The error values a spreadsheet cell can show, in one list for every layer: the functions
 * return them, the readers recognise them in cells ("Error values in Excel" in Microsoft's
 * documentation, with the newer #SPILL!, #CALC!, #FIELD!, #BLOCKED!, #CONNECT!, #BUSY! and
 * #UNKNOWN!).
 */
export const EXCEL_ERRORS = [
  "#VALUE!",
  "#N/A",
  "#DIV/0!",
  "#NUM!",
  "#REF!",
  "#NAME?",
  "#NULL!",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
  "#FIELD!",
  "#BLOCKED!",
  "#CONNECT!",
  "#BUSY!",
  "#UNKNOWN!",
] as const;

export type ExcelError = (typeof EXCEL_ERRORS)[number];

/** Whether a cell's text is one of the error values (as Office.js hands them over, as text). */
export function isExcelError(text: string): text is ExcelError {
  return (EXCEL_ERRORS as readonly string[]).includes(text);
}
