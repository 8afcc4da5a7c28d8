/**
 * Shows the campaign's status and the actions' results in the pane. Only showing: what a
 * click does is wired in taskpane.ts.
 */
import type { CenturyEndInExcel } from "../workbook/office/actions";
import { describeProblem, errorsIn, warningsIn, type Problem } from "../workbook/model/problems";
import { LEDGER, sheetNames } from "../workbook/model/schema";
import type { CampaignStatus, RaceStatus } from "../workbook/tools/status";
import { byId, el, setOptions, shown } from "./dom";

export type Tone = "done" | "info" | "error";

/** Called when the gamemaster clicks a problem that points at a cell. */
export type GoTo = (address: string, from: HTMLElement) => void;

/** The list of problems, each a button that selects its cell when the problem has one. */
export function problemList(problems: readonly Problem[], goTo: GoTo): HTMLUListElement {
  const list = el("ul", { className: "problems" });
  for (const p of problems) {
    const tag = el("span", { className: "tag", text: p.severity === "error" ? "Error" : "Warning" });
    const text = el("span", { text: describeProblem(p) });
    let item: HTMLElement;
    if (p.address !== undefined) {
      const address = p.address;
      item = el("button", { className: "problem-link", attrs: { type: "button", title: `Select ${address}` } }, tag, text, el("span", { className: "where", text: `Go to ${address}` }));
      item.addEventListener("click", () => goTo(address, item));
    } else {
      item = el("div", { className: "problem-text" }, tag, text);
    }
    list.append(el("li", { className: p.severity }, item));
  }
  return list;
}

/** A message in one of the sections' result areas. */
export function showMessage(target: HTMLElement, tone: Tone, message: string, details: readonly string[] = []): void {
  const box = el("div", { className: `message ${tone}`, attrs: tone === "error" ? { role: "alert" } : {} }, el("p", { text: message }));
  if (details.length > 0) box.append(el("ul", {}, ...details.map((d) => el("li", { text: d }))));
  target.replaceChildren(box);
}

/** Why an action wrote nothing: the problems, each leading to its cell. */
export function showProblems(target: HTMLElement, heading: string, problems: readonly Problem[], goTo: GoTo): void {
  target.replaceChildren(el("div", { className: "message error", attrs: { role: "alert" } }, el("p", { text: heading }), problemList(problems, goTo)));
}

function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function renderTables(status: CampaignStatus): void {
  const inputs = status.tables.filter((t) => t.name !== LEDGER.name);
  const found = inputs.filter((t) => t.found !== undefined).length;
  byId("tables-summary").textContent = `Tables: ${found} of ${inputs.length} found`;
  byId("tables").replaceChildren(
    ...status.tables.map((t) => {
      const where = t.found === undefined ? "" : `${t.found.isTable ? "table" : "sheet"} on ${t.found.sheet}, ${plural(t.found.rows, "row")}`;
      const missing = t.name === LEDGER.name ? "none yet: the first century end adds it" : t.required ? "missing: add it under Set up" : "missing (optional)";
      return el(
        "li",
        { className: t.found === undefined ? (t.required ? "missing" : "absent") : "found" },
        el("span", { className: "mark", text: t.found === undefined ? (t.required ? "✗" : "–") : "✓", attrs: { "aria-hidden": "true" } }),
        el("strong", { text: t.name }),
        el("span", { text: ` — ${t.found === undefined ? missing : where}` }),
      );
    }),
  );
  const lacking = inputs.some((t) => t.required && t.found === undefined);
  byId("tables-details").toggleAttribute("open", lacking);
  byId("setup-needed").hidden = !lacking;
}

function renderCampaign(status: CampaignStatus, goTo: GoTo): void {
  byId("next-century").textContent = String(status.nextCentury);
  byId("count-gods").textContent = String(status.counts.gods);
  byId("count-races").textContent = String(status.counts.races);
  byId("count-sources").textContent = String(status.counts.sources);
  for (const span of document.querySelectorAll(".century-in-play")) span.textContent = String(status.nextCentury);
  byId("end-century").textContent = `End century ${status.nextCentury}`;
  renderTables(status);
  const errors = errorsIn(status.problems);
  const problems = [...errors, ...warningsIn(status.problems)];
  byId("problems-title").textContent =
    problems.length === 0 ? "Problems" : `Problems: ${[errors.length > 0 ? plural(errors.length, "error") : "", problems.length > errors.length ? plural(problems.length - errors.length, "warning") : ""].filter(Boolean).join(", ")}`;
  byId("problems-none").hidden = problems.length > 0;
  byId("problems-hint").hidden = !problems.some((p) => p.address !== undefined);
  const list = problemList(problems, goTo);
  list.id = "problems";
  list.setAttribute("aria-labelledby", "problems-title");
  byId("problems").replaceWith(list);
}

