/**
 * Worksheet and table parts the add-in writes whole: a generated sheet from its plan, and a new
 * Ledger sheet holding a new Excel table. Text goes in as inline strings, so the workbook's shared
 * strings part is never touched, and a name that looks like a formula stays text.
 */
import { areaRef, columnLetter, quoteSheet } from "../../model/address";
import { footerCode, MARGINS, merges, printedRows, type PlanValue, type PrintSetup, type SheetPlan, type TableLayout } from "../../plan/layout";
import { RELATIONSHIPS_NS } from "./parts";
import type { StyleBook } from "./styles";
import { escapeAttr, escapeText, excelString, xmlSafe } from "./xml";

export const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
/** The same namespace in Strict Open XML, which this writer does not edit. */
export const STRICT_MAIN_NS = "http://purl.oclc.org/ooxml/spreadsheetml/main";

export const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's limit on the text of one cell. */
const CELL_TEXT_LIMIT = 32767;
/** Excel's usual margins, in inches: Excel writes these for a new sheet. */
const MARGINS_XML = `<pageMargins left="${MARGINS.left}" right="${MARGINS.right}" top="${MARGINS.top}" bottom="${MARGINS.bottom}" header="${MARGINS.header}" footer="${MARGINS.footer}"/>`;
/**
 * A4, the paper the add-in's files have always asked for. Each sheet's columns fit Letter's
 * width too (see PRINTABLE_WIDTH), so a Letter printer prints them at the same 100%.
 */
const PAPER_A4 = 9;

