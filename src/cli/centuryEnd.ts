import * as fs from "fs";
import {
  centuryEndOf,
  describeProblem,
  warningsIn,
  planMissingTables,
  tableError,
  INPUT_TABLES,
  WORKBOOK,
  type CenturyEndOutcome,
  type HandOut,
  type Payment,
} from "../workbook";
import { writeTableEdits } from "../workbook/xlsx";
import { editFile } from "./fileJob";
import type { Io } from "./io";
import { problemLines } from "./answers";

/** What every command that writes through the book shares. */
export interface WriteOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  /** show what would be written, and write nothing */
  readonly dryRun?: boolean;
  /** pay although a warning changes what someone is paid (the gamemaster has read it) */
  readonly acceptWarnings?: boolean;
}

/** The options of a file job that come straight from the command's. */
export function jobOptions(options: WriteOptions): { file: string; out?: string; json: boolean; dryRun: boolean; acceptWarnings: boolean } {
  return {
    file: options.file,
    ...(options.out === undefined ? {} : { out: options.out }),
    json: options.json,
    dryRun: options.dryRun === true,
    acceptWarnings: options.acceptWarnings === true,
  };
}

export interface CenturyEndOptions extends WriteOptions {
  readonly century: number;
  /** the campaign starts at this century: earlier centuries' deaths and counts are history */
  readonly firstCentury?: boolean;
}

/** What to do at the box for a difference: hand out more, take back, or nothing. */
export function handOutWords(difference: number): string {
  return difference > 0 ? `hand out ${difference} more` : difference < 0 ? `take back ${-difference}` : "nothing to do";
}

/** A plain-text table of what a century calculated again changes at the distribution points. */
export function handOutTable(lines: readonly HandOut[]): string {
  const rows = [["God", "Paid before", "Paid now", "At the box"], ...lines.map((h) => [h.god, String(h.before), String(h.now), handOutWords(h.difference)])];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((v, c) => (c === 0 || c === 3 ? v.padEnd(widths[c] ?? 0) : v.padStart(widths[c] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** A plain-text table of the payments, for the terminal. */
export function paymentTable(payments: readonly Payment[]): string {
  const show = (n: number) => String(+n.toPrecision(12));
  // An account below 0 owes: said so, rather than a minus sign that is easy to miss.
  const carried = (n: number) => (n < 0 ? `owes ${show(-n)}` : show(n));
  const rows = [
    ["God", "Before", "Earned", "Paid", "Kept"],
    ...payments.map((p) => [p.god, carried(p.carryIn), show(p.earned), String(p.paid), carried(p.carry)]),
  ];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  return rows.map((r) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c] ?? 0) : v.padStart(widths[c] ?? 0))).join("  ")).join("\n");
}

const problemsToFix = (errors: number) => `the workbook has ${errors} problem${errors === 1 ? "" : "s"} to fix first.`;

/** gods century-end FILE --century N [--first-century] [--out OUT] [--json] [--dry-run] [--accept-warnings] */
export async function centuryEnd(options: CenturyEndOptions, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods century-end",
      plan: (_raw, read) => centuryEndOf(read, options.century, { firstCentury: options.firstCentury === true }),
      refused: (n) => `Century ${options.century} was not calculated: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        report(outcome, options, io, target);
      },
    },
    io,
  );
}

function report(outcome: CenturyEndOutcome, options: CenturyEndOptions, io: Io, target: string): void {
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(
      JSON.stringify({
        century: outcome.century,
        recipients: outcome.payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry })),
        ...(outcome.handOut === undefined ? {} : { recalculated: true, handOut: outcome.handOut }),
        warnings,
      }),
    );
    return;
  }
  if (outcome.handOut === undefined) {
    io.out(`Century ${outcome.century}: mana for each god`);
    io.out(paymentTable(outcome.payments));
  } else {
    // A redo is no second payment: what its first end handed out stays handed out.
    io.out(`Century ${outcome.century}, calculated again: what it pays each god now`);
    io.out(paymentTable(outcome.payments));
    io.out("");
    io.out(`Its first end was handed out already. At the distribution points, hand out or take back only the difference:`);
    io.out(handOutTable(outcome.handOut));
  }
  for (const line of problemLines(warnings, "Warning: ")) io.out(line);
  io.out(
    options.dryRun === true
      ? `Dry run: nothing was written to ${target}.`
      : `Wrote the Death Worksheet, the Century-End Worksheet, the mana calculation and the Ledger to ${target}.`,
  );
}

export interface InitOptions {
  /** on an existing workbook: write the result there instead */
  readonly out?: string;
  /** on an existing workbook: say what would be added, and write nothing */
  readonly dryRun?: boolean;
}

/**
 * gods init FILE [--example] [--out OUT] [--dry-run]: a new file gets every campaign table (or the
 * example campaign); an existing workbook gets only the tables it lacks, as the pane's set-up adds
 * them, each on a sheet of its own, and every other part of it stays byte for byte as it was.
 */
export async function init(file: string, example: boolean, io: Io, options: InitOptions = {}): Promise<number> {
  if (fs.existsSync(file)) {
    // The example is a campaign of its own: laid over a gamemaster's workbook it would mix with theirs.
    if (example) {
      io.err(`gods init: ${file} already exists, and the example campaign goes only into a new file: choose a new file name. Nothing was written.`);
      return 2;
    }
    return addMissingTables(file, io, options);
  }
  if (options.out !== undefined || options.dryRun === true) {
    io.err(`gods init: there is no file ${file}; --out and --dry-run are for adding tables to a workbook that exists. Nothing was written.`);
    return 2;
  }
  // exceljs is loaded only here: the century end never needs it, and it never rewrites a file that exists.
  const { newCampaignWorkbook, saveWorkbook } = await import("../workbook/xlsx/init");
  await saveWorkbook(newCampaignWorkbook(example), file);
  io.out(example ? `Created the example campaign in ${file}.` : `Created empty campaign tables in ${file}.`);
  return 0;
}

/** The campaign tables a workbook lacks, added through the package (never rewritten whole); refused when it lacks none. */
function addMissingTables(file: string, io: Io, options: InitOptions): Promise<number> {
  let complete = false;
  return editFile(
    {
      file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods init",
      json: false,
      dryRun: options.dryRun === true,
      plan: (raw) => {
        const planned = planMissingTables(raw);
        complete = planned.edits.length === 0;
        // A workbook with every table already: nothing to add, and so said, as a refusal.
        return complete
          ? {
              ...planned,
              problems: [
                tableError(WORKBOOK, `it has every campaign table already (${INPUT_TABLES.map((t) => t.name).join(", ")}), so there is nothing to add.`),
              ],
            }
          : planned;
      },
      write: (pkg, raw, outcome) => writeTableEdits(pkg, raw, outcome.edits),
      refused: (n) => (complete ? `gods init: ${file} is a campaign workbook already.` : `gods init: the tables were not added: ${problemsToFix(n)}`),
      report: (outcome, target) => {
        io.out(outcome.message);
        io.out(options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote them to ${target}; nothing else in it changed.`);
      },
    },
    io,
  );
}
