/** The book by hand, on purpose: `gods ledger reseal` (a correction, with its reason), `gods ledger restart` and `gods rename`. */
import { describeProblem, warningsIn, applyEdits, planRename, planReseal, planRestart } from "../workbook";
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

/** gods ledger restart FILE [--carry GOD=AMOUNT]... [--century N] [--out OUT] [--json] [--dry-run] [--accept-warnings] */
export function restartLedger(
  options: WriteOptions & { readonly carries: readonly { readonly god: string; readonly carry: string }[]; readonly century?: number },
  io: Io,
): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods ledger restart",
      mending: true,
      reportHeld: true,
      plan: (raw, read) => planRestart(raw, read, { carries: options.carries, ...(options.century === undefined ? {} : { century: options.century }) }),
      refused: (n) => `The book was not started again: the workbook has ${n} problem${n === 1 ? "" : "s"} to fix first.`,
      report: (outcome, target, written) => {
        const carries = outcome.payments.filter((p) => p.carry !== 0).map((p) => `${p.god} ${p.carry}`);
        if (options.json) {
          io.out(
            JSON.stringify({
              restarted: outcome.century,
              nextCentury: outcome.century + 1,
              lost: outcome.lost,
              carries: outcome.payments.map((p) => ({ god: p.god, carry: p.carry })),
              warnings: warningsIn(outcome.problems).map(describeProblem),
            }),
          );
          return;
        }
        io.out(
          `The book starts again at century ${outcome.century} ("${outcome.what}"): every account opens at 0${carries.length === 0 ? "" : `, but ${carries.join(", ")} carried`}, and the next century end is ${outcome.century + 1}.`,
        );
        if (outcome.century > 0) io.out(`Centuries up to ${outcome.century} were paid in the lost book: none of them can be ended again.`);
        io.out(
          options.dryRun === true || written === false
            ? `Nothing was written to ${target}.`
            : `Wrote a new Ledger, its seal, the book's head and the book's sheets to ${target}.`,
        );
      },
    },
    io,
  );
}
