/** `gods ledger reseal`: the book corrected on purpose, with the reason kept in the Ledger. */
import { describeProblem, warningsIn } from "../workbook/model/problems";
import { planReseal } from "../workbook/plan/reseal";
import { readCampaign } from "../workbook/read/campaign";
import { jobOptions, type WriteOptions } from "./centuryEnd";
import { editFile } from "./fileJob";
import type { Io } from "./io";

/** gods ledger reseal FILE --because "…" [--out OUT] [--json] [--dry-run] [--accept-warnings] */
export function resealLedger(options: WriteOptions & { readonly because: string }, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods ledger reseal",
      plan: (raw) => planReseal(readCampaign(raw), options.because),
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
