/**
 * The add-in's Office.js code through Microsoft's own Excel JavaScript library (RealExcel): every
 * read and write goes over Office.js's real request protocol to the in-memory workbook. The same
 * actions through the in-memory stand-in alone (MemoryExcel) must leave the very same workbook and
 * give the same results; the library's own errors, and the workbook's, surface as in Excel.
 */
import { applyCult, createMissingTables, endCentury, readStatus, recordDeaths, selectCell } from "../../src/workbook/office/actions";
import { sheetNames } from "../../src/workbook/model/schema";
import { MemoryExcel, type MemoryWorkbook } from "../support/memoryExcel";
import { officeJs, RealExcel, type RequestRecord } from "../support/realExcel";
import { handWorked, huge, memoryWorkbook, type Tables } from "../support/campaigns";

/** The same campaign twice: once behind the real client, once behind the stand-in alone. */
function both(tables: Tables, asTables = true): { real: RealExcel; memory: MemoryExcel } {
  return { real: new RealExcel(memoryWorkbook(tables, asTables)), memory: new MemoryExcel(memoryWorkbook(tables, asTables)) };
}

/** Everything in a workbook, for comparing two: cells with formulas, formats and styles, widths, tables. */
function contents(book: MemoryWorkbook) {
  return {
    sheets: book.sheets.map((s) => ({
      name: s.name,
      cells: [...s.cells.entries()].filter(([, c]) => c.value !== null || c.formula !== undefined || c.numberFormat !== undefined || Object.keys(c.style).length > 0).sort(),
      widths: [...s.columnWidths.entries()].sort(),
      frozenRows: s.frozenRows,
      showGridlines: s.showGridlines,
    })),
    tables: book.tables.map((t) => ({ name: t.name, sheet: t.sheet.name, top: t.top, left: t.left, columns: t.columns, bodyRows: t.bodyRows, style: t.style })),
    activeSheet: book.activeSheet,
    selected: book.selected,
  };
}

/** A generated campaign shaped like huge(), at any size. */
function campaign(gods: number, races: number): Tables {
  const spheres = Math.max(10, Math.ceil(gods / 2));
  const bases = ["worship", "deaths", "count", "diabolism"];
  const causes = ["war", "fire", "water", "plague", "famine"];
  const names = 60;
  const sourceName = (j: number) => `${bases[j % 4]} ${j}`;
  const t: Tables = {
    Gods: [["God", "Kind"]],
    Cards: [["God", "Sphere", "Cards"]],
    Sources: [["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"]],
    Races: [["Race", "Units", "Cities", "Great Cities", "Culture", "Turmoil"]],
    Pantheon: [["Race", "Member", "Share"]],
    Deaths: [["Century", "Cause", "Units", "Race", "Note"]],
    Counts: [["Century", "Source", "Count"]],
  };
  const push = (table: string, row: Tables[string][number]) => t[table]?.push(row);
  for (let g = 0; g < gods; g++) push("Gods", [`God ${g}`, ["greater", "lesser", "spirit"][g % 3] as string]);
  for (let s = 0; s < spheres; s++) {
    for (let k = 0; k < 20; k++) {
      const j = (s + k * 3) % names;
      const basis = bases[j % 4] as string;
      push("Sources", [`Sphere ${s}`, sourceName(j), basis, [0.1, 0.25, 0.5, 1, 0.05][(s + k) % 5] as number, k % 7 === 0 ? "yes" : "no", basis === "deaths" ? (causes[j % causes.length] as string) : null, "century-end"]);
    }
  }
  for (let g = 0; g < gods; g++) for (let k = 0; k < 5; k++) push("Cards", [`God ${g}`, `Sphere ${(g * 7 + k * 13) % spheres}`, 1 + ((g + k) % 3)]);
  push("Cards", ["Demons", "Sphere 0", 1]);
  const shares = [20, 15, 15, 10, 10, 10, 10, 10];
  for (let r = 0; r < races; r++) {
    push("Races", [`Race ${r}`, 10 + (r % 191), r % 4, r % 9 === 0 ? 1 : 0, "civilized", r % 20 === 0 ? "yes" : "no"]);
    for (let m = 0; m < 8; m++) push("Pantheon", [`Race ${r}`, m === 7 ? (r % 2 ? "Diabolism" : "Atheism") : `God ${(r * 11 + m * 17) % gods}`, shares[m] as number]);
  }
  for (let d = 0; d < races * 10; d++) push("Deaths", [1, causes[d % causes.length] as string, 1 + (d % 4), `Race ${d % races}`, null]);
  for (let j = 2; j < names; j += 4) push("Counts", [1, sourceName(j), 3 + j]);
  return t;
}

const sizes = (records: readonly RequestRecord[]) => records.map((r) => `${r.bytes} B out (${r.actions} actions), ${r.responseBytes} B back`);

describe("the century end through Microsoft's Excel library", () => {
  test("writes the hand-worked campaign's sheets and Ledger exactly as the stand-in does, in 3 round trips", async () => {
    const { real, memory } = both(handWorked());
    const outcome = await endCentury(real.run, 1);
    const expected = await endCentury(memory.run, 1);
    expect(outcome).toEqual(expected);
    expect(outcome.written).toBe(true);
    expect(real.book.values("Ledger")).toEqual([
      ["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"],
      [1, "Ares", 22.6, 22, 0.6, "0.6"],
      [1, "Hestia", 24.34, 24, 0.34, "0.34"],
      [1, "Demons", 2.85, 2, 0.85, "0.85"],
    ]);
    const mana = sheetNames(1).mana;
    expect(real.book.values(mana).length).toBeGreaterThan(3);
    expect(real.book.values(mana)).toEqual(memory.book.values(mana));
    // Cell by cell, formats, styles, widths and tables included.
    expect(contents(real.book)).toEqual(contents(memory.book));
    expect(real.syncs).toBe(3);
    expect(memory.syncs).toBe(3);
    // Sizes are those of the text Office.js sends.
    for (const r of real.requests) expect(r.bytes).toBe(Buffer.byteLength(r.text));
    console.log(`hand-worked century end, per round trip: ${sizes(real.requests).join("; ")}`);
  });
});
