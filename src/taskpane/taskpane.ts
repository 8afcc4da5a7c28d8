/**
 * The gamemaster's pane: wires the buttons and forms to the workbook actions and shows what they
 * did. No rule of the game is worked out here; the actions and the engine do that.
 */
import { onCenturyEndNews } from "../commands/events";
import { turmoil } from "../engine/pantheon";
import { endCentury, excelRun, regenerateWorksheets, type ActionOptions, type CenturyEndInExcel } from "../workbook/office/actions";
import {
  applyCult,
  checkPantheonChange,
  createMissingTables,
  obliterateGod,
  readStatus,
  recordDeaths,
  selectCell,
  setTurmoil,
  type EditOutcome,
} from "../workbook/office/tools";
import { errorsIn } from "../workbook/model/problems";
import type { CampaignStatus } from "../workbook/tools/status";
import { byId, el, setOptions } from "./dom";
import { plainError, waitingText, type StepTexts } from "./messages";
import { chosenRace, renderRace, renderStatus, showCenturyEnd, showMessage, showProblems } from "./view";

/** The example campaign as an .xlsx file in base64, made at build time (see webpack.config.js). */
declare const EXAMPLE_WORKBOOK_BASE64: string;

let status: CampaignStatus | null = null;
/** Actions under way (the ribbon's century end may overlap one of the pane's). */
let running = 0;

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
  else progress(`Up to date with the workbook (${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}).`);
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

function show(next: CampaignStatus): void {
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

function showEnded(outcome: CenturyEndInExcel, ledger: boolean): void {
  show(outcome.status);
  showCenturyEnd(byId("century-result"), outcome, ledger, goTo);
}

function wireCentury(): void {
  const target = byId("century-result");
  byId("end-century").addEventListener("click", () => {
    const n = status?.nextCentury;
    void act(target, { reading: "Reading the campaign tables…", writing: `Writing the worksheets of century ${n} and the Ledger…` }, async (options) =>
      showEnded(await endCentury(excelRun, undefined, options), true),
    );
  });
  byId("regenerate").addEventListener("click", () => {
    const n = status?.nextCentury;
    void act(target, { reading: "Reading the campaign tables…", writing: `Writing the worksheets of century ${n}…` }, async (options) =>
      showEnded(await regenerateWorksheets(excelRun, undefined, options), false),
    );
  });
  // The ribbon's End century button runs in this page too (see src/commands).
  onCenturyEndNews((news) => {
    switch (news.state) {
      case "started":
        target.replaceChildren();
        setBusy(true, "Ending the century (from the ribbon)…");
        return;
      case "step":
        progress(news.step === "reading" ? "Reading the campaign tables…" : "Writing the worksheets and the Ledger…");
        return;
      case "waiting":
        progress(waitingText(news.attempt));
        return;
      case "done":
        showEnded(news.outcome, true);
        break;
      case "failed":
        console.warn("The Gods II ribbon command:", news.error);
        showMessage(target, "error", plainError(news.error));
        break;
    }
    setBusy(false);
    byId("century-title").scrollIntoView();
    (document.getElementById("century-result-title") ?? target).focus();
  });
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
  byId("starting").hidden = true;
  byId("app").hidden = false;
  byId("refresh").addEventListener("click", () => void refresh());
  wireSetup();
  wireDeaths();
  wireCentury();
  wirePantheons();
  void refresh();
}

function startOutside(): void {
  byId("starting").hidden = true;
  byId("outside").hidden = false;
}

if (typeof Office === "undefined") startOutside();
else void Office.onReady((info) => (info.host === Office.HostType.Excel ? startInExcel() : startOutside()));
