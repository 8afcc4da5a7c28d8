/** The Ledger as gamemasters may have made or changed it, and what the century end says of it. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { main } from "../../src/cli/main";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { edit, rawWorkbook, writeXlsx, type Tables } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-ledger-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
const quiet = { out: () => undefined, err: () => undefined };

function errors(tables: Tables, century = 1): string[] {
  return errorsIn(planCenturyEnd(rawWorkbook(tables), century).problems).map(describeProblem);
}

describe("the Ledger's shape", () => {
  test("a Ledger with a column of the gamemaster's own is refused, with advice that keeps the Ledger", () => {
    const t = edit((x) => (x.Ledger = [["God", "Century", "Note", "Paid", "Earned", "Carry"]]));
    const [message] = errors(t);
    expect(message).toMatch(
      /^Ledger table, row 1, column Note: the Ledger has a column "Note" that the add-in does not keep\. Move that column out of the Ledger/,
    );
    expect(message).not.toMatch(/[Rr]ename/);
  });

  test("columns in another order are read by their headers and stay where they are", async () => {
    const file = path.join(dir, "order.xlsx");
    await writeXlsx(
      edit((x) => (x.Ledger = [["God", "Century", "Paid", "Earned", "Carry", "Exact Carry", "What", "Kind"]])),
      file,
      true,
    );
    expect(await main(["century-end", file, "--century", "1"], quiet)).toBe(0);
    expect(await main(["century-end", file, "--century", "2", "--accept-warnings"], quiet)).toBe(0);
    const ledger = readWorkbook(await loadWorkbook(file)).tables.get("ledger");
    expect(ledger?.headers).toEqual(["God", "Century", "Paid", "Earned", "Carry", "Exact Carry", "What", "Kind"]);
    expect(ledger?.rows.map((r) => [r[0], r[1], r[2], r[7]])).toEqual([
      ["Ares", 1, 22, "century-end"],
      ["Hestia", 1, 24, "century-end"],
      ["Demons", 1, 2, "century-end"],
      ["Ares", 2, 10, "century-end"],
      ["Hestia", 2, 20, "century-end"],
      ["Demons", 2, 2, "century-end"],
    ]);
  });

  test("a Ledger of the older five columns keeps them where they are and gains the new ones at its right", async () => {
    const file = path.join(dir, "five.xlsx");
    await writeXlsx(
      edit((x) => (x.Ledger = [["Century", "God", "Earned", "Paid", "Carry"]])),
      file,
      true,
    );
    expect(await main(["century-end", file, "--century", "1"], quiet)).toBe(0);
    expect(await main(["century-end", file, "--century", "2", "--accept-warnings"], quiet)).toBe(0);
    const wb = await loadWorkbook(file);
    const ledger = readWorkbook(wb).tables.get("ledger");
    expect(ledger?.headers).toEqual(["Century", "God", "Earned", "Paid", "Carry", "Kind", "What", "Exact Carry"]);
    expect(ledger?.rows.map((r) => r.slice(0, 4))).toEqual([
      [1, "Ares", 22.6, 22],
      [1, "Hestia", 24.34, 24],
      [1, "Demons", 2.85, 2],
      [2, "Ares", 9.6, 10],
      [2, "Hestia", 20.34, 20],
      [2, "Demons", 1.65, 2],
    ]);
    const table = wb.getWorksheet("Ledger")?.getTable("Ledger") as unknown as { table: { tableRef: string; columns: unknown[] } };
    expect(table.table.tableRef).toBe("A1:H7");
    expect(table.table.columns).toHaveLength(8);
  });

  test("two rows for one god and century, or a carry of 1 or more, are refused", () => {
    const header = ["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"];
    expect(
      errors(
        edit((x) => (x.Ledger = [header, [1, "Ares", 1, 1, 0, "0"], [1, "Ares", 5, 0, 5, "5"]])),
        2,
      ),
    ).toEqual(["Ledger table, row 3, column Carry: 5 is not a fraction: what is carried is always less than 1 mana."]);
    expect(
      errors(
        edit((x) => (x.Ledger = [header, [1, "Ares", 1, 1, 0, "0"], [1, "ares", 1, 1, 0.5, "0.5"]])),
        2,
      ),
    ).toEqual(["Ledger table, row 3, column God: Ares has two rows for the end of century 1; a century end pays each recipient once."]);
  });
});
