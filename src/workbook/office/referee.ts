/**
 * The referee's tools inside Excel, loaded on first use: the pantheon tools (a cult, a god
 * obliterated, religious turmoil, a proposed pantheon checked) and the war, disaster and growth
 * of the Earth map. Each plans with the same code the command line uses and writes through
 * tools.ts runEdits.
 */
import { readCampaign } from "../read/campaign";
import { checkChange, planCult, planObliterate, planTurmoil, type ChangeVerdict, type ProposedShare } from "../actions/pantheon";
import { planDisaster, type DisasterOrder } from "../actions/disaster";
import { planGrowth } from "../actions/growth";
import type { RefereePreview } from "../actions/referee";
import { planWar, type WarOrder } from "../actions/war";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { withRetry, type ActionOptions, type ExcelRun, type JournalOptions, type Outcome } from "./actions";
import { readWorkbook } from "./read";
import { runEdits, runPreviewed, type EditOutcome, type Previewing } from "./tools";

export function applyCult<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  race: string,
  deity: string,
  points: number,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "cult", words: `the cult of ${deity} among the ${race}` }, (read) => planCult(read.campaign, race, deity, points), options);
}

export function obliterateGod<O extends JournalOptions = ActionOptions>(run: ExcelRun, god: string, options?: O): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "obliterate", words: `the obliteration of ${god}` }, (read) => planObliterate(read.campaign, god), options);
}

export function setTurmoil<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  race: string,
  inTurmoil: boolean,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return runEdits(
    run,
    { action: "turmoil", words: `marking the ${race} ${inTurmoil ? "in" : "out of"} religious turmoil` },
    (read) => planTurmoil(read.campaign, race, inTurmoil),
    options,
  );
}

export interface RefereeActionOptions extends JournalOptions, Previewing {}

export interface RefereeOutcome extends EditOutcome {
  /** what the action writes (or, on a dry run or when refused, would write) */
  readonly preview: RefereePreview;
}

/** A war between two races (docs/rules/07-war.md): the war deaths written for the century in play, and their Units lowered. */
export function runWar<O extends RefereeActionOptions = ActionOptions>(run: ExcelRun, order: WarOrder, options?: O): Promise<Outcome<RefereeOutcome, O>> {
  return runPreviewed(run, { action: "war", words: "the war" }, (read) => planWar(read.campaign, read.problems, order), options);
}

/** A disaster or global power striking races (docs/rules/08-disasters-resistances.md): the deaths after resistances written, Units lowered. */
export function runDisaster<O extends RefereeActionOptions = ActionOptions>(
  run: ExcelRun,
  order: DisasterOrder,
  options?: O,
): Promise<Outcome<RefereeOutcome, O>> {
  return runPreviewed(run, { action: "disaster", words: "the disaster" }, (read) => planDisaster(read.campaign, read.problems, order), options);
}

/** The growth at the start of the century in play (docs/rules/04-population.md, 05-growth.md): new Units, starvation where a Limit is given. */
export function runGrowth<O extends RefereeActionOptions = ActionOptions>(run: ExcelRun, options?: O): Promise<Outcome<RefereeOutcome, O>> {
  return runPreviewed(run, { action: "growth", words: "the growth of the races" }, (read) => planGrowth(read.campaign, read.problems), options);
}

/** Checks a proposed pantheon against the race's pantheon in the workbook now; writes nothing. */
export async function checkPantheonChange(
  run: ExcelRun,
  race: string,
  proposed: readonly ProposedShare[],
  options: ActionOptions = {},
): Promise<ChangeVerdict & { readonly status: CampaignStatus }> {
  return withRetry(
    run,
    async (context) => {
      options.onStep?.("reading");
      const read = readCampaign(await readWorkbook(context));
      return { ...checkChange(read.campaign, race, proposed), status: campaignStatus(read) };
    },
    options,
  );
}
