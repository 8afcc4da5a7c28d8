/** The set-up card: the campaign's missing tables added, or the example campaign opened. */
import { excelRun, createMissingTables } from "../../workbook/office";
import { byId } from "../dom";
import { showMessage } from "../render";
import { act, showOutcome, write } from "../state";

/** The example campaign as an .xlsx file in base64, made at build time (see webpack.config.js). */
declare const EXAMPLE_WORKBOOK_BASE64: string;

export function wireSetup(): void {
  const target = byId("setup-result");
  byId("create-tables").addEventListener("click", () => {
    void write(target, { reading: "Looking for the campaign tables…", writing: "Adding the missing tables…" }, "setup", async (options) => {
      showOutcome(target, await createMissingTables(excelRun, options));
    });
  });
  byId("open-example").addEventListener("click", () => {
    void act(target, { reading: "Opening the example campaign…", writing: "Opening the example campaign…" }, async () => {
      await Excel.createWorkbook(EXAMPLE_WORKBOOK_BASE64);
      showMessage(target, "done", "The example campaign opened in a new workbook. To use it, click Gamemaster on the Home tab of that workbook.", [
        "Nothing in this workbook changed.",
        "No new workbook? Your browser may have blocked it as a pop-up: allow pop-ups for Excel and try again.",
        "On a Mac, Excel may open it behind this window: look for it in the Window menu.",
      ]);
    });
  });
}
