/**
 * One worksheet part read as a stream (for read.ts): only the blocks of cells asked for are kept,
 * as rows of plain values, while the rest of the sheet passes by. Along the way it notes what a
 * gamemaster must fix in those blocks: formulas with no saved result, merged cells, and rows
 * typed just under a table.
 */
import type { Area } from "../../model/address";
import { cellAddress, parseArea } from "../../model/address";
import type { RawCell } from "../../model/raw";
import { parseXml, unescapeOoxml, type Attributes } from "./readXml";
import { FileProblem } from "./zip";
import { blankRow, Block, FORMULA_CHARS } from "./sheetBlock";

export { Block };

/** Excel's own bounds: no cell lies below row 1,048,576 or right of column XFD (16,384). */
export const MAX_ROW = 1_048_576;
export const MAX_COLUMN = 16_384;

/** A number as Excel writes it in a cell: digits, a point, an exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** A whole number of a few digits, as most cells of a log hold. */
const WHOLE = /^\d{1,15}$/;

/** The value of a few plain digits (as most cells of a log hold), or -1 for any other text. */
function digitsValue(text: string): number {
  if (text.length === 0 || text.length > 9) return -1;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Short texts of a sheet, each kept once: a log repeats a few causes and races a million times. */
const SHORT = new Map<string, string>();
function interned(text: string): string {
  if (text.length > 40) return text;
  const known = SHORT.get(text);
  if (known !== undefined) return known;
  if (SHORT.size >= 100_000) SHORT.clear();
  SHORT.set(text, text);
  return text;
}

/** A reference as written in the file, short and without control characters, for a message. */
const shown = (ref: string) => ref.slice(0, 30).replace(/[\u0000-\u001f\u007f]/g, "?");

/** Refuses a cell or range beyond Excel's last row or column, naming it. */
export function checkInExcel(where: string, ref: string, area: Area): void {
  if (area.bottom > MAX_ROW)
    throw new FileProblem(
      `The workbook is damaged: ${where} has a cell at ${shown(ref)}, below Excel's last row (1,048,576). Open it in Excel or LibreOffice, save it again, and try again.`,
    );
  if (area.right > MAX_COLUMN)
    throw new FileProblem(
      `The workbook is damaged: ${where} has a cell at ${shown(ref)}, right of Excel's last column (XFD). Open it in Excel or LibreOffice, save it again, and try again.`,
    );
}

/** What cells need from the rest of the workbook; each is fetched the first time a kept cell needs it. */
export interface CellSource {
  sharedString(index: number): string | null;
  /** whether cells of this style (its index in cellXfs) show a date */
  isDateStyle(style: number): boolean;
  readonly date1904: boolean;
}

/** Excel's day number as the date exceljs gives ("YYYY-MM-DD"); the number itself if it is no date. */
function serialDate(serial: number, date1904: boolean): RawCell {
  // exceljs counts days from 1970-01-01 (serial 25569) and rounds to the millisecond.
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return Number.isNaN(ms) || !(year >= 0 && year <= 9999) ? serial : date.toISOString().slice(0, 10);
}

const isBlank = (v: RawCell): boolean => v === null || (typeof v === "string" && v.trim() === "");

function overlaps(area: Area, row: number, left: number, right: number): boolean {
  return row >= area.top && row <= area.bottom && area.left <= right && area.right >= left;
}

/** What the scan found besides the kept cells. */
export interface SheetScan {
  /** every merged range of the sheet */
  readonly merges: Area[];
  /** the last row holding a value in any column (0: none) */
  readonly lastUsedRow: number;
}

/**
 * Reads one worksheet part, keeping the cells of `blocks`. Rows come in order in every file
 * Excel, LibreOffice and the common libraries write, which lets a plain sheet's width be fixed
 * by its first row and lets the watch under a table stop at the first empty row.
 */
export function scanSheet(partName: string, bytes: Uint8Array, blocks: readonly Block[], source: CellSource, sheetName = partName): SheetScan {
  const where = `the sheet ${sheetName}`;
  const merges: Area[] = [];
  let lastUsedRow = 0;

  // the row being read
  let row = 0;
  let rowUsed = false;
  // Blocks that keep cells of this row, and tables whose "under" watch covers it: the first
  // `activeCount` and `watchedCount` of these lists (emptying a list for each row would give
  // it up, and make it again, a hundred thousand times for a long log).
  const active: Block[] = [];
  const watched: Block[] = [];
  let activeCount = 0;
  let watchedCount = 0;
  let wantLeft = 0;
  let wantRight = -1;

  // the cell being read
  let column = 0;
  let type: string | undefined;
  let style = 0;
  let hasFormula = false;
  let hasValue = false; // a <v> element, even an empty one
  let hasInline = false;
  let vText = "";
  let inlineText = "";
  let formulaText = "";
  // where the text goes
  let inCell = false;
  let inV = false;
  let inF = false;
  let inInline = false;
  let inT = false;
  let inPhonetic = false;

  /** A header row read at full width: its width is now the used width, and its cells are placed. */
  const settleWidth = (b: Block): void => {
    const pending = b.pending;
    if (pending === undefined) return;
    b.pending = undefined;
    // only used cells are pending (a formula with no saved result is used too, as in exceljs)
    let right = 0;
    for (const [col] of pending) right = Math.max(right, col);
    b.right = right;
    if (right === 0) return;
    const cells = blankRow(b.width);
    for (const [col, value] of pending) cells[col - b.left] = value;
    b.kept[0] = cells;
  };

  const startRow = (attrs: Attributes): void => {
    const r = attrs["r"];
    row = r === undefined ? row + 1 : parseInt(r, 10) || row + 1;
    rowUsed = false;
    column = 0;
    activeCount = 0;
    watchedCount = 0;
    wantLeft = Infinity;
    wantRight = -1;
    for (const b of blocks) {
      if (b.pending !== undefined && row > b.top) settleWidth(b);
      b.current = undefined;
      if (row >= b.top && row <= b.bottom && (b.pending !== undefined || b.right >= b.left)) {
        active[activeCount++] = b;
        wantLeft = Math.min(wantLeft, b.left);
        wantRight = b.pending !== undefined ? Infinity : Math.max(wantRight, b.right);
      }
      if (b.underOpen && row >= b.underNext) {
        // the watch stops at an empty row (one the file leaves out is empty too) or at another table
        if (row > b.underNext || b.others.some((o) => overlaps(o, row, b.left, b.right))) b.underOpen = false;
        else {
          b.underFilled = false;
          watched[watchedCount++] = b;
          wantLeft = Math.min(wantLeft, b.left);
          wantRight = Math.max(wantRight, b.right);
        }
      }
    }
  };

  const endRow = (): void => {
    if (rowUsed) lastUsedRow = Math.max(lastUsedRow, row);
    for (let i = 0; i < activeCount; i++) {
      const b = active[i] as Block;
      if (b.pending !== undefined) settleWidth(b);
    }
    for (let i = 0; i < watchedCount; i++) {
      const b = watched[i] as Block;
      if (b.underFilled) {
        if (b.underFirst === 0) b.underFirst = row;
        b.underLast = row;
        b.underNext = row + 1;
      } else b.underOpen = false;
    }
  };

  const startCell = (attrs: Attributes): void => {
    const ref = attrs["r"];
    let col = 0;
    let cellRow = row;
    if (ref !== undefined) {
      // "AB12": letters, then digits, read in one pass (the reference of every cell of a million-row log).
      let i = 0;
      for (; i < ref.length && col <= MAX_COLUMN; i++) {
        const ch = ref.charCodeAt(i) | 0x20; // lower case
        if (ch < 97 || ch > 122) break;
        col = col * 26 + ch - 96;
      }
      if (col > MAX_COLUMN) i = ref.length;
      let digits = 0;
      let seen = false;
      for (; i < ref.length; i++) {
        const d = ref.charCodeAt(i) - 48;
        if (d < 0 || d > 9) break;
        digits = digits * 10 + d;
        seen = true;
      }
      if (seen) cellRow = digits;
    }
    column = col > 0 ? col : column + 1;
    if (column > MAX_COLUMN || row > MAX_ROW || cellRow > MAX_ROW) {
      checkInExcel(where, ref ?? `row ${row}, column ${column}`, { top: row, bottom: Math.max(row, cellRow), left: column, right: column });
    }
    type = attrs["t"];
    const s = attrs["s"];
    style = s === undefined ? 0 : parseInt(s, 10) || 0;
    hasFormula = hasValue = hasInline = false;
    vText = inlineText = formulaText = "";
    inCell = true;
  };

  /** A cell whose stored value is not what its type says, named. */
  const notValue = (what: string): FileProblem =>
    new FileProblem(
      `The workbook is damaged: the cell ${cellAddress(sheetName, row, column)} holds ${shown(vText)} as ${what}, which is not one Excel can hold. Open it in Excel or LibreOffice, retype the cell, save, and try again.`,
    );

  /** The cell's value as the rules see it. */
  const cellValue = (): RawCell => {
    if (hasInline) return inlineText === "" ? null : interned(unescapeOoxml(inlineText));
    // exceljs reads an empty <v> as no value; so does this
    if (vText === "") return null;
    switch (type) {
      case "s": {
        const digits = digitsValue(vText);
        // Number() would take "0x1" for 1, another cell's text: only plain digits are an index.
        if (digits < 0 && !/^\d+$/.test(vText.trim())) throw notValue("a shared text's number");
        const index = digits >= 0 ? digits : Number(vText);
        const text = source.sharedString(index);
        // A number past the workbook's shared texts: Excel repairs such a file on opening, and its text is lost.
        if (text === null)
          throw new FileProblem(
            `The workbook is damaged: the cell ${cellAddress(sheetName, row, column)} refers to shared text number ${shown(vText)}, which the workbook does not hold. Open it in Excel or LibreOffice, retype the cell, save, and try again.`,
          );
        return text;
      }
      case "str":
        return interned(vText);
      case "b": {
        const truth = vText.trim().toLowerCase();
        if (truth === "1" || truth === "true") return true;
        if (truth === "0" || truth === "false") return false;
        throw notValue("TRUE or FALSE");
      }
      case "e":
        return { error: vText };
      case "d":
        // an ISO date written in the cell (Strict files): its day
        return vText.slice(0, 10);
      default: {
        // parseFloat alone would read "0x10" as 0 and "1e400" as Infinity: only a decimal number, as Excel writes one, is read.
        const digits = digitsValue(vText);
        const n = digits >= 0 ? digits : WHOLE.test(vText) ? Number(vText) : NUMBER.test(vText.trim()) ? parseFloat(vText) : NaN;
        if (!Number.isFinite(n)) throw notValue("a number");
        // exceljs never looks at style 0, the default; neither does this
        return style > 0 && source.isDateStyle(style) ? serialDate(n, source.date1904) : n;
      }
    }
  };

  const endCell = (): void => {
    inCell = false;
    const used = hasFormula || vText !== "" || inlineText !== "";
    if (!used) return;
    rowUsed = true;
    if (column < wantLeft || column > wantRight) return;
    const value = cellValue();
    // No saved result: no <v>, or an empty one where a result cannot be empty (openpyxl writes
    // <v></v> under every formula; Excel writes an empty <v> only for a text result of "").
    const missing = hasFormula && !hasInline && vText === "" && !(hasValue && type === "str");
    for (let i = 0; i < activeCount; i++) {
      const b = active[i] as Block;
      if (b.pending !== undefined) {
        b.pending.push([column, value]);
        if (missing) b.noteMissing(row, column, formulaText);
        continue;
      }
      if (column < b.left || column > b.right) continue;
      if (missing) b.noteMissing(row, column, formulaText);
      if (value === null) continue;
      let cells = b.current;
      if (cells === undefined) {
        cells = b.current = blankRow(b.width);
        b.kept[row - b.top] = cells;
      }
      cells[column - b.left] = value;
    }
    for (let i = 0; i < watchedCount; i++) {
      const b = watched[i] as Block;
      if (column >= b.left && column <= b.right && (missing || !isBlank(value))) b.underFilled = true;
    }
  };

  parseXml(partName, bytes, {
    open(name, attrs) {
      switch (name) {
        case "c":
          startCell(attrs);
          break;
        case "v":
          if (inCell) inV = hasValue = true;
          break;
        case "f":
          if (inCell) inF = hasFormula = true;
          break;
        case "is":
          if (inCell) inInline = hasInline = true;
          break;
        case "t":
          if (inInline && !inPhonetic) inT = true;
          break;
        case "rPh":
          inPhonetic = true;
          break;
        case "row":
          startRow(attrs);
          break;
        case "mergeCell": {
          const area = parseArea(attrs["ref"] ?? "");
          if (area !== null) checkInExcel(where, attrs["ref"] ?? "", area);
          // a "merge" of one cell changes nothing
          if (area !== null && (area.top !== area.bottom || area.left !== area.right)) merges.push(area);
          break;
        }
      }
    },
    text(text) {
      if (inV) vText += text;
      else if (inT) inlineText += text;
      else if (inF && formulaText.length < FORMULA_CHARS) formulaText = (formulaText + text).slice(0, FORMULA_CHARS);
    },
    close(name) {
      switch (name) {
        case "v":
          inV = false;
          break;
        case "f":
          inF = false;
          break;
        case "t":
          inT = false;
          break;
        case "rPh":
          inPhonetic = false;
          break;
        case "is":
          inInline = false;
          break;
        case "c":
          endCell();
          break;
        case "row":
          endRow();
          break;
      }
    },
  });
  // a plain sheet with no first row, or whose first row was the last: its width is settled now
  for (const b of blocks) if (b.pending !== undefined) settleWidth(b);
  return { merges, lastUsedRow };
}
