/** The mana book on a workbook file: `gods event`, `gods era-end` and `gods undo`. */
import { describeProblem, warningsIn } from "../workbook/model/problems";
import { planEraEnd, planEvent, planUndo, type CreditOutcome, type EventOptions } from "../workbook/plan/book";
import { readCampaign } from "../workbook/read/campaign";
import { editFile, paymentTable } from "./centuryEnd";
import type { Io } from "./io";

export interface BookOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
}

const problemsToFix = (errors: number) => `the workbook has ${errors} problem${errors === 1 ? "" : "s"} to fix first.`;

function report(outcome: CreditOutcome, options: BookOptions, io: Io, target: string, head: Record<string, string | number>): void {
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(JSON.stringify({ ...head, recipients: outcome.payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry })), warnings }));
    return;
  }
  const credited = outcome.payments.filter((p) => p.earned !== 0);
  io.out(credited.length === 0 ? "Nobody holds a card of its spheres: nobody was credited." : paymentTable(credited));
  for (const w of warnings) io.out(`Warning: ${w}`);
  io.out(`Wrote the Ledger, the event worksheets and the distribution points to ${target}.`);
}

/** gods event FILE "EVENT" [--times N] [--century N] [--again] [--out OUT] [--json] */
export function creditEvent(options: BookOptions & EventOptions & { readonly event: string }, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods event",
      plan: (raw) => planEvent(readCampaign(raw), options.event, options),
      refused: (n) => `The event "${options.event.slice(0, 100)}" was not credited: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        if (!options.json) io.out(`Century ${outcome.century}: ${outcome.what}`);
        report(outcome, options, io, target, { event: outcome.what, century: outcome.century });
      },
    },
    io,
  );
}

/** gods era-end FILE --century N [--out OUT] [--json] */
export function creditEraEnd(options: BookOptions & { readonly century: number }, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods era-end",
      plan: (raw) => planEraEnd(readCampaign(raw), options.century),
      refused: (n) => `The era ending with century ${options.century} was not credited: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        if (!options.json) io.out(`The era ending with century ${outcome.century}: era-end mana`);
        report(outcome, options, io, target, { era: outcome.century });
      },
    },
    io,
  );
}

/** gods undo FILE [--out OUT] [--json]: takes back the latest event or era-end credit. */
export function undoCredit(options: BookOptions, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods undo",
      plan: (raw) => planUndo(readCampaign(raw)),
      refused: (n) => `Nothing was taken back: ${problemsToFix(n)}`,
      report: (outcome, target) => {
        if (options.json) {
          io.out(JSON.stringify({ undone: outcome.what, century: outcome.century, recipients: outcome.payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry })) }));
          return;
        }
        io.out(`Took back ${outcome.what}:`);
        io.out(paymentTable(outcome.payments));
        io.out(`Wrote the Ledger, the event worksheets and the distribution points to ${target}.`);
      },
    },
    io,
  );
}
