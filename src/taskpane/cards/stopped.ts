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

/** Each step's words: its button, its question, its yes-button and what the pane says while it works. */
const STEP = {
  finish: { button: "Finish it…", question: "Finish it now?", yes: "Finish it", busy: "Finishing what stopped…" },
  "take back": { button: "Take it back…", question: "Take it back now?", yes: "Take it back", busy: "Taking back what stopped…" },
  "set aside": { button: "Set it aside…", question: "Set it aside now?", yes: "Set it aside", busy: "Setting the record aside…" },
} as const;

/** With Ledger rows typed where it writes: the two ways on, the person choosing. */
const TYPED = {
  below: {
    button: "Finish it below the typed rows…",
    question: "Finish it now, with its rows below the typed ones, which stay?",
    yes: "Finish it below them",
    busy: "Finishing what stopped…",
  },
  aside: {
    button: "Set it aside…",
    question: "Set the record aside now? The typed rows stay, and the action is not made.",
    yes: "Set it aside",
    busy: "Setting the record aside…",
  },
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
  byId("stopped-settle").textContent = stopped.typed === true ? TYPED.below.button : STEP[stopped.step].button;
  byId("stopped-aside").hidden = stopped.typed !== true;
}

export function wireStopped(): void {
  onStatus(render);
  wireCancel("stopped", "stopped-settle");
  byId("stopped-settle").addEventListener("click", () => {
    const current = status();
    const stopped = current === null ? undefined : stoppedHere(current);
    if (stopped === undefined) return;
    const result = byId("stopped-result");
    const step = stopped.typed === true ? TYPED.below : STEP[stopped.step];
    ask(
      "stopped",
      `${stopped.message} ${step.question}`,
      step.yes,
      () =>
        void write(result, steps(step.busy), `settle:${stopped.id.slice(0, 80)}`, async (options) => {
          showSettled(result, await settleStopped(excelRun, stopped.id, options, { belowTypedRows: stopped.typed === true }));
        }),
    );
  });
  byId("stopped-aside").addEventListener("click", () => {
    const current = status();
    const stopped = current === null ? undefined : stoppedHere(current);
    if (stopped?.typed !== true) return;
    const result = byId("stopped-result");
    ask(
      "stopped",
      `${stopped.message} ${TYPED.aside.question}`,
      TYPED.aside.yes,
      () =>
        void write(result, steps(TYPED.aside.busy), `aside:${stopped.id.slice(0, 80)}`, async (options) => {
          showSettled(result, await settleStopped(excelRun, stopped.id, options, { setAside: true }));
        }),
    );
  });
}
