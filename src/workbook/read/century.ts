/** Checks that depend on the century being calculated, and the Ledger's facts they rest on. */
import { DEMONS } from "../../engine/names";
import { payWarning, tableError, tableWarning, type Problem } from "../model/problems";
import { DEATHS, isUnopened, LEDGER, MAX_CENTURY, RACES } from "../model/schema";
import { isBookGone } from "./head";
import { addressIn } from "../model/tableReader";
import { foundTable } from "./campaign";
import { causeProblems, earlierUnpaid, lateDeaths, missingCounts, neededTables, rowList } from "./payChecks";
import type { Campaign, Death, LedgerRow } from "./types";
import { creditName } from "./creditName";

export { creditName };

export { MAX_CENTURY };

/**
 * The latest century whose end the Ledger holds, or 0 when there is none. The balances of a
 * campaign brought in count as the end of the last century paid by hand.
 */
export function latestCentury(campaign: Campaign): number {
  return campaign.ledger.reduce((m, r) => (r.kind === "century-end" || r.kind === "opening" ? Math.max(m, r.century) : m), 0);
}

/** The century a campaign kept by hand was brought in at (its last century paid by hand), or undefined. */
export function openingCentury(campaign: Campaign): LedgerRow | undefined {
  return campaign.ledger.find((r) => r.kind === "opening");
}

/**
 * The first credit made after the end of `century` (one of a later century, or the era's end
 * after it): while there is one, that century end cannot be calculated again (its carries flowed
 * on into later credits, perhaps of recipients it did not pay).
 */
export function creditAfter(campaign: Campaign, century: number): LedgerRow | undefined {
  return campaign.ledger
    .filter((r) => r.century > century || (r.century === century && (r.kind === "era-end" || r.kind === "correction")))
    .sort((a, b) => a.row - b.row)[0];
}

/** Recipients in display order: the gods that are not demons, then the Demons pool. */
export function recipients(campaign: Campaign): string[] {
  return [...campaign.gods.filter((g) => g.kind !== "demon").map((g) => g.name), DEMONS];
}

export interface CenturyOptions {
  /** the campaign really starts at this century: earlier centuries' rows are history, not unpaid */
  readonly firstCentury?: boolean;
  /** the Ledger is gone or not opened, a problem with its own way on: ending an earlier century is no advice then */
  readonly bookLost?: boolean;
}

/** Whether the problems read name the Ledger as gone, or as not opened after records were brought in. */
export function bookLost(problems: readonly Problem[]): boolean {
  return problems.some((p) => isBookGone(p) || isUnopened(p));
}

