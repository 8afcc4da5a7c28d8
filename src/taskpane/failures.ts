/**
 * The pane's sentences for a failure: Office.js error codes a gamemaster can act on, the
 * engine's own messages, and the general sentence for anything else; never an exception's text or
 * a stack. Loaded the first time something fails (messages.ts failureText).
 */
import { RuleError } from "../engine/errors";

/** Office.js error codes that a gamemaster can do something about. */
const BY_CODE: Readonly<Record<string, string>> = {
  InvalidOperationInCellEditMode: "Excel is still waiting for you to finish editing a cell. Press Enter (or Esc) in the sheet, then try again.",
  AccessDenied:
    "Excel refused the change: a sheet or the workbook is protected, or the file is open read-only. Unprotect it (Review › Unprotect Sheet), then try again.",
  ItemNotFound: "A sheet or table the add-in needed is gone: it was renamed or deleted meanwhile. Click “Check again” at the top of the pane, then retry.",
  ItemAlreadyExists: "A sheet or table already has a name the add-in wanted to use. Rename that sheet or table, then try again.",
  InsertDeleteConflict:
    "Excel could not add or remove rows here: another table, a filter or merged cells are in the way. Clear the filters on the campaign's tables and try again.",
  InvalidOperation: "Excel refused the change: a sheet may be protected, or a filter or merged cells may be in the way. Clear them and try again.",
  RequestPayloadSizeLimitExceeded: "The change is too large for Excel to take in one go. Save the workbook, close and reopen it, then try again.",
  ResponsePayloadSizeLimitExceeded:
    "Excel's answer was too large to send in one go: the campaign's tables are very long. Move the Deaths rows of centuries long paid to another sheet (not named Deaths), then try again.",
  InactiveWorkbook:
    "Excel could not reach the workbook: another workbook or window took the focus, or the workbook was closed. Click inside the campaign's workbook, then try again.",
  MergedRangeConflict:
    "Merged cells are in the way of what the add-in writes. Unmerge the cells in the campaign's tables and on the add-in's sheets, then try again.",
  FilteredRangeConflict: "A filter on one of the campaign's tables is in the way. Clear the filters (Data › Clear), then try again.",
  NonBlankCellOffSheet:
    "Excel could not add the rows: the sheet's last rows or columns hold something. Delete what is at the very bottom or right edge of the sheet, then try again.",
  Conflict:
    "Someone else changed the same cells at the same moment (the workbook is shared). Click “Check again” at the top of the pane, look at what changed, then try again.",
  ApiNotFound: "This version of Excel lacks a feature the add-in needs. Update Excel (Microsoft 365), then try again.",
  ApiNotAvailable: "This version of Excel lacks a feature the add-in needs. Update Excel (Microsoft 365), then try again.",
  GeneralException:
    "Excel could not finish the change. Check the sheets it was changing, then try again; if it happens again, save, close and reopen the workbook.",
};

const UNKNOWN =
  "Something went wrong and the action did not finish. Check the sheets it was changing, then try again; if it happens again, save, close and reopen the workbook.";

/**
 * An error as a sentence for the gamemaster: one cause and what to do, and with `button` (the
 * button that started the action) the button to press once it is done.
 */
export function plainError(e: unknown, button?: string, sheets?: string): string {
  const code = (e as { code?: unknown } | null)?.code;
  // The sheets it was changing, by name, when the action said which.
  const named = (text: string | undefined) => (sheets === undefined ? text : text?.replace("Check the sheets it was changing", `Check ${sheets}`));
  const cause = named(typeof code === "string" ? BY_CODE[code] : undefined);
  // The sheets it was writing are named once, before the button to press again.
  const where = (text: string) => (sheets === undefined || text.includes(sheets) ? "" : ` It was writing ${sheets}.`);
  const again = (text: string) =>
    button === undefined ? `${text}${where(text)}` : `${text.replace(/,? then (try again|retry)\.$/, ".")}${where(text)} Then press “${button}” again.`;
  if ((e as { plain?: unknown } | null)?.plain === true && e instanceof Error) {
    // Refused before anything was written: Excel's reason is the one cause. Otherwise the add-in's own words say what happened, Excel's reason after.
    if (cause !== undefined && e.message.startsWith("Nothing was written:")) return again(`Nothing was written: ${cause}`);
    return cause === undefined ? e.message : `${e.message} Why it stopped: ${cause}`;
  }
  if (cause !== undefined) return again(cause);
  // The engine's messages are written for gamemasters already.
  if (e instanceof RuleError) return e.message;
  return again(named(UNKNOWN) ?? UNKNOWN);
}
