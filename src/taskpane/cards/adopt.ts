/**
 * Bring in my records: a campaign kept by hand, on a workbook that is not a campaign yet. The
 * gamemaster gives the last century paid by hand; the pane reads the sheets as they are and asks
 * before writing, showing where each column of each table comes from, the rows brought and those
 * skipped (and why), what was guessed, and each account's opening carry, which can be changed; for
 * each sheet, which of its columns feeds each campaign column can be changed, or the sheet left
 * out, and the proposal is worked out again from those choices (as `gods adopt --map` does) and
 * asked again. Yes adds the tables beside the sheets and opens the Ledger. The pane loads this
 * card, and what it needs of the workbook code, the first time the button is pressed.
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

type Tools = Awaited<ReturnType<typeof adoptTools>>;
type SheetProposal = Adoption["sheets"][number];

/** The words of a campaign column that is not read from any column of the sheet. */
const NOT_BROUGHT = "not brought in";
/** The field of a column of shares typed as text ("Solara 40%, Vorn 25%"), kept apart from the columns in a mapping. */
const SHARES = "Shares";

/** What the gamemaster changed of the proposal: carries typed (by god), sheets left out, each column's header by sheet ("" for none). */
const carries = new Map<string, string>();
const leftOut = new Set<string>();
const chosen = new Map<string, Map<string, string>>();
/** The sheets whose choices are unfolded: they stay so when the proposal is shown again. */
const unfolded = new Set<string>();
let century = 0;
/** The proposal as first read, before any choice: how the add-in proposes to read each sheet. */
let proposed: Adoption | undefined;
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
    if (!/^\d+$/.test(typed) || !Number.isSafeInteger(n) || n < 1) {
      pane.showMessage(
        pane.byId("adopt-result"),
        "error",
        "Give the last century you paid by hand as a whole number, 1 or more. With none paid yet, set this workbook up instead.",
      );
      return;
    }
    century = n;
    carries.clear();
    leftOut.clear();
    chosen.clear();
    unfolded.clear();
    proposed = undefined;
    propose();
  });
}

/** A sheet as the gamemaster wants it read: the proposal's mapping, with their choices. */
function withChoices(s: SheetProposal): SheetProposal {
  if (leftOut.has(s.sheet)) return { ...s, readAs: "leave out" };
  const choices = chosen.get(s.sheet) ?? new Map<string, string>();
  const columns = Object.fromEntries([
    ...Object.entries(s.columns).filter(([field]) => !choices.has(field)),
    ...[...choices].filter(([field, header]) => field !== SHARES && header !== ""),
  ]);
  const shares = choices.has(SHARES) ? choices.get(SHARES) : s.shares;
  const rest = Object.fromEntries(Object.entries(s).filter(([k]) => k !== "shares")) as SheetProposal;
  return { ...rest, columns, ...(shares === undefined || shares === "" ? {} : { shares }) };
}

/** The sheets as the gamemaster wants them read, in the shape a map file has; none while nothing was changed. */
function mapOf(): { sheets: readonly SheetProposal[] } | undefined {
  if (proposed === undefined || (leftOut.size === 0 && chosen.size === 0)) return undefined;
  return { sheets: proposed.sheets.map(withChoices) };
}

function asked() {
  const map = mapOf();
  return { century, ...(carries.size === 0 ? {} : { carry: [...carries] }), ...(map === undefined ? {} : { map }) };
}

/**
 * Reads the sheets and shows the proposal in the question; nothing is written. `keep` is the id
 * of the control whose change asked for it: the keyboard goes back there once it is shown again.
 */
