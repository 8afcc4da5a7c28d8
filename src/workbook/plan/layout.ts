/**
 * How what the add-in writes looks, decided once for both adapters (Office.js inside Excel, and
 * .xlsx files for the command line): named cell looks, generated sheets with their column widths
 * and print set-up, and new tables with their widths, formats and style.
 */
import { columnFormat, TABLE_STYLE, type TableSpec } from "../model/schema";
import { fixedFormat } from "./decimals";

export type PlanValue = number | string | boolean | null;

/** Named looks; each adapter turns them into its own fonts, fills, borders and number formats. */
export type CellStyle =
  | "title"
  /** a character's name atop its page of the Character Sheets */
  | "character"
  | "subtitle"
  | "section"
  | "header"
  | "text"
  /** text too long for the widest column: shrunk to fit it on one line */
  | "shrunk"
  /** text too long to shrink readably (below 8 points): wrapped over several lines, the row as tall as they need */
  | "wrapped"
  | "fraction"
  | "integer"
  | "decimal"
  | "mana"
  | "total"
  | "totalInteger"
  | "totalDecimal"
  | "totalMana"
  | "note"
  | "missing";

export interface StyleSpec {
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly size?: number;
  readonly color?: string;
  readonly fill?: string;
  readonly numberFormat?: string;
  readonly border?: "box" | "top";
  readonly align?: "left" | "right";
  /** text too long for its cell is shrunk to fit it, on one line (the row keeps its height) */
  readonly shrink?: boolean;
  /** text too long for its cell goes on over more lines, from the cell's top (its row is made tall enough) */
  readonly wrap?: boolean;
}

/**
 * A decimal or mana cell's number format is set by the sheet that holds it (see
 * `settleDecimals`): these are the formats before that, with the fewest decimals each shows.
 */
export const STYLES: Readonly<Record<CellStyle, StyleSpec>> = {
  title: { bold: true, size: 16, color: "202A60" },
  character: { bold: true, size: 20, color: "202A60" },
  subtitle: { italic: true, color: "4A4A4A" },
  section: { bold: true, size: 12, color: "202A60" },
  // The colour is spelled out: on a new Ledger an Excel table style sits under the cells, and
  // its header's white text would otherwise show on our light fill.
  header: { bold: true, color: "000000", fill: "DCE1F2", border: "box" },
  text: { border: "box", numberFormat: "@" },
  shrunk: { border: "box", numberFormat: "@", shrink: true },
  wrapped: { border: "box", numberFormat: "@", wrap: true },
  /** an exact fraction written as text (1/3), where the numbers of its column stand */
  fraction: { border: "box", numberFormat: "@", align: "right" },
  integer: { border: "box", numberFormat: fixedFormat(0) },
  decimal: { border: "box", numberFormat: fixedFormat(0) },
  mana: { border: "box", numberFormat: fixedFormat(2) },
  total: { bold: true, border: "box", fill: "F3F2F1" },
  totalInteger: { bold: true, border: "box", fill: "F3F2F1", numberFormat: fixedFormat(0) },
  totalDecimal: { bold: true, border: "box", fill: "F3F2F1", numberFormat: fixedFormat(0) },
  totalMana: { bold: true, border: "box", fill: "F3F2F1", numberFormat: fixedFormat(2) },
  note: { italic: true, color: "4A4A4A" },
  missing: { bold: true, color: "9C2A00", fill: "FFF1E6" },
};

export interface PlanCell {
  readonly value: PlanValue;
  /** an ordinary spreadsheet formula without the leading "=", with `value` as its result */
  readonly formula?: string;
  readonly style?: CellStyle;
  /** the number format, in place of the style's (a sheet's decimals, see `settleDecimals`) */
  readonly format?: string;
  /**
   * How many columns the cell covers, merged into one (2 or more); the row holds a cell of the
   * same style, without a value, for each column it covers, so borders and fills go all round.
   */
  readonly span?: number;
}

/** The words of a printed page's footer, left, centre and right; see `footerCode`. */
export interface Footer {
  readonly left: string;
  readonly center: string;
  readonly right: string;
}

