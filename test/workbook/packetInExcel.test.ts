/**
 * The session packet inside Excel, through the in-memory Excel: the Earth Summary and the
 * Character Sheets written with the values, formulas, print set-up and page breaks the file gets
 * (worked by hand in packet.test.ts and characterSheets.test.ts), written again in place, the
 * Ledger left alone, and a sheet of the gamemaster's by that name refused.
 */
import { endCentury } from "../../src/workbook/office/actions";
import { readStatus } from "../../src/workbook/office/tools";
import { writePacket } from "../../src/workbook/office/between";
import { counted, MemoryExcel } from "../support/memoryExcel";
import { exampleTables, handWorked, memoryWorkbook } from "../support/campaigns";

describe("the session packet inside Excel", () => {
  test("the Earth Summary of the example: two reads and one write, printed one page wide, shown", async () => {
    const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
    const { result, syncs } = await counted(excel, () => writePacket(excel.run));
    expect(syncs).toBe(3);
    expect(result.written).toBe(true);
    expect(result.sheets.map((s) => s.name)).toEqual(["Earth Summary", "Character Sheets"]);
    const rows = excel.book.values("Earth Summary");
    expect(rows[0]?.[0]).toBe("Earth Summary");
    // The stand-in keeps a formula's text and calculates nothing: strength and totals are formulas.
    expect(rows[4]).toEqual(["Ultra-Dwarves", 40, 1, 0, "", "civilized", "no", 8, 2, "Vorn 60%, Solara 30%, Atheism 10%"]);
    expect(rows[10]?.[0]).toBe("All 6 races");
    const sheet = excel.book.sheet("Earth Summary");
    expect(sheet?.cell(9, 4).formula).toBe("=B10+3*C10+6*D10");
    expect(sheet?.cell(10, 4).formula).toBe("=SUM(E5:E10)");
    expect(sheet?.showGridlines).toBe(false);
    expect(sheet?.print).toMatchObject({
      orientation: "Landscape",
      zoom: { horizontalFitToPages: 1 },
      titleRows: "$1:$4",
      footer: { left: "Century 1 in play", center: "Earth Summary", right: "Page &P of &N" },
    });
    expect(excel.book.activeSheet).toBe("Earth Summary");
    // What the pane is told afterwards is what reading again gives.
    expect(result.status).toEqual(await readStatus(excel.run));
  });

  test("the Character Sheets after a century end: a page per character, each after a manual page break, the sheet's name in the header", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(excel.run, 1, { accepted: [] });
    const result = await writePacket(excel.run);
    expect(result.written).toBe(true);
    const sheet = excel.book.sheet("Character Sheets");
    const rows = excel.book.values("Character Sheets");
    const starts = rows.map((r, i) => (["Ares", "Hestia", "Demons"].includes(String(r[0])) ? i + 1 : 0)).filter((n) => n > 0);
    expect(starts).toHaveLength(3);
    expect(sheet?.pageBreaks).toEqual(starts.slice(1));
    // At 100%, not fitted to the page: Excel ignores manual page breaks under Fit To.
    expect(sheet?.print).toMatchObject({ orientation: "Portrait", zoom: { scale: 100 }, titleRows: null, header: "&BCharacter Sheets" });
    // Ares's facts, worked by hand in characterSheets.test.ts: what its account carries after century 1.
    expect(rows[starts[0] ?? 0]?.slice(0, 6)).toEqual(["Kind", "greater", "", "Kept", "", 0.6]);
    expect(rows.some((r) => r[0] === "Faithful (worship)" && r[1] === "×0.4" && r[2] === "= 0.1 × 2 War cards + 0.2 × 1 Hearth card")).toBe(true);
  });

  test("written again after a century end: replaced in place, naming the new century; the Ledger untouched", async () => {
    const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
    await writePacket(excel.run);
    await endCentury(excel.run, 1, { accepted: [] });
    const ledger = excel.book.values("Ledger");
    const sheets = excel.book.sheets.length;
    const again = await writePacket(excel.run);
    expect(again.written).toBe(true);
    expect(excel.book.sheets).toHaveLength(sheets);
    expect(excel.book.values("Ledger")).toEqual(ledger);
    expect(String(excel.book.values("Earth Summary")[1]?.[0])).toMatch(/^Century 2 in play/);
  });

  test("names that look like formulas are written as text", async () => {
    const tables = exampleTables();
    for (const table of [tables.Races ?? [], tables.Pantheon ?? []]) for (const r of table) if (r[0] === "Low Elves") r[0] = "=1+1";
    const excel = new MemoryExcel(memoryWorkbook(tables));
    expect((await writePacket(excel.run)).written).toBe(true);
    const cell = excel.book.sheet("Earth Summary")?.cell(5, 0);
    expect(cell?.value).toBe("=1+1");
    expect(cell?.formula).toBeUndefined();
  });

  test("a sheet of the gamemaster's named Earth Summary is refused, nothing written", async () => {
    const book = memoryWorkbook(exampleTables());
    book.put("Earth Summary", [["My notes on Earth"]]);
    const excel = new MemoryExcel(book);
    const result = await writePacket(excel.run);
    expect(result.written).toBe(false);
    expect(result.problems.map((p) => p.message)).toEqual([expect.stringMatching(/"Earth Summary" that the add-in did not make/)]);
    expect(excel.book.values("Earth Summary")).toEqual([["My notes on Earth"]]);
    // The two reads, and one more for the title of the sheet the seal does not list as the add-in's.
    expect(excel.syncs).toBe(3);
  });
});
