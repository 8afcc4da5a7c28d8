/**
 * A problem of the adoption in words that name the gamemaster's own cell: what cannot be read in
 * a sheet, by its cell ('Races & worship'!F3), and what the campaign as brought in would refuse,
 * by the row of the sheet it was brought from.
 */
import { quoteSheet } from "../../model/address";
import { describeProblem, type Problem } from "../../model/problems";
import type { RawWorkbook } from "../../model/raw";
import type { Adoption } from "./plan";

/** `after`: the workbook with the tables made, when `p` is a problem of the campaign as brought in (not one of the sheets' as read). */
export function adoptionWords(adoption: Pick<Adoption, "origins" | "problems">, after: RawWorkbook | undefined, p: Problem): string {
  // A cell of the gamemaster's sheet: named by its address, and the header of its column.
  if (adoption.problems.includes(p) && p.address !== undefined) return `${p.address}${p.column === undefined ? "" : ` (${p.column})`}: ${p.message}`;
  // A row of a table the adoption makes: the row of the sheet it comes from.
  const table = adoption.problems.includes(p) ? undefined : after?.tables.get(p.table.toLowerCase());
  const from = table === undefined || p.row === undefined ? undefined : adoption.origins.get(p.table.toLowerCase())?.[p.row - table.headerRow - 1];
  return from === undefined ? describeProblem(p) : `${describeProblem(p)} (brought from ${quoteSheet(from.sheet)} row ${from.row})`;
}
