/** The deaths card: a row for the Deaths table, and a tally of the century's causes with +1 and +5. */
import { excelRun, recordDeaths, isSettled } from "../../workbook/office";
import type { CampaignStatus } from "../../workbook";
import { byId, controlById, el, setOptions, shown } from "../dom";
import { steps } from "../messages";
import { plural } from "../render";
import { onStatus, showOutcome, write } from "../state";

function render(status: CampaignStatus): void {
  byId("cause-list").replaceChildren(...status.causes.map((c) => el("option", { attrs: { value: c.cause } })));
  setOptions(byId("death-race", HTMLSelectElement), [{ value: "", label: "—" }, ...status.races.map((r) => ({ value: r.race, label: r.race }))]);
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
              attrs: {
                type: "button",
                id: `tally-${i}-${n}`,
                "data-cause": c.cause,
                "data-units": String(n),
                "aria-label": `Add ${plural(n, `${c.cause} death`)}`,
              },
            }),
          ),
        ),
      ),
    ),
  );
}

export function wireDeaths(): void {
  onStatus(render);
  const target = byId("deaths-result");
  const texts = (cause: string) => steps(`Recording ${cause} deaths…`);
  byId("deaths-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const cause = byId("death-cause", HTMLInputElement).value;
    const units = byId("death-units", HTMLInputElement).valueAsNumber;
    const race = byId("death-race", HTMLSelectElement).value;
    const note = byId("death-note", HTMLInputElement).value;
    void write(target, texts(cause), `deaths:${JSON.stringify([cause, units, race, note])}`, async (options) => {
      const outcome = await recordDeaths(excelRun, { cause, units, race, note }, options);
      showOutcome(target, outcome);
      if (!isSettled(outcome) && outcome.written) {
        // The next death is typed afresh, cause and race included, never the last one's by default (the quick count repeats a cause).
        for (const id of ["death-cause", "death-units", "death-note", "death-race"] as const) controlById(id).value = "";
        // Chosen again for each death, the race and note fold back: the card stays short.
        const more = byId("deaths-form").querySelector("details.more");
        if (more instanceof HTMLDetailsElement) more.open = false;
      }
    });
  });
  byId("tally-body").addEventListener("click", (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-cause]");
    if (button === null) return;
    const cause = button.dataset.cause ?? "";
    const units = Number(button.dataset.units);
    void write(target, texts(cause), `tally:${JSON.stringify([cause, units])}`, async (options) => {
      showOutcome(target, await recordDeaths(excelRun, { cause, units, tally: true }, options));
    });
  });
}
