/**
 * Advice in a refusal, followed as written, on workbook files: each test reads the advice the
 * command gives, does what it says (as a gamemaster would in Excel: a row typed, a sheet renamed,
 * a title row deleted, or the command it names), and checks that the command then works and pays
 * the hand-worked figures (test/support/campaigns.ts).
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { openPackage, readPackage, savePackage, writeTableEdits } from "../../src/workbook/xlsx";
import type { EditRow } from "../../src/workbook/plan/edits";
import { handWorked, headerName, type Rows, type Tables } from "../support/campaigns";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-advice-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
/** The campaign's tables as plain sheets, in this order, then `more` (a sheet's rows, and the cells it merges). */
async function workbook(tables: Tables, more: Record<string, { rows: Rows; merge?: string }> = {}): Promise<string> {
  const file = path.join(dir, `campaign-${++files}.xlsx`);
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(tables)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  for (const [name, sheet] of Object.entries(more)) {
    const ws = wb.addWorksheet(name);
    for (const r of sheet.rows) ws.addRow(r);
    if (sheet.merge !== undefined) ws.mergeCells(sheet.merge);
  }
  await wb.xlsx.writeFile(file);
  return file;
}

/** Rows typed under a table's last row, as a gamemaster types them in Excel: through the package, the rest of the file untouched. */
function type(file: string, table: string, rows: readonly EditRow[]): void {
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  const raw = readPackage(pkg);
  fs.writeFileSync(file, savePackage(writeTableEdits(pkg, raw, [{ kind: "append", table, rows }]), pkg));
}

/** A sheet renamed, as Excel renames it: its name in the workbook's sheet list, nothing else. */
function rename(file: string, from: string, to: string): void {
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  const parts = new Map(pkg.parts);
  const book = new TextDecoder().decode(parts.get("xl/workbook.xml"));
  expect(book).toContain(`name="${from}"`);
  parts.set("xl/workbook.xml", new TextEncoder().encode(book.replace(`name="${from}"`, `name="${to}"`)));
  fs.writeFileSync(file, savePackage(parts, pkg));
}

/** The hand-worked campaign without its Deaths table. */
function withoutDeaths(): Tables {
  const tables = handWorked();
  delete tables.Deaths;
  return tables;
}

/** The hand-worked deaths of century 1 (war 10 + 4, plague 3) and century 2 (war 5), as rows of the Deaths table. */
const DEATHS_C1: EditRow[] = [
  { Century: 1, Cause: "war", Units: 14 },
  { Century: 1, Cause: "plague", Units: 3 },
];
const DEATHS_C2: EditRow[] = [{ Century: 2, Cause: "war", Units: 5 }];

/** What century 1 pays, by the hand-worked figures: god, earned, paid, carry. */
const CENTURY_1 = [
  { god: "Ares", earned: 22.6, paid: 22, carry: 0.6 },
  { god: "Hestia", earned: 24.34, paid: 24, carry: 0.34 },
  { god: "Demons", earned: 2.85, paid: 2, carry: 0.85 },
];
const CENTURY_2 = [
  { god: "Ares", earned: 9.6, paid: 10, carry: 0.2 },
  { god: "Hestia", earned: 20.34, paid: 20, carry: 0.68 },
  { god: "Demons", earned: 1.65, paid: 2, carry: 0.5 },
];

async function centuryEnd(file: string, century: number, ...more: string[]): Promise<{ code: number; paid: unknown; err: string }> {
  const r = await gods("century-end", file, "--century", String(century), "--json", ...more);
  const json = JSON.parse(r.out) as { recipients?: unknown; error?: string; problems?: { message: string }[] };
  return { code: r.code, paid: json.recipients, err: [json.error ?? "", ...(json.problems ?? []).map((p) => p.message)].join("\n") };
}

