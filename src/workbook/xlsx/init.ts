/**
 * New campaign workbooks for the `gods` command, made with exceljs: empty input tables, or the
 * example campaign, laid out as the plan lays new tables out. (A gamemaster's existing workbook
 * is never rewritten by exceljs: the century end edits its package part by part, package/write.ts.)
 */
import * as fs from "fs";
import * as path from "path";
import ExcelJS from "exceljs";
import { INPUT_TABLES, SETTINGS } from "../model/schema";
import { ERA_CENTURIES } from "../read/settings";
import { fitColumns, footerCode, MARGINS, tableBody, tableLayout, tablePrint, type PlanValue, type TableLayout } from "../plan/layout";
import { EXAMPLE_CAMPAIGN } from "./example";

/**
 * Paper size 9, A4. exceljs declares its paper sizes as a const enum, which has no value at run
 * time: code compiled a file at a time (the tests) cannot read ExcelJS.PaperSize.A4.
 */
const A4 = 9 as unknown as ExcelJS.PaperSize;

/**
 * What a new campaign without the example holds: no rows, but for the Settings table's era length
 * at the rules' value, so that a gamemaster sees the setting there is to change.
 */
const NEW_CAMPAIGN: Readonly<Record<string, readonly (readonly PlanValue[])[]>> = { [SETTINGS.name]: [["Era Centrum length", ERA_CENTURIES]] };

/**
 * One sheet per input table and one for the settings, each holding an Excel table of the same
 * name, laid out as the task pane lays it out.
 */
export function newCampaignWorkbook(example: boolean): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "The Gods II add-in";
  const rows = example ? EXAMPLE_CAMPAIGN : NEW_CAMPAIGN;
  for (const spec of [...INPUT_TABLES, SETTINGS]) addTable(wb, tableLayout(spec), rows[spec.name] ?? []);
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

/** A new table on a sheet of its own, as the layout says: the same table the Office.js adapter makes. */
export function addTable(wb: ExcelJS.Workbook, layout: TableLayout, rows: readonly (readonly PlanValue[])[]): void {
  const ws = wb.addWorksheet(layout.name, { views: [{ state: "frozen", ySplit: 1 }] });
  const body = tableBody(layout, rows);
  ws.addTable({
    name: layout.name,
    ref: "A1",
    headerRow: true,
    style: { theme: layout.style as NonNullable<ExcelJS.TableStyleProperties["theme"]>, showRowStripes: true },
    columns: layout.headers.map((name) => ({ name, filterButton: true })),
    rows: body.map((r) => [...r]),
  });
  // Wide enough for the headers and the example's names; one page wide on paper, headers on every page.
  const widths = fitColumns(layout.columnWidths, [
    layout.headers.map((h) => ({ value: h, style: "header" as const })),
    ...body.map((r) => r.map((v) => ({ value: v, style: "text" as const }))),
  ]).columnWidths;
  const print = tablePrint({ ...layout, columnWidths: widths });
  ws.pageSetup = {
    paperSize: A4,
    orientation: print.orientation,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: "1:1",
    margins: { ...MARGINS },
  };
  const { left, center, right } = print.footer;
  ws.headerFooter = { oddFooter: [left === "" ? "" : `&L${footerCode(left)}`, `&C${footerCode(center)}`, `&R${footerCode(right)}`].join("") };
  layout.headers.forEach((_h, i) => {
    const column = ws.getColumn(i + 1);
    column.width = widths[i] ?? 12;
    const numFmt = layout.columnFormats[i];
    if (numFmt !== undefined && numFmt !== "General") for (let r = 2; r <= body.length + 1; r++) ws.getCell(r, i + 1).numFmt = numFmt;
    if (layout.indented?.[i] === true) for (let r = 2; r <= body.length + 1; r++) ws.getCell(r, i + 1).alignment = { horizontal: "left", indent: 1 };
  });
}
