/**
 * What the Ledger says of the credits made so far: the century in play, the events the Sources
 * table knows and where they happen, the event a credit names, and the latest credit.
 */
import { add, fromNumber, ZERO, type Ratio } from "../../engine/exact";
import { eventSources } from "../../engine/book";
import type { SourceRule, Where } from "../../engine/century";
import { nameKey } from "../../engine/names";
import { latestCentury } from "./century";
import type { Campaign, LedgerRow } from "./types";

/** The event a Ledger's What cell names, without the times or the count. */
export function eventOf(what: string | null): string {
  return (what ?? "").replace(/\s*#\d+$/, "").replace(/\s*×\d+$/, "");
}

/** The century in play: the one after the latest century end (1 before any). */
export function centuryInPlay(campaign: Campaign): number {
  return latestCentury(campaign) + 1;
}

/** Where an event happens: as the Sources table says, or read from its name. */
export function whereOf(rules: readonly SourceRule[]): Where {
  const said = rules.find((r) => r.where !== undefined)?.where;
  if (said !== undefined) return said;
  // Heaven's events are the gods' own doings: combat, obliteration, demesnes, artifacts, the Council.
  return /god|deity|demon|demesne|artifact|council|law|heaven|void|combat|duel|obliterat|surrender/i.test(rules[0]?.source ?? "") ? "heaven" : "earth";
}

/** Every event of the Sources table, by name, with where it happens. */
export function knownEvents(campaign: Campaign): { name: string; where: Where; rules: SourceRule[] }[] {
  return [...eventSources(campaign.sources).values()]
    .map((rules) => ({ name: (rules[0] as SourceRule).source, where: whereOf(rules), rules }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The latest credit, to take back: every row of the Ledger's last credit (its century, kind and
 * name), each of them the last of its account; none when that cannot be told.
 */
export function latestCredit(campaign: Campaign): LedgerRow[] {
  const last = [...campaign.ledger].sort((a, b) => a.index - b.index).pop();
  if (last === undefined) return [];
  const rows = campaign.ledger.filter((r) => r.century === last.century && r.kind === last.kind && r.what === last.what);
  const isLast = (r: LedgerRow) => {
    const entries = campaign.accounts.get(nameKey(r.god))?.entries ?? [];
    return entries[entries.length - 1] === r;
  };
  return rows.every(isLast) ? rows : [];
}

/**
 * The book's head as a reader saw it: how many rows the Ledger holds, and its last row. An undo
 * confirmed on what a pane read goes ahead only while the head is the same: the book did not
 * change meanwhile (a credit whose answer was lost, another referee's).
 */
export function bookHead(campaign: Campaign): string {
  const last = [...campaign.ledger].sort((a, b) => a.index - b.index).pop();
  return last === undefined ? "0" : [campaign.ledger.length, last.century, last.kind, last.what ?? "", nameKey(last.god), last.paid, last.earned].join("|");
}

/** What an account's credits of one century earned, each Earned as its cell shows it, added exactly (no 0.30000000000000004). */
export function earnedIn(entries: readonly LedgerRow[], century: number): Ratio {
  return entries.filter((e) => e.century === century).reduce((s, e) => add(s, fromNumber(e.earned)), ZERO);
}
