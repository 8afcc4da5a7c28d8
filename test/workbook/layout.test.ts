/**
 * The plan decides how what the add-in writes looks; the two adapters only carry it out. A new
 * Ledger and new input tables come out alike inside Excel and in files.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { endCentury } from "../../src/workbook/office/actions";
import { DEATHS, LEDGER_FORMATS, LEDGER_WIDTHS, SOURCES, TABLE_STYLE } from "../../src/workbook/model/schema";
import { columnPoints, tableLayout } from "../../src/workbook/plan/layout";
import { createMissingTables } from "../../src/workbook/office/tools";
import { newTableSheetXml } from "../../src/workbook/xlsx/package/sheet";
import { StyleBook } from "../../src/workbook/xlsx/package/styles";
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { INPUT_TABLES } from "../../src/workbook/model/schema";
import { gods } from "../support/cli";
import { handWorked, memoryWorkbook, writeXlsx } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-layout-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sheetOf(file: string, name: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.getWorksheet(name) as ExcelJS.Worksheet;
}

/** A workbook's smallest stylesheet: one font, the two fills every workbook has, one border. */
const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>';

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
    expect(LEDGER_WIDTHS.map((_, i) => sheet?.columnWidths.get(i))).toEqual(LEDGER_WIDTHS.map(columnPoints));
  });
});

describe("gods init", () => {
  test("lays each table out as the pane's set-up does: text formats on name columns, widths, frozen header", async () => {
    const file = path.join(dir, "init.xlsx");
    expect((await gods("init", file)).code).toBe(0);
    const ws = await sheetOf(file, DEATHS.name);
    expect(DEATHS.columns.map((c) => (ws.getCell(2, DEATHS.columns.indexOf(c) + 1).numFmt as string | undefined) ?? "General")).toEqual(
      DEATHS.columns.map((c) => (c.text ? "@" : "General")),
    );
    expect(DEATHS.columns.map((_, i) => ws.getColumn(i + 1).width)).toEqual(DEATHS.columns.map((c) => c.width));
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });
});

describe("column widths", () => {
  test("inside Excel every generated sheet's columns are as wide as in the file (one conversion, from the plan)", async () => {
    const tables: Record<string, (string | number | boolean | null)[][]> = {};
    for (const spec of INPUT_TABLES) tables[spec.name] = [spec.columns.map((c) => c.header), ...(EXAMPLE_CAMPAIGN[spec.name] ?? []).map((r) => [...r])];
    // A god whose name is longer than its column: the column widens (or the name wraps) in both.
    tables.Gods?.push(["Great Mother of All Living Things", "greater"]);
    tables.Cards?.push(["Great Mother of All Living Things", "Harvest", 1]);
    const file = path.join(dir, "widths.xlsx");
    await writeXlsx(tables, file, true);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const excel = new MemoryExcel(memoryWorkbook(tables));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const generated = ["C1 Death Worksheet", "C1 Century-End Worksheet", "C1 Mana", "Heaven Events", "Earth Events", "Distribution Points"];
    for (const name of generated) {
      const inFile = wb.getWorksheet(name);
      const inExcel = excel.book.sheet(name);
      const count = inExcel?.columnWidths.size ?? 0;
      expect(count).toBeGreaterThan(1);
      const fileWidths = Array.from({ length: count }, (_, i) => columnPoints(inFile?.getColumn(i + 1).width ?? 0));
      const excelWidths = Array.from({ length: count }, (_, i) => inExcel?.columnWidths.get(i));
      expect([name, excelWidths]).toEqual([name, fileWidths]);
    }
    // The long name fits its column on paper (Calibri's letters are about 0.9 of a digit wide), or is shrunk to fit it.
    const mana = wb.getWorksheet("C1 Mana");
    if (mana === undefined) throw new Error("the workbook has no C1 Mana sheet");
    const at = mana.getColumn(1).values.findIndex((v) => v === "Great Mother of All Living Things");
    expect(at).toBeGreaterThan(0);
    // exceljs gives no alignment for a cell that has none, whatever its types say.
    const wraps = (mana.getCell(at, 1).alignment as Partial<ExcelJS.Alignment> | undefined)?.shrinkToFit === true;
    expect(wraps || (mana.getColumn(1).width ?? 0) >= Math.ceil("Great Mother of All Living Things".length * 0.9)).toBe(true);
  });
});