describe("a Deaths table the sources need, missing", () => {
  test("no sheet looks like it: gods init FILE adds it, and the deaths typed in it are paid", async () => {
    const file = await workbook(withoutDeaths());
    const refused = await centuryEnd(file, 1);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "the workbook has no table or sheet named Deaths, so every source that counts deaths (Battle dead, All dead) would count 0. Add a Deaths table, even with no rows yet (gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane).",
    );
    // Followed: gods init on the file adds the Deaths table, and only it.
    const init = await gods("init", file);
    expect(init.code).toBe(0);
    expect(init.out).toContain("Added the Deaths table, on a sheet of its own. Fill in its rows.");
    // Empty, it lets the century end go on, with nothing counted for deaths.
    expect((await centuryEnd(file, 1, "--dry-run")).code).toBe(0);
    // With the century's deaths typed in it, the century pays the hand-worked figures.
    type(file, "Deaths", DEATHS_C1);
    expect(await centuryEnd(file, 1)).toEqual({ code: 0, paid: CENTURY_1, err: "" });
  });

  test("deaths kept one sheet per century: no rename is advised; the empty table it advises, with each century's deaths typed in it, pays both centuries", async () => {
    const perCentury = (century: number, rows: Rows) => ({
      rows: [[`Deaths of century ${century}`], ["Cause", "Units"], ...rows, ["Total", null]],
      merge: "A1:B1",
    });
    const file = await workbook(withoutDeaths(), {
      "Deaths C1": perCentury(1, [
        ["war", 14],
        ["plague", 3],
      ]),
      "Deaths C2": perCentury(2, [["war", 5]]),
    });
    const refused = await centuryEnd(file, 1);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      `would count 0. The sheets "Deaths C1" and "Deaths C2" look like deaths kept by hand, a sheet per century, which no rename makes the Deaths table: gods adopt brings such sheets into the campaign's tables and leaves them as they are (see docs/adopt.md). Or add an empty Deaths table (gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane) and type the deaths in it, each row with its Century.`,
    );
    expect(refused.err).not.toContain("rename it");

    const before = openPackage(new Uint8Array(fs.readFileSync(file)), file);
    expect((await gods("init", file)).code).toBe(0);
    const after = openPackage(new Uint8Array(fs.readFileSync(file)), file);
    // The gamemaster's sheets are as they were (sheets 1 to 7 of the file).
    for (let i = 1; i <= 7; i++) expect(after.parts.get(`xl/worksheets/sheet${i}.xml`)).toEqual(before.parts.get(`xl/worksheets/sheet${i}.xml`));
    type(file, "Deaths", [...DEATHS_C1, ...DEATHS_C2]);
    expect(await centuryEnd(file, 1, "--accept-warnings")).toEqual({ code: 0, paid: CENTURY_1, err: "" });
    // Century 2's deaths are not left out.
    expect(await centuryEnd(file, 2, "--accept-warnings")).toEqual({ code: 0, paid: CENTURY_2, err: "" });
  });

  test("one sheet that looks like it, with the Deaths columns in row 1: renamed Deaths, as advised, it is paid", async () => {
    const file = await workbook(withoutDeaths(), { "Death Log": { rows: handWorked().Deaths as Rows } });
    const refused = await centuryEnd(file, 1);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      `The sheet "Death Log" looks like it: if it holds the Deaths table's columns (Century, Cause, Units, Race, Note) with their headers in row 1, rename it Deaths. If it is kept otherwise (a title over the headers, merged headers, a totals row), gods adopt brings it into the campaign's tables and leaves it as it is (see docs/adopt.md); or add an empty Deaths table`,
    );
    rename(file, "Death Log", "Deaths");
    expect(await centuryEnd(file, 1, "--accept-warnings")).toEqual({ code: 0, paid: CENTURY_1, err: "" });
  });
});

describe("a table every campaign needs, missing", () => {
  test("the Gods table: gods init FILE adds it, and with its rows typed the century is paid", async () => {
    const tables = handWorked();
    const [, ...godRows] = tables.Gods as Rows;
    delete tables.Gods;
    const file = await workbook(tables);
    const refused = await centuryEnd(file, 1);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "the workbook has no table or sheet named Gods. Add a Gods table (gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane) and fill in its rows.",
    );
    const init = await gods("init", file);
    expect(init.out).toContain("Added the Gods table, on a sheet of its own. Fill in its rows.");
    type(
      file,
      "Gods",
      godRows.map(([god, kind]) => ({ God: god as string, Kind: kind as string })),
    );
    expect(await centuryEnd(file, 1, "--accept-warnings")).toEqual({ code: 0, paid: CENTURY_1, err: "" });
  });
});

describe("headers under a title, not merged", () => {
  test("the sheet's headers are found lower down and the rows above named; deleted, as advised, the century is paid", async () => {
    const tables = handWorked();
    const file = await workbook({ ...tables, Races: [["The races of Earth"], [], ...(tables.Races as Rows)] });
    const refused = await centuryEnd(file, 1);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "there is no Race column. The Races table needs the columns Race, Units; it has The races of Earth (headers are in row 1). Its headers seem to be in row 3, under a title: delete rows 1 to 2, so that they are in row 1, or bring the sheet in as it is with gods adopt (see docs/adopt.md).",
    );
    const edited = new ExcelJS.Workbook();
    await edited.xlsx.readFile(file);
    (edited.getWorksheet("Races") as ExcelJS.Worksheet).spliceRows(1, 2);
    await edited.xlsx.writeFile(file);
    expect(await centuryEnd(file, 1)).toEqual({ code: 0, paid: CENTURY_1, err: "" });
  });
});

