/**
 * Bring in my records: a campaign kept by hand, on a workbook that is not a campaign yet. The
 * gamemaster gives the last century paid by hand; the pane reads the sheets as they are and asks
 * before writing, showing where each column of each table comes from, the rows brought and those
 * skipped (and why), what was guessed, and each account's opening carry, which can be changed; a
 * sheet can be left out. Yes adds the tables beside the sheets and opens the Ledger. The pane
 * loads this card, and what it needs of the workbook code, the first time the button is pressed.
 */
import { excelRun, type AdoptionInExcel } from "../../workbook/office";
import { adoptTools } from "../later";
import { describeProblem, openingLine, type Adoption } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el } from "../dom";
import { plural, showMessage, showProblems } from "../render";
import { act, goTo, show, showSettled, write } from "../state";

/** What the gamemaster changed of the proposal: carries typed (by god), sheets left out. */
const carries = new Map<string, string>();
const leftOut = new Set<string>();
let century = 0;
/** The proposal last shown: what Yes brings in, if the sheets still read so. */
let shown: Adoption | undefined;
let wired = false;

/**
 * Whether this Excel can tell merged cells (ExcelApi 1.13): one that cannot still brings the
 * records in, and the question says that a name merged down over rows is read in its first row.
 */
function mergesKnown(): boolean {
  return Office.context.requirements.isSetSupported("ExcelApi", "1.13");
}

/** The pane's first box asks for the last century paid by hand. */
export function openAdoption(): void {
  if (!wired) wire();
  const form = byId("adopt-ask");
  form.hidden = false;
  byId("adopt-century", HTMLInputElement).focus();
}

function wire(): void {
  wired = true;
  wireCancel("adopt", "adopt-records");
  byId("adopt-ask").addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = byId("adopt-century", HTMLInputElement).value.trim();
    const n = Number(typed);
    if (!/^\d+$/.test(typed) || !Number.isSafeInteger(n)) {
      showMessage(byId("adopt-result"), "error", "Give the last century you paid by hand as a whole number (0 if you paid none).");
      return;
    }
    century = n;
    carries.clear();
    leftOut.clear();
    propose();
  });
}

/** The sheets as the gamemaster wants them read: the proposal's, with those left out. */
function mapOf(): { sheets: readonly unknown[] } | undefined {
  if (shown === undefined || leftOut.size === 0) return undefined;
  return { sheets: shown.sheets.map((s) => (leftOut.has(s.sheet) ? { ...s, readAs: "leave out" } : s)) };
}

function asked() {
  const map = mapOf();
  return { century, ...(carries.size === 0 ? {} : { carry: [...carries] }), ...(map === undefined ? {} : { map }) };
}

/** Reads the sheets and shows the proposal in the question; nothing is written. */
function propose(): void {
  const target = byId("adopt-result");
  void act(target, { reading: "Reading your sheets…", writing: "Reading your sheets…" }, async (options) => {
    const { bringInRecords } = await adoptTools();
    const outcome = await bringInRecords(excelRun, asked(), { ...options, dryRun: true, merges: mergesKnown() });
    if (showSettled(target, outcome)) return;
    shown = outcome.adoption;
    target.replaceChildren();
    render(outcome);
    if (outcome.errors.length > 0) {
      showProblems(target, "Your sheets cannot be brought in as read: nothing was written. Correct these first.", outcome.errors, goTo);
      return;
    }
    if (outcome.adoption.nothingNew) {
      showMessage(target, "info", "Every row of your sheets was brought in already: nothing new to bring in.");
      return;
    }
    const guessed = outcome.adoption.guesses.length;
    ask(
      "adopt",
      `Bring in your records as shown below, with century ${century} the last paid by hand?${guessed === 0 ? "" : ` ${plural(guessed, "guess", "guesses")} to look at first.`}`,
      "Bring them in",
      bringIn,
      byId("adopt-read"),
    );
  });
}

