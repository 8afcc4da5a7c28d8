/**
 * What makes a workbook damaged for every command that writes: the Ledger and its seal or the
 * book's head do not agree, two computers mixed or doubled a credit, or an action stopped
 * part-way (read/journal.ts). A command that wrote over such a book would bury the damage under a
 * change that looks sound, so each refuses the file until it is put right, whatever the command
 * changes; the problem names the way to put it right. A problem of the Ledger's rows that a
 * command answers (an account left behind by a rename begun in the Gods table alone, which gods
 * rename finishes) is its planner's to refuse or not.
 */
import type { Problem } from "../model/problems";

export interface DamageOptions {
  /** the command corrects the book (a correction with its reason): a broken seal or head is what it answers */
  readonly mending?: boolean;
}

/** The errors among `problems` that say the workbook's book is damaged. */
export function damageIn(problems: readonly Problem[], options: DamageOptions = {}): Problem[] {
  return problems.filter((p) => {
    if (p.severity !== "error") return false;
    if (options.mending === true && (p.seal === true || p.head === true)) return false;
    return p.seal === true || p.head === true || p.mixedBook !== undefined || p.paidTwice !== undefined || p.operation !== undefined;
  });
}
