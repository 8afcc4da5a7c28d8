import * as fs from "fs";
import * as path from "path";
import { describeProblem, errorsIn, warningsIn } from "../workbook/model/problems";
import type { Problem } from "../workbook/model/problems";
import type { RawWorkbook } from "../workbook/model/raw";
import { planCenturyEnd, type CenturyEndOutcome, type Payment, type WorkbookPlan } from "../workbook/plan/centuryEnd";
import { writePlan } from "../workbook/xlsx/package/write";
import { FileProblem, openPackage, savePackage, type Package } from "../workbook/xlsx/package/zip";
import { readPackage } from "../workbook/xlsx/package/read";
import { CampaignFileError, checkWritable, readFile, realFile, withLock, writeFile } from "./campaignFile";
import type { Io } from "./io";

export interface CenturyEndOptions {
  readonly file: string;
  readonly century: number;
  readonly out?: string;
  readonly json: boolean;
}

/** A plain-text table of the payments, for the terminal. */
export function paymentTable(payments: readonly Payment[]): string {
  const show = (n: number) => String(+n.toPrecision(12));
  const rows = [["God", "Carried in", "Earned", "Paid", "Carried on"], ...payments.map((p) => [p.god, show(p.carryIn), show(p.earned), String(p.paid), show(p.carry)])];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  return rows.map((r) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c] ?? 0) : v.padStart(widths[c] ?? 0))).join("  ")).join("\n");
}

/** What a command plans on a workbook: problems, and what to write when there is none. */
interface Planned {
  readonly problems: readonly Problem[];
  readonly plan?: WorkbookPlan;
}

export interface FileJob<O extends Planned> {
  readonly file: string;
  readonly out?: string;
  /** the command, for messages: "gods event" */
  readonly command: string;
  /** plans the change on the workbook as read */
  plan(raw: RawWorkbook): O;
  /** the first line when the change is refused, with the number of errors */
  refused(errors: number): string;
  /** what to print once written (or, on a dry run, what would have been) */
  report(outcome: O, target: string): void;
  /**
   * The package's new parts for the change, or undefined when there is nothing to write. Left
   * out: the century end's sheets and Ledger (outcome.plan) are written.
   */
  write?(pkg: Package, raw: RawWorkbook, outcome: O): Map<string, Uint8Array> | undefined;
  /** plan and report, but write nothing (the file is only read) */
  readonly dryRun?: boolean;
}

/**
 * Carries a command's change out on a workbook file: inside the campaign's lock, reads it, plans,
 * and writes only the parts the change owns (every other part leaves byte for byte as it came),
 * atomically, to OUT or in place. Exit 0 done, 2 refused (nothing written).
 */
export async function editFile<O extends Planned>(job: FileJob<O>, io: Io): Promise<number> {
  try {
    const real = realFile(job.file);
    const target = job.out === undefined ? real : fs.existsSync(job.out) ? realFile(job.out) : path.resolve(job.out);
    const work = async (): Promise<number> => {
      // Read inside the lock: a second command sees the first one's result.
      const read = readFile(real);
      // Refuses what is not an .xlsx workbook (an .xls, .ods, .csv, a password, a damaged file) in one sentence.
      const pkg = openPackage(read.bytes, job.file);
      // Only the tables the campaign needs are read, streamed from the package.
      const raw = readPackage(pkg);
      const outcome = job.plan(raw);
      const errors = errorsIn(outcome.problems);
      if (errors.length > 0 || (outcome.plan === undefined && job.write === undefined)) {
        io.err(`${job.refused(errors.length)} Nothing was written.`);
        for (const p of errors) io.err(`- ${describeProblem(p)}`);
        return 2;
      }
      if (job.dryRun !== true) {
        // Everything that can be refused is refused before the file is touched.
        const parts = job.write === undefined ? writePlan(pkg, raw, outcome.plan as WorkbookPlan) : job.write(pkg, raw, outcome);
        if (parts !== undefined) await writeFile(target, savePackage(parts, pkg), target === real ? read : undefined);
      }
      job.report(outcome, job.out ?? job.file);
      return 0;
    };
    // A dry run only reads: no lock to take, and a read-only file is fine.
    if (job.dryRun === true) return await work();
    checkWritable(target, job.out ?? job.file);
    return await withLock(real, work, { target, say: (line) => io.err(`${job.command}: ${line}`) });
  } catch (e) {
    if (e instanceof CampaignFileError || e instanceof FileProblem) {
      io.err(`${job.command}: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

const problemsToFix = (errors: number) => `the workbook has ${errors} problem${errors === 1 ? "" : "s"} to fix first.`;

/** gods century-end FILE --century N [--out OUT] [--json]: exit 0 done, 2 bad input (nothing written). */
export async function centuryEnd(options: CenturyEndOptions, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods century-end",
      plan: (raw) => planCenturyEnd(raw, options.century),
      refused: (n) => `Century ${options.century} was not calculated: ${problemsToFix(n)}`,
      report: (outcome, target) => report(outcome, options, io, target),
    },
    io,
  );
}

function report(outcome: CenturyEndOutcome, options: CenturyEndOptions, io: Io, target: string): void {
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(JSON.stringify({ century: outcome.century, recipients: outcome.payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry })), warnings }));
    return;
  }
  io.out(`Century ${outcome.century}: mana for each god`);
  io.out(paymentTable(outcome.payments));
  for (const w of warnings) io.out(`Warning: ${w}`);
  io.out(`Wrote the Death Worksheet, the Century-End Worksheet, the mana calculation and the Ledger to ${target}.`);
}

/** gods init FILE [--example]: never overwrites an existing file. */
export async function init(file: string, example: boolean, io: Io): Promise<number> {
  if (fs.existsSync(file)) {
    io.err(`gods init: ${file} already exists; choose a new file name.`);
    return 2;
  }
  // exceljs is loaded only here: the century end never needs it.
  const { newCampaignWorkbook, saveWorkbook } = await import("../workbook/xlsx/init");
  await saveWorkbook(newCampaignWorkbook(example), file);
  io.out(example ? `Created the example campaign in ${file}.` : `Created empty campaign tables in ${file}.`);
  return 0;
}
