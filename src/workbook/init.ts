/** New campaign workbooks for the `gods` command: empty input tables, or the example campaign. */
import ExcelJS from "exceljs";
import { columnLetter } from "./raw";
import { EXAMPLE_CAMPAIGN } from "./example";
import { INPUT_TABLES } from "./schema";
import { columnWidth } from "./setup";

/** One sheet per input table, each holding an Excel table of the same name. */
export function newCampaignWorkbook(example: boolean): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "The Gods II add-in";
  for (const spec of INPUT_TABLES) {
    const ws = wb.addWorksheet(spec.name, { views: [{ state: "frozen", ySplit: 1 }] });
    const rows = example ? (EXAMPLE_CAMPAIGN[spec.name] ?? []) : [];
    // An Excel table needs at least one body row; an empty one is skipped when read.
    const body = rows.length > 0 ? rows.map((r) => [...r]) : [spec.columns.map(() => null)];
    ws.addTable({
      name: spec.name,
      ref: "A1",
      headerRow: true,
      style: { theme: "TableStyleMedium2", showRowStripes: true },
      columns: spec.columns.map((c) => ({ name: c.header, filterButton: true })),
      rows: body,
    });
    spec.columns.forEach((c, i) => {
      ws.getColumn(i + 1).width = columnWidth(c.header);
      if (!c.required) ws.getCell(`${columnLetter(i + 1)}1`).note = "optional";
    });
  }
  return wb;
}
