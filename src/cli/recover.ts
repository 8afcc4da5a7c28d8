/**
 * `gods recover FILE`: the actions that stopped part-way inside Excel, in a file Excel saved in
 * that state, each finished from its intent or taken back (xlsx/recover.ts), as the pane's one
 * step does, in the order they began, in one run; a damaged record is set aside. Every other
 * command refuses the file until then (fileJob.ts), naming the action. A finish that moves mana
 * is shown and waits for --accept-warnings, as every other command that changes pay; one that
 * would write over Ledger rows typed since it stopped waits for the person's choice.
 */
import {
  damagedWords,
  describeProblem,
  payWarning,
  readCampaign,
  shownName,
  tableError,
  TOO_LARGE_WAY,
  WORKBOOK,
  type DamagedRecord,
  type Problem,
  type RawWorkbook,
} from "../workbook";
import {
  FileProblem,
  manaMoveWords,
  putBookRightInPackage,
  readPackage,
  recoverPackage,
  recoveryBoxLines,
  recoveryLines,
  recoveryMoves,
  removeRecordsInPackage,
  setAsideInPackage,
  setAsideLines,
  setOpenAsideInPackage,
  typedRowsProblem,
  type Package,
} from "../workbook/xlsx";
import { jobOptions, type WriteOptions } from "./centuryEnd";
import { editFile } from "./fileJob";
import type { Io } from "./io";

export interface RecoverOptions extends WriteOptions {
  /** a finish writes its Ledger rows below rows typed where it writes since it stopped, keeping them */
  readonly belowTypedRows?: boolean;
  /** a record whose finish would write over typed rows is set aside instead, the rows kept */
  readonly setAside?: boolean;
}

/** One record settled: what it was, the step, what it writes line by line, and what it moves at the boxes. */
interface Step {
  readonly recovered: string;
  readonly step: "finished" | "taken back" | "set aside" | "put right" | "removed";
  /** the first line said of it */
  readonly title: string;
  readonly lines: readonly string[];
  readonly moves: readonly string[];
  readonly box: readonly string[];
}

