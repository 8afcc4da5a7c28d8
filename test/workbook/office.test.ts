/**
 * The Office.js adapter against the in-memory Excel stand-in: the same results as the command
 * line, at most three round trips whatever the campaign's size, names kept as text.
 */
import { endCentury, type ExcelRun } from "../../src/workbook/office/actions";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { sheetNames } from "../../src/workbook/model/schema";
import { MemoryExcel } from "../support/memoryExcel";
import { describeProblem } from "../../src/workbook/model/problems";
import { edit, handWorked, memoryWorkbook, rawWorkbook, type Tables, HEARTHS_ACCEPTED } from "../support/campaigns";

function bigCampaign(races: number): Tables {
  return edit((t) => {
    for (let i = 0; i < races; i++) {
      (t.Races as unknown[][]).push([`Race ${i}`, 10 + (i % 7), i % 2, 0, "civilized", "no", 1]);
      (t.Pantheon as unknown[][]).push([`Race ${i}`, "Ares", 60], [`Race ${i}`, "Hestia", 30], [`Race ${i}`, "Diabolism", 10]);
      (t.Deaths as unknown[][]).push([1, i % 3 ? "war" : "famine", 1 + (i % 5), `Race ${i}`, null]);
    }
  });
}

describe("the century end inside Excel", () => {
  test("gives the command line's numbers and writes the three sheets and the Ledger", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const outcome = await endCentury(excel.run, 1);
    expect(outcome.written).toBe(true);
    expect(outcome.payments).toEqual(planCenturyEnd(rawWorkbook(handWorked()), 1).payments);
    const names = sheetNames(1);
    for (const n of [names.deaths, names.centuryEnd, names.mana]) expect(excel.book.sheet(n)).toBeDefined();
    expect(excel.book.values("Ledger")).toEqual([
      ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"],
      [1, "century-end", "", "Ares", 22.6, 22, 0.6, "0.6"],
      [1, "century-end", "", "Hestia", 24.34, 24, 0.34, "0.34"],
      [1, "century-end", "", "Demons", 2.85, 2, 0.85, "0.85"],
    ]);
    expect(excel.book.table("Ledger")).toBeDefined();
    // Totals are ordinary SUM formulas.
    const deaths = excel.book.sheet(names.deaths);
    const formulas = [...(deaths?.cells.values() ?? [])].map((c) => c.formula).filter(Boolean);
    expect(formulas).toEqual(["=SUM(B5:B6)"]);
  });

  test("costs 4 syncs (two reads, the claim, the write), for the small campaign and for one 50 times larger", async () => {
    const small = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(small.run, 1);
    const large = new MemoryExcel(memoryWorkbook(bigCampaign(150)));
    const outcome = await endCentury(large.run, 1);
    expect(outcome.written).toBe(true);
    expect(small.syncs).toBe(4);
    expect(large.syncs).toBe(4);
  });

  test("a warning that changes pay holds the payment back until it was shown and accepted", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(excel.run, 1);
    const syncs = excel.syncs;
    const held = await endCentury(excel.run, 2);
    expect(held.written).toBe(false);
    expect(held.unaccepted?.map(describeProblem)).toEqual(HEARTHS_ACCEPTED);
    // Only read: the Ledger still ends with century 1.
    expect(excel.syncs - syncs).toBe(2);
    expect(excel.book.values("Ledger")).toHaveLength(1 + 3);
    // Accepting another warning is not accepting this one.
    expect((await endCentury(excel.run, 2, { accepted: ["Counts table: something else"] })).written).toBe(false);
    expect((await endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED })).written).toBe(true);
  });

  test("a second century carries the fractions; recalculating replaces rows in the Ledger table", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(excel.run, 1);
    const second = await endCentury(excel.run, undefined, { accepted: HEARTHS_ACCEPTED });
    expect(second.century).toBe(2);
    expect(second.payments.map((p) => p.paid)).toEqual([10, 20, 2]);
    const again = await endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED });
    expect(again.written).toBe(true);
    expect(excel.book.values("Ledger")).toHaveLength(1 + 6);
    expect(excel.book.table("Ledger")?.bodyRows).toBe(6);
    const older = await endCentury(excel.run, 1);
    expect(older.written).toBe(false);
    expect(older.problems.map((p) => p.message).join()).toMatch(/only the latest century \(2\)/);
  });

  test("input found as plain sheets works too, and an existing Ledger sheet is rewritten", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked(), false));
    await endCentury(excel.run, 1);
    await endCentury(excel.run, 1);
    expect(excel.book.values("Ledger")).toHaveLength(4);
    expect(excel.syncs).toBe(8);
  });

  test("bad input writes nothing", async () => {
    const excel = new MemoryExcel(memoryWorkbook(edit((t) => ((t.Pantheon as unknown[][])[1] = ["Achaeans", "Ares", 40]))));
    const before = excel.book.sheets.map((s) => s.name);
    const outcome = await endCentury(excel.run, 1);
    expect(outcome.written).toBe(false);
    expect(outcome.problems.find((p) => p.severity === "error")).toMatchObject({
      table: "Pantheon",
      row: 2,
      column: "Share",
      address: "Pantheon!C2",
    });
    expect(excel.book.sheets.map((s) => s.name)).toEqual(before);
    expect(excel.syncs).toBe(2);
  });

  test("names that look like formulas are written as text", async () => {
    const tricky = edit((t) => {
      (t.Gods as unknown[][])[1] = ["=1+1", "greater"];
      (t.Cards as unknown[][])[1] = ["=1+1", "War", 2];
      (t.Cards as unknown[][])[2] = ["=1+1", "Hearth", 1];
      (t.Pantheon as unknown[][]).forEach((r) => r[1] === "Ares" && (r[1] = "=1+1"));
      (t.Races as unknown[][])[1] = ["@SUM(A1)", 20, 1, 0, "civilized", "no", 3];
      (t.Pantheon as unknown[][]).forEach((r, i) => i > 0 && r[0] === "Achaeans" && (r[0] = "@SUM(A1)"));
      (t.Deaths as unknown[][])[1] = [1, "+cmd|' /C calc'!A0", 10, null, null];
    });
    const excel = new MemoryExcel(memoryWorkbook(tricky));
    const outcome = await endCentury(excel.run, 1);
    expect(outcome.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(outcome.written).toBe(true);
    const generated = excel.book.sheets.filter((s) => /^C1 /.test(s.name) || s.name === "Ledger");
    const cells = generated.flatMap((s) => [...s.cells.values()]);
    const texts = cells.map((c) => c.value);
    expect(texts).toContain("=1+1");
    expect(texts).toContain("@SUM(A1)");
    expect(texts).toContain("+cmd|' /C calc'!A0");
    // Every formula in the generated sheets is one of ours: SUM, or products and sums of cells.
    for (const c of cells) if (c.formula !== undefined) expect(c.formula).toMatch(/^=(SUM\([A-Z]+\d+:[A-Z]+\d+\)|[A-Z]+\d+([*+][0-9]*\*?[A-Z]+\d+)*)$/);
  });

  test("waits while the user is editing a cell, then goes on", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    excel.editingFor = 2;
    const waits: number[] = [];
    const outcome = await endCentury(excel.run, 1, { delayMs: 1, onWait: (n) => waits.push(n) });
    expect(outcome.written).toBe(true);
    expect(waits).toEqual([1, 2]);
    expect(excel.runs).toBe(3);
  });

  test("asked to hold its requests during a cell edit, tells when one has waited, and again when the edit ends", async () => {
    const quick = new MemoryExcel(memoryWorkbook(handWorked()));
    const held: boolean[] = [];
    // Answered at once: nothing to tell.
    expect((await endCentury((batch) => quick.run(batch, { delayForCellEdit: true }), 1, { heldMs: 20, onHeld: (h) => held.push(h) })).written).toBe(true);
    expect(held).toEqual([]);

    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const run: ExcelRun = (batch) => excel.run(batch, { delayForCellEdit: true });
    excel.editLasts = true;
    excel.editingFor = 1;
    const ending = endCentury(run, 1, { heldMs: 20, onHeld: (h) => held.push(h) });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(held).toEqual([true]);
    expect(excel.book.sheet(sheetNames(1).mana)).toBeUndefined();
    // The gamemaster presses Enter: the century end goes on, in its usual four round trips.
    excel.endEdit();
    expect((await ending).written).toBe(true);
    expect(held).toEqual([true, false]);
    expect(excel.delayed).toBe(1);
    expect(excel.syncs).toBe(4);
  });
});
