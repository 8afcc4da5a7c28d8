/**
 * A generated sheet written again over its own part, keeping what has not changed: the rows the
 * plan leaves as they were read stay in the part as they are, and only the rest is written (the
 * seal and the History gain rows at their end, so a long one is not written whole every time).
 */
import type { RawCell } from "../../model/raw";
import type { PlanCell, SheetPlan } from "../../plan/layout";
import { generatedDimension, generatedRowsXml, generatedTrailerXml } from "./sheet";
import type { StyleBook } from "./styles";
import { childBefore, prefixOf, rootQuick, rowsFromEnd, setAttr, sheetDataQuick } from "./xml";

/** Whether a planned row holds what was read of it: the same values (a cell read as "" is empty), and no formula. */
function sameRow(planned: readonly (PlanCell | null)[], read: readonly RawCell[]): boolean {
  const n = Math.max(planned.length, read.length);
  for (let i = 0; i < n; i++) {
    const p = planned[i] ?? null;
    const r = read[i] ?? null;
    if (p?.formula !== undefined) return false;
    const value = p === null ? null : p.value;
    const got = r === "" ? null : r;
    if (typeof got === "object" && got !== null) return false;
    if (value !== got && !(value === "" && got === null)) return false;
  }
  return true;
}

/** How many of the sheet's first rows, as they were read, the plan leaves as they are. */
export function unchangedRows(plan: SheetPlan, read: readonly (readonly RawCell[])[]): number {
  let same = 0;
  while (same < plan.rows.length && same < read.length && sameRow(plan.rows[same] ?? [], read[same] ?? [])) same++;
  return same;
}

/**
 * The part's text with its rows from `same` on (the first the plan changes) written anew, the
 * rows above them left as the part holds them; undefined when the part is not plainly written
 * (then it is written whole).
 */
export function sheetTail(text: string, plan: SheetPlan, styles: StyleBook, same: number): string | undefined {
  const root = rootQuick(text);
  const sheetData = root === undefined ? undefined : sheetDataQuick(text, root);
  const rows = root === undefined || sheetData === undefined ? undefined : rowsFromEnd(text, sheetData, same + 1);
  // The add-in writes its sheets without prefixes; a part written otherwise is written whole.
  if (root === undefined || sheetData === undefined || rows === undefined || sheetData.selfClosing || prefixOf(sheetData) !== "") return undefined;
  const dimension = childBefore(text, root, sheetData, "dimension");
  const head =
    dimension === undefined
      ? text.slice(0, sheetData.start)
      : text.slice(0, dimension.start) + setAttr(dimension.tag, "ref", generatedDimension(plan)) + text.slice(dimension.end, sheetData.start);
  const name = sheetData.name;
  return (
    head +
    `<${name}>` +
    text.slice(sheetData.openEnd, rows.at) +
    generatedRowsXml(plan, styles, same) +
    `</${name}>` +
    generatedTrailerXml(plan) +
    text.slice(root.closeStart)
  );
}
