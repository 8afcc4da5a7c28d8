/**
 * The cells of a worksheet part as text: what the writers that change cells in place (the
 * Ledger's, and the table edits of the referee's actions) read and write, so that every cell
 * they do not own stays exactly as the file had it.
 */
import { columnNumber } from "../../model/address";
import { attr, childElements, type Span } from "./xml";

export interface Cell {
  readonly column: number;
  /** the cell's XML as it stands in the part */
  readonly xml: string;
  readonly span: Span;
}

const CELL_REF = /^\$?([A-Z]+)\$?(\d+)$/i;
const HOLDS_SOMETHING = /<(\w+:)?(v|is|f)[\s>/]/;

/** The cells of a row, each with its column (counted on from the one before when it has no address). */
export function cellsOf(text: string, row: Span): Cell[] {
  if (row.selfClosing) return [];
  const cells: Cell[] = [];
  let column = 0;
  for (const c of childElements(text, row)) {
    if (c.local !== "c") continue;
    const m = CELL_REF.exec(attr(c.tag, "r") ?? "");
    column = m ? columnNumber(m[1] as string) : column + 1;
    cells.push({ column, xml: text.slice(c.start, c.end), span: c });
  }
  return cells;
}

/** Whether a cell holds a value or a formula (a cell with only a look holds nothing). */
export function holdsSomething(cell: Cell): boolean {
  return HOLDS_SOMETHING.test(cell.xml);
}

/** Our cells, written without a prefix, with the prefix the sheet uses for its own elements. */
export function prefixed(xml: string, prefix: string): string {
  return prefix === "" ? xml : xml.replace(/<(\/?)(c|f|v|is|t|row)([\s/>])/g, `<$1${prefix}:$2$3`);
}