/** What a cell's text may hold that cellText changes: a character XML forbids or escapes, an underscore (of "_xHHHH_"). */
const CHANGED_IN_CELL = /[\u0000-\u001F&<>_\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as it goes into a cell: legal XML characters only, within Excel's length limit. */
function cellText(s: string): string {
  // Most names and words go in as they are: one look, rather than a pass for each change.
  if (s.length <= CELL_TEXT_LIMIT && !CHANGED_IN_CELL.test(s)) return s;
  return escapeText(excelString(xmlSafe(s).slice(0, CELL_TEXT_LIMIT)));
}

/** `<t>` keeps leading and trailing spaces and line breaks only when told to. */
function inlineString(s: string): string {
  const space = /^\s|\s$|\n/.test(s) ? ' xml:space="preserve"' : "";
  return `<is><t${space}>${cellText(s)}</t></is>`;
}

/** A number as a cell stores it; a value no cell can hold (infinite) becomes #NUM!. */
function numberCell(n: number): { t: string; v: string } {
  return Number.isFinite(n) ? { t: "", v: String(n === 0 ? 0 : n) } : { t: ' t="e"', v: "#NUM!" };
}

/**
 * One cell's XML: `""` for a cell with nothing in it and no format. A formula is written with its
 * result cached, so a program that does not recalculate still shows the number.
 */
export function cellXml(ref: string, value: PlanValue, style: number | undefined, formula?: string): string {
  const s = style === undefined || style === 0 ? "" : ` s="${style}"`;
  if (formula !== undefined) {
    const f = `<f>${escapeText(formula)}</f>`;
    if (value === null) return `<c r="${ref}"${s}>${f}</c>`;
    if (typeof value === "number") {
      const n = numberCell(value);
      return `<c r="${ref}"${s}${n.t}>${f}<v>${n.v}</v></c>`;
    }
    if (typeof value === "boolean") return `<c r="${ref}"${s} t="b">${f}<v>${value ? 1 : 0}</v></c>`;
    return `<c r="${ref}"${s} t="str">${f}<v>${cellText(value)}</v></c>`;
  }
  if (value === null) return s === "" ? "" : `<c r="${ref}"${s}/>`;
  if (typeof value === "number") {
    const n = numberCell(value);
    return `<c r="${ref}"${s}${n.t}><v>${n.v}</v></c>`;
  }
  if (typeof value === "boolean") return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr">${inlineString(value)}</c>`;
}

/** A row's XML, or "" when none of its cells holds anything; `height` in points, for a row taller than usual. */
function rowXml(row: number, cells: readonly string[], height?: number): string {
  const inner = cells.join("");
  if (inner === "") return "";
  return height === undefined ? `<row r="${row}">${inner}</row>` : `<row r="${row}" ht="${height}" customHeight="1">${inner}</row>`;
}

function colsXml(widths: readonly number[], styles: readonly (number | undefined)[] = []): string {
  if (widths.length === 0) return "";
  const cols = widths.map((w, i) => {
    const style = styles[i];
    return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"${style === undefined || style === 0 ? "" : ` style="${style}"`}/>`;
  });
  return `<cols>${cols.join("")}</cols>`;
}

function worksheet(parts: readonly string[]): string {
  return `${DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">${parts.join("")}</worksheet>`;
}

/** The cells a generated sheet's print area covers: every planned column, every row. */
export function printArea(plan: SheetPlan): string {
  const width = Math.max(1, plan.columnWidths.length);
  const ref = `$A$1:$${columnLetter(width)}$${printedRows(plan)}`;
  return `${quoteSheet(plan.name)}!${ref}`;
}

/** The rows printed on top of every page, as the _xlnm.Print_Titles name holds them; undefined for none. */
export function printTitles(name: string, print: PrintSetup): string | undefined {
  return print.titleRows > 0 ? `${quoteSheet(name)}!$1:$${print.titleRows}` : undefined;
}

/**
 * A sheet's print set-up, the elements that follow its cells: margins, the page (paper,
 * orientation, so many pages wide and as many tall as it takes), and the footer.
 */
function printXml(print: PrintSetup): string {
  const { left, center, right } = print.footer;
  const footer = [
    left === "" ? "" : `&L${footerCode(left)}`,
    center === "" ? "" : `&C${footerCode(center)}`,
    right === "" ? "" : `&R${footerCode(right)}`,
  ].join("");
  return (
    MARGINS_XML +
    (print.scale === undefined
      ? `<pageSetup paperSize="${PAPER_A4}" orientation="${print.orientation}" fitToWidth="${print.pagesWide}" fitToHeight="0"/>`
      : `<pageSetup paperSize="${PAPER_A4}" scale="${print.scale}" orientation="${print.orientation}"/>`) +
    (footer === "" && print.header === undefined
      ? ""
      : `<headerFooter>${print.header === undefined ? "" : `<oddHeader>${escapeText(xmlSafe(`&C&B${footerCode(print.header)}`))}</oddHeader>`}${footer === "" ? "" : `<oddFooter>${escapeText(xmlSafe(footer))}</oddFooter>`}</headerFooter>`)
  );
}

/** `<mergeCells>` for a generated sheet's merged cells, or "" when it has none. */
function mergeCellsXml(plan: SheetPlan): string {
  const list = merges(plan.rows).map(
    (m) => `<mergeCell ref="${areaRef({ top: m.top + 1, left: m.left + 1, bottom: m.top + 1, right: m.left + m.columns })}"/>`,
  );
  return list.length === 0 ? "" : `<mergeCells count="${list.length}">${list.join("")}</mergeCells>`;
}

/**
 * `<rowBreaks>` for a sheet's manual page breaks, or "" when it has none. A break's id is the
 * last row of the page it ends (ECMA-376, 18.3.1.3 brk), and it spans every column.
 */
function rowBreaksXml(plan: SheetPlan): string {
  const rows = (plan.pageBreaks ?? []).filter((r) => r > 1);
  if (rows.length === 0) return "";
  const breaks = rows.map((r) => `<brk id="${r - 1}" max="16383" man="1"/>`);
  return `<rowBreaks count="${rows.length}" manualBreakCount="${rows.length}">${breaks.join("")}</rowBreaks>`;
}

/** A generated sheet's rows from the one at index `from` (0 for all), as its part holds them. */
export function generatedRowsXml(plan: SheetPlan, styles: StyleBook, from = 0): string {
  const rows: string[] = [];
  // A column's letters are worked out once, not for each of its cells.
  const letters: string[] = [];
  for (let r = from; r < plan.rows.length; r++) {
    const cells = plan.rows[r] ?? [];
    const xml: string[] = new Array<string>(cells.length);
    for (let col = 0; col < cells.length; col++) {
      const c = cells[col];
      if (c === null || c === undefined) {
        xml[col] = "";
        continue;
      }
      const ref = `${(letters[col] ??= columnLetter(col + 1))}${r + 1}`;
      xml[col] = cellXml(ref, c.value, c.style === undefined ? undefined : styles.cellStyle(c.style, c.format), c.formula);
    }
    rows.push(rowXml(r + 1, xml, plan.rowHeights?.[r]));
  }
  return rows.join("");
}

/** The cells a generated sheet's part says it uses (its dimension). */
export function generatedDimension(plan: SheetPlan): string {
  const right = plan.rows.reduce((m, cells) => Math.max(m, cells.length), plan.columnWidths.length);
  return areaRef({ top: 1, left: 1, bottom: Math.max(1, plan.rows.length), right: Math.max(1, right) });
}

/** What follows a generated sheet's cells: merged cells, the print set-up, page breaks and its charts' drawing. */
export function generatedTrailerXml(plan: SheetPlan, drawing?: string): string {
  return [mergeCellsXml(plan), printXml(plan.print), rowBreaksXml(plan), drawing === undefined ? "" : `<drawing r:id="${escapeAttr(drawing)}"/>`].join("");
}

/** A generated sheet's part: no gridlines, its column widths, printed one page wide; `drawing`, its charts' relationship. */
export function generatedSheetXml(plan: SheetPlan, styles: StyleBook, drawing?: string): string {
  return worksheet([
    plan.print.scale === undefined ? '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' : "",
    `<dimension ref="${generatedDimension(plan)}"/>`,
    '<sheetViews><sheetView showGridLines="0" workbookViewId="0"/></sheetViews>',
    '<sheetFormatPr defaultRowHeight="15"/>',
    colsXml(plan.columnWidths),
    `<sheetData>${generatedRowsXml(plan, styles)}</sheetData>`,
    generatedTrailerXml(plan, drawing),
  ]);
}

/**
 * The part of a new sheet holding a new table: headers in row 1 with the header row frozen, the
 * layout's widths, and each column's number format on its body cells (and on the column, so rows
 * the gamemaster types later get it too). With `print` (the Ledger), the table also looks like
 * the generated sheets (their header look, a box round each cell, which rows added later copy)
 * and gets their kind of print set-up.
 */
export function newTableSheetXml(
  layout: TableLayout,
  body: readonly (readonly PlanValue[])[],
  styles: StyleBook,
  tableRelId: string,
  print?: PrintSetup,
): string {
  const formats = layout.headers.map((_, i) => {
    const format = layout.columnFormats[i] ?? "General";
    const indent = layout.indented?.[i] === true ? 1 : 0;
    return format === "General" && indent === 0 ? undefined : styles.formatStyle(format, indent);
  });
  const header = print === undefined ? undefined : styles.cellStyle("header");
  const cellFormats = print === undefined ? formats : layout.headers.map((_, i) => styles.cellStyle("text", layout.columnFormats[i] ?? "General"));
  const rows = [
    rowXml(
      1,
      layout.headers.map((h, c) => cellXml(`${columnLetter(c + 1)}1`, h, header)),
    ),
  ];
  body.forEach((values, r) => {
    rows.push(
      rowXml(
        r + 2,
        layout.headers.map((_, c) => cellXml(`${columnLetter(c + 1)}${r + 2}`, values[c] ?? null, cellFormats[c])),
      ),
    );
  });
  const ref = areaRef({ top: 1, left: 1, bottom: 1 + Math.max(1, body.length), right: Math.max(1, layout.headers.length) });
  return worksheet([
    print === undefined ? "" : '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>',
    `<dimension ref="${ref}"/>`,
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>',
    '<sheetFormatPr defaultRowHeight="15"/>',
    colsXml(
      layout.headers.map((_, i) => layout.columnWidths[i] ?? 12),
      formats,
    ),
    `<sheetData>${rows.join("")}</sheetData>`,
    print === undefined ? MARGINS_XML : printXml(print),
    `<tableParts count="1"><tablePart r:id="${escapeAttr(tableRelId)}"/></tableParts>`,
  ]);
}

/** A table part: its columns named as the header cells read, with autofilter buttons and the layout's style. */
export function tableXml(id: number, name: string, ref: string, layout: TableLayout): string {
  const columns = layout.headers.map((h, i) => `<tableColumn id="${i + 1}" name="${escapeAttr(excelString(h))}"/>`);
  return (
    `${DECLARATION}<table xmlns="${MAIN_NS}" id="${id}" name="${escapeAttr(name)}" displayName="${escapeAttr(name)}" ref="${ref}" totalsRowShown="0">` +
    `<autoFilter ref="${ref}"/>` +
    `<tableColumns count="${columns.length}">${columns.join("")}</tableColumns>` +
    `<tableStyleInfo name="${escapeAttr(layout.style)}" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/>` +
    `</table>`
  );
}
