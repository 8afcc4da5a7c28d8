/** Input tables as gamemasters make them: shares, totals rows, names spelt two ways, yes/no words. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { edit, handWorked, rawWorkbook, writeXlsx, type Tables } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-tables-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function errors(tables: Tables, century = 1): string[] {
  return errorsIn(planCenturyEnd(rawWorkbook(tables), century).problems).map(describeProblem);
}

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
});

describe("cells read as the functions read them", () => {
  test("a yes/no column takes the same words as a function's TRUE/FALSE argument", () => {
    const words = edit((t) => {
      (t.Races as unknown[][])[1] = ["Achaeans", 20, 1, 0, "civilized", "n", 3];
      (t.Races as unknown[][])[3] = ["Amazons", 10, null, null, "barbarian", "X", 4];
      (t.Sources as unknown[][])[4] = ["Hearth", "Hearths", "count", 1, true, null, null];
    });
    expect(errors(words)).toEqual([]);
    expect(errors(edit((t) => ((t.Races as unknown[][])[3] = ["Amazons", 10, null, null, "barbarian", "maybe", 4])))).toEqual([
      'Races table, row 4, column Turmoil: "maybe" should be yes or no (also y/n, TRUE/FALSE, 1/0, or x for yes).',
    ]);
  });

  test("numbers written as text, with spaces or as a percentage, read exactly", () => {
    const text = edit((t) => {
      (t.Races as unknown[][])[1] = ["Achaeans", " 20 ", "1", 0, "civilized", "no", 3];
      (t.Pantheon as unknown[][])[4] = ["Trojans", "Hestia", "75%"];
    });
    const outcome = planCenturyEnd(rawWorkbook(text), 1);
    expect(errorsIn(outcome.problems)).toEqual([]);
    expect(outcome.payments.find((p) => p.god === "Hestia")).toMatchObject({ earned: 24.34, paid: 24 });
  });

  test("a Mana cell that is not a number is a warning: only the inflation advice reads that column", () => {
    const withMana = edit((t) => (t.Gods = (t.Gods ?? []).map((r, i) => [...r, i === 0 ? "Mana" : i === 1 ? "lots" : 5])));
    const outcome = planCenturyEnd(rawWorkbook(withMana), 1);
    expect(errorsIn(outcome.problems)).toEqual([]);
    expect(outcome.problems.map(describeProblem)).toContain(
      'Gods table, row 2, column Mana: "lots" is not a number; it needs the mana the character has now, 0 or more.',
    );
  });
});
