/**
 * How the add-in writes inside Excel: requests under the budget, formats once per block of
 * cells, the Ledger as the commit point, one writer at a time, and rows added without touching
 * the gamemaster's own cells.
 */
import { creditEvent, endCentury } from "../../src/workbook/office/actions";
import { createMissingTables, readStatus, recordDeaths } from "../../src/workbook/office/tools";
import { REQUEST_BUDGET, requests, type Step } from "../../src/workbook/office/write";
import { textValue } from "../../src/workbook/office/look";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { blocks, type PlanCell } from "../../src/workbook/plan/layout";
import { MAX_CENTURY } from "../../src/workbook/read/century";
import { edit, handWorked, huge, memoryWorkbook, rawWorkbook, sized, HEARTHS_ACCEPTED } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";
import { stringMatching } from "../support/matchers";
import { SMALL_LANE } from "../support/scale";

/**
 * The huge campaign in the full run; in the fast lane one of its shape, still more than one
 * request: `gods` gods and `races` races (10 deaths each).
 */
const big = (gods = 199, races = 500) => (SMALL_LANE ? sized(gods, races) : huge(1));

const step = (bytes: number): Step => ({ bytes, queue: () => undefined });

describe("requests under the budget", () => {
  test("steps are grouped in order, each group within the budget; a step larger than the budget goes alone", () => {
    const groups = requests([step(400), step(500), step(200), step(1500), step(100)], 1000);
    expect(groups.map((g) => g.map((s) => s.bytes))).toEqual([[400, 500], [200], [1500], [100]]);
  });

  test("cells that share a format make one rectangle however many rows they span", () => {
    const c = (style: PlanCell["style"]): PlanCell => ({ value: 1, ...(style === undefined ? {} : { style }) });
    const rows = [
      [c("header"), c("header"), c("header")],
      [c("text"), c("integer"), c("integer")],
      [c("text"), c("integer"), c("integer")],
      [c("text"), c("missing"), c("integer")],
      [c(undefined), c("integer"), c("integer")],
    ];
    const found = blocks(rows, (cell) => cell?.style);
    expect(found).toEqual([
      { key: "header", top: 0, left: 0, rows: 1, columns: 3 },
      { key: "text", top: 1, left: 0, rows: 3, columns: 1 },
      { key: "integer", top: 1, left: 1, rows: 2, columns: 2 },
      { key: "missing", top: 3, left: 1, rows: 1, columns: 1 },
      { key: "integer", top: 3, left: 2, rows: 1, columns: 1 },
      { key: "integer", top: 4, left: 1, rows: 1, columns: 2 },
    ]);
  });

  test("the huge campaign's century end goes out in several requests, and pays as the command line does", async () => {
    const excel = new MemoryExcel(memoryWorkbook(big(60, 150)));
    const outcome = await endCentury(excel.run, 1);
    expect(outcome.written).toBe(true);
    expect(excel.syncs).toBeGreaterThan(3);
    expect(outcome.payments).toEqual(planCenturyEnd(rawWorkbook(big(60, 150)), 1).payments);
    expect(REQUEST_BUDGET).toBe(1_000_000);
  });
});

