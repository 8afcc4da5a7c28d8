/**
 * The generated workbook opened in another spreadsheet program: LibreOffice Calc recalculates
 * every formula we wrote and must find no error, and the same totals as our exact arithmetic.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { main } from "../../src/cli/main";
import { sheetNames } from "../../src/workbook/model/schema";
import { ERROR_CELL, recalculatedSheets } from "../support/libreoffice";
import { edit, handWorked, writeXlsx } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-calc-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const quiet = { out: () => undefined, err: (t: string) => process.stderr.write(t + "\n") };

async function tamperFirstFormula(file: string, sheet: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  let address = "";
  wb.getWorksheet(sheet)?.eachRow((row) => {
    row.eachCell((cell) => {
      if (address === "" && cell.formula) {
        address = cell.address;
        cell.value = { formula: cell.formula, result: 999999 };
      }
    });
  });
  await wb.xlsx.writeFile(file);
  return address;
}

describe("the generated workbook in LibreOffice Calc", () => {
  test("the example campaign after two centuries: no error cell, recalculated totals match", async () => {
    const file = path.join(dir, "example.xlsx");
    expect(await main(["init", file, "--example"], quiet)).toBe(0);
    expect(await main(["century-end", file, "--century", "1"], quiet)).toBe(0);
    let json = "";
    expect(await main(["century-end", file, "--century", "2", "--json"], { out: (t) => (json += t), err: quiet.err })).toBe(0);
    const paid = (JSON.parse(json) as { recipients: { paid: number; earned: number }[] }).recipients;
    // A cached result that is wrong on purpose proves Calc recalculated rather than showing ours.
    await tamperFirstFormula(file, sheetNames(2).mana);

    const sheets = recalculatedSheets(file);
    const names = sheetNames(2);
    for (const n of [...Object.values(sheetNames(1)), ...Object.values(names), "Ledger"]) expect(sheets.has(n)).toBe(true);
    for (const [name, rows] of sheets) {
      for (const row of rows) for (const cell of row) if (ERROR_CELL.test(cell.trim())) throw new Error(`${name} has an error cell: ${cell}`);
    }
    const mana = sheets.get(names.mana) ?? [];
    expect(mana.flat()).not.toContain("999999");
    const allGods = mana.find((r) => r[0] === "All gods") ?? [];
    const num = (s: string | undefined) => Number((s ?? "").replace(/,/g, ""));
    expect(num(allGods[2])).toBeCloseTo(
      paid.reduce((s, p) => s + p.earned, 0),
      6,
    );
    expect(num(allGods[4])).toBe(paid.reduce((s, p) => s + p.paid, 0));
  });

  test("input as Excel tables, names that look like formulas: still text, still no error", async () => {
    const file = path.join(dir, "tables.xlsx");
    const tricky = edit((t) => {
      (t.Gods as unknown[][])[2] = ["=1+1", "lesser"];
      (t.Cards as unknown[][])[3] = ["=1+1", "Hearth", 3];
      (t.Pantheon as unknown[][]).forEach((r) => r[1] === "Hestia" && (r[1] = "=1+1"));
      (t.Deaths as unknown[][])[3] = [1, "@SUM(A1)", 3, "Trojans", null];
      // An empty Ledger table the gamemaster made: it is filled and grows.
      t.Ledger = [["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"]];
    }, handWorked());
    await writeXlsx(tricky, file, true);
    expect(await main(["century-end", file, "--century", "1"], quiet)).toBe(0);
    expect(await main(["century-end", file, "--century", "2", "--accept-warnings"], quiet)).toBe(0);
    expect(await main(["century-end", file, "--century", "2", "--accept-warnings"], quiet)).toBe(0);
    const sheets = recalculatedSheets(file);
    for (const [name, rows] of sheets) {
      for (const row of rows) for (const cell of row) if (ERROR_CELL.test(cell.trim())) throw new Error(`${name} has an error cell: ${cell}`);
    }
    expect((sheets.get(sheetNames(1).mana) ?? []).flat()).toContain("=1+1");
    expect((sheets.get(sheetNames(1).deaths) ?? []).flat()).toContain("@SUM(A1)");
    const ledger = sheets.get("Ledger") ?? [];
    expect(ledger.filter((r) => r[0] === "2")).toHaveLength(3);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const table = wb.getWorksheet("Ledger")?.getTable("Ledger") as unknown as { table: { tableRef: string } };
    expect(table.table.tableRef).toBe("A1:H7");
    expect(ledger.filter((r) => r[1] === "=1+1").map((r) => r[3])).toEqual(["24", "20"]);
  });
});