describe("a title merged over a sheet's headers", () => {
  test("the advice is to delete the title row, not to type the title in each cell; followed, the century is paid", async () => {
    const tables = handWorked();
    const [headers = [], ...rows] = tables.Races as Rows;
    const file = await workbook({ ...tables, Races: [] });
    // The Races sheet as a gamemaster keeps it: a title merged over the headers, in row 1.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const races = wb.getWorksheet("Races") as ExcelJS.Worksheet;
    races.addRow(["The races of Earth"]);
    races.mergeCells(1, 1, 1, headers.length);
    races.addRow(headers.map(headerName));
    for (const r of rows) races.addRow(r);
    await wb.xlsx.writeFile(file);

    const refused = await centuryEnd(file, 1);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "cells A1:G1 are merged in row 1, where the add-in reads the sheet's column names, one in each cell. If row 1 is a title over the headers, delete that row, so that the headers are in row 1; otherwise unmerge the cells and type each column's name in its own cell. A sheet kept with a title or merged headers can also be brought in as it is with gods adopt (see docs/adopt.md).",
    );
    expect(refused.err).not.toContain("type the value in each cell");

    // Followed: the title row deleted (its merge goes with it), as in Excel.
    const edited = new ExcelJS.Workbook();
    await edited.xlsx.readFile(file);
    const sheet = edited.getWorksheet("Races") as ExcelJS.Worksheet;
    sheet.unMergeCells(1, 1, 1, headers.length);
    sheet.spliceRows(1, 1);
    await edited.xlsx.writeFile(file);
    expect(await centuryEnd(file, 1)).toEqual({ code: 0, paid: CENTURY_1, err: "" });
  });
});

describe("a god renamed in the Gods table alone", () => {
  /** The example campaign after century 1, with Vorn's name changed by hand in Gods only (and, if asked, a stray name in Cards). */
  async function halfRenamed(stray = false): Promise<string> {
    const file = path.join(dir, `half-renamed-${++files}.xlsx`);
    expect((await gods("init", file, "--example")).code).toBe(0);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
    const raw = readPackage(pkg);
    const index = raw.tables.get("gods")?.rows.findIndex((r) => r[0] === "Vorn") ?? -1;
    const cards = raw.tables.get("cards")?.rows.length ?? 0;
    const edits = [
      { kind: "update" as const, table: "Gods", index, values: { God: "Vornir" } },
      ...(stray ? [{ kind: "update" as const, table: "Cards", index: cards - 1, values: { God: "Zed" } }] : []),
    ];
    fs.writeFileSync(file, savePackage(writeTableEdits(pkg, raw, edits), pkg));
    return file;
  }

  test("the rename it advises (gods rename FILE OLD NEW) works, though the old name still stands in Cards and Pantheon", async () => {
    const file = await halfRenamed();
    const refused = await gods("event", file, "God obliterated", "--dry-run");
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('"Vorn" is not in the Gods table.');
    const advice = /rename it everywhere \(gods rename FILE "([^"]+)" "([^"]+)"\)/.exec(refused.err);
    expect(advice?.slice(1)).toEqual(["Vorn", "Vornir"]);
    const renamed = await gods("rename", file, ...(advice?.slice(1) ?? []));
    expect(renamed.code).toBe(0);
    expect(renamed.out).toContain('"Vorn" is now "Vornir" everywhere: 2 rows of Cards, 3 rows of Pantheon, 1 row of Ledger');
    // The account went with the name: what Vorn carried (0.645) is Vornir's.
    const event = await gods("event", file, "God obliterated", "--json");
    expect(event.code).toBe(0);
    expect((JSON.parse(event.out) as { recipients: unknown[] }).recipients).toContainEqual({ god: "Vornir", earned: 2, paid: 2, carry: 0.645 });
  });

  test("a problem the rename does not answer still stops it, named", async () => {
    const file = await halfRenamed(true);
    const bytes = fs.readFileSync(file);
    const r = await gods("rename", file, "Vorn", "Vornir");
    expect(r.code).toBe(2);
    expect(r.err).toContain('"Zed" is not in the Gods table.');
    expect(r.err).not.toContain('"Vorn" is not in the Gods table.');
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });
});