function propose(keep?: string): void {
  const target = pane.byId("adopt-result");
  void pane
    .act(target, { reading: "Reading your sheets…", writing: "Reading your sheets…" }, async (options) => {
      const tools = await pane.adoptTools();
      const request = asked();
      const outcome = await tools.bringInRecords(pane.excelRun, request, { ...options, dryRun: true, merges: mergesKnown() });
      if (pane.showSettled(target, outcome)) return;
      if (request.map === undefined) proposed = outcome.adoption;
      shown = outcome.adoption;
      target.replaceChildren();
      render(outcome, tools);
      const yes = pane.byId("adopt-yes");
      if (outcome.adoption.nothingNew) {
        pane.byId("adopt-confirm").hidden = true;
        pane.showMessage(target, "info", "Every row of your sheets was brought in already: nothing new to bring in.");
        return;
      }
      if (outcome.errors.length > 0) {
        // The proposal stays in view, its choices with it: a column read from the wrong header is put right there.
        pane.ask(
          "adopt",
          `Your sheets cannot be brought in as read: ${pane.plural(outcome.errors.length, "problem")} under the proposal. Change how a column is read or leave a sheet out below, or correct your sheets and read them again.`,
          "Bring them in",
          () => undefined,
          pane.byId("adopt-read"),
        );
        yes.hidden = true;
        pane.showProblems(target, "Nothing was written. Correct these first:", outcome.errors, pane.goTo);
        return;
      }
      yes.hidden = false;
      const guessed = outcome.adoption.guesses.length;
      pane.ask(
        "adopt",
        `Bring in your records as shown below, with century ${century} the last paid by hand?${guessed === 0 ? "" : ` ${pane.plural(guessed, "guess", "guesses")} to look at first.`}`,
        "Bring them in",
        bringIn,
        pane.byId("adopt-read"),
      );
    })
    .then(() => {
      if (keep !== undefined) document.getElementById(keep)?.focus();
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
    // The welcome goes once the campaign's tables are there: the answer stays in view right above the century's button.
    pane.byId("end-slot").before(target);
    pane.show(outcome.status);
    showBroughtIn(target, outcome);
  });
}

/**
 * What was written, short at 320 px with the century's button under it: each account's opening
 * carry on a line, then the tables and their rows, folded. Read, it folds to its heading once the
 * next action starts (state.ts's foldAnswers), as a paid century's answer does.
 */
function showBroughtIn(target: HTMLElement, outcome: AdoptionInExcel): void {
  const a = outcome.adoption;
  const brought = a.tables.filter((t) => t.rows > 0);
  const rows = brought.reduce((sum, t) => sum + t.rows, 0);
  const box = pane.el(
    "details",
    { className: "message done folds", attrs: { open: "" } },
    pane.el("summary", {}, pane.el("h3", { text: "Your records are brought in" })),
    ...(outcome.opened === undefined ? [] : [pane.el("p", { className: "strong", text: `The Ledger opens at century ${a.century}: ${outcome.opened}.` })]),
    pane.el(
      "details",
      {},
      pane.el("summary", { text: `From your sheets: ${pane.plural(rows, "row")} in ${pane.plural(brought.length, "table")}` }),
      pane.el("ul", {}, ...brought.map((t) => line(`${t.table}: ${pane.plural(t.rows, "row")}`))),
    ),
    pane.el("p", { className: "hint", text: `Your sheets were not changed. The next century end is ${a.century + 1}.` }),
  );
  if (outcome.warnings.length > 0)
    box.append(
      pane.el(
        "details",
        {},
        pane.el("summary", { text: pane.plural(outcome.warnings.length, "warning") }),
        pane.el("ul", { className: "warnings" }, ...outcome.warnings.map((w) => line(pane.describeProblem(w)))),
      ),
    );
  target.replaceChildren(box);
}

const line = (text: string) => pane.el("li", { text });

/** How the question words a sheet's reading, in short: "Deaths, century 1". */
function howRead(s: SheetProposal): string {
  return s.readAs === "leave out" ? "left out" : `${s.readAs}${s.century === undefined ? "" : `, century ${s.century}`}`;
}

/** A list of the sheet's headers for one campaign column, and "not brought in" when the column may be left empty. */
function columnChoice(s: SheetProposal, id: string, field: string, required: boolean, tools: Tools): HTMLElement {
  const current = field === SHARES ? (s.shares ?? "") : (s.columns[field] ?? "");
  const headers = [...(s.headers ?? [])];
  if (current !== "" && !headers.includes(current)) headers.unshift(current);
  const options = [
    // A century not read from a column is the sheet's name's, when it gives one.
    ...(required
      ? current === ""
        ? [{ value: "", label: "choose a column" }]
        : []
      : [{ value: "", label: field === "Century" && s.century !== undefined ? `${s.century}, from its name` : NOT_BROUGHT }]),
    ...headers.map((h) => ({ value: h, label: h })),
  ];
  const select = pane.el("select", { attrs: { id } }, ...options.map((o) => pane.el("option", { text: o.label, attrs: { value: o.value } })));
  select.value = current;
  select.addEventListener("change", () => {
    const choices = chosen.get(s.sheet) ?? new Map<string, string>();
    choices.set(field, select.value);
    chosen.set(s.sheet, choices);
    propose(id);
  });
  const words = field === SHARES ? "Member and Share, as text" : (tools.COLUMN_OF[field] ?? field);
  return pane.el("div", { className: "adopt-column" }, pane.el("label", { text: words, attrs: { for: id } }), select);
}

