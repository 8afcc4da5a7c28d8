/** Crediting an event each time it happens, to every recipient of its sources. */
import { eventCredit, post } from "../../engine/book";
import { didYouMean, nameKey } from "../../engine/names";
import { tableError, errorsIn } from "../model/problems";
import { shownList, shownName } from "../model/shown";
import { LEDGER, SOURCES } from "../model/schema";
import type { Campaign, CampaignRead } from "../read/campaign";
import { gameOver, MAX_CENTURY, recipients } from "../read/century";
import { centuryInPlay, eventOf, knownEvents, latestCredit } from "../read/credits";
import { lateDeaths } from "../read/payChecks";
import { carries, credit, creditWhat, type CreditOutcome } from "./credit";

/** The largest number of times one event may be credited at once: more is a typo. */
export const MAX_TIMES = 1000;

/**
 * How the Ledger names an event's credit: "God obliterated ×2" for twice at once, and "#2", "#3"…
 * when it is credited again in the same century (creditWhat), so that every credit has a name of
 * its own (taking back the latest never touches an earlier one).
 */
function eventWhat(campaign: Campaign, event: string, times: number, century: number): ReturnType<typeof creditWhat> {
  return creditWhat(campaign, "event", century, `${event}${times === 1 ? "" : ` ×${times}`}`, creditsOf(campaign, event, century));
}

/** How many credits of this event the century has had already. */
function creditsOf(campaign: Campaign, event: string, century: number): number {
  const whats = new Set(
    campaign.ledger.filter((r) => r.kind === "event" && r.century === century && nameKey(eventOf(r.what)) === nameKey(event)).map((r) => r.what),
  );
  return whats.size;
}

export interface EventOptions {
  /** how many times it happened (1 by default) */
  readonly times?: number;
  /** the century it happened in: the century in play by default */
  readonly century?: number;
  /** the gamemaster says it happened again, right after the same event was credited */
  readonly again?: boolean;
}

/**
 * Whether crediting `event` in `century` would repeat the latest credit (the same event, in the
 * same century): a second click, unless the gamemaster says it really happened again.
 */
export function isRepeat(campaign: Campaign, event: string, century: number = centuryInPlay(campaign)): boolean {
  const latest = latestCredit(campaign)[0];
  return latest !== undefined && latest.kind === "event" && latest.century === century && nameKey(eventOf(latest.what)) === nameKey(event);
}

/** Credits an event that happened `times` times to every recipient of its sources. */
export function planEvent(read: CampaignRead, event: string, options: EventOptions = {}): CreditOutcome {
  const { campaign } = read;
  const problems = [...read.problems];
  const times = options.times ?? 1;
  const inPlay = centuryInPlay(campaign);
  const century = options.century ?? inPlay;
  const known = knownEvents(campaign);
  const found = known.find((e) => nameKey(e.name) === nameKey(event));
  const name = found?.name ?? event.trim();
  const { what, renamed } = eventWhat(campaign, name, times, century);
  if (renamed !== undefined) problems.push(renamed);
  const over = gameOver(campaign);
  if (over !== undefined) return credit(read, "event", what, century, [], [...problems, over]);
  if (found === undefined) {
    const list =
      known.length === 0 ? "The Sources table has no event source (Timing event)." : `The known events: ${shownList(known.map((e) => shownName(e.name)))}.`;
    problems.push(
      tableError(
        SOURCES.name,
        `there is no event "${event.trim().slice(0, 100)}".${didYouMean(
          event,
          known.map((e) => e.name),
        )} ${list}`,
        { argument: "EVENT" },
      ),
    );
  }
  problems.push(...lateDeaths(campaign, inPlay));
  if (!Number.isSafeInteger(times) || times < 1 || times > MAX_TIMES) {
    problems.push(tableError(LEDGER.name, `an event is credited 1 to ${MAX_TIMES} times at once, not ${times}.`, { argument: "--times" }));
  }
  // An event is credited in the century in play: the accounts follow the order of the game.
  if (century !== inPlay || century > MAX_CENTURY) {
    problems.push(
      tableError(
        LEDGER.name,
        `an event is credited in the century in play (${inPlay}), not in century ${century}${century < inPlay ? "; one reported late goes into the century in play" : ""}: give --century ${inPlay}, or leave --century out.`,
        { argument: "--century" },
      ),
    );
  }
  const latest = latestCredit(campaign)[0];
  if (found !== undefined && options.again !== true && latest !== undefined && isRepeat(campaign, name, century)) {
    problems.push(
      tableError(
        LEDGER.name,
        `"${name}" was the last credit (this row). If it really happened again, say so (--again, or confirm in the pane); otherwise it is already credited and nothing more is needed.`,
        { row: latest.row },
      ),
    );
  }
  if (errorsIn(problems).length > 0 || found === undefined) return credit(read, "event", what, century, [], problems);
  const lines = eventCredit(recipients(campaign), campaign.cards, found.rules, times);
  return credit(read, "event", what, century, post(lines, carries(campaign)), problems);
}
