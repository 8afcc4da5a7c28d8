/** Checks that depend on the century being calculated, and the Ledger's facts they rest on. */
import { DEMONS } from "../../engine/names";
import { tableError, type Problem } from "../model/problems";
import { DEATHS, LEDGER } from "../model/schema";
import { addressIn } from "../model/tableReader";
import { foundTable } from "./campaign";
import { causeProblems, earlierUnpaid, lateDeaths, missingCounts, neededTables } from "./payChecks";
import type { Campaign, LedgerRow } from "./types";
import { creditName } from "./creditName";

export { creditName };

/** The largest century whose worksheets' names fit Excel's 31 characters. */
export const MAX_CENTURY = 99_999_999;

/** The latest century whose end the Ledger holds, or 0 when there is none. */
export function latestCentury(campaign: Campaign): number {
  return campaign.ledger.reduce((m, r) => (r.kind === "century-end" ? Math.max(m, r.century) : m), 0);
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
}

/** Checks that depend on the century being calculated. */
export function checkCentury(campaign: Campaign, century: number, options: CenturyOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const latest = latestCentury(campaign);
  if (!Number.isSafeInteger(century) || century < 1) {
    problems.push(tableError(LEDGER.name, `the century must be a whole number, 1 or more, not ${century}.`));
    return problems;
  }
  // "C100000000 Century-End Worksheet" would be 32 characters: Excel's sheet names stop at 31.
  if (century > MAX_CENTURY) {
    problems.push(
      tableError(
        LEDGER.name,
        `the century must be ${MAX_CENTURY.toLocaleString("en")} or less (a longer number does not fit in a sheet's name), not ${century}.`,
      ),
    );
    return problems;
  }
  if (latest > 0 && century < latest) {
    const paid = campaign.ledger.some((r) => r.kind === "century-end" && r.century === century);
    const first = Math.min(...campaign.ledger.filter((r) => r.kind === "century-end").map((r) => r.century));
    problems.push(
      tableError(
        LEDGER.name,
        paid
          ? `century ${century} was paid out before century ${latest}; only the latest century (${latest}) can be calculated again, so mana is never paid twice.`
          : `century ${century} was never paid: the campaign's first century end was century ${first}, and the Ledger only goes forward (the next century end is ${latest + 1}). Deaths or counts of century ${century} that should still be paid can be moved to century ${latest + 1}.`,
      ),
    );
  }
  if (latest === 0 && century > 1 && options.firstCentury !== true) {
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
    problems.push(tableError(LEDGER.name, `the Ledger's latest century is ${latest}, so the next one is ${latest + 1}, not ${century}.`));
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
  problems.push(
    ...neededTables(campaign, campaign.sheetNames, "century-end"),
    ...causeProblems(campaign, century),
    ...missingCounts(campaign, century, "century-end"),
  );
  problems.push(...lateDeaths(campaign, century, century));
  return problems;
}
