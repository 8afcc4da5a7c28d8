/**
 * The way back names what it finds as what it is. A genuine record stopped after its seal or its
 * head was written is finished, not called damaged; rows it wrote and the gamemaster changed
 * since are named as its own, changed by hand, cell by cell, and kept when the person chooses;
 * rows a record set aside had written are named as that action's, not as typed by hand.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { creditEvent, debitAccount, endCentury, undoLatestCredit } from "../../src/workbook/office/actions";
import { readWorkbook as readInExcel } from "../../src/workbook/office/read";
import { settleStopped } from "../../src/workbook/office/settle";
import { readStatus } from "../../src/workbook/office/tools";
import type { ExcelRun } from "../../src/workbook/office/run";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel, type MemoryWorkbook } from "../support/memoryExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { RealExcel } from "../support/realExcel";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-words-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

type Act = (run: ExcelRun) => Promise<unknown>;
const event: Act = (run) => creditEvent(run, "God obliterated");

/** The example with century 1 paid. */
async function paid(): Promise<MemoryWorkbook> {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  expect((await endCentury(excel.run, 1)).written).toBe(true);
  return excel.book;
}

/** `act` through Microsoft's client library on a copy of `book`, its write request cut after `actions` of its actions. */
async function cut(book: MemoryWorkbook, act: Act, actions: number): Promise<{ book: MemoryWorkbook; of: number }> {
  const excel = new RealExcel(book.clone());
  excel.fault = { at: 4, kind: "cut", actions };
  await expect(act(excel.run)).rejects.toThrow();
  return { book: excel.book, of: excel.faulted?.of ?? 0 };
}

const committing = (b: MemoryWorkbook) => [...b.settings.keys()].some((k) => k.startsWith("gods.commit."));
const sealRows = (b: MemoryWorkbook) => b.sheets.find((s) => s.name === "Ledger Seal")?.cells.size ?? 0;
const headOf = (b: MemoryWorkbook) => JSON.stringify([...b.names.entries()].find(([k]) => k.toLowerCase() === "godsbook"));

/** The first cut of `act` after which `found` holds while its record is still open. */
async function firstCut(book: MemoryWorkbook, act: Act, found: (b: MemoryWorkbook) => boolean): Promise<MemoryWorkbook> {
  const { of } = await cut(book, act, 1);
  let [low, high] = [1, of];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (committing((await cut(book, act, mid)).book)) high = mid;
    else low = mid + 1;
  }
  for (let n = low; n < of; n++) {
    const { book: at } = await cut(book, act, n);
    if (!committing(at)) break;
    if (found(at)) return at;
  }
  throw new Error("no such cut");
}

async function saved(book: MemoryWorkbook, name: string): Promise<string> {
  const file = path.join(dir, `${name}.xlsx`);
  await saveMemoryWorkbook(book, file);
  return file;
}

const ledgerOf = (file: string) => readPackage(openPackage(fs.readFileSync(file), file)).tables.get("ledger")?.rows ?? [];

