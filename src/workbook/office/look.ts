/**
 * How a written cell looks inside Excel: its value as Excel takes it (text that Excel would read
 * as a formula or a number is kept as text), its style, number format and borders, and a sheet's
 * print set-up, from the layout both adapters follow.
 */
import type { PageLayoutApi, RangeApi } from "./api";
import { footerCode, numberFormatOf as formatOf, STYLES, type CellStyle, type PlanCell, type PlanValue, type PrintSetup } from "../plan/layout";
/**
 * Text Excel would take for something else when entered in a General cell: a formula (=, +, -,
 * @), a number, date, time, percentage or currency, TRUE/FALSE, or an error value (#N/A).
 */
export function looksLikeInput(text: string): boolean {
  return /^[=+\-@'#]/.test(text) || /^[\s\d.,:/%$€£¥()eE+-]+$/.test(text) || /^\s*(true|false)\s*$/i.test(text);
}

/**
 * Text from the workbook is written as text, and only one way: as it is, unless Excel would
 * take it for a formula, a number or the like; then with a leading apostrophe, which keeps it
 * text in a General cell ("Enter data manually in worksheet cells": a leading apostrophe).
 * Names such as "war" or "Ares" therefore read back the same whatever the column's format; the
 * add-in's own new tables format their name columns as text and get no apostrophe at all.
 */
export function textValue(v: PlanValue): string | number | boolean {
  return v === null ? "" : typeof v === "string" && looksLikeInput(v) ? `'${v}` : v;
}

export function asInput(cell: PlanCell | null): string | number | boolean {
  if (cell?.formula !== undefined) return `=${cell.formula}`;
  return textValue(cell?.value ?? null);
}

const EDGES = ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight", "InsideVertical", "InsideHorizontal"] as const;
const BORDER_COLOR = "#8A8886";

/** The look of a style besides its borders and number format, or undefined when it has none. */
export function lookOf(cell: PlanCell | null): CellStyle | undefined {
  if (cell?.style === undefined) return undefined;
  const s = STYLES[cell.style];
  return s.bold || s.italic || s.size || s.color || s.fill || s.align || s.shrink ? cell.style : undefined;
}

export function numberFormatOf(cell: PlanCell | null): string | undefined {
  const f = formatOf(cell);
  // Text is written with an apostrophe (see asInput), so it needs no text format; a new sheet is General already.
  return f === undefined || f === "@" || f === "General" ? undefined : f;
}

export function borderOf(cell: PlanCell | null): "box" | undefined {
  return cell?.style === undefined ? undefined : STYLES[cell.style].border === "box" ? "box" : undefined;
}

export function applyLook(range: RangeApi, style: CellStyle): void {
  const s = STYLES[style];
  if (s.bold) range.format.font.bold = true;
  if (s.italic) range.format.font.italic = true;
  if (s.size) range.format.font.size = s.size;
  if (s.color) range.format.font.color = `#${s.color}`;
  if (s.fill) range.format.fill.color = `#${s.fill}`;
  if (s.align) range.format.horizontalAlignment = s.align === "right" ? "Right" : "Left";
  if (s.shrink) range.format.shrinkToFit = true;
  if (s.wrap) {
    range.format.wrapText = true;
    range.format.verticalAlignment = "Top";
  }
}

/**
 * A sheet's print set-up as the plan has it, the same the .xlsx adapter writes: orientation, so
 * many pages wide and as many tall as it takes ("Fit All Columns on One Page"), the title rows
 * on every page, the footer and, when given, the print area. The paper is left as the
 * gamemaster's Excel has it: every generated sheet fits A4 and Letter alike.
 */
export function queuePrint(layout: PageLayoutApi, print: PrintSetup, area?: string): void {
  layout.orientation = print.orientation === "landscape" ? "Landscape" : "Portrait";
  layout.zoom = print.scale === undefined ? { horizontalFitToPages: print.pagesWide, verticalFitToPages: 0 } : { scale: print.scale };
  if (print.titleRows > 0) layout.setPrintTitleRows(`$1:$${print.titleRows}`);
  if (area !== undefined) layout.setPrintArea(area);
  const footer = layout.headersFooters.defaultForAllPages;
  footer.leftFooter = footerCode(print.footer.left);
  footer.centerFooter = footerCode(print.footer.center);
  footer.rightFooter = footerCode(print.footer.right);
  if (print.header !== undefined) footer.centerHeader = `&B${footerCode(print.header)}`;
}

/**
 * Text is written with a leading apostrophe (see textValue) and shown in the general format:
 * a "@" column is carried out that way.
 */
export function excelFormat(format: string): string {
  return format === "@" ? "General" : format;
}

/** The edges a box round every cell of a block draws: a block of one row or column has no inside edges. */
export function boxEdges(rows: number, columns: number): (typeof EDGES)[number][] {
  return EDGES.filter((e) => !(e === "InsideHorizontal" && rows === 1) && !(e === "InsideVertical" && columns === 1));
}

/**
 * A box round every cell of a range, as the generated sheets have them (see STYLES' "box").
 */
export function box(range: RangeApi, rows: number, columns: number): void {
  for (const edge of boxEdges(rows, columns)) {
    const line = range.format.borders.getItem(edge);
    line.style = "Continuous";
    line.color = BORDER_COLOR;
  }
}