describe("the Ledger is the commit point", () => {
  test("a Ledger made meanwhile stops the payment: the sheets begun are taken back, nobody is paid, and the pane says so", async () => {
    const excel = new MemoryExcel(memoryWorkbook(big()));
    // Once the century's first sheets are written (the claim passed), someone makes a Ledger.
    excel.afterSync = () => {
      if (excel.book.sheets.some((s) => s.name.startsWith("~")) && excel.book.sheet("Ledger") === undefined)
        excel.book.put("Ledger", [["Century", "God", "Earned", "Paid", "Carry"]]);
    };
    const outcome = await endCentury(excel.run, 1);
    expect(outcome.written).toBe(false);
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      "Ledger table: the Ledger was changed while the sheets of the end of century 1 were being written, so nothing was changed. Look at the Ledger, then try again.",
    ]);
    expect(excel.book.sheet("C1 Mana")).toBeUndefined();
    expect(excel.book.sheets.filter((s) => s.name.startsWith("~"))).toEqual([]);
    expect(excel.book.values("Ledger")).toEqual([["Century", "God", "Earned", "Paid", "Carry"]]);
    // Nothing of the century end is left open: no intent, no claim.
    expect([...excel.book.settings.keys()]).toEqual([]);
  });

  test("a century end that fails at the Ledger says so truly; the same click again finishes it, and nothing is left behind", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    // No intent and no claim is left; what stays is this computer's log of what it paid and of what it did.
    expect([...excel.book.settings.keys()].filter((k) => !k.startsWith("gods.paid.") && !k.startsWith("gods.done."))).toEqual([]);
    const ledgerBefore = excel.book.values("Ledger");
    (excel.book.sheet("Ledger") as { protected: boolean }).protected = true;
    const click = { accepted: HEARTHS_ACCEPTED, operation: "click-c2" };
    await expect(endCentury(excel.run, 2, click)).rejects.toMatchObject({
      code: "AccessDenied",
      message: stringMatching(/^The end of century 2 stopped at \d\d:\d\d while it was being recorded\. Nothing is lost and nothing was written twice/),
    });
    expect(excel.book.values("Ledger")).toEqual(ledgerBefore);
    // Its sheets are still hidden, under temporary names: nothing shows century 2 as paid.
    expect(excel.book.sheet("C2 Mana")).toBeUndefined();
    const status = await readStatus(excel.run);
    expect(status.problems.some((p) => /the end of century 2 stopped part-way/.test(p.message))).toBe(true);
    expect(status.stopped.map((s) => s.step)).toEqual(["finish"]);
    // Another action waits until it is finished.
    const other = await recordDeaths(excel.run, { cause: "war", units: 1 });
    expect(other.written).toBe(false);
    (excel.book.sheet("Ledger") as { protected: boolean }).protected = false;
    const again = await endCentury(excel.run, 2, click);
    expect(again).toMatchObject({
      settled: "finished",
      message: stringMatching(/^Finished the end of century 2, which had stopped part-way at \d\d:\d\d: century 2 paid: Ares 10, Hestia 20, Demons 2\./),
    });
    expect(excel.book.sheet("C2 Mana")).toBeDefined();
    expect(excel.book.sheets.filter((s) => s.name.startsWith("~"))).toEqual([]);
    expect(excel.book.values("Ledger").filter((r) => r[0] === 2)).toHaveLength(3);
    // Only the logs stay; the same click once more writes nothing.
    expect([...excel.book.settings.keys()].filter((k) => !k.startsWith("gods.paid.") && !k.startsWith("gods.done."))).toEqual([]);
    const once = await endCentury(excel.run, 2, click);
    expect(once).toMatchObject({
      settled: "already",
      message: stringMatching(/^Already done at \d\d:\d\d: century 2 paid: Ares 10, Hestia 20, Demons 2\. Nothing more was written\.$/),
    });
    expect(excel.book.values("Ledger").filter((r) => r[0] === 2)).toHaveLength(3);
    if ("settled" in again) expect(again.status.problems.some((p) => /stopped part-way/.test(p.message))).toBe(false);
  });

  test("only the Ledger's new rows are written: the century's own", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(excel.run, 1);
    // A note typed in a cell of century 1's rows stays: those rows are not written again.
    const ledger = excel.book.sheet("Ledger");
    if (ledger) ledger.cell(1, 3).value = "Ares";
    await endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED });
    expect(excel.book.values("Ledger").map((r) => [r[0], r[3], r[5]])).toEqual([
      ["Century", "God", "Paid"],
      [1, "Ares", 22],
      [1, "Hestia", 24],
      [1, "Demons", 2],
      [2, "Ares", 10],
      [2, "Hestia", 20],
      [2, "Demons", 2],
    ]);
  });

  test("the Ledger's new rows go right under its table, which grows to take them: no rows.add, which clashes with co-authors", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(excel.run, 1);
    await endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED });
    await creditEvent(excel.run, "Feast");
    expect(excel.book.rowsAdded).toBe(0);
    expect(excel.book.table("Ledger")?.bodyRows).toBe(3 + 3 + 2);
  });

  test("two clicks never interleave: a second action while a century end runs is refused in plain words", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const first = endCentury(excel.run, 1);
    await expect(recordDeaths(excel.run, { cause: "war", units: 1 })).rejects.toMatchObject({
      plain: true,
      message: "The add-in is still busy with a century end; wait until it has finished, then try again.",
    });
    expect((await first).written).toBe(true);
    expect((await recordDeaths(excel.run, { cause: "war", units: 1 })).written).toBe(true);
  });
});

