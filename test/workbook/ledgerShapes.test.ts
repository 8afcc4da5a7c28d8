/** Ledgers and tables as gamemasters may have made them, and the messages they get. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { main } from "../../src/cli/main";
import { planCenturyEnd } from "../../src/workbook/plan/centuryEnd";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { loadWorkbook, readWorkbook } from "../../src/workbook/xlsx/read";
import { edit, handWorked, rawWorkbook, writeXlsx } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-ledger-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const quiet = { out: () => undefined, err: () => undefined };

function errors(tables: ReturnType<typeof handWorked>, century = 1): string[] {
  return errorsIn(planCenturyEnd(rawWorkbook(tables), century).problems).map(describeProblem);
}

describe("the Ledger's shape", () => {
  test("a Ledger in another column order is refused before anything is written", () => {
    const t = edit((x) => (x.Ledger = [["God", "Century", "Note", "Paid", "Earned", "Carry"]]));
    expect(errors(t)).toEqual([expect.stringMatching(/^Ledger table, row 1: its columns must be Century, God, Earned, Paid, Carry, Exact Carry/)]);
  });

  test("the five columns of WORKBOOK.md are enough; the file's table keeps five columns", async () => {
    const file = path.join(dir, "five.xlsx");
    await writeXlsx(edit((x) => (x.Ledger = [["Century", "God", "Earned", "Paid", "Carry"]])), file, true);
    expect(await main(["century-end", file, "--century", "1"], quiet)).toBe(0);
    expect(await main(["century-end", file, "--century", "2"], quiet)).toBe(0);
    const wb = await loadWorkbook(file);
    const ledger = readWorkbook(wb).tables.get("ledger");
    expect(ledger?.headers).toEqual(["Century", "God", "Earned", "Paid", "Carry"]);
    expect(ledger?.rows.map((r) => r.slice(0, 4))).toEqual([
      [1, "Ares", 22.6, 22],
      [1, "Hestia", 24.34, 24],
      [1, "Demons", 2.85, 2],
      [2, "Ares", 9.6, 10],
      [2, "Hestia", 20.34, 20],
      [2, "Demons", 1.65, 2],
    ]);
    const table = wb.getWorksheet("Ledger")?.getTable("Ledger") as unknown as { table: { tableRef: string; columns: unknown[] } };
    expect(table.table.tableRef).toBe("A1:E7");
    expect(table.table.columns).toHaveLength(5);
  });

  test("two rows for one god and century, or a carry of 1 or more, are refused", () => {
    const header = ["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"];
    expect(errors(edit((x) => (x.Ledger = [header, [1, "Ares", 1, 1, 0, "0"], [1, "Ares", 5, 0, 5, "5"]])), 2)).toEqual([
      "Ledger table, row 3, column Carry: 5 is not a fraction: what is carried is always less than 1 mana.",
    ]);
    expect(errors(edit((x) => (x.Ledger = [header, [1, "Ares", 1, 1, 0, "0"], [1, "ares", 1, 1, 0.5, "0.5"]])), 2)).toEqual([
      "Ledger table, row 3, column God: Ares has two rows for century 1; a god is paid once a century.",
    ]);
  });
});

describe("shares and totals rows", () => {
  test("a pantheon is judged once, by the engine: fractions that overshoot in percent, mixed styles by name", () => {
    expect(errors(edit((x) => ((x.Pantheon as unknown[][])[4] = ["Trojans", "Hestia", 0.85])))).toEqual([
      "Pantheon table, row 5, column Share: the pantheon of Trojans cannot be used: The shares add up to 110% (1.1 as a fraction); they must add up to 100%.",
    ]);
    expect(errors(edit((x) => ((x.Pantheon as unknown[][])[1] = ["Achaeans", "Ares", 0.5])))).toEqual([
      "Pantheon table, row 2, column Share: the pantheon of Achaeans cannot be used: The shares are written two ways: Ares has 0.5 (a fraction) but Hestia has 30 (points). Write them all as points (40, 60) or all as fractions (0.4, 0.6 or 40%, 60%).",
    ]);
  });

  test("shares pasted from GODS.CULT that miss 100 by a rounding are accepted", () => {
    const t = edit((x) => {
      (x.Pantheon as unknown[][])[1] = ["Achaeans", "Ares", 33.333333333333336];
      (x.Pantheon as unknown[][])[2] = ["Achaeans", "Hestia", 33.333333333333336];
      (x.Pantheon as unknown[][])[3] = ["Achaeans", "Diabolism", 33.333333333333336];
    });
    expect(errors(t)).toEqual([]);
  });

  test("a table's totals row is not read as a race", async () => {
    const file = path.join(dir, "totals.xlsx");
    await writeXlsx(handWorked(), file, true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const races = wb.getWorksheet("Races")?.getTable("Races") as unknown as { table: { totalsRow: boolean; tableRef: string } };
    races.table.totalsRow = true;
    races.table.tableRef = "A1:G5";
    (wb.getWorksheet("Races") as ExcelJS.Worksheet).getRow(5).getCell(2).value = 60;
    await wb.xlsx.writeFile(file);
    const raw = readWorkbook(await loadWorkbook(file));
    expect(raw.tables.get("races")?.rows).toHaveLength(3);
  });

  test("a file that cannot be written is reported in plain words", async () => {
    const file = path.join(dir, "ok.xlsx");
    await writeXlsx(handWorked(), file);
    let err = "";
    const code = await main(["century-end", file, "--century", "1", "--out", path.join(dir, "missing", "out.xlsx")], { out: () => undefined, err: (t) => (err += t) });
    expect(code).toBe(2);
    expect(err).toMatch(/could not write .*out\.xlsx \(its folder does not exist\)\. Nothing was changed\./);
  });
});

describe("deaths the sources do not count", () => {
  function warnings(tables: ReturnType<typeof handWorked>): string[] {
    return planCenturyEnd(rawWorkbook(tables), 1).problems.filter((p) => p.severity === "warning").map(describeProblem);
  }

  test("a misspelt cause is pointed out; a cause no sphere draws on is not", () => {
    expect(warnings(edit((x) => ((x.Deaths as unknown[][])[2] = [1, "wars", 4, "Trojans", null])))).toEqual([
      'Deaths table, column Cause: deaths logged as "wars" in century 1 are not counted by the sources of "war"; if it is a misspelling, correct it.',
    ]);
    expect(warnings(handWorked())).toEqual([]);
  });

  test("no Deaths table at all, while sources count deaths", () => {
    expect(warnings(edit((x) => delete x.Deaths))).toEqual(["Deaths table: there is no Deaths table, so every source that counts deaths counts 0."]);
  });
});
