/**
 * The mana book's credits other than the century end: an event (each time it happens) and an
 * era's end, and taking back the latest of them. Each is planned like the century end (read,
 * check, compute exactly, plan what to write) and carried out by either adapter. Every credit
 * also refreshes the event worksheets and the distribution points.
 */
import { eraEndCredit, eventCredit, eventSources, post, type CreditKind, type Posting } from "../../engine/book";
import type { SourceRule, Where } from "../../engine/century";
import { formatExact, toNumber, ZERO, type Ratio } from "../../engine/exact";
import { didYouMean, nameKey } from "../../engine/names";
import { errorsIn, payingNobody, type Problem } from "../model/problems";
import { BOOK_SHEETS, LEDGER, SOURCES } from "../model/schema";
import { foundTable, type Campaign } from "../read/campaign";
import { creditName, latestCentury, MAX_CENTURY, recipients } from "../read/century";
import { lateDeaths, missingCounts, neededTables } from "../read/payChecks";
import type { Account, LedgerRow } from "../read/types";
import { toPayments, type Payment, type WorkbookPlan } from "./types";
import type { PlanCell, SheetPlan } from "./layout";
import { ledgerPlan, type CreditRow } from "./ledger";
import { foreignSheets, sealSheet } from "./seal";
import { cell, heading, SheetBuilder } from "./worksheets";

/** What a credit (or taking one back) comes to, and what it writes when nothing is wrong. */
export interface CreditOutcome {
  readonly kind: CreditKind;
  /** the event's name, "era ending with century N", or what was taken back */
  readonly what: string;
  readonly century: number;
  readonly problems: readonly Problem[];
  readonly campaign: Campaign;
  /** every recipient, credited or not */
  readonly payments: readonly Payment[];
  /** the same, exactly */
  readonly postings: readonly Posting[];
  readonly plan?: WorkbookPlan;
}

interface Read {
  readonly campaign: Campaign;
  readonly problems: readonly Problem[];
}

const ledgerError = (message: string): Problem => ({ severity: "error", table: LEDGER.name, message });

/** The largest number of times one event may be credited at once: more is a typo. */
export const MAX_TIMES = 1000;

/**
 * How the Ledger names an event's credit: "God obliterated ×2" for twice at once, and "#2", "#3"…
 * when it is credited again in the same century, so that every credit has a name of its own
 * (taking back the latest never touches an earlier one).
 */
function eventWhat(event: string, times: number, earlier: number): string {
  return `${event}${times === 1 ? "" : ` ×${times}`}${earlier === 0 ? "" : ` #${earlier + 1}`}`;
}

/** The event a Ledger's What cell names, without the times or the count. */
export function eventOf(what: string | null): string {
  return (what ?? "").replace(/\s*#\d+$/, "").replace(/\s*×\d+$/, "");
}

/** How many credits of this event the century has had already. */
function creditsOf(campaign: Campaign, event: string, century: number): number {
  const whats = new Set(campaign.ledger.filter((r) => r.kind === "event" && r.century === century && nameKey(eventOf(r.what)) === nameKey(event)).map((r) => r.what));
  return whats.size;
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
  return [...eventSources(campaign.sources).values()].map((rules) => ({ name: (rules[0] as SourceRule).source, where: whereOf(rules), rules })).sort((a, b) => a.name.localeCompare(b.name));
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
  heading(b, "Distribution Points", `Century ${inPlay} in play: what each character was paid, and what its account carries on.`);
  const header = b.add(cell("Character", "header"), cell("Latest credit", "header"), cell("Paid", "header"), cell("Carried on", "header"), cell("Paid in all", "header"));
  for (const god of recipients(campaign)) {
    const account = accounts.get(nameKey(god));
    const latest = account?.entries[account.entries.length - 1];
    const all = account?.entries.reduce((s, e) => s + e.paid, 0) ?? 0;
    b.add(
      cell(god, "text"),
      cell(latest === undefined ? "(nothing yet)" : creditName(latest), "text"),
      cell(latest?.paid ?? 0, "integer"),
      carriedCell(account?.carry ?? ZERO),
      cell(all, "integer"),
    );
  }
  b.blank();
  b.add(cell("Paid: whole mana of the latest credit. Carried on: what is kept until it makes a whole unit.", "note"));
  return b.sheet(BOOK_SHEETS.points, [16, 40, 8, 11, 11], `Century ${inPlay} in play`, header);
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
    b.add(cell("Recipient", "header"), cell("Mana per event", "header"));
    const lines = eventCredit(who, campaign.cards, e.rules, 1).filter((l) => toNumber(l.earned) !== 0);
    if (lines.length === 0) b.add(cell("(nobody holds a card of these spheres)", "note"));
    for (const l of lines) b.add(cell(l.god, "text"), cell(toNumber(l.earned), "mana"));
    b.blank();
  }
  b.add(cell(`Credit an event when it happens: gods event, or the pane's "An event happened".`, "note"));
  return b.sheet(where === "heaven" ? BOOK_SHEETS.heaven : BOOK_SHEETS.earth, [28, 16, 26], `Century ${inPlay} in play`, 2);
}

