/** exceljs reading a workbook file into the raw tables: an independent reader the tests compare the command line's own with. */
import ExcelJS from "exceljs";
import { parseArea, type Area } from "../../src/workbook/model/address";
import type { RawCell, RawTable, RawWorkbook } from "../../src/workbook/model/raw";
import { GENERATED_SHEET } from "../../src/workbook/model/schema";

type Cell = ExcelJS.CellValue;

/** A cell as the rules see it: formulas by their result, rich text as its text, errors as errors. */
export function rawCell(value: Cell | undefined): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("error" in value) return { error: value.error };
    if ("result" in value) return rawCell((value as ExcelJS.CellFormulaValue).result);
    if ("formula" in value || "sharedFormula" in value) return null;
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("text" in value) return rawCell(value.text);
  }
  return null;
}

function decodeRange(ref: string): Area {
  const area = parseArea(ref);
  if (area === null) throw new Error(`cannot read the range ${ref}`);
  return area;
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
      const name = (t as unknown as { name?: string }).name ?? (t as unknown as { table: { name?: string } }).table.name;
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
