/**
 * The century's end, at the top of the pane: its button and question (every warning that changes
 * pay named), what each god collects once it is paid, and the ribbon's End century button, which
 * only opens this question. The Century tab's cards (the preview, the redo, the era's end, the
 * worksheets alone) are in centuryTab.ts, loaded with their tab.
 */
import { onCenturyEndNews } from "../../commands/events";
import { creditEraEnd, endCentury, excelRun, type CenturyEndInExcel } from "../../workbook/office";
import { describeProblem, eraEndWords, errorsIn, payWarningsIn, warningsIn, type Problem, sheetNames, type CampaignStatus, type Payment } from "../../workbook";
import { availability } from "../availability";
import { askToPay, wireCancel } from "../confirm";
import { byId, el, shown } from "../dom";
import { BOOK_SHEET_NAMES, steps } from "../messages";
import { handOutTable, paymentsTable, plural, problemList, showProblems, type GoTo } from "../render";
import { goTo, onStatus, refresh, show, status, write, showSettled } from "../state";
import { showCredit } from "./events";

/** Notes to read before paying a century, besides the warnings that change pay (listed first). */
export function centuryWarnings(current: CampaignStatus): string[] {
  const warnings: string[] = [];
  if (current.deathsInPlay === 0) warnings.push(`No deaths are logged for century ${current.nextCentury}.`);
  for (const p of warningsIn(current.problems)) if (p.changesPay !== true) warnings.push(describeProblem(p));
  return warnings;
}

/** The whole mana to hand out at the boxes, god by god: the one line a paid century's answer opens on. */
function collectNow(payments: readonly Payment[]): string {
  const collects = payments.filter((p) => p.paid > 0);
  return collects.length === 0
    ? "Nobody collects whole mana this century: the fractions stay in the accounts."
    : `Hand out now: ${collects.map((p) => `${p.god} ${shown(p.paid)}`).join(", ")}.`;
}

/** What each god collects after a century end, or why nothing was written. */
export function showCenturyEnd(target: HTMLElement, outcome: CenturyEndInExcel, ledger: boolean, to: GoTo): void {
  if (!outcome.written) {
    showProblems(
      target,
      `Nothing was written: century ${outcome.century} has ${plural(errorsIn(outcome.problems).length, "problem")} to fix first.`,
      errorsIn(outcome.problems),
      to,
    );
    return;
  }
  const names = sheetNames(outcome.century);
  const redo = ledger && outcome.handOut !== undefined;
  const heading = redo
    ? `Century ${outcome.century} is calculated again`
    : ledger
      ? `Century ${outcome.century} is paid`
      : `Worksheets of century ${outcome.century} written; nobody was paid`;
  const written = ledger
    ? `${names.deaths}, ${names.centuryEnd}, ${names.mana}, ${BOOK_SHEET_NAMES} and the Ledger`
    : `${names.deaths} and ${names.centuryEnd}`;
  // A paid century's answer folds to its heading once the next action starts or the tab changes (state.ts's foldAnswers), so the tabs stay put.
  const box = el(
    "details",
    { className: "message done folds", attrs: { open: "" } },
    el("summary", {}, el("h3", { text: heading, attrs: { tabindex: "-1", id: "century-result-title" } })),
    ...(redo
      ? [
          handOutTable("At each god's box: only the difference", outcome.handOut ?? []),
          el("p", { className: "hint", text: "Its first end was handed out already: hand out what is more, take back what is less, and nothing else." }),
        ]
      : ledger
        ? [
            // What to hand out at the boxes, on a line; each account's figures fold under it, openable.
            el("p", { className: "strong", text: collectNow(outcome.payments) }),
            el(
              "details",
              {},
              el("summary", { text: "Each account, and the sheets written" }),
              paymentsTable("Mana each god collects now", outcome.payments),
              el("p", { className: "hint", text: "Paid is the whole mana to hand out now; Kept, the fraction the god's account keeps for later." }),
              el("p", { className: "hint", text: `Written: ${written}.` }),
            ),
          ]
        : [el("p", { className: "hint", text: `Written: ${written}.` })]),
    ...(redo ? [el("p", { className: "hint", text: `Written: ${written}.` })] : []),
  );
  const warnings = warningsIn(outcome.problems);
  if (warnings.length > 0) box.append(el("details", {}, el("summary", { text: plural(warnings.length, "warning") }), problemList(warnings, to)));
  target.replaceChildren(box);
}

export function showEnded(outcome: CenturyEndInExcel, ledger: boolean, target: HTMLElement = byId("century-result")): void {
  show(outcome.status);
  showCenturyEnd(target, outcome, ledger, goTo);
}