/** Yes: written as shown, or nothing when the sheets read otherwise now. */
function bringIn(): void {
  const target = byId("adopt-result");
  const adopted = shown;
  void write(target, { reading: "Reading your sheets…", writing: "Bringing in your records…" }, "adopt", async (options) => {
    const { bringInRecords, proposalKey } = await adoptTools();
    const expected = adopted === undefined ? undefined : proposalKey(adopted);
    const outcome = await bringInRecords(excelRun, asked(), { ...options, ...(expected === undefined ? {} : { expected }), merges: mergesKnown() });
    if (showSettled(target, outcome)) return;
    if (!outcome.written) {
      showProblems(target, "Nothing was written:", outcome.errors, goTo);
      return;
    }
    byId("adopt-ask").hidden = true;
    show(outcome.status);
    showMessage(target, "done", outcome.message, outcome.warnings.map(describeProblem));
  });
}

const line = (text: string) => el("li", { text });

/** The proposal, as the question lists it: sheets, tables, skipped rows, guesses, opening carries. */
function render(outcome: AdoptionInExcel): void {
  const a = outcome.adoption;
  const parts: HTMLElement[] = [];
  if (!mergesKnown())
    parts.push(
      el("p", { className: "hint", text: "This Excel cannot tell merged cells: a name merged down over several rows is read in its first row only." }),
    );

  // Each sheet, and a way to leave it out (read again at once).
  parts.push(el("h3", { text: "Your sheets" }));
  parts.push(
    el(
      "ul",
      { className: "preview-list" },
      ...a.sheets.map((s) => {
        const box = el("input", { attrs: { type: "checkbox" } });
        box.checked = s.readAs === "leave out";
        box.addEventListener("change", () => {
          if (box.checked) leftOut.add(s.sheet);
          else leftOut.delete(s.sheet);
          propose();
        });
        const how =
          s.readAs === "leave out"
            ? "left out"
            : `read as ${s.readAs}${s.century === undefined ? "" : `, century ${s.century}`}; headers in row ${s.headerRow}${s.titleRows === undefined ? "" : ` (title ${s.titleRows} skipped)`}`;
        return el("li", {}, el("span", { text: `'${s.sheet}': ${how} ` }), el("label", {}, box, document.createTextNode(" leave out")));
      }),
    ),
  );

  // Each table: where each of its columns comes from, and how many rows.
  for (const t of a.tables) {
    parts.push(el("h3", { text: `${t.table}: ${plural(t.rows, "row")}${t.before > 0 ? ` new (${t.before} brought in before)` : ""}` }));
    const items: HTMLElement[] = [];
    for (const s of t.sources) {
      items.push(el("li", { text: `from '${s.sheet}' (${plural(s.rows, "row")})` }, el("ul", {}, ...s.columns.map((c) => line(`${c.column} ← ${c.from}`)))));
    }
    if (items.length > 0) parts.push(el("ul", { className: "preview-list" }, ...items));
  }

  if (a.skipped.length > 0) {
    parts.push(el("h3", { text: `Skipped: ${plural(a.skipped.length, "row")}` }));
    parts.push(el("ul", { className: "preview-list" }, ...a.skipped.map((s) => line(`'${s.sheet}' row ${s.row}: ${s.why}`))));
  }
  if (a.guesses.length > 0) {
    parts.push(el("h3", { text: "Guessed: look at these before saying yes" }));
    parts.push(el("ul", { className: "warnings" }, ...a.guesses.map(line)));
  }

  // The opening carries, each editable: what is typed overrides the sheets' (read again when changed).
  if (outcome.opening !== undefined) {
    parts.push(el("h3", { text: `Opening balances at century ${a.century}` }));
    if (a.opening.length === 0) parts.push(el("p", { text: "Every account carries 0." }));
    parts.push(
      el(
        "ul",
        { className: "preview-list" },
        ...a.opening.map((o) => {
          const input = el("input", { attrs: { type: "text", inputmode: "decimal", size: "8", "aria-label": `What ${o.god} carried` } });
          input.value = o.carry;
          input.addEventListener("change", () => {
            carries.set(o.god, input.value.trim());
            propose();
          });
          return el("li", {}, el("label", {}, document.createTextNode(`${o.god} `), input), el("span", { className: "hint", text: ` ${openingLine(o)}` }));
        }),
      ),
    );
  }
  if (outcome.warnings.length > 0) parts.push(el("ul", { className: "warnings" }, ...outcome.warnings.map((w) => line(describeProblem(w)))));
  byId("adopt-proposal").replaceChildren(...parts);
}
