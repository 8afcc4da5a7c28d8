/** The referee's actions on a workbook file: `gods war`, `gods disaster` and `gods growth`. */
import {
  describeProblem,
  warningsIn,
  type Problem,
  type RawWorkbook,
  RACES,
  planDisaster,
  type DisasterOrder,
  planGrowth,
  type RefereePlan,
  planWar,
  type WarOrder,
  type CampaignRead,
} from "../workbook";
import { writeTableEdits } from "../workbook/xlsx";
import { editFile } from "./fileJob";
import type { Io } from "./io";
import { problemLines } from "./answers";

export interface RefereeOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  /** show what would be written, and write nothing */
  readonly dryRun: boolean;
}

/** A plain-text table, columns padded; numbers to the right. */
function table(rows: readonly (readonly (string | number)[])[]): string[] {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? "").length))) ?? [];
  return rows.map(
    (r) =>
      `  ${r
        .map((v, c) => (typeof v === "number" ? String(v).padStart(widths[c] ?? 0) : v.padEnd(widths[c] ?? 0)))
        .join("  ")
        .trimEnd()}`,
  );
}

function report(outcome: RefereePlan, options: RefereeOptions, io: Io, target: string): void {
  const { preview } = outcome;
  const written = !options.dryRun && outcome.edits.length > 0;
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(
      JSON.stringify({
        action: preview.action,
        century: preview.century,
        written,
        message: outcome.message,
        details: outcome.details ?? [],
        deaths: preview.deaths,
        changes: preview.changes,
        ...(preview.war === undefined ? {} : { war: preview.war }),
        warnings,
      }),
    );
    return;
  }
  io.out(outcome.message);
  for (const d of outcome.details ?? []) io.out(`  ${d}`);
  if (preview.deaths.length > 0) {
    io.out(`Rows for the Deaths table (century ${preview.century}):`);
    for (const line of table([["Cause", "Units", "Race", "Note"], ...preview.deaths.map((d) => [d.cause, d.units, d.race ?? "", d.note])])) io.out(line);
  }
  if (preview.changes.length > 0) {
    io.out("Changes to the Races table:");
    for (const line of table(preview.changes.map((c) => [c.race, c.column, c.before, "→", c.after]))) io.out(line);
  }
  for (const line of problemLines(warnings, "Warning: ")) io.out(line);
  if (outcome.edits.length === 0) io.out("Nothing to write.");
  else io.out(options.dryRun ? `Dry run: nothing was written to ${target}.` : `Wrote these to ${target}.`);
}

const problemCount = (n: number) => (n === 1 ? "1 problem" : `${n} problems`);

/** Carries a referee's plan out on the file (or only shows it, on a dry run). */
function run(options: RefereeOptions, command: string, what: string, plan: (campaign: CampaignRead) => RefereePlan, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command,
      json: options.json,
      dryRun: options.dryRun,
      plan: (_raw: RawWorkbook, read) => {
        const planned = plan(read);
        // The Races table's warnings may be about a column the action reads: show them with it.
        const warnings: Problem[] = warningsIn(read.problems).filter((p) => p.table === RACES.name);
        return { ...planned, problems: [...planned.problems, ...warnings] };
      },
      write: (pkg, raw, outcome) => (outcome.edits.length === 0 ? undefined : writeTableEdits(pkg, raw, outcome.edits)),
      refused: (n) => `${what} was not recorded (${problemCount(n)}).`,
      report: (outcome, target) => {
        report(outcome, options, io, target);
      },
    },
    io,
  );
}

/** gods war FILE "RACE A[=STRENGTH]" "RACE B[=STRENGTH]" [--military RACE=N]… [--again] [--dry-run] [--out OUT] [--json] */
export function fightWar(options: RefereeOptions & { readonly order: WarOrder }, io: Io): Promise<number> {
  return run(options, "gods war", "The war", (read) => planWar(read.campaign, read.problems, options.order), io);
}

/** gods disaster FILE "RACE=DEATHS"… [--element E] [--global] [--cause C] [--resistances RACE=CODES]… [--again] [--dry-run] [--out OUT] [--json] */
export function strikeDisaster(options: RefereeOptions & { readonly order: DisasterOrder }, io: Io): Promise<number> {
  return run(options, "gods disaster", "The disaster", (read) => planDisaster(read.campaign, read.problems, options.order), io);
}

/** gods growth FILE [--dry-run] [--out OUT] [--json] */
export function growRaces(options: RefereeOptions, io: Io): Promise<number> {
  return run(options, "gods growth", "The growth", (read) => planGrowth(read.campaign, read.problems), io);
}