function renderDeaths(status: CampaignStatus): void {
  byId("cause-list").replaceChildren(...status.causes.map((c) => el("option", { attrs: { value: c.cause } })));
  setOptions(byId<HTMLSelectElement>("death-race"), [{ value: "", label: "—" }, ...status.races.map((r) => ({ value: r.race, label: r.race }))]);
  byId("tally-none").hidden = status.causes.length > 0;
  byId("tally").hidden = status.causes.length === 0;
  byId("tally-body").replaceChildren(
    ...status.causes.map((c, i) =>
      el(
        "tr",
        {},
        el("th", { text: c.cause, attrs: { scope: "row" } }),
        el("td", { className: "num", text: shown(c.units) }),
        el(
          "td",
          { className: "add" },
          ...[1, 5].map((n) =>
            el("button", {
              text: `+${n}`,
              className: "small",
              attrs: { type: "button", id: `tally-${i}-${n}`, "data-cause": c.cause, "data-units": String(n), "aria-label": `Add ${plural(n, `${c.cause} death`)}` },
            }),
          ),
        ),
      ),
    ),
  );
}

function sharesTable(race: RaceStatus): HTMLElement {
  return el(
    "table",
    { className: "shares" },
    el("caption", { className: "visually-hidden", text: `Pantheon of the ${race.race}` }),
    el("thead", {}, el("tr", {}, el("th", { text: "Member", attrs: { scope: "col" } }), el("th", { text: "Share", className: "num", attrs: { scope: "col" } }))),
    el("tbody", {}, ...race.shares.map((s) => el("tr", {}, el("th", { text: s.member, attrs: { scope: "row" } }), el("td", { className: "num", text: `${shown(s.share)}%` })))),
  );
}

/** The race chosen in the Pantheons section, if any. */
export function chosenRace(status: CampaignStatus): RaceStatus | undefined {
  const name = byId<HTMLSelectElement>("pantheon-race").value;
  return status.races.find((r) => r.race === name);
}

/** Shows the chosen race's pantheon and turmoil; the proposal is the pane's to keep (see taskpane.ts). */
export function renderRace(status: CampaignStatus): void {
  const race = chosenRace(status);
  const current = byId("pantheon-current");
  const turmoilState = byId("turmoil-state");
  const toggle = byId("toggle-turmoil");
  if (race === undefined) {
    current.replaceChildren(el("p", { className: "hint", text: "The Races table has no races yet." }));
    turmoilState.textContent = "–";
    toggle.textContent = "Start turmoil";
    return;
  }
  const parts: HTMLElement[] = [];
  if (race.turmoil) parts.push(el("p", { className: "badge", text: "In religious turmoil: no worship this century" }));
  if (race.shares.length > 0) parts.push(sharesTable(race));
  if (race.problem !== undefined) parts.push(el("p", { className: "message error", text: race.problem.replace(/^(\S)/, (c) => c.toUpperCase()) }));
  current.replaceChildren(...parts);
  turmoilState.textContent = race.turmoil
    ? `The ${race.race} are in religious turmoil: they give no worship this century.`
    : `The ${race.race} are not in religious turmoil.`;
  toggle.textContent = race.turmoil ? `End the turmoil of the ${race.race}` : `Start turmoil for the ${race.race}`;
}

function renderPantheons(status: CampaignStatus): void {
  setOptions(
    byId<HTMLSelectElement>("pantheon-race"),
    status.races.map((r) => ({ value: r.race, label: r.race })),
  );
  setOptions(
    byId<HTMLSelectElement>("cult-deity"),
    status.members.map((m) => ({ value: m, label: m })),
  );
  setOptions(
    byId<HTMLSelectElement>("obliterate-god"),
    status.gods.filter((g) => !g.demon).map((g) => ({ value: g.name, label: g.name })),
  );
  renderRace(status);
}

const FACTOR_WORDS: Readonly<Record<number, string>> = {
  1: "Every mana source pays in full",
  0.5: "Halve every mana source",
  0.25: "Quarter every mana source",
};

