/**
 * Crediting the era-end sources, counted from the Counts of the century that closes the era (or,
 * for Era Aleph, which has no centuries, of century 0, before the first century).
 */
import { eraEndCredit, post } from "../../engine/book";
import type { Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { payWarning, tableError, tableWarning, errorsIn, type Problem } from "../model/problems";
import { LEDGER, SOURCES } from "../model/schema";
import type { CampaignRead } from "../read/campaign";
import { eraOf, hasEraEndSource, latestCentury, ordinal, recipients } from "../read/century";
import { lateDeaths, missingCounts, neededTables } from "../read/payChecks";
import type { Campaign } from "../read/types";
import { carries, credit, ledgerError, type CreditOutcome } from "./credit";

/** The Ledger's What for Era Aleph's end, credited at century 0. */
export const ALEPH_END = "Era Aleph's end";

/** The era's end in a gamemaster's words: "Era Aleph's end", or "the era ending with century 16". */
export function eraEndWords(century: number): string {
  return century === 0 ? ALEPH_END : `the era ending with century ${century}`;
}

export function planEraEnd(read: CampaignRead, century: number): CreditOutcome {
  const { campaign } = read;
  const problems = [...read.problems];
  const aleph = century === 0;
  const what = aleph ? ALEPH_END : `era ending with century ${century}`;
  const latest = latestCentury(campaign);
  // Recorded even when it pays nobody: the era is over all the same, and the next one begins.
  if (!hasEraEndSource(campaign))
    problems.push(
      tableWarning(
        SOURCES.name,
        "the Sources table has no era-end source (Timing era-end, Basis count), so the era's end pays nobody: it is recorded all the same, so that the next era begins.",
      ),
    );
  if (aleph ? latest > 0 : latest === 0 || century !== latest) {
    problems.push(
      ledgerError(
        aleph
          ? `Era Aleph's end comes before the first century end, and the Ledger's latest century end is ${latest}.`
          : latest === 0
            ? `an era ends with a century end, and the Ledger holds none yet: end century ${Number.isSafeInteger(century) && century >= 1 ? century : 1} first. (Era Aleph's end, before the first century, is credited with --century 0.)`
            : century > latest
              ? `an era ends with the end of its last century, and century ${century} has not ended yet (the latest century end is ${latest}).`
              : `an era's end is credited right after its last century ends; century ${latest} has ended since century ${century}.`,
      ),
    );
  }
  const next = campaign.ledger.find((r) => r.century > century);
  if (next !== undefined)
    problems.push(
      tableError(LEDGER.name, `century ${century + 1} has credits already (this row): an era's end comes before them. Undo them first, the latest first.`, {
        row: next.row,
      }),
    );
  const done = campaign.ledger.find((r) => r.kind === "era-end" && r.century === century);
  if (done !== undefined)
    problems.push(
      tableError(
        LEDGER.name,
        `${aleph ? ALEPH_END : `the era ending with century ${century}`} is already credited (this row). To credit it anew, undo it first.`,
        { row: done.row },
      ),
    );
  if (!aleph) problems.push(...early(campaign, century));
  const counts = new Map<string, Ratio>();
  for (const c of campaign.counts) if (c.century === century) counts.set(nameKey(c.source), c.count);
  problems.push(
    ...neededTables(campaign, campaign.sheetNames, "era-end"),
    ...missingCounts(campaign, century, "era-end"),
    ...lateDeaths(campaign, century + 1),
  );
  if (errorsIn(problems).length > 0) return credit(read, "era-end", what, century, [], problems);
  const lines = eraEndCredit(recipients(campaign), campaign.cards, campaign.sources, counts);
  return credit(read, "era-end", what, century, post(lines, carries(campaign)), problems, { recorded: true });
}

/**
 * An era's end credited before the era's last century: its era-end sources pay before their
 * time, with an earlier century's counts, and the next era begins too soon. A warning that changes
 * pay (when an era-end source pays anyone), so a person sees it first.
 */
function early(campaign: Campaign, century: number): Problem[] {
  const era = eraOf(campaign, century);
  if (era?.length === undefined) return [];
  const nth = century - era.start;
  if (nth >= era.length) return [];
  const last = era.start + era.length;
  const after = era.name === "Era Centrum" ? `century ${century + 1} begins Era Omega` : "Era Omega, the last era, is over";
  const warning = hasEraEndSource(campaign) ? payWarning : tableWarning;
  return [
    warning(
      LEDGER.name,
      `century ${century} is ${era.name}'s ${ordinal(nth)} century of ${era.length} (${era.setting} ${era.length}, ${era.since}): the era is not over. Credited now, its end pays the era-end sources ${last - century === 1 ? "a century" : `${last - century} centuries`} early, with century ${century}'s counts, and ${after}. Credit it after century ${last}, or give the era its true length in the Settings table (${era.setting}).`,
    ),
  ];
}
