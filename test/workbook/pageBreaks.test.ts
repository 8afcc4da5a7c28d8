/**
 * Manual page breaks of a generated sheet, carried out by both adapters: in the file as the
 * sheet's <rowBreaks>, and inside Excel through worksheet.horizontalPageBreaks, on the in-memory
 * Excel and through Microsoft's own Excel library alike.
 */
import type { ContextApi } from "../../src/workbook/office/api";
import { worksheetSteps } from "../../src/workbook/office/write";
import { printSetup, type SheetPlan } from "../../src/workbook/plan/layout";
import { cell } from "../../src/workbook/plan/worksheets";
import { generatedSheetXml } from "../../src/workbook/xlsx/package/sheet";
import { StyleBook } from "../../src/workbook/xlsx/package/styles";
import { MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { RealExcel } from "../support/realExcel";

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** Three pages of three rows: breaks above rows 4 and 7. */
function paged(breaks: readonly number[] = [4, 7]): SheetPlan {
  const rows = Array.from({ length: 9 }, (_, i) => [cell(`line ${i + 1}`, "text")]);
  return { name: "Paged", columnWidths: [20], rows, print: printSetup([20], "", "Paged", 0), pageBreaks: breaks };
}

async function written(run: <T>(batch: (context: ContextApi) => Promise<T>) => Promise<T>, plan: SheetPlan): Promise<void> {
  await run(async (context) => {
    for (const step of worksheetSteps(context, { sheets: [plan] })) step.queue();
    await context.sync();
  });
}

describe("manual page breaks", () => {
  test("in the file: one <brk> per break, its id the last row of the page it ends, after the page set-up", () => {
    const xml = generatedSheetXml(paged(), new StyleBook(STYLES));
    expect(xml).toContain('<rowBreaks count="2" manualBreakCount="2"><brk id="3" max="16383" man="1"/><brk id="6" max="16383" man="1"/></rowBreaks>');
    // The schema's order: the header and footer, then the row breaks.
    expect(xml.indexOf("</headerFooter>")).toBeLessThan(xml.indexOf("<rowBreaks"));
    expect(xml.endsWith("</rowBreaks></worksheet>")).toBe(true);
    // None asked, or only one above the first row: no element at all.
    expect(generatedSheetXml(paged([]), new StyleBook(STYLES))).not.toContain("rowBreaks");
    expect(generatedSheetXml(paged([1]), new StyleBook(STYLES))).not.toContain("rowBreaks");
  });

  test("inside Excel: the in-memory Excel and Microsoft's library record the same breaks", async () => {
    const memory = new MemoryExcel(new MemoryWorkbook());
    await written(memory.run, paged());
    expect(memory.book.sheet("Paged")?.pageBreaks).toEqual([4, 7]);
    const real = new RealExcel(new MemoryWorkbook());
    await written(real.run, paged());
    expect(real.book.sheet("Paged")?.pageBreaks).toEqual([4, 7]);
    expect(real.requests.every((r) => r.error === undefined)).toBe(true);
    expect(real.syncs).toBe(memory.syncs);
  });

  test("the in-memory Excel refuses a break above the first row, as no page can begin before it", async () => {
    const memory = new MemoryExcel(new MemoryWorkbook());
    await expect(
      memory.run(async (context) => {
        context.workbook.worksheets.add("Paged").horizontalPageBreaks.add("A1");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});
