/**
 * `gods init` on a workbook that exists: only the campaign tables it lacks are added, each on a
 * sheet of its own, through the package (exceljs never rewrites the file); every part of the
 * gamemaster's file that the new tables do not need to change keeps its bytes (compared by
 * digest), and a workbook that lacks nothing, an example asked over it, or a file that is not a
 * workbook is refused and left byte-identical.
 */
import { createHash } from "crypto";
import ExcelJS from "exceljs";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { readCampaign } from "../../src/workbook/read/campaign";
import { INPUT_TABLES } from "../../src/workbook/model/schema";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-init-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Each part of the file's zip, by name, as the SHA-256 of its bytes. */
function digests(file: string): Map<string, string> {
  const parts = openPackage(new Uint8Array(fs.readFileSync(file)), file).parts;
  return new Map([...parts].map(([name, bytes]) => [name, createHash("sha256").update(bytes).digest("hex")]));
}

/**
 * A workbook kept by hand: a Gods table of its own (an Excel table), a "cards" sheet in lower
 * case, deaths kept one sheet per century under a merged title with a totals row, a formula, a
 * defined name and another Excel table of the gamemaster's.
 */
async function handKept(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const notes = wb.addWorksheet("Notes");
  notes.addTable({ name: "Plots", ref: "A1", headerRow: true, columns: [{ name: "Plot" }, { name: "Who" }], rows: [["The drowned bell", "Vorn"]] });
  const godsSheet = wb.addWorksheet("Gods");
  godsSheet.addTable({
    name: "Gods",
    ref: "A1",
    headerRow: true,
    columns: [{ name: "God" }, { name: "Kind" }],
    rows: [
      ["Vorn", "greater"],
      ["Kettu", "lesser"],
    ],
  });
  const cards = wb.addWorksheet("cards");
  cards.addRow(["God", "Sphere", "Cards"]);
  cards.addRow(["Vorn", "War", 2]);
  for (const century of [1, 2]) {
    const deaths = wb.addWorksheet(`Deaths C${century}`);
    deaths.addRow([`Deaths of century ${century}`]);
    deaths.mergeCells("A1:C1");
    deaths.addRow(["Cause", "Units", "Date"]);
    deaths.addRow(["war", 10 * century, "3 May"]);
    deaths.addRow(["plague", 4, "9 June"]);
    deaths.addRow(["Total", { formula: "SUM(B3:B4)", result: 10 * century + 4 }, null]);
  }
  wb.definedNames.add("'Deaths C1'!$B$3:$B$4", "FirstDeaths");
  await wb.xlsx.writeFile(file);
}

describe("gods init on a workbook that exists", () => {
  test("adds only the tables it lacks, each on a sheet of its own; every other part keeps its bytes", async () => {
    const file = path.join(dir, "mine.xlsx");
    await handKept(file);
    const before = digests(file);
    const r = await gods("init", file);
    expect(r).toEqual({
      out: `Added 5 tables, each on a sheet of its own: Sources, Races, Pantheon, Deaths, Counts. Fill in their rows.\nWrote them to ${file}; nothing else in it changed.\n`,
      err: "",
      code: 0,
    });
    const after = digests(file);
    // The parts the new sheets are listed in (the sheet list, its relationships, the content types, the
    // tables' cell styles) change; no other part of the gamemaster's file does, and none is dropped.
    const changed = [...before.keys()].filter((name) => after.get(name) !== before.get(name)).sort();
    expect(changed).toEqual(["[Content_Types].xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/workbook.xml"]);
    const added = [...after.keys()].filter((name) => !before.has(name));
    expect(added).toHaveLength(5 * 3);
    for (const name of added) expect(name).toMatch(/^xl\/(worksheets\/(_rels\/)?sheet\d+\.xml(\.rels)?|tables\/table\d+\.xml)$/);

    // Read back: the gamemaster's tables as they were, the new ones empty with their headers, as the pane lays them out.
    const raw = readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file));
    expect(raw.sheetNames).toEqual(["Notes", "Gods", "cards", "Deaths C1", "Deaths C2", "Sources", "Races", "Pantheon", "Deaths", "Counts"]);
    for (const spec of INPUT_TABLES) {
      const table = raw.tables.get(spec.name.toLowerCase());
      expect(table).toBeDefined();
      if (["Gods", "Cards"].includes(spec.name)) continue;
      expect(table).toMatchObject({ name: spec.name, sheet: spec.name, isTable: true, headers: spec.columns.map((c) => c.header) });
    }
    expect(raw.tables.get("gods")?.rows).toEqual([
      ["Vorn", "greater"],
      ["Kettu", "lesser"],
    ]);
    // (The Ledger is the first century end's to make.)
    expect(readCampaign(raw).campaign.missingTables).toEqual(["Ledger"]);
  });

  test("a workbook with every table already is refused, saying so, and left as it was", async () => {
    const file = path.join(dir, "complete.xlsx");
    expect((await gods("init", file)).code).toBe(0);
    const bytes = fs.readFileSync(file);
    const r = await gods("init", file);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(
      `gods init: ${file} is a campaign workbook already. Nothing was written.\n- Workbook: it has every campaign table already (Gods, Cards, Sources, Races, Pantheon, Deaths, Counts), so there is nothing to add.\n`,
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);

    // The same once the missing tables of a hand-kept workbook were added: a second run adds nothing.
    const mine = path.join(dir, "twice.xlsx");
    await handKept(mine);
    expect((await gods("init", mine)).code).toBe(0);
    const once = fs.readFileSync(mine);
    expect((await gods("init", mine)).code).toBe(2);
    expect(fs.readFileSync(mine).equals(once)).toBe(true);
  });

  test("--dry-run names what it would add and writes nothing; --out writes elsewhere", async () => {
    const file = path.join(dir, "dry.xlsx");
    await handKept(file);
    const bytes = fs.readFileSync(file);
    const dry = await gods("init", file, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toBe(
      `Added 5 tables, each on a sheet of its own: Sources, Races, Pantheon, Deaths, Counts. Fill in their rows.\nDry run: nothing was written to ${file}.\n`,
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);

    const out = path.join(dir, "dry-out.xlsx");
    expect((await gods("init", file, "--out", out)).code).toBe(0);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(readPackage(openPackage(new Uint8Array(fs.readFileSync(out)), out)).tables.has("deaths")).toBe(true);
  });

  test("the example over a file that exists, or a file that is no workbook, is refused and left byte-identical", async () => {
    const file = path.join(dir, "example-over.xlsx");
    await handKept(file);
    const bytes = fs.readFileSync(file);
    const example = await gods("init", file, "--example");
    expect(example.code).toBe(2);
    expect(example.err).toBe(
      `gods init: ${file} already exists, and the example campaign goes only into a new file: choose a new file name. Nothing was written.\n`,
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);

    const text = path.join(dir, "notes.xlsx");
    fs.writeFileSync(text, "mine");
    const r = await gods("init", text);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^gods init: /);
    expect(fs.readFileSync(text, "utf8")).toBe("mine");
  });

  test("--out and --dry-run on a path with no file are refused: a new file is made only by gods init FILE", async () => {
    const file = path.join(dir, "nothing-yet.xlsx");
    const r = await gods("init", file, "--dry-run");
    expect(r.code).toBe(2);
    expect(r.err).toContain("--out and --dry-run are for adding tables to a workbook that exists");
    expect(fs.existsSync(file)).toBe(false);
  });
});
