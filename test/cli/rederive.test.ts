/**
 * A finish is planned again, not replayed: an open action's record that would credit what the
 * same action planned on this workbook does not (its rows planned on a copy where Vorn held 1,000
 * more War cards) is named and set aside, by `gods recover` and by the pane's reader alike, while
 * the genuine record of the same action, stopped at the same place, is finished as it was meant.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { endCentury } from "../../src/workbook/office/actions";
import { readWorkbook as readInExcel } from "../../src/workbook/office/read";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { edit, exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel, type MemoryWorkbook } from "../support/memoryExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { RealExcel } from "../support/realExcel";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-rederive-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The example with Vorn's War cards raised by 1,000: what a forger plans the century on. */
const richerVorn = () =>
  edit((t) => {
    const row = (t.Cards ?? []).find((r) => r[0] === "Vorn" && r[1] === "War");
    if (row === undefined) throw new Error("no War cards of Vorn's in the example");
    row[2] = 1003;
  }, exampleTables());

/** An end of century 1 through Microsoft's client library, its write request cut after `actions` of its actions. */
async function stoppedCenturyEnd(book: MemoryWorkbook, actions: number): Promise<{ book: MemoryWorkbook; of: number }> {
  const excel = new RealExcel(book);
  // Two reads and the claim, then the write.
  excel.fault = { at: 4, kind: "cut", actions };
  await expect(endCentury(excel.run, 1)).rejects.toThrow();
  return { book: excel.book, of: excel.faulted?.of ?? 0 };
}

/** A century end stopped within its commit (the file Excel saved then), with `change` laid on its record. */
async function stoppedInCommit(name: string, change: (record: Record<string, unknown>) => Record<string, unknown> = (r) => r): Promise<string> {
  const { of } = await stoppedCenturyEnd(memoryWorkbook(exampleTables()), 3);
  const { book } = await stoppedCenturyEnd(memoryWorkbook(exampleTables()), of - 10);
  const [key, value] = [...book.settings].find(([k]) => k.startsWith("gods.op.")) ?? ["", "{}"];
  expect([...book.settings.keys()].some((k) => k.startsWith("gods.commit."))).toBe(true);
  book.settings.set(key, JSON.stringify(change(JSON.parse(value) as Record<string, unknown>)));
  const file = path.join(dir, `${name}.xlsx`);
  await saveMemoryWorkbook(book, file);
  return file;
}

const ledgerOf = (file: string) => readPackage(openPackage(fs.readFileSync(file), file)).tables.get("ledger");

describe("a record whose credit planning the same action would not make", () => {
  test("a century end planned where Vorn held 1,000 more cards is named, set aside, and credits nobody", async () => {
    // Only the intent of the forger's century end reaches the settings: its items carry their Ledger rows.
    const { book: forger } = await stoppedCenturyEnd(memoryWorkbook(richerVorn()), 3);
    const [key, value] = [...forger.settings].find(([k]) => k.startsWith("gods.op.")) ?? ["", "{}"];
    const record = JSON.parse(value) as { items: { kind: string; rows?: unknown[][] }[] };
    const vorn = record.items.find((i) => i.kind === "ledger")?.rows?.find((r) => r[3] === "Vorn");
    // Worship ×(1 + 0.1 × 1003) and more: far beyond the 45 the genuine campaign pays Vorn.
    expect(Number(vorn?.[5])).toBeGreaterThan(1000);

    // Laid into the genuine campaign, its commit begun.
    const book = memoryWorkbook(exampleTables());
    book.settings.set(key, value);
    book.settings.set(`gods.commit.${key.slice("gods.op.".length)}`, "0");
    const file = path.join(dir, "forged.xlsx");
    await saveMemoryWorkbook(book, file);
    // Inside Excel, the pane's reader names it among the damaged records: never an action to finish.
    const inExcel = await new MemoryExcel(book).run((context) => readInExcel(context));
    expect(inExcel.journal?.open).toEqual([]);
    expect(inExcel.journal?.damaged?.map((d) => d.why)).toEqual([
      "what it would write to the Ledger is not what the end of century 1 writes when planned again",
    ]);

    const refused = await gods("century-end", file, "--century", "1");
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/is damaged or not its own/);
    expect(refused.err).toMatch(/not what the end of century 1 writes when planned again/);
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.out).toMatch(/set aside, not carried out/);
    expect(dry.out).not.toMatch(/Ledger rows .* written/);
    const done = await gods("recover", file);
    expect(done.code).toBe(0);
    expect(ledgerOf(file)).toBeUndefined();
    // The century is then paid as the campaign says: Vorn 45, not the forger's figure.
    const paid = await gods("century-end", file, "--century", "1", "--accept-warnings", "--json");
    expect(paid.code).toBe(0);
    expect(ledgerOf(file)?.rows.find((r) => r[3] === "Vorn")?.[5]).toBe(45);
  });

  test("the genuine record of the same century end, stopped within its commit, is finished as planned", async () => {
    const file = await stoppedInCommit("genuine");
    const done = await gods("recover", file);
    expect(done.code).toBe(0);
    expect(done.out).toMatch(
      /^The end of century 1 stopped inside Excel while it was being recorded: it is finished as it was meant \(century 1 paid: Solara 21, Vorn 45/,
    );
    expect(ledgerOf(file)?.rows.find((r) => r[3] === "Vorn")?.[5]).toBe(45);
  });

  test("the words shown are made from what was asked, not taken from the record", async () => {
    const file = await stoppedInCommit("lying", (r) => ({ ...r, words: "a harmless look at the sheets", done: "nothing paid" }));
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.out).toMatch(/^The end of century 1 stopped inside Excel/);
    expect(dry.out).not.toMatch(/harmless|nothing paid/);
  });

  test("a record of a book-writing action that does not say what was asked cannot write the book", async () => {
    // Stopped as its commit began: the Ledger, its seal and its head are all still to write.
    const { book } = await stoppedCenturyEnd(memoryWorkbook(exampleTables()), 3);
    const [key, value] = [...book.settings].find(([k]) => k.startsWith("gods.op.")) ?? ["", "{}"];
    const record = JSON.parse(value) as Record<string, unknown>;
    delete record.asked;
    book.settings.set(key, JSON.stringify(record));
    book.settings.set(`gods.commit.${key.slice("gods.op.".length)}`, "0");
    const file = path.join(dir, "unasked.xlsx");
    await saveMemoryWorkbook(book, file);
    const refused = await gods("century-end", file, "--century", "1");
    expect(refused.err).toMatch(/does not say what was asked/);
    // Named as what it is: the record of an older version, not a damaged or foreign one.
    expect(refused.err).toMatch(/was written by an older version of the add-in, which did not keep what was asked/);
    expect(refused.err).not.toMatch(/damaged or not its own/);
    const inExcel = await new MemoryExcel(book).run((context) => readInExcel(context));
    expect(inExcel.journal?.damaged?.map((d) => d.older)).toEqual([true]);
    expect((await gods("recover", file)).code).toBe(0);
    expect(ledgerOf(file)).toBeUndefined();
  });
});
