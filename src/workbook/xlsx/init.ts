/** New campaign workbooks for the `gods` command: empty input tables, or the example campaign. */
import ExcelJS from "exceljs";
import { INPUT_TABLES } from "../model/schema";
import { tableLayout } from "../plan/layout";
import { EXAMPLE_CAMPAIGN } from "./example";
import { addTable } from "./write";

/** One sheet per input table, each holding an Excel table of the same name, laid out as the task pane lays it out. */
export function newCampaignWorkbook(example: boolean): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "The Gods II add-in";
  for (const spec of INPUT_TABLES) addTable(wb, tableLayout(spec), example ? (EXAMPLE_CAMPAIGN[spec.name] ?? []) : []);
  return wb;
}
