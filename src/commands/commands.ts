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
// loads this page, and Excel then looks for the function at once. An Excel without the shared
// runtime has no Office.actions, whatever its type says.
const actions: typeof Office.actions | undefined = typeof Office === "undefined" ? undefined : Office.actions;
if (actions !== undefined) {
  actions.associate("endCentury", (event: Office.AddinCommands.Event) => {
    // Excel waits for event.completed(), not for a promise.
    endCenturyCommand(event).catch((e: unknown) => {
      console.warn("The Gods II End century button:", e);
    });
  });
}
