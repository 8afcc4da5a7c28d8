/**
 * The session-end card: the mana each character holds as a session ends, recorded (asked first) in
 * the Sessions and Gods tables; and the session packet, written for the table.
 */
import { excelRun, isSettled } from "../../workbook/office";
import { betweenTools } from "../later";
import { describeProblem, errorsIn, today, warningsIn, type CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el, shown } from "../dom";
import { steps } from "../messages";
import { plural, showMessage, showProblems } from "../render";
import { goTo, onStatus, show, showOutcome, showSettled, write } from "../state";

/** The boxes of the table, one per character, with what was typed in each. */
function boxes(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>("#session-rows input[data-god]")];
}

/**
 * One row per character, its box filled from the Gods table's Mana column; a box the gamemaster
 * has typed in keeps what was typed when the campaign is read again.
 */
function render(current: CampaignStatus): void {
  const typed = new Map(
    boxes()
      .filter((b) => b.dataset.typed === "yes")
      .map((b) => [b.dataset.god ?? "", b.value]),
  );
  byId("session-rows").replaceChildren(
    el("tr", {}, el("th", { text: "Character", attrs: { scope: "col" } }), el("th", { text: "Mana", attrs: { scope: "col" } })),
    ...current.gods.map((g, i) => {
      const box = el("input", { attrs: { id: `session-mana-${i}`, type: "number", min: "0", step: "1", inputmode: "numeric", "data-god": g.name } });
      const kept = typed.get(g.name);
      box.value = kept ?? (g.mana === null ? "" : String(g.mana));
      if (kept !== undefined) box.dataset.typed = "yes";
      box.addEventListener("input", () => (box.dataset.typed = "yes"));
      return el("tr", {}, el("th", {}, el("label", { text: g.name, attrs: { for: `session-mana-${i}` } })), el("td", { className: "num" }, box));
    }),
  );
  const date = byId("session-date", HTMLInputElement);
  if (date.value === "") date.value = today();
}

export function wireSessionEnd(): void {
  onStatus(render);
  const target = byId("session-result");
  wireCancel("session", "session-record");
  byId("session-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const date = byId("session-date", HTMLInputElement).value.trim();
    const entries = boxes()
      .filter((b) => b.value.trim() !== "")
      .map((b) => ({ god: b.dataset.god ?? "", mana: Number(b.value) }));
    if (entries.length === 0) {
      showMessage(target, "error", "Write the mana of at least one character.");
      return;
    }
    target.replaceChildren();
    const total = entries.reduce((sum, x) => sum + (Number.isFinite(x.mana) ? x.mana : 0), 0);
    ask(
      "session",
      `Record the mana of ${plural(entries.length, "character")} (${shown(total)} in all) for the session of ${date || "today"}, in the Sessions table and the Gods table's Mana column?`,
      "Record",
      () =>
        void write(target, steps("Recording the session's end…"), `session:${JSON.stringify([date, entries])}`, async (options) => {
          const outcome = await (await betweenTools()).recordSessionEnd(excelRun, { date: date || today(), entries }, options);
          showOutcome(target, outcome);
          if (!isSettled(outcome) && outcome.written) for (const b of boxes()) delete b.dataset.typed;
        }),
    );
  });
}

/** The session packet: the Earth Summary, the Character Sheets and the Charts, to print. */
export function wirePacket(): void {
  byId("packet").addEventListener("click", () => {
    const result = byId("packet-result");
    void write(result, steps("Writing the session packet…"), "packet", async (options) => {
      const outcome = await (await betweenTools()).writePacket(excelRun, options);
      if (showSettled(result, outcome)) return;
      show(outcome.status);
      const errors = errorsIn(outcome.problems);
      if (errors.length > 0) showProblems(result, "Nothing was written:", errors, goTo);
      else
        showMessage(
          result,
          "done",
          `Wrote ${outcome.sheets.map((s) => s.name).join(", ")} for century ${outcome.century}: print them from Excel.`,
          warningsIn(outcome.problems).map(describeProblem),
        );
    });
  });
}
