/** The book by hand, on purpose: `gods ledger reseal` (a correction, with its reason) and `gods rename`. */
import { describeProblem, warningsIn, applyEdits, planRename, planReseal } from "../workbook";
import { writeTableEdits, writePlan } from "../workbook/xlsx";
import { jobOptions, type WriteOptions } from "./centuryEnd";
import { editFile } from "./fileJob";
import type { Io } from "./io";

/** gods ledger reseal FILE --because "…" [--out OUT] [--json] [--dry-run] [--accept-warnings] */
export function resealLedger(options: WriteOptions & { readonly because: string }, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods ledger reseal",
      mending: true,
      plan: (_raw, read) => planReseal(read, options.because),
      refused: (n) => `The book was not corrected: the workbook has ${n} problem${n === 1 ? "" : "s"} to fix first.`,
      report: (outcome, target) => {
        const corrected = outcome.payments.map((p) => p.god);
        if (options.json) {
          io.out(JSON.stringify({ corrected, because: outcome.what, century: outcome.century, warnings: warningsIn(outcome.problems).map(describeProblem) }));
          return;
        }
        io.out(`The book is corrected ("${outcome.what}"): the seal now holds the Ledger as it is.`);
        io.out(corrected.length === 0 ? "No account needed a correction row." : `A correction row records it in the account of ${corrected.join(", ")}.`);
        io.out(options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote the Ledger, its seal and the book's sheets to ${target}.`);
      },
    },
    io,
  );
}

/** gods rename FILE OLD NEW [--out OUT] [--json] [--dry-run]: a god renamed everywhere, keeping its account. */
export function renameGod(options: WriteOptions & { readonly from: string; readonly to: string }, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods rename",
      plan: (raw) => planRename(raw, options.from, options.to),
      refused: (n) => `"${options.from.slice(0, 100)}" was not renamed: the workbook has ${n} problem${n === 1 ? "" : "s"} to fix first.`,
      // The cells of the tables first, then the book's sheets and the seal over that result.
      write: (pkg, raw, outcome) =>
        outcome.plan === undefined ? undefined : writePlan({ parts: writeTableEdits(pkg, raw, outcome.edits) }, applyEdits(raw, outcome.edits), outcome.plan),
      report: (outcome, target) => {
        if (options.json) {
          io.out(
            JSON.stringify({ renamed: outcome.from, to: outcome.to, changed: outcome.changed, warnings: warningsIn(outcome.problems).map(describeProblem) }),
          );
          return;
        }
        io.out(
          `"${outcome.from}" is now "${outcome.to}" everywhere: ${outcome.changed.map((c) => `${c.rows} row${c.rows === 1 ? "" : "s"} of ${c.table}`).join(", ")}; the account and what it kept go with it.`,
        );
        io.out(
          options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote the tables, the Ledger's seal and the book's sheets to ${target}.`,
        );
      },
    },
    io,
  );
}
