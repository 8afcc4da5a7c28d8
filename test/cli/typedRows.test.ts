/**
 * A finish owns only the rows its action wrote. An action is cut inside Excel after its record is
 * written; the gamemaster then types a Ledger row below the book. `gods recover` (and the pane's
 * reader) name the typed row instead of writing over it, and offer two ways on, the person
 * choosing: the action's rows written below the typed row, or the record set aside with the
 * typed row kept. A finish that moves mana shows whose and how much, and waits for
 * --accept-warnings; after a take-back it says what comes back out of whose box.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { creditEvent, debitAccount, endCentury, undoLatestCredit } from "../../src/workbook/office/actions";
import { readWorkbook as readInExcel } from "../../src/workbook/office/read";
import { settleAllStopped, settleStopped } from "../../src/workbook/office/settle";
import { readStatus, recordDeaths } from "../../src/workbook/office/tools";
import type { ExcelRun } from "../../src/workbook/office/run";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel, type MemoryWorkbook } from "../support/memoryExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { RealExcel } from "../support/realExcel";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-typed-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The example with century 1 paid (and, with `event`, "God obliterated" credited in century 2). */
async function paid(event = false): Promise<MemoryWorkbook> {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  expect((await endCentury(excel.run, 1)).written).toBe(true);
  if (event) await creditEvent(excel.run, "God obliterated");
  return excel.book;
}

type Act = (run: ExcelRun) => Promise<unknown>;

/** `act` through Microsoft's client library on a copy of `book`, its write request cut after `actions` of its actions. */
async function cut(book: MemoryWorkbook, act: Act, actions: number, at = 4): Promise<{ book: MemoryWorkbook; of: number }> {
  const excel = new RealExcel(book.clone());
  // Two reads and the claim, then the write (an action that pays nobody claims nothing: `at` 3).
  excel.fault = { at, kind: "cut", actions };
  await expect(act(excel.run)).rejects.toThrow();
  return { book: excel.book, of: excel.faulted?.of ?? 0 };
}

const committing = (b: MemoryWorkbook) => [...b.settings.keys()].some((k) => k.startsWith("gods.commit."));

/** `act` stopped just as its commit began: its record written, nothing of the book yet (the first such cut, found by halving). */
async function committed(book: MemoryWorkbook, act: Act, at = 4): Promise<MemoryWorkbook> {
  const { of } = await cut(book, act, 1, at);
  let [low, high] = [1, of];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (committing((await cut(book, act, mid, at)).book)) high = mid;
    else low = mid + 1;
  }
  const { book: found } = await cut(book, act, low, at);
  expect(committing(found)).toBe(true);
  return found;
}

/** A row typed by the gamemaster right under the Ledger (Excel grows the table to take it). */
function typeRow(book: MemoryWorkbook, row: (string | number | null)[]): void {
  const t = book.table("Ledger");
  if (t === undefined) throw new Error("no Ledger");
  row.forEach((v, c) => (t.sheet.cell(t.top + 1 + t.bodyRows, t.left + c).value = v));
  t.bodyRows++;
}

const GIFT = [2, "correction", "Gift from the referee", "Vorn", 5, 5, 0.645, "0.645"];

async function saved(book: MemoryWorkbook, name: string): Promise<string> {
  const file = path.join(dir, `${name}.xlsx`);
  await saveMemoryWorkbook(book, file);
  return file;
}

const ledgerOf = (file: string) => readPackage(openPackage(fs.readFileSync(file), file)).tables.get("ledger")?.rows ?? [];
const openOf = (file: string) => readPackage(openPackage(fs.readFileSync(file), file)).journal?.open ?? [];

const event: Act = (run) => creditEvent(run, "God obliterated");

