/** The pane's words for errors: a sentence a gamemaster can act on, never an exception's text. */
import { RuleError } from "../../src/engine/errors";
import { plainError } from "../../src/taskpane/failures";
import { waitingText } from "../../src/taskpane/messages";

const office = (code: string) => Object.assign(new Error(`RichApi.Error ${code} at processRequest`), { code });

describe("plainError", () => {
  test("Office.js errors a gamemaster can act on get their own sentence", () => {
    expect(plainError(office("InvalidOperationInCellEditMode"))).toMatch(/^Excel is still waiting for you to finish editing a cell\. Press Enter/);
    expect(plainError(office("AccessDenied"))).toMatch(/protected/);
    expect(plainError(office("ItemNotFound"))).toMatch(/renamed or deleted/);
    // Excel's codes for a shared workbook, merged or filtered cells, a full sheet, a large answer.
    expect(plainError(office("Conflict"))).toMatch(/^Someone else changed the same cells at the same moment/);
    expect(plainError(office("MergedRangeConflict"))).toMatch(/Unmerge the cells/);
    expect(plainError(office("FilteredRangeConflict"))).toMatch(/Clear the filters/);
    expect(plainError(office("NonBlankCellOffSheet"))).toMatch(/very bottom or right edge/);
    expect(plainError(office("InactiveWorkbook"))).toMatch(/Click inside the campaign's workbook/);
    expect(plainError(office("ResponsePayloadSizeLimitExceeded"))).toMatch(/answer was too large/);
    for (const code of ["Conflict", "MergedRangeConflict", "FilteredRangeConflict", "NonBlankCellOffSheet", "InactiveWorkbook"]) {
      expect(plainError(office(code))).not.toMatch(/^Something went wrong/);
    }
  });

  test("the engine's messages are shown as they are; anything else gets the general sentence", () => {
    expect(plainError(new RuleError("The shares add up to 90; they must add up to 100."))).toBe("The shares add up to 90; they must add up to 100.");
    for (const e of [
      new TypeError("Cannot read properties of undefined (reading 'values')"),
      Object.assign(new Error("x"), { code: "SomethingNew" }),
      "boom",
      null,
    ]) {
      const text = plainError(e);
      expect(text).toMatch(/^Something went wrong and the action did not finish\./);
      expect(text).not.toMatch(/undefined|boom|SomethingNew/);
    }
  });

  test("a failure names the sheets the action was writing, once, before the button to press again", () => {
    const sheets = "C1 Death Worksheet, C1 Century-End Worksheet, C1 Mana and the Ledger";
    expect(plainError(new TypeError("x"), "End century 1…", sheets)).toBe(
      `Something went wrong and the action did not finish. Check ${sheets}, then try again; if it happens again, save, close and reopen the workbook. Then press “End century 1…” again.`,
    );
    expect(plainError(office("AccessDenied"), "End century 1…", sheets)).toBe(
      `Excel refused the change: a sheet or the workbook is protected, or the file is open read-only. Unprotect it (Review › Unprotect Sheet). It was writing ${sheets}. Then press “End century 1…” again.`,
    );
    expect(plainError(office("GeneralException"), undefined, sheets)).toMatch(
      new RegExp(`^Excel could not finish the change\\. Check ${sheets}, then try again;`),
    );
    // Without the sheets, the sentence is as before.
    expect(plainError(office("GeneralException"))).toMatch(/Check the sheets it was changing/);
  });
});

test("while a cell is being edited, the progress line says what to do", () => {
  expect(waitingText(3)).toMatch(/Press Enter or Esc in the sheet; trying again \(3\)…$/);
});
