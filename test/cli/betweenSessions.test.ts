/**
 * `gods session-end` and `gods cards` on workbook files: the example campaign of `gods init
 * --example` (Excel tables). Written in place, a new Sessions sheet and table part and a Mana
 * column in the Gods table, read back with openpyxl; every other part byte for byte; --dry-run
 * and bad input leave the file byte-identical; --json prints one object.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { gods } from "../support/cli";
import { PYTHON, pythonScript } from "../support/python";

let dir: string;
let example: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-between-"));
  example = path.join(dir, "example.xlsx");
  expect((await gods("init", example, "--example")).code).toBe(0);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let copies = 0;
function fresh(): string {
  const file = path.join(dir, `campaign-${++copies}.xlsx`);
  fs.copyFileSync(example, file);
  return file;
}

type Cell = string | number | boolean | null;
type Sheets = Record<string, { rows: Cell[][]; tables: Record<string, string> }>;
const openpyxl = (file: string) => JSON.parse(execFileSync(PYTHON, [pythonScript("read_tables.py"), file], { encoding: "utf8", timeout: 60000 })) as Sheets;
const partsOf = (file: string) => openPackage(new Uint8Array(fs.readFileSync(file)), file).parts;
function changed(before: ReadonlyMap<string, Uint8Array>, after: ReadonlyMap<string, Uint8Array>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => !Buffer.from(before.get(n) ?? []).equals(Buffer.from(after.get(n) ?? [0]))).sort();
}

describe("gods session-end", () => {
  test("the latest session wins by its date: an older session's end is recorded, and leaves the Mana column alone", async () => {
    const file = fresh();
    expect((await gods("session-end", file, "--mana", "Solara=60", "--mana", "Vorn=70", "--date", "2026-03-14")).code).toBe(0);
    // The session of a week before, recorded afterwards (or by a second referee at the same time).
    const late = await gods("session-end", file, "--mana", "Vorn=12", "--date", "2026-03-07");
    expect(late.code).toBe(0);
    expect(late.out).toContain(
      "A later session is recorded already (2026-03-14): the Gods table's Mana column keeps its figures, and the inflation advice reads them.",
    );
    expect(late.out).toContain("Vorn: 12 (Mana left at 70: the session of 2026-03-14 is later)");
    const sheets = openpyxl(file);
    expect(sheets.Gods?.rows.find((r) => r[0] === "Vorn")?.at(-1)).toBe(70);
    expect(sheets.Sessions?.rows.filter((r) => r[2] === "Vorn").map((r) => [r[0], r[3]])).toEqual([
      ["2026-03-14", 70],
      ["2026-03-07", 12],
    ]);
    // A session after it does change it.
    expect((await gods("session-end", file, "--mana", "Vorn=15", "--date", "2026-03-21")).code).toBe(0);
    expect(
      openpyxl(file)
        .Gods?.rows.find((r) => r[0] === "Vorn")
        ?.at(-1),
    ).toBe(15);
  });

  test("in place: a Sessions sheet with its table, the Gods table's Mana column; nothing else changes", async () => {
    const file = fresh();
    const before = partsOf(file);
    const r = await gods("session-end", file, "--mana", "Solara=60", "--mana", "Vorn=70", "--date", "2026-03-14");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe(
      "Recorded the mana of 2 characters at the end of the session of 2026-03-14 (century 1 in play). The workbook had no Sessions table; it has one now. The Gods table has a Mana column now. Average 65 mana a character: the inflation advice is a factor of 0.5 on every mana source.",
    );
    expect(changed(before, partsOf(file))).toEqual([
      "[Content_Types].xml",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/tables/table1.xml",
      "xl/tables/table9.xml",
      "xl/workbook.xml",
      "xl/worksheets/_rels/sheet9.xml.rels",
      "xl/worksheets/sheet1.xml",
      "xl/worksheets/sheet9.xml",
    ]);
    const book = openpyxl(file);
    expect(book.Sessions).toEqual({
      rows: [
        ["Date", "Century", "God", "Mana"],
        ["2026-03-14", 1, "Solara", 60],
        ["2026-03-14", 1, "Vorn", 70],
      ],
      tables: { Sessions: "A1:D3" },
    });
    expect(book.Gods?.tables).toEqual({ Gods: "A1:C6" });
    expect(book.Gods?.rows.map((row) => row[2])).toEqual(["Mana", 60, 70, null, null, null]);
    // The next session adds its rows under the first's; the same date again corrects them.
    expect((await gods("session-end", file, "--mana", "Kettu=5", "--date", "2026-04-01")).code).toBe(0);
    expect((await gods("session-end", file, "--mana", "Kettu=6", "--date", "2026-04-01")).code).toBe(0);
    expect(openpyxl(file).Sessions?.rows.slice(3)).toEqual([["2026-04-01", 1, "Kettu", 6]]);
  });

  test("--dry-run and --json: the file byte-identical, one object", async () => {
    const file = fresh();
    const bytes = fs.readFileSync(file);
    const r = await gods("session-end", file, "--mana", "Solara=12", "--date", "2026-03-14", "--dry-run", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      session: "2026-03-14",
      century: 1,
      written: false,
      message: expect.stringMatching(/^Recorded the mana of 1 character/) as unknown,
      recorded: [{ god: "Solara", mana: 12, before: null, corrected: false }],
      inflation: { average: 12, factor: 1, characters: 1 },
      warnings: [],
    });
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  test.each([
    [["--mana", "Vron=3"], 'gods session-end: --mana: "Vron" is not in the Gods table. Did you mean "Vorn"? Nothing was written.'],
    [["--mana", "Vorn=-3"], "Gods table, column Mana: Vorn's mana is -3, below 0"],
    [["--mana", "Vorn=2.5"], "Gods table, column Mana: Vorn's mana is 2.5, not a whole number"],
    [["--mana", "Vorn=3", "--mana", "vorn=4"], "Gods table: Vorn is given twice (3 and 4): give each character once."],
    [["--mana", "Vorn=lots"], 'gods session-end: --mana "Vorn=lots" is not GOD=N'],
    [["--mana", "Vorn=3", "--date", "14/03/2026"], '--date "14/03/2026" is not a date'],
    [[], 'gods session-end needs each character\'s mana as --mana "GOD=N"'],
  ])("bad input %j: exit 2, a sentence, the file unchanged", async (args, message) => {
    const file = fresh();
    const bytes = fs.readFileSync(file);
    const r = await gods("session-end", file, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  test("--from-gods takes the Mana column once it is filled; --help shows the usage", async () => {
    const file = fresh();
    expect(
      (
        await gods(
          "session-end",
          file,
          "--mana",
          "Solara=1",
          "--mana",
          "Vorn=2",
          "--mana",
          "Mirelle=3",
          "--mana",
          "Kettu=4",
          "--mana",
          "Azhrak=5",
          "--date",
          "2026-03-14",
        )
      ).code,
    ).toBe(0);
    const r = await gods("session-end", file, "--from-gods", "--mana", "Vorn=20", "--date", "2026-04-01", "--json");
    expect((JSON.parse(r.out) as { recorded: { mana: number }[] }).recorded.map((x) => x.mana)).toEqual([1, 20, 3, 4, 5]);
    const help = await gods("session-end", "--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain('gods session-end FILE.xlsx --mana "GOD=N"...');
  });
});

describe("gods session-end --date", () => {
  test("a day not written YYYY-MM-DD is the option's fault, not the Sessions table's; the file untouched", async () => {
    const file = fresh();
    const before = fs.readFileSync(file);
    const wrong = 'gods session-end: --date "14/03/2026" is not a date: write the session\'s day as YYYY-MM-DD, such as --date 2026-03-14.';
    expect(await gods("session-end", file, "--mana", "Solara=5", "--date", "14/03/2026")).toEqual({ code: 2, out: "", err: `${wrong}\n` });
    const json = await gods("session-end", file, "--mana", "Solara=5", "--date", "14/03/2026", "--json");
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out)).toEqual({ error: wrong, problems: [], warnings: [] });
    // A day that does not exist is no date either.
    expect((await gods("session-end", file, "--mana", "Solara=5", "--date", "2026-02-30")).err).toMatch(/^gods session-end: --date "2026-02-30" is not a date/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect((await gods("session-end", file, "--mana", "Solara=5", "--date", " 2026-03-14 ")).code).toBe(0);
  });
});

describe("gods cards", () => {
  test("--dry-run: the multipliers and the file byte-identical; then written in place, only the Cards sheet changing", async () => {
    const file = fresh();
    const bytes = fs.readFileSync(file);
    const dry = await gods("cards", file, "Solara", "Harvest", "+1", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toBe(
      "Solara buys 1 Harvest card (1 → 2): Worship ×0.05 → ×0.1, Cities on Earth ×0.5 → ×1, Farmland squares (era-end) ×0.1 → ×0.2, Council law revoked (event) ×0.3 → ×0.6. No century has been paid yet, so there is no earlier century to compare with.\nDry run: nothing was written to " +
        file +
        ".\n",
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    const before = partsOf(file);
    expect((await gods("cards", file, "Solara", "Harvest", "+1")).code).toBe(0);
    expect(changed(before, partsOf(file))).toEqual(["xl/worksheets/sheet2.xml"]);
    // The new tables have a Waiting column, left empty.
    expect(openpyxl(file).Cards?.rows[2]).toEqual(["Solara", "Harvest", 2, null]);
    // A sphere not held yet: a new row, the table grown.
    expect((await gods("cards", file, "Mirelle", "Sun", "+2")).code).toBe(0);
    expect(openpyxl(file).Cards?.rows.at(-1)).toEqual(["Mirelle", "Sun", 2, null]);
    // A card gained during the session: counted in Waiting, it earns from the next session.
    const promoted = await gods("cards", file, "Kettu", "Sun", "+1", "--waiting");
    expect(promoted.code).toBe(0);
    expect(promoted.out).toContain("It earns from the next session (the Cards table's Waiting: 1).");
    expect(openpyxl(file).Cards?.rows.at(-1)).toEqual(["Kettu", "Sun", 1, 1]);
  });

  test("a source two spheres pay: each sphere's card shows its own part of it, the other sphere's cards left out", async () => {
    const file = fresh();
    // The example's Worship: 0.1 a Sun card and 0.05 a Harvest card; Solara holds 2 Sun and 1 Harvest, ×0.25 in all.
    const worship = async (sphere: string, change: string) => {
      const r = await gods("cards", file, "Solara", sphere, change, "--dry-run", "--json");
      const m = (JSON.parse(r.out) as { multipliers: { source: string; before: number; after: number }[] }).multipliers;
      return m.filter((x) => x.source === "Worship").map((x) => [x.before, x.after]);
    };
    expect(await worship("Harvest", "+1")).toEqual([[0.05, 0.1]]);
    expect(await worship("Harvest", "-1")).toEqual([[0.05, 0]]);
    expect(await worship("Sun", "+1")).toEqual([[0.2, 0.3]]);
    expect((await gods("cards", file, "Solara", "Sun", "+2", "--dry-run")).out).toMatch(/^Solara buys 2 Sun cards \(2 → 4\): Worship ×0\.2 → ×0\.4, /);
  });

  test("after century 1 (the example's Solara): --json, with the latest paid century counted again exactly", async () => {
    const file = fresh();
    expect((await gods("century-end", file, "--century", "1", "--accept-warnings")).code).toBe(0);
    const r = await gods("cards", file, "Solara", "Sun", "-1", "--dry-run", "--json");
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(["god", "sphere", "change", "cards", "multipliers", "lastCentury", "written", "message", "warnings"]);
    expect(json).toMatchObject({ god: "Solara", sphere: "Sun", change: -1, cards: { before: 2, after: 1 }, written: false });
    expect(json.multipliers).toEqual([
      { source: "Worship", timing: "century-end", flat: false, before: 0.2, after: 0.1 },
      { source: "Great Council", timing: "era-end", flat: true, before: 5, after: 5 },
      { source: "Artifact destroyed", timing: "event", flat: false, before: 1, after: 0.5 },
    ]);
    const last = json.lastCentury as { century: number; before: number; after: number; change: number; exact: Record<string, string> };
    expect(last.century).toBe(1);
    // One Sun card less takes 0.1 off Solara's Worship multiplier: 0.1 × her worshippers.
    expect(last.change).toBeLessThan(0);
  });

  test.each([
    [["Solara", "Harvest", "two"], 'gods cards: "two" is not a number of cards'],
    [["Solara", "Harvest", "-5"], "Solara holds 1 Harvest card, so cannot give up 5."],
    [["Solra", "Harvest", "+1"], 'Did you mean "Solara"?'],
    [["Solara"], "gods cards needs a workbook file, the god, the sphere and the cards"],
  ])("bad input %j: exit 2, the file unchanged", async (args, message) => {
    const file = fresh();
    const bytes = fs.readFileSync(file);
    const r = await gods("cards", file, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });
});
