/**
 * The one way every writing command carries out its change on a workbook file: inside the
 * campaign's lock, read it, plan, and write only the parts the change owns (every other part
 * leaves byte for byte as it came), atomically, to OUT or in place. Nothing is written on an
 * error (exit 2) nor while a warning that changes what someone is paid has not been accepted
 * (exit 3); a dry run only shows.
 */
import * as fs from "fs";
import * as path from "path";
import {
  damageIn,
  describeProblem,
  errorsIn,
  openActionProblems,
  payWarningsIn,
  readCampaign,
  warningsIn,
  type CampaignRead,
  type Problem,
  type RawWorkbook,
  type WorkbookPlan,
} from "../workbook";
import { writePlan, FileProblem, openPackage, savePackage, type Package, readPackage } from "../workbook/xlsx";
import { CampaignFileError, checkNotOpenElsewhere, checkNotTheWorkbook, checkWritable, readFile, realFile, withLock, writeFile } from "./campaignFile";
import type { Io } from "./io";
import { EXIT, jsonError, problemLines } from "./answers";

export { EXIT, jsonError };

/** What a command plans on a workbook: problems, and what to write when there is none. */
export interface Planned {
  readonly problems: readonly Problem[];
  readonly plan?: WorkbookPlan;
}

export interface FileJob<O extends Planned> {
  readonly file: string;
  readonly out?: string;
  /** the command, for messages: "gods event" */
  readonly command: string;
  /** one JSON object on stdout, also when the change is refused */
  readonly json: boolean;
  /**
   * plans the change on the workbook as read (`read`: the campaign, read once for the check of the
   * book and for the plan; `pkg`: its package at hand, for a change that writes parts of its own)
   */
  plan(raw: RawWorkbook, read: CampaignRead, pkg: Package): O;
  /** the first line when the change is refused, with the number of errors */
  refused(errors: number): string;
  /** what to print once written (or, on a dry run or held by warnings, what would have been: `written` false) */
  report(outcome: O, target: string, written?: boolean): void;
  /**
   * The package's new parts for the change, or undefined when there is nothing to write. Left
   * out: the plan's sheets and Ledger (outcome.plan) are written.
   */
  write?(pkg: Package, raw: RawWorkbook, outcome: O): Map<string, Uint8Array> | undefined | Promise<Map<string, Uint8Array> | undefined>;
  /** the other files the command writes, by option (["pdf", "packet.pdf"]): refused, like --out, when one is the workbook */
  readonly outputs?: readonly (readonly [option: string, file: string])[];
  /** plan and report, but write nothing (the file is only read) */
  readonly dryRun?: boolean;
  /** the gamemaster has read the warnings that change pay, and pays anyway */
  readonly acceptWarnings?: boolean;
  /** the command settles an action left open inside Excel (gods recover): the file is not refused for it */
  readonly journal?: boolean;
  /** the command corrects the book (gods ledger reseal): a broken seal or book's head is what it answers, not a refusal */
  readonly mending?: boolean;
  /** held by a warning that changes pay, the report is shown too (what it would write), before the refusal */
  readonly reportHeld?: boolean;
}

