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
import { eraOf, gameOver, hasEraEndSource, latestCentury, ordinal, recipients } from "../read/century";
import { eraEndLost } from "./restartWhat";
import { lateDeaths, missingCounts, neededTables } from "../read/payChecks";
import type { Campaign } from "../read/types";
import { carries, credit, type CreditOutcome } from "./credit";

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
  // After Era Omega's end there is no era left to end: that alone is said.
  const over = gameOver(campaign);
  if (over !== undefined) return credit(read, "era-end", what, century, [], [...problems, over]);
  const omega = !aleph && eraOf(campaign, Math.max(century, 1))?.name === "Era Omega";
  // Recorded even when it pays nobody: the era is over all the same, and the next one begins.
  if (!hasEraEndSource(campaign))
    problems.push(
      tableWarning(
        SOURCES.name,
        `the Sources table has no era-end source (Timing era-end, Basis count), so the era's end pays nobody: it is recorded all the same, so that ${omega ? "the game ends" : "the next era begins"}.`,
      ),
    );
  const done = campaign.ledger.find((r) => r.kind === "era-end" && r.century === century);
  if (done === undefined && (aleph ? latest > 0 : latest === 0 || century !== latest))
    problems.push(tableError(LEDGER.name, whichCentury(campaign, century, latest), { argument: "--century" }));
  const next = century === latest ? campaign.ledger.find((r) => r.century > century) : undefined;
  if (next !== undefined)
    problems.push(
      tableError(
        LEDGER.name,
        `century ${century + 1} has credits already (this row): an era's end comes before them. Take them back first (gods undo, or Undo the latest credit in the pane), the latest first.`,
        { row: next.row },
      ),
    );
  if (done !== undefined)
    problems.push(
      tableError(
        LEDGER.name,
        `${aleph ? ALEPH_END : `the era ending with century ${century}`} is already credited (this row). To credit it anew, undo it first.`,
        { row: done.row },
      ),
    );
  const restart = campaign.ledger.find((r) => r.kind === "opening" && r.century === century && eraEndLost(r.what));
  if (!aleph && restart !== undefined)
    problems.push(
      tableError(
        LEDGER.name,
        `the book was started again at century ${century} (this row) after the Ledger was lost, and the lost book may have paid the era ending with century ${century}: it is not credited again.`,
        { row: restart.row },
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
  const after = era.name === "Era Centrum" ? `century ${century + 1} begins Era Omega` : "the game ends, since Era Omega is the last era";
  const warning = hasEraEndSource(campaign) ? payWarning : tableWarning;
  return [
    warning(
      LEDGER.name,
      `century ${century} is ${era.name}'s ${ordinal(nth)} century of ${era.length} (${era.setting} ${era.length}, ${era.since}): the era is not over. Credited now, its end pays the era-end sources ${last - century === 1 ? "a century" : `${last - century} centuries`} early, with century ${century}'s counts, and ${after}. Credit it after century ${last}, or give the era its true length in the Settings table (${era.setting}).`,
    ),
  ];
}

/**
 * Why an era's end cannot be credited with `century`, and the century that can: an era ends right
 * after the latest century end. A century end cannot be taken back (undo takes back events, debits
 * and era ends), so once a later century has ended the era can only end with it, late.
 */
function whichCentury(campaign: Campaign, century: number, latest: number): string {
  if (century === 0)
    return `Era Aleph's end comes before the first century end, and the Ledger's latest century end is ${latest}: it can no longer be credited, since a century end cannot be taken back.`;
  if (latest === 0)
    return `an era ends with a century end, and the Ledger holds none yet: end century ${Number.isSafeInteger(century) && century >= 1 ? century : 1} first. (Era Aleph's end, before the first century, is credited with --century 0.)`;
  if (century > latest)
    return century === latest + 1
      ? `century ${century} has not ended yet (the latest century end is ${latest}): end it first (gods century-end --century ${century}), then credit the era's end with --century ${century}; or, if the era ended with century ${latest}, give --century ${latest}.`
      : `an era ends with the end of its last century, and century ${century} has not ended yet: the latest century end is ${latest}, so the era's end can be credited now with --century ${latest}.`;
  const since = campaign.ledger.filter((r) => r.century > latest && r.kind !== "century-end");
  const credits = new Set(since.map((r) => `${r.kind}\u0000${r.what ?? ""}`)).size;
  const undo =
    credits === 0
      ? ""
      : `, after taking back the ${credits === 1 ? "credit" : `${credits} credits`} made since it ended (gods undo${credits === 1 ? "" : `, ${credits} times`}, or Undo the latest credit in the pane)`;
  return `century ${latest} has ended since century ${century}, and a century end cannot be taken back (undo takes back events, debits and era ends): the era can no longer end with century ${century}. It can end now, late, with century ${latest}'s counts: gods era-end --century ${latest}${undo}.`;
}
