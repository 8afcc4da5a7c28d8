/**
 * The gamemaster's pane: wires the buttons and forms to the workbook actions and shows what they
 * did. No rule of the game is worked out here; the actions and the engine do that.
 */
// The ribbon's command lives in this bundle: one copy of the actions, so the pane and the ribbon
// share the flag that keeps two writing actions from running at once.
import "../commands/commands";
import { onCenturyEndNews } from "../commands/events";
import { turmoil } from "../engine/pantheon";
import {
  creditEraEnd,
  creditEvent,
  endCentury,
  excelRun,
  regenerateWorksheets,
  undoLatestCredit,
  type ActionOptions,
  type CenturyEndInExcel,
} from "../workbook/office/actions";
import {
  applyCult,
  checkPantheonChange,
  createMissingTables,
  obliterateGod,
  readStatus,
  recordDeaths,
  selectCell,
  runDisaster,
  runGrowth,
  runWar,
  setTurmoil,
  type EditOutcome,
  type RefereeOutcome,
} from "../workbook/office/tools";
import { describeProblem, errorsIn, payWarningsIn, type Problem } from "../workbook/model/problems";
import { MAX_TIMES } from "../workbook/plan/book";
import type { CampaignStatus } from "../workbook/tools/status";
import { byId, el, setOptions, shown } from "./dom";
import { plainError, waitingText, type StepTexts } from "./messages";
import { watchTheme } from "./theme";
import { ended, endedText, kindOf, parseTimers, remaining, startTimer, TIMER_KINDS, type Timer } from "./timers";
import { centuryWarnings, payDespite, warningItems, chosenRace, disasterHits, paymentsTable, refereeLines, renderAvailability, renderEventPreview, renderRace, renderStatus, showCenturyEnd, showCredit, showMessage, showProblems } from "./view";

/** The example campaign as an .xlsx file in base64, made at build time (see webpack.config.js). */
declare const EXAMPLE_WORKBOOK_BASE64: string;

let status: CampaignStatus | null = null;
/** Actions under way (the ribbon's century end may overlap one of the pane's). */
let running = 0;
/** Opens the century end's question (the pane's button, and the ribbon's). */
let askCentury: () => void = () => undefined;

// ---- Busy state ------------------------------------------------------------------------

function controls(): (HTMLButtonElement | HTMLInputElement | HTMLSelectElement)[] {
  return [...byId("app").querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>("button, input, select")];
}

function progress(text: string): void {
  byId("progress-text").textContent = text;
}

function setBusy(on: boolean, text = ""): void {
  running = Math.max(0, running + (on ? 1 : -1));
  const busy = running > 0;
  byId("app").setAttribute("aria-busy", String(busy));
  byId("progress").classList.toggle("busy", busy);
  for (const c of controls()) c.disabled = busy;
  if (busy) progress(text);
  else {
    progress(`Up to date with the workbook (${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}).`);
    // What the campaign does not allow stays disabled, with its reason.
    if (status !== null) renderAvailability(status);
  }
}

/**
 * Runs an action with the pane busy and its progress shown; an error is shown in plain words
 * in `target`. Focus comes back to the control that started it, so the keyboard keeps its place.
 */
async function act(target: HTMLElement, texts: StepTexts, work: (options: ActionOptions) => Promise<void>): Promise<void> {
  if (running > 0) return;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : "";
  setBusy(true, texts.reading);
  try {
    await work({ onStep: (step) => progress(texts[step]), onWait: (attempt) => progress(waitingText(attempt)) });
  } catch (e) {
    // For whoever debugs the add-in; the gamemaster gets the sentence below.
    console.warn("The Gods II pane:", e);
    showMessage(target, "error", plainError(e));
  } finally {
    setBusy(false);
    const again = focused === "" ? null : document.getElementById(focused);
    if (again !== null && (document.activeElement === document.body || document.activeElement === null)) again.focus();
  }
}

// ---- Showing the campaign ----------------------------------------------------------------

function goTo(address: string, from: HTMLElement): void {
  // A problem listed under an action's result reports there; one of the campaign's, under Campaign.
  const target = from.closest<HTMLElement>(".result") ?? byId("campaign-result");
  void act(target, { reading: `Going to ${address}…`, writing: `Going to ${address}…` }, async (options) => {
    await selectCell(excelRun, address, options);
  });
}

