/**
 * The cells of a worksheet part as text: what the writers that change cells in place (the
 * Ledger's, and the table edits of the referee's actions) read and write, so that every cell
 * they do not own stays exactly as the file had it.
 */
import { columnNumber } from "../../model/address";
import { attr, childElements, removeAttr, setAttr, type Span } from "./xml";

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

/**
 * A sheet row holding `inner` (its cells' XML, in column order): a new row element when the part
 * had none there, else the old row's tag with its other children (anything but cells) kept.
 */
export function rowXml(text: string, span: Span | undefined, row: number, inner: string, prefix: string): string {
  if (span === undefined) return inner === "" ? "" : prefixed(`<row r="${row}">`, prefix) + inner + `</${prefix === "" ? "row" : `${prefix}:row`}>`;
  // `spans` is only a hint of the columns in use; a stale one is worse than none.
  const open = setAttr(removeAttr(span.tag, "spans"), "r", String(row)).replace(/\s*\/>$/, ">");
  const trailing = span.selfClosing
    ? ""
    : childElements(text, span)
        .filter((c) => c.local !== "c")
        .map((c) => text.slice(c.start, c.end))
        .join("");
  return `${open}${inner}${trailing}</${span.name}>`;
}
