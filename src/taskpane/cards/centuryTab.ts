/**
 * The Century tab: the live preview of the century in play, the redo of the latest century, the
 * era's end and the worksheets alone. Loaded with its tab (see later.ts).
 */
import { excelRun, regenerateWorksheets } from "../../workbook/office";
import { eraEndWords, type CampaignStatus } from "../../workbook";
import { askToPay } from "../confirm";
import { byId, el } from "../dom";
import { steps } from "../messages";
import { handOutTable, paymentsTable, plural, said } from "../render";
import { onStatus, status, write, showSettled } from "../state";
import { askEraEnd, payCentury, showEnded } from "./century";

const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** The century in play: its preview, the redo of the latest and the era's end. */
function render(current: CampaignStatus): void {
  const preview = current.preview;
  byId("preview-body").replaceChildren(
    preview === null
      ? el("p", { className: "hint", text: "Shown once the campaign has no problem." })
      : paymentsTable(`What each god would collect (updated as the tables change)`, preview, current.trends),
  );
  byId("redo-century").hidden = current.redo.century === 0;
  byId("redo-century").textContent = `Redo century ${current.redo.century}…`;
  byId("redo-reason").hidden = current.redo.ready;
  byId("redo-reason").textContent = `Not now: ${said(current.redo.reason ?? "")}`;
  // An era's end is due when the century that closes it has ended (the Settings table gives an
  // era's length); it unfolds then. Otherwise it waits folded, saying why, for a gamemaster who knows.
  const era = current.eraEnd;
  byId("era").hidden = !current.hasEraEnd && era.due !== true;
  const words = eraEndWords(era.century);
  // Due, it is offered in the century box at the top of the pane (century.ts): one button, named as its question's Yes.
  byId("credit-era").hidden = !era.ready || era.due === true;
  byId("era-text").textContent = !era.ready
    ? `Not now: ${said(era.reason ?? "")}`
    : era.due === true
      ? `${sentence(words)} is due now: credit it with the button in the century box at the top of the pane.`
      : era.century === 0
        ? `${sentence(words)} can be credited before century 1 ends.`
        : `Century ${era.century} ended last, and by the Settings table it does not close an era: credit the era's end only if it does.`;
  if (era.ready && era.due === true) byId("era", HTMLDetailsElement).open = true;
}

export function wireCenturyTab(): void {
  onStatus(render);
  byId("redo-century").addEventListener("click", () => {
    const current = status();
    if (current === null || !current.redo.ready) return;
    const n = current.redo.century;
    const handOut = current.redo.handOut;
    byId("century-pay").replaceChildren(...(handOut === undefined ? [] : [handOutTable(`Century ${n} calculated again, at the box`, handOut)]));
    const changes = (handOut ?? []).filter((h) => h.difference !== 0).length;
    askToPay(
      "century",
      `Calculate century ${n} again from the tables as they are now? Its Ledger rows are replaced: nobody is paid twice. ${
        handOut === undefined
          ? "What was handed out may need correcting."
          : changes === 0
            ? "Nobody's pay changes: nothing to hand out or take back."
            : `Its first end was handed out already: hand out or take back only the difference, for ${plural(changes, "character")}.`
      }`,
      `Redo century ${n}`,
      [],
      [],
      payCentury(n, true),
    );
  });
  byId("regenerate").addEventListener("click", () => {
    const n = status()?.nextCentury;
    const result = byId("worksheets-result");
    void write(
      result,
      steps(n === undefined ? "Writing the worksheets…" : `Writing the worksheets of century ${n}…`),
      `worksheets:${String(n)}`,
      async (options) => {
        const outcome = await regenerateWorksheets(excelRun, undefined, options);
        if (!showSettled(result, outcome)) showEnded(outcome, false, result);
      },
    );
  });
  byId("credit-era").addEventListener("click", askEraEnd);
}