/** The accounts after a credit: each recipient's rows so far, then its new one. */
export function accountsAfter(campaign: Campaign, removed: ReadonlySet<number>, added: readonly CreditRow[]): Map<string, Account> {
  const after = new Map<string, Account>();
  for (const [k, a] of campaign.accounts) {
    const entries = a.entries.filter((e) => !removed.has(e.index));
    after.set(k, { god: a.god, entries, carry: entries[entries.length - 1]?.carry ?? ZERO });
  }
  for (const c of added) {
    const k = nameKey(c.god);
    const a = after.get(k);
    const row: LedgerRow = { ...c, earned: toNumber(c.earned), row: 0, index: Number.MAX_SAFE_INTEGER };
    after.set(k, { god: a?.god ?? c.god, entries: [...(a?.entries ?? []), row], carry: c.carry });
  }
  return after;
}

/** The sheets every credit refreshes: the two event worksheets and the distribution points. */
export function bookSheets(campaign: Campaign, accounts: ReadonlyMap<string, Account> = campaign.accounts): SheetPlan[] {
  const inPlay = inPlayAfter(accounts);
  return [eventWorksheet(campaign, "heaven", inPlay), eventWorksheet(campaign, "earth", inPlay), distributionPoints(campaign, accounts)];
}

/** What each account carries now, by recipient. */
function carries(campaign: Campaign): Map<string, Ratio> {
  return new Map([...campaign.accounts.values()].map((a) => [a.god, a.carry]));
}

/**
 * A change of the book with what it writes: the book's sheets (unless one of their names is a
 * sheet of the gamemaster's), the seal, and the Ledger less `removed`, with `added`.
 */
export function withSheets<O extends Omit<CreditOutcome, "plan">>(campaign: Campaign, outcome: O, century: number, removed: ReadonlySet<number>, added: readonly CreditRow[]): O & { plan?: WorkbookPlan } {
  const after = accountsAfter(campaign, removed, added);
  const sheets = bookSheets(campaign, after);
  const foreign = foreignSheets(campaign, sheets);
  if (foreign.length > 0) return { ...outcome, problems: [...outcome.problems, ...foreign] };
  const ledger = ledgerPlan(foundTable(campaign, LEDGER.name)?.raw, campaign.ledger, removed, added);
  return { ...outcome, plan: { century, sheets: [...sheets, sealSheet(campaign, after, sheets)], ledger } };
}

