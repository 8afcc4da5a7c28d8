/** The latest credits in the Ledger, and the undo of the latest (asked first). Loaded with the Ledger tab. */
import { excelRun, undoLatestCredit } from "../../workbook/office";
import type { CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el, shown } from "../dom";
import { steps } from "../messages";
import { goTo, onStatus, show, status, write, showSettled } from "../state";
import { showCredit } from "./events";

/** The latest credits, newest first, and the undo of the latest when it can be taken back. */
function render(current: CampaignStatus): void {
  byId("credits-none").hidden = current.credits.length > 0;
  byId("credits").replaceChildren(
    ...current.credits.map((c) =>
      el(
        "li",
        {},
        el("span", { text: c.label.replace(/^(\S)/, (x) => x.toUpperCase()) }),
        el("span", {
          className: "paid",
          text: c.paid.length === 0 ? "nobody was credited" : c.paid.map((p) => `${p.god} ${shown(p.earned)} (paid ${shown(p.paid)})`).join(", "),
        }),
      ),
    ),
  );
  const latest = current.credits[0];
  byId("undo-credit").hidden = latest?.undoable !== true;
  if (latest?.undoable === true) byId("undo-credit").textContent = `Undo ${latest.label}…`;
}

export function wireCredits(): void {
  onStatus(render);
  wireCancel("undo", "undo-credit");
  byId("undo-credit").addEventListener("click", () => {
    const current = status();
    const latest = current?.credits[0];
    if (latest?.undoable !== true || current === null) return;
    const head = current.head;
    const result = byId("undo-result");
    ask(
      "undo",
      `Take back ${latest.label}? The accounts go back to before it.`,
      "Take it back",
      () =>
        void write(result, steps("Taking the credit back…"), `undo:${latest.label}:${head}`, async (options) => {
          // Only the credit the gamemaster was asked about, in the book as the pane read it: another may have been made meanwhile.
          const outcome = await undoLatestCredit(excelRun, options, latest.label, head);
          if (showSettled(result, outcome)) return;
          show(outcome.status);
          showCredit(result, outcome, goTo, true);
        }),
    );
  });
}
