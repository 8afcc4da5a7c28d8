/**
 * What every command answers with, in a module of its own that loads nothing else: the exit codes
 * and a refusal in JSON. The command line loads a command's code only when that command runs.
 */
import { describeProblem, type Problem } from "../workbook/words";
import type { Io } from "./io";

/** The exit codes every command shares. */
export const EXIT = { done: 0, fnError: 1, badInput: 2, payWarnings: 3 } as const;

/** A problem as the JSON answers give it. */
function problemJson(p: Problem): { table: string; row: number | null; column: string | null; message: string; argument?: string } {
  return { table: p.table, row: p.row ?? null, column: p.column ?? null, message: p.message, ...(p.argument === undefined ? {} : { argument: p.argument }) };
}

/** A refusal in JSON: one object on stdout, like every answer. */
export function jsonError(io: Io, error: string, problems: readonly Problem[] = [], warnings: readonly Problem[] = []): void {
  io.out(JSON.stringify({ error, problems: problems.map(problemJson), warnings: warnings.map(describeProblem) }));
}

/** The most problems or warnings a command prints line by line; --json gives every one. */
export const LINES_SHOWN = 20;

/** A list of problems' words as lines, each after `lead` ("- ", "Warning: "): the first LINES_SHOWN, then how many more. */
export function problemLines(words: readonly string[], lead: string): string[] {
  const lines = words.slice(0, LINES_SHOWN).map((w) => `${lead}${w}`);
  const more = words.length - LINES_SHOWN;
  if (more > 0) lines.push(`${lead}… and ${more.toLocaleString("en")} more (--json lists every one).`);
  return lines;
}
