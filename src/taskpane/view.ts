/**
 * Shows the campaign's status and the actions' results in the pane. Only showing: what a
 * click does is wired in taskpane.ts.
 */
import type { CenturyEndInExcel, CreditInExcel } from "../workbook/office/actions";
import type { Payment } from "../workbook/plan/centuryEnd";
import type { RefereePreview } from "../workbook/tools/referee";
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
}

/** The input tables the campaign needs but the workbook lacks. */
function missingTables(status: CampaignStatus): string[] {
  return status.tables.filter((t) => t.required && t.found === undefined).map((t) => t.name);
}

/** A problem the welcome already tells: a needed table that is missing. */
function toldByWelcome(p: Problem, missing: readonly string[]): boolean {
  return p.severity === "error" && p.row === undefined && missing.includes(p.table) && /has no table or sheet named/.test(p.message);
}

function renderCampaign(status: CampaignStatus, goTo: GoTo): void {
  byId("count-gods").textContent = String(status.counts.gods);
  byId("count-races").textContent = String(status.counts.races);
  byId("count-sources").textContent = String(status.counts.sources);
  for (const span of document.querySelectorAll(".century-in-play")) span.textContent = String(status.nextCentury);
  renderTables(status);

  // A workbook that is not a campaign yet gets a welcome, not a list of missing tables.
  const missing = missingTables(status);
  const fresh = missing.length === status.tables.filter((t) => t.required).length;
  byId("welcome").hidden = missing.length === 0;
  byId("welcome-title").textContent = fresh ? "Welcome" : "Tables missing";
  byId("setup-text").textContent = fresh
    ? "This workbook is not a campaign yet. Set it up (the add-in adds its tables, each on a sheet of its own, for you to fill in), or try the add-in on the example campaign first."
    : `This workbook lacks ${missing.length === 1 ? "the table" : `${missing.length} tables`} ${missing.join(", ")}. Add ${missing.length === 1 ? "it" : "them"}, each on a sheet of its own with its headers.`;
  byId("create-tables").textContent = fresh ? "Set up this workbook" : "Add the missing tables";
  byId("open-example").hidden = !fresh;
  byId("example-hint").hidden = !fresh;

  const errors = errorsIn(status.problems).filter((p) => !toldByWelcome(p, missing));
  const problems = [...errors, ...warningsIn(status.problems)];
  byId("problems-box").hidden = problems.length === 0;
  byId("problems-title").textContent = `Problems: ${[errors.length > 0 ? plural(errors.length, "error") : "", problems.length > errors.length ? plural(problems.length - errors.length, "warning") : ""].filter(Boolean).join(", ")}`;
  byId("problems-hint").hidden = !problems.some((p) => p.address !== undefined);
  const list = problemList(problems, goTo);
  list.id = "problems";
  list.setAttribute("aria-labelledby", "problems-title");
  byId("problems").replaceWith(list);

  const state = byId("state");
  const allErrors = errorsIn(status.problems).length;
  state.className = `state ${missing.length > 0 || allErrors > 0 ? "problem" : "ready"}`;
  state.textContent =
    missing.length > 0
      ? fresh
        ? "Not a campaign yet"
        : `Tables missing: ${missing.join(", ")}`
      : allErrors > 0
        ? `Century ${status.nextCentury} in play · ${plural(allErrors, "problem")} to fix`
        : `Century ${status.nextCentury} in play · ready`;
}

/** Why an action cannot be used now, or undefined when it can. */
export interface Availability {
  readonly deaths?: string;
  readonly event?: string;
  readonly century?: string;
}

export function availability(status: CampaignStatus): Availability {
  const missing = missingTables(status);
  if (missing.length > 0) {
    const why = "Set up the workbook first (above).";
    return { deaths: why, event: why, century: why };
  }
  const errors = errorsIn(status.problems).length;
  const fix = errors === 0 ? undefined : `Fix the ${plural(errors, "problem")} above first: nobody is paid while the campaign has one.`;
  const event = status.events.length === 0 ? "The Sources table has no event source (a source with Timing event)." : fix;
  return { ...(event === undefined ? {} : { event }), ...(fix === undefined ? {} : { century: fix }) };
}

