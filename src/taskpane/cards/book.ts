/**
 * The book by hand: a god renamed everywhere, the book corrected on purpose, and a credit written
 * on two computers put right (each asked first).
 */
import { correctBook, excelRun, isSettled } from "../../workbook/office";
import { betweenTools, settleTools } from "../later";
import { errorsIn, type CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el, setOptions } from "../dom";
import { steps } from "../messages";
import { showMessage, showProblems } from "../render";
import { goTo, onStatus, show, showOutcome, write, showSettled } from "../state";

function render(current: CampaignStatus): void {
  setOptions(
    byId("rename-from", HTMLSelectElement),
    current.gods.filter((g) => !g.demon).map((g) => ({ value: g.name, label: g.name })),
  );
  // A correction answers a Ledger changed by hand: offered when the seal found one.
  const broken = current.problems.some((p) => p.seal === true);
  byId("reseal", HTMLButtonElement).disabled = !broken;
  byId("reseal-text").hidden = !broken;
  byId("reseal-none").hidden = broken;
  // Credits written on two computers whose copies lagged, and a Ledger their writes mixed: each put right by a referee.
  const twice = current.problems.filter((p) => p.paidTwice !== undefined || p.mixedBook !== undefined);
  byId("twice-title").hidden = twice.length === 0;
  // What needs a referee's word unfolds by itself.
  if (broken || twice.length > 0) byId("reseal-card", HTMLDetailsElement).open = true;
  byId("twice").replaceChildren(
    ...twice.map((p) =>
      el(
        "li",
        {},
        el("span", { text: p.message.replace(/^(\S)/, (x) => x.toUpperCase()) }),
        el("button", {
          text: "Put right…",
          className: "settle",
          attrs: { type: "button", "data-credit": p.paidTwice ?? "", "data-take-back": p.takeBack ?? "", "data-mixed": p.mixedBook ?? "" },
        }),
      ),
    ),
  );
}

export function wireBookByHand(): void {
  onStatus(render);
  wireCancel("twice", "reseal");
  byId("twice").addEventListener("click", (e) => {
    const button = e.target instanceof HTMLElement ? e.target.closest("button.settle") : null;
    const credit = button instanceof HTMLElement ? button.dataset.credit : undefined;
    const mixed = button instanceof HTMLElement ? (button.dataset.mixed ?? "") : "";
    if (mixed !== "") {
      const result = byId("twice-result");
      ask(
        "twice",
        "Put the Ledger right? Its mixed rows and its seal take the rows of the computer named above; nothing is paid. Then see to the double payment, if one is named.",
        "Put the Ledger right",
        () =>
          void write(result, steps("Putting the Ledger right…"), `mixed:${mixed}`, async (options) => {
            const outcome = await (await settleTools()).putBookRight(excelRun, mixed, options);
            if (showSettled(result, outcome)) return;
            show(outcome.status);
            showMessage(result, "done", "The Ledger is put right: its rows and its seal agree again.");
          }),
      );
      return;
    }
    if (credit === undefined || credit === "") return;
    const takeBack = button instanceof HTMLElement ? (button.dataset.takeBack ?? "") : "";
    const result = byId("twice-result");
    ask(
      "twice",
      takeBack === ""
        ? "Put it right? No whole mana comes back out of a box, as said above. Payments then go on, on every computer."
        : `Have these come back out of the boxes: ${takeBack}? The Ledger keeps it once as it is. Payments then go on, on every computer.`,
      "It is put right",
      () =>
        void write(result, steps("Recording that it is put right…"), `twice:${credit}`, async (options) => {
          const outcome = await (await settleTools()).settlePaidTwice(excelRun, credit, options);
          if (showSettled(result, outcome)) return;
          show(outcome.status);
          showMessage(result, "done", "Recorded as put right: payments go on.");
        }),
    );
  });
  wireCancel("rename", "rename");
  byId("rename").addEventListener("click", () => {
    const from = byId("rename-from", HTMLSelectElement).value;
    const to = byId("rename-to", HTMLInputElement).value.trim();
    const result = byId("rename-result");
    if (from === "" || to === "") {
      showMessage(result, "error", "Choose the god and write its new name.");
      return;
    }
    ask(
      "rename",
      `Rename ${from} to ${to} everywhere? Its account goes with it.`,
      `Rename ${from}`,
      () =>
        void write(result, steps(`Renaming ${from}…`), `rename:${JSON.stringify([from, to])}`, async (options) => {
          const outcome = await (await betweenTools()).renameEverywhere(excelRun, from, to, options);
          showOutcome(result, outcome);
          if (!isSettled(outcome) && outcome.written) byId("rename-to", HTMLInputElement).value = "";
        }),
    );
  });
  wireCancel("reseal", "reseal");
  byId("reseal").addEventListener("click", () => {
    const because = byId("reseal-because", HTMLInputElement).value.trim();
    const result = byId("reseal-result");
    if (because === "") {
      showMessage(result, "error", "Say why the Ledger was edited: the reason is kept in it.");
      byId("reseal-because").focus();
      return;
    }
    ask(
      "reseal",
      `Keep the edits made by hand ("${because}")? The add-in takes the Ledger as it stands now, and the accounts they touch get a correction row with this reason.`,
      "Keep the edits",
      () =>
        void write(result, steps("Keeping the edits…"), `reseal:${because}`, async (options) => {
          const outcome = await correctBook(excelRun, because, options);
          if (showSettled(result, outcome)) return;
          show(outcome.status);
          const errors = errorsIn(outcome.problems);
          if (!outcome.written) showProblems(result, "Nothing was written:", errors, goTo);
          else {
            showMessage(
              result,
              "done",
              `The edits are kept ("${outcome.what}"): the add-in takes the Ledger as it stands.`,
              outcome.payments.length === 0 ? [] : [`A correction row in the account of ${outcome.payments.map((p) => p.god).join(", ")}.`],
            );
            byId("reseal-because", HTMLInputElement).value = "";
          }
        }),
    );
  });
}
