/** What the campaign allows now: each action disabled with its reason beside it. */
import { errorsIn, type CampaignStatus } from "../workbook";
import { byId, controlById } from "./dom";
import type { Id } from "./ids";
import { plural } from "./render";

/** Why an action cannot be used now, or undefined when it can. */
export interface Availability {
  readonly deaths?: string;
  readonly event?: string;
  readonly century?: string;
}

/** The input tables the campaign needs but the workbook lacks. */
export function missingTables(status: CampaignStatus): string[] {
  return status.tables.filter((t) => t.required && t.found === undefined).map((t) => t.name);
}

/** The rows a table a century end needs holds, as read (a set-up table's blank row is none), or undefined when it is missing. */
export function rowsOf(status: CampaignStatus, table: string): number | undefined {
  if (status.tables.find((t) => t.name === table)?.found === undefined) return undefined;
  const { gods, sources, races } = status.counts;
  const rows: Record<string, number> = { Gods: gods, Sources: sources, Races: races, Cards: status.cards.length };
  return rows[table] ?? status.races.reduce((n, r) => n + r.shares.length, 0);
}

/** The tables a century end needs that have no row yet: nobody could earn anything. */
export function emptyTables(status: CampaignStatus): string[] {
  return status.tables.filter((t) => t.required && rowsOf(status, t.name) === 0).map((t) => t.name);
}

export function availability(status: CampaignStatus): Availability {
  const missing = missingTables(status);
  if (missing.length > 0) {
    const why = "Set up the workbook first, at the top of the pane.";
    return { deaths: why, event: why, century: why };
  }
  const errors = errorsIn(status.problems).length;
  const empty = emptyTables(status);
  const fix =
    errors > 0
      ? `Fix the ${plural(errors, "problem")} listed under Problems first: nobody is paid while the campaign has one.`
      : empty.length > 0
        ? `Fill ${empty.join(", ")} first (a row at least each, see the list above).`
        : undefined;
  const event =
    status.events.length === 0 ? "No event to credit yet: a source paid each time something happens is a Sources row whose Timing column says event." : fix;
  return { ...(event === undefined ? {} : { event }), ...(fix === undefined ? {} : { century: fix }) };
}

/** Disables what cannot be used now, saying why next to it. */
export function renderAvailability(status: CampaignStatus): void {
  const why = availability(status);
  const sections: [keyof Availability, Id, Id[]][] = [
    ["deaths", "deaths-reason", ["death-cause", "death-units", "death-race", "death-note", "record-deaths"]],
    ["event", "event-reason", ["event-name", "event-times", "credit-event"]],
    ["century", "century-reason", ["end-century"]],
  ];
  for (const [key, reason, controls] of sections) {
    const text = why[key];
    byId(reason).hidden = text === undefined;
    byId(reason).textContent = text ?? "";
    for (const id of controls) controlById(id).disabled = text !== undefined;
  }
  for (const b of byId("tally-body").querySelectorAll("button")) b.disabled = why.deaths !== undefined;
  byId("credit-era", HTMLButtonElement).disabled = !status.eraEnd.ready || why.century !== undefined;
  byId("era-due-credit", HTMLButtonElement).disabled = !status.eraEnd.ready || why.century !== undefined;
  byId("redo-century", HTMLButtonElement).disabled = !status.redo.ready || why.century !== undefined;
  byId("undo-credit", HTMLButtonElement).disabled = status.credits[0]?.undoable !== true;
  byId("reseal", HTMLButtonElement).disabled = !status.problems.some((p) => p.seal === true);
}
