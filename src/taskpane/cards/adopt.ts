/**
 * Bring in my records: a campaign kept by hand, on a workbook that is not a campaign yet. The
 * gamemaster gives the last century paid by hand; the pane reads the sheets as they are and asks
 * before writing, showing where each column of each table comes from, the rows brought and those
 * skipped (and why), what was guessed, and each account's opening carry, which can be changed; a
 * sheet can be left out. Yes adds the tables beside the sheets and opens the Ledger. The pane
 * loads this card, and what it needs of the workbook code, the first time the button is pressed.
 */
import type { AdoptionInExcel } from "../../workbook/office";
import type { Adoption } from "../../workbook";
import type { describeProblem } from "../../workbook/words";
import type { adoptTools } from "../later";
import type { ask, wireCancel } from "../confirm";
import type { byId, el } from "../dom";
import type { plural, showMessage, showProblems } from "../render";
import type { act, goTo, show, showSettled, write } from "../state";
import type { excelRun } from "../../workbook/office";

/**
 * What the card uses of the pane, handed over by the set-up card when it loads this one: the pane's
 * own modules stay in its first load, each whole, rather than being shared with this file.
 */
export interface Pane {
  readonly excelRun: typeof excelRun;
  readonly adoptTools: typeof adoptTools;
  readonly describeProblem: typeof describeProblem;
  readonly ask: typeof ask;
  readonly wireCancel: typeof wireCancel;
  readonly byId: typeof byId;
  readonly el: typeof el;
  readonly plural: typeof plural;
  readonly showMessage: typeof showMessage;
  readonly showProblems: typeof showProblems;
  readonly act: typeof act;
  readonly goTo: typeof goTo;
  readonly show: typeof show;
  readonly showSettled: typeof showSettled;
  readonly write: typeof write;
}

let pane: Pane;

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
export function openAdoption(given: Pane): void {
  pane = given;
  if (!wired) wire();
  const form = pane.byId("adopt-ask");
  form.hidden = false;
  pane.byId("adopt-century", HTMLInputElement).focus();
}