export interface PrintSetup {
  readonly orientation: "portrait" | "landscape";
  /** pages across: 1 fits every column on one page's width */
  readonly pagesWide: number;
  /** the rows from the top (1 to this) printed again at the top of every page */
  readonly titleRows: number;
  readonly footer: Footer;
  /** a title in the page header's centre, for a sheet whose cells hold none (the Ledger) */
  readonly header?: string;
  /**
   * Printed at this scale (percent) rather than fitted to `pagesWide`: for a sheet of manual
   * page breaks, which Excel ignores under Fit To (Page Setup). Its columns must fit at it.
   */
  readonly scale?: number;
}

/** A generated sheet, from A1, without gridlines. */
export interface SheetPlan {
  readonly name: string;
  readonly columnWidths: readonly number[];
  /** rows from A1 down; null leaves a cell empty */
  readonly rows: readonly (readonly (PlanCell | null)[])[];
  readonly print: PrintSetup;
  /** a sheet of the add-in's own that nobody needs to see (the Ledger's seal) */
  readonly hidden?: boolean;
  /**
   * Rows (1-based, in order) that begin a new printed page, for a sheet whose pages each hold one
   * thing of their own (a character's sheet): manual page breaks above those rows.
   */
  readonly pageBreaks?: readonly number[];
  /** the rows printed, from the first, when not all of them are (the Charts sheet prints its charts, not their data) */
  readonly printedRows?: number;
  /** charts drawn on the sheet from its own cells */
  readonly charts?: readonly ChartPlan[];
  /** rows made taller than usual for the lines of wrapped text, in points, by row (0-based); the others keep their height */
  readonly rowHeights?: readonly (number | undefined)[];
}

