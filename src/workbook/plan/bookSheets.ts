/**
 * The sheets of the mana book that every credit refreshes: the event worksheets of Heaven and of
 * Earth (what one happening pays each recipient) and the distribution points (what each was paid
 * and carries on).
 */
import { eventCredit, owed } from "../../engine/book";
import type { Where } from "../../engine/century";
import { formatExact, isNegative, toNumber, ZERO, type Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { BOOK_SHEETS } from "../model/schema";
import { creditName, recipients } from "../read/century";
import { knownEvents } from "../read/credits";
import type { Account, Campaign } from "../read/types";
import type { PlanCell, SheetPlan } from "./layout";
import { cell, heading, SheetBuilder } from "./worksheets";

/**
 * What an account carries on, as it is: a number when it is an exact decimal (0.645), otherwise
 * the fraction itself (1/3), which no decimal shows exactly.
 */
export function carriedCell(carry: Ratio): PlanCell {
  const exact = formatExact(carry);
  return exact.includes("/") ? cell(exact, "fraction") : cell(toNumber(carry), "mana");
}

/**
 * The century in play once the accounts are as given: the one after their latest century end.
 * The book's sheets are written with the credit that changes them, so right after century N
 * ends they say N + 1, not N.
 */
function inPlayAfter(accounts: ReadonlyMap<string, Account>): number {
  let latest = 0;
  for (const a of accounts.values()) for (const e of a.entries) if (e.kind === "century-end" && e.century > latest) latest = e.century;
  return latest + 1;
}

/** The distribution points: one line per recipient with what its latest credit paid and what it carries on. */
function distributionPoints(campaign: Campaign, accounts: ReadonlyMap<string, Account>): SheetPlan {
  const b = new SheetBuilder();
  const inPlay = inPlayAfter(accounts);
  heading(b, "Distribution Points", `Century ${inPlay} in play: what each character was paid, what its account kept, and what it owes.`);
  const header = b.headers("Character", "Latest credit", "Paid", "Kept", "Owes", "Paid in all");
  for (const god of recipients(campaign)) {
    const account = accounts.get(nameKey(god));
    const latest = account?.entries[account.entries.length - 1];
    const all = account?.entries.reduce((s, e) => s + e.paid, 0) ?? 0;
    const carry = account?.carry ?? ZERO;
    b.add(
      cell(god, "text"),
      cell(latest === undefined ? "(nothing yet)" : creditName(latest), "text"),
      cell(latest?.paid ?? 0, "integer"),
      carriedCell(isNegative(carry) ? ZERO : carry),
      carriedCell(owed(carry)),
      cell(all, "integer"),
    );
  }
  b.blank();
  b.add(cell("Paid: whole mana of the latest credit. Kept: the fraction kept until it makes a whole mana.", "note"));
  b.add(cell("Owes: mana a debit took that the account lacked; its next credits pay it first.", "note"));
  return b.sheet(BOOK_SHEETS.points, [16, 34, 7, 10, 8, 10], `Century ${inPlay} in play`, header);
}

/** The event worksheet of Heaven or of Earth: every event, who receives mana from it and how much. */
function eventWorksheet(campaign: Campaign, where: Where, inPlay: number): SheetPlan {
  const b = new SheetBuilder();
  const place = where === "heaven" ? "Heaven" : "Earth";
  heading(b, `${place} Events`, `Mana per event for each recipient, in century ${inPlay}.`);
  const events = knownEvents(campaign).filter((e) => e.where === where);
  if (events.length === 0) b.add(cell(`The Sources table has no event ${where === "heaven" ? "in Heaven" : "on Earth"}.`, "note"));
  const who = recipients(campaign);
  for (const e of events) {
    b.add(cell(e.name, "section"), cell(`spheres: ${[...new Set(e.rules.map((r) => r.sphere))].join(", ")}`, "note"));
    b.headers("Recipient", "Mana per event");
    const lines = eventCredit(who, campaign.cards, e.rules, 1).filter((l) => toNumber(l.earned) !== 0);
    if (lines.length === 0) b.add(cell("(nobody holds a card of these spheres)", "note"));
    for (const l of lines) b.add(cell(l.god, "text"), cell(toNumber(l.earned), "mana"));
    b.blank();
  }
  b.add(cell(`Credit an event when it happens: gods event, or the pane's "An event happened".`, "note"));
  return b.sheet(where === "heaven" ? BOOK_SHEETS.heaven : BOOK_SHEETS.earth, [28, 16, 26], `Century ${inPlay} in play`, 2);
}

/** The sheets every credit refreshes: the two event worksheets and the distribution points. */
export function bookSheets(campaign: Campaign, accounts: ReadonlyMap<string, Account> = campaign.accounts): SheetPlan[] {
  const inPlay = inPlayAfter(accounts);
  return [eventWorksheet(campaign, "heaven", inPlay), eventWorksheet(campaign, "earth", inPlay), distributionPoints(campaign, accounts)];
}
