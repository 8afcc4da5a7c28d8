/** Problems found in a campaign workbook, each naming where it is in the user's words. */
import { areaRef, quoteSheet } from "./address";

export type Severity = "error" | "warning";

export interface Problem {
  readonly severity: Severity;
  /** the input table, as the user named it */
  readonly table: string;
  readonly message: string;
  /** the sheet row the user sees (1-based), when the problem is in one row */
  readonly row?: number;
  /** the column header, when the problem is in one column */
  readonly column?: string;
  /** the cell or range to select to see the problem, like Races!C5 */
  readonly address?: string;
  /**
   * A warning that changes what someone is paid (a source counting 0 because its table, count or
   * cause is missing; cards in a sphere no source names…): nothing is paid until the gamemaster
   * has seen it and accepted it.
   */
  readonly changesPay?: boolean;
  /** a break of the Ledger's seal (read/seal.ts): a correction of the book, said on purpose, answers it */
  readonly seal?: boolean;
  /** the Ledger and seal disagree with the book's head the workbook keeps (read/head.ts): a correction answers it too */
  readonly head?: boolean;
  /** the Ledger and its seal are gone while the book's head remains: starting the book again on purpose answers it (actions/restart.ts) */
  readonly restart?: boolean;
  /** a credit written on two computers at once (read/twice.ts): its key, for the referee who settles it */
  readonly paidTwice?: string;
  /** for such a credit: what comes back out of the boxes to put it right ("Ares 22, Hestia 24"), empty when nothing does */
  readonly takeBack?: string;
  /** a Ledger whose cells two computers' writes mixed (read/mixed.ts): the journal id of the write it takes when put right */
  readonly mixedBook?: string;
  /** an action that stopped part-way inside Excel (read/journal.ts): its id, for the one step that finishes or takes it back */
  readonly operation?: string;
  /**
   * What was typed for the action rather than found in a cell (the command line's argument, as its
   * usage names it: GOD, EVENT, --century…): the gamemaster corrects what they typed, not the workbook.
   */
  readonly argument?: string;
  /** a name that looks misspelt, and the known one it likely means: what it costs can be worked out */
  readonly suggestion?: { readonly table: string; readonly from: string; readonly to: string };
}

/** What a problem may say besides its table and message: where it is, and what kind of warning it is. */
export type ProblemDetails = Omit<Problem, "severity" | "table" | "message">;

/** An error in `table`: nothing is written while one remains. */
export function tableError(table: string, message: string, details: ProblemDetails = {}): Problem {
  return { severity: "error", table, message, ...details };
}

/** A warning about `table` that changes nobody's pay: shown, and the work goes on. */
export function tableWarning(table: string, message: string, details: ProblemDetails = {}): Problem {
  return { severity: "warning", table, message, ...details };
}

/** A warning that changes what someone is paid: nothing is paid until the gamemaster has seen and accepted it. */
export function payWarning(table: string, message: string, details: ProblemDetails = {}): Problem {
  return { severity: "warning", table, message, changesPay: true, ...details };
}

/** The place of a problem with the workbook as a whole (a sheet in the way), not one of its tables. */
export const WORKBOOK = "Workbook";

/** One line for a terminal or a list: "Races table, row 5, column Units: …". */
export function describeProblem(p: Problem): string {
  const where = [p.table === WORKBOOK ? WORKBOOK : `${p.table} table`];
  if (p.row !== undefined) where.push(`row ${p.row}`);
  if (p.column !== undefined) where.push(`column ${p.column}`);
  return `${where.join(", ")}: ${p.message}`;
}

export function errorsIn(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === "error");
}

export function warningsIn(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === "warning");
}

/** The warnings that change what someone is paid: the write waits until they are accepted. */
export function payWarningsIn(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === "warning" && p.changesPay === true);
}

/**
 * The warnings that change pay and are not among `accepted` (each as describeProblem words it:
 * what the gamemaster was shown). A payment goes ahead only when there are none.
 */
export function unacceptedIn(problems: readonly Problem[], accepted: readonly string[] = []): Problem[] {
  return payWarningsIn(problems).filter((p) => !accepted.includes(describeProblem(p)));
}

/** The same problems, none of them stopping a write: for actions that pay nobody (an undo, a war). */
export function payingNobody(problems: readonly Problem[]): Problem[] {
  return problems.map((p) => (p.changesPay === true ? { ...p, changesPay: false } : p));
}

/**
 * Rows typed right under an Excel table are not in it (programs other than Excel do not grow a
 * table, nor does Excel with auto-expansion off): they would be left out without a word. Both
 * adapters report them so; `more` says the rows may go on past those looked at.
 */
export function rowsUnderTable(table: string, sheet: string, first: number, last: number, left: number, right: number, more = false): Problem {
  const rows = first === last ? `row ${first}` : `rows ${first}–${last}${more ? " (and perhaps more)" : ""}`;
  const plural = first !== last;
  return {
    severity: "error",
    table,
    row: first,
    address: `${quoteSheet(sheet)}!${areaRef({ top: first, left, bottom: last, right })}`,
    message: `${rows} under the ${table} table ${plural ? "are" : "is"} outside it, so ${plural ? "they" : "it"} would be ignored; extend the table to include ${plural ? "them" : "it"} (or delete ${plural ? "them" : "it"}).`,
  };
}
