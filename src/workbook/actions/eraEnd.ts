/** Crediting the era-end sources, counted from the Counts of the century that closes the era. */
import { eraEndCredit, post } from "../../engine/book";
import type { Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { tableError, errorsIn } from "../model/problems";
import { LEDGER, SOURCES } from "../model/schema";
import type { CampaignRead } from "../read/campaign";
import { latestCentury, recipients } from "../read/century";
import { lateDeaths, missingCounts, neededTables } from "../read/payChecks";
import { carries, credit, ledgerError, type CreditOutcome } from "./credit";

export function planEraEnd(read: CampaignRead, century: number): CreditOutcome {
  const { campaign } = read;
  const problems = [...read.problems];
  const what = `era ending with century ${century}`;
  const latest = latestCentury(campaign);
  const eraEnd = campaign.sources.filter((s) => s.timing === "era-end" && s.basis === "count");
  if (eraEnd.length === 0) problems.push(tableError(SOURCES.name, "the Sources table has no era-end source (Timing era-end, Basis count)."));
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
  if (next !== undefined)
    problems.push(
      tableError(LEDGER.name, `century ${century + 1} has credits already (this row): an era's end comes before them. Undo them first, the latest first.`, {
        row: next.row,
      }),
    );
  const done = campaign.ledger.find((r) => r.kind === "era-end" && r.century === century);
  if (done !== undefined)
    problems.push(
      tableError(LEDGER.name, `the era ending with century ${century} is already credited (this row). To credit it anew, undo it first.`, { row: done.row }),
    );
  const counts = new Map<string, Ratio>();
  for (const c of campaign.counts) if (c.century === century) counts.set(nameKey(c.source), c.count);
  problems.push(
    ...neededTables(campaign, campaign.sheetNames, "era-end"),
    ...missingCounts(campaign, century, "era-end"),
    ...lateDeaths(campaign, century + 1),
  );
  if (errorsIn(problems).length > 0) return credit(read, "era-end", what, century, [], problems);
  const lines = eraEndCredit(recipients(campaign), campaign.cards, campaign.sources, counts);
  return credit(read, "era-end", what, century, post(lines, carries(campaign)), problems);
}