describe("rows added by the tools", () => {
  test("go above a table's totals row, which is not read as data", async () => {
    const book = memoryWorkbook(edit((t) => delete t.Deaths));
    book.put(
      "Deaths",
      [
        ["Century", "Cause", "Units", "Race", "Note"],
        [1, "war", 10, "Achaeans", null],
        ["Total", null, 10, null, null],
      ],
      { table: "Deaths", totals: true },
    );
    const excel = new MemoryExcel(book);
    const outcome = await recordDeaths(excel.run, { cause: "war", units: 3 });
    expect(outcome.written).toBe(true);
    expect(excel.book.values("Deaths").map((r) => r.slice(0, 3))).toEqual([
      ["Century", "Cause", "Units"],
      [1, "war", 10],
      [1, "war", 3],
      ["Total", "", 10],
    ]);
    expect(outcome.status.causes.find((c) => c.cause === "war")?.units).toBe(13);
  });

  test("leave the gamemaster's own columns as they are: a calculated column fills the new row", async () => {
    const book = memoryWorkbook(edit((t) => delete t.Deaths));
    book.put(
      "Deaths",
      [
        ["Century", "Cause", "Units", "Race", "Note", "Doubled"],
        [1, "war", 10, "Achaeans", null, 20],
      ],
      { table: "Deaths" },
    );
    book.table("Deaths")?.calculated.set(5, "=[@Units]*2");
    const excel = new MemoryExcel(book);
    expect((await recordDeaths(excel.run, { cause: "plague", units: 2 })).written).toBe(true);
    expect(excel.book.values("Deaths")[2]?.slice(0, 3)).toEqual([1, "plague", 2]);
    expect(excel.book.sheet("Deaths")?.peek(2, 5)?.formula).toBe("=[@Units]*2");
  });
});

describe("sheet names fit Excel's 31 characters", () => {
  test("a century past 99,999,999 is refused before anything is written", () => {
    const problems = errorsIn(planCenturyEnd(rawWorkbook(handWorked()), MAX_CENTURY + 1).problems).map(describeProblem);
    expect(problems).toEqual(["Ledger table: the century must be 99,999,999 or less (a longer number does not fit in a sheet's name), not 100000000."]);
  });
});

describe("text is written one way", () => {
  test("as it is, unless Excel would take it for a formula, a number or the like", () => {
    expect(["Ares", "war", "Great Mother", "C1 Mana"].map(textValue)).toEqual(["Ares", "war", "Great Mother", "C1 Mana"]);
    expect(["=1+1", "+5", "-x", "@home", "1e3", "12", "40%", "1/2", "TRUE", "#N/A"].map(textValue)).toEqual(
      ["=1+1", "+5", "-x", "@home", "1e3", "12", "40%", "1/2", "TRUE", "#N/A"].map((t) => `'${t}`),
    );
    expect([12, 0.5, true, null].map(textValue)).toEqual([12, 0.5, true, ""]);
  });

  test("rows added to the add-in's own tables, whose name columns are formatted as text, read back as typed", async () => {
    const excel = new MemoryExcel();
    await createMissingTables(excel.run);
    await recordDeaths(excel.run, { cause: "war", units: 2, note: "siege" });
    await recordDeaths(excel.run, { cause: "fire", units: 1 });
    expect(excel.book.sheet("Deaths")?.peek(2, 1)?.numberFormat).toBe("@");
    expect(
      excel.book
        .values("Deaths")
        .slice(1)
        .map((r) => r.slice(0, 5)),
    ).toEqual([
      [1, "war", 2, "", "siege"],
      [1, "fire", 1, "", ""],
    ]);
  });
});

describe("rows typed under a table", () => {
  test("are a problem naming them, inside Excel as in files, and stop the century end", async () => {
    const book = memoryWorkbook(handWorked());
    book.put(
      "Deaths",
      [
        [1, "war", 7, "Trojans", "typed under the table"],
        [1, "fire", 2, null, null],
      ],
      { top: 5 },
    );
    const excel = new MemoryExcel(book);
    const outcome = await endCentury(excel.run, 1);
    expect(outcome.written).toBe(false);
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      "Deaths table, row 6: rows 6–7 under the Deaths table are outside it, so they would be ignored; extend the table to include them (or delete them).",
    ]);
    expect(outcome.problems[0]?.address).toBe("Deaths!A6:E7");
  });
});