/** The shares the proposal was last filled with, per race: a status that keeps them keeps the gamemaster's edits. */
let proposalBase = "";

function fillProposal(force = false): void {
  if (status === null) return;
  const race = chosenRace(status);
  const base = JSON.stringify([race?.race, race?.shares]);
  if (!force && base === proposalBase) return;
  proposalBase = base;
  byId("proposal").replaceChildren(...(race?.shares ?? []).map((s) => proposalRow(s.member, s.share)));
  byId("check-verdict").textContent = "";
  offerMembers();
}

function proposalRow(member: string, share: number): HTMLElement {
  const id = `proposal-${member.replace(/[^A-Za-z0-9]/g, "_")}-${byId("proposal").children.length}`;
  const input = el("input", { attrs: { id, type: "number", min: "0", max: "100", step: "any", inputmode: "decimal", "data-member": member } });
  input.value = String(Number(share.toFixed(4)));
  return el("div", { className: "proposal-row" }, el("label", { text: member, attrs: { for: id } }), input, el("span", { text: "%", attrs: { "aria-hidden": "true" } }));
}

function proposalMembers(): HTMLInputElement[] {
  return [...byId("proposal").querySelectorAll<HTMLInputElement>("input[data-member]")];
}

function offerMembers(): void {
  if (status === null) return;
  const present = new Set(proposalMembers().map((i) => i.dataset.member));
  setOptions(byId<HTMLSelectElement>("proposal-add"), [
    { value: "", label: "Choose a member…" },
    ...status.members.filter((m) => !present.has(m)).map((m) => ({ value: m, label: m })),
  ]);
  byId<HTMLSelectElement>("proposal-add").value = "";
}

/** The open questions: a new status may make any of them stale (asked about another credit or century). */
const QUESTIONS = ["century-confirm", "event-confirm", "undo-confirm", "era-confirm", "referee-confirm", "obliterate-confirm"];

function show(next: CampaignStatus, closeQuestions = true): void {
  if (closeQuestions && status !== null && JSON.stringify([status.credits, status.nextCentury, status.redo]) !== JSON.stringify([next.credits, next.nextCentury, next.redo])) {
    for (const id of QUESTIONS) byId(id).hidden = true;
  }
  status = next;
  renderStatus(next, goTo);
  fillProposal();
}

function showOutcome(target: HTMLElement, outcome: EditOutcome): void {
  show(outcome.status);
  const errors = errorsIn(outcome.problems);
  if (errors.length > 0) showProblems(target, "Nothing was written:", errors, goTo);
  else showMessage(target, outcome.written ? "done" : "info", outcome.message, outcome.details);
}

async function refresh(target: HTMLElement = byId("campaign-result")): Promise<void> {
  await act(target, { reading: "Reading the campaign tables…", writing: "Reading the campaign tables…" }, async (options) => {
    show(await readStatus(excelRun, options));
    target.replaceChildren();
  });
}

// ---- The sections ------------------------------------------------------------------------

function wireSetup(): void {
  const target = byId("setup-result");
  byId("create-tables").addEventListener("click", () =>
    act(target, { reading: "Looking for the campaign tables…", writing: "Adding the missing tables…" }, async (options) => showOutcome(target, await createMissingTables(excelRun, options))),
  );
  byId("open-example").addEventListener("click", () => {
    if (!Office.context.requirements.isSetSupported("ExcelApi", "1.8")) {
      showMessage(target, "error", "This version of Excel cannot open a new workbook from an add-in. Make the example on the command line instead: gods init example.xlsx --example");
      return;
    }
    void act(target, { reading: "Opening the example campaign…", writing: "Opening the example campaign…" }, async () => {
      await Excel.createWorkbook(EXAMPLE_WORKBOOK_BASE64);
      showMessage(target, "done", "The example campaign opened in a new workbook. To use it, click Gamemaster on the Home tab of that workbook.", [
        "Nothing in this workbook changed.",
        "No new workbook? Your browser may have blocked it as a pop-up: allow pop-ups for Excel and try again.",
      ]);
    });
  });
}

