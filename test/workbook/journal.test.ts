/**
 * The journal of actions inside Excel: what it holds, the same click again, an action taken back
 * or finished by the pane's one step, an undo only of the credit the pane named in the book it
 * read, and the seal written only where it changes.
 */
import { correctBook, creditEvent, endCentury, undoLatestCredit } from "../../src/workbook/office/actions";
import { settleStopped } from "../../src/workbook/office/settle";
import { readStatus, recordDeaths } from "../../src/workbook/office/tools";
import { runWar } from "../../src/workbook/office/referee";
import { temporaryName } from "../../src/workbook/office/journal";
import { openProblems, readJournal } from "../../src/workbook/read/journal";
import { sealItem } from "../../src/workbook/plan/commit";
import { planEvent } from "../../src/workbook/actions/event";
import { readCampaign } from "../../src/workbook/read/campaign";
import { SEAL_SHEET } from "../../src/workbook/model/schema";
import { describeProblem } from "../../src/workbook/model/problems";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";
import { RealExcel } from "../support/realExcel";

const example = () => new MemoryExcel(memoryWorkbook(exampleTables()));

describe("what the journal holds", () => {
  test("an intent with no done mark is open; with one in a computer's list it is done, and its keys are left over", () => {
    const intent = JSON.stringify({ computer: "a", at: 1000, action: "event", words: "the credit of x", done: "x credited", temps: [], items: [] });
    const journal = readJournal(
      [
        { key: "gods.op.one", value: intent },
        { key: "gods.commit.one", value: "2" },
        { key: "gods.op.two", value: intent },
        { key: "gods.done.a", value: JSON.stringify([{ id: "two", at: 2000, words: "the credit of x", done: "x credited" }]) },
        { key: "gods.commit.gone", value: "1" },
        { key: "gods.op.broken", value: "{not json" },
      ],
      3000,
    );
    expect(journal?.open.map((o) => [o.id, o.reached])).toEqual([["one", 2]]);
    expect(journal?.done.map((d) => d.id)).toEqual(["two"]);
    expect(journal?.leftover).toEqual(["gods.op.two", "gods.commit.gone"]);
    expect(readJournal([{ key: "gods.paid.a", value: "[]" }], 0)).toBeUndefined();
  });

  test("an open action of another computer is under way for a while, then stopped; this computer's own is stopped at once", () => {
    const intent = (computer: string) => JSON.stringify({ computer, at: 0, action: "deaths", words: "recording deaths", done: "done", temps: [], items: [] });
    const soon = readJournal([{ key: "gods.op.x", value: intent("other") }], 60_000);
    expect(openProblems(soon, "me").map(describeProblem)).toEqual([
      expect.stringMatching(/^Workbook: another referee's Excel is busy with recording deaths \(since \d\d:\d\d\)\. Wait until it is done/),
    ]);
    const late = readJournal([{ key: "gods.op.x", value: intent("other") }], 10 * 60_000);
    expect(openProblems(late, "me")[0]?.message).toMatch(/^recording deaths stopped part-way at \d\d:\d\d on another computer: take it back first/);
    const mine = readJournal([{ key: "gods.op.x", value: intent("me") }], 1000);
    expect(openProblems(mine, "me")[0]?.message).toMatch(/^recording deaths stopped part-way at \d\d:\d\d: take it back first/);
  });

  test("a sheet under way has a name of its own, hidden from the gamemaster's and within Excel's 31 characters", () => {
    expect(temporaryName("abc123", "C12 Century-End Worksheet")).toBe("~23 C12 Century-End Worksheet");
    expect(temporaryName("abc123", "C1000 Century-End Worksheet").length).toBeLessThanOrEqual(31);
  });
});

describe("the same click again", () => {
  test("after its answer was lost: the action is reported done, and the same click again writes nothing and says when it was done", async () => {
    const excel = new RealExcel(memoryWorkbook(exampleTables()));
    await endCentury(excel.run, 1);
    // The event's write (after two reads and the claim) is carried out, its answer lost.
    excel.fault = { at: excel.sent + 4, kind: "lost" };
    const click = { operation: "click-1" };
    const first = await creditEvent(excel.run, "Race destroyed", {}, click);
    delete excel.fault;
    expect("settled" in first ? first : first.written).toBe(true);
    const ledger = excel.book.values("Ledger").length;
    const again = await creditEvent(excel.run, "Race destroyed", {}, click);
    expect(again).toMatchObject({
      settled: "already",
      message: expect.stringMatching(/^Already done at \d\d:\d\d: the event "Race destroyed" in century 2 credited: /) as unknown,
    });
    expect(excel.book.values("Ledger")).toHaveLength(ledger);
  });

  test("a war stopped half-way is finished by the same click: Units lowered once, its deaths written once", async () => {
    const excel = new RealExcel(memoryWorkbook(exampleTables()));
    const order = { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } };
    const clean = new MemoryExcel(memoryWorkbook(exampleTables()));
    await runWar(clean.run, order);
    // Its write request (after two reads) cut after the commit began.
    excel.fault = { at: 3, kind: "cut", actions: 12 };
    await expect(runWar(excel.run, order, { operation: "war-1" })).rejects.toThrow(/while it was being recorded/);
    delete excel.fault;
    const again = await runWar(excel.run, order, { operation: "war-1" });
    expect(again).toMatchObject({ settled: "finished" });
    expect(excel.book.values("Races")).toEqual(clean.book.values("Races"));
    expect(excel.book.values("Deaths")).toEqual(clean.book.values("Deaths"));
  });

  test("an action stopped before its commit is taken back by the pane's one step: its hidden sheets go, nothing else changed", async () => {
    const excel = new RealExcel(memoryWorkbook(exampleTables()));
    const before = JSON.stringify(excel.book.sheets.map((s) => [s.name, [...s.cells]]));
    excel.fault = { at: 4, kind: "cut", actions: 30 };
    await expect(endCentury(excel.run, 1)).rejects.toThrow(/before it changed anything: nobody was paid/);
    delete excel.fault;
    expect(excel.book.sheets.some((s) => s.name.startsWith("~") && s.visibility === "Hidden")).toBe(true);
    const status = await readStatus(excel.run);
    expect(status.stopped).toEqual([expect.objectContaining({ step: "take back", underWay: false })]);
    // Every other action waits until then.
    expect((await recordDeaths(excel.run, { cause: "war", units: 1 })).written).toBe(false);
    const settled = await settleStopped(excel.run, status.stopped[0]?.id ?? "");
    expect(settled.message).toMatch(/^Took back the end of century 1, which had stopped at \d\d:\d\d before it changed anything/);
    expect(JSON.stringify(excel.book.sheets.map((s) => [s.name, [...s.cells]]))).toBe(before);
    expect([...excel.book.settings.keys()]).toEqual([]);
  });
});

