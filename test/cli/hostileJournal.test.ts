/**
 * The journal as input: a file whose add-in settings hold a crafted or damaged record of an
 * unfinished action. `gods recover` never carries out what the record's action could not have
 * done: the record is named as damaged, in bounded words, and set aside, and every sheet and
 * table stays as it was. Each case is an attack that once deleted, renamed or wrote what it asked.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { endCentury } from "../../src/workbook/office/actions";
import { readPackage, openPackage } from "../../src/workbook/xlsx";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { gods } from "../support/cli";

let dir: string;
let paid: MemoryExcel;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-hostile-journal-"));
  // The example campaign with century 1 paid: a Ledger, its seal and the book's head to attack.
  paid = new MemoryExcel(memoryWorkbook(exampleTables()));
  expect((await endCentury(paid.run, 1)).written).toBe(true);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const COMPUTER = "mwzabcdef123456";
const ID = "crafted1";

/** An intent as the add-in writes one, with `over` laid on it. */
function intent(over: Record<string, unknown>): Record<string, unknown> {
  return {
    computer: COMPUTER,
    at: Date.now() - 60 * 60 * 1000,
    action: "century-end",
    words: "the end of century 2",
    done: "century 2 paid: nobody",
    temps: [],
    items: [],
    ...over,
  };
}

let n = 0;
/** The paid campaign saved with a crafted record in its settings (its commit begun when `reached` is given). */
async function crafted(record: unknown, reached?: number, extra: Record<string, string> = {}): Promise<string> {
  const book = paid.book.clone();
  book.settings.set(`gods.op.${ID}`, typeof record === "string" ? record : JSON.stringify(record));
  if (reached !== undefined) book.settings.set(`gods.commit.${ID}`, String(reached));
  for (const [k, v] of Object.entries(extra)) book.settings.set(k, v);
  const file = path.join(dir, `c${++n}.xlsx`);
  await saveMemoryWorkbook(book, file);
  return file;
}

/** What the campaign holds that an action could damage: its sheets, tables and book. */
function campaignOf(file: string) {
  const raw = readPackage(openPackage(fs.readFileSync(file), file));
  return { sheets: raw.sheetNames, tables: [...raw.tables.entries()], head: raw.bookHead, seal: raw.generatedCells?.get("Ledger Seal") };
}

/** Recover on a crafted file: the record named as damaged, set aside, nothing else changed, and the campaign accepted afterwards. */
async function setAside(file: string, why: RegExp): Promise<string> {
  const before = campaignOf(file);
  const refused = await gods("century-end", file, "--century", "2");
  expect(refused.code).toBe(2);
  expect(refused.err).toMatch(/record of an unfinished action .* is damaged or not its own/);
  expect(refused.err).toMatch(why);
  const dry = await gods("recover", file, "--dry-run");
  expect(dry.code).toBe(0);
  expect(dry.out).toMatch(/set aside, not carried out/);
  const done = await gods("recover", file);
  expect(done.code).toBe(0);
  expect(done.out.length).toBeLessThan(2000);
  expect(campaignOf(file)).toEqual(before);
  // The campaign goes on: the record is never read as an action again.
  const after = await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings");
  expect(after.err).not.toMatch(/unfinished action|stopped part-way/);
  expect(after.code).toBe(0);
  return done.out;
}

describe("a record that would delete or rename the gamemaster's sheets", () => {
  test("a take-back naming Gods, Cards, Ledger and its seal as its own sheets", async () => {
    const file = await crafted(
      intent({
        temps: [
          ["Gods", "Gods"],
          ["Cards", "Cards"],
          ["Ledger", "Ledger"],
          ["Ledger Seal", "Ledger Seal"],
        ],
      }),
    );
    await setAside(file, /names as its own a sheet the add-in never writes/);
  });

  test("a finish renaming a temporary Gods over the Ledger", async () => {
    const file = await crafted(intent({ temps: [["Gods", "Ledger"]], items: [{ kind: "swap", temp: "Gods", final: "Ledger", hidden: false }] }), 0);
    await setAside(file, /names as its own a sheet the add-in never writes/);
  });
});

