/** The pantheons card: a race's pantheon and turmoil, a cult, a proposed change checked, a god obliterated. */
import { turmoil } from "../../engine/pantheon";
import { excelRun } from "../../workbook/office";
import { refereeTools } from "../later";
import type { CampaignStatus, RaceStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el, setOptions, shown } from "../dom";
import { steps } from "../messages";
import { showProblems } from "../render";
import { act, goTo, onStatus, show, showOutcome, status, write } from "../state";

/** The race chosen in the Pantheons section, if any. */
function chosenRace(current: CampaignStatus): RaceStatus | undefined {
  const name = byId("pantheon-race", HTMLSelectElement).value;
  return current.races.find((r) => r.race === name);
}

function sharesTable(race: RaceStatus): HTMLElement {
  return el(
    "table",
    { className: "shares" },
    el("caption", { className: "visually-hidden", text: `Pantheon of the ${race.race}` }),
    el(
      "thead",
      {},
      el("tr", {}, el("th", { text: "Member", attrs: { scope: "col" } }), el("th", { text: "Share", className: "num", attrs: { scope: "col" } })),
    ),
    el(
      "tbody",
      {},
      ...race.shares.map((s) =>
        el("tr", {}, el("th", { text: s.member, attrs: { scope: "row" } }), el("td", { className: "num", text: `${shown(s.share)}%` })),
      ),
    ),
  );
}

/** Shows the chosen race's pantheon and turmoil; the proposal is the card's to keep (see fillProposal). */
function renderRace(current: CampaignStatus): void {
  const race = chosenRace(current);
  const shownNow = byId("pantheon-current");
  const turmoilState = byId("turmoil-state");
  const toggle = byId("toggle-turmoil");
  if (race === undefined) {
    shownNow.replaceChildren(el("p", { className: "hint", text: "The Races table has no races yet." }));
    turmoilState.textContent = "–";
    toggle.textContent = "Start turmoil";
    return;
  }
  const parts: HTMLElement[] = [];
  if (race.turmoil) parts.push(el("p", { className: "badge", text: "In religious turmoil: no worship this century" }));
  if (race.shares.length > 0) parts.push(sharesTable(race));
  if (race.problem !== undefined) parts.push(el("p", { className: "message error", text: race.problem.replace(/^(\S)/, (c) => c.toUpperCase()) }));
  shownNow.replaceChildren(...parts);
  turmoilState.textContent = race.turmoil
    ? `The ${race.race} are in religious turmoil: they give no worship this century.`
    : `The ${race.race} are not in religious turmoil.`;
  toggle.textContent = race.turmoil ? `End the turmoil of the ${race.race}` : `Start turmoil for the ${race.race}`;
}

/** The shares the proposal was last filled with, per race: a status that keeps them keeps the gamemaster's edits. */
let proposalBase = "";

function proposalRow(member: string, share: number): HTMLElement {
  const id = `proposal-${member.replace(/[^A-Za-z0-9]/g, "_")}-${byId("proposal").children.length}`;
  const input = el("input", { attrs: { id, type: "number", min: "0", max: "100", step: "any", inputmode: "decimal", "data-member": member } });
  input.value = String(Number(share.toFixed(4)));
  return el(
    "div",
    { className: "proposal-row" },
    el("label", { text: member, attrs: { for: id } }),
    input,
    el("span", { text: "%", attrs: { "aria-hidden": "true" } }),
  );
}

function proposalMembers(): HTMLInputElement[] {
  return [...byId("proposal").querySelectorAll<HTMLInputElement>("input[data-member]")];
}

function offerMembers(current: CampaignStatus): void {
  const present = new Set(proposalMembers().map((i) => i.dataset.member));
  setOptions(byId("proposal-add", HTMLSelectElement), [
    { value: "", label: "Choose a member…" },
    ...current.members.filter((m) => !present.has(m)).map((m) => ({ value: m, label: m })),
  ]);
  byId("proposal-add", HTMLSelectElement).value = "";
}

function fillProposal(current: CampaignStatus, force = false): void {
  const race = chosenRace(current);
  const base = JSON.stringify([race?.race, race?.shares]);
  if (!force && base === proposalBase) return;
  proposalBase = base;
  byId("proposal").replaceChildren(...(race?.shares ?? []).map((s) => proposalRow(s.member, s.share)));
  byId("check-verdict").textContent = "";
  offerMembers(current);
}