interface Recovery {
  readonly problems: readonly Problem[];
  readonly steps: readonly Step[];
  /** the file's parts once every step is carried out */
  readonly parts?: Map<string, Uint8Array>;
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How many records one run settles at most: far more than any workbook holds. */
const MOST_STEPS = 500;

const WAYS_ON =
  "Choose one: gods recover FILE --below-typed-rows (or --keep-changes: the same choice) finishes it keeping what was done by hand: typed rows stay and its own rows go below them, a row it wrote keeps the change made to it (the book's checks then name those rows as typed or changed by hand until the book is corrected with its reason); or gods recover FILE --set-aside keeps the rows as they are and sets the record aside, so the action is not made (do it again if you still want it).";

/** Every record of the file settled in turn, each on the workbook the ones before leave. */
function settleAll(pkg: Package, first: RawWorkbook, options: RecoverOptions): Recovery {
  const steps: Step[] = [];
  const problems: Problem[] = [];
  let parts: Map<string, Uint8Array> | undefined;
  let raw = first;
  const choice = { belowTypedRows: options.belowTypedRows === true };
  for (let n = 0; n < MOST_STEPS; n++) {
    const current: Package = parts === undefined ? pkg : { parts };
    if (n > 0) raw = readPackage(current);
    const all = raw.journal?.damaged ?? [];
    // The records too large to read go first, all at once: they are removed, and the part shrinks.
    const unread = all.filter((d) => d.tooLarge !== undefined);
    const damaged = all[0];
    const op = [...(raw.journal?.open ?? [])].sort((a, b) => a.at - b.at)[0];
    if (unread.length > 0) {
      // Removed once the gamemaster has read what that loses.
      const accepted = options.acceptWarnings === true;
      const words =
        unread.length === 1 ? sentence(damagedWords(unread[0] as DamagedRecord)) : `${unread.length} records of unfinished actions are too large to read`;
      if (!accepted && options.dryRun !== true) {
        problems.push(tableError(WORKBOOK, `${words}: ${unread.length === 1 ? "it was" : "they were"} not read. ${TOO_LARGE_WAY}`));
        break;
      }
      const done = removeRecordsInPackage(current, unread);
      steps.push({
        recovered: unread.length === 1 ? damagedWords(unread[0] as DamagedRecord) : words,
        step: "removed",
        title: `${words}: ${unread.length === 1 ? "it is" : "they are"} ${accepted ? "" : "to be "}removed, not read.`,
        lines: accepted ? done.lines : [...done.lines, "Only with --accept-warnings: without it, nothing is removed."],
        moves: [],
        box: [],
      });
      parts = done.parts;
      continue;
    }
    if (damaged?.refused !== undefined && options.setAside !== true) {
      // Genuine as far as can be told, but the workbook changed since: the person puts it right, or sets it aside.
      problems.push(
        tableError(
          WORKBOOK,
          `${sentence(damagedWords(damaged))}: run gods recover again once it is put right, or gods recover FILE --set-aside to set it aside.`,
        ),
      );
      break;
    }
    if (damaged !== undefined) {
      const done = setAsideInPackage(current, damaged);
      steps.push({
        recovered: damagedWords(damaged),
        step: "set aside",
        title: `${sentence(damagedWords(damaged))}: it is set aside, not carried out.`,
        lines: setAsideLines(damaged),
        moves: [],
        box: [],
      });
      parts = done.parts;
      continue;
    }
    if (op === undefined) {
      // A Ledger mixed by two computers is put right once no record is open.
      const mixed = readCampaign(raw).problems.find((p) => p.mixedBook !== undefined);
      if (mixed?.mixedBook !== undefined && steps.length === 0) {
        const done = putBookRightInPackage(current, raw, mixed.mixedBook);
        steps.push({
          recovered: "a Ledger mixed by two computers",
          step: "put right",
          title: `The Ledger is put right: ${mixed.message}`,
          lines: done.lines,
          moves: [],
          box: [],
        });
        parts = done.parts;
      }
      break;
    }
    const typed = typedRowsProblem(raw, op);
    if (typed !== undefined && options.setAside === true) {
      const done = setOpenAsideInPackage(current, raw, op);
      steps.push({
        recovered: op.words,
        step: "set aside",
        title: `${sentence(op.words)} is set aside, not carried out, to keep the Ledger rows typed or changed by hand since it stopped.`,
        lines: done.lines,
        moves: [],
        box: [],
      });
      parts = done.parts;
      continue;
    }
    if (typed !== undefined && options.belowTypedRows !== true) {
      problems.push(tableError("Ledger", `${sentence(typed)} ${WAYS_ON}`));
      break;
    }
    // Listed before anything is written, so that a dry run shows exactly what recover does.
    const lines = recoveryLines(raw, op, choice);
    const moved = recoveryMoves(raw, op, choice);
    const done = recoverPackage(current, raw, op, choice);
    const moves = moved.map(manaMoveWords);
    steps.push({
      recovered: op.words,
      step: done.finished ? "finished" : "taken back",
      title: done.finished
        ? `${sentence(op.words)} stopped inside Excel while it was being recorded: it is finished as it was meant (${shownName(op.done, 400)}).`
        : `${sentence(op.words)} stopped inside Excel before it changed anything: it is taken back.`,
      lines,
      moves,
      box: recoveryBoxLines(moved),
    });
    if (moves.length > 0)
      problems.push(
        payWarning(
          "Ledger",
          `Finishing ${shownName(op.words, 160)} moves mana: ${moves.slice(0, 12).join(", ")}${moves.length > 12 ? `, and ${moves.length - 12} more` : ""}.`,
        ),
      );
    parts = done.parts;
  }
  return { problems, steps, ...(parts === undefined ? {} : { parts }) };
}

/** gods recover FILE [--below-typed-rows | --set-aside] [--accept-warnings] [--out OUT] [--json] [--dry-run] */
export function recover(options: RecoverOptions, io: Io): Promise<number> {
  return editFile<Recovery>(
    {
      ...jobOptions(options),
      command: "gods recover",
      journal: true,
      reportHeld: true,
      plan: (raw, _read, pkg) => {
        try {
          return settleAll(pkg, raw, options);
        } catch (e) {
          if (e instanceof FileProblem) return { problems: [tableError("Ledger", e.message)], steps: [] };
          throw e;
        }
      },
      refused: () => "Nothing was finished or taken back.",
      write: (_pkg, _raw, outcome) => outcome.parts,
      report: (outcome, target, written = options.dryRun !== true) => {
        const [first] = outcome.steps;
        if (options.json) {
          io.out(
            JSON.stringify(
              first === undefined
                ? { recovered: null, warnings: [] }
                : {
                    recovered: first.recovered,
                    step: first.step,
                    lines: first.lines,
                    steps: outcome.steps.map((s) => ({ recovered: s.recovered, step: s.step, lines: s.lines, moves: s.moves, boxes: s.box })),
                    warnings: outcome.problems.map(describeProblem),
                  },
            ),
          );
          return;
        }
        if (first === undefined) {
          io.out("No action stopped part-way in this workbook: there is nothing to finish or take back.");
          return;
        }
        if (outcome.steps.length > 1) io.out(`${outcome.steps.length} records of actions that stopped part-way, settled in the order they began:`);
        for (const step of outcome.steps) {
          io.out(step.title);
          for (const line of step.lines) io.out(`- ${line}`);
          if (step.moves.length > 0) io.out(`Mana it moves: ${step.moves.join(", ")}.`);
          for (const line of step.box) io.out(`${written ? "" : "Once written: "}${line}`);
        }
        io.out(written ? `Wrote ${target}.` : options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Nothing was written to ${target}.`);
      },
    },
    io,
  );
}
