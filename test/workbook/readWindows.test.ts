/**
 * Reading a campaign of any size inside Excel: each table's first FIRST_ROWS rows come with the
 * second round trip, the rest in windows, so that no answer grows with the campaign. What is read
 * is the same, row for row, whatever the table's size, its place, a totals row or a plain sheet.
 */
import { FIRST_ROWS, readWorkbook, WINDOW_BYTES } from "../../src/workbook/office/read";
import type { RawTable } from "../../src/workbook/model/raw";
import { HISTORY_HEADERS, SEAL_SHEET, STORY_SHEETS } from "../../src/workbook/model/schema";
import { MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { RealExcel } from "../support/realExcel";

const header = ["Century", "Cause", "Units", "Race", "Note"];
const deaths = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    1 + (i % 3),
    i % 2 === 0 ? "war" : "fire",
    (i % 9) + 1,
    `Race ${i % 7}`,
    i % 5 === 0 ? `note ${"x".repeat(i % 40)}` : null,
  ]);

function book(rows: number, options: { table?: boolean; totals?: boolean; top?: number; left?: number } = {}): MemoryWorkbook {
  const b = new MemoryWorkbook();
  b.put(
    "Gods",
    [
      ["God", "Kind"],
      ["Ares", "greater"],
    ],
    { table: "Gods" },
  );
  // With totals, a last row of totals under the body.
  b.put("Deaths", [header, ...deaths(rows), ...(options.totals === true ? [["Total", null, rows, null, null]] : [])], {
    ...(options.table === false ? {} : { table: "Deaths" }),
    ...(options.totals === true ? { totals: true } : {}),
    ...(options.top === undefined ? {} : { top: options.top }),
    ...(options.left === undefined ? {} : { left: options.left }),
  });
  return b;
}

const deathsOf = (raw: { tables: ReadonlyMap<string, RawTable> }) => raw.tables.get("deaths");
/** The rows as Excel hands them over: an empty cell is "". */
const asRead = (rows: unknown[][]) => rows.map((r) => r.map((v) => v ?? ""));

describe("reading tables in windows", () => {
  test.each([0, 1, FIRST_ROWS - 2, FIRST_ROWS - 1, FIRST_ROWS, FIRST_ROWS + 1, 3 * FIRST_ROWS + 17])(
    "a Deaths table of %i rows is read whole, in order",
    async (n) => {
      const excel = new MemoryExcel(book(n));
      const raw = await excel.run((context) => readWorkbook(context));
      const table = deathsOf(raw);
      expect(table?.headers).toEqual(header);
      expect(table?.rows).toEqual(asRead(deaths(n)));
      expect(table?.headerRow).toBe(1);
      // Two round trips while every table fits FIRST_ROWS rows (its header is one of them).
      if (n + 1 <= FIRST_ROWS) expect(excel.syncs).toBe(2);
      else expect(excel.syncs).toBeGreaterThan(2);
    },
  );

  test("a table lower and further right, with a totals row, and a plain sheet whose rows start lower: the same rows", async () => {
    const n = 2 * FIRST_ROWS + 5;
    const placed = await new MemoryExcel(book(n, { top: 4, left: 2, totals: true })).run((c) => readWorkbook(c));
    expect(deathsOf(placed)).toMatchObject({ headerRow: 5, firstColumn: 3, headers: header, rows: asRead(deaths(n)) });
    const plain = await new MemoryExcel(book(n, { table: false, top: 2 })).run((c) => readWorkbook(c));
    // A plain sheet's headers are its first row: here empty, as the rows start lower down.
    expect(deathsOf(plain)?.headers).toEqual([]);
    expect(deathsOf(plain)?.rows.slice(2)).toEqual(asRead(deaths(n)));
  });

  test("through Microsoft's client library: the same rows, each answer near WINDOW_BYTES and never over 1 MB", async () => {
    const n = 40_000;
    const real = new RealExcel(book(n));
    const raw = await real.run((context) => readWorkbook(context));
    expect(deathsOf(raw)?.rows).toEqual(asRead(deaths(n)));
    // The library's own clean-up request aside.
    const answers = real.requests.filter((r) => !r.cleanup).map((r) => r.responseBytes);
    for (const a of answers) expect(a).toBeLessThan(1024 * 1024);
    // After the two reads, windows of about WINDOW_BYTES, the last one smaller.
    const windows = answers.slice(2);
    expect(windows.length).toBeGreaterThanOrEqual(2);
    for (const a of windows.slice(0, -1)) expect(a / WINDOW_BYTES).toBeGreaterThan(0.75);
    expect(real.syncs).toBe(answers.length);
  });

  test("the Campaign History and the Ledger's seal, which grow with every century, are read in windows too: every row, each answer under 1 MB", async () => {
    const n = 3 * FIRST_ROWS + 5;
    const rows = Array.from({ length: n }, (_, i) => [
      1 + Math.floor(i / 700),
      "race",
      `Race ${i % 700}`,
      10 + (i % 90),
      i % 3,
      i % 2,
      20 + (i % 90),
      "no",
      null,
      null,
    ]);
    const b = book(1);
    b.put(STORY_SHEETS.history, [[STORY_SHEETS.history], ["The Earth and the mana book at the end of each century."], [], [...HISTORY_HEADERS], ...rows]);
    const digests = Array.from({ length: n }, (_, i) => [`God ${i % 200}`, i, "ab".repeat(32)]);
    b.put(SEAL_SHEET, [["Entry"], ...digests]);
    const real = new RealExcel(b);
    const raw = await real.run((context) => readWorkbook(context));
    expect(raw.generatedCells?.get(SEAL_SHEET)).toEqual([["Entry", "", ""], ...digests]);
    const read = raw.generatedCells?.get(STORY_SHEETS.history) ?? [];
    expect(read[3]).toEqual([...HISTORY_HEADERS]);
    expect(read.slice(4)).toEqual(rows.map((r) => r.map((v) => v ?? "")));
    const answers = real.requests.filter((r) => !r.cleanup).map((r) => r.responseBytes);
    expect(answers.length).toBeGreaterThan(2);
    for (const a of answers) expect(a).toBeLessThan(1024 * 1024);
  });
});
