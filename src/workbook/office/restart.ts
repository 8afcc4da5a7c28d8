/**
 * Starting the book again inside Excel, when its Ledger and seal are gone and no copy holds them:
 * the same plan as the command line's (actions/restart.ts), looked at first (read only, for the
 * question), then, once the gamemaster has seen what it loses, written as one operation of the
 * journal: the book's sheets under temporary names, then the new Ledger, its seal and the book's
 * new head, the Ledger first and the head last. The pane loads this on first use only.
 */
import { errorsIn, tableError, unacceptedIn, type Problem } from "../model/problems";
import { LEDGER } from "../model/schema";
import { bookWrite } from "../plan/commit";
import { afterCenturyEnd } from "../plan/after";
import { readCampaign, type CampaignRead } from "../read/campaign";
import type { WorkbookPlan } from "../plan/types";
import { creditKey } from "../read/twice";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { planRestart, type RestartOutcome } from "../actions/restart";
import { restartDone, restartedLine, restartWords } from "../actions/restartAgain";
import { exclusive, settledBy, type ExcelRun, type JournalOptions, type Settled } from "./actions";
import { journaled, type JournalWrite } from "./journal";

/** What the gamemaster gives: the century the book starts again at (the lost book's latest, unless said), and each account's carry ("0.9", "-2.5"). */
export interface RestartAsked {
  readonly century?: number;
  readonly carries: readonly { readonly god: string; readonly carry: string }[];
}

export interface RestartOptions extends JournalOptions {
  /** look only: plan and say what it would write and lose, write nothing */
  readonly dryRun?: boolean;
  /** the warnings the gamemaster was shown (their words): nothing is written while another stands */
  readonly accepted?: readonly string[];
}

export interface RestartInExcel {
  readonly outcome: RestartOutcome;
  /** the errors that stop it; and the warnings that change pay not shown yet (nothing written until they are) */
  readonly errors: readonly Problem[];
  readonly unaccepted: readonly Problem[];
  readonly written: boolean;
  /** once written: each account's carry as written ("Vorn carries 0.9; the other 3 open at 0") */
  readonly opened?: string;
  readonly status: CampaignStatus;
}

/** What the journal's planning hands back: the plan and the carries' line once there is something to write. */
interface Found {
  readonly outcome: RestartOutcome;
  readonly errors: readonly Problem[];
  readonly unaccepted: readonly Problem[];
  readonly read: CampaignRead;
  readonly plan?: WorkbookPlan;
  readonly opened?: string;
}

/**
 * Plans the restart on the workbook as read and, unless a dry run or a warning not yet shown
 * stands in the way, writes it: two requests read the campaign, one claims the book, then the
 * sheets and the commit. The same click again (its operation id) finishes it or says it is done.
 */
export function restartBook(run: ExcelRun, asked: RestartAsked, options: RestartOptions = {}): Promise<RestartInExcel | Settled> {
  return exclusive("starting the book again", async () => {
    const result = await journaled(run, options, (raw): { outcome: Found; write?: JournalWrite } => {
      const read = readCampaign(raw);
      const outcome = planRestart(raw, read, { carries: asked.carries, ...(asked.century === undefined ? {} : { century: asked.century }) });
      const errors = errorsIn(outcome.problems);
      const unaccepted = errors.length > 0 ? [] : unacceptedIn(outcome.problems, options.accepted);
      const plan = outcome.plan;
      const found: Found = { outcome, errors, unaccepted, read };
      if (options.dryRun === true || errors.length > 0 || plan === undefined || unaccepted.length > 0) return { outcome: found };
      const { sheets, items } = bookWrite(raw, plan);
      // What was asked, with the century worked out and each carry as given: a finish plans the book again from it.
      const again = { kind: "restart" as const, century: outcome.century, opening: asked.carries.map((c) => [c.god, c.carry] as const) };
      const write: JournalWrite = {
        action: "restart",
        asked: again,
        words: restartWords(outcome.century),
        done: restartDone(outcome.century, restartedLine(again, outcome)),
        sheets,
        items,
        show: LEDGER.name,
        claim: "starting the book again",
        log: { credit: creditKey(outcome), handed: outcome.payments },
      };
      return { outcome: { ...found, plan, opened: restartedLine(again, outcome) }, write };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    const o = result.outcome;
    const base = { outcome: o.outcome, unaccepted: o.unaccepted };
    if (result.kind === "refused")
      return { ...base, errors: [tableError(LEDGER.name, result.message)], written: false, status: campaignStatus(readCampaign(result.raw)) };
    if (result.kind === "planned" || o.plan === undefined) return { ...base, errors: o.errors, written: false, status: campaignStatus(o.read) };
    // The status after, worked out from the plan without reading again.
    return {
      ...base,
      errors: [],
      written: true,
      ...(o.opened === undefined ? {} : { opened: o.opened }),
      status: campaignStatus(readCampaign(afterCenturyEnd(result.raw, o.plan, true))),
    };
  });
}
