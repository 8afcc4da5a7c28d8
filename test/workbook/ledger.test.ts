/** The Ledger as gamemasters may have made or changed it, and what the century end says of it. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { main } from "../../src/cli/main";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/plan/centuryEnd";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { edit, rawWorkbook, writeXlsx, type Tables } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-ledger-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const quiet = { out: () => undefined, err: () => undefined };

function errors(tables: Tables, century = 1): string[] {
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