export async function editFile<O extends Planned>(job: FileJob<O>, io: Io): Promise<number> {
  const fail = (message: string): number => {
    if (job.json) jsonError(io, `${job.command}: ${message}`);
    else io.err(`${job.command}: ${message}`);
    return EXIT.badInput;
  };
  try {
    const real = realFile(job.file);
    // An output that is the workbook (the same path, a link, a hard link) would replace the campaign: refused before anything runs.
    const outputs = [...(job.out === undefined ? [] : [["out", job.out] as const]), ...(job.outputs ?? [])];
    for (const [option, output] of outputs) checkNotTheWorkbook(real, output, option, job.file);
    const target = job.out === undefined ? real : fs.existsSync(job.out) ? realFile(job.out) : path.resolve(job.out);
    const work = async (): Promise<number> => {
      // Read inside the lock: a second command sees the first one's result.
      const read = readFile(real);
      // Refuses what is not an .xlsx workbook (an .xls, .ods, .csv, a password, a damaged file) in one sentence.
      const pkg = openPackage(read.bytes, job.file);
      // Only the tables the campaign needs are read, streamed from the package.
      const raw = readPackage(pkg);
      // An action Excel saved part-way: finished or taken back first (gods recover), whatever the command.
      const open = job.journal === true ? [] : openActionProblems(raw);
      const campaign = readCampaign(raw);
      const planned = job.plan(raw, campaign, pkg);
      // A damaged book (the Ledger, its seal, the book's head): every command that writes refuses
      // it, as the century end does, whatever it would change; the problem says how to put it right.
      const damage = job.journal === true ? [] : damageIn(campaign.problems, { mending: job.mending === true });
      const named = new Set(planned.problems.map(describeProblem));
      const unnamed = damage.filter((p) => !named.has(describeProblem(p)));
      const outcome: O =
        open.length > 0 ? { ...planned, problems: open } : unnamed.length > 0 ? { ...planned, problems: [...unnamed, ...planned.problems] } : planned;
      const errors = errorsIn(outcome.problems);
      if (errors.length > 0 || (outcome.plan === undefined && job.write === undefined)) {
        const { first, lines } = refusal(job, errors);
        if (job.json) jsonError(io, first, errors, warningsIn(outcome.problems));
        else {
          io.err(first);
          for (const line of problemLines(lines, "- ")) io.err(line);
        }
        return EXIT.badInput;
      }
      // A warning that changes what someone is paid: nobody is paid until the gamemaster has read it.
      const held = payWarningsIn(outcome.problems);
      const changes = held.length === 1 ? "A warning changes" : `${held.length} warnings change`;
      if (held.length > 0 && job.acceptWarnings !== true && job.dryRun === true) {
        // A dry run is asked to show the figures: they are shown with the warnings, and the exit code says they would hold the write.
        job.report(outcome, job.out ?? job.file);
        if (!job.json) {
          const all = warningsIn(outcome.problems).length;
          const which =
            all === held.length ? changes : `${held.length === 1 ? "One" : held.length} of the ${all} warnings ${held.length === 1 ? "changes" : "change"}`;
          io.err(
            `${which} what someone would be paid: without --dry-run nothing would be written. Read ${held.length === 1 ? "it" : "them"} and correct the workbook, or, to pay as it stands, add --accept-warnings:`,
          );
          for (const line of problemLines(held.map(describeProblem), "- ")) io.err(line);
        }
        return EXIT.payWarnings;
      }
      if (held.length > 0 && job.acceptWarnings !== true) {
        if (job.reportHeld === true && !job.json) job.report(outcome, job.out ?? job.file, false);
        const first = `${changes} what someone would be paid, so nothing was written. Read ${held.length === 1 ? "it" : "them"}, correct the workbook, and run the command again; or, to pay as it stands, add --accept-warnings.`;
        if (job.json) jsonError(io, first, held, warningsIn(outcome.problems));
        else {
          io.err(first);
          for (const line of problemLines(held.map(describeProblem), "- ")) io.err(line);
        }
        return EXIT.payWarnings;
      }
      if (job.dryRun !== true) {
        // Everything that can be refused is refused before the file is touched.
        const parts = job.write === undefined ? writePlan(pkg, raw, outcome.plan as WorkbookPlan) : await job.write(pkg, raw, outcome);
        if (parts !== undefined) await writeFile(target, savePackage(parts, pkg), target === real ? read : undefined);
      }
      job.report(outcome, job.out ?? job.file);
      return EXIT.done;
    };
    // A dry run only reads: no lock to take, and a read-only file, or one open in Excel or
    // LibreOffice, is fine (what that program saves later is what the next command reads).
    if (job.dryRun === true) return await work();
    // Another program's save would overwrite the file written: refused before anything is read.
    checkNotOpenElsewhere(target);
    checkWritable(target, job.out ?? job.file);
    return await withLock(real, work, {
      target,
      say: (line) => {
        io.err(`${job.command}: ${line}`);
      },
    });
  } catch (e) {
    if (e instanceof CampaignFileError || e instanceof FileProblem) return fail(e.message);
    throw e;
  }
}

/**
 * What a refusal says first, and its list. A problem with what was typed on the command line (a
 * misspelt god, a century that is not the one in play) is named as that argument's, apart from the
 * workbook's own problems: it is the command, not the workbook, that needs correcting.
 */
function refusal(job: { command: string; refused(errors: number): string }, errors: readonly Problem[]): { first: string; lines: string[] } {
  const typed = errors.filter((p) => p.argument !== undefined);
  const book = errors.filter((p) => p.argument === undefined);
  if (typed.length === 0) return { first: `${job.refused(errors.length)} Nothing was written.`, lines: errors.map(describeProblem) };
  const argumentLine = (p: Problem) => `${p.argument ?? ""}: ${p.message}`;
  const [only] = typed;
  if (only !== undefined && typed.length === 1 && book.length === 0) return { first: `${job.command}: ${argumentLine(only)} Nothing was written.`, lines: [] };
  const args = typed.length === 1 ? "an argument needs correcting" : `${typed.length} arguments need correcting`;
  const more = book.length === 0 ? "" : `, and the workbook has ${book.length} problem${book.length === 1 ? "" : "s"} to fix first`;
  return { first: `${job.command}: ${args}${more}. Nothing was written.`, lines: [...typed.map(argumentLine), ...book.map(describeProblem)] };
}
