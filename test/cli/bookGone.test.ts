/**
 * The Ledger, its seal and the century's Mana sheet deleted, the book's head left in the
 * workbook: every credit paid so far is missing, and ending century 1 again would pay it twice.
 * The command line and the pane's reader name what is gone and what the book says it held, and
 * nothing pays until the Ledger is back.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { creditEvent, endCentury } from "../../src/workbook/office/actions";
import { readStatus } from "../../src/workbook/office/tools";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel, type MemoryWorkbook } from "../support/memoryExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-gone-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Century 1 ended and an event credited, then the Ledger, its seal and C1 Mana deleted by hand. */
async function bookDeleted(): Promise<MemoryWorkbook> {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  expect((await endCentury(excel.run, 1)).written).toBe(true);
  await creditEvent(excel.run, "God obliterated");
  const book = excel.book;
  for (const name of ["Ledger", "Ledger Seal", "C1 Mana"]) {
    const at = book.sheets.findIndex((s) => s.name === name);
    expect(at).toBeGreaterThanOrEqual(0);
    book.sheets.splice(at, 1);
  }
  const table = book.tables.findIndex((t) => t.name === "Ledger");
  book.tables.splice(table, 1);
  expect(book.names.has("godsbook")).toBe(true);
  return book;
}

const GONE =
  /the Ledger and its seal are gone or empty, yet the workbook's book says it held 7 rows, its latest credit the event "God obliterated" in century 2: every credit paid so far is missing, and a century ended now would be paid a second time\. Nothing is paid until the Ledger is back\. If another referee has just paid, their Ledger may not have reached this copy yet: read the workbook again in a moment\. Otherwise put back the Ledger sheet and its hidden seal \("Ledger Seal"\) from a saved copy of the workbook or from Excel's version history/;

test("the century end refuses to pay century 1 again, naming what is gone; nothing advises ending a century", async () => {
  const book = await bookDeleted();
  const file = path.join(dir, "gone.xlsx");
  await saveMemoryWorkbook(book, file);
  const before = fs.readFileSync(file);
  for (const args of [[], ["--accept-warnings"]]) {
    const refused = await gods("century-end", file, "--century", "1", ...args);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(GONE);
    expect(refused.err).not.toMatch(/End century \d+ first/i);
  }
  const event = await gods("event", file, "God obliterated", "--accept-warnings");
  expect(event.code).toBe(2);
  expect(event.err).toMatch(GONE);
  expect(fs.readFileSync(file).equals(before)).toBe(true);

  // The pane's reader names it the same way, and offers no century end.
  const status = await readStatus(new MemoryExcel(book).run);
  expect(status.problems.map((p) => p.message).join("\n")).toMatch(GONE);
});

test("taking back a campaign's only credit empties the book honestly: not named gone, and the century is paid once", async () => {
  const file = path.join(dir, "only-credit.xlsx");
  expect((await gods("init", file, "--example")).code).toBe(0);
  const event = await gods("event", file, "God obliterated", "--century", "1", "--accept-warnings");
  expect(event.code).toBe(0);
  const undo = await gods("undo", file, "--accept-warnings");
  expect(undo.code).toBe(0);
  // The head now says the book holds nothing, as the Ledger does: no command takes it for a deleted Ledger.
  const dry = await gods("century-end", file, "--century", "1", "--dry-run", "--json", "--accept-warnings");
  expect(dry.err).not.toMatch(/are gone/);
  expect(dry.code).toBe(0);
  const paid = JSON.parse(dry.out) as { century: number; recipients: { god: string; paid: number }[] };
  expect(paid.century).toBe(1);
  expect(paid.recipients.find((r) => r.god === "Vorn")?.paid).toBe(45);
});
