/**
 * The referee's war, disaster and growth in the task pane, against the in-memory Excel stand-in
 * holding the example campaign: one read and one write each (a preview only reads), the deaths
 * and Units worked out by hand (test/workbook/referee.test.ts shows the arithmetic), a second run
 * by mistake refused, and the status handed back the one a fresh read gives.
 */
import { readStatus, type EditOutcome } from "../../src/workbook/office/tools";
import { runDisaster, runGrowth, runWar } from "../../src/workbook/office/referee";
import { counted, MemoryExcel } from "../support/memoryExcel";
import { exampleTables, memoryWorkbook } from "../support/campaigns";

async function expectFresh(excel: MemoryExcel, outcome: EditOutcome): Promise<void> {
  expect(outcome.status).toEqual(await readStatus(excel.run));
}

const rowsOf = (excel: MemoryExcel, sheet: string) => excel.book.values(sheet).slice(1);
/** Each race's Units and Aggression (columns B and H). */
const races = (excel: MemoryExcel) => rowsOf(excel, "Races").map((r) => [r[0], r[1], r[7]]);
const EXAMPLE_DEATHS = 8;

describe("the referee's actions in Excel", () => {
  test("war: previewed in 2 round trips without writing, then written in 3; refused a second time", async () => {
    const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
    const order = { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } };
    const before = excel.book.values("Deaths");

    const preview = await counted(excel, () => runWar(excel.run, order, { dryRun: true }));
    expect(preview.syncs).toBe(2);
    expect(preview.result.written).toBe(false);
    expect(preview.result.preview.deaths).toEqual([
      { race: "Ultra-Dwarves", cause: "war", units: 3, note: "war: Ultra-Dwarves vs Low Elves" },
      { race: "Low Elves", cause: "war", units: 7, note: "war: Ultra-Dwarves vs Low Elves" },
    ]);
    expect(excel.book.values("Deaths")).toEqual(before);

    const { result, syncs } = await counted(excel, () => runWar(excel.run, order));
    expect(syncs).toBe(3);
    expect(result.written).toBe(true);
    expect(result.preview).toEqual(preview.result.preview);
    expect(result.message).toMatch(/^War in century 1 between the Ultra-Dwarves and the Low Elves: the Ultra-Dwarves lost 3, the Low Elves lost 7\./);
    // 43 at +8 kill ⌈6.88⌉ = 7; 65 at +2 kill ⌈2.6⌉ = 3.
    expect(rowsOf(excel, "Deaths").slice(EXAMPLE_DEATHS)).toEqual([
      [1, "war", 3, "Ultra-Dwarves", "war: Ultra-Dwarves vs Low Elves"],
      [1, "war", 7, "Low Elves", "war: Ultra-Dwarves vs Low Elves"],
    ]);
    expect(excel.book.table("Deaths")?.bodyRows).toBe(10);
    expect(races(excel).slice(0, 2)).toEqual([
      ["Ultra-Dwarves", 37, 2],
      ["Low Elves", 58, 4],
    ]);
    await expectFresh(excel, result);

    const twice = await counted(excel, () => runWar(excel.run, order));
    expect(twice.syncs).toBe(2);
    expect(twice.result.written).toBe(false);
    expect(twice.result.problems).toEqual([expect.objectContaining({ table: "Deaths", row: 10, address: "Deaths!E10" })]);
    expect(rowsOf(excel, "Deaths")).toHaveLength(10);

    const again = await runWar(excel.run, { ...order, again: true });
    expect(again.written).toBe(true);
    expect(
      races(excel)
        .slice(0, 2)
        .map((r) => r[1]),
    ).toEqual([34, 51]);
  });

  test("disaster: fire on three races after their resistances", async () => {
    // Low Elves F*2: 10 → 20; Ash Orcs F-1: 10 → 9; Cave Trolls X-1: 3 → 2.
    const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
    const order = {
      elements: "F",
      hits: [
        { race: "Low Elves", deaths: 10 },
        { race: "Ash Orcs", deaths: 10 },
        { race: "cave trolls", deaths: 3 },
      ],
    };
    const { result, syncs } = await counted(excel, () => runDisaster(excel.run, order));
    expect(syncs).toBe(3);
    expect(rowsOf(excel, "Deaths").slice(EXAMPLE_DEATHS)).toEqual([
      [1, "fire", 20, "Low Elves", "disaster: fire"],
      [1, "fire", 9, "Ash Orcs", "disaster: fire"],
      [1, "fire", 2, "Cave Trolls", "disaster: fire"],
    ]);
    expect(races(excel).map((r) => r[1])).toEqual([40, 45, 30, 41, 10, 45]);
    await expectFresh(excel, result);
    expect((await runDisaster(excel.run, order)).problems[0]?.message).toMatch(
      /already record this fire striking the Low Elves, Ash Orcs, Cave Trolls in century 1/,
    );
  });

  test("growth: new Units, starvation and +2 Aggression; never twice in a century; bad input writes nothing", async () => {
    const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
    const { result, syncs } = await counted(excel, () => runGrowth(excel.run));
    expect(syncs).toBe(3);
    expect(races(excel)).toEqual([
      ["Ultra-Dwarves", 50, 2],
      ["Low Elves", 80, 6],
      ["Sea Folk", 35, 3],
      ["Ash Orcs", 63, 5],
      ["Cave Trolls", 12, 2],
      ["River Men", 57, 1],
    ]);
    expect(rowsOf(excel, "Deaths").slice(EXAMPLE_DEATHS)).toEqual([
      [1, "starvation", 5, "Low Elves", "growth: Aggression +2"],
      [1, "starvation", 3, "Sea Folk", "growth: Aggression +2"],
      [1, "starvation", 2, "Cave Trolls", "growth: Aggression +2"],
    ]);
    await expectFresh(excel, result);

    const values = excel.book.values("Races");
    const twice = await counted(excel, () => runGrowth(excel.run));
    expect(twice.syncs).toBe(2);
    expect(twice.result.problems[0]?.message).toMatch(/^the growth of century 1 is already done/);
    const bad = await runWar(excel.run, { a: { race: "Ultra-Dwarves", strength: -1 }, b: { race: "Sea Folk" } });
    expect(bad).toMatchObject({ written: false, message: "" });
    expect(bad.preview).toEqual({ action: "war", century: 1, deaths: [], changes: [] });
    expect(excel.book.values("Races")).toEqual(values);
  });
});
