/** The events card: an event credited (asked first), and what a credit paid (shown by the other cards that credit too). */
import { creditEvent, excelRun, type CreditInExcel } from "../../workbook/office";
import { errorsIn, warningsIn, MAX_TIMES, type CampaignStatus } from "../../workbook";
import { askToPay, wireCancel } from "../confirm";
import { byId, el, setOptions, shown } from "../dom";
import { steps } from "../messages";
import { paymentsTable, plural, problemList, showMessage, showProblems, type GoTo } from "../render";
import { goTo, onStatus, show, status, write, showSettled, retrying } from "../state";

/** What the chosen event pays each recipient, times the times given. */
function renderPreview(current: CampaignStatus): void {
  const name = byId("event-name", HTMLSelectElement).value;
  const times = byId("event-times", HTMLInputElement).valueAsNumber;
  const event = current.events.find((e) => e.name === name);
  const n = Number.isSafeInteger(times) && times >= 1 ? times : 1;
  byId("event-preview").textContent =
    event === undefined
      ? ""
      : event.perEvent.length === 0
        ? "Nobody holds a card of its spheres: it credits nobody."
        : `Credits ${event.perEvent.map((p) => `${p.god} ${shown(p.mana * n)}`).join(", ")}.`;
}

/** The events to choose from, and what one pays. */
function render(current: CampaignStatus): void {
  setOptions(
    byId("event-name", HTMLSelectElement),
    current.events.map((e) => ({ value: e.name, label: `${e.name} (${e.where === "heaven" ? "Heaven" : "Earth"})` })),
  );
  renderPreview(current);
}

/** What to do at whose box after an undo: take back the whole mana the credit paid (or hand out what a debit had taken). */
function takenBack(credited: readonly { readonly god: string; readonly paid: number }[]): string {
  const back = credited.filter((p) => p.paid < 0).map((p) => `${shown(-p.paid)} from ${p.god}'s`);
  const out = credited.filter((p) => p.paid > 0).map((p) => `${shown(p.paid)} to ${p.god}`);
  if (back.length === 0 && out.length === 0) return "Nothing to take back from the boxes: it paid no whole mana.";
  return [back.length > 0 ? `Take back from the boxes: ${back.join(", ")}.` : "", out.length > 0 ? `Hand out: ${out.join(", ")}.` : ""]
    .filter(Boolean)
    .join(" ");
}

/** What a credit paid (or taking one back took), or why nothing was written. */
export function showCredit(target: HTMLElement, outcome: CreditInExcel, to: GoTo, undo = false): void {
  if (!outcome.written) {
    showProblems(target, "Nothing was written:", errorsIn(outcome.problems), to);
    return;
  }
  const credited = outcome.payments.filter((p) => p.earned !== 0);
  const collects = credited.filter((p) => p.paid > 0);
  const debit = !undo && outcome.kind === "debit" ? credited[0] : undefined;
  const heading = undo
    ? `Took back ${outcome.what}`
    : debit !== undefined
      ? `Took ${shown(-debit.earned)} mana from ${debit.god} ("${outcome.what}") in century ${outcome.century}`
      : `Credited ${outcome.kind === "era-end" ? `the ${outcome.what}` : `"${outcome.what}" in century ${outcome.century}`}`;
  const summary = undo
    ? takenBack(credited)
    : debit !== undefined
      ? debit.carry < 0
        ? `${debit.god} owes ${shown(-debit.carry)} mana: its next credits pay this first, before any mana reaches its box.`
        : `${debit.god}'s account covered it.`
      : collects.length === 0
        ? "Nobody collects whole mana yet: the fractions stay in the accounts."
        : `Collect now: ${collects.map((p) => `${p.god} ${shown(p.paid)}`).join(", ")}.`;
  // Read, it folds to its heading once the next action starts or the tab changes (state.ts's foldAnswers): what comes below stays put.
  const box = el(
    "details",
    { className: "message done folds", attrs: { open: "" } },
    el("summary", {}, el("h3", { text: heading })),
    el("p", { text: summary }),
  );
  if (!undo && credited.length > 0) box.append(paymentsTable("Each account", credited));
  const warnings = warningsIn(outcome.problems);
  if (warnings.length > 0) box.append(el("details", {}, el("summary", { text: plural(warnings.length, "warning") }), problemList(warnings, to)));
  target.replaceChildren(box);
}

export function wireEvents(): void {
  onStatus(render);
  const target = byId("event-result");
  byId("event-times", HTMLInputElement).max = String(MAX_TIMES);
  const preview = () => {
    const current = status();
    if (current !== null) renderPreview(current);
  };
  byId("event-name").addEventListener("change", preview);
  byId("event-times").addEventListener("input", preview);
  wireCancel("event", "credit-event");
  byId("event-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const current = status();
    if (current === null) return;
    const name = byId("event-name", HTMLSelectElement).value;
    const times = byId("event-times", HTMLInputElement).valueAsNumber;
    const event = current.events.find((x) => x.name === name);
    if (event === undefined) return;
    const n = Number.isSafeInteger(times) && times >= 1 ? times : NaN;
    if (Number.isNaN(n) || n > MAX_TIMES) {
      showMessage(target, "error", `Times: write how many times the event happened, a whole number from 1 to ${MAX_TIMES}.`);
      return;
    }
    // The same click tried again after a fault is no second credit: it is never asked "did it happen again?".
    const key = `event:${JSON.stringify([name, n])}`;
    const again = event.repeat && !retrying(key);
    const what = n === 1 ? `"${name}"` : `"${name}" ${n} times`;
    const who = event.perEvent.length === 0 ? "It credits nobody." : `It credits ${event.perEvent.map((p) => `${p.god} ${shown(p.mana * n)}`).join(", ")}.`;
    const question = retrying(key)
      ? `Try ${what} again? The click before met a fault on its way to Excel: this one finishes it, or says that it was done. It is never credited twice.`
      : again
        ? `"${name}" was the last credit already. Did it happen again? ${who}`
        : `Credit ${what} in century ${current.nextCentury}? ${who}`;
    target.replaceChildren();
    askToPay(
      "event",
      question,
      again ? "Yes, it happened again" : "Credit it",
      [],
      [],
      (accepted, askAgain) =>
        void write(target, steps(`Crediting ${name}…`), key, async (options) => {
          const outcome = await creditEvent(excelRun, name, { times: n, again }, { ...options, accepted });
          if (showSettled(target, outcome)) return;
          const held = outcome.unaccepted ?? [];
          show(outcome.status, held.length === 0);
          if (held.length > 0) {
            askAgain(held);
            return;
          }
          showCredit(target, outcome, goTo);
          if (outcome.written) byId("event-times", HTMLInputElement).value = "1";
        }),
    );
  });
}
