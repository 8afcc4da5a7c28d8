/**
 * The ribbon's End century button (an ExecuteFunction command): it opens the pane and asks there
 * the pane's own question (what each god would collect, every warning that changes pay, Pay or
 * Cancel). A click on the ribbon never pays by itself. Excel waits for event.completed(), so it
 * is called whatever happens.
 */
import { announce } from "./events";

async function endCenturyCommand(event: Office.AddinCommands.Event): Promise<void> {
  try {
    await Office.addin.showAsTaskpane();
  } catch {
    // An Excel without the shared runtime's pane control: the question waits in the pane for
    // the next time the gamemaster opens it.
  } finally {
    announce({ state: "ask" });
    event.completed();
  }
}

// Registered as the page loads: when the pane was never opened, a click on the button is what
// loads this page, and Excel then looks for the function at once.
if (typeof Office !== "undefined" && Office.actions !== undefined) Office.actions.associate("endCentury", endCenturyCommand);
