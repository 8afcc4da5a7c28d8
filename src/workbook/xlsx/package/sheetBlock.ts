/**
 * A block of a sheet's cells that the stream reader keeps (readSheet.ts): where it lies, the rows
 * kept so far, and the formulas found there without a saved result.
 */
import type { Area } from "../../model/address";
import type { RawCell } from "../../model/raw";

/** A formula cell in a kept block with no saved result, as found. */
interface MissingResult {
  readonly row: number;
  readonly column: number;
  /** the formula's text, at most a little over 200 characters; "" for a copy of a shared formula */
  readonly formula: string;
}

/** At most this many formulas without a result are kept per block: the rest are only counted. */
const KEEP_MISSING = 10;
/** A formula is kept only this long, for a message that echoes at most 200 characters. */
export const FORMULA_CHARS = 201;

/**
 * A block of cells to keep: columns left..right over rows top..bottom. A plain sheet's block has
 * bottom Infinity (down to the sheet's last used row) and right -1 until its first row has been
 * read (the used width of the header row). An Excel table's block also watches the rows right
 * under the table (`underFrom`) for rows typed outside it.
 */
export class Block {
  /** kept rows by (sheet row - top); a row with nothing in it stays undefined until the end */
  readonly kept: (RawCell[] | undefined)[] = [];
  readonly missing: MissingResult[] = [];
  missingCount = 0;
  /** the rows under a table that hold something, first and last */
  underFirst = 0;
  underLast = 0;

  /** the used cells of the header row while its width is not known yet: column, value */
  pending: [number, RawCell][] | undefined;
  /** the array of the row being read, once a value has landed in it */
  current: RawCell[] | undefined;
  underOpen: boolean;
  underNext: number;
  underFilled = false;

  constructor(
    readonly top: number,
    readonly bottom: number,
    readonly left: number,
    public right: number,
    /** the first row under a table (Infinity: no watch) */
    underFrom: number,
    /** other tables of the sheet: rows under this one stop where one of them begins */
    readonly others: readonly Area[] = [],
  ) {
    this.pending = right < 0 ? [] : undefined;
    this.underOpen = Number.isFinite(underFrom);
    this.underNext = underFrom;
  }

  get width(): number {
    return Math.max(0, this.right - this.left + 1);
  }

  /** The block's rows top..last, each `width` cells long (rows with nothing in them as nulls). */
  rows(last: number): RawCell[][] {
    const width = this.width;
    if (width === 0) return [];
    const out: RawCell[][] = [];
    for (let r = this.top; r <= last; r++) out.push(this.kept[r - this.top] ?? blankRow(width));
    return out;
  }

  noteMissing(row: number, column: number, formula: string): void {
    this.missingCount++;
    if (this.missing.length < KEEP_MISSING) this.missing.push({ row, column, formula });
  }
}

export function blankRow(width: number): RawCell[] {
  return new Array<RawCell>(width).fill(null);
}