function render(current: CampaignStatus): void {
  setOptions(
    byId("pantheon-race", HTMLSelectElement),
    current.races.map((r) => ({ value: r.race, label: r.race })),
  );
  setOptions(
    byId("cult-deity", HTMLSelectElement),
    current.members.map((m) => ({ value: m, label: m })),
  );
  setOptions(
    byId("obliterate-god", HTMLSelectElement),
    current.gods.filter((g) => !g.demon).map((g) => ({ value: g.name, label: g.name })),
  );
  renderRace(current);
  fillProposal(current);
}

export function wirePantheons(): void {
  onStatus(render);
  const race = () => byId("pantheon-race", HTMLSelectElement).value;

  byId("pantheon-race").addEventListener("change", () => {
    const current = status();
    if (current === null) return;
    renderRace(current);
    fillProposal(current);
    // Results about the race chosen before would mislead next to this one.
    for (const id of ["cult-result", "turmoil-result", "check-result", "turmoil-effect"] as const) byId(id).replaceChildren();
    byId("turmoil-roll", HTMLSelectElement).value = "";
  });
  byId("apply-cult").addEventListener("click", () => {
    const deity = byId("cult-deity", HTMLSelectElement).value;
    const points = byId("cult-points", HTMLInputElement).valueAsNumber;
    const target = byId("cult-result");
    void write(target, steps(`Applying the cult of ${deity}…`), `cult:${JSON.stringify([race(), deity, points])}`, async (options) => {
      showOutcome(target, await (await refereeTools()).applyCult(excelRun, race(), deity, points, options));
    });
  });
  byId("toggle-turmoil").addEventListener("click", () => {
    const current = status();
    const on = !(current !== null && chosenRace(current)?.turmoil === true);
    const target = byId("turmoil-result");
    void write(target, steps(on ? "Marking the turmoil…" : "Clearing the turmoil mark…"), `turmoil:${JSON.stringify([race(), on])}`, async (options) => {
      showOutcome(target, await (await refereeTools()).setTurmoil(excelRun, race(), on, options));
    });
  });
  byId("turmoil-roll").addEventListener("change", () => {
    const roll = byId("turmoil-roll", HTMLSelectElement).value;
    byId("turmoil-effect").textContent = roll === "" ? "" : `A roll of ${roll}: ${turmoil(Number(roll))}.`;
  });
  byId("proposal-add").addEventListener("change", () => {
    const member = byId("proposal-add", HTMLSelectElement).value;
    const current = status();
    if (member === "" || current === null) return;
    const row = proposalRow(member, 0);
    byId("proposal").append(row);
    offerMembers(current);
    row.querySelector("input")?.focus();
  });
  byId("check-change").addEventListener("click", () => {
    const proposed = proposalMembers().map((i) => ({ member: i.dataset.member ?? "", share: i.value.trim() === "" ? 0 : i.valueAsNumber }));
    const verdict = byId("check-verdict");
    verdict.textContent = "";
    const target = byId("check-result");
    target.replaceChildren();
    void act(target, steps("Checking…"), async (options) => {
      const result = await (await refereeTools()).checkPantheonChange(excelRun, race(), proposed, options);
      show(result.status);
      if (result.problems.length > 0) {
        showProblems(target, "The change cannot be checked:", result.problems, goTo);
        return;
      }
      verdict.className = `verdict ${result.accepted === true ? "accepted" : "vetoed"}`;
      verdict.textContent = result.message;
    });
  });

  wireCancel("obliterate", "obliterate");
  byId("obliterate").addEventListener("click", () => {
    const god = byId("obliterate-god", HTMLSelectElement).value;
    if (god === "") return;
    const question = `Obliterate ${god}? Every share ${god} holds in a pantheon goes to the other gods there (to Atheism where no god is left), and ${god}'s Cards rows are deleted. The pane cannot undo this.`;
    ask("obliterate", question, `Yes, obliterate ${god}`, () => {
      const target = byId("obliterate-result");
      void write(target, steps(`Obliterating ${god}…`), `obliterate:${god}`, async (options) => {
        showOutcome(target, await (await refereeTools()).obliterateGod(excelRun, god, options));
        const current = status();
        if (current !== null) fillProposal(current, true);
      });
      byId("obliterate").focus();
    });
  });
}
