/**
 * The one-click century end, independent of where the workbook lives: read and validate the
 * campaign, compute the century exactly, and plan what to write. The adapters read the raw
 * tables before and carry the plan out after.
 */
import { calculateCentury, type CenturyInput, type CenturyResult } from "../../engine/century";
import { cmp, toNumber, ZERO, type Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { errorsIn, tableWarning, WORKBOOK, type Problem } from "../model/problems";
import type { RawCell, RawWorkbook } from "../model/raw";
import { foundTable, readCampaign, type Campaign, type CampaignRead } from "../read/campaign";
import { DEATHS, LEDGER, sheetNames } from "../model/schema";
import { bookLost, checkCentury, latestCentury, recipients, type CenturyOptions } from "../read/century";
import { headAfter, ledgerPlan, tooLargeCredit } from "../plan/ledger";
import { toPayments, type Payment, type WorkbookPlan } from "../plan/types";
import { accountsAfter } from "./credit";
import { bookSheets } from "../plan/bookSheets";
import { foreignSheets, sealSheet } from "../plan/seal";
import { centuryWorksheets } from "../plan/worksheets";
import type { SheetPlan } from "../plan/layout";
import { countedDeaths } from "../read/payChecks";
import { storySheets } from "../plan/story";

export type { Payment, WorkbookPlan } from "../plan/types";

export interface CenturyEndOutcome {
  readonly century: number;
  /** errors and warnings; any error means nothing may be written */
  readonly problems: readonly Problem[];
  readonly campaign: Campaign;
  readonly result?: CenturyResult;
  readonly plan?: WorkbookPlan;
  readonly payments: readonly Payment[];
  /** a century calculated again: what it had paid each character, what it pays now, and the difference to hand out or take back */
  readonly handOut?: readonly HandOut[];
}

/** What a century calculated again changes at the box: one line per character its first end or its new one paid. */
export interface HandOut {
  readonly god: string;
  /** what the century's first end paid (handed out already) */
  readonly before: number;
  /** what it pays now */
  readonly now: number;
  /** now − before: more than 0 is handed out, less than 0 taken back */
  readonly difference: number;
}

/** Per character, what the replaced rows paid against what the new end pays, in the new end's order. */
function handOutOf(campaign: Campaign, replaced: ReadonlySet<number>, payments: readonly Payment[]): HandOut[] {
  const before = new Map<string, { god: string; paid: number }>();
  for (const r of campaign.ledger) {
    if (!replaced.has(r.index)) continue;
    const k = key(r.god);
    before.set(k, { god: before.get(k)?.god ?? r.god, paid: (before.get(k)?.paid ?? 0) + r.paid });
  }
  const out: HandOut[] = payments.map((p) => {
    const was = before.get(key(p.god))?.paid ?? 0;
    before.delete(key(p.god));
    return { god: p.god, before: was, now: p.paid, difference: p.paid - was };
  });
  // A character the first end paid and the new one does not (renamed since, or gone from the Gods table).
  for (const { god, paid } of before.values()) out.push({ god, before: paid, now: 0, difference: -paid });
  return out;
}

const key = nameKey;

/**
 * What each recipient's account carries into a century end: what it carries now or, when the
 * latest century end is calculated again, what it carried before that century end.
 */
export function carriesInto(campaign: Campaign, century: number): Map<string, Ratio> {
  const carry = new Map<string, Ratio>();
  for (const account of campaign.accounts.values()) {
    const at = account.entries.findIndex((e) => e.kind === "century-end" && e.century === century);
    carry.set(account.god, at < 0 ? account.carry : (account.entries[at - 1]?.carry ?? ZERO));
  }
  return carry;
}

/** The engine's input for a century, from a validated campaign. */
export function centuryInput(campaign: Campaign, century: number): CenturyInput {
  const carry = carriesInto(campaign, century);
  const counts = new Map<string, Ratio>();
  for (const c of campaign.counts) if (c.century === century) counts.set(key(c.source), c.count);
  return {
    century,
    recipients: recipients(campaign),
    cards: campaign.cards,
    sources: campaign.sources,
    races: campaign.races,
    pantheon: campaign.pantheon,
    deaths: campaign.deaths.filter((d) => d.century === century),
    counts,
    carry,
  };
}

/** Shows an amount of mana as the messages do. */
const shownMana = (r: Ratio): string => String(+toNumber(r).toPrecision(12));

/**
 * A warning about a misspelt cause or sphere, with what it costs whom: each recipient whose
 * earnings would differ if the name were the one it likely means.
 */
function withCost(p: Problem, s: NonNullable<Problem["suggestion"]>, input: CenturyInput, result: CenturyResult): Problem {
  const from = key(s.from);
  const fixed: CenturyInput =
    s.table === DEATHS.name
      ? { ...input, deaths: input.deaths.map((d) => (key(d.cause) === from ? { ...d, cause: s.to } : d)) }
      : { ...input, cards: input.cards.map((c) => (key(c.sphere) === from ? { ...c, sphere: s.to } : c)) };
  const other = new Map(calculateCentury(fixed).payouts.map((o) => [o.god, o.earned]));
  const costs = result.payouts.flatMap((o) => {
    const meant = other.get(o.god);
    return meant === undefined || cmp(meant, o.earned) === 0 ? [] : [`${o.god} earns ${shownMana(o.earned)} instead of ${shownMana(meant)}`];
  });
  return costs.length === 0 ? p : { ...p, message: `${p.message} As typed, ${costs.join("; ")}.` };
}

/**
 * The warnings about misspelt names with what each costs (see withCost), for a century whose
 * calculation is `result` (worked out when not given). The pane's status words them the same,
 * so a warning accepted there is the one the payment finds.
 */
export function costed(problems: readonly Problem[], input: CenturyInput, result: CenturyResult = calculateCentury(input)): Problem[] {
  return problems.map((p) => (p.suggestion === undefined ? p : withCost(p, p.suggestion, input, result)));
}

/** Plans the century end; `century` defaults to the one after the Ledger's latest. */
export function planCenturyEnd(raw: RawWorkbook, century?: number, options: CenturyOptions = {}): CenturyEndOutcome {
  return centuryEndOf(readCampaign(raw), century, options);
}

/** Plans the century end of a campaign already read. */
export function centuryEndOf(read: CampaignRead, century?: number, options: CenturyOptions = {}): CenturyEndOutcome {
  const { campaign } = read;
  const problems = [...read.problems];
  const n = century ?? latestCentury(campaign) + 1;
  for (const p of checkCentury(campaign, n, { ...options, bookLost: bookLost(read.problems) })) problems.push(p);
  if (errorsIn(problems).length > 0) return { century: n, problems, campaign, payments: [] };
  const input = centuryInput(campaign, n);
  const result = calculateCentury(input);
  // (Not splice(…, ...list): a problem for each of a few hundred thousand rows would overflow the stack.)
  const withCosts = costed(problems, input, result);
  problems.length = 0;
  for (const p of withCosts) problems.push(p);
  const replaced = new Set(campaign.ledger.filter((r) => r.kind === "century-end" && r.century === n).map((r) => r.index));
  const credits = result.payouts.map((p) => ({
    century: n,
    kind: "century-end" as const,
    what: null,
    god: p.god,
    earned: p.earned,
    paid: p.paid,
    carry: p.carry,
  }));
  const large = tooLargeCredit(credits);
  if (large !== undefined) return { century: n, problems: [...problems, large], campaign, result, payments: toPayments(result.payouts) };
  const after = accountsAfter(campaign, replaced, credits);
  const sheets = [...centuryWorksheets(result, recipients(campaign)), ...bookSheets(campaign, after)];
  // A sheet of the gamemaster's with one of these names is never written over.
  const foreign = foreignSheets(campaign, sheets);
  // The story goes with the payment. A sheet of the gamemaster's with the name of one of its
  // sheets keeps only that sheet from being written, and says so: the History cannot be written
  // later for a century that went by, the Charts can.
  const story = storySheets(campaign, after, recipients(campaign), n, campaign.history ?? []);
  for (const sheet of story) {
    if (foreignSheets(campaign, [sheet]).length === 0) sheets.push(sheet);
    else
      problems.push(
        tableWarning(
          WORKBOOK,
          `The ${sheet.name} sheet was not written: the workbook has a sheet of its own called "${sheet.name}". Rename it to have the ${sheet.name} from the next century end on; the payment is not held up.`,
        ),
      );
  }
  if (foreign.length > 0) return { century: n, problems: [...problems, ...foreign], campaign, result, payments: toPayments(result.payouts) };
  const head = headAfter(campaign.ledger, replaced, credits);
  const plan: WorkbookPlan = {
    century: n,
    sheets: [...sheets, sealSheet(campaign, after, sheets, countedAfter(campaign, n, sheets))],
    ledger: ledgerPlan(foundTable(campaign, LEDGER.name)?.raw, campaign.ledger, replaced, credits),
    ...(head === undefined ? {} : { head }),
  };
  const payments = toPayments(result.payouts);
  return { century: n, problems, campaign, result, plan, payments, ...(replaced.size > 0 ? { handOut: handOutOf(campaign, replaced, payments) } : {}) };
}

/** What each paid century counted once century `n` is paid: its own count, as its new Death Worksheet holds it. */
function countedAfter(campaign: Campaign, n: number, sheets: readonly SheetPlan[]): Map<number, ReadonlyMap<string, number>> {
  const counted = new Map(campaign.counted);
  const worksheet = sheets.find((s) => s.name === sheetNames(n).deaths);
  const now = worksheet === undefined ? undefined : countedDeaths(worksheet.rows.map((r) => r.map((c) => (c === null ? null : (c.value as RawCell)))));
  if (now !== undefined) counted.set(n, now);
  else counted.delete(n);
  return counted;
}

/** What calculating `century` again now would change at the box, per character: the calculation alone, nothing planned. The campaign is expected to be sound. */
export function redoHandOut(campaign: Campaign, century: number): HandOut[] {
  const replaced = new Set(campaign.ledger.filter((r) => r.kind === "century-end" && r.century === century).map((r) => r.index));
  return handOutOf(campaign, replaced, previewPayments(campaign, century));
}

/** What each recipient would be paid if `century` ended now: the calculation alone, nothing planned. The campaign is expected to be sound. */
export function previewPayments(campaign: Campaign, century: number): Payment[] {
  return toPayments(calculateCentury(centuryInput(campaign, century)).payouts);
}