/** Checks that depend on the century being calculated. */
export function checkCentury(campaign: Campaign, century: number, options: CenturyOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const latest = latestCentury(campaign);
  if (!Number.isSafeInteger(century) || century < 1) {
    problems.push(tableError(LEDGER.name, `the century must be a whole number, 1 or more, not ${century}.`, { argument: "--century" }));
    return problems;
  }
  // "C100000000 Century-End Worksheet" would be 32 characters: Excel's sheet names stop at 31.
  if (century > MAX_CENTURY) {
    problems.push(
      tableError(
        LEDGER.name,
        `the century must be ${MAX_CENTURY.toLocaleString("en")} or less (a longer number does not fit in a sheet's name), not ${century}.`,
        { argument: "--century" },
      ),
    );
    return problems;
  }
  const over = gameOver(campaign);
  if (over !== undefined) return [over];
  const opening = openingCentury(campaign);
  if (opening !== undefined && century <= opening.century) {
    const ledger = foundTable(campaign, LEDGER.name);
    problems.push(
      tableError(
        LEDGER.name,
        opening.what?.startsWith("started again at century ") === true
          ? `century ${century} was paid in the book that was lost: the Ledger was started again at century ${opening.century} (this row), and nothing the lost book paid is paid twice. The next century end is ${latest + 1}.`
          : `century ${century} was paid by hand before the campaign was brought in at century ${opening.century} (this row holds what each account carried then): its deaths and counts are history. The next century end is ${latest + 1}.`,
        { row: opening.row, ...(ledger === undefined ? {} : { address: addressIn(ledger.raw, opening.row, "Century") }) },
      ),
    );
    return problems;
  }
  if (latest > 0 && century < latest) {
    const paid = campaign.ledger.some((r) => r.kind === "century-end" && r.century === century);
    // (A loop, not Math.min(...rows): a Ledger of a few hundred thousand rows would overflow the stack.)
    const first = campaign.ledger.reduce((m, r) => (r.kind === "century-end" && r.century < m ? r.century : m), Infinity);
    problems.push(
      tableError(
        LEDGER.name,
        paid
          ? `century ${century} was paid out before century ${latest}; only the latest century (${latest}) can be calculated again, so mana is never paid twice.`
          : `century ${century} was never paid: the campaign's first century end was century ${first}, and the Ledger only goes forward (the next century end is ${latest + 1}). Deaths or counts of century ${century} that should still be paid can be moved to century ${latest + 1}.`,
        { argument: "--century" },
      ),
    );
  }
  if (latest === 0 && century > 1 && options.firstCentury !== true && options.bookLost !== true) {
    const early = earlierUnpaid(campaign, century);
    if (early !== undefined) problems.push(early);
  }
  const after = latest > 0 && century === latest ? creditAfter(campaign, century) : undefined;
  if (after !== undefined) {
    const ledger = foundTable(campaign, LEDGER.name);
    problems.push(
      tableError(
        LEDGER.name,
        `century ${century} can no longer be calculated again: ${creditName(after)} was credited after it (this row), carrying on from what century ${century} paid. Undo the later credits first, the latest first.`,
        { row: after.row, ...(ledger === undefined ? {} : { address: addressIn(ledger.raw, after.row, "Century") }) },
      ),
    );
  }
  if (latest > 0 && century > latest + 1) {
    problems.push(
      tableError(LEDGER.name, `the Ledger's latest century is ${latest}, so the next one is ${latest + 1}, not ${century}: give --century ${latest + 1}.`, {
        argument: "--century",
      }),
    );
  }
  // Deaths of the century after this one may already be logged (play goes on while the
  // referees count); anything dated further ahead is a typo.
  const horizon = Math.max(century, latest + 1) + 1;
  const deaths = foundTable(campaign, DEATHS.name);
  campaign.deaths.forEach((d) => {
    if (d.century > horizon) {
      problems.push(
        tableError(
          DEATHS.name,
          `a row for ${d.units} ${d.cause} deaths is dated century ${d.century}, which has not started (the century being calculated is ${century}; deaths may be logged at most one century ahead).`,
          { column: "Century", row: d.row, ...(deaths === undefined ? {} : { address: addressIn(deaths.raw, d.row, "Century") }) },
        ),
      );
    }
  });
  problems.push(...deathsNotTyped(campaign, century), ...noMortals(campaign, century), ...eraLength(campaign, century));
  problems.push(
    ...neededTables(campaign, campaign.sheetNames, "century-end"),
    ...causeProblems(campaign, century),
    ...missingCounts(campaign, century, "century-end"),
  );
  problems.push(...lateDeaths(campaign, century, century));
  return problems;
}

/**
 * Deaths that look not typed yet, or typed for the wrong century, when `century` is paid: none
 * logged for it while earlier centuries have some, or while the next one has some (typed with
 * the wrong Century, perhaps), stops the payment until the gamemaster has seen it (it would pay
 * too little, for good); rows dated the next century while this one has its own are named in a
 * warning, since they wait for the next century end.
 */
export function deathsNotTyped(campaign: Campaign, century: number): Problem[] {
  const table = foundTable(campaign, DEATHS.name);
  if (table === undefined) return [];
  let own = 0;
  const earlier = new Map<number, number>();
  const next: Death[] = [];
  for (const d of campaign.deaths) {
    if (d.century === century) own += 1;
    else if (d.century < century) earlier.set(d.century, (earlier.get(d.century) ?? 0) + d.units);
    else if (d.century === century + 1) next.push(d);
  }
  const at = (d: Death | undefined) => (d === undefined ? {} : { column: "Century", row: d.row, address: addressIn(table.raw, d.row, "Century") });
  const nextRows = next.length === 0 ? "" : `the Deaths ${rowList(next.map((d) => d.row))} ${next.length === 1 ? "is" : "are"} dated century ${century + 1}`;
  if (own === 0 && (earlier.size > 0 || next.length > 0)) {
    const last = [...earlier.keys()].reduce((m, c) => Math.max(m, c), -Infinity);
    const before = earlier.size === 0 ? "" : `, though century ${last} had ${earlier.get(last) ?? 0} units die`;
    const one = next.length === 1;
    const wrong =
      next.length === 0
        ? ""
        : ` and ${nextRows}: if ${one ? "it belongs" : "they belong"} to century ${century}, correct ${one ? "its" : "their"} Century first`;
    return [
      payWarning(
        DEATHS.name,
        `no deaths are logged for century ${century}${before}${wrong}. Paid now, century ${century} counts no deaths, for good: type its deaths first, or accept to pay it without any.`,
        at(next[0]),
      ),
    ];
  }
  if (next.length > 0)
    return [
      tableWarning(
        DEATHS.name,
        `${nextRows.charAt(0).toUpperCase()}${nextRows.slice(1)}, the next century: ${next.length === 1 ? "it waits" : "they wait"} for its end and ${next.length === 1 ? "is" : "are"} not paid now. If ${next.length === 1 ? "it belongs" : "they belong"} to century ${century}, correct the Century first.`,
        at(next[0]),
      ),
    ];
  return [];
}

