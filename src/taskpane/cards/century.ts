/**
 * The century card: the live preview of the century in play, its end (asked first, every warning
 * that changes pay named), the redo of the latest century, the era's end, the worksheets alone,
 * the session packet, and the ribbon's End century button, which only opens this card's question.
 */
import { onCenturyEndNews } from "../../commands/events";
import { creditEraEnd, endCentury, excelRun, regenerateWorksheets, type CenturyEndInExcel } from "../../workbook/office";
import { betweenTools } from "../later";
import { describeProblem, eraEndWords, errorsIn, payWarningsIn, warningsIn, type Problem, sheetNames, type CampaignStatus } from "../../workbook";
import { askToPay, wireCancel } from "../confirm";
import { byId, el } from "../dom";
import { steps } from "../messages";
import { handOutTable, paymentsTable, plural, problemList, said, showMessage, showProblems, type GoTo } from "../render";
import { goTo, onStatus, refresh, show, status, write, showSettled } from "../state";
import { showCredit } from "./events";

/** Notes to read before paying a century, besides the warnings that change pay (listed first). */
export function centuryWarnings(current: CampaignStatus): string[] {
  const warnings: string[] = [];
  if (current.deathsInPlay === 0) warnings.push(`No deaths are logged for century ${current.nextCentury}.`);
  for (const p of warningsIn(current.problems)) if (p.changesPay !== true) warnings.push(describeProblem(p));
  return warnings;
}

const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** The century in play: its preview, its buttons, the redo of the latest and the era's end. */
function render(current: CampaignStatus): void {
  const n = current.nextCentury;
  byId("end-century").textContent = `End century ${n}…`;
  byId("century-yes").textContent = `Pay century ${n}`;
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
  byId("credit-era").hidden = !era.ready;
  byId("era-text").textContent = !era.ready
    ? `Not now: ${said(era.reason ?? "")}`
    : era.due === true
      ? `${sentence(words)} is due now.`
      : era.century === 0
        ? `${sentence(words)} can be credited before century 1 ends.`
        : `Century ${era.century} ended last, and by the Settings table it does not close an era: credit the era's end only if it does.`;
  byId("credit-era").textContent = `Credit ${words}…`;
  if (era.ready && era.due === true) byId("era", HTMLDetailsElement).open = true;
}

/** What each god collects after a century end, or why nothing was written. */
export function showCenturyEnd(target: HTMLElement, outcome: CenturyEndInExcel, ledger: boolean, to: GoTo): void {
  if (!outcome.written) {
    showProblems(
      target,
      `Nothing was written: century ${outcome.century} has ${plural(errorsIn(outcome.problems).length, "problem")} to fix first.`,
      errorsIn(outcome.problems),
      to,
    );
    return;
  }
  const names = sheetNames(outcome.century);
  const redo = ledger && outcome.handOut !== undefined;
  const heading = redo
    ? `Century ${outcome.century} is calculated again`
    : ledger
      ? `Century ${outcome.century} is paid`
      : `Worksheets of century ${outcome.century} written; nobody was paid`;
  const written = ledger
    ? `${names.deaths}, ${names.centuryEnd}, ${names.mana}, the event worksheets, the distribution points and the Ledger`
    : `${names.deaths} and ${names.centuryEnd}`;
  const box = el(
    "div",
    { className: "message done" },
    el("h3", { text: heading, attrs: { tabindex: "-1", id: "century-result-title" } }),
    ...(redo
      ? [
          handOutTable("At the distribution points: only the difference", outcome.handOut ?? []),
          el("p", { className: "hint", text: "Its first end was handed out already: hand out what is more, take back what is less, and nothing else." }),
        ]
      : ledger
        ? [
            paymentsTable("Mana each god collects now", outcome.payments),
            el("p", { className: "hint", text: "Paid is the whole mana to hand out now; Kept, the fraction the god's account keeps for later." }),
          ]
        : []),
    el("p", { className: "hint", text: `Written: ${written}.` }),
  );
  const warnings = warningsIn(outcome.problems);
  if (warnings.length > 0) box.append(el("details", {}, el("summary", { text: plural(warnings.length, "warning") }), problemList(warnings, to)));
  target.replaceChildren(box);
}

