/**
 * Carrying a plan out on a workbook file (exceljs), for the `gods` command: the generated sheets
 * and the Ledger, as the plan lays them out. A file is only ever replaced whole, through a
 * temporary file, and only after the campaign has been validated.
 */
import * as fs from "fs";
import * as path from "path";
import ExcelJS from "exceljs";
import { areaRef, columnLetter } from "../model/address";
import type { RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import type { WorkbookPlan } from "../plan/centuryEnd";
import { STYLES, tableBody, type CellStyle, type PlanCell, type PlanValue, type SheetPlan, type TableLayout } from "../plan/layout";
import { ledgerWidth } from "../plan/ledger";

/** Writes the workbook to a temporary file beside the target, then moves it into place. */
export async function saveWorkbook(wb: ExcelJS.Workbook, file: string): Promise<void> {
  const tmp = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await wb.xlsx.writeFile(tmp);
    fs.renameSync(tmp, file);
  } finally {
    if (fs.existsSync(tmp)) fs.rmSync(tmp);
  }
}

function argb(hex: string): string {
  return `FF${hex}`;
}

const THIN: Partial<ExcelJS.Borders> = {
  top: { style: "thin", color: { argb: argb("8A8886") } },
  left: { style: "thin", color: { argb: argb("8A8886") } },
  bottom: { style: "thin", color: { argb: argb("8A8886") } },
  right: { style: "thin", color: { argb: argb("8A8886") } },
};

/** One exceljs style object per named look: exceljs writes a style once per distinct object. */
const EXCEL_STYLES = new Map<CellStyle, Partial<ExcelJS.Style>>();

function excelStyle(name: CellStyle): Partial<ExcelJS.Style> {
  let style = EXCEL_STYLES.get(name);
  if (style === undefined) {
    const s = STYLES[name];
    style = {
      font: {
        name: "Calibri",
        size: s.size ?? 11,
        ...(s.bold ? { bold: true } : {}),
        ...(s.italic ? { italic: true } : {}),
        ...(s.color ? { color: { argb: argb(s.color) } } : {}),
      },
      ...(s.fill ? { fill: { type: "pattern", pattern: "solid", fgColor: { argb: argb(s.fill) } } as ExcelJS.Fill } : {}),
      ...(s.numberFormat ? { numFmt: s.numberFormat } : {}),
      ...(s.border === "box" ? { border: THIN } : {}),
    };
    EXCEL_STYLES.set(name, style);
  }
  return style;
}

/** Puts a planned value in a cell: formulas as formulas, text always as text. */
function setCell(target: ExcelJS.Cell, planned: PlanCell): void {
  if (planned.formula !== undefined) {
    target.value = { formula: planned.formula, result: planned.value ?? undefined } as ExcelJS.CellFormulaValue;
  } else {
    // exceljs stores a string as a string, even one starting with "=": names stay text.
    target.value = planned.value;
  }
  if (planned.style !== undefined) target.style = excelStyle(planned.style);
}

function writeSheet(wb: ExcelJS.Workbook, plan: SheetPlan): void {
  const ws = wb.addWorksheet(plan.name, {
    pageSetup: { orientation: plan.print.orientation, fitToPage: true, fitToWidth: plan.print.pagesWide, fitToHeight: 0, paperSize: 9 },
    views: [{ showGridLines: false }],
  });
  plan.columnWidths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  plan.rows.forEach((cells, r) => {
    cells.forEach((c, col) => {
      if (c !== null) setCell(ws.getCell(r + 1, col + 1), c);
    });
  });
  const width = Math.max(1, plan.columnWidths.length);
  ws.pageSetup.printArea = `A1:${columnLetter(width)}${Math.max(1, plan.rows.length)}`;
}

function findSheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  return wb.worksheets.find((w) => w.name.toLowerCase() === name.toLowerCase());
}

/** A new table on a sheet of its own, as the layout says: the same table the Office.js adapter makes. */
export function addTable(wb: ExcelJS.Workbook, layout: TableLayout, rows: readonly (readonly PlanValue[])[]): void {
  const ws = wb.addWorksheet(layout.name, { views: [{ state: "frozen", ySplit: 1 }] });
  const body = tableBody(layout, rows);
  ws.addTable({
    name: layout.name,
    ref: "A1",
    headerRow: true,
    style: { theme: layout.style as ExcelJS.TableStyleProperties["theme"], showRowStripes: true },
    columns: layout.headers.map((name) => ({ name, filterButton: true })),
    rows: body.map((r) => [...r]),
  });
  layout.headers.forEach((_h, i) => {
    const column = ws.getColumn(i + 1);
    column.width = layout.columnWidths[i] ?? 12;
    const numFmt = layout.columnFormats[i];
    if (numFmt !== undefined && numFmt !== "General") for (let r = 2; r <= body.length + 1; r++) ws.getCell(r, i + 1).numFmt = numFmt;
  });
}

function writeLedger(wb: ExcelJS.Workbook, raw: RawWorkbook, plan: WorkbookPlan): void {
  const existing = raw.tables.get(LEDGER.name.toLowerCase());
  if (existing === undefined) return addTable(wb, plan.ledger.layout, plan.ledger.rows);
  const width = ledgerWidth(existing.headers, plan.ledger);
  const rows = plan.ledger.rows.map((r) => r.slice(0, width));
  const ws = findSheet(wb, existing.sheet) as ExcelJS.Worksheet;
  const top = existing.headerRow;
  const left = existing.firstColumn;
  const oldBottom = top + existing.rows.length;
  const columnStyles = plan.ledger.layout.columnFormats.slice(0, width).map((numFmt): Partial<ExcelJS.Style> => ({ numFmt }));
  rows.forEach((row, i) =>
    row.forEach((v, c) => {
      const cell = ws.getCell(top + 1 + i, left + c);
      cell.value = v;
      const style = columnStyles[c];
      if (style) cell.style = style;
    }),
  );
  // Clear what is left of a longer, older body.
  for (let r = top + 1 + rows.length; r <= oldBottom; r++) for (let c = 0; c < width; c++) ws.getCell(r, left + c).value = null;
  if (existing.isTable) {
    const t = ws.getTables().map((x) => x as unknown as { table: { name: string; tableRef?: string; ref?: string; autoFilterRef?: string } });
    const model = t.find((x) => x.table.name.toLowerCase() === LEDGER.name.toLowerCase())?.table;
    if (model) {
      const ref = areaRef({ top, left, bottom: top + Math.max(1, rows.length), right: left + width - 1 });
      model.tableRef = ref;
      model.ref = `${columnLetter(left)}${top}`;
      model.autoFilterRef = ref;
    }
  }
}

/** Carries out a century-end plan on a loaded workbook (in memory; save it after). */
export function applyPlan(wb: ExcelJS.Workbook, raw: RawWorkbook, plan: WorkbookPlan): void {
  for (const sheet of plan.sheets) {
    const old = findSheet(wb, sheet.name);
    if (old) wb.removeWorksheet(old.id);
  }
  for (const sheet of plan.sheets) writeSheet(wb, sheet);
  writeLedger(wb, raw, plan);
}
