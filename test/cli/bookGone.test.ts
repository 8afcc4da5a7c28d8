/**
 * The Ledger, its seal and the century's Mana sheet deleted, the book's head left in the
 * workbook: every credit paid so far is missing, and ending century 1 again would pay it twice.
 * The command line and the pane's reader name what is gone and what the book says it held, and
 * nothing pays until the Ledger is back, or the book is started again on purpose: only with
 * --accept-warnings, and never paying again a century the lost book paid.
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
async function bookDeleted(centuries = 1, keepMana = false): Promise<MemoryWorkbook> {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  for (let c = 1; c <= centuries; c++) expect((await endCentury(excel.run, c)).written).toBe(true);
  if (centuries === 1) await creditEvent(excel.run, "God obliterated");
  const book = excel.book;
  for (const name of ["Ledger", "Ledger Seal", ...(keepMana ? [] : Array.from({ length: centuries }, (_, i) => `C${i + 1} Mana`))]) {
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
    expect(refused.err).toMatch(/If no copy holds it, start the book again: gods ledger restart FILE says what that loses/);
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

test("started again on purpose: refused without the flag, then a new book that never pays a lost century again", async () => {
  const book = await bookDeleted();
  const file = path.join(dir, "restart.xlsx");
  await saveMemoryWorkbook(book, file);
  const before = fs.readFileSync(file);

  // Without --accept-warnings: what it means is shown, exit 3, and nothing is written.
  for (const args of [[], ["--dry-run"]]) {
    const held = await gods("ledger", "restart", file, "--carry", "Vorn=0.9", ...args);
    expect(held.code).toBe(3);
    expect(held.err).toMatch(/the 7 rows the lost Ledger held \(its latest credit the event "God obliterated" in century 2\) are not brought back/);
    expect(held.err).toMatch(/Every account opens again at 0; only the carries given are kept \(Vorn 0\.9\)/);
    expect(held.err).toMatch(/Centuries up to 1 are marked paid in the lost book and can never be ended again, so the next century end is century 2/);
    expect(held.err).toMatch(/which events, debits or corrections of century 2 were credited before the Ledger was lost/);
    expect(held.out).toMatch(/Nothing was written/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  }
  // The gamemaster may know the lost book paid later centuries than its head names: never fewer.
  const later = await gods("ledger", "restart", file, "--century", "3", "--dry-run", "--json", "--accept-warnings");
  expect(later.code).toBe(0);
  const laterPlan = JSON.parse(later.out) as { warnings: string[] };
  expect(laterPlan).toMatchObject({ restarted: 3, nextCentury: 4, lost: { rows: 7, known: 1 } });
  expect(laterPlan.warnings.join("\n")).toMatch(/no era's end with century 3 can be credited \(the lost book may have paid it\)/);
  // A carry of whole mana was paid out already: refused.
  const whole = await gods("ledger", "restart", file, "--carry", "Vorn=1.5", "--accept-warnings");
  expect(whole.code).toBe(2);
  expect(whole.err).toMatch(/a carry is the fraction of a mana left over/);
  expect(fs.readFileSync(file).equals(before)).toBe(true);

  const done = await gods("ledger", "restart", file, "--carry", "Vorn=0.9", "--accept-warnings");
  expect(done.err).toBe("");
  expect(done.code).toBe(0);
  expect(done.out).toMatch(/The book starts again at century 1 .*the next century end is 2/);

  // Century 1 was paid in the lost book: never again, with or without the flag, and nothing advises it.
  for (const args of [[], ["--accept-warnings"]]) {
    const again = await gods("century-end", file, "--century", "1", ...args);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/century 1 was paid in the book that was lost: the Ledger was started again at century 1/);
  }
  // Nor is the restart taken back, which would empty the book and let century 1 be paid again.
  const undo = await gods("undo", file, "--accept-warnings");
  expect(undo.code).toBe(2);
  expect(undo.err).toMatch(/the latest credit is the book started again at century 1; it is not taken back/);
  // A second restart is refused: the Ledger is back.
  const twice = await gods("ledger", "restart", file, "--accept-warnings");
  expect(twice.code).toBe(2);
  expect(twice.err).toMatch(/the Ledger is not gone/);

  // Every command accepts the workbook again: an event of century 2, then century 2's end.
  const event = await gods("event", file, "God obliterated", "--accept-warnings");
  expect(event.code).toBe(0);
  const dry = await gods("century-end", file, "--century", "2", "--dry-run", "--json", "--accept-warnings");
  expect(dry.code).toBe(0);
  const planned = JSON.parse(dry.out) as { century: number; recipients: { god: string; earned: number; paid: number; carry: number }[] };
  expect(planned.century).toBe(2);
  // The 0.9 given at the restart is carried into century 2: Vorn earns 20.145 and is paid 21, carrying 0.045
  // (in thousandths of a mana, the sheet's exact decimals: 900 + 20145 = 21045).
  const vorn = planned.recipients.find((r) => r.god === "Vorn");
  if (vorn === undefined) throw new Error("Vorn is not paid at century 2's end");
  const thousandths = (x: number) => Math.round(x * 1000);
  expect(thousandths(vorn.earned)).toBe(20145);
  expect(vorn.paid).toBe(Math.floor((900 + thousandths(vorn.earned)) / 1000));
  expect(vorn.paid).toBe(21);
  expect(thousandths(vorn.carry)).toBe(900 + thousandths(vorn.earned) - 1000 * vorn.paid);
  const paid = await gods("century-end", file, "--century", "2", "--accept-warnings");
  expect(paid.code).toBe(0);
  const next = await gods("century-end", file, "--century", "3", "--dry-run", "--accept-warnings");
  expect(next.code).toBe(0);
});

test("a book that had paid two centuries is never started again before the second", async () => {
  const file = path.join(dir, "restart-two.xlsx");
  await saveMemoryWorkbook(await bookDeleted(2), file);
  const before = fs.readFileSync(file);
  const early = await gods("ledger", "restart", file, "--century", "1", "--accept-warnings");
  expect(early.code).toBe(2);
  expect(early.err).toMatch(/the lost book had paid century 2 already \(its head names it\): the book cannot start again before it/);
  expect(fs.readFileSync(file).equals(before)).toBe(true);
  const done = await gods("ledger", "restart", file, "--accept-warnings");
  expect(done.code).toBe(0);
  for (const century of ["1", "2"]) {
    const again = await gods("century-end", file, "--century", century, "--accept-warnings");
    expect(again.code).toBe(2);
    expect(again.err).toMatch(new RegExp(`century ${century} was paid in the book that was lost`));
  }
  expect((await gods("century-end", file, "--century", "3", "--dry-run", "--accept-warnings")).code).toBe(0);
});

test("with the centuries' Mana sheets left behind, the refusal names the restart too, and it works the same", async () => {
  const file = path.join(dir, "restart-kept.xlsx");
  await saveMemoryWorkbook(await bookDeleted(2, true), file);
  const refused = await gods("century-end", file, "--century", "3", "--accept-warnings");
  expect(refused.code).toBe(2);
  expect(refused.err).toMatch(/the sheet "C1 Mana" shows that century 1 was paid, but there is no Ledger/);
  expect(refused.err).toMatch(/no copy holds the Ledger, gods ledger restart FILE starts it again without paying a century twice/);
  const done = await gods("ledger", "restart", file, "--accept-warnings");
  expect(done.code).toBe(0);
  expect(done.out).toMatch(/starts again at century 2/);
  const again = await gods("century-end", file, "--century", "2", "--accept-warnings");
  expect(again.code).toBe(2);
  expect(again.err).toMatch(/century 2 was paid in the book that was lost/);
  const next = await gods("century-end", file, "--century", "3", "--accept-warnings");
  expect(next.code).toBe(0);
});

test("started again later than the head shows: that century's era end may have been paid, so it is never credited again", async () => {
  const file = path.join(dir, "restart-later.xlsx");
  await saveMemoryWorkbook(await bookDeleted(), file);
  const done = await gods("ledger", "restart", file, "--century", "3", "--accept-warnings");
  expect(done.code).toBe(0);
  const era = await gods("era-end", file, "--century", "3", "--accept-warnings");
  expect(era.code).toBe(2);
  expect(era.err).toMatch(/the lost book may have paid the era ending with century 3: it is not credited again/);
  expect((await gods("century-end", file, "--century", "3", "--accept-warnings")).code).toBe(2);
  expect((await gods("century-end", file, "--century", "4", "--dry-run", "--accept-warnings")).code).toBe(0);
});