describe("an event's credit cut after its record, then a Ledger row typed below the book", () => {
  let book: MemoryWorkbook;
  beforeAll(async () => {
    book = await committed(await paid(), event);
    typeRow(book, GIFT);
  }, 300_000);

  test("the pane's reader and gods recover name the typed row, and nothing is written over it", async () => {
    const inExcel = await new MemoryExcel(book.clone()).run((context) => readInExcel(context));
    expect(inExcel.journal?.damaged ?? []).toEqual([]);
    expect(inExcel.journal?.open.map((o) => o.typed?.map((t) => t.index))).toEqual([[5]]);

    const file = await saved(book.clone(), "typed");
    const before = fs.readFileSync(file);
    for (const args of [["--dry-run"], [], ["--accept-warnings"]]) {
      const refused = await gods("recover", file, ...args);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(
        /a row was typed into the Ledger where it writes: Ledger row 7 \(Vorn, correction "Gift from the referee", century 2, earned 5, paid 5\)/,
      );
      expect(refused.err).toMatch(/--below-typed-rows/);
      expect(refused.err).toMatch(/--set-aside/);
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("--below-typed-rows shows the mana it moves and waits; accepted, the credit goes below the typed row, which stays", async () => {
    const file = await saved(book.clone(), "below");
    const before = fs.readFileSync(file);
    const dry = await gods("recover", file, "--below-typed-rows", "--dry-run");
    expect(dry.code).toBe(3);
    expect(dry.out).toMatch(
      /- Ledger rows 8 to 9 added \(it held 6 rows\): "Vorn" \(event "God obliterated" century 2\) earned 2, paid 2, "Demons" \(event "God obliterated" century 2\) earned 1, paid 1\./,
    );
    expect(dry.out).toMatch(
      /Kept the Ledger rows typed or changed by hand since it stopped \(Ledger row 7 .*\): the typed rows stay, its own rows go below them;/,
    );
    expect(dry.out).toMatch(/Mana it moves: Vorn is credited 2 mana, Demons is credited 1 mana\./);
    const held = await gods("recover", file, "--below-typed-rows");
    expect(held.code).toBe(3);
    expect(held.out.split("\n").filter((l) => l.startsWith("- "))).toEqual(dry.out.split("\n").filter((l) => l.startsWith("- ")));
    expect(held.err).toMatch(/Finishing the credit of the event "God obliterated" in century 2 moves mana: Vorn is credited 2 mana, Demons is credited 1 mana/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const done = await gods("recover", file, "--below-typed-rows", "--accept-warnings");
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/Hand 2 mana to Vorn's box at the distribution point\./);
    const rows = ledgerOf(file);
    expect(rows.slice(5)).toEqual([
      GIFT,
      [2, "event", "God obliterated", "Vorn", 2, 2, 0.645, "0.645"],
      [2, "event", "God obliterated", "Demons", 1, 1, 0.6, "0.6"],
    ]);
    expect(openOf(file)).toEqual([]);
  });

  test("in the pane: the question names the typed row and the mana; Finish it alone writes nothing; below the typed row, or set aside, as chosen", async () => {
    const pane = new MemoryExcel(book.clone());
    const status = await readStatus(pane.run);
    const [stopped] = status.stopped;
    expect(stopped?.typed).toBe(true);
    expect(stopped?.message).toMatch(
      /a row was typed into the Ledger where it writes: Ledger row 7 \(Vorn, correction "Gift from the referee", century 2, earned 5, paid 5\)/,
    );
    expect(stopped?.message).toMatch(/Finishing it moves mana: Vorn is credited 2 mana, Demons is credited 1 mana\./);
    const before = JSON.stringify(pane.book.table("Ledger")?.bodyRows);
    await expect(settleStopped(pane.run, stopped?.id ?? "")).rejects.toThrow(
      /was not finished: since it stopped, a row was typed into the Ledger where it writes: Ledger row 7 /,
    );
    expect(JSON.stringify(pane.book.table("Ledger")?.bodyRows)).toBe(before);

    const below = await settleStopped(pane.run, stopped?.id ?? "", {}, { belowTypedRows: true });
    expect(below.settled).toBe("finished");
    expect(below.message).toMatch(/Vorn is credited 2 mana\. Demons is credited 1 mana\. Hand 2 mana to Vorn's box/);
    const file = await saved(pane.book, "pane-below");
    expect(
      ledgerOf(file)
        .slice(5)
        .map((r) => r.slice(1, 6)),
    ).toEqual([
      ["correction", "Gift from the referee", "Vorn", 5, 5],
      ["event", "God obliterated", "Vorn", 2, 2],
      ["event", "God obliterated", "Demons", 1, 1],
    ]);

    const other = new MemoryExcel(book.clone());
    const aside = await settleStopped(other.run, stopped?.id ?? "", {}, { setAside: true });
    expect(aside.settled).toBe("set aside");
    expect(aside.message).toMatch(/the Ledger rows typed since it stopped stay as they are/);
    const asideFile = await saved(other.book, "pane-aside");
    expect(ledgerOf(asideFile).slice(5)).toEqual([GIFT]);
    expect(openOf(asideFile)).toEqual([]);
  });

  test("--set-aside keeps the typed row and makes nothing of the credit", async () => {
    const file = await saved(book.clone(), "aside");
    const done = await gods("recover", file, "--set-aside");
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/is set aside, not carried out, to keep the Ledger rows typed or changed by hand since it stopped/);
    expect(ledgerOf(file).slice(5)).toEqual([GIFT]);
    expect(openOf(file)).toEqual([]);
    expect((await gods("recover", file)).out).toMatch(/^No action stopped part-way/);
  });
});

describe("a take-back cut after its record, then a row typed below the credit it takes back", () => {
  let book: MemoryWorkbook;
  beforeAll(async () => {
    book = await committed(await paid(true), (run) => undoLatestCredit(run));
    typeRow(book, GIFT);
  }, 300_000);

  test("named, not called damaged; finished around the typed row, it removes the credit's rows with their figures and says what comes back out of whose box", async () => {
    const inExcel = await new MemoryExcel(book.clone()).run((context) => readInExcel(context));
    expect(inExcel.journal?.damaged ?? []).toEqual([]);
    expect(inExcel.journal?.open.map((o) => o.typed?.map((t) => t.index))).toEqual([[7]]);
    const file = await saved(book.clone(), "undo");
    const refused = await gods("recover", file);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/Ledger row 9 \(Vorn, correction "Gift from the referee"/);
    const dry = await gods("recover", file, "--below-typed-rows", "--dry-run");
    expect(dry.code).toBe(3);
    expect(dry.out).toMatch(
      /- Ledger rows 7 to 8 \(as it holds them now\) removed, 2 in all: "Vorn" \(event "God obliterated" century 2\) earned 2, paid 2, "Demons" \(event "God obliterated" century 2\) earned 1, paid 1\./,
    );
    expect(dry.out).toMatch(/Mana it moves: Vorn's credit of 2 mana is taken back, Demons's credit of 1 mana is taken back\./);
    const done = await gods("recover", file, "--below-typed-rows", "--accept-warnings");
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/Take 2 mana back out of Vorn's box at the distribution point/);
    expect(done.out).toMatch(/Take 1 mana back out of Demons's box/);
    expect(ledgerOf(file).slice(5)).toEqual([GIFT]);

    // The pane finishes it the same way, and says what comes back out of whose box.
    const pane = new MemoryExcel(book.clone());
    const id = (await readStatus(pane.run)).stopped[0]?.id ?? "";
    const settled = await settleStopped(pane.run, id, {}, { belowTypedRows: true });
    expect(settled.message).toMatch(/Take 2 mana back out of Vorn's box at the distribution point/);
    expect(ledgerOf(await saved(pane.book, "pane-undo")).slice(5)).toEqual([GIFT]);
  });
});

describe("a debit of 1,000,000 mana cut after its record", () => {
  test("the dry run and the refusal name the god, the amount and the direction, and nothing comes out of a box", async () => {
    const book = await committed(await paid(), (run) => debitAccount(run, "Solara", 1_000_000, "Lord's loss"));
    const inExcel = await new MemoryExcel(book.clone()).run((context) => readInExcel(context));
    expect(inExcel.journal?.open.map((o) => o.typed)).toEqual([undefined]);
    const file = await saved(book, "debit");
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.code).toBe(3);
    expect(dry.out).toMatch(/- Ledger row 7 added \(it held 5 rows\): "Solara" \(debit "Lord's loss" century 2\) earned -1,000,000, paid 0\./);
    expect(dry.out).toMatch(/Once written: Solara is debited 1,000,000 mana: nothing comes out of its box/);
    const held = await gods("recover", file);
    expect(held.code).toBe(3);
    expect(held.err).toMatch(/moves mana: Solara is debited 1,000,000 mana/);
    expect((await gods("recover", file, "--accept-warnings")).code).toBe(0);
    expect(ledgerOf(file)[5]?.slice(3, 6)).toEqual(["Solara", -1_000_000, 0]);
  });
});

describe("two actions open at once: an event's credit and deaths recorded, each cut after its record", () => {
  let book: MemoryWorkbook;
  beforeAll(async () => {
    const start = await paid();
    book = await committed(start, event);
    const deaths = await committed(start, (run) => recordDeaths(run, { cause: "war", units: 3 }), 3);
    // The second record laid beside the first, begun a minute later.
    for (const [key, value] of deaths.settings) {
      if (!key.startsWith("gods.op.") && !key.startsWith("gods.commit.")) continue;
      book.settings.set(key, key.startsWith("gods.op.") ? JSON.stringify({ ...(JSON.parse(value) as object), at: Date.now() + 60_000 }) : value);
    }
  }, 300_000);

  test("neither is called damaged; gods recover settles both in one run, each shown, in the order they began", async () => {
    const inExcel = await new MemoryExcel(book.clone()).run((context) => readInExcel(context));
    expect(inExcel.journal?.damaged ?? []).toEqual([]);
    expect(inExcel.journal?.open.map((o) => o.action).sort()).toEqual(["deaths", "event"]);
    const file = await saved(book.clone(), "two");
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.code).toBe(3);
    expect(dry.out).toMatch(
      /^2 records of actions that stopped part-way, settled in the order they began:\nThe credit of the event "God obliterated" in century 2 stopped inside Excel/,
    );
    expect(dry.out.split("\n").filter((l) => / stopped inside Excel while it was being recorded: it is finished as it was meant/.test(l))).toHaveLength(2);
    const done = await gods("recover", file, "--accept-warnings", "--json");
    expect(done.code).toBe(0);
    const answer = JSON.parse(done.out) as { steps: { step: string }[] };
    expect(answer.steps.map((s) => s.step)).toEqual(["finished", "finished"]);
    expect(openOf(file)).toEqual([]);
    expect(
      ledgerOf(file)
        .slice(5)
        .map((r) => r[3]),
    ).toEqual(["Vorn", "Demons"]);
    expect((await gods("recover", file)).out).toMatch(/^No action stopped part-way/);
  });

  test("the pane settles both in one step", async () => {
    const pane = new MemoryExcel(book.clone());
    expect((await readStatus(pane.run)).stopped.map((s) => s.step)).toEqual(["finish", "finish"]);
    const settled = await settleAllStopped(pane.run);
    expect(settled.message).toMatch(/^1\. Finished the credit of the event "God obliterated".* 2\. Finished /);
    expect((await readStatus(pane.run)).stopped).toEqual([]);
  });
});

describe("a take-back before the commit, with a visible sheet under one of its temporary names", () => {
  test("the visible sheet is the gamemaster's: kept by gods recover and by the pane, and the dry run says so", async () => {
    // The first century end, cut before its commit: its temporary sheets are written, hidden.
    const excel = new RealExcel(memoryWorkbook(exampleTables()));
    excel.fault = { at: 4, kind: "cut", actions: 20 };
    await expect(endCentury(excel.run, 1)).rejects.toThrow();
    const book = excel.book;
    expect(committing(book)).toBe(false);
    const mine = book.sheets.find((s) => s.name.startsWith("~"));
    if (mine === undefined) throw new Error(`no temporary sheet: ${book.sheets.map((x) => x.name).join(", ")} ${[...book.settings.keys()].join(", ")}`);
    expect(mine.visibility).not.toBe("Visible");
    mine.visibility = "Visible";
    const name = mine.name;

    const file = await saved(book.clone(), "visible");
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`Kept the visible sheet "${name}": the add-in writes its temporary sheets hidden, so this one is yours, whatever the name.`);
    expect(dry.out).not.toMatch(new RegExp(`Removed the hidden sheets it had begun: [^\\n]*${name.replace(/[~ ]/g, ".")}`));
    expect((await gods("recover", file)).code).toBe(0);
    const after = readPackage(openPackage(fs.readFileSync(file), file));
    expect(after.sheetNames.filter((n) => n.startsWith("~"))).toEqual([name]);

    const pane = new MemoryExcel(book.clone());
    const id = (await readStatus(pane.run)).stopped[0]?.id ?? "";
    expect((await settleStopped(pane.run, id)).settled).toBe("taken back");
    expect(pane.book.sheets.map((s) => s.name).filter((n) => n.startsWith("~"))).toEqual([name]);
  });
});
