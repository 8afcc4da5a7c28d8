/**
 * The .xlsx adapter (exceljs), used by the `gods` command: reads the input tables of a workbook
 * file and carries out a plan on it. A file is only ever replaced whole, through a temporary
 * file, and only after the campaign has been validated.
 */
import * as fs from "fs";
import * as path from "path";
import ExcelJS from "exceljs";
import { columnLetter, type RawCell, type RawTable, type RawWorkbook } from "./raw";
import { GENERATED_SHEET, ledgerWidth, STYLES, type CellStyle, type PlanCell, type SheetPlan, type WorkbookPlan } from "./plan";
import { LEDGER } from "./schema";

type Cell = ExcelJS.CellValue;

/** A cell as the rules see it: formulas by their result, rich text as its text, errors as errors. */
export function rawCell(value: Cell | undefined): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("error" in value) return { error: String(value.error) };
    if ("result" in value) return rawCell((value as ExcelJS.CellFormulaValue).result as Cell);
    if ("formula" in value || "sharedFormula" in value) return null;
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("text" in value) return rawCell((value as ExcelJS.CellHyperlinkValue).text);
  }
  return null;
}

interface Area {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

function decodeRange(ref: string): Area {
  const m = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i.exec(ref.trim());
  if (!m) throw new Error(`cannot read the range ${ref}`);
  const col = (letters: string) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  const left = col(m[1] as string);
  const top = Number(m[2]);
  return { top, left, right: m[3] ? col(m[3]) : left, bottom: m[4] ? Number(m[4]) : top };
}

function readArea(ws: ExcelJS.Worksheet, area: Area): RawCell[][] {
  const rows: RawCell[][] = [];
  for (let r = area.top; r <= area.bottom; r++) {
    const row = ws.getRow(r);
    const cells: RawCell[] = [];
    for (let c = area.left; c <= area.right; c++) cells.push(rawCell(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

function tableRef(table: ExcelJS.Table): string | undefined {
  const model = (table as unknown as { table?: { tableRef?: string; ref?: string } }).table;
  return model?.tableRef ?? model?.ref;
}

function lastUsedColumn(ws: ExcelJS.Worksheet, row: number): number {
  let last = 0;
  ws.getRow(row).eachCell({ includeEmpty: false }, (_cell, col) => {
    last = Math.max(last, col);
  });
  return last;
}

/** Every input table a workbook holds: Excel tables by name first, then sheets by name. */
export function readWorkbook(wb: ExcelJS.Workbook): RawWorkbook {
  const tables = new Map<string, RawTable>();
  for (const ws of wb.worksheets) {
    for (const t of ws.getTables() as unknown as ExcelJS.Table[]) {
      const ref = tableRef(t);
      const name = (t as unknown as { name?: string }).name ?? (t as unknown as { table: { name: string } }).table.name;
      if (ref === undefined || name === undefined) continue;
      const area = decodeRange(ref);
      // A table's totals row is not data.
      const totals = (t as unknown as { table?: { totalsRow?: boolean } }).table?.totalsRow === true;
      const [headers = [], ...rows] = readArea(ws, totals ? { ...area, bottom: area.bottom - 1 } : area);
      tables.set(name.toLowerCase(), { name, sheet: ws.name, headerRow: area.top, firstColumn: area.left, headers, rows, isTable: true });
    }
  }
  for (const ws of wb.worksheets) {
    const k = ws.name.toLowerCase();
    if (tables.has(k) || GENERATED_SHEET.test(ws.name)) continue;
    const right = lastUsedColumn(ws, 1);
    const bottom = Math.max(ws.rowCount, 1);
    const [headers = [], ...rows] = right === 0 ? [[]] : readArea(ws, { top: 1, left: 1, bottom, right });
    tables.set(k, { name: ws.name, sheet: ws.name, headerRow: 1, firstColumn: 1, headers, rows, isTable: false });
  }
  return { tables, sheetNames: wb.worksheets.map((w) => w.name) };
}

export async function loadWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

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
    pageSetup: { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
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

function writeLedger(wb: ExcelJS.Workbook, raw: RawWorkbook, plan: WorkbookPlan): void {
  const existing = raw.tables.get(LEDGER.name.toLowerCase());
  const width = ledgerWidth(existing?.headers, plan.ledger);
  const headers = plan.ledger.headers.slice(0, width);
  const rows = plan.ledger.rows.map((r) => r.slice(0, width));
  const numberFormats = plan.ledger.numberFormats.slice(0, width);
  const ws = existing ? (findSheet(wb, existing.sheet) as ExcelJS.Worksheet) : wb.addWorksheet(LEDGER.name, { views: [{ state: "frozen", ySplit: 1 }] });
  const top = existing?.headerRow ?? 1;
  const left = existing?.firstColumn ?? 1;
  const oldBottom = top + (existing?.rows.length ?? 0);
  const headerStyle: Partial<ExcelJS.Style> = { font: { bold: true } };
  const columnStyles = numberFormats.map((numFmt): Partial<ExcelJS.Style> => ({ numFmt }));
  headers.forEach((h, c) => {
    const cell = ws.getCell(top, left + c);
    cell.value = h;
    cell.style = headerStyle;
  });
  rows.forEach((row, i) =>
    row.forEach((v, c) => {
      const cell = ws.getCell(top + 1 + i, left + c);
      cell.value = v;
      const style = columnStyles[c];
      if (style) cell.style = style;
    }),
  );
  // Clear what is left of a longer, older body.
  for (let r = top + 1 + rows.length; r <= oldBottom; r++) for (let c = 0; c < headers.length; c++) ws.getCell(r, left + c).value = null;
  if (!existing) headers.forEach((_h, c) => (ws.getColumn(left + c).width = [10, 22, 12, 10, 10, 14][c] ?? 12));
  if (existing?.isTable) {
    const t = ws.getTables().map((x) => x as unknown as { table: { name: string; tableRef?: string; ref?: string; autoFilterRef?: string } });
    const model = t.find((x) => x.table.name.toLowerCase() === LEDGER.name.toLowerCase())?.table;
    if (model) {
      const ref = `${columnLetter(left)}${top}:${columnLetter(left + headers.length - 1)}${top + Math.max(1, rows.length)}`;
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