/**
 * What the rules do when the last mortals die (seed 002, Calculation Phase): the next century is a
 * second Creation. Said by the war, disaster or growth that kills them.
 */
export const SECOND_CREATION =
  "the next century is, by the rules, a second Creation: play it under Era Aleph's rules, except that no Heaven or Demesne creation power may be used.";

/**
 * Every race of the Races table at 0 units: no mortal is left on Earth, and the century after the
 * one in which the last died is a second Creation (seed 002, Calculation Phase). The check runs
 * for the century about to be paid, which may already be that Creation, so the words say both. A
 * warning that holds nothing back: what this century earned is paid as usual.
 */
export function noMortals(campaign: Campaign, century: number): Problem[] {
  // A race row left out for a bad cell may hold mortals: nothing is said on a guess.
  if (campaign.races.length === 0 || campaign.races.some((r) => r.units > 0) || (campaign.flawed.get(RACES.name)?.size ?? 0) > 0) return [];
  return [
    tableWarning(
      RACES.name,
      `no mortal is left on Earth: every race has 0 units. By the rules the century after the last of them died is a second Creation, played under Era Aleph's rules without Heaven or Demesne creation powers: if they died during century ${century}, century ${century + 1} is that Creation.`,
    ),
  ];
}

/** Whether the Sources table has an era-end source (Timing era-end, Basis count): one that an era's end may pay. */
export function hasEraEndSource(campaign: Campaign): boolean {
  return campaign.sources.some((s) => s.timing === "era-end" && s.basis === "count");
}

/**
 * Era Omega's end, when the Ledger credits it: the second era's end after a century (Era Aleph's,
 * at century 0, is not one of them). The game is over from then on (seed 002, Time on Earth:
 * Era Omega is the last era).
 */
export function omegaEnd(campaign: Campaign): LedgerRow | undefined {
  const ends = campaign.ledger.filter((r) => r.kind === "era-end" && r.century >= 1);
  const centuries = [...new Set(ends.map((r) => r.century))].sort((a, b) => a - b);
  const omega = centuries[1];
  return omega === undefined ? undefined : ends.filter((r) => r.century === omega).sort((a, b) => a.row - b.row)[0];
}

/**
 * Why nothing more is credited once Era Omega's end is: the game is over. The way back, when the
 * era was ended too early, is to take that end back (undo takes back the latest credit) and give
 * Era Omega its length, so that its true last century is named.
 */
export function gameOver(campaign: Campaign): Problem | undefined {
  const end = omegaEnd(campaign);
  if (end === undefined) return undefined;
  const ledger = foundTable(campaign, LEDGER.name);
  return tableError(
    LEDGER.name,
    `the game is over: Era Omega, the last era, ended with century ${end.century} (this row), and nothing is credited after it. If Era Omega ended too early, take its end back first (gods undo, or Undo the latest credit in the pane: the latest credit goes back first), then give Era Omega its length in the Settings table (Era Omega length).`,
    { row: end.row, ...(ledger === undefined ? {} : { address: addressIn(ledger.raw, end.row, "Century") }) },
  );
}