function renderMana(status: CampaignStatus): void {
  const m = status.mana;
  const body = byId("mana-body");
  if (!m.column) {
    body.replaceChildren(
      el("p", { text: "Add a Mana column to the Gods table, with the mana each character has now: the pane then shows the average per character and how much every mana source should pay." }),
    );
    return;
  }
  const parts: HTMLElement[] = [];
  if (m.average !== undefined && m.factor !== undefined) {
    parts.push(
      el(
        "dl",
        { className: "facts two" },
        el("div", {}, el("dt", { text: "Average per character" }), el("dd", { text: shown(m.average) })),
        el("div", {}, el("dt", { text: "Characters" }), el("dd", { text: String(m.characters) })),
        el("div", { className: "fact-main" }, el("dt", { text: "Factor" }), el("dd", { text: String(m.factor) })),
      ),
      el("p", { className: m.factor === 1 ? "ok" : "badge", text: `${FACTOR_WORDS[m.factor] ?? ""} (factor ${m.factor}).` }),
      el("p", { className: "hint", text: "The century end does not scale mana by itself: apply the factor to the Rate column of the Sources table between sessions." }),
    );
  } else if (m.problems.length > 0) {
    parts.push(el("p", { className: "message error", text: "Some Mana cells are not numbers; see the problems under Campaign." }));
  } else {
    parts.push(el("p", { text: "The Mana column is empty: write each character's mana to see the average." }));
  }
  if (m.unwritten.length > 0) parts.push(el("p", { className: "hint", text: `Left out of the average (no mana written): ${m.unwritten.join(", ")}.` }));
  body.replaceChildren(...parts);
}

/** Everything that depends on the campaign. */
export function renderStatus(status: CampaignStatus, goTo: GoTo): void {
  renderCampaign(status, goTo);
  const missing = status.tables.filter((t) => t.name !== LEDGER.name && t.found === undefined).map((t) => t.name);
  byId("create-tables").hidden = missing.length === 0;
  byId("setup-text").textContent =
    missing.length === 0
      ? "Every input table is in this workbook."
      : `This workbook lacks ${missing.length === 1 ? "the table" : `${missing.length} tables`} ${missing.join(", ")}. Add them, each on a sheet of its own with its headers.`;
  renderDeaths(status);
  renderPantheons(status);
  renderMana(status);
}

/** What each god collects after a century end, or why nothing was written. */
export function showCenturyEnd(target: HTMLElement, outcome: CenturyEndInExcel, ledger: boolean, goTo: GoTo): void {
  if (!outcome.written) {
    showProblems(target, `Nothing was written: century ${outcome.century} has ${plural(errorsIn(outcome.problems).length, "problem")} to fix first.`, errorsIn(outcome.problems), goTo);
    return;
  }
  const names = sheetNames(outcome.century);
  const heading = ledger ? `Century ${outcome.century} is paid` : `Worksheets of century ${outcome.century} written; nobody was paid`;
  const table = el(
    "table",
    { className: "payments" },
    el("caption", { text: ledger ? "Mana each god collects now" : "Mana each god would collect" }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { text: "God", attrs: { scope: "col" } }),
        el("th", { text: "Earned", className: "num", attrs: { scope: "col" } }),
        el("th", { text: "Collects", className: "num", attrs: { scope: "col" } }),
        el("th", { text: "Carried", className: "num", attrs: { scope: "col" } }),
      ),
    ),
    el(
      "tbody",
      {},
      ...outcome.payments.map((p) =>
        el("tr", {}, el("th", { text: p.god, attrs: { scope: "row" } }), el("td", { className: "num", text: shown(p.earned) }), el("td", { className: "num strong", text: shown(p.paid) }), el("td", { className: "num", text: shown(p.carry) })),
      ),
    ),
  );
  const box = el(
    "div",
    { className: "message done" },
    el("h3", { text: heading, attrs: { tabindex: "-1", id: "century-result-title" } }),
    table,
    el("p", { className: "hint", text: "Collects is the whole mana, paid now (with what was carried in); the fraction left is carried to the next century." }),
    el("p", { className: "hint", text: `Written: ${names.deaths}, ${names.centuryEnd}, ${names.mana}${ledger ? " and the Ledger" : ""}.` }),
  );
  const warnings = warningsIn(outcome.problems);
  if (warnings.length > 0) {
    box.append(el("details", {}, el("summary", { text: plural(warnings.length, "warning") }), problemList(warnings, goTo)));
  }
  target.replaceChildren(box);
}
