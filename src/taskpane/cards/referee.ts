/** The Earth map referee's card: a war, a disaster or the growth, shown from the tables, asked, then written. */
import { excelRun, type ActionOptions, type RefereeOutcome } from "../../workbook/office";
import { refereeTools } from "../later";
import { errorsIn, type RefereePreview, type CampaignStatus } from "../../workbook";
import { ask, placeNear, wireCancel } from "../confirm";
import { byId, el, setOptions, shown } from "../dom";
import { READING, steps } from "../messages";
import { showMessage, showProblems } from "../render";
import { act, goTo, onStatus, show, showOutcome, status as statusNow, write } from "../state";

/** The boxes of the disaster's table, one of each kind per race. */
type HitKind = "deaths" | "cities" | "great";

/** What was typed for each race in the disaster's table: its deaths, and the cities and great cities the power destroys. */
function disasterHits(): { race: string; text: string; cities: string; great: string }[] {
  const typed = (kind: HitKind, race: string) =>
    [...document.querySelectorAll<HTMLInputElement>(`#disaster-hits input[data-kind="${kind}"]`)].find((c) => c.dataset.race === race)?.value.trim() ?? "";
  return [...document.querySelectorAll<HTMLInputElement>('#disaster-hits input[data-kind="deaths"]')].map((i) => {
    const race = i.dataset.race ?? "";
    return { race, text: i.value.trim(), cities: typed("cities", race), great: typed("great", race) };
  });
}

/** The races to choose for a war, and one deaths box per race for a disaster (what was typed stays). */
function render(current: CampaignStatus): void {
  const races = current.races.map((r) => ({ value: r.race, label: r.race }));
  setOptions(byId("war-a", HTMLSelectElement), [{ value: "", label: "Choose a race…" }, ...races]);
  setOptions(byId("war-b", HTMLSelectElement), [{ value: "", label: "Choose a race…" }, ...races]);
  const typed = new Map(disasterHits().map((h) => [h.race, h]));
  const box = (id: string, race: string, kind: HitKind, label?: string) =>
    el("input", {
      attrs: {
        id,
        type: "number",
        min: "0",
        step: "1",
        inputmode: "numeric",
        "data-race": race,
        "data-kind": kind,
        ...(label === undefined ? {} : { "aria-label": label }),
      },
    });
  byId("disaster-hits").replaceChildren(
    el(
      "tr",
      {},
      // The caption, said to a screen reader, is the race column's head on screen: one line less above the races.
      el(
        "th",
        { attrs: { scope: "col" } },
        el("span", { text: "Before resistances", attrs: { "aria-hidden": "true" } }),
        el("span", { text: "Race", className: "visually-hidden" }),
      ),
      el("th", { text: "Deaths", attrs: { scope: "col" } }),
      el("th", { text: "Cities", attrs: { scope: "col" } }),
      el("th", { text: "Great cities", attrs: { scope: "col" } }),
    ),
    ...current.races.map((r, i) => {
      const deaths = box(`hit-${i}`, r.race, "deaths");
      deaths.value = typed.get(r.race)?.text ?? "";
      const cities = box(`hit-cities-${i}`, r.race, "cities", `Cities of the ${r.race} the power destroys, before resistances`);
      cities.value = typed.get(r.race)?.cities ?? "";
      const great = box(`hit-great-${i}`, r.race, "great", `Great cities of the ${r.race} the power destroys, before resistances`);
      great.value = typed.get(r.race)?.great ?? "";
      return el(
        "tr",
        {},
        el("th", {}, el("label", { text: r.race, attrs: { for: `hit-${i}` } })),
        el("td", { className: "num" }, deaths),
        el("td", { className: "num" }, cities),
        el("td", { className: "num" }, great),
      );
    }),
  );
}

/**
 * What a referee action will write, as lines: its deaths and its changes to the Races table. A
 * disaster's lines say each race's Units before and after already: its Units changes are not said twice.
 */
function refereeLines(preview: RefereePreview): string[] {
  return [
    ...preview.deaths.map((d) => `Deaths: ${shown(d.units)} ${d.cause}${d.race === null ? "" : ` of the ${d.race}`} (note "${d.note}")`),
    ...preview.changes
      .filter((c) => preview.action !== "disaster" || c.column !== "Units")
      .map((c) => (c.column === "Culture" ? `${c.race}: Culture ${c.before} → ${c.after}` : `${c.race}: ${c.column} ${shown(c.before)} → ${shown(c.after)}`)),
  ];
}

