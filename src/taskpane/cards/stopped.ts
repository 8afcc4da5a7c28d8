/**
 * An action that stopped part-way inside Excel (the journal found it open): what stopped, and
 * the one step that settles it, asked first: finished from its intent when it stopped while
 * recording, taken back when it stopped before changing anything.
 */
import { excelRun, settleStopped } from "../../workbook/office";
import type { CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId } from "../dom";
import { steps } from "../messages";
import { onStatus, showSettled, status, write } from "../state";

/** The first action to settle here: one still under way on another computer waits. */
function stoppedHere(current: CampaignStatus) {
  return current.stopped.find((s) => !s.underWay);
}

function render(current: CampaignStatus): void {
  const stopped = stoppedHere(current);
  byId("stopped-box").hidden = stopped === undefined;
  if (stopped === undefined) return;
  byId("stopped-text").textContent = stopped.message;
  byId("stopped-settle").textContent = stopped.step === "finish" ? "Finish it…" : "Take it back…";
}

export function wireStopped(): void {
  onStatus(render);
  wireCancel("stopped", "stopped-settle");
  byId("stopped-settle").addEventListener("click", () => {
    const current = status();
    const stopped = current === null ? undefined : stoppedHere(current);
    if (stopped === undefined) return;
    const result = byId("stopped-result");
    const finish = stopped.step === "finish";
    ask(
      "stopped",
      finish ? `${stopped.message} Finish it now?` : `${stopped.message} Take it back now?`,
      finish ? "Finish it" : "Take it back",
      () =>
        void write(result, steps(finish ? "Finishing what stopped…" : "Taking back what stopped…"), `settle:${stopped.id}`, async (options) => {
          showSettled(result, await settleStopped(excelRun, stopped.id, options));
        }),
    );
  });
}