/** A credit's outcome, with its plan when nothing is wrong. */
function credit(read: Read, kind: CreditKind, what: string, century: number, postings: readonly Posting[], problems: Problem[]): CreditOutcome {
  const { campaign } = read;
  const base = { kind, what, century, problems, campaign, payments: toPayments(postings), postings };
  if (errorsIn(problems).length > 0) return base;
  const added: CreditRow[] = postings.filter((p) => toNumber(p.earned) !== 0).map((p) => ({ century, kind, what, god: p.god, earned: p.earned, paid: p.paid, carry: p.carry }));
  return withSheets(campaign, base, century, new Set(), added);
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
export function planEvent(read: Read, event: string, options: EventOptions = {}): CreditOutcome {
  const { campaign } = read;
  const problems = [...read.problems];
  const times = options.times ?? 1;
  const inPlay = centuryInPlay(campaign);
  const century = options.century ?? inPlay;
  const known = knownEvents(campaign);
  const found = known.find((e) => nameKey(e.name) === nameKey(event));
  const name = found?.name ?? event.trim();
  const what = eventWhat(name, times, creditsOf(campaign, name, century));
  if (found === undefined) {
    const list = known.length === 0 ? "The Sources table has no event source (Timing event)." : `The known events: ${known.map((e) => e.name).join(", ")}.`;
    problems.push({ severity: "error", table: SOURCES.name, message: `there is no event "${event.trim().slice(0, 100)}".${didYouMean(event, known.map((e) => e.name))} ${list}` });
  }
  problems.push(...lateDeaths(campaign, inPlay));
  if (!Number.isSafeInteger(times) || times < 1 || times > MAX_TIMES) {
    problems.push(ledgerError(`an event is credited 1 to ${MAX_TIMES} times at once, not ${times}.`));
  }
  // An event is credited in the century in play: the accounts follow the order of the game.
  if (century !== inPlay || century > MAX_CENTURY) {
    problems.push(ledgerError(`an event is credited in the century in play (${inPlay}), not in century ${century}${century < inPlay ? "; one reported late goes into the century in play" : ""}.`));
  }
  const latest = latestCredit(campaign)[0];
  if (found !== undefined && options.again !== true && latest !== undefined && isRepeat(campaign, name, century)) {
    problems.push({
      severity: "error",
      table: LEDGER.name,
      row: latest.row,
      message: `"${name}" was the last credit (this row). If it really happened again, say so (--again, or confirm in the pane); otherwise it is already credited and nothing more is needed.`,
    });
  }
  if (errorsIn(problems).length > 0 || found === undefined) return credit(read, "event", what, century, [], problems);
  const lines = eventCredit(recipients(campaign), campaign.cards, found.rules, times);
  return credit(read, "event", what, century, post(lines, carries(campaign)), problems);
}

/** Credits the era-end sources, counted from the Counts of the century that closes the era. */
export function planEraEnd(read: Read, century: number): CreditOutcome {
  const { campaign } = read;
  const problems = [...read.problems];
  const what = `era ending with century ${century}`;
  const latest = latestCentury(campaign);
  const eraEnd = campaign.sources.filter((s) => s.timing === "era-end" && s.basis === "count");
  if (eraEnd.length === 0) problems.push({ severity: "error", table: SOURCES.name, message: "the Sources table has no era-end source (Timing era-end, Basis count)." });
  if (latest === 0 || century !== latest) {
    problems.push(
      ledgerError(
        latest === 0
          ? `an era ends with a century end, and the Ledger holds none yet: end century ${Number.isSafeInteger(century) && century >= 1 ? century : 1} first.`
          : century > latest
            ? `an era ends with the end of its last century, and century ${century} has not ended yet (the latest century end is ${latest}).`
            : `an era's end is credited right after its last century ends; century ${latest} has ended since century ${century}.`,
      ),
    );
  }
  const next = campaign.ledger.find((r) => r.century > century);
  if (next !== undefined) problems.push({ severity: "error", table: LEDGER.name, row: next.row, message: `century ${century + 1} has credits already (this row): an era's end comes before them. Undo them first, the latest first.` });
  const done = campaign.ledger.find((r) => r.kind === "era-end" && r.century === century);
  if (done !== undefined) problems.push({ severity: "error", table: LEDGER.name, row: done.row, message: `the era ending with century ${century} is already credited (this row). To credit it anew, undo it first.` });
  const counts = new Map<string, Ratio>();
  for (const c of campaign.counts) if (c.century === century) counts.set(nameKey(c.source), c.count);
  problems.push(...neededTables(campaign, campaign.sheetNames, "era-end"), ...missingCounts(campaign, century, "era-end"), ...lateDeaths(campaign, century + 1));
  if (errorsIn(problems).length > 0) return credit(read, "era-end", what, century, [], problems);
  const lines = eraEndCredit(recipients(campaign), campaign.cards, campaign.sources, counts);
  return credit(read, "era-end", what, century, post(lines, carries(campaign)), problems);
}

/**
 * Takes back the latest credit, when it is an event or an era's end; with `expected` (the credit
 * as a gamemaster was asked about it), only when it is still that one.
 */
export function planUndo(read: Read, expected?: string): CreditOutcome {
  const { campaign } = read;
  // Taking a credit back pays nobody: warnings about what others would be paid do not stop it.
  const problems = payingNobody(read.problems);
  const rows = latestCredit(campaign);
  // The row to name: the credit's last, where the Ledger ends.
  const first = rows.reduce<LedgerRow | undefined>((m, r) => (m === undefined || r.index > m.index ? r : m), undefined);
  const base = { kind: first?.kind ?? "event", what: first === undefined ? "" : creditName(first), century: first?.century ?? 0, campaign, payments: [], postings: [] };
  if (errorsIn(problems).length > 0) return { ...base, problems };
  if (first === undefined) return { ...base, problems: [ledgerError(campaign.ledger.length === 0 ? "the Ledger holds no credit to take back." : "the latest credit cannot be told apart (the Ledger's last row is not the latest credit of its account). Take it back by hand.")] };
  if (expected !== undefined && creditName(first) !== expected) {
    return { ...base, problems: [ledgerError(`the latest credit is now ${creditName(first)}, not ${expected}: the Ledger changed meanwhile. Nothing was taken back; look again before undoing.`)] };
  }
  if (first.kind === "correction") {
    return { ...base, problems: [{ severity: "error", table: LEDGER.name, row: first.row, message: `the latest credit is a correction of the book ("${first.what ?? ""}"); a correction is not taken back: it records what was done to the book, and why.` }] };
  }
  if (first.kind === "century-end") {
    return { ...base, problems: [{ severity: "error", table: LEDGER.name, row: first.row, message: `the latest credit is the end of century ${first.century}; a century end is not taken back, it is calculated again (it never pays twice).` }] };
  }
  const removed = new Set(rows.map((r) => r.index));
  const after = accountsAfter(campaign, removed, []);
  const undone = rows.map((r) => ({ god: r.god, carryIn: toNumber(r.carry), earned: -r.earned, paid: -r.paid, carry: toNumber(after.get(nameKey(r.god))?.carry ?? ZERO) }));
  return withSheets(campaign, { ...base, problems, payments: undone }, first.century, removed, []);
}