/** An answer's reckoning (who killed whom, and how) folds under its first line, openable: the card's next form stays near. */
function foldReckoning(target: HTMLElement): void {
  const lines = target.querySelector(".message.done > ul");
  if (lines === null) return;
  const fold = el("details", {}, el("summary", { text: "How it was reckoned" }));
  lines.replaceWith(fold);
  fold.append(lines);
}

export function wireReferee(): void {
  onStatus(render);
  const target = byId("referee-result");
  wireCancel("referee", "war-show");
  const optionalWhole = (id: "war-a-strength" | "war-b-strength"): number | undefined => {
    const text = byId(id, HTMLInputElement).value.trim();
    return text === "" ? undefined : Number(text);
  };
  /** Shows the action (reading only), then asks before writing it. */
  const previewThenAsk = (
    what: string,
    key: string,
    action: (options: ActionOptions & { dryRun?: boolean }) => Promise<RefereeOutcome>,
    asked: (seen: RefereeOutcome) => string = (seen) => `${seen.message} Write it?`,
  ) => {
    const from = byId(what === "war" ? "war-show" : what === "disaster" ? "disaster-show" : "growth-show");
    target.replaceChildren();
    byId("referee-confirm").hidden = true;
    placeNear(byId("referee-confirm"), from, target);
    void act(target, { reading: READING, writing: READING }, async (options) => {
      const seen = await action({ ...options, dryRun: true });
      show(seen.status);
      const errors = errorsIn(seen.problems);
      if (errors.length > 0) {
        showProblems(target, "Nothing can be written:", errors, goTo);
        return;
      }
      if (seen.preview.deaths.length === 0 && seen.preview.changes.length === 0) {
        showMessage(target, "info", seen.message || "There is nothing to write.", seen.details);
        return;
      }
      byId("referee-preview").replaceChildren(...[...seen.details, ...refereeLines(seen.preview)].map((line) => el("li", { text: line })));
      ask(
        "referee",
        asked(seen),
        `Write the ${what}`,
        () =>
          void write(target, steps(`Writing the ${what}…`), `${what}:${key}`, async (o) => {
            // The click's id goes with it: the journal may say it was done already, which showOutcome shows.
            showOutcome(target, await action(o));
            foldReckoning(target);
          }),
        from,
      );
    });
  };
  byId("war-show").addEventListener("click", () => {
    const side = (id: "war-a" | "war-b") => {
      const strength = optionalWhole(`${id}-strength`);
      return { race: byId(id, HTMLSelectElement).value, ...(strength === undefined ? {} : { strength }) };
    };
    const order = { a: side("war-a"), b: side("war-b") };
    previewThenAsk("war", JSON.stringify(order), async (options) => (await refereeTools()).runWar(excelRun, order, options));
  });
  byId("disaster-show").addEventListener("click", () => {
    const hits = disasterHits()
      // A city box of 0 is as good as empty; cities typed without deaths stand with 0 deaths.
      .map((h) => ({ ...h, cities: h.cities === "0" ? "" : h.cities, great: h.great === "0" ? "" : h.great }))
      .filter((h) => h.text !== "" || h.cities !== "" || h.great !== "")
      .map((h) => ({
        race: h.race,
        deaths: h.text === "" ? 0 : Number(h.text),
        ...(h.cities === "" ? {} : { cities: Number(h.cities) }),
        ...(h.great === "" ? {} : { greatCities: Number(h.great) }),
      }));
    const cause = byId("disaster-cause", HTMLInputElement).value.trim();
    const order = {
      elements: byId("disaster-elements", HTMLInputElement).value,
      global: byId("disaster-global", HTMLInputElement).checked,
      hits,
      ...(cause === "" ? {} : { cause }),
    };
    if (hits.length === 0) {
      placeNear(byId("referee-confirm"), byId("disaster-show"), target);
      showMessage(target, "error", "Write the deaths for at least one race struck, as the power strikes (before its resistances).");
      return;
    }
    // Its lines say each race's deaths before and after resistances: the question is one line above them, its Write near.
    previewThenAsk(
      "disaster",
      JSON.stringify(order),
      async (options) => (await refereeTools()).runDisaster(excelRun, order, options),
      (seen) => `Write the ${order.global ? "global power" : "disaster"} in century ${seen.preview.century}?`,
    );
  });
  byId("growth-show").addEventListener("click", () => {
    previewThenAsk("growth", String(statusNow()?.nextCentury ?? 0), async (options) => (await refereeTools()).runGrowth(excelRun, options));
  });
}