function wireDeaths(): void {
  const target = byId("deaths-result");
  const texts = (c: string): StepTexts => ({ reading: "Reading the campaign tables…", writing: `Recording ${c} deaths…` });
  byId("deaths-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const cause = byId<HTMLInputElement>("death-cause").value;
    const units = byId<HTMLInputElement>("death-units").valueAsNumber;
    const race = byId<HTMLSelectElement>("death-race").value;
    const note = byId<HTMLInputElement>("death-note").value;
    void act(target, texts(cause), async (options) => {
      const outcome = await recordDeaths(excelRun, { cause, units, race, note }, options);
      showOutcome(target, outcome);
      if (outcome.written) {
        byId<HTMLInputElement>("death-units").value = "";
        byId<HTMLInputElement>("death-note").value = "";
      }
    });
  });
  byId("tally-body").addEventListener("click", (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-cause]");
    if (button === null) return;
    const cause = button.dataset.cause ?? "";
    const units = Number(button.dataset.units);
    void act(target, texts(cause), async (options) => showOutcome(target, await recordDeaths(excelRun, { cause, units, tally: true }, options)));
  });
}

function showEnded(outcome: CenturyEndInExcel, ledger: boolean, target: HTMLElement = byId("century-result")): void {
  show(outcome.status);
  showCenturyEnd(target, outcome, ledger, goTo);
}

/** A question before an irreversible click: shown under its button, focused on Cancel. */
function ask(panel: string, question: string, yes: string, onYes: () => void): void {
  const box = byId(panel);
  byId(`${panel.replace(/-confirm$/, "")}-question`).textContent = question;
  const yesButton = byId<HTMLButtonElement>(`${panel.replace(/-confirm$/, "")}-yes`);
  yesButton.textContent = yes;
  yesButton.onclick = () => {
    box.hidden = true;
    onYes();
  };
  box.hidden = false;
  byId(`${panel.replace(/-confirm$/, "")}-no`).focus();
}

/**
 * A question before a payment or a credit: every warning that changes what someone is paid is
 * listed, each named, and the Yes says it pays despite them. The action pays only when it finds
 * no other such warning than those shown; when the tables changed meanwhile and it finds one,
 * nothing is paid and the question comes back with it (`again`).
 */
function askToPay(panel: string, question: string, yes: string, pay: readonly Problem[], notes: readonly string[], run: (accepted: string[], again: (unseen: readonly Problem[]) => void) => void): void {
  byId(`${panel.replace(/-confirm$/, "")}-warnings`).replaceChildren(...warningItems(pay, notes));
  ask(panel, question, payDespite(yes, pay), () =>
    run(
      pay.map(describeProblem),
      (unseen) => askToPay(panel, `Nothing was paid yet: the tables say something new that changes what someone is paid. ${question}`, yes, [...pay, ...unseen], notes, run),
    ),
  );
}

function wireConfirm(panel: string, back: string): void {
  byId(`${panel}-no`).addEventListener("click", () => {
    byId(`${panel}-confirm`).hidden = true;
    byId(back).focus();
  });
}

