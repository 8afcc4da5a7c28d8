/**
 * What is next, at the top of the pane, and the header's one line: the century in play, what is
 * missing before it can be paid (a guided start, table by table, on a campaign not ready yet), the
 * problems, and the campaign's tables.
 */
import { errorsIn, warningsIn, type Problem, LEDGER, type CampaignStatus, isUnopened } from "../../workbook";
import { excelRun, selectCell } from "../../workbook/office";
import { emptyTables, missingTables, rowsOf } from "../availability";
import { restartCard } from "../later";
import { byId, el } from "../dom";
import { plural, problemList } from "../render";
import { act, goTo, onSettled, onStatus, refresh, status, stoppedOnFailure } from "../state";

function renderTables(status: CampaignStatus): void {
  const inputs = status.tables.filter((t) => t.name !== LEDGER.name);
  const found = inputs.filter((t) => t.found !== undefined).length;
  byId("tables-summary").textContent = `Tables: ${found} of ${inputs.length} found`;
  byId("tables").replaceChildren(
    ...status.tables.map((t) => {
      const where = t.found === undefined ? "" : `${t.found.isTable ? "table" : "sheet"} on ${t.found.sheet}, ${plural(t.found.rows, "row")}`;
      const missing =
        t.name === LEDGER.name ? "none yet: the first century end adds it" : t.required ? "missing: add it at the top of the pane" : "missing (optional)";
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

/** The guided start: each table a century end needs, with its rows, shown while one is missing or empty. */
function renderChecklist(status: CampaignStatus, fresh: boolean): void {
  const todo = [...missingTables(status), ...emptyTables(status)];
  byId("checklist-box").hidden = fresh || todo.length === 0;
  for (const item of byId("checklist").querySelectorAll<HTMLElement>("li[data-table]")) {
    const t = status.tables.find((x) => x.name === item.dataset.table);
    const rows = rowsOf(status, item.dataset.table ?? "");
    item.className = rows === undefined || rows === 0 ? "todo" : "done";
    const count = item.querySelector(".rows");
    if (count !== null) count.textContent = rows === undefined ? "missing" : rows === 0 ? "no row yet" : `✓ ${plural(rows, "row")}`;
    const go = item.querySelector("button");
    if (go !== null) go.disabled = t?.found === undefined;
  }
}

/** The tables the campaign's sources need that the workbook lacks, by their problems (beyond the tables every campaign needs). */
function neededByProblems(status: CampaignStatus, missing: readonly string[]): string[] {
  const named = errorsIn(status.problems).filter((p) => p.row === undefined && !missing.includes(p.table) && /has no table or sheet named/.test(p.message));
  return [...new Set(named.map((p) => p.table))];
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
  // A table only some sources need (Deaths, Counts) is offered too when they need it: its problem sends the gamemaster here.
  const lacking = [...missing, ...neededByProblems(status, missing)];
  // Brought in, and its opening taken back: Bring in my records is offered again, to open the Ledger.
  const reopen = status.problems.some(isUnopened);
  byId("welcome").hidden = lacking.length === 0 && !reopen;
  byId("century-title").textContent = fresh ? "Welcome" : missing.length > 0 ? "Tables missing" : `Century ${status.nextCentury} in play`;
  // The welcome's words are in the page: the fresh workbook's, or those of one that lacks some tables.
  byId("setup-text").hidden = !fresh;
  byId("lacks-text").hidden = fresh || lacking.length === 0;
  byId("create-tables").hidden = lacking.length === 0;
  byId("lacks").textContent = lacking.join(", ");
  byId("create-tables").textContent = fresh ? "Set up this workbook" : "Add the missing tables";
  byId("open-example").hidden = !fresh;
  // Sheets of the gamemaster's own that happen to bear a table's name (their "Gods") are no campaign yet: their records can be brought in.
  const handKept = !fresh && missing.length > 0 && status.tables.every((t) => t.found?.isTable !== true);
  byId("adopt-records").hidden = !fresh && !handKept && !reopen;
  byId("adopt-hint").hidden = !handKept;
  byId("example-hint").hidden = !fresh;
  renderChecklist(status, fresh);

  const errors = errorsIn(status.problems).filter((p) => !toldByWelcome(p, missing));
  const problems = [...errors, ...warningsIn(status.problems)];
  byId("problems-box").hidden = problems.length === 0;
  // Errors stop the century end and show at once; warnings alone wait, folded, under their count.
  if (errors.length > 0) byId("problems-box", HTMLDetailsElement).open = true;
  byId("problems-title").textContent =
    `Problems: ${[errors.length > 0 ? plural(errors.length, "error") : "", problems.length > errors.length ? plural(problems.length - errors.length, "warning") : ""].filter(Boolean).join(", ")}`;
  byId("problems-hint").hidden = !problems.some((p) => p.address !== undefined);
  const list = problemList(problems, goTo);
  list.id = "problems";
  list.setAttribute("aria-labelledby", "problems-title");
  byId("problems").replaceWith(list);
  // A Ledger deleted while the book's head remains: the way to start it again loads (once), and shows itself.
  if (status.problems.some((p) => p.restart === true)) void restartCard();

  renderState(status);
}

/** The header's one line: the century in play and whether it can end, or that the latest action stopped. */
function renderState(status: CampaignStatus): void {
  const missing = missingTables(status);
  const fresh = missing.length === status.tables.filter((t) => t.required).length;
  const state = byId("state");
  const allErrors = errorsIn(status.problems).length;
  const empty = emptyTables(status);
  const stopped = stoppedOnFailure();
  state.className = `state ${stopped || missing.length > 0 || allErrors > 0 || empty.length > 0 ? "problem" : "ready"}`;
  state.textContent = stopped
    ? `Century ${status.nextCentury} · stopped: see the message`
    : missing.length > 0
      ? fresh
        ? "Not a campaign yet"
        : `Tables missing: ${missing.join(", ")}`
      : allErrors > 0
        ? `Century ${status.nextCentury} · ${plural(allErrors, "problem")} to fix`
        : empty.length > 0
          ? `Century ${status.nextCentury} · ${empty.length > 1 ? `${empty.length} tables` : empty.join("")} to fill`
          : `Century ${status.nextCentury} · ready to end`;
}

export function wireCampaign(): void {
  onStatus(render);
  onSettled(() => {
    const current = status();
    if (current !== null) renderState(current);
  });
  byId("refresh").addEventListener("click", () => void refresh());
  // "Go to the table": Excel shows its sheet, its first cell selected (a set-up table's header), for the gamemaster to type its first row.
  byId("checklist").addEventListener("click", (e) => {
    const go = e.target instanceof HTMLElement ? e.target.closest<HTMLButtonElement>("button[data-go]") : null;
    const found = status()?.tables.find((t) => t.name === go?.dataset.go)?.found;
    if (go === null || found === undefined) return;
    const to = `Going to ${found.table}…`;
    void act(byId("setup-result"), { reading: to, writing: to }, (options) => selectCell(excelRun, `'${found.sheet.replace(/'/g, "''")}'!A1`, options));
  });
  byId("checklist-example").addEventListener("click", () => {
    byId("open-example").click();
  });
}
