/** The set-up card: the campaign's missing tables added, or the example campaign opened. */
import { excelRun, createMissingTables } from "../../workbook/office";
import { describeProblem } from "../../workbook/words";
import { ask, wireCancel } from "../confirm";
import { byId, el } from "../dom";
import { plural, showMessage, showProblems } from "../render";
import { act, goTo, show, showOutcome, showSettled, write } from "../state";
import { adoptCard, adoptTools, exampleWorkbook } from "../later";

export function wireSetup(): void {
  const target = byId("setup-result");
  byId("create-tables").addEventListener("click", () => {
    void write(target, { reading: "Looking for the campaign tables…", writing: "Adding the missing tables…" }, "setup", async (options) => {
      showOutcome(target, await createMissingTables(excelRun, options));
    });
  });
  byId("adopt-records").addEventListener("click", () => {
    void adoptCard()
      .then((m) => {
        m.openAdoption({
          excelRun,
          adoptTools,
          describeProblem,
          ask,
          wireCancel,
          byId,
          el,
          plural,
          showMessage,
          showProblems,
          act,
          goTo,
          show,
          showSettled,
          write,
        });
      })
      .catch(() => {
        showMessage(target, "error", "The part of the add-in that brings in records could not be loaded: reload the add-in and try again.");
      });
  });
  const button = byId("open-example");
  // The file is fetched as the pointer or the keyboard reaches the button: Excel on the web opens
  // the new workbook as a pop-up, which the browser allows only close to the click.
  for (const event of ["pointerenter", "focus"]) button.addEventListener(event, () => void exampleWorkbook().catch(() => undefined));
  button.addEventListener("click", () => {
    void act(target, { reading: "Opening the example campaign…", writing: "Opening the example campaign…" }, async () => {
      await Excel.createWorkbook(await exampleWorkbook());
      showMessage(target, "done", "The example campaign opened in a new workbook. To use it, click Gamemaster on the Home tab of that workbook.", [
        "Nothing in this workbook changed.",
        "No new workbook? Your browser may have blocked it as a pop-up: allow pop-ups for Excel and try again.",
        "On a Mac, Excel may open it behind this window: look for it in the Window menu.",
      ]);
    });
  });
}
