import * as fs from "fs";
import * as path from "path";
import { describeProblem, errorsIn, warningsIn } from "../workbook/model/problems";
import { planCenturyEnd, type CenturyEndOutcome, type Payment } from "../workbook/plan/centuryEnd";
import { writePlan } from "../workbook/xlsx/package/write";
import { FileProblem, openPackage, savePackage } from "../workbook/xlsx/package/zip";
import { readPackage } from "../workbook/xlsx/package/read";
import { CampaignFileError, checkWritable, readFile, realFile, withLock, writeFile, type ReadFile } from "./campaignFile";
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
  const rows = [["God", "Earned", "Paid now", "Carried on"], ...payments.map((p) => [p.god, show(p.earned), String(p.paid), show(p.carry)])];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  return rows.map((r) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c] ?? 0) : v.padStart(widths[c] ?? 0))).join("  ")).join("\n");
}

/** The century end planned on a workbook file's bytes, and the bytes to write, when it can be done. */
function planOnFile(read: ReadFile, shown: string, century: number): { outcome: CenturyEndOutcome; bytes?: Uint8Array } {
  // Refuses what is not an .xlsx workbook (an .xls, .ods, .csv, a password, a damaged file) in one sentence.
  const pkg = openPackage(read.bytes, shown);
  // Only the tables the century end needs are read, streamed from the package.
  const raw = readPackage(pkg);
  const outcome = planCenturyEnd(raw, century);
  if (errorsIn(outcome.problems).length > 0 || outcome.plan === undefined) return { outcome };
  // Only the parts the century end owns change; every other part leaves byte for byte as it came.
  return { outcome, bytes: savePackage(writePlan(pkg, raw, outcome.plan), pkg) };
}

/** gods century-end FILE --century N [--out OUT] [--json]: exit 0 done, 2 bad input (nothing written). */
export async function centuryEnd(options: CenturyEndOptions, io: Io): Promise<number> {
  try {
    const real = realFile(options.file);
    const target = options.out === undefined ? real : fs.existsSync(options.out) ? realFile(options.out) : path.resolve(options.out);
    checkWritable(target, options.out ?? options.file);
    return await withLock(real, async () => {
      // Read inside the lock: a second command sees the first one's result.
      const read = readFile(real);
      const { outcome, bytes } = planOnFile(read, options.file, options.century);
      const errors = errorsIn(outcome.problems);
      if (errors.length > 0 || bytes === undefined) {
        io.err(`Century ${options.century} was not calculated: the workbook has ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix first. Nothing was written.`);
        for (const p of errors) io.err(`- ${describeProblem(p)}`);
        return 2;
      }
      await writeFile(target, bytes, target === real ? read : undefined);
      report(outcome, options, io, options.out ?? options.file);
      return 0;
    });
  } catch (e) {
    if (e instanceof CampaignFileError || e instanceof FileProblem) {
      io.err(`gods century-end: ${e.message}`);
      return 2;
    }
    throw e;
  }
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
