/** Problems found in a campaign workbook, each naming where it is in the user's words. */

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
}

/** One line for a terminal or a list: "Races table, row 5, column Units: …". */
export function describeProblem(p: Problem): string {
  const where = [`${p.table} table`];
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
