/** Between sessions, on a workbook file: `gods session-end` (what each character holds) and `gods cards` (sphere cards bought). */
import { describeProblem, warningsIn, planCards, planSessionEnd, previewJson, type CardsOrder, type SessionOrder } from "../workbook";
import { writeTableEdits } from "../workbook/xlsx";
import { editFile } from "./fileJob";
import type { Io } from "./io";
import { problemLines } from "./answers";

export interface BetweenOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  readonly dryRun: boolean;
}

const problemCount = (n: number) => (n === 1 ? "1 problem" : `${n} problems`);

function written(options: BetweenOptions, target: string, edits: number): string {
  if (edits === 0) return "Nothing to write.";
  return options.dryRun ? `Dry run: nothing was written to ${target}.` : `Wrote these to ${target}.`;
}

/** gods session-end FILE --mana "GOD=N"… [--from-gods] [--date YYYY-MM-DD] [--dry-run] [--out OUT] [--json] */
export function endSession(options: BetweenOptions & { readonly order: SessionOrder }, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods session-end",
      json: options.json,
      dryRun: options.dryRun,
      plan: (raw, read) => {
        const planned = planSessionEnd(raw, read.campaign, options.order);
        return { ...planned, problems: [...planned.problems, ...warningsIn(read.problems).filter((p) => p.table === "Gods")] };
      },
      write: (pkg, raw, outcome) => (outcome.edits.length === 0 ? undefined : writeTableEdits(pkg, raw, outcome.edits)),
      refused: (n) => `The session's end was not recorded (${problemCount(n)}).`,
      report: (outcome, target) => {
        const warnings = warningsIn(outcome.problems).map(describeProblem);
        if (options.json) {
          const { inflation } = outcome;
          io.out(
            JSON.stringify({
              session: outcome.date,
              century: outcome.century,
              written: !options.dryRun && outcome.edits.length > 0,
              message: outcome.message,
              recorded: outcome.lines.map((l) => ({ god: l.god, mana: l.mana, before: l.before, corrected: l.corrected })),
              inflation:
                inflation?.average === undefined ? null : { average: inflation.average, factor: inflation.factor ?? null, characters: inflation.characters },
              warnings,
            }),
          );
          return;
        }
        io.out(outcome.message);
        for (const d of outcome.details ?? []) io.out(`  ${d}`);
        for (const line of problemLines(warnings, "Warning: ")) io.out(line);
        io.out(written(options, target, outcome.edits.length));
      },
    },
    io,
  );
}

/** gods cards FILE GOD SPHERE +N|-N [--dry-run] [--out OUT] [--json] */
export function changeCards(options: BetweenOptions & { readonly order: CardsOrder }, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods cards",
      json: options.json,
      dryRun: options.dryRun,
      plan: (_raw, read) => {
        const planned = planCards(read, options.order);
        return { ...planned, problems: [...planned.problems, ...warningsIn(read.problems).filter((p) => p.table === "Cards")] };
      },
      write: (pkg, raw, outcome) => (outcome.edits.length === 0 ? undefined : writeTableEdits(pkg, raw, outcome.edits)),
      refused: (n) => `The cards were not changed (${problemCount(n)}).`,
      report: (outcome, target) => {
        const warnings = warningsIn(outcome.problems).map(describeProblem);
        if (options.json) {
          io.out(
            JSON.stringify({
              ...(outcome.preview === undefined ? {} : previewJson(outcome.preview)),
              written: !options.dryRun && outcome.edits.length > 0,
              message: outcome.message,
              warnings,
            }),
          );
          return;
        }
        io.out(outcome.message);
        for (const line of problemLines(warnings, "Warning: ")) io.out(line);
        io.out(options.dryRun ? `Dry run: nothing was written to ${target}.` : `Wrote the new count to the Cards table of ${target}.`);
      },
    },
    io,
  );
}
