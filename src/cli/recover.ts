/**
 * `gods recover FILE`: an action that stopped part-way inside Excel, in a file Excel saved in that
 * state, finished from its intent or taken back (xlsx/recover.ts), as the pane's one step does.
 * Every other command refuses the file until then (fileJob.ts), naming the action.
 */
import { damagedWords, describeProblem, readCampaign, shownName, type Problem } from "../workbook";
import {
  putBookRightInPackage,
  recoverPackage,
  recoveryLines,
  setAsideInPackage,
  setAsideLines,
  type DamagedRecord,
  type OpenOperation,
} from "../workbook/xlsx";
import { jobOptions, type WriteOptions } from "./centuryEnd";
import { editFile } from "./fileJob";
import type { Io } from "./io";

interface Recovery {
  readonly problems: readonly Problem[];
  readonly op?: OpenOperation;
  /** a record under the journal's keys that is not carried out: set aside */
  readonly damaged?: DamagedRecord;
  /** a Ledger two computers' writes mixed: the problem naming it (its journal id of the write kept) */
  readonly mixed?: Problem;
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** gods recover FILE [--out OUT] [--json] [--dry-run] */
export function recover(options: WriteOptions, io: Io): Promise<number> {
  let lines: readonly string[] = [];
  return editFile<Recovery>(
    {
      ...jobOptions(options),
      command: "gods recover",
      journal: true,
      plan: (raw) => {
        const op = raw.journal?.open[0];
        if (op !== undefined) {
          // Listed before anything is written, so that a dry run shows exactly what recover does.
          lines = recoveryLines(raw, op);
          return { problems: [], op };
        }
        const damaged = raw.journal?.damaged?.[0];
        if (damaged !== undefined) {
          lines = setAsideLines(damaged);
          return { problems: [], damaged };
        }
        const mixed = readCampaign(raw).problems.find((p) => p.mixedBook !== undefined);
        return mixed === undefined ? { problems: [] } : { problems: [], mixed };
      },
      refused: () => "Nothing was finished or taken back.",
      write: (pkg, raw, outcome) => {
        const entry = outcome.mixed?.mixedBook;
        const done =
          outcome.op !== undefined
            ? recoverPackage(pkg, raw, outcome.op)
            : outcome.damaged !== undefined
              ? setAsideInPackage(pkg, outcome.damaged)
              : entry !== undefined
                ? putBookRightInPackage(pkg, raw, entry)
                : undefined;
        if (done === undefined) return undefined;
        lines = done.lines;
        return done.parts;
      },
      report: (outcome, target) => {
        const op = outcome.op;
        const step = op === undefined ? undefined : op.reached === undefined ? "taken back" : "finished";
        const mixed = outcome.mixed;
        const damaged = outcome.damaged;
        if (options.json) {
          io.out(
            JSON.stringify(
              op !== undefined
                ? { recovered: op.words, step, lines, warnings: outcome.problems.map(describeProblem) }
                : damaged !== undefined
                  ? { recovered: damagedWords(damaged), step: "set aside", lines, warnings: [] }
                  : mixed !== undefined
                    ? { recovered: "a Ledger mixed by two computers", step: "put right", lines, warnings: [] }
                    : { recovered: null, warnings: [] },
            ),
          );
          return;
        }
        if (op === undefined && damaged !== undefined) {
          io.out(`${sentence(damagedWords(damaged))}: it is set aside, not carried out.`);
          for (const line of lines) io.out(`- ${line}`);
          io.out(options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote ${target}.`);
          return;
        }
        if (op === undefined && mixed !== undefined) {
          io.out(`The Ledger is put right: ${mixed.message}`);
          for (const line of lines) io.out(`- ${line}`);
          io.out(options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote ${target}.`);
          return;
        }
        if (op === undefined) {
          io.out("No action stopped part-way in this workbook: there is nothing to finish or take back.");
          return;
        }
        io.out(
          op.reached === undefined
            ? `${sentence(op.words)} stopped inside Excel before it changed anything: it is taken back.`
            : `${sentence(op.words)} stopped inside Excel while it was being recorded: it is finished as it was meant (${shownName(op.done, 400)}).`,
        );
        for (const line of lines) io.out(`- ${line}`);
        io.out(options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote ${target}.`);
      },
    },
    io,
  );
}
