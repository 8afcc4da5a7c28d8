/**
 * An action that stopped part-way inside Excel (the journal found it open): what stopped, and
 * the one step that settles it, asked first: finished from its intent when it stopped while
 * recording, taken back when it stopped before changing anything.
 */
import { excelRun } from "../../workbook/office";
import type { CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId } from "../dom";
import { settleTools } from "../later";
import { steps } from "../messages";
import { onStatus, showSettled, status, write } from "../state";

/** Each step's words: its button, its question, its yes-button and what the pane says while it works. */
const STEP = {
  finish: { button: "Finish it…", question: "Finish it now?", yes: "Finish it", busy: "Finishing what stopped…" },
  "take back": { button: "Take it back…", question: "Take it back now?", yes: "Take it back", busy: "Taking back what stopped…" },
  "set aside": { button: "Set it aside…", question: "Set it aside now?", yes: "Set it aside", busy: "Setting the record aside…" },
} as const;

/** The first action to settle here: one still under way on another computer waits. */
function stoppedHere(current: CampaignStatus) {
  return current.stopped.find((s) => !s.underWay);
}

function render(current: CampaignStatus): void {
  const stopped = stoppedHere(current);
  byId("stopped-box").hidden = stopped === undefined;
  if (stopped === undefined) return;
  byId("stopped-text").textContent = stopped.message;
  byId("stopped-settle").textContent = STEP[stopped.step].button;
}

export function wireStopped(): void {
  onStatus(render);
  wireCancel("stopped", "stopped-settle");
  byId("stopped-settle").addEventListener("click", () => {
    const current = status();
    const stopped = current === null ? undefined : stoppedHere(current);
    if (stopped === undefined) return;
    const result = byId("stopped-result");
    const step = STEP[stopped.step];
    ask(
      "stopped",
      `${stopped.message} ${step.question}`,
      step.yes,
      () =>
        void write(result, steps(step.busy), `settle:${stopped.id.slice(0, 80)}`, async (options) => {
          showSettled(result, await (await settleTools()).settleStopped(excelRun, stopped.id, options));
        }),
    );
  });
}