function showEnded(outcome: CenturyEndInExcel, ledger: boolean, target: HTMLElement = byId("century-result")): void {
  show(outcome.status);
  showCenturyEnd(target, outcome, ledger, goTo);
}

export function wireCentury(): void {
  onStatus(render);
  const target = byId("century-result");
  const pay = (n: number, redo: boolean) => (accepted: string[], again: (unseen: readonly Problem[]) => void) =>
    void write(target, steps(`Writing the worksheets of century ${n} and the Ledger…`), `century:${n}:${String(redo)}`, async (options) => {
      const outcome = await endCentury(excelRun, n, { ...options, unpaid: !redo, accepted });
      if (showSettled(target, outcome)) return;
      const held = outcome.unaccepted ?? [];
      if (held.length > 0) {
        show(outcome.status, false);
        again(held);
        return;
      }
      showEnded(outcome, true);
      (document.getElementById("century-result-title") ?? target).focus();
    });
  const askCentury = () => {
    const current = status();
    if (current === null) return;
    const n = current.nextCentury;
    target.replaceChildren();
    byId("century-pay").replaceChildren(...(current.preview === null ? [] : [paymentsTable(`Century ${n}: what each god collects`, current.preview)]));
    askToPay(
      "century",
      `Pay century ${n}? The Ledger records it and the gods collect the Paid column.`,
      `Pay century ${n}`,
      payWarningsIn(current.problems),
      centuryWarnings(current),
      pay(n, false),
    );
  };
  wireCancel("century", "end-century");
  byId("end-century").addEventListener("click", askCentury);
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
      pay(n, true),
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
  byId("packet").addEventListener("click", () => {
    const result = byId("packet-result");
    void write(result, steps("Writing the session packet…"), "packet", async (options) => {
      const outcome = await (await betweenTools()).writePacket(excelRun, options);
      if (showSettled(result, outcome)) return;
      show(outcome.status);
      const errors = errorsIn(outcome.problems);
      if (errors.length > 0) showProblems(result, "Nothing was written:", errors, goTo);
      else
        showMessage(
          result,
          "done",
          `Wrote ${outcome.sheets.map((s) => s.name).join(", ")} for century ${outcome.century}: print them from Excel.`,
          warningsIn(outcome.problems).map(describeProblem),
        );
    });
  });
  wireCancel("era", "credit-era");
  byId("credit-era").addEventListener("click", () => {
    const current = status();
    if (current === null || !current.eraEnd.ready) return;
    const n = current.eraEnd.century;
    const result = byId("era-result");
    askToPay(
      "era",
      `Credit ${eraEndWords(n)}? The sources paid at an era's end count from the Counts of century ${n}.`,
      "Credit the era's end",
      current.eraEnd.warnings ?? [],
      [],
      (accepted, again) =>
        void write(result, steps("Crediting the era's end…"), `era:${n}`, async (options) => {
          const outcome = await creditEraEnd(excelRun, n, { ...options, accepted });
          if (showSettled(result, outcome)) return;
          const held = outcome.unaccepted ?? [];
          show(outcome.status, held.length === 0);
          if (held.length > 0) again(held);
          else showCredit(result, outcome, goTo);
        }),
    );
  });
  // The ribbon's End century button runs in this page too (see src/commands): it only asks,
  // here, after reading the campaign afresh.
  onCenturyEndNews(() => {
    void refresh(target).then(() => {
      byId("next").scrollIntoView();
      if (status() !== null && !byId("end-century", HTMLButtonElement).disabled) askCentury();
      else byId("end-century").focus();
    });
  });
}
