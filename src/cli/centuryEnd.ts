import * as fs from "fs";
import { describeProblem, errorsIn, warningsIn } from "../workbook/model/problems";
import { planCenturyEnd, type Payment } from "../workbook/plan/centuryEnd";
import { loadWorkbook, readWorkbook } from "../workbook/xlsx/read";
import { applyPlan, saveWorkbook } from "../workbook/xlsx/write";
import { newCampaignWorkbook } from "../workbook/xlsx/init";
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

/** gods century-end FILE --century N [--out OUT] [--json]: exit 0 done, 2 bad input (nothing written). */
export async function centuryEnd(options: CenturyEndOptions, io: Io): Promise<number> {
  if (!fs.existsSync(options.file)) {
    io.err(`gods century-end: there is no file ${options.file}.`);
    return 2;
  }
  let wb;
  try {
    wb = await loadWorkbook(options.file);
  } catch (e) {
    io.err(`gods century-end: ${options.file} could not be read as an Excel workbook (${e instanceof Error ? e.message : String(e)}).`);
    return 2;
  }
  const raw = readWorkbook(wb);
  const outcome = planCenturyEnd(raw, options.century);
  const errors = errorsIn(outcome.problems);
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (errors.length > 0 || outcome.plan === undefined) {
    io.err(`Century ${options.century} was not calculated: the workbook has ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix first. Nothing was written.`);
    for (const p of errors) io.err(`- ${describeProblem(p)}`);
    return 2;
  }
  applyPlan(wb, raw, outcome.plan);
  const target = options.out ?? options.file;
  try {
    await saveWorkbook(wb, target);
  } catch (e) {
    const reason = (e as { code?: string }).code === "ENOENT" ? "its folder does not exist" : e instanceof Error ? e.message : String(e);
    io.err(`gods century-end: could not write ${target} (${reason}). Nothing was changed.`);
    return 2;
  }
  if (options.json) {
    io.out(JSON.stringify({ century: outcome.century, recipients: outcome.payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry })), warnings }));
    return 0;
  }
  io.out(`Century ${outcome.century}: mana for each god`);
  io.out(paymentTable(outcome.payments));
  for (const w of warnings) io.out(`Warning: ${w}`);
  io.out(`Wrote the Death Worksheet, the Century-End Worksheet, the mana calculation and the Ledger to ${target}.`);
  return 0;
}

/** gods init FILE [--example]: never overwrites an existing file. */
export async function init(file: string, example: boolean, io: Io): Promise<number> {
  if (fs.existsSync(file)) {
    io.err(`gods init: ${file} already exists; choose a new file name.`);
    return 2;
  }
  await saveWorkbook(newCampaignWorkbook(example), file);
  io.out(example ? `Created the example campaign in ${file}.` : `Created empty campaign tables in ${file}.`);
  return 0;
}
