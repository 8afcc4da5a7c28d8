/**
 * Starting the Ledger again, offered in the century box when the Ledger and its seal were deleted
 * while the book's head still counts their credits: each account's Kept typed in (empty is 0),
 * what a restart loses asked first (worked out by a look that writes nothing), then written as one
 * click (office/restart.ts, the command line's plan, loaded on the first press). This module is
 * loaded, and wires itself, the first time the pane reads a Ledger gone.
 */
import { excelRun, type ActionOptions } from "../../workbook/office";
import { DEMONS, describeProblem, payWarningsIn, type CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el } from "../dom";
import { steps } from "../messages";
import { plural, showMessage, showProblems } from "../render";
import { act, goTo, onStatus, show, showSettled, write } from "../state";

const tools = () => import(/* webpackChunkName: "restart" */ "../../workbook/office/restart");

type Carry = { readonly god: string; readonly carry: string };
type Look = Exclude<Awaited<ReturnType<Awaited<ReturnType<typeof tools>>["restartBook"]>>, { readonly settled: unknown }>;

/** The boxes of the table, one per account, with what was typed in each. */
function boxes(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>("#restart-rows input[data-god]")];
}

/** Every account the new Ledger opens: each god that is not a demon, and the demons' one. */
const accounts = (s: CampaignStatus): string[] => [...s.gods.filter((g) => !g.demon).map((g) => g.name), DEMONS];

/**
 * The problem that names the Ledger gone tells the command line's way to start it again; the pane
 * says its own instead: the form right under the list. (The list is drawn before this, at each status.)
 */
const PANE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/then run the command again\./, "then read the workbook again (↻ at the top)."],
  [
    /start the book again: gods ledger restart FILE says what that loses \(([^)]*)\), and does it only with --accept-warnings\./,
    "start the book again with Start the Ledger again… below: its question says what that loses ($1) before anything is written.",
  ],
  [/gods ledger restart FILE starts it again/, "Start the Ledger again… below starts it again"],
];

function inPaneWords(): void {
  for (const text of byId("problems").querySelectorAll<HTMLElement>("li span:not(.tag):not(.where)")) {
    const said = PANE_WORDS.reduce((t, [from, to]) => t.replace(from, to), text.textContent);
    if (said !== text.textContent) text.textContent = said;
  }
}

function render(current: CampaignStatus): void {
  const gone = current.problems.some((p) => p.restart === true);
  byId("restart-form").hidden = !gone;
  if (!gone) {
    byId("restart-confirm").hidden = true;
    return;
  }
  inPaneWords();
  const names = accounts(current);
  if (JSON.stringify(boxes().map((b) => b.dataset.god)) === JSON.stringify(names)) return;
  // The accounts changed (a god added in Gods): the rows are made again, keeping what was typed.
  const typed = new Map(boxes().map((b) => [b.dataset.god ?? "", b.value]));
  byId("restart-rows").replaceChildren(
    ...names.map((god, i) => {
      const box = el("input", { attrs: { id: `restart-kept-${i}`, type: "text", inputmode: "decimal", autocomplete: "off", "data-god": god } });
      box.value = typed.get(god) ?? "";
      return el("tr", {}, el("th", {}, el("label", { text: god, attrs: { for: `restart-kept-${i}` } })), el("td", { className: "num" }, box));
    }),
  );
}

/** What each account had kept, as typed (empty boxes left out), exact; or why a box cannot be read, with the box. */
function carries(): Carry[] | { why: string; box: HTMLInputElement } {
  const out: Carry[] = [];
  for (const box of boxes()) {
    const god = box.dataset.god ?? "";
    const text = box.value.trim();
    if (text === "") continue;
    const m = /^([-−]?)(\d*)(?:\.(\d*))?$/.exec(text);
    const [whole, fraction] = [m?.[2] ?? "", m?.[3] ?? ""];
    if (m === null || (whole === "" && fraction === ""))
      return { why: `${god}: write what its account had kept as a number, such as 0.9 (or -2.5 for what it owed). "${text.slice(0, 40)}" is not one.`, box };
    if (fraction.length > 6) return { why: `${god}: what an account kept has at most 6 decimals; ${text} has ${fraction.length}.`, box };
    const negative = m[1] !== "" && /[1-9]/.test(whole + fraction);
    const integer = whole.replace(/^0+(?=\d)/, "") || "0";
    if (!negative && integer !== "0")
      return { why: `${god}: an account keeps less than 1 mana (whole mana went into its box when it was paid); ${text} is 1 or more.`, box };
    if (integer.length > 15) return { why: `${god}: ${text} is too large an amount to owe.`, box };
    out.push({ god, carry: `${negative ? "-" : ""}${integer}${fraction === "" ? "" : `.${fraction}`}` });
  }
  return out;
}