/** Disables what cannot be used now, saying why next to it. */
export function renderAvailability(status: CampaignStatus): void {
  const why = availability(status);
  const sections: [keyof Availability, string, string[]][] = [
    ["deaths", "deaths-reason", ["death-cause", "death-units", "death-race", "death-note", "record-deaths"]],
    ["event", "event-reason", ["event-name", "event-times", "credit-event"]],
    ["century", "century-reason", ["end-century"]],
  ];
  for (const [key, reason, controls] of sections) {
    const text = why[key];
    byId(reason).hidden = text === undefined;
    byId(reason).textContent = text ?? "";
    for (const id of controls) byId<HTMLButtonElement>(id).disabled = text !== undefined;
  }
  for (const b of byId("tally-body").querySelectorAll("button")) b.disabled = why.deaths !== undefined;
  byId<HTMLButtonElement>("credit-era").disabled = !status.eraEnd.ready || why.century !== undefined;
  byId<HTMLButtonElement>("redo-century").disabled = !status.redo.ready || why.century !== undefined;
  byId<HTMLButtonElement>("undo-credit").disabled = status.credits[0]?.undoable !== true;
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
  renderDeaths(status);
  renderBook(status);
  renderCentury(status);
  renderReferee(status);
  renderPantheons(status);
  renderMana(status);
  renderAvailability(status);
}

/** The races to choose for a war, and one deaths box per race for a disaster (what was typed stays). */
function renderReferee(status: CampaignStatus): void {
  const races = status.races.map((r) => ({ value: r.race, label: r.race }));
  setOptions(byId<HTMLSelectElement>("war-a"), [{ value: "", label: "Choose a race…" }, ...races]);
  setOptions(byId<HTMLSelectElement>("war-b"), [{ value: "", label: "Choose a race…" }, ...races]);
  const typed = new Map(disasterHits().map((h) => [h.race, h.text]));
  byId("disaster-hits").replaceChildren(
    ...status.races.map((r, i) => {
      const input = el("input", { attrs: { id: `hit-${i}`, type: "number", min: "0", step: "1", inputmode: "numeric", "data-race": r.race } });
      input.value = typed.get(r.race) ?? "";
      return el("tr", {}, el("th", {}, el("label", { text: r.race, attrs: { for: `hit-${i}` } })), el("td", { className: "num" }, input));
    }),
  );
}

/** The deaths typed for each race in the disaster's table. */
export function disasterHits(): { race: string; text: string }[] {
  return [...document.querySelectorAll<HTMLInputElement>("#disaster-hits input[data-race]")].map((i) => ({ race: i.dataset.race ?? "", text: i.value.trim() }));
}

/** What a referee action will write, as lines: its deaths and its changes to the Races table. */
export function refereeLines(preview: RefereePreview): string[] {
  return [
    ...preview.deaths.map((d) => `Deaths: ${shown(d.units)} ${d.cause}${d.race === null ? "" : ` of the ${d.race}`} (note "${d.note}")`),
    ...preview.changes.map((c) => `${c.race}: ${c.column} ${shown(c.before)} → ${shown(c.after)}`),
  ];
}

/** A payments table: carried in, earned, paid and carried on, per recipient. */
export function paymentsTable(caption: string, payments: readonly Payment[]): HTMLTableElement {
  const head = ["Carried in", "Earned", "Paid", "Carried on"];
  return el(
    "table",
    { className: "payments" },
    el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, el("th", { text: "God", attrs: { scope: "col" } }), ...head.map((h) => el("th", { text: h, className: "num", attrs: { scope: "col" } })))),
    el(
      "tbody",
      {},
      ...payments.map((p) =>
        el(
          "tr",
          {},
          el("th", { text: p.god, attrs: { scope: "row" } }),
          el("td", { className: "num", text: shown(p.carryIn) }),
          el("td", { className: "num", text: shown(p.earned) }),
          el("td", { className: "num strong", text: shown(p.paid) }),
          el("td", { className: "num", text: shown(p.carry) }),
        ),
      ),
    ),
  );
}