function wireCentury(): void {
  const target = byId("century-result");
  const texts = (n: number | undefined): StepTexts => ({ reading: "Reading the campaign tables…", writing: `Writing the worksheets of century ${n} and the Ledger…` });
  const pay = (n: number, redo: boolean) => (accepted: string[], again: (unseen: readonly Problem[]) => void) =>
    void act(target, texts(n), async (options) => {
      const outcome = await endCentury(excelRun, n, { ...options, unpaid: !redo, accepted });
      if (outcome.unaccepted !== undefined && outcome.unaccepted.length > 0) {
        show(outcome.status, false);
        again(outcome.unaccepted);
        return;
      }
      showEnded(outcome, true);
      (document.getElementById("century-result-title") ?? target).focus();
    });
  wireConfirm("century", "end-century");
  byId("end-century").addEventListener("click", () => askCentury());
  byId("redo-century").addEventListener("click", () => {
    if (status === null || !status.redo.ready) return;
    const n = status.redo.century;
    byId("century-pay").replaceChildren();
    askToPay("century-confirm", `Calculate century ${n} again from the tables as they are now? Its Ledger rows are replaced: nobody is paid twice, but what was handed out may need correcting.`, `Redo century ${n}`, [], [], pay(n, true));
  });
  askCentury = () => {
    if (status === null) return;
    const n = status.nextCentury;
    target.replaceChildren();
    byId("century-pay").replaceChildren(...(status.preview === null ? [] : [paymentsTable(`Century ${n}: what each god collects`, status.preview)]));
    askToPay("century-confirm", `Pay century ${n}? The Ledger records it and the gods collect the Paid column.`, `Pay century ${n}`, payWarningsIn(status.problems), centuryWarnings(status), pay(n, false));
  };
  byId("regenerate").addEventListener("click", () => {
    const n = status?.nextCentury;
    const result = byId("worksheets-result");
    void act(result, { reading: "Reading the campaign tables…", writing: `Writing the worksheets of century ${n}…` }, async (options) =>
      showEnded(await regenerateWorksheets(excelRun, undefined, options), false, result),
    );
  });
  wireConfirm("era", "credit-era");
  byId("credit-era").addEventListener("click", () => {
    if (status === null || !status.eraEnd.ready) return;
    const n = status.eraEnd.century;
    const result = byId("era-result");
    askToPay("era-confirm", `Credit the era ending with century ${n}? Its era-end sources are counted from century ${n}'s Counts.`, "Credit the era's end", [], [], (accepted, again) =>
      void act(result, { reading: "Reading the campaign tables…", writing: "Crediting the era's end…" }, async (options) => {
        const outcome = await creditEraEnd(excelRun, n, { ...options, accepted });
        show(outcome.status, outcome.unaccepted === undefined || outcome.unaccepted.length === 0);
        if (outcome.unaccepted !== undefined && outcome.unaccepted.length > 0) again(outcome.unaccepted);
        else showCredit(result, outcome, goTo);
      }),
    );
  });
  // The ribbon's End century button runs in this page too (see src/commands): it only asks,
  // here, after reading the campaign afresh.
  onCenturyEndNews(() => {
    void refresh(target).then(() => {
      byId("century-title").scrollIntoView();
      if (status !== null && status.nextCentury > 0 && !byId<HTMLButtonElement>("end-century").disabled) askCentury();
      else byId("end-century").focus();
    });
  });
}

function wireBook(): void {
  const target = byId("event-result");
  byId<HTMLInputElement>("event-times").max = String(MAX_TIMES);
  const preview = () => status !== null && renderEventPreview(status);
  byId("event-name").addEventListener("change", preview);
  byId("event-times").addEventListener("input", preview);
  wireConfirm("event", "credit-event");
  byId("event-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (status === null) return;
    const name = byId<HTMLSelectElement>("event-name").value;
    const times = byId<HTMLInputElement>("event-times").valueAsNumber;
    const event = status.events.find((x) => x.name === name);
    if (event === undefined) return;
    const n = Number.isSafeInteger(times) && times >= 1 ? times : NaN;
    if (Number.isNaN(n) || n > MAX_TIMES) {
      showMessage(target, "error", `Times: write how many times the event happened, a whole number from 1 to ${MAX_TIMES}.`);
      return;
    }
    const again = event.repeat;
    const what = n === 1 ? `"${name}"` : `"${name}" ${n} times`;
    const who = event.perEvent.length === 0 ? "It credits nobody." : `It credits ${event.perEvent.map((p) => `${p.god} ${shown(p.mana * n)}`).join(", ")}.`;
    const question = again ? `"${name}" was the last credit already. Did it happen again? ${who}` : `Credit ${what} in century ${status.nextCentury}? ${who}`;
    target.replaceChildren();
    askToPay("event-confirm", question, again ? "Yes, it happened again" : "Credit it", [], [], (accepted, askAgain) =>
      void act(target, { reading: "Reading the campaign tables…", writing: `Crediting ${name}…` }, async (options) => {
        const outcome = await creditEvent(excelRun, name, { times: n, again }, { ...options, accepted });
        show(outcome.status, outcome.unaccepted === undefined || outcome.unaccepted.length === 0);
        if (outcome.unaccepted !== undefined && outcome.unaccepted.length > 0) {
          askAgain(outcome.unaccepted);
          return;
        }
        showCredit(target, outcome, goTo);
        if (outcome.written) byId<HTMLInputElement>("event-times").value = "1";
      }),
    );
  });
  wireConfirm("undo", "undo-credit");
  byId("undo-credit").addEventListener("click", () => {
    const latest = status?.credits[0];
    if (latest?.undoable !== true) return;
    const result = byId("undo-result");
    ask("undo-confirm", `Take back ${latest.label}? Its Ledger rows are deleted and the accounts go back to what they carried before; take back the whole mana it paid.`, "Take it back", () =>
      void act(result, { reading: "Reading the campaign tables…", writing: "Taking the credit back…" }, async (options) => {
        // Only the credit the gamemaster was asked about: another may have been made meanwhile.
        const outcome = await undoLatestCredit(excelRun, options, latest.label);
        show(outcome.status);
        showCredit(result, outcome, goTo, true);
      }),
    );
  });
}

