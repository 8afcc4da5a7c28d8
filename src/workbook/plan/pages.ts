/**
 * How many pages a generated sheet prints on, and the copy of it LibreOffice prints: the packet's
 * PDF is refused when it would print more pages than these (cli/packet.ts).
 */
import { LINE_POINTS, MARGINS, printedRows, STYLES, type SheetPlan } from "./layout";

/** The height an A4 page (the paper the sheets are set for) leaves for the rows, in points, less the top and bottom margins. */
export const PRINTABLE_HEIGHT = {
  portrait: (11.69 - MARGINS.top - MARGINS.bottom) * 72,
  landscape: (8.27 - MARGINS.top - MARGINS.bottom) * 72,
} as const;

/** A row's height at 100%, in points: its own, or as Excel makes it for the largest text in it. */
function rowPoints(plan: SheetPlan, r: number): number {
  const set = plan.rowHeights?.[r];
  if (set !== undefined) return set;
  const sizes = (plan.rows[r] ?? []).map((c) => (c?.style === undefined ? 11 : (STYLES[c.style].size ?? 11)));
  return (LINE_POINTS * Math.max(11, ...sizes)) / 11;
}

/**
 * The pages a generated sheet prints on at 100%, one page wide: its rows page by page from the
 * top (the title rows again on each page after the first), a new page at each manual break. A
 * printer that fits the columns to the page's width prints them smaller, on as many pages or fewer.
 */
export function plannedPages(plan: SheetPlan): number {
  const height = PRINTABLE_HEIGHT[plan.print.orientation];
  const breaks = new Set(plan.pageBreaks ?? []);
  let titles = 0;
  for (let r = 0; r < plan.print.titleRows; r++) titles += rowPoints(plan, r);
  let pages = 1;
  let used = 0;
  for (let r = 0; r < printedRows(plan); r++) {
    const row = rowPoints(plan, r);
    // Manual breaks are 1-based rows that begin a page.
    if (breaks.has(r + 1) || (used > titles && used + row > height)) {
      pages++;
      used = titles;
    }
    used += row;
  }
  return pages;
}

/**
 * A generated sheet as LibreOffice is to print it: fitted to one page's width, the manual page
 * breaks kept (LibreOffice keeps them under Fit To; Excel ignores them, hence the Character
 * Sheets' 100% in the workbook). With a font wider than Calibri on the machine (no Carlito), the
 * columns then print smaller rather than running off the page's right edge.
 */
export function fittedToWidth(plan: SheetPlan): SheetPlan {
  if (plan.print.scale === undefined) return plan;
  const { orientation, titleRows, footer, header } = plan.print;
  return { ...plan, print: { orientation, pagesWide: 1, titleRows, footer, ...(header === undefined ? {} : { header }) } };
}