/** A sheet as it is read, folded; unfolded, a box to leave it out and, for each campaign column, which of its columns feeds it. */
function sheetChoices(s: SheetProposal, i: number, tools: Tools): HTMLElement {
  const first = proposed?.sheets.find((p) => p.sheet === s.sheet) ?? s;
  // A sheet the add-in cannot read as any table has nothing to choose.
  if (first.readAs === "leave out") return line(`'${s.sheet}' → left out: it reads as none of the campaign's tables`);
  const box = pane.el("input", { attrs: { type: "checkbox", id: `adopt-out-${i}` } });
  box.checked = leftOut.has(s.sheet);
  box.addEventListener("change", () => {
    if (box.checked) leftOut.add(s.sheet);
    else leftOut.delete(s.sheet);
    propose(box.id);
  });
  const titles = s.titleRows === undefined ? "" : ` (title ${s.titleRows} skipped)`;
  const parts: HTMLElement[] = [
    pane.el("p", { className: "hint", text: `Headers in row ${s.headerRow}${titles}.` }),
    pane.el("label", { className: "check" }, box, document.createTextNode("Leave this sheet out")),
  ];
  if (!leftOut.has(s.sheet)) {
    const { need, may } = tools.FIELDS[first.readAs];
    parts.push(
      ...need.map((f, j) => columnChoice(s, `adopt-map-${i}-${j}`, f, true, tools)),
      ...may.map((f, j) => columnChoice(s, `adopt-map-${i}-${need.length + j}`, f, false, tools)),
    );
    if (s.spheres !== undefined) parts.push(pane.el("p", { className: "hint", text: `Cards, one column per sphere: ${s.spheres.join(", ")}` }));
    if (s.members !== undefined) parts.push(pane.el("p", { className: "hint", text: `Shares, one column per member: ${s.members.join(", ")}` }));
  }
  const fold = pane.el(
    "details",
    { className: "adopt-sheet" },
    pane.el("summary", {}, pane.el("strong", { text: `'${s.sheet}'` }), document.createTextNode(` → ${howRead(s)}`)),
    pane.el("div", { attrs: { role: "group", "aria-label": `How '${s.sheet}' is read` } }, ...parts),
  );
  fold.open = unfolded.has(s.sheet);
  fold.addEventListener("toggle", () => {
    if (fold.open) unfolded.add(s.sheet);
    else unfolded.delete(s.sheet);
  });
  return pane.el("li", {}, fold);
}

/** The proposal, as the question lists it: sheets and their choices, tables, skipped rows, guesses, opening carries. */
function render(outcome: AdoptionInExcel, tools: Tools): void {
  const a = outcome.adoption;
  const parts: HTMLElement[] = [];
  if (!mergesKnown())
    parts.push(
      pane.el("p", { className: "hint", text: "This Excel cannot tell merged cells: a name merged down over several rows is read in its first row only." }),
    );

  // Each sheet, folded: unfolded, where each campaign column comes from, and a way to leave it out (read again at once).
  parts.push(pane.el("h3", { text: "Your sheets" }));
  parts.push(pane.el("p", { className: "hint", text: "Open a sheet to change which of its columns feeds each campaign column, or to leave it out." }));
  parts.push(pane.el("ul", { className: "adopt-sheets" }, ...a.sheets.map((s, i) => sheetChoices(s, i, tools))));
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
    if (a.opening.length === 0) parts.push(pane.el("p", { text: "Every account opens at 0." }));
    parts.push(
      pane.el(
        "ul",
        { className: "preview-list" },
        ...a.opening.map((o, i) => {
          const input = pane.el("input", {
            attrs: { type: "text", inputmode: "decimal", size: "8", id: `adopt-carry-${i}`, "aria-label": `What ${o.god} carried` },
          });
          input.value = o.carry;
          input.addEventListener("change", () => {
            carries.set(o.god, input.value.trim());
            propose(input.id);
          });
          return pane.el(
            "li",
            {},
            pane.el("label", {}, document.createTextNode(`${o.god} `), input),
            pane.el("span", { className: "hint", text: ` ${tools.openingLine(o)}` }),
          );
        }),
      ),
    );
  }
  if (outcome.warnings.length > 0) parts.push(pane.el("ul", { className: "warnings" }, ...outcome.warnings.map((w) => line(pane.describeProblem(w)))));
  pane.byId("adopt-proposal").replaceChildren(...parts);
}
