/** The mana book on a workbook file: `gods event`, `gods era-end`, `gods debit` and `gods undo`. */
import {
  describeProblem,
  warningsIn,
  eventOf,
  planDebit,
  type DebitOptions,
  planEraEnd,
  eraEndWords,
  planEvent,
  type EventOptions,
  planUndo,
  type CreditOutcome,
  type Payment,
} from "../workbook";
import { jobOptions, paymentTable, type WriteOptions } from "./centuryEnd";
import { editFile } from "./fileJob";
import type { Io } from "./io";
import { problemLines } from "./answers";

export type BookOptions = WriteOptions;

const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

const problemsToFix = (errors: number) => `the workbook has ${errors} problem${errors === 1 ? "" : "s"} to fix first.`;

const recipientsJson = (payments: readonly Payment[]) => payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry }));

function written(options: BookOptions, target: string): string {
  return options.dryRun === true
    ? `Dry run: nothing was written to ${target}.`
    : `Wrote the Ledger, the event worksheets and the distribution points to ${target}.`;
}

function report(
  outcome: CreditOutcome,
  options: BookOptions,
  io: Io,
  target: string,
  head: Record<string, string | number>,
  nobody = "Nobody holds a card of its spheres: nobody was credited.",
): void {
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(JSON.stringify({ ...head, recipients: recipientsJson(outcome.payments), warnings }));
    return;
  }
  const credited = outcome.payments.filter((p) => p.earned !== 0);
  io.out(credited.length === 0 ? nobody : paymentTable(credited));
  for (const line of problemLines(warnings, "Warning: ")) io.out(line);
  io.out(written(options, target));
}

/** gods event FILE "EVENT" [--times N] [--century N] [--again] [--out OUT] [--json] [--dry-run] [--accept-warnings] */
export function creditEvent(options: BookOptions & EventOptions & { readonly event: string }, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods event",
      plan: (_raw, read) => planEvent(read, options.event, options),
      refused: (n) => `The event "${options.event.slice(0, 100)}" was not credited: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        if (!options.json) io.out(`Century ${outcome.century}: ${outcome.what}`);
        // The event as the Sources table names it, how many times, and the credit's own name in the Ledger.
        report(outcome, options, io, target, { event: eventOf(outcome.what), times: options.times ?? 1, credit: outcome.what, century: outcome.century });
      },
    },
    io,
  );
}

/** gods era-end FILE --century N [--out OUT] [--json] [--dry-run] [--accept-warnings] */
export function creditEraEnd(options: BookOptions & { readonly century: number }, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods era-end",
      plan: (_raw, read) => planEraEnd(read, options.century),
      refused: (n) => `${sentence(eraEndWords(options.century))} was not credited: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        if (!options.json) io.out(`${sentence(eraEndWords(outcome.century))}: era-end mana`);
        // An era's end that pays nobody is recorded all the same: the era is over.
        report(
          outcome,
          options,
          io,
          target,
          { era: outcome.century },
          "Nobody was credited anything: the era's end is recorded with 0 for every recipient, so the era is over.",
        );
      },
    },
    io,
  );
}

/** gods debit FILE GOD N --what "…" [--again] [--out OUT] [--json] [--dry-run] */
export function debitAccount(
  options: BookOptions & DebitOptions & { readonly god: string; readonly mana: string; readonly what: string },
  io: Io,
): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods debit",
      plan: (_raw, read) => planDebit(read, options.god, options.mana, options.what, options),
      refused: (n) => `Nothing was taken from ${options.god.slice(0, 100)}: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        const [p] = outcome.payments;
        const owes = p === undefined || p.carry >= 0 ? 0 : -p.carry;
        if (options.json) {
          io.out(
            JSON.stringify({
              debit: outcome.what,
              century: outcome.century,
              recipients: recipientsJson(outcome.payments),
              owes: p === undefined ? [] : [{ god: p.god, mana: owes }],
              warnings: warningsIn(outcome.problems).map(describeProblem),
            }),
          );
          return;
        }
        io.out(`Century ${outcome.century}: debit "${outcome.what}"`);
        io.out(paymentTable(outcome.payments));
        if (p !== undefined)
          io.out(
            owes === 0
              ? `${p.god}'s account covered it.`
              : `${p.god} owes ${+owes.toPrecision(12)} mana: the next credits to its account pay this first, before any mana reaches its box.`,
          );
        for (const line of problemLines(warningsIn(outcome.problems).map(describeProblem), "Warning: ")) io.out(line);
        io.out(options.dryRun === true ? `Dry run: nothing was written to ${target}.` : `Wrote the Ledger and the distribution points to ${target}.`);
      },
    },
    io,
  );
}

/** What must come back out of each box: the whole mana the credit taken back had paid. */
function takeBack(payments: readonly Payment[]): { god: string; mana: number }[] {
  return payments.filter((p) => p.paid !== 0).map((p) => ({ god: p.god, mana: -p.paid }));
}

/** gods undo FILE [--out OUT] [--json] [--dry-run]: takes back the latest event or era-end credit. */
export function undoCredit(options: BookOptions, io: Io): Promise<number> {
  return editFile(
    {
      ...jobOptions(options),
      command: "gods undo",
      plan: (_raw, read) => planUndo(read),
      refused: (n) => `Nothing was taken back: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        const back = takeBack(outcome.payments);
        if (options.json) {
          io.out(
            JSON.stringify({
              undone: outcome.what,
              century: outcome.century,
              recipients: recipientsJson(outcome.payments),
              takeBack: back,
              warnings: warningsIn(outcome.problems).map(describeProblem),
            }),
          );
          return;
        }
        io.out(`${options.dryRun === true ? "Would take back" : "Took back"} ${outcome.what}:`);
        io.out(paymentTable(outcome.payments));
        if (back.length === 0) io.out("It paid no whole mana: nothing comes back out of a box.");
        for (const b of back) io.out(`Take ${b.mana} mana back out of ${b.god}'s box at the distribution point (the credit taken back had paid it).`);
        io.out(written(options, target));
      },
    },
    io,
  );
}