function wire(): void {
  wired = true;
  pane.wireCancel("adopt", "adopt-records");
  pane.byId("adopt-ask").addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = pane.byId("adopt-century", HTMLInputElement).value.trim();
    const n = Number(typed);
    if (!/^\d+$/.test(typed) || !Number.isSafeInteger(n)) {
      pane.showMessage(pane.byId("adopt-result"), "error", "Give the last century you paid by hand as a whole number (0 if you paid none).");
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
  const target = pane.byId("adopt-result");
  void pane.act(target, { reading: "Reading your sheets…", writing: "Reading your sheets…" }, async (options) => {
    const { bringInRecords, openingLine } = await pane.adoptTools();
    const outcome = await bringInRecords(pane.excelRun, asked(), { ...options, dryRun: true, merges: mergesKnown() });
    if (pane.showSettled(target, outcome)) return;
    shown = outcome.adoption;
    target.replaceChildren();
    render(outcome, openingLine);
    if (outcome.errors.length > 0) {
      pane.showProblems(target, "Your sheets cannot be brought in as read: nothing was written. Correct these first.", outcome.errors, pane.goTo);
      return;
    }
    if (outcome.adoption.nothingNew) {
      pane.showMessage(target, "info", "Every row of your sheets was brought in already: nothing new to bring in.");
      return;
    }
    const guessed = outcome.adoption.guesses.length;
    pane.ask(
      "adopt",
      `Bring in your records as shown below, with century ${century} the last paid by hand?${guessed === 0 ? "" : ` ${pane.plural(guessed, "guess", "guesses")} to look at first.`}`,
      "Bring them in",
      bringIn,
      pane.byId("adopt-read"),
    );
  });
}

/** Yes: written as shown, or nothing when the sheets read otherwise now. */
function bringIn(): void {
  const target = pane.byId("adopt-result");
  const adopted = shown;
  void pane.write(target, { reading: "Reading your sheets…", writing: "Bringing in your records…" }, "adopt", async (options) => {
    const { bringInRecords, proposalKey } = await pane.adoptTools();
    const expected = adopted === undefined ? undefined : proposalKey(adopted);
    const outcome = await bringInRecords(pane.excelRun, asked(), { ...options, ...(expected === undefined ? {} : { expected }), merges: mergesKnown() });
    if (pane.showSettled(target, outcome)) return;
    if (!outcome.written) {
      pane.showProblems(target, "Nothing was written:", outcome.errors, pane.goTo);
      return;
    }
    pane.byId("adopt-ask").hidden = true;
    pane.show(outcome.status);
    pane.showMessage(target, "done", outcome.message, outcome.warnings.map(pane.describeProblem));
  });
}

const line = (text: string) => pane.el("li", { text });

/** The proposal, as the question lists it: sheets, tables, skipped rows, guesses, opening carries. */
function render(outcome: AdoptionInExcel, openingLine: (o: Adoption["opening"][number]) => string): void {
  const a = outcome.adoption;
  const parts: HTMLElement[] = [];
  if (!mergesKnown())
    parts.push(
      pane.el("p", { className: "hint", text: "This Excel cannot tell merged cells: a name merged down over several rows is read in its first row only." }),
    );

  // Each sheet, and a way to leave it out (read again at once).
  parts.push(pane.el("h3", { text: "Your sheets" }));
  parts.push(
    pane.el(
      "ul",
      { className: "preview-list" },
      ...a.sheets.map((s) => {
        const box = pane.el("input", { attrs: { type: "checkbox" } });
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
        return pane.el("li", {}, pane.el("span", { text: `'${s.sheet}': ${how} ` }), pane.el("label", {}, box, document.createTextNode(" leave out")));
      }),
    ),
  );

  // Each table: where each of its columns comes from, and how many rows.
  for (const t of a.tables) {
    parts.push(pane.el("h3", { text: `${t.table}: ${pane.plural(t.rows, "row")}${t.before > 0 ? ` new (${t.before} brought in before)` : ""}` }));
    const items: HTMLElement[] = [];
    for (const s of t.sources) {
      items.push(
        pane.el(
          "li",
          { text: `from '${s.sheet}' (${pane.plural(s.rows, "row")})` },
          pane.el("ul", {}, ...s.columns.map((c) => line(`${c.column} ← ${c.from}`))),
        ),
      );
    }
    if (items.length > 0) parts.push(pane.el("ul", { className: "preview-list" }, ...items));
  }

  if (a.skipped.length > 0) {
    parts.push(pane.el("h3", { text: `Skipped: ${pane.plural(a.skipped.length, "row")}` }));
    parts.push(pane.el("ul", { className: "preview-list" }, ...a.skipped.map((s) => line(`'${s.sheet}' row ${s.row}: ${s.why}`))));
  }
  if (a.guesses.length > 0) {
    parts.push(pane.el("h3", { text: "Guessed: look at these before saying yes" }));
    parts.push(pane.el("ul", { className: "warnings" }, ...a.guesses.map(line)));
  }

  // The opening carries, each editable: what is typed overrides the sheets' (read again when changed).
  if (outcome.opening !== undefined) {
    parts.push(pane.el("h3", { text: `Opening balances at century ${a.century}` }));
    if (a.opening.length === 0) parts.push(pane.el("p", { text: "Every account carries 0." }));
    parts.push(
      pane.el(
        "ul",
        { className: "preview-list" },
        ...a.opening.map((o) => {
          const input = pane.el("input", { attrs: { type: "text", inputmode: "decimal", size: "8", "aria-label": `What ${o.god} carried` } });
          input.value = o.carry;
          input.addEventListener("change", () => {
            carries.set(o.god, input.value.trim());
            propose();
          });
          return pane.el(
            "li",
            {},
            pane.el("label", {}, document.createTextNode(`${o.god} `), input),
            pane.el("span", { className: "hint", text: ` ${openingLine(o)}` }),
          );
        }),
      ),
    );
  }
  if (outcome.warnings.length > 0) parts.push(pane.el("ul", { className: "warnings" }, ...outcome.warnings.map((w) => line(pane.describeProblem(w)))));
  pane.byId("adopt-proposal").replaceChildren(...parts);
}