/** An era played in centuries, as the Ledger's era ends place it. */
export interface Era {
  readonly name: "Era Centrum" | "Era Omega";
  /** the century after which it began: 0 for Era Centrum, counted from century 1 */
  readonly start: number;
  /** its centuries, when known: the rules give Era Omega none */
  readonly length?: number;
  /** the setting that gives its length */
  readonly setting: string;
  /** where its centuries are counted from, in words */
  readonly since: string;
}

/**
 * The era `century` belongs to (seed 002, Time on Earth: Era Centrum has 16 centuries; Era Omega
 * comes after it). Era Aleph has no centuries: its end, credited at century 0, begins Era
 * Centrum with century 1. The first era's end the Ledger credits after a century ends Era Centrum,
 * and the next one Era Omega; after that no era is in play (undefined).
 */
export function eraOf(campaign: Campaign, century: number): Era | undefined {
  const ends = [...new Set(campaign.ledger.filter((r) => r.kind === "era-end" && r.century >= 1 && r.century < century).map((r) => r.century))];
  const { centrumLength, omegaLength } = campaign.settings;
  if (ends.length === 0) return { name: "Era Centrum", start: 0, length: centrumLength, setting: "Era Centrum length", since: "counting from century 1" };
  if (ends.length > 1) return undefined;
  const start = ends[0] as number;
  return {
    name: "Era Omega",
    start,
    ...(omegaLength === undefined ? {} : { length: omegaLength }),
    setting: "Era Omega length",
    since: `counting from Era Centrum's end after century ${start}`,
  };
}

/**
 * Where `century` falls in its era (eraOf). The era's last century is named so the era's end is
 * not forgotten. A century past it is named too, since what lasts "for the rest of this era" has
 * run out; and paying it while a century at or past the era's last is paid and the era's end is
 * not credited changes pay when the Sources table has an era-end source: that end could then only
 * be credited later, with a later century's counts, or never. So a person sees it first.
 */
export function eraLength(campaign: Campaign, century: number): Problem[] {
  const era = eraOf(campaign, century);
  if (era === undefined) return [];
  const { name, start, length, since } = era;
  const nth = century - start;
  if (length === undefined)
    return [
      tableWarning(
        LEDGER.name,
        `century ${century} is ${name}'s ${ordinal(nth)} century (${since}), and the rules give ${name} no length, so its last century is not named: give it in the Settings table (${era.setting}), so that its end is not forgotten. Nobody's pay waits for it.`,
      ),
    ];
  const setting = `${era.setting} ${length}`;
  if (nth === length)
    return [
      tableWarning(
        LEDGER.name,
        `century ${century} is ${name}'s last (century ${nth} of ${length}, ${since}; ${setting}): once it is paid, end the era with gods era-end --century ${century}, or Credit the era's end in the pane${
          name === "Era Omega" ? ". Era Omega is the last era: its end ends the game" : ""
        }.`,
      ),
    ];
  if (nth < length) return [];
  const last = start + length;
  const latest = latestCentury(campaign);
  // Paying on pushes the era's end further: a warning that changes pay, when the end pays anyone.
  const warning = latest >= last && century > latest && hasEraEndSource(campaign) ? payWarning : tableWarning;
  // The era's last century is the latest paid, its era's end not credited: that comes first.
  if (latest === last && century === last + 1)
    return [
      warning(
        LEDGER.name,
        `century ${last}, ${name}'s last (${setting}, ${since}), is paid, but the era's end is not credited: credit it first (gods era-end --century ${last}, or Credit the era's end in the pane)${
          name === "Era Omega" ? ": Era Omega is the last era, and its end ends the game" : `, and century ${century} begins Era Omega`
        }. Paid before it, century ${century} would be ${name}'s ${ordinal(nth)}${
          warning === payWarning
            ? `, and the era's end could no longer be credited with century ${last}'s counts: its era-end sources would pay late, or never.`
            : "."
        }`,
      ),
    ];
  const late = latest > last && century > latest;
  return [
    warning(
      LEDGER.name,
      `century ${century} is ${name}'s ${ordinal(nth)} century, ${since}, though it has ${length} (${setting}): it should have ended after century ${last}, and whatever lasts for the rest of the era has run out. ${
        late
          ? `Credit the era's end first, late, with century ${latest}'s counts (gods era-end --century ${latest}, or Credit the era's end in the pane)`
          : `End the era once this century is paid (gods era-end --century ${century})`
      }, or give the era its true length in the Settings table (${era.setting}).`,
    ),
  ];
}

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}
