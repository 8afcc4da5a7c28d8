/**
 * The tables a gamemaster may keep for the session packet (Artifacts, Demesnes, Laws, Oaths), with
 * columns of their own choosing: both adapters read them when the workbook has them, and what is
 * wrong in their cells concerns the packet alone, never a payment.
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { errorsIn } from "../../src/workbook/model/problems";
import { readWorkbook } from "../../src/workbook/office/read";
import { readCampaign } from "../../src/workbook/read/campaign";
import { readPackage } from "../../src/workbook/xlsx/package/read";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { edit, handWorked, memoryWorkbook, rawWorkbook, writeXlsx } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";

const kept = () =>
  edit((t) => {
    t.Artifacts = [
      ["Artifact", "Owner", "Powers", "Since century"],
      ["Spear of Dawn", "Ares", "Smite, Ward", 1],
    ];
    t.Laws = [
      ["Law", "Passed"],
      ["No duels in the Hall of Feasts", 2],
    ];
  });

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-kept-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the kept tables", () => {
  test("read from a file as sheets, with their own columns; the campaign keeps them apart", async () => {
    const file = path.join(dir, "kept.xlsx");
    await writeXlsx(kept(), file);
    const raw = readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file));
    expect(raw.tables.get("artifacts")?.headers).toEqual(["Artifact", "Owner", "Powers", "Since century"]);
    expect(raw.tables.get("laws")?.rows).toEqual([["No duels in the Hall of Feasts", 2]]);
    const { campaign, problems } = readCampaign(raw);
    expect(campaign.kept.map((k) => k.table)).toEqual(["Artifacts", "Laws"]);
    expect(errorsIn(problems)).toEqual([]);
    // The pane's list of the campaign's tables does not grow with them.
    expect(campaign.found.map((f) => f.table)).not.toContain("Laws");
  });

  test("read inside Excel as Excel tables, in the same two round trips", async () => {
    const excel = new MemoryExcel(memoryWorkbook(kept()));
    const raw = await excel.run((context) => readWorkbook(context));
    expect(excel.syncs).toBe(2);
    expect(raw.tables.get("artifacts")?.rows).toEqual([["Spear of Dawn", "Ares", "Smite, Ward", 1]]);
    expect(readCampaign(raw).campaign.kept.map((k) => k.table)).toEqual(["Artifacts", "Laws"]);
  });

  test("a merged title over a Laws sheet is the packet's warning, not an error that stops a century end", async () => {
    const file = path.join(dir, "merged.xlsx");
    await writeXlsx(handWorked(), file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const laws = wb.addWorksheet("Laws");
    laws.addRow(["Law", "Passed", null]);
    laws.addRow(["The Council meets at noon", 1, null]);
    laws.mergeCells("B2:C2");
    await wb.xlsx.writeFile(file);
    const raw = readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file));
    expect(raw.problems?.some((p) => p.table === "Laws")).toBe(true);
    const { campaign, problems } = readCampaign(raw);
    expect(problems.some((p) => p.table === "Laws")).toBe(false);
    expect(campaign.kept[0]?.problems).toEqual([expect.objectContaining({ table: "Laws", message: expect.stringMatching(/merged/) as unknown })]);
  });

  test("none kept: nothing read, nothing said", () => {
    const { campaign, problems } = readCampaign(rawWorkbook(handWorked()));
    expect(campaign.kept).toEqual([]);
    expect(problems.some((p) => ["Artifacts", "Demesnes", "Laws", "Oaths"].includes(p.table))).toBe(false);
  });
});