function wireReferee(): void {
  const target = byId("referee-result");
  wireConfirm("referee", "war-show");
  const optionalWhole = (id: string): number | undefined => {
    const text = byId<HTMLInputElement>(id).value.trim();
    return text === "" ? undefined : Number(text);
  };
  /** Shows the action (reading only), then asks before writing it. */
  const previewThenAsk = (what: string, action: (options: ActionOptions & { dryRun?: boolean }) => Promise<RefereeOutcome>) => {
    target.replaceChildren();
    byId("referee-confirm").hidden = true;
    void act(target, { reading: "Reading the campaign tables…", writing: "Reading the campaign tables…" }, async (options) => {
      const seen = await action({ ...options, dryRun: true });
      show(seen.status);
      const errors = errorsIn(seen.problems);
      if (errors.length > 0) {
        showProblems(target, "Nothing can be written:", errors, goTo);
        return;
      }
      if (seen.preview.deaths.length === 0 && seen.preview.changes.length === 0) {
        showMessage(target, "info", seen.message || "There is nothing to write.", seen.details);
        return;
      }
      byId("referee-preview").replaceChildren(...[...seen.details, ...refereeLines(seen.preview)].map((line) => el("li", { text: line })));
      ask("referee-confirm", `${seen.message} Write it?`, `Write the ${what}`, () =>
        void act(target, { reading: "Reading the campaign tables…", writing: `Writing the ${what}…` }, async (o) => showOutcome(target, await action(o))),
      );
    });
  };
  byId("war-show").addEventListener("click", () => {
    const side = (id: string) => {
      const strength = optionalWhole(`${id}-strength`);
      return { race: byId<HTMLSelectElement>(id).value, ...(strength === undefined ? {} : { strength }) };
    };
    const order = { a: side("war-a"), b: side("war-b") };
    previewThenAsk("war", (options) => runWar(excelRun, order, options));
  });
  byId("disaster-show").addEventListener("click", () => {
    const hits = disasterHits()
      .filter((h) => h.text !== "")
      .map((h) => ({ race: h.race, deaths: Number(h.text) }));
    const cause = byId<HTMLInputElement>("disaster-cause").value.trim();
    const order = { elements: byId<HTMLInputElement>("disaster-elements").value, global: byId<HTMLInputElement>("disaster-global").checked, hits, ...(cause === "" ? {} : { cause }) };
    if (hits.length === 0) {
      showMessage(target, "error", "Write the deaths before resistances for at least one race struck.");
      return;
    }
    previewThenAsk("disaster", (options) => runDisaster(excelRun, order, options));
  });
  byId("growth-show").addEventListener("click", () => previewThenAsk("growth", (options) => runGrowth(excelRun, options)));
}

// ---- Heaven timers --------------------------------------------------------------------------

const TIMERS_KEY = "gods.heavenTimers";
let timers: Timer[] = [];

function saveTimers(): void {
  try {
    localStorage.setItem(TIMERS_KEY, JSON.stringify(timers));
  } catch {
    // Storage may be off in this host: the timers then last as long as the pane.
  }
}