/** Pays century `n` (or calculates it again, `redo`) once its question's Yes is pressed; the answer shows under the question. */
export const payCentury =
  (n: number, redo: boolean) =>
  (accepted: string[], again: (unseen: readonly Problem[]) => void): void => {
    const target = byId("century-result");
    const names = sheetNames(n);
    const sheets = `${names.deaths}, ${names.centuryEnd}, ${names.mana}, ${BOOK_SHEET_NAMES} and the Ledger`;
    void write(target, steps(`Writing the worksheets of century ${n} and the Ledger…`, sheets), `century:${n}:${String(redo)}`, async (options) => {
      const outcome = await endCentury(excelRun, n, { ...options, unpaid: !redo, accepted });
      if (showSettled(target, outcome)) return;
      const held = outcome.unaccepted ?? [];
      if (held.length > 0) {
        show(outcome.status, false);
        again(held);
        return;
      }
      showEnded(outcome, true);
      (document.getElementById("century-result-title") ?? target).focus();
    });
  };

/** The century in play as last shown. */
let inPlay: number | undefined;

/** The century's button and its question's Yes, named after the century in play; an era's end, when due, offered beside it. */
function render(current: CampaignStatus): void {
  const n = current.nextCentury;
  // A new century starts the Play tab as the first did: the tasks done now and then folded, the event near the top.
  if (inPlay !== undefined && inPlay !== n) for (const d of document.querySelectorAll<HTMLDetailsElement>(".more-tasks > details[open]")) d.open = false;
  inPlay = n;
  byId("end-century").textContent = `End century ${n}…`;
  byId("century-yes").textContent = `Pay century ${n}`;
  const era = current.eraEnd;
  byId("era-due").hidden = !(era.ready && era.due === true);
  byId("era-due-text").textContent = `Century ${era.century} closed an era: credit ${eraEndWords(era.century)} before century ${n} is paid.`;
}

/** Asks to credit the era's end (from the century box when it is due, or the Century tab), every warning that changes pay named. */
export function askEraEnd(): void {
  const current = status();
  if (current === null || !current.eraEnd.ready) return;
  const n = current.eraEnd.century;
  const result = byId("era-result");
  askToPay(
    "era",
    `Credit the era's end (${eraEndWords(n)})? The sources paid at an era's end count from the Counts of century ${n}.`,
    "Credit the era's end",
    current.eraEnd.warnings ?? [],
    [],
    (accepted, again) =>
      void write(result, steps("Crediting the era's end…", `${BOOK_SHEET_NAMES} and the Ledger`), `era:${n}`, async (options) => {
        const outcome = await creditEraEnd(excelRun, n, { ...options, accepted });
        if (showSettled(result, outcome)) return;
        const held = outcome.unaccepted ?? [];
        show(outcome.status, held.length === 0);
        if (held.length > 0) again(held);
        else showCredit(result, outcome, goTo);
      }),
  );
}

/**
 * The century's end one press away from anywhere: scrolled out of view, its button floats in the
 * sticky header (the same button, so one name and one place in the keyboard's order), while the
 * century can be ended; its question opens at the top, in view with its Pay.
 */
function floatEndCentury(): void {
  const button = byId("end-century", HTMLButtonElement);
  const header = document.querySelector("header");
  let away = false;
  let ready = false;
  const update = () => {
    const float = away && ready;
    button.classList.toggle("floating", float);
    document.body.classList.toggle("end-floating", float);
  };
  onStatus((current) => {
    ready = availability(current).century === undefined;
    update();
  });
  if (typeof IntersectionObserver === "undefined") return;
  new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1];
      if (last === undefined) return;
      away = !last.isIntersecting && last.boundingClientRect.top < (header?.offsetHeight ?? 0) + 1;
      update();
    },
    { rootMargin: `-${header?.offsetHeight ?? 0}px 0px 0px 0px` },
  ).observe(byId("end-slot"));
}

export function wireCentury(): void {
  onStatus(render);
  floatEndCentury();
  const target = byId("century-result");
  const askCentury = () => {
    const current = status();
    if (current === null) return;
    const n = current.nextCentury;
    target.replaceChildren();
    byId("century-pay").replaceChildren(...(current.preview === null ? [] : [paymentsTable(`Century ${n}: what each god collects`, current.preview)]));
    askToPay(
      "century",
      `Pay century ${n}? The Ledger records it and the gods collect the Paid column.`,
      `Pay century ${n}`,
      payWarningsIn(current.problems),
      centuryWarnings(current),
      payCentury(n, false),
    );
  };
  wireCancel("century", "end-century");
  wireCancel("era", "credit-era");
  byId("era-due-credit").addEventListener("click", askEraEnd);
  byId("end-century").addEventListener("click", askCentury);
  // The ribbon's End century button runs in this page too (see src/commands): it only asks,
  // here, after reading the campaign afresh.
  onCenturyEndNews(() => {
    void refresh(target).then(() => {
      byId("next").scrollIntoView();
      if (status() !== null && !byId("end-century", HTMLButtonElement).disabled) askCentury();
      else byId("end-century").focus();
    });
  });
}