/** The events to choose from, what one pays, and the latest credits. */
function renderBook(status: CampaignStatus): void {
  setOptions(
    byId<HTMLSelectElement>("event-name"),
    status.events.map((e) => ({ value: e.name, label: `${e.name} (${e.where === "heaven" ? "Heaven" : "Earth"})` })),
  );
  renderEventPreview(status);
  byId("credits-none").hidden = status.credits.length > 0;
  byId("credits").replaceChildren(
    ...status.credits.map((c) =>
      el(
        "li",
        {},
        el("span", { text: c.label.replace(/^(\S)/, (x) => x.toUpperCase()) }),
        el("span", { className: "paid", text: c.paid.length === 0 ? "nobody was credited" : c.paid.map((p) => `${p.god} ${shown(p.earned)} (paid ${shown(p.paid)})`).join(", ") }),
      ),
    ),
  );
  const latest = status.credits[0];
  byId("undo-credit").hidden = latest?.undoable !== true;
  if (latest?.undoable === true) byId("undo-credit").textContent = `Undo ${latest.label}…`;
}

/** What the chosen event pays each recipient, times the times given. */
export function renderEventPreview(status: CampaignStatus): void {
  const name = byId<HTMLSelectElement>("event-name").value;
  const times = byId<HTMLInputElement>("event-times").valueAsNumber;
  const event = status.events.find((e) => e.name === name);
  const n = Number.isSafeInteger(times) && times >= 1 ? times : 1;
  byId("event-preview").textContent =
    event === undefined ? "" : event.perEvent.length === 0 ? "Nobody holds a card of its spheres: it credits nobody." : `Credits ${event.perEvent.map((p) => `${p.god} ${shown(p.mana * n)}`).join(", ")}.`;
}

/** The century in play: its preview, its buttons, the redo of the latest and the era's end. */
function renderCentury(status: CampaignStatus): void {
  const n = status.nextCentury;
  byId("end-century").textContent = `End century ${n}…`;
  byId("century-yes").textContent = `Pay century ${n}`;
  const preview = status.preview;
  byId("preview-body").replaceChildren(
    preview === null ? el("p", { className: "hint", text: "Shown once the campaign has no problem." }) : paymentsTable(`What each god would collect (updated as the tables change)`, preview),
  );
  byId("redo").hidden = status.redo.century === 0;
  byId("redo-century").textContent = `Redo century ${status.redo.century}…`;
  byId("redo-reason").hidden = status.redo.ready || status.redo.reason === undefined;
  byId("redo-reason").textContent = status.redo.reason === undefined ? "" : `Century ${status.redo.century} cannot be calculated again: ${status.redo.reason}`;
  const era = status.eraEnd;
  byId("era").hidden = !status.hasEraEnd;
  byId("era-text").textContent = era.ready ? `The era ending with century ${era.century} can be credited now (era-end sources, counted from century ${era.century}'s Counts).` : `Not now: ${era.reason ?? ""}`;
  byId("credit-era").textContent = era.ready ? `Credit the era ending with century ${era.century}…` : "Credit the era's end…";
}

/** Notes to read before paying a century, besides the warnings that change pay (see `warningItems`). */
export function centuryWarnings(status: CampaignStatus): string[] {
  const warnings: string[] = [];
  if (status.counts.gods === 0) warnings.push("The Gods table has no god: only the demons' pool can be paid.");
  if (status.counts.sources === 0) warnings.push("The Sources table has no source: nobody earns anything.");
  if (status.deathsInPlay === 0) warnings.push(`No deaths are logged for century ${status.nextCentury}.`);
  for (const p of warningsIn(status.problems)) if (p.changesPay !== true) warnings.push(describeProblem(p));
  return warnings;
}