/** A rectangle of a sheet's cells, 1-based and inclusive. */
export interface CellArea {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/**
 * A line chart drawn from a block of the sheet's cells: the block's first row names the series,
 * its first column (text) the points along the bottom, every other column is one series.
 */
export interface ChartPlan {
  readonly title: string;
  readonly data: CellArea;
  /** the cells the chart covers */
  readonly at: CellArea;
}

/** The rows a sheet prints: all of them, or its `printedRows`. */
export function printedRows(plan: SheetPlan): number {
  return Math.max(1, plan.printedRows ?? plan.rows.length);
}

/** Where a footer shows the page's number and the count of pages. */
export const PAGE = "{page}";
export const PAGES = "{pages}";

/**
 * A footer's words as Excel's header and footer codes, which files and Office.js share ("Header
 * and footer format codes"): &P the page, &N the pages; an ampersand of the text is doubled.
 */
export function footerCode(text: string): string {
  return text
    .replace(/&/g, "&&")
    .replace(/\{page\}/g, "&P")
    .replace(/\{pages\}/g, "&N");
}

/**
 * A column's width in pixels, for a width as a file stores it (characters of the default font's
 * digits, padding included): the conversion of the OOXML standard (ECMA-376, 18.3.1.13, col
 * width), Truncate(((256 × width + Truncate(128 / 7)) / 256) × 7), with Calibri 11's 7-pixel digits.
 */
export function columnPixels(width: number): number {
  return Math.trunc(((256 * width + Math.trunc(128 / 7)) / 256) * 7);
}

/**
 * The same width in points (96 pixels to the inch), as Office.js sets it (Range.format.columnWidth)
 * and as the page is filled: the one conversion both adapters and the print plan use.
 */
export function columnPoints(width: number): number {
  return columnPixels(width) * 0.75;
}

/** Text longer than this (in characters) is shrunk to fit its column rather than widening it further. */
export const WIDEST_COLUMN = 40;

/** The looks of names and sources, whose text sets how wide their column must be (headers, titles and notes are the plan's own). */
const FITTED: ReadonlySet<CellStyle | undefined> = new Set<CellStyle | undefined>(["text", "fraction", "total"]);

/** The characters of a column a text needs, in Calibri 11 (its letters are narrower than its digits, the unit of width). */
function charactersFor(text: string): number {
  return Math.ceil(text.length * 0.9 + 1);
}

/** A name is shrunk to fit a narrower column down to this part of its size; below, the sheet turns landscape. */
const LEAST_SHRINK = 0.75;

/**
 * Columns wide enough for their longest name, source or event: each given width, widened to the
 * longest name in it (up to WIDEST_COLUMN) as far as the page allows. A sheet that stood upright
 * stays so while its names need shrinking by no more than a quarter; otherwise it is widened on
 * a landscape page (printSetup turns it). A name still longer than its column is shrunk to fit
 * its cell (the "shrunk" look) rather than cut off on paper.
 */
export function fitColumns(
  columnWidths: readonly number[],
  rows: readonly (readonly (PlanCell | null)[])[],
): { columnWidths: number[]; rows: (PlanCell | null)[][]; rowHeights?: (number | undefined)[] } {
  const fitted = (c: PlanCell | null): c is PlanCell => c !== null && typeof c.value === "string" && (c.span ?? 1) === 1 && FITTED.has(c.style);
  const wanted = [...columnWidths];
  for (const row of rows) {
    row.forEach((c, i) => {
      if (fitted(c)) wanted[i] = Math.max(wanted[i] ?? 0, Math.min(WIDEST_COLUMN, charactersFor(String(c.value))));
    });
  }
  /** The widths the page allows, the columns that want most more first. */
  const within = (room: number): number[] => {
    const widths = [...columnWidths];
    const order = wanted
      .map((w, i) => ({ i, more: w - (widths[i] ?? 0) }))
      .filter((x) => x.more > 0)
      .sort((x, y) => y.more - x.more);
    for (const { i } of order) {
      for (let w = wanted[i] ?? 0; w > (widths[i] ?? 0); w--) {
        if (printedWidth(widths.map((x, j) => (j === i ? w : x))) <= room) {
          widths[i] = w;
          break;
        }
      }
    }
    return widths;
  };
  const upright = printedWidth(columnWidths) <= PRINTABLE_WIDTH.portrait;
  let widths = within(upright ? PRINTABLE_WIDTH.portrait : PRINTABLE_WIDTH.landscape);
  const squeezed = (w: readonly number[]) =>
    rows.some((row) => row.some((c, i) => fitted(c) && (w[i] ?? 0) < LEAST_SHRINK * charactersFor(String(c.value)) && (w[i] ?? 0) < WIDEST_COLUMN));
  if (upright && squeezed(widths)) widths = within(PRINTABLE_WIDTH.landscape);
  const rowHeights: (number | undefined)[] = [];
  const out = rows.map((row, r) =>
    row.map((c, i) => {
      const shrunk = (fitted(c) && c.style === "text" && charactersFor(String(c.value)) > (widths[i] ?? 0)) || c?.style === "shrunk";
      if (c === null || !shrunk) return c;
      // Shrunk, a text longer than its cell is printed smaller; below 8 points (of 11) it goes on
      // over more lines instead, and its row is made tall enough for them.
      const room = widths.slice(i, i + (c.span ?? 1)).reduce((sum, w) => sum + w, 0);
      const need = charactersFor(String(c.value));
      if (need <= room * (11 / LEAST_POINTS)) return { ...c, style: "shrunk" as const };
      const lines = Math.ceil(need / Math.max(1, room - 1));
      rowHeights[r] = Math.max(rowHeights[r] ?? 0, LINE_POINTS * lines);
      return { ...c, style: "wrapped" as const };
    }),
  );
  return { columnWidths: widths, rows: out, ...(rowHeights.length > 0 ? { rowHeights } : {}) };
}

/** No text is shrunk below this size, in points (11 is the sheets' own): a longer one is wrapped. */
export const LEAST_POINTS = 8;
/** The height of a line of 11-point text, in points, as Excel makes a row. */
export const LINE_POINTS = 15;

/** Excel's usual margins (inches), which the generated sheets keep. */
export const MARGINS = { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 } as const;

/**
 * The width a page leaves for the columns, in points, the narrower of A4 and Letter: portrait
 * A4 (8.27 in), landscape Letter (11 in), less the side margins.
 */
export const PRINTABLE_WIDTH = {
  portrait: (8.27 - MARGINS.left - MARGINS.right) * 72,
  landscape: (11 - MARGINS.left - MARGINS.right) * 72,
} as const;

/** The printed width of a sheet's columns at 100%, in points. */
export function printedWidth(columnWidths: readonly number[]): number {
  return columnWidths.reduce((sum, w) => sum + columnPoints(w), 0);
}

/**
 * The print set-up of a generated sheet: every column on one page's width, portrait when the
 * columns fit there at 100% on A4 and on Letter, landscape otherwise; the title rows again on
 * every page; a footer with the century, the sheet and the page.
 */
export function printSetup(columnWidths: readonly number[], century: string, name: string, titleRows: number): PrintSetup {
  return {
    orientation: printedWidth(columnWidths) <= PRINTABLE_WIDTH.portrait ? "portrait" : "landscape",
    pagesWide: 1,
    titleRows,
    footer: { left: century, center: name, right: `Page ${PAGE} of ${PAGES}` },
  };
}

/** A cell's number format: its own, or its style's. */
export function numberFormatOf(cell: PlanCell | null): string | undefined {
  return cell?.format ?? (cell?.style === undefined ? undefined : STYLES[cell.style].numberFormat);
}

/** A merged cell's area (0-based), for each cell that covers more than one column. */
export function merges(rows: readonly (readonly (PlanCell | null)[])[]): { top: number; left: number; columns: number }[] {
  const out: { top: number; left: number; columns: number }[] = [];
  rows.forEach((row, top) => {
    row.forEach((c, left) => c?.span !== undefined && c.span > 1 && out.push({ top, left, columns: c.span }));
  });
  return out;
}

/**
 * A table the add-in creates, on a sheet of its own named like it, from A1: headers in bold with
 * the header row frozen, the given widths (characters) and number formats ("@" for text), and
 * the add-in's table style.
 */
export interface TableLayout {
  readonly name: string;
  readonly headers: readonly string[];
  readonly columnWidths: readonly number[];
  readonly columnFormats: readonly string[];
  readonly style: string;
  /**
   * Text set in by one step in its cells: a column of words right after a column of numbers, so
   * that a right-aligned number and the left-aligned word beside it do not read as one ("0.5 no").
   */
  readonly indented?: readonly boolean[];
}

/** The layout of a new input table. */
export function tableLayout(spec: TableSpec): TableLayout {
  const { columns } = spec;
  return {
    name: spec.name,
    headers: columns.map((c) => c.header),
    columnWidths: columns.map((c) => c.width),
    columnFormats: columns.map(columnFormat),
    style: TABLE_STYLE,
    indented: columns.map((c, i) => c.text && i > 0 && columns[i - 1]?.text === false),
  };
}

/**
 * The print set-up of a new table the add-in keeps for itself (the Ledger): a generated sheet's,
 * with the header row on top of every page. It spans every century, so its footer names none.
 */
export function tablePrint(layout: TableLayout, title?: string): PrintSetup {
  return { ...printSetup(layout.columnWidths, "", layout.name, 1), ...(title === undefined ? {} : { header: title }) };
}

/** The Ledger's printed title: its table starts at A1, so the title goes in the page header. */
export const LEDGER_TITLE = "The Ledger: every credit of mana, one row per character";

/** An Excel table needs a row under its headers: a new empty table gets one blank row. */
export function tableBody(layout: TableLayout, rows: readonly (readonly PlanValue[])[]): PlanValue[][] {
  return rows.length > 0 ? rows.map((r) => layout.headers.map((_, i) => r[i] ?? null)) : [layout.headers.map(() => null)];
}

/** A rectangle of a sheet (0-based), all of whose cells share one key. */
export interface Block<K> {
  readonly key: K;
  readonly top: number;
  readonly left: number;
  readonly rows: number;
  readonly columns: number;
}

/**
 * The cells of a sheet grouped into as few rectangles as a simple sweep finds: runs of equal
 * keys along each row, stacked while the rows below repeat the same run. Inside Excel each
 * rectangle is formatted with one set of commands, which keeps a century end's requests small
 * whatever the campaign's size. Cells whose key is undefined are left out.
 */
export function blocks<K>(rows: readonly (readonly (PlanCell | null)[])[], keyOf: (cell: PlanCell | null) => K | undefined): Block<K>[] {
  const done: Block<K>[] = [];
  let open = new Map<string, Block<K>>();
  rows.forEach((cells, r) => {
    const next = new Map<string, Block<K>>();
    let start = 0;
    for (let c = 1; c <= cells.length; c++) {
      const key = keyOf(cells[start] ?? null);
      if (c < cells.length && keyOf(cells[c] ?? null) === key) continue;
      if (key !== undefined) {
        const id = `${start}:${c}:${String(key)}`;
        const above = open.get(id);
        next.set(id, above === undefined ? { key, top: r, left: start, rows: 1, columns: c - start } : { ...above, rows: above.rows + 1 });
        open.delete(id);
      }
      start = c;
    }
    done.push(...open.values());
    open = next;
  });
  return [...done, ...open.values()].sort((a, b) => a.top - b.top || a.left - b.left);
}
