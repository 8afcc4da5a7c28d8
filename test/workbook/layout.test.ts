/**
 * The plan decides how what the add-in writes looks; the two adapters only carry it out. A new
 * Ledger and new input tables come out alike inside Excel and in files.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { endCentury } from "../../src/workbook/office/actions";
import { DEATHS, LEDGER_FORMATS, LEDGER_WIDTHS, TABLE_STYLE } from "../../src/workbook/model/schema";
import { POINTS_PER_CHARACTER } from "../../src/workbook/office/write";
import { gods } from "../support/cli";
import { handWorked, memoryWorkbook, writeXlsx } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-layout-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function sheetOf(file: string, name: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.getWorksheet(name) as ExcelJS.Worksheet;
}

describe("a new Ledger", () => {
  test("in a file: an Excel table named Ledger, with the plan's widths and formats and a frozen header", async () => {
    const file = path.join(dir, "ledger.xlsx");
    await writeXlsx(handWorked(), file);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const ws = await sheetOf(file, "Ledger");
    expect(ws.getTables().map((t) => (t as unknown as { table: { name: string } }).table.name)).toEqual(["Ledger"]);
    expect(LEDGER_WIDTHS.map((_, i) => ws.getColumn(i + 1).width)).toEqual([...LEDGER_WIDTHS]);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(LEDGER_FORMATS.map((_, i) => ws.getCell(2, i + 1).numFmt)).toEqual([...LEDGER_FORMATS]);
  });

  test("inside Excel: the same table, widths and frozen header", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    expect(excel.book.table("Ledger")).toMatchObject({ style: TABLE_STYLE, bodyRows: 3, columns: LEDGER_WIDTHS.length });
    const sheet = excel.book.sheet("Ledger");
    expect(sheet?.frozenRows).toBe(1);
    expect(LEDGER_WIDTHS.map((_, i) => sheet?.columnWidths.get(i))).toEqual(LEDGER_WIDTHS.map((w) => w * POINTS_PER_CHARACTER));
  });
});

describe("gods init", () => {
  test("lays each table out as the pane's set-up does: text formats on name columns, widths, frozen header", async () => {
    const file = path.join(dir, "init.xlsx");
    expect((await gods("init", file)).code).toBe(0);
    const ws = await sheetOf(file, DEATHS.name);
    expect(DEATHS.columns.map((c) => ws.getCell(2, DEATHS.columns.indexOf(c) + 1).numFmt ?? "General")).toEqual(
      DEATHS.columns.map((c) => (c.text ? "@" : "General")),
    );
    expect(DEATHS.columns.map((_, i) => ws.getColumn(i + 1).width)).toEqual(DEATHS.columns.map((c) => c.width));
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });
});