describe("undo takes back only the credit the pane named, in the book the pane read", () => {
  test("a credit made since the pane read the book (an answer lost, another referee's) stops it", async () => {
    const excel = example();
    await endCentury(excel.run, 1);
    await creditEvent(excel.run, "Race destroyed");
    const seen = await readStatus(excel.run);
    // Meanwhile the same event is credited again (the click whose answer was lost, seen as new).
    await creditEvent(excel.run, "Race destroyed", { again: true });
    const latest = seen.credits[0];
    const outcome = await undoLatestCredit(excel.run, {}, latest?.label, seen.head);
    expect(outcome.written).toBe(false);
    expect(outcome.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^the latest credit is now|^the book changed since the pane last read it/)]);
    // Read afresh, the pane names the latest, and it goes.
    const now = await readStatus(excel.run);
    expect((await undoLatestCredit(excel.run, {}, now.credits[0]?.label, now.head)).written).toBe(true);
  });
});

describe("the seal is written where it changes", () => {
  test("each credit adds its own rows at the seal's end and leaves the rows before as they are", async () => {
    const excel = example();
    await endCentury(excel.run, 1);
    const before = excel.book.values(SEAL_SHEET);
    await creditEvent(excel.run, "Race destroyed");
    const after = excel.book.values(SEAL_SHEET);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
    // What the next credit writes of the seal: its own rows only.
    const raw = { tables: new Map(), sheetNames: [SEAL_SHEET], generatedCells: new Map([[SEAL_SHEET, after]]) };
    const read = readCampaign({ ...(await readRaw(excel)), generatedCells: raw.generatedCells });
    const plan = planEvent(read, "God obliterated").plan;
    const seal = plan?.sheets.find((s) => s.name === SEAL_SHEET);
    if (seal === undefined) throw new Error("no seal planned");
    const item = sealItem({ ...(await readRaw(excel)) }, seal);
    expect(item.first).toBe(after.length);
    expect(item.rows.every((r) => r[0] === "account" || r[0] === "sheet")).toBe(true);
  });

  test("taking a credit back empties its rows at the end; the seal still proves the Ledger", async () => {
    const excel = example();
    await endCentury(excel.run, 1);
    const before = excel.book.values(SEAL_SHEET);
    await creditEvent(excel.run, "Race destroyed");
    const status = await readStatus(excel.run);
    await undoLatestCredit(excel.run, {}, status.credits[0]?.label, status.head);
    const after = excel.book.values(SEAL_SHEET);
    // The book's sheets the event added stay listed; every account row is as before.
    expect(after.filter((r) => r[0] === "account")).toEqual(before.filter((r) => r[0] === "account"));
    expect((await readStatus(excel.run)).problems.filter((p) => p.seal === true)).toEqual([]);
  });
});

describe("the book's head inside Excel", () => {
  test("the Ledger and its seal copied back from an earlier copy are named, and Correct the book answers it", async () => {
    const excel = example();
    await endCentury(excel.run, 1);
    const yesterday = excel.book.clone();
    await creditEvent(excel.run, "Race destroyed");
    expect(excel.book.names.get("godsbook")?.visible).toBe(false);
    // The two sheets put back as they were: their cells, and the Ledger table's size.
    for (const name of ["Ledger", SEAL_SHEET]) {
      const from = yesterday.sheet(name);
      const to = excel.book.sheet(name);
      if (from === undefined || to === undefined) throw new Error(`no ${name}`);
      to.cells.clear();
      for (const [k, c] of from.cells) to.cells.set(k, { ...c });
    }
    const table = excel.book.table("Ledger");
    if (table !== undefined) table.bodyRows = yesterday.table("Ledger")?.bodyRows ?? 0;
    const status = await readStatus(excel.run);
    expect(status.problems.filter((p) => p.head === true).map((p) => p.message)).toEqual([
      expect.stringMatching(/^this book ends 1 credit before the workbook's: the event "Race destroyed" in century 2 is missing/),
    ]);
    expect((await creditEvent(excel.run, "God obliterated")).written).toBe(false);
    expect((await correctBook(excel.run, "went back to last night's book")).written).toBe(true);
    expect((await creditEvent(excel.run, "God obliterated")).written).toBe(true);
  });
});

async function readRaw(excel: MemoryExcel) {
  const { readWorkbook } = await import("../../src/workbook/office/read");
  return excel.run((context) => readWorkbook(context));
}
