/**
 * The ribbon's End century button (an ExecuteFunction command): ends the century in play with
 * the same action as the pane's button, then opens the pane, which shows what each god collects.
 * Excel waits for event.completed(), so it is called whatever happens.
 */
import { endCentury, excelRun } from "../workbook/office/actions";
import { announce } from "./events";

async function endCenturyCommand(event: Office.AddinCommands.Event): Promise<void> {
  announce({ state: "started" });
  try {
    const outcome = await endCentury(excelRun, undefined, {
      onStep: (step) => announce({ state: "step", step }),
      onWait: (attempt) => announce({ state: "waiting", attempt }),
    });
    announce({ state: "done", outcome });
  } catch (error) {
    announce({ state: "failed", error });
  }
  try {
    await Office.addin.showAsTaskpane();
  } catch {
    // An Excel without the shared runtime's pane control: the result waits in the pane for the
    // next time the gamemaster opens it.
  } finally {
    event.completed();
  }
}

// Registered as the page loads: when the pane was never opened, a click on the button is what
// loads this page, and Excel then looks for the function at once.
if (typeof Office !== "undefined" && Office.actions !== undefined) Office.actions.associate("endCentury", endCenturyCommand);
