/** The campaign card and the pane's header: the state, the tables found, the problems, the counts. */
import { errorsIn, warningsIn, type Problem, LEDGER, type CampaignStatus } from "../../workbook";
import { missingTables } from "../availability";
import { byId, el } from "../dom";
import { plural, problemList } from "../render";
import { goTo, onStatus, refresh } from "../state";

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

/** A problem the welcome already tells: a needed table that is missing. */
function toldByWelcome(p: Problem, missing: readonly string[]): boolean {
  return p.severity === "error" && p.row === undefined && missing.includes(p.table) && /has no table or sheet named/.test(p.message);
}

function render(status: CampaignStatus): void {
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
  byId("problems-title").textContent =
    `Problems: ${[errors.length > 0 ? plural(errors.length, "error") : "", problems.length > errors.length ? plural(problems.length - errors.length, "warning") : ""].filter(Boolean).join(", ")}`;
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

export function wireCampaign(): void {
  onStatus(render);
  byId("refresh").addEventListener("click", () => void refresh());
}