function drawTimers(): void {
  const now = Date.now();
  byId("timers-none").hidden = timers.length > 0;
  byId("timers").replaceChildren(
    ...timers.map((t) => {
      const over = ended(t, now);
      const stop = el("button", { text: over ? "Clear" : "Stop", className: "small", attrs: { type: "button", "data-timer": t.id, "aria-label": `${over ? "Clear" : "Stop"} the timer of ${t.who}` } });
      return el(
        "li",
        { className: over ? "over" : "", attrs: { "data-timer": t.id } },
        el("span", { className: "what", text: over ? endedText(t) : `${t.who}: ${kindOf(t).label}` }),
        el("span", { className: "left", text: remaining(t, now) }),
        stop,
      );
    }),
  );
}

/** Once a second: the time left, and a word when a timer ends. */
function tickTimers(): void {
  const now = Date.now();
  for (const t of timers) {
    const row = document.querySelector<HTMLElement>(`#timers li[data-timer="${t.id}"]`);
    if (row === null) continue;
    const left = row.querySelector(".left");
    if (left !== null) left.textContent = remaining(t, now);
    if (ended(t, now) && !row.classList.contains("over")) {
      byId("timers-news").textContent = endedText(t);
      drawTimers();
      return;
    }
  }
}

function wireTimers(): void {
  timers = parseTimers(((): string | null => {
    try {
      return localStorage.getItem(TIMERS_KEY);
    } catch {
      return null;
    }
  })());
  setOptions(
    byId<HTMLSelectElement>("timer-kind"),
    TIMER_KINDS.map((k) => ({ value: k.id, label: `${k.label}, ${k.minutes} min` })),
  );
  byId("timer-start").addEventListener("click", () => {
    const kind = TIMER_KINDS.find((k) => k.id === byId<HTMLSelectElement>("timer-kind").value) ?? (TIMER_KINDS[0] as (typeof TIMER_KINDS)[number]);
    const timer = startTimer(kind, byId<HTMLInputElement>("timer-who").value, Date.now());
    timers = [...timers, timer].sort((a, b) => a.ends - b.ends);
    saveTimers();
    drawTimers();
    byId("timers-news").textContent = `${timer.who}: ${kind.label}, ${kind.minutes} minutes from now.`;
    byId<HTMLInputElement>("timer-who").value = "";
  });
  byId("timers").addEventListener("click", (e) => {
    const id = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-timer]")?.dataset.timer;
    if (id === undefined) return;
    timers = timers.filter((t) => t.id !== id);
    saveTimers();
    drawTimers();
    byId("timer-kind").focus();
  });
  drawTimers();
  setInterval(tickTimers, 1000);
}

