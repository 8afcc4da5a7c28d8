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

/** With Ledger rows typed where it writes: the two ways on, the person choosing. */
const TYPED = {
  below: {
    button: "Finish it below the typed rows…",
    question: "Finish it now, with its rows below the typed ones, which stay?",
    yes: "Finish it below them",
    busy: "Finishing what stopped…",
  },
  changed: {
    button: "Finish it keeping the changes…",
    question: "Finish it now? The rows it wrote keep the changes made by hand since.",
    yes: "Finish it keeping them",
    busy: "Finishing what stopped…",
  },
  aside: {
    button: "Set it aside…",
    question: "Set the record aside now? The rows typed or changed by hand stay as they are, and the action is not made.",
    yes: "Set it aside",
    busy: "Setting the record aside…",
  },
} as const;

/** The first action to settle here: one still under way on another computer waits. */
function stoppedHere(current: CampaignStatus) {
  return current.stopped.find((s) => !s.underWay);
}

/** Every action to settle here, in turn: all are settled in one step. */
function allHere(current: CampaignStatus) {
  return current.stopped.filter((s) => !s.underWay);
}

/** What stopped, each one, in the order they are settled. */
function messageOf(current: CampaignStatus): string {
  const all = allHere(current);
  return all.length <= 1
    ? (all[0]?.message ?? "")
    : `${all.length} actions stopped part-way; settled in turn: ${all.map((s, i) => `${i + 1}. ${s.message}`).join(" ")}`;
}

/** The way on that keeps what was done by hand: below typed rows, or keeping the changes of its own rows. */
function keeping(current: CampaignStatus) {
  const kept = allHere(current).filter((s) => s.typed === true);
  return kept.every((s) => s.changed === true) ? TYPED.changed : TYPED.below;
}

function render(current: CampaignStatus): void {
  const stopped = stoppedHere(current);
  byId("stopped-box").hidden = stopped === undefined;
  if (stopped === undefined) return;
  const typed = allHere(current).some((s) => s.typed === true);
  byId("stopped-text").textContent = messageOf(current);
  byId("stopped-settle").textContent = typed ? keeping(current).button : STEP[stopped.step].button;
  byId("stopped-aside").hidden = !typed;
}

export function wireStopped(): void {
  onStatus(render);
  wireCancel("stopped", "stopped-settle");
  byId("stopped-settle").addEventListener("click", () => {
    const current = status();
    const stopped = current === null ? undefined : stoppedHere(current);
    if (stopped === undefined) return;
    const result = byId("stopped-result");
    const typed = current !== null && allHere(current).some((s) => s.typed === true);
    const step = current !== null && typed ? keeping(current) : STEP[stopped.step];
    ask(
      "stopped",
      `${current === null ? stopped.message : messageOf(current)} ${step.question}`,
      step.yes,
      () =>
        void write(result, steps(step.busy), `settle:${stopped.id.slice(0, 80)}`, async (options) => {
          showSettled(result, await (await settleTools()).settleAllStopped(excelRun, options, { belowTypedRows: typed }));
        }),
    );
  });
  byId("stopped-aside").addEventListener("click", () => {
    const current = status();
    const stopped = current === null ? undefined : stoppedHere(current);
    if (current === null || stopped === undefined || !allHere(current).some((s) => s.typed === true)) return;
    const result = byId("stopped-result");
    ask(
      "stopped",
      `${messageOf(current)} ${TYPED.aside.question}`,
      TYPED.aside.yes,
      () =>
        void write(result, steps(TYPED.aside.busy), `aside:${stopped.id.slice(0, 80)}`, async (options) => {
          showSettled(result, await (await settleTools()).settleAllStopped(excelRun, options, { setAside: true }));
        }),
    );
  });
}