describe("printouts that tell the truth", () => {
  test("right after a century ends, the book's sheets say the next century is in play", async () => {
    const { planCenturyEnd } = await import("../../src/workbook/actions/centuryEnd");
    const { rawWorkbook } = await import("../support/campaigns");
    const plan = planCenturyEnd(rawWorkbook(handWorked()), 1).plan;
    for (const name of ["Distribution Points", "Heaven Events", "Earth Events"]) {
      const sheet = plan?.sheets.find((s) => s.name === name);
      expect([name, sheet?.print.footer.left]).toEqual([name, "Century 2 in play"]);
      expect(JSON.stringify(sheet?.rows.slice(0, 2))).toContain("century 2".replace(/^c/, name === "Distribution Points" ? "C" : "c"));
    }
  });

  test("a whole count shows as a whole number among decimals; the Ledger prints its title in the page header", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    const { planCenturyEnd } = await import("../../src/workbook/actions/centuryEnd");
    const { rawWorkbook } = await import("../support/campaigns");
    const sheet = planCenturyEnd(rawWorkbook(handWorked()), 1).plan?.sheets.find((s) => s.name === "C1 Century-End Worksheet");
    const wholes = (sheet?.rows ?? []).flat().filter((c) => c?.style === "decimal" && Number.isInteger(c.value));
    expect(wholes.length).toBeGreaterThan(0);
    for (const c of wholes) expect(c?.format).toBe("#,##0");
    expect(excel.book.sheet("Ledger")?.print.header).toBe("&BThe Ledger: every credit of mana, one row per character");

    const file = path.join(dir, "titled.xlsx");
    await writeXlsx(handWorked(), file);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const ws = await sheetOf(file, "Ledger");
    expect(ws.headerFooter.oddHeader).toBe("&C&BThe Ledger: every credit of mana, one row per character");
  });

  test("gods init: every input sheet prints one page wide, its headers on every page, with a footer", async () => {
    const file = path.join(dir, "printable.xlsx");
    expect((await gods("init", file, "--example")).code).toBe(0);
    for (const spec of INPUT_TABLES) {
      const ws = await sheetOf(file, spec.name);
      expect([spec.name, ws.pageSetup.fitToPage, ws.pageSetup.fitToWidth, ws.pageSetup.fitToHeight, ws.pageSetup.printTitlesRow]).toEqual([
        spec.name,
        true,
        1,
        0,
        "1:1",
      ]);
      expect(ws.headerFooter.oddFooter).toBe(`&C${spec.name}&RPage &P of &N`);
    }
  });
});

describe("a column of words beside a column of numbers", () => {
  // Sources: Sphere, Source, Basis, Rate, Flat…: the right-aligned Rate would run into the Flat beside it ("0.5 no").
  const flat = SOURCES.columns.findIndex((c) => c.header === "Flat");
  const rate = SOURCES.columns.findIndex((c) => c.header === "Rate");

  test("is set in one step in a new table, and only such a column", () => {
    expect(flat).toBe(rate + 1);
    const indented = tableLayout(SOURCES).indented ?? [];
    expect(SOURCES.columns.filter((_, i) => indented[i] === true).map((c) => c.header)).toEqual(["Flat"]);
    expect(tableLayout(DEATHS).indented).toEqual(DEATHS.columns.map((c, i) => c.text && DEATHS.columns[i - 1]?.text === false));
  });

  test("by gods init, by the pane's set-up and in a table added to a file", async () => {
    const file = path.join(dir, "indent.xlsx");
    expect((await gods("init", file)).code).toBe(0);
    const ws = await sheetOf(file, SOURCES.name);
    // exceljs gives a cell without alignment none, although its type says otherwise.
    const indentOf = (c: number): unknown => (ws.getCell(2, c + 1).alignment as ExcelJS.Alignment | undefined)?.indent;
    expect([indentOf(flat), indentOf(rate)]).toEqual([1, undefined]);

    const excel = new MemoryExcel();
    await createMissingTables(excel.run);
    const style = (c: number) => excel.book.sheet(SOURCES.name)?.peek(1, c)?.style["format.indentLevel"];
    expect([style(flat), style(rate)]).toEqual([1, undefined]);

    const styles = new StyleBook(STYLES_XML);
    const xml = newTableSheetXml(tableLayout(SOURCES), [[null, null, null, 0.5, "no"]], styles, "rId1");
    const s = (column: string) => Number(new RegExp(`<c r="${column}2"[^>]* s="(\\d+)"`).exec(xml)?.[1] ?? 0);
    const cellXfs = /<cellXfs[^>]*>(.*)<\/cellXfs>/s.exec(styles.toXml())?.[1] ?? "";
    const xfs = [...cellXfs.matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/g)].map((m) => m[0]);
    expect(xfs[s("E")]).toContain('indent="1"');
    expect(xfs[s("D")] ?? "").not.toContain("indent");
  });
});