/** A question's list: the warnings that change what someone is paid first, each marked so, then the notes. */
export function warningItems(pay: readonly Problem[], notes: readonly string[] = []): HTMLElement[] {
  return [
    ...pay.map((p) => el("li", { className: "changes-pay" }, el("strong", { text: "Changes pay: " }), document.createTextNode(describeProblem(p)))),
    ...notes.map((text) => el("li", { text })),
  ];
}

/** The Yes of a payment: it says when it pays despite warnings that change pay. */
export function payDespite(yes: string, pay: readonly Problem[]): string {
  return pay.length === 0 ? yes : `${yes} despite ${plural(pay.length, "warning")}`;
}

/** What each god collects after a century end, or why nothing was written. */
export function showCenturyEnd(target: HTMLElement, outcome: CenturyEndInExcel, ledger: boolean, goTo: GoTo): void {
  if (!outcome.written) {
    showProblems(target, `Nothing was written: century ${outcome.century} has ${plural(errorsIn(outcome.problems).length, "problem")} to fix first.`, errorsIn(outcome.problems), goTo);
    return;
  }
  const names = sheetNames(outcome.century);
  const heading = ledger ? `Century ${outcome.century} is paid` : `Worksheets of century ${outcome.century} written; nobody was paid`;
  const written = ledger ? `${names.deaths}, ${names.centuryEnd}, ${names.mana}, the event worksheets, the distribution points and the Ledger` : `${names.deaths} and ${names.centuryEnd}`;
  const box = el(
    "div",
    { className: "message done" },
    el("h3", { text: heading, attrs: { tabindex: "-1", id: "century-result-title" } }),
    ...(ledger ? [paymentsTable("Mana each god collects now", outcome.payments), el("p", { className: "hint", text: "Paid is the whole mana handed out now; the fraction left is carried on in the god's account." })] : []),
    el("p", { className: "hint", text: `Written: ${written}.` }),
  );
  const warnings = warningsIn(outcome.problems);
  if (warnings.length > 0) {
    box.append(el("details", {}, el("summary", { text: plural(warnings.length, "warning") }), problemList(warnings, goTo)));
  }
  target.replaceChildren(box);
}

/** What a credit paid (or taking one back took), or why nothing was written. */
export function showCredit(target: HTMLElement, outcome: CreditInExcel, goTo: GoTo, undo = false): void {
  if (!outcome.written) {
    showProblems(target, "Nothing was written:", errorsIn(outcome.problems), goTo);
    return;
  }
  const credited = outcome.payments.filter((p) => p.earned !== 0);
  const collects = credited.filter((p) => p.paid > 0);
  const heading = undo ? `Took back ${outcome.what}` : `Credited ${outcome.kind === "era-end" ? `the ${outcome.what}` : `"${outcome.what}" in century ${outcome.century}`}`;
  const summary = undo
    ? `Take back from the distribution point: ${credited.map((p) => `${p.god} ${shown(-p.paid)}`).join(", ") || "nothing"}.`
    : collects.length === 0
      ? "Nobody collects whole mana yet: the fractions stay in the accounts."
      : `Collect now: ${collects.map((p) => `${p.god} ${shown(p.paid)}`).join(", ")}.`;
  const box = el("div", { className: "message done" }, el("h3", { text: heading }), el("p", { text: summary }));
  if (!undo && credited.length > 0) box.append(paymentsTable("Each account", credited));
  const warnings = warningsIn(outcome.problems);
  if (warnings.length > 0) box.append(el("details", {}, el("summary", { text: plural(warnings.length, "warning") }), problemList(warnings, goTo)));
  target.replaceChildren(box);
}