function wirePantheons(): void {
  const race = () => byId<HTMLSelectElement>("pantheon-race").value;
  const texts = (writing: string): StepTexts => ({ reading: "Reading the campaign tables…", writing });

  byId("pantheon-race").addEventListener("change", () => {
    if (status === null) return;
    renderRace(status);
    fillProposal();
    // Results about the race chosen before would mislead next to this one.
    for (const id of ["cult-result", "turmoil-result", "check-result", "turmoil-effect"]) byId(id).replaceChildren();
    byId<HTMLSelectElement>("turmoil-roll").value = "";
  });
  byId("apply-cult").addEventListener("click", () => {
    const deity = byId<HTMLSelectElement>("cult-deity").value;
    const points = byId<HTMLInputElement>("cult-points").valueAsNumber;
    const target = byId("cult-result");
    void act(target, texts(`Applying the cult of ${deity}…`), async (options) => showOutcome(target, await applyCult(excelRun, race(), deity, points, options)));
  });
  byId("toggle-turmoil").addEventListener("click", () => {
    const on = !(status !== null && chosenRace(status)?.turmoil === true);
    const target = byId("turmoil-result");
    void act(target, texts(on ? "Marking the turmoil…" : "Clearing the turmoil mark…"), async (options) => showOutcome(target, await setTurmoil(excelRun, race(), on, options)));
  });
  byId("turmoil-roll").addEventListener("change", () => {
    const roll = byId<HTMLSelectElement>("turmoil-roll").value;
    byId("turmoil-effect").textContent = roll === "" ? "" : `A roll of ${roll}: ${turmoil(Number(roll))}.`;
  });
  byId("proposal-add").addEventListener("change", () => {
    const member = byId<HTMLSelectElement>("proposal-add").value;
    if (member === "") return;
    const row = proposalRow(member, 0);
    byId("proposal").append(row);
    offerMembers();
    row.querySelector("input")?.focus();
  });
  byId("check-change").addEventListener("click", () => {
    const proposed = proposalMembers().map((i) => ({ member: i.dataset.member ?? "", share: i.value.trim() === "" ? 0 : i.valueAsNumber }));
    const verdict = byId("check-verdict");
    verdict.textContent = "";
    const target = byId("check-result");
    target.replaceChildren();
    void act(target, texts("Checking…"), async (options) => {
      const result = await checkPantheonChange(excelRun, race(), proposed, options);
      show(result.status);
      if (result.problems.length > 0) {
        showProblems(target, "The change cannot be checked:", result.problems, goTo);
        return;
      }
      verdict.className = `verdict ${result.accepted === true ? "accepted" : "vetoed"}`;
      verdict.textContent = result.message;
    });
  });

  const confirm = byId("obliterate-confirm");
  byId("obliterate").addEventListener("click", () => {
    const god = byId<HTMLSelectElement>("obliterate-god").value;
    if (god === "") return;
    byId("obliterate-question").textContent = `Obliterate ${god}? Every share ${god} holds in a pantheon goes to the other gods there (to Atheism where no god is left), and ${god}'s Cards rows are deleted. The pane cannot undo this.`;
    byId("obliterate-yes").textContent = `Yes, obliterate ${god}`;
    confirm.hidden = false;
    byId("obliterate-no").focus();
  });
  byId("obliterate-no").addEventListener("click", () => {
    confirm.hidden = true;
    byId("obliterate").focus();
  });
  byId("obliterate-yes").addEventListener("click", () => {
    const god = byId<HTMLSelectElement>("obliterate-god").value;
    confirm.hidden = true;
    const target = byId("obliterate-result");
    void act(target, texts(`Obliterating ${god}…`), async (options) => {
      showOutcome(target, await obliterateGod(excelRun, god, options));
      fillProposal(true);
    });
    byId("obliterate").focus();
  });
}

// ---- Starting ----------------------------------------------------------------------------

function startInExcel(): void {
  watchTheme();
  byId("starting").hidden = true;
  byId("app").hidden = false;
  byId("refresh").addEventListener("click", () => void refresh());
  wireSetup();
  wireDeaths();
  wireBook();
  wireCentury();
  wireReferee();
  wireTimers();
  wirePantheons();
  void refresh().then(watchChanges);
}

// ---- Following the workbook ----------------------------------------------------------------

/** How long the pane waits after a change before reading the campaign again. */
const SETTLE_MS = 1500;
let pending: ReturnType<typeof setTimeout> | undefined;

/** Reads the campaign again once changes settle, unless an action is under way (it shows its own result). */
function changed(): void {
  if (pending !== undefined) return;
  pending = setTimeout(() => {
    pending = undefined;
    if (running > 0) return changed();
    void readStatus(excelRun)
      .then((next) => {
        if (running === 0) show(next);
      })
      .catch((e: unknown) => console.warn("The Gods II pane, following the workbook:", e));
  }, SETTLE_MS);
}

/**
 * Keeps the pane (the preview of the century end above all) in step with the workbook: Excel
 * tells of every change to a worksheet ("WorksheetCollection.onChanged", ExcelApi 1.9).
 */
async function watchChanges(): Promise<void> {
  if (!Office.context.requirements.isSetSupported("ExcelApi", "1.9")) return;
  try {
    await excelRun(async (context) => {
      context.workbook.worksheets.onChanged?.add(async () => changed());
      await context.sync();
    });
  } catch (e) {
    console.warn("The Gods II pane: Excel does not tell of changes here; the preview follows each action only.", e);
  }
}

function startOutside(): void {
  byId("starting").hidden = true;
  byId("outside").hidden = false;
}

if (typeof Office === "undefined") startOutside();
else void Office.onReady((info) => (info.host === Office.HostType.Excel ? startInExcel() : startOutside()));
