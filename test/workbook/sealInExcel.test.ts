/** The Ledger's seal inside Excel: written hidden with the Ledger, checked, renamed with a god, corrected on purpose. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { correctBook, endCentury } from "../../src/workbook/office/actions";
import { readCampaign } from "../../src/workbook/read/campaign";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { readStatus } from "../../src/workbook/office/tools";
import { renameEverywhere } from "../../src/workbook/office/between";
import { SEAL_SHEET } from "../../src/workbook/model/schema";
import { handWorked, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";

function ledgerColumn(excel: MemoryExcel, header: string): unknown[] {
  const [headers = [], ...rows] = excel.book.values("Ledger");
  const at = headers.indexOf(header);
  return rows.map((r) => r[at]);
}

describe("the seal inside Excel", () => {
  test("written hidden with the Ledger; a hand edit is found by row and corrected on purpose", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    expect(excel.book.sheet(SEAL_SHEET)?.visibility).toBe("Hidden");
    expect((await readStatus(excel.run)).problems.filter((p) => p.seal === true)).toEqual([]);

    // Ares's row: Earned and Paid both 100 more, by hand.
    const sheet = excel.book.sheet("Ledger");
    const [headers = []] = excel.book.values("Ledger");
    const earned = sheet?.cell(1, headers.indexOf("Earned"));
    const paid = sheet?.cell(1, headers.indexOf("Paid"));
    if (earned === undefined || paid === undefined) throw new Error("no Ledger");
    earned.value = Number(earned.value) + 100;
    paid.value = Number(paid.value) + 100;
    const broken = (await readStatus(excel.run)).problems.filter((p) => p.seal === true);
    expect(broken.map((p) => [p.row, p.message.slice(0, 60)])).toEqual([[2, "this row of Ares's account was changed by hand since the add"]]);

    const corrected = await correctBook(excel.run, "Ares was owed 100 from the last session");
    expect(corrected.written).toBe(true);
    expect(ledgerColumn(excel, "Kind")).toContain("correction");
    expect(ledgerColumn(excel, "What")).toContain("Ares was owed 100 from the last session");
    expect((await readStatus(excel.run)).problems.filter((p) => p.severity === "error")).toEqual([]);
  });

  test("a god renamed everywhere keeps its account; the status afterwards is what reading again gives", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    const renamed = await renameEverywhere(excel.run, "Hestia", "Hestia of the Hearth");
    expect(renamed.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(renamed.written).toBe(true);
    expect(ledgerColumn(excel, "God")).toEqual(["Ares", "Hestia of the Hearth", "Demons"]);
    expect(excel.book.values("Gods").map((r) => r[0])).toContain("Hestia of the Hearth");
    const fresh = await readStatus(excel.run);
    expect(fresh.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(renamed.status).toEqual(fresh);
  });
});

describe("the book's head inside Excel", () => {
  test("a head bound to a sheet is not the book's: named as missing, as the file's reader names it; a correction writes the workbook's own", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    const head = excel.book.names.get("godsbook");
    if (head === undefined) throw new Error("no head written");
    // Name Manager: the head's scope changed from the workbook to the Gods sheet.
    excel.book.names.delete("godsbook");
    excel.book.sheet("Gods")?.names.set("godsbook", head);
    const inExcel = (await readStatus(excel.run)).problems.filter((p) => p.head === true);
    expect(inExcel.map((p) => [p.severity, p.message])).toEqual([["error", expect.stringMatching(/^the book's head is missing/)]]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-head-excel-"));
    try {
      const file = path.join(dir, "saved.xlsx");
      await saveMemoryWorkbook(excel.book, file);
      const inFile = readCampaign(readPackage(openPackage(fs.readFileSync(file), file))).problems.filter((p) => p.head === true);
      expect(inFile).toEqual(inExcel);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await correctBook(excel.run, "the head was bound to the Gods sheet")).written).toBe(true);
    expect(excel.book.names.get("godsbook")?.visible).toBe(false);
    expect(excel.book.sheet("Gods")?.names.has("godsbook")).toBe(true);
    expect((await readStatus(excel.run)).problems.filter((p) => p.severity === "error")).toEqual([]);
  });
});