/** Each carry given, as the question says it: "Vorn 0.9, Kettu owes 2.5". */
const given = (list: readonly Carry[]): string =>
  list.map((c) => (c.carry.startsWith("-") ? `${c.god} owes ${c.carry.slice(1)}` : `${c.god} ${c.carry}`)).join(", ");

/** Asks whether to start the Ledger again, saying what it loses, from the look that wrote nothing. */
function askRestart(look: Look, list: readonly Carry[]): void {
  const { century } = look.outcome;
  const lost = look.outcome.lost;
  const credits = lost?.credits ?? [];
  const latest = credits[credits.length - 1];
  const shown = payWarningsIn(look.outcome.problems).map(describeProblem);
  const lines = [
    `The ${plural(lost?.rows ?? 0, "row")} the deleted Ledger held are not brought back${latest === undefined ? "" : ` (its latest credit: ${latest})`}. The workbook knows only its latest ${plural(credits.length, "credit")}: ${credits.join("; ")}.`,
    list.length === 0
      ? "Every account opens at 0: what each had kept is lost (write it in the table above to keep it)."
      : `Every account opens at 0 except ${given(list)}.`,
    century === 0
      ? "The lost Ledger's book names no century end: the next century end is century 1."
      : `Centuries up to ${century} were paid in the lost Ledger: none of them can be ended again, and the next century end is century ${century + 1}.`,
    ...(look.outcome.eraEndLost === true ? [`No era's end with century ${century} can be credited: the lost Ledger may have paid it.`] : []),
    `Events, debits or corrections of century ${century + 1} credited before the Ledger was deleted are not known: credit again only those you know were not.`,
  ];
  byId("restart-lost").replaceChildren(...lines.map((text) => el("li", { text })));
  ask(
    "restart",
    `Start the Ledger again at century ${century}? Put it back from a saved copy or Excel's version history (File › Info › Version History) instead, if one holds it.`,
    "Start it again",
    () => {
      const result = byId("restart-result");
      void write(
        result,
        steps("Starting the Ledger again…", "the Ledger, its seal and the book's sheets"),
        `restart:${JSON.stringify([century, list])}`,
        async (options) => {
          const outcome = await (await tools()).restartBook(excelRun, { century, carries: list }, { ...options, accepted: shown });
          if (showSettled(result, outcome)) return;
          show(outcome.status);
          if (outcome.errors.length > 0) showProblems(result, "Nothing was written:", outcome.errors, goTo);
          else if (!outcome.written)
            showMessage(
              result,
              "error",
              "Nothing was written: the workbook changed since the question. Press Start the Ledger again… to see what it says now.",
            );
          else {
            showMessage(
              result,
              "done",
              `The Ledger starts again at century ${century}: ${outcome.opened ?? "every account at 0"}. The next century end is century ${century + 1}.`,
              century === 0 ? [] : [`Centuries up to ${century} were paid in the lost Ledger: none of them can be ended again.`],
            );
            for (const b of boxes()) b.value = "";
          }
        },
      );
    },
    byId("restart"),
  );
}

/** Wires the form: once, as the module loads (the pane loads it the first time it reads a Ledger gone). */
function wireRestart(): void {
  onStatus(render);
  wireCancel("restart", "restart");
  byId("restart-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const result = byId("restart-result");
    const list = carries();
    if (!Array.isArray(list)) {
      showMessage(result, "error", list.why);
      list.box.focus();
      return;
    }
    // A look first, writing nothing: what the lost book's head says, and what starting again would write.
    const reading = "Reading what the workbook knows of the deleted Ledger…";
    void act(result, { reading, writing: reading }, async (options: ActionOptions) => {
      const look = await (await tools()).restartBook(excelRun, { carries: list }, { ...options, dryRun: true });
      if (showSettled(result, look)) return;
      show(look.status);
      if (look.errors.length > 0) {
        showProblems(result, "The Ledger cannot be started again:", look.errors, goTo);
        return;
      }
      result.replaceChildren();
      askRestart(look, list);
    });
  });
}

wireRestart();