describe("a record that would write what no action writes", () => {
  const ledgerItem = (over: Record<string, unknown>) => ({
    kind: "ledger",
    headers: ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry"],
    added: 0,
    formats: ["0", "@", "@", "@", "0.00", "0", "0.00"],
    layout: { name: "Ledger", headers: [], columnWidths: [], columnFormats: [], style: "TableStyleMedium2" },
    first: 0,
    rows: [],
    length: 0,
    ...over,
  });
  test.each([
    [
      "a century end that edits the Gods table (Solara → Zeus)",
      [{ kind: "edit", edit: { kind: "update", table: "Gods", index: 0, values: { God: "Zeus" } }, base: 5 }],
      /never changes|never writes edit items/,
    ],
    [
      "a century end that writes a Ledger cell",
      [{ kind: "edit", edit: { kind: "update", table: "Ledger", index: 1, values: { Paid: 4500 } }, base: 5 }],
      /never changes|never writes edit items/,
    ],
    ["a Ledger written from row −3", [ledgerItem({ first: -3, rows: [[2, "century-end", null, "Vorn", 1, 1, 0]], length: -2 })], /laid out|past its end/],
    ["an empty seal", [{ kind: "tail", sheet: "Ledger Seal", first: 0, rows: [], length: 0, width: 5 }], /empties the seal/],
    ["a Ledger step with no fields", [{ kind: "ledger" }], /has no headers/],
    [
      "an edit of a table that does not exist",
      [{ kind: "edit", edit: { kind: "update", table: "Nowhere", index: 0, values: {} }, base: 0 }],
      /never changes|never writes edit items/,
    ],
    ["a setting of another computer", [{ kind: "setting", key: "gods.done.someoneelse", value: null }], /not its computer's own/],
    ["a head given as a number", [{ kind: "name", name: "GodsBook", formula: 12 }], /book's head is not text/],
  ])("%s", async (_, items, why) => {
    await setAside(await crafted(intent({ items }), 0), why);
  });

  test("a rename of row 100,000,000, and one without names", async () => {
    const rename = (values: unknown) =>
      intent({ action: "rename", items: [{ kind: "edit", edit: { kind: "update", table: "Gods", index: 1e8, values }, base: 0 }] });
    await setAside(await crafted(rename({ God: "Zeus" }), 0), /changes row 100000000 of the Gods table/);
    await setAside(
      await crafted(intent({ action: "rename", items: [{ kind: "edit", edit: { kind: "update", table: "Gods", index: 0 }, base: 0 }] }), 0),
      /has no values/,
    );
  });

  test("objects in Ledger rows, and seal rows of null", async () => {
    await setAside(await crafted(intent({ items: [{ kind: "tail", sheet: "Ledger Seal", first: 0, rows: [null], length: 1, width: 5 }] }), 0), /is not a list/);
    await setAside(await crafted(intent({ items: [{ kind: "setting", key: `gods.paid.${COMPUTER}`, value: { a: 1 } }] }), 0), /is not text/);
  });

  test("a take-back whose claim names another computer's list of done actions", async () => {
    await setAside(await crafted(intent({ claim: "gods.done.another" })), /claim is not its computer's own/);
  });

  test("20,000 Deaths rows appended: refused by their number, before any is looked at", async () => {
    const rows = Array.from({ length: 20_000 }, () => ({ Century: 2, Cause: "war", Units: 1 }));
    const out = await setAside(
      await crafted(intent({ action: "deaths", items: [{ kind: "edit", edit: { kind: "append", table: "Deaths", rows }, base: 0 }] }), 0),
      /more than 5,000/,
    );
    expect(out).not.toMatch(/Century/);
  });
});

describe("records that are not records", () => {
  test.each([
    ["not JSON", "{oops"],
    ["nested 5,000 deep", `${"[".repeat(5000)}${"]".repeat(5000)}`],
    ["a time that cannot be a time", JSON.stringify(intent({ at: 1e300 }))],
    ["an action nobody knows", JSON.stringify(intent({ action: "format-disk" }))],
  ])("%s", async (_, record) => {
    await setAside(await crafted(record), /not a record the add-in writes|time is not a time|action is not one the add-in knows/);
  });

  test("words of 20 MB are shown cut", async () => {
    const file = await crafted(intent({ words: "x".repeat(20_000_000) }));
    const refused = await gods("century-end", file, "--century", "2");
    expect(refused.code).toBe(2);
    expect(refused.err.length).toBeLessThan(2000);
  });

  test("20,000 open actions: five named, the rest counted", async () => {
    const many = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`gods.op.many${i}`, JSON.stringify(intent({}))]));
    const file = await crafted(intent({}), undefined, many);
    const refused = await gods("century-end", file, "--century", "2");
    expect(refused.code).toBe(2);
    expect(refused.err.length).toBeLessThan(5000);
    expect(refused.err).toMatch(/… and 19,996 more records of unfinished actions/);
  });
});

describe("crafted done entries", () => {
  test("two entries that would explain a sound Ledger as mixed by two computers: the Ledger is accepted and nothing is put right", async () => {
    const [, ...rows] = paid.book.values("Ledger");
    // Each entry's rows differ from the Ledger in one cell, so every cell is one's or the other's and neither is whole.
    const alter = (r: number) => rows.map((row, i) => row.map((v, c) => (i === r && c === 5 ? 999 : v)));
    const entry = (computer: string, r: number, at: number) => [
      { id: `d${computer}`, at, words: "the end of century 1", done: "century 1 paid", book: { ledger: { kind: "ledger", first: 0, rows: alter(r) } } },
    ];
    const file = await crafted("{damaged", undefined, {
      [`gods.done.aaaa1111`]: JSON.stringify(entry("aaaa1111", 0, Date.now() - 1000)),
      [`gods.done.bbbb2222`]: JSON.stringify(entry("bbbb2222", 1, Date.now())),
    });
    // The crafted open record goes first; then the Ledger must read as it is: sound.
    await setAside(file, /.*/);
    const before = campaignOf(file);
    const recovered = await gods("recover", file);
    expect(recovered.out).toMatch(/nothing to finish or take back/);
    expect(campaignOf(file)).toEqual(before);
  });
});
