/** The events card: an event credited (asked first), the latest credits, and the undo of the latest. */
import { creditEvent, excelRun, undoLatestCredit, type CreditInExcel } from "../../workbook/office";
import { errorsIn, warningsIn, MAX_TIMES, type CampaignStatus } from "../../workbook";
import { ask, askToPay, wireCancel } from "../confirm";
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

/** The events to choose from, what one pays, and the latest credits. */
function render(current: CampaignStatus): void {
  setOptions(
    byId("event-name", HTMLSelectElement),
    current.events.map((e) => ({ value: e.name, label: `${e.name} (${e.where === "heaven" ? "Heaven" : "Earth"})` })),
  );
  renderPreview(current);
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
    ? `Take back from the distribution point: ${credited.map((p) => `${p.god} ${shown(-p.paid)}`).join(", ") || "nothing"}.`
    : debit !== undefined
      ? debit.carry < 0
        ? `${debit.god} owes ${shown(-debit.carry)} mana: its next credits pay this first, before any mana reaches its box.`
        : `${debit.god}'s account covered it.`
      : collects.length === 0
        ? "Nobody collects whole mana yet: the fractions stay in the accounts."
        : `Collect now: ${collects.map((p) => `${p.god} ${shown(p.paid)}`).join(", ")}.`;
  const box = el("div", { className: "message done" }, el("h3", { text: heading }), el("p", { text: summary }));
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
  wireCancel("undo", "undo-credit");
  byId("undo-credit").addEventListener("click", () => {
    const current = status();
    const latest = current?.credits[0];
    if (latest?.undoable !== true || current === null) return;
    const head = current.head;
    const result = byId("undo-result");
    ask(
      "undo",
      `Take back ${latest.label}? Its Ledger rows are deleted and the accounts go back to what they kept before; take back the whole mana it paid.`,
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
