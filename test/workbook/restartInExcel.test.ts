/**
 * The book started again inside Excel, when its Ledger and seal were deleted and the book's head
 * remains: looked at first (nothing written), held until its warning was shown, then written as
 * one operation of the journal; the same click again writes nothing more, and one whose request
 * failed at any point is done once by the same click, ending as one that never failed.
 */
import { endCentury, creditEvent } from "../../src/workbook/office/actions";
import { restartBook, type RestartInExcel } from "../../src/workbook/office/restart";
import { isSettled, type Settled } from "../../src/workbook/office/status";
import { readStatus } from "../../src/workbook/office/tools";
import { describeProblem, errorsIn, payWarningsIn } from "../../src/workbook/model/problems";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";

/** Century 1 ended and an event credited (and century 2 ended, when its Mana sheets are kept), then the Ledger, its seal and (unless kept) the Mana sheet deleted by hand. */
async function bookDeleted(keepMana = false): Promise<MemoryExcel> {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  expect((await endCentury(excel.run, 1)).written).toBe(true);
  await creditEvent(excel.run, "God obliterated");
  // With its Mana sheets left behind, a book of two centuries is named by the first of them.
  if (keepMana) expect((await endCentury(excel.run, 2, { accepted: [] })).written).toBe(true);
  const book = excel.book;
  for (const name of ["Ledger", "Ledger Seal", ...(keepMana ? [] : ["C1 Mana"])])
    book.sheets.splice(
      book.sheets.findIndex((s) => s.name === name),
      1,
    );
  book.tables.splice(
    book.tables.findIndex((t) => t.name === "Ledger"),
    1,
  );
  return excel;
}

const written = (o: RestartInExcel | Settled): RestartInExcel => {
  if (isSettled(o)) throw new Error(`settled: ${o.message}`);
  return o;
};

const CARRIES = [{ god: "Vorn", carry: "0.9" }];

test("the pane is offered the restart by the problem that names the Ledger gone, whether or not a Mana sheet was left behind", async () => {
  for (const keepMana of [false, true]) {
    const excel = await bookDeleted(keepMana);
    const offered = (await readStatus(excel.run)).problems.filter((p) => p.restart === true);
    expect(offered.map((p) => p.message.slice(0, 40))).toEqual([
      keepMana ? 'the sheet "C1 Mana" shows that century 1' : "the Ledger and its seal are gone or empt",
    ]);
    const done = written(await restartBook(excel.run, { carries: [] }, { accepted: [] }));
    expect(done.unaccepted).toHaveLength(1);
    const shown = done.unaccepted.map(describeProblem);
    const restarted = written(await restartBook(excel.run, { carries: [] }, { accepted: shown }));
    expect(restarted.written).toBe(true);
    expect(restarted.opened).toBe("every account at 0");
    expect(restarted.status.problems.filter((p) => p.restart === true)).toEqual([]);
  }
  // A Ledger that is there is never offered it: the example paid once.
  const kept = new MemoryExcel(memoryWorkbook(exampleTables()));
  await endCentury(kept.run, 1);
  expect((await readStatus(kept.run)).problems.filter((p) => p.restart === true)).toEqual([]);
});

test("looked at, held until shown, written once: a second click of the same is already done, a new one refused", async () => {
  const excel = await bookDeleted();
  const before = JSON.stringify(excel.book.sheets.map((s) => s.name));
  const look = written(await restartBook(excel.run, { carries: CARRIES }, { dryRun: true }));
  expect(look.written).toBe(false);
  expect(look.errors).toEqual([]);
  expect(look.outcome).toMatchObject({ century: 1, lost: { rows: 7, known: 1 } });
  const shown = payWarningsIn(look.outcome.problems).map(describeProblem);
  expect(shown).toHaveLength(1);
  // Not shown the warning: nothing written.
  const held = written(await restartBook(excel.run, { carries: CARRIES }, { operation: "r1" }));
  expect(held.written).toBe(false);
  expect(held.unaccepted).toHaveLength(1);
  expect(JSON.stringify(excel.book.sheets.map((s) => s.name))).toBe(before);

  const done = written(await restartBook(excel.run, { carries: CARRIES }, { operation: "r1", accepted: shown }));
  expect(done.written).toBe(true);
  expect(done.opened).toMatch(/^Vorn carries 0\.9; the other \d+ open at 0$/);
  expect(done.status.nextCentury).toBe(2);
  expect(errorsIn(done.status.problems)).toEqual([]);
  const ledger = excel.book.values("Ledger");
  expect(ledger.slice(1).every((r) => r[0] === 1 && r[1] === "opening" && r[2] === "started again at century 1: the book before it was lost")).toBe(true);
  expect(ledger.find((r) => r[3] === "Vorn")?.slice(4)).toEqual([0.9, 0, 0.9, "0.9"]);

  const again = await restartBook(excel.run, { carries: CARRIES }, { operation: "r1", accepted: shown });
  expect(isSettled(again) && again.message).toMatch(
    /^Already done at \d\d:\d\d: the book started again at century 1: Vorn carries 0\.9.*Nothing more was written\.$/,
  );
  const other = written(await restartBook(excel.run, { carries: CARRIES }, { operation: "r2", accepted: shown }));
  expect(other.written).toBe(false);
  expect(other.errors.map(describeProblem).join("\n")).toMatch(/the Ledger is not gone/);
  expect(excel.book.values("Ledger")).toEqual(ledger);

  // Century 2 pays the carry exactly: Vorn earns 20.145, 0.9 + 20.145 = 21.045, paid 21, carrying 0.045.
  expect((await endCentury(excel.run, 2, { accepted: [] })).written).toBe(true);
  expect(
    excel.book
      .values("Ledger")
      .filter((r) => r[3] === "Vorn")
      .at(-1),
  ).toEqual([2, "century-end", "", "Vorn", 20.145, 21, 0.045, "0.045"]);
});

test("failed at any request, the same click again ends with the book an unbroken restart writes, written once", async () => {
  const whole = await bookDeleted();
  const look = written(await restartBook(whole.run, { carries: CARRIES }, { dryRun: true }));
  const accepted = payWarningsIn(look.outcome.problems).map(describeProblem);
  const start = whole.syncs;
  expect(written(await restartBook(whole.run, { carries: CARRIES }, { accepted })).written).toBe(true);
  const requests = whole.syncs - start;
  const want = whole.book.values("Ledger");
  const settled: string[] = [];
  for (let n = 1; n <= requests; n++) {
    const excel = await bookDeleted();
    const from = excel.syncs;
    excel.afterSync = (count) => {
      if (count - from === n) {
        delete excel.afterSync;
        throw Object.assign(new Error("The connection was lost."), { code: "GeneralException" });
      }
    };
    const click = { operation: `stop-${n}`, accepted };
    await restartBook(excel.run, { carries: CARRIES }, click).catch(() => undefined);
    const retried = await restartBook(excel.run, { carries: CARRIES }, click);
    if (!isSettled(retried)) expect(retried.written).toBe(true);
    else settled.push(retried.settled);
    expect([n, excel.book.values("Ledger")]).toEqual([n, want]);
    expect([n, excel.book.sheets.filter((s) => s.name.startsWith("~")).map((s) => s.name)]).toEqual([n, []]);
  }
  // Its answer lost once it was done, the same click finds its done mark (a request cut part-way is tried in test/workbook/faults.test.ts).
  expect(settled).toContain("already");
});