describe("a genuine record stopped after its seal or its head was written", () => {
  let start: MemoryWorkbook;
  beforeAll(async () => {
    start = await paid();
  }, 60_000);

  for (const [what, found] of [
    ["its seal", (b: MemoryWorkbook) => sealRows(b) > sealRows(start)],
    ["its head", (b: MemoryWorkbook) => headOf(b) !== headOf(start)],
  ] as const) {
    test(`${what}: named as the credit it is, and finished as it was meant by gods recover and by the pane`, async () => {
      const book = await firstCut(start, event, found);
      const inExcel = await new MemoryExcel(book.clone()).run((context) => readInExcel(context));
      expect(inExcel.journal?.damaged ?? []).toEqual([]);
      expect(inExcel.journal?.open.map((o) => o.words)).toEqual(['the credit of the event "God obliterated" in century 2']);
      const file = await saved(book.clone(), `written-${what.slice(4)}`);
      const refused = await gods("century-end", file, "--century", "2", "--dry-run");
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/the credit of the event "God obliterated" in century 2 stopped part-way .*finish it first \(with gods recover\)/);
      expect(refused.err).not.toMatch(/damaged or not its own/);
      const done = await gods("recover", file, "--accept-warnings");
      expect(done.err).toBe("");
      expect(done.code).toBe(0);
      expect(done.out).toMatch(/it is finished as it was meant/);
      expect(
        ledgerOf(file)
          .slice(5)
          .map((r) => [r[3], r[5]]),
      ).toEqual([
        ["Vorn", 2],
        ["Demons", 1],
      ]);
      expect((await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings")).code).toBe(0);
      const pane = new MemoryExcel(book.clone());
      const [stopped] = (await readStatus(pane.run)).stopped;
      expect(stopped?.step).toBe("finish");
      expect((await settleStopped(pane.run, stopped?.id ?? "")).settled).toBe("finished");
      expect((await readStatus(pane.run)).problems.filter((p) => p.severity === "error")).toEqual([]);
    }, 300_000);
  }
});

/** Ledger row `index` (from 0) of `book`, its cell under `header` set to `value`, as a person types it. */
function typeCell(book: MemoryWorkbook, index: number, header: string, value: string | number): void {
  const t = book.table("Ledger");
  if (t === undefined) throw new Error("no Ledger");
  const c = Array.from({ length: t.columns }, (_, i) => t.sheet.cell(t.top, t.left + i).value).indexOf(header);
  t.sheet.cell(t.top + 1 + index, t.left + c).value = value;
}

const CHANGED =
  /a row it wrote was changed by hand: Ledger row 7 \(Vorn, event "God obliterated by Vorn", century 2, earned 2, paid 2\): What "God obliterated" → "God obliterated by Vorn"/;

describe("an event's credit cut after its Ledger rows were written, then one of them changed by hand", () => {
  let book: MemoryWorkbook;
  beforeAll(async () => {
    const start = await paid();
    const rows = start.table("Ledger")?.bodyRows ?? 0;
    book = await firstCut(start, event, (b) => (b.table("Ledger")?.bodyRows ?? 0) > rows + 1);
    typeCell(book, 5, "What", "God obliterated by Vorn");
  }, 300_000);

  test("named as its own row changed by hand, cell by cell, by the pane's reader, the refusals and gods recover", async () => {
    const inExcel = await new MemoryExcel(book.clone()).run((context) => readInExcel(context));
    expect(inExcel.journal?.damaged ?? []).toEqual([]);
    expect(inExcel.journal?.open.map((o) => o.typed?.map((t) => t.changed))).toEqual([
      [{ own: 0, cells: ['What "God obliterated" → "God obliterated by Vorn"'] }],
    ]);
    const file = await saved(book.clone(), "changed");
    const before = fs.readFileSync(file);
    const refused = await gods("century-end", file, "--century", "2", "--dry-run");
    expect(refused.code).toBe(2);
    expect(refused.err).not.toMatch(/damaged or not its own|added or copied by hand/);
    for (const args of [["--dry-run"], [], ["--accept-warnings"]]) {
      const held = await gods("recover", file, ...args);
      expect(held.code).toBe(2);
      expect(held.err).toMatch(CHANGED);
      expect(held.err).toMatch(/--keep-changes/);
      expect(held.err).not.toMatch(/typed into the Ledger/);
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("--keep-changes finishes the credit and keeps the change, which the book's checks then name as changed by hand", async () => {
    const file = await saved(book.clone(), "keep");
    const dry = await gods("recover", file, "--keep-changes", "--dry-run");
    expect(dry.code).toBe(3);
    expect(dry.out).toMatch(/a row it wrote keeps the change made by hand/);
    // Its rows were in the Ledger already, but nobody was told to hand their mana out: the finish makes them count.
    expect(dry.out).toMatch(/Mana it moves: Vorn is credited 2 mana, Demons is credited 1 mana\./);
    const done = await gods("recover", file, "--keep-changes", "--accept-warnings");
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/Hand 2 mana to Vorn's box at the distribution point\./);
    expect(
      ledgerOf(file)
        .slice(5)
        .map((r) => [r[2], r[3], r[5]]),
    ).toEqual([
      ["God obliterated by Vorn", "Vorn", 2],
      ["God obliterated", "Demons", 1],
    ]);
    const next = await gods("century-end", file, "--century", "2", "--dry-run");
    expect(next.code).toBe(2);
    expect(next.err).toMatch(/this row of Vorn's account was changed by hand since the add-in wrote it/);
    expect(next.err).not.toMatch(/stopped part-way/);
  });

  test("in the pane: the question names the change; Finish it keeping the changes writes the credit and keeps it", async () => {
    const pane = new MemoryExcel(book.clone());
    const [stopped] = (await readStatus(pane.run)).stopped;
    expect(stopped?.typed).toBe(true);
    expect(stopped?.changed).toBe(true);
    expect(stopped?.message).toMatch(CHANGED);
    await expect(settleStopped(pane.run, stopped?.id ?? "")).rejects.toThrow(/was not finished: since it stopped, a row it wrote was changed by hand/);
    const done = await settleStopped(pane.run, stopped?.id ?? "", {}, { belowTypedRows: true });
    expect(done.settled).toBe("finished");
    const rows = ledgerOf(await saved(pane.book, "pane-keep"));
    expect(rows.slice(5).map((r) => [r[2], r[3]])).toEqual([
      ["God obliterated by Vorn", "Vorn"],
      ["God obliterated", "Demons"],
    ]);
  });
});

describe("the words of a debit and of a take-back that stopped part-way", () => {
  test("a debit says who is debited how much, before and after the finish, and never that anyone is credited", async () => {
    const book = await firstCut(
      await paid(),
      (run) => debitAccount(run, "Solara", 1_000_000, "Lord's loss"),
      () => true,
    );
    const pane = new MemoryExcel(book.clone());
    const [stopped] = (await readStatus(pane.run)).stopped;
    expect(stopped?.message).toMatch(/^The debit "Lord's loss" in century 2 stopped part-way at/);
    expect(stopped?.message).toMatch(/Solara is debited 1,000,000 mana, and nothing comes out of a box/);
    expect(stopped?.message).not.toMatch(/credited|nobody collects/);
    const done = await settleStopped(pane.run, stopped?.id ?? "");
    expect(done.message).toMatch(/^Finished the debit "Lord's loss" in century 2, which had stopped part-way at \d\d:\d\d: .*Solara is debited 1,000,000 mana/);
    expect(done.message).not.toMatch(/credited|nobody collects/);
    const file = await saved(book.clone(), "debit-words");
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.out).toMatch(
      /^The debit "Lord's loss" in century 2 stopped inside Excel while it was being recorded: it is finished as it was meant \(the debit "Lord's loss" in century 2 written: Solara is debited 1,000,000 mana, and nothing comes out of a box\)/,
    );
    expect(dry.out).not.toMatch(/credited|nobody collects/);
  }, 300_000);

  test("a take-back says what comes back out of whose box", async () => {
    const start = await paid();
    await creditEvent(new MemoryExcel(start).run, "God obliterated");
    const book = await firstCut(
      start,
      (run) => undoLatestCredit(run),
      () => true,
    );
    const pane = new MemoryExcel(book.clone());
    const [stopped] = (await readStatus(pane.run)).stopped;
    expect(stopped?.message).toMatch(/taken back: take 2 mana back out of Vorn's box, take 1 mana back out of Demons's box/);
    expect(stopped?.message).not.toMatch(/credited:/);
    const done = await settleStopped(pane.run, stopped?.id ?? "");
    expect(done.message).toMatch(/Take 2 mana back out of Vorn's box at the distribution point/);
  }, 300_000);
});

describe("a record set aside after its action had written Ledger rows", () => {
  const GIFT = [2, "correction", "Gift from the referee", "Vorn", 5, 5, 0.645, "0.645"];
  let book: MemoryWorkbook;
  beforeAll(async () => {
    const start = await paid();
    const rows = start.table("Ledger")?.bodyRows ?? 0;
    book = await firstCut(start, event, (b) => (b.table("Ledger")?.bodyRows ?? 0) > rows + 1);
    // A row typed under the book since: the person keeps it and sets the record aside.
    const t = book.table("Ledger");
    if (t === undefined) throw new Error("no Ledger");
    GIFT.forEach((v, c) => (t.sheet.cell(t.top + 1 + t.bodyRows, t.left + c).value = v));
    t.bodyRows++;
  }, 300_000);

  const named =
    /Ledger table, row 7: this row of Vorn's account was written by the add-in for the credit of the event "God obliterated" in century 2, which stopped part-way and whose record was set aside/;

  test("gods recover --set-aside, then every command names its rows as the add-in's, not as added by hand", async () => {
    const file = await saved(book.clone(), "aside-written");
    const aside = await gods("recover", file, "--set-aside");
    expect(aside.code).toBe(0);
    for (const args of [
      ["century-end", file, "--century", "2", "--dry-run"],
      ["event", file, "Race destroyed", "--dry-run"],
    ]) {
      const next = await gods(...args);
      expect(next.code).toBe(2);
      expect(next.err).toMatch(named);
      expect(next.err).not.toMatch(/added or copied by hand|added by hand/);
    }
  });

  test("in the pane: set aside, its rows are named as the add-in's", async () => {
    const pane = new MemoryExcel(book.clone());
    const [stopped] = (await readStatus(pane.run)).stopped;
    expect((await settleStopped(pane.run, stopped?.id ?? "", {}, { setAside: true })).settled).toBe("set aside");
    const messages = (await readStatus(pane.run)).problems.map((p) => `${p.table} table, row ${p.row ?? ""}: ${p.message}`).join("\n");
    expect(messages).toMatch(named);
    expect(messages).not.toMatch(/added or copied by hand|added by hand/);
  });
});

describe("a genuine record whose workbook was changed after it stopped, so that planning it again is refused", () => {
  test("named as that, not as damaged; gods recover waits for the change to be put right (or --set-aside), then finishes it", async () => {
    const start = await paid();
    const book = await firstCut(start, event, () => true);
    // A column typed at the Ledger's right after the cut: the add-in refuses to write a Ledger with it.
    const t = book.table("Ledger");
    if (t === undefined) throw new Error("no Ledger");
    const noted = book.clone();
    const n = noted.table("Ledger");
    if (n === undefined) throw new Error("no Ledger");
    n.sheet.cell(n.top, n.left + n.columns).value = "Note";
    n.columns++;
    const inExcel = await new MemoryExcel(noted.clone()).run((context) => readInExcel(context));
    expect(inExcel.journal?.damaged?.map((d) => d.refused)).toEqual(['the credit of the event "God obliterated"']);
    const file = await saved(noted, "noted");
    const before = fs.readFileSync(file);
    for (const args of [
      ["recover", file],
      ["recover", file, "--dry-run"],
      ["century-end", file, "--century", "2"],
    ]) {
      const held = await gods(...args);
      expect(held.code).toBe(2);
      expect(held.err).toMatch(
        /record of the credit of the event "God obliterated" \(\w+\), which stopped part-way, cannot be finished on the workbook as it stands now \(Ledger table, row 1, column Note: the Ledger has a column "Note"/,
      );
      expect(held.err).toMatch(/If the workbook was changed after it stopped, put that right and the action can be finished/);
      expect(held.err).not.toMatch(/damaged or not its own/);
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    // The column taken out again: the same record is finished as it was meant.
    const back = await saved(book.clone(), "noted-back");
    expect((await gods("recover", back, "--accept-warnings")).code).toBe(0);
    expect(
      ledgerOf(back)
        .slice(5)
        .map((r) => r[3]),
    ).toEqual(["Vorn", "Demons"]);
    // Or set aside, by the person's choice.
    expect((await gods("recover", file, "--set-aside")).code).toBe(0);
    expect((await gods("recover", file)).out).toMatch(/^No action stopped part-way/);
  }, 300_000);
});
