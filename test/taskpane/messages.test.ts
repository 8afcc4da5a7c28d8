/** The pane's words for errors: a sentence a gamemaster can act on, never an exception's text. */
import { RuleError } from "../../src/engine/errors";
import { plainError } from "../../src/taskpane/failures";
import { waitingText } from "../../src/taskpane/messages";

describe("plainError", () => {
  test("Office.js errors a gamemaster can act on get their own sentence", () => {
    const office = (code: string) => Object.assign(new Error(`RichApi.Error ${code} at processRequest`), { code });
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
});

test("while a cell is being edited, the progress line says what to do", () => {
  expect(waitingText(3)).toMatch(/Press Enter or Esc in the sheet; trying again \(3\)…$/);
});
