/**
 * `gods war`, `gods disaster` and `gods growth` on workbook files: the example campaign of
 * `gods init --example` (Excel tables) and a workbook openpyxl makes (plain sheets, a formula, a
 * comment). The deaths and Units written are worked out by hand (see test/workbook/referee.test.ts
 * for the example's Races table); the result is read back with openpyxl, and every part of the
 * package but the sheets (and table) written comes out byte for byte as it went in.
 */
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { edit, exampleTables, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { PYTHON, pythonScript } from "../support/python";
import { arrayContaining } from "../support/matchers";

let dir: string;
let example: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-referee-"));
  try {
    execFileSync(PYTHON, ["-c", "import openpyxl"], { stdio: "pipe" });
  } catch {
    throw new Error("These tests read workbooks back with openpyxl: install Debian's python3-openpyxl.");
  }
  example = path.join(dir, "example.xlsx");
  expect((await gods("init", example, "--example")).code).toBe(0);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let copies = 0;
/** A fresh copy of the example campaign. */
function fresh(): string {
  const file = path.join(dir, `campaign-${++copies}.xlsx`);
  fs.copyFileSync(example, file);
  return file;
}

/** What openpyxl sees: each sheet's cells (formulas as written) and its tables' ranges. */
const READ = pythonScript("read_tables.py");

type Cell = string | number | boolean | null;
type Sheets = Record<string, { rows: Cell[][]; tables: Record<string, string> }>;

function openpyxl(file: string): Sheets {
  return JSON.parse(execFileSync(PYTHON, [READ, file], { encoding: "utf8", timeout: 60000 })) as Sheets;
}

const partsOf = (file: string) => openPackage(new Uint8Array(fs.readFileSync(file)), file).parts;

/** The parts whose bytes changed (or that came or went). */
function changed(before: ReadonlyMap<string, Uint8Array>, after: ReadonlyMap<string, Uint8Array>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => !Buffer.from(before.get(n) ?? []).equals(Buffer.from(after.get(n) ?? [0]))).sort();
}

/** The example's sheets as `gods init` lays them out: Races is the 4th sheet, Deaths the 6th, each with its table. */
const RACES_PART = "xl/worksheets/sheet4.xml";
const DEATHS_PART = "xl/worksheets/sheet6.xml";
const DEATHS_TABLE = "xl/tables/table6.xml";

const EXAMPLE_DEATHS = (EXAMPLE_CAMPAIGN.Deaths ?? []).map((r) => [...r]) as Cell[][];

/** Units of each race (column B), by name. */
const units = (sheets: Sheets) => Object.fromEntries((sheets.Races?.rows ?? []).slice(1).map((r): [string, Cell | undefined] => [String(r[0]), r[1]]));

describe("gods war", () => {
  test("the rules' worked war on the example: previewed, written (3 and 7 war deaths, Units 37 and 58), refused twice, fought again", async () => {
    const file = fresh();
    const original = fs.readFileSync(file);

    // A dry run shows everything and writes nothing.
    const dry = await gods("war", file, "Ultra-Dwarves", "Low Elves", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toBe(
      [
        "War in century 1 between the Ultra-Dwarves and the Low Elves: the Ultra-Dwarves lost 3, the Low Elves lost 7. The Low Elves lost and leave 2 squares to the Ultra-Dwarves (a city in a lost square: GODS.CITYFATE).",
        "  The Ultra-Dwarves (strength 43, Military +8) kill 7: 16% of 43.",
        "  The Low Elves (strength 65, Military +2: +1, and +1 for barbarians) kill 3: 4% of 65.",
        "  The Ultra-Dwarves move 2 units into each of the 2 squares the Low Elves leave (1 where 2 would pass the square's limit), from their own squares: their Units do not change.",
        "Rows for the Deaths table (century 1):",
        "  Cause  Units  Race           Note",
        "  war        3  Ultra-Dwarves  war: Ultra-Dwarves vs Low Elves",
        "  war        7  Low Elves      war: Ultra-Dwarves vs Low Elves",
        "Changes to the Races table:",
        "  Ultra-Dwarves  Units  40  →  37",
        "  Low Elves      Units  65  →  58",
        `Dry run: nothing was written to ${file}.`,
        "",
      ].join("\n"),
    );
    expect(fs.readFileSync(file).equals(original)).toBe(true);

    const before = partsOf(file);
    const done = await gods("war", file, "Ultra-Dwarves", "Low Elves", "--json");
    expect(done.code).toBe(0);
    const json = JSON.parse(done.out) as Record<string, unknown>;
    expect(json).toMatchObject({
      action: "war",
      century: 1,
      written: true,
      deaths: [
        { race: "Ultra-Dwarves", cause: "war", units: 3, note: "war: Ultra-Dwarves vs Low Elves" },
        { race: "Low Elves", cause: "war", units: 7, note: "war: Ultra-Dwarves vs Low Elves" },
      ],
      changes: [
        { race: "Ultra-Dwarves", column: "Units", before: 40, after: 37 },
        { race: "Low Elves", column: "Units", before: 65, after: 58 },
      ],
      war: { loser: "Low Elves", vacated: 2 },
      warnings: [],
    });

    // Only the two sheets and the Deaths table changed; every other part is byte for byte the same.
    const after = partsOf(file);
    expect(changed(before, after)).toEqual([DEATHS_TABLE, DEATHS_PART, RACES_PART].sort());
    expect([...after.keys()]).toEqual([...before.keys()]);

    const sheets = openpyxl(file);
    expect(sheets.Deaths?.tables).toEqual({ Deaths: "A1:E11" });
    expect(sheets.Deaths?.rows.slice(1)).toEqual([
      ...EXAMPLE_DEATHS,
      [1, "war", 3, "Ultra-Dwarves", "war: Ultra-Dwarves vs Low Elves"],
      [1, "war", 7, "Low Elves", "war: Ultra-Dwarves vs Low Elves"],
    ]);
    expect(units(sheets)).toEqual({ "Ultra-Dwarves": 37, "Low Elves": 58, "Sea Folk": 30, "Ash Orcs": 50, "Cave Trolls": 12, "River Men": 45 });
    expect(sheets.Races?.tables).toEqual({ Races: "A1:K7" });

    // By mistake a second time: refused, the file unchanged.
    const written = fs.readFileSync(file);
    const twice = await gods("war", file, "Low Elves", "Ultra-Dwarves");
    expect(twice.code).toBe(2);
    expect(twice.err).toBe(
      "The war was not recorded (1 problem). Nothing was written.\n" +
        "- Deaths table, row 10, column Note: the last rows of the Deaths table (down to this one) already record this war between the Low Elves and the Ultra-Dwarves in century 1. If it really happened again, say so (--again, or confirm in the pane); otherwise it is already recorded and nothing more is needed.\n",
    );
    expect(fs.readFileSync(file).equals(written)).toBe(true);

    // Fought again, the Low Elves sending 30 of their 58: the Ultra-Dwarves (37 + 3 = 40) kill
    // ⌈16% × 40 = 6.4⌉ = 7, no more than 30; the Low Elves kill ⌈4% × 30 = 1.2⌉ = 2.
    const again = await gods("war", file, "Ultra-Dwarves", "Low Elves=30", "--again");
    expect(again.code).toBe(0);
    expect(units(openpyxl(file))).toMatchObject({ "Ultra-Dwarves": 35, "Low Elves": 51 });
    expect(openpyxl(file).Deaths?.tables).toEqual({ Deaths: "A1:E13" });
  });

  test("bad input: exit 2, a sentence, the file unchanged", async () => {
    const file = fresh();
    const original = fs.readFileSync(file);
    const cases: [string[], RegExp][] = [
      [["Ultra-Dwarves", "Sky Elves"], /^gods war: RACE: "Sky Elves" is not in the Races table\. Nothing was written\.\n$/],
      [["Ultra-Dwarves", "Low Elves=0"], /- Races table, row 3: The strength the Low Elves send must be a whole number, 1 or more; 0 is not\.\n$/],
      [["Ultra-Dwarves", "Low Elves=-5"], /The strength the Low Elves send must be a whole number, 1 or more; -5 is not\.\n$/],
      [
        ["Ultra-Dwarves", "Low Elves=66"],
        /the Low Elves have a strength of 65 \(units, plus 3 for each city and 6 for each great city\); they cannot send 66\.\n$/,
      ],
      [
        ["Ultra-Dwarves", "Low Elves=lots"],
        /^gods war: the strength in "Low Elves=lots" is not a number; write the part of its strength a race sends as RACE=N, such as "Low Elves=30"\.\n/,
      ],
      [["Ultra-Dwarves"], /^gods war needs a workbook file and two races, each in quotes/],
      [
        ["Ultra-Dwarves", "Low Elves", "--military", "Sea Folk=2"],
        /^gods war: --military names "Sea Folk", which is not one of the races named \(Ultra-Dwarves, Low Elves\)\.\n/,
      ],
      [["Ultra-Dwarves", "Low Elves", "--military", "Low Elves=high"], /^gods war: --military "Low Elves=high" is not RACE=VALUE with a value it can use/],
      [["Ultra-Dwarves", "Low Elves", "--bogus"], /^gods war: unknown option --bogus\./],
    ];
    for (const [args, err] of cases) {
      const r = await gods("war", file, ...args);
      expect([args, r.code, r.out]).toEqual([args, 2, ""]);
      expect(r.err).toMatch(err);
    }
    expect(fs.readFileSync(file).equals(original)).toBe(true);
  });
});

describe("gods disaster", () => {
  test("fire on three races of the example: their Resistances applied, filed as fire, refused twice", async () => {
    // Low Elves F*2: 10 → 20 (65 → 45); Ash Orcs F-1: 10 → 9 (50 → 41); Cave Trolls X-1: 3 → 2 (12 → 10).
    const file = fresh();
    const before = partsOf(file);
    const r = await gods("disaster", file, "Low Elves=10", "Ash Orcs=10", "Cave Trolls=3", "--element", "F");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe(
      "A disaster of fire in century 1: 31 fire deaths after resistances (23 before), among the Low Elves, Ash Orcs, Cave Trolls.",
    );
    expect(changed(before, partsOf(file))).toEqual([DEATHS_TABLE, DEATHS_PART, RACES_PART].sort());
    const sheets = openpyxl(file);
    expect(sheets.Deaths?.rows.slice(9)).toEqual([
      [1, "fire", 20, "Low Elves", "disaster: fire"],
      [1, "fire", 9, "Ash Orcs", "disaster: fire"],
      [1, "fire", 2, "Cave Trolls", "disaster: fire"],
    ]);
    expect(units(sheets)).toMatchObject({ "Low Elves": 45, "Ash Orcs": 41, "Cave Trolls": 10 });

    const written = fs.readFileSync(file);
    const twice = await gods("disaster", file, "Low Elves=10", "Ash Orcs=10", "Cave Trolls=3", "--element", "fire");
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/already record this fire striking the Low Elves, Ash Orcs, Cave Trolls in century 1/);
    expect(fs.readFileSync(file).equals(written)).toBe(true);
  });

  test("a named cause, resistances given, a global power; bad input refused", async () => {
    const file = fresh();
    // An earthquake-and-fire volcano on the Ultra-Dwarves (E-2: 6 → 4), the River Men given W/2 (no E or F code: 5 → 5).
    const volcano = await gods(
      "disaster",
      file,
      "Ultra-Dwarves=6",
      "River Men=5",
      "--element",
      "earth, fire",
      "--cause",
      "volcano",
      "--resistances",
      "River Men=W/2",
      "--json",
    );
    expect(volcano.code).toBe(0);
    expect(JSON.parse(volcano.out)).toMatchObject({
      action: "disaster",
      deaths: [
        { race: "Ultra-Dwarves", cause: "volcano", units: 4, note: "disaster: volcano (F, E)" },
        { race: "River Men", cause: "volcano", units: 5, note: "disaster: volcano (F, E)" },
      ],
    });
    // A global power with no element ignores the Cave Trolls' X-1: 3 → 3.
    const doom = await gods("disaster", file, "Cave Trolls=3", "--global", "--cause", "plague", "--json");
    expect(JSON.parse(doom.out)).toMatchObject({ deaths: [{ race: "Cave Trolls", cause: "plague", units: 3 }] });
    expect(units(openpyxl(file))).toMatchObject({ "Ultra-Dwarves": 36, "River Men": 40, "Cave Trolls": 9 });

    const original = fs.readFileSync(file);
    const cases: [string[], RegExp][] = [
      [["Sea Folk=5", "--element", "FE"], /a disaster of several elements \(F, E\) needs one cause to file its deaths under/],
      [["Sea Folk=5"], /a disaster with no element needs a cause to file its deaths under, such as plague or famine\./],
      [["Sea Folk=0", "--element", "W"], /The deaths of the Sea Folk before resistances must be a whole number, 1 or more; 0 is not\./],
      [["Sea Folk=-2", "--element", "W"], /The deaths of the Sea Folk before resistances must be a whole number, 1 or more; -2 is not\./],
      [["Sea Folk", "--element", "W"], /^gods disaster: give the deaths of each race struck as RACE=DEATHS, such as "Sea Folk=10"; "Sea Folk" is not that\./],
      [["Sea Folk=many", "--element", "W"], /"Sea Folk=many" is not that\./],
      [["Merfolk=5", "--element", "W"], /"Merfolk" is not in the Races table\./],
      [["Sea Folk=5", "--element", "lava"], /"lava" is not a list of elements/],
      [["--element", "W"], /^gods disaster needs a workbook file and each race struck/],
    ];
    for (const [args, err] of cases) {
      const r = await gods("disaster", file, ...args);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.err).toMatch(err);
    }
    expect(fs.readFileSync(file).equals(original)).toBe(true);
  });
});

describe("gods disaster taking cities", () => {
  test("--cities on the Sea Folk (W/2): 4 → 2 cities, their last; Units, Cities and Culture written", async () => {
    // 20 water deaths → 10 (30 → 20); 4 cities before W/2 → 2, all the Sea Folk have; civilized → barbarian.
    const file = fresh();
    const r = await gods("disaster", file, "Sea Folk=20", "--element", "W", "--cities", "Sea Folk=4", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      deaths: [{ race: "Sea Folk", cause: "water", units: 10 }],
      changes: [
        { race: "Sea Folk", column: "Units", before: 30, after: 20 },
        { race: "Sea Folk", column: "Cities", before: 2, after: 0 },
        { race: "Sea Folk", column: "Culture", before: "civilized", after: "barbarian" },
      ],
    });
    const races = openpyxl(file).Races?.rows ?? [];
    expect(races.find((row) => row[0] === "Sea Folk")?.slice(0, 5)).toEqual(["Sea Folk", 20, 0, 0, "barbarian"]);
    const bad = await gods("disaster", file, "Sea Folk=2", "--element", "W", "--cities", "Sea Folk=many");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--cities "Sea Folk=many" is not RACE=VALUE/);
  });
});

describe("gods growth", () => {
  test("the example grows (new Units, 10 starve, Aggression +2), once a century; after the century's end, again", async () => {
    // Worked in test/workbook/referee.test.ts: Units 50, 80, 35, 63, 12, 57; starvation 5, 3, 2.
    const file = fresh();
    const before = partsOf(file);
    const dry = await gods("growth", file, "--dry-run", "--json");
    expect(JSON.parse(dry.out)).toMatchObject({ action: "growth", century: 1, written: false });
    expect(partsOf(file).get(RACES_PART)).toEqual(before.get(RACES_PART));

    const r = await gods("growth", file);
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe(
      "Growth at the start of century 1: the races grew by 65 units; 10 starved (the Low Elves, Sea Folk, Cave Trolls). Their Aggression is 2 higher for the rest of the century; the next century's growth takes it off again.",
    );
    expect(changed(before, partsOf(file))).toEqual([DEATHS_TABLE, DEATHS_PART, RACES_PART].sort());
    const sheets = openpyxl(file);
    expect(units(sheets)).toEqual({ "Ultra-Dwarves": 50, "Low Elves": 80, "Sea Folk": 35, "Ash Orcs": 63, "Cave Trolls": 12, "River Men": 57 });
    // Aggression is column H.
    expect((sheets.Races?.rows ?? []).slice(1).map((row) => row[7])).toEqual([2, 6, 3, 5, 2, 1]);
    expect(sheets.Deaths?.rows.slice(9)).toEqual([
      [1, "starvation", 5, "Low Elves", "growth: Aggression +2"],
      [1, "starvation", 3, "Sea Folk", "growth: Aggression +2"],
      [1, "starvation", 2, "Cave Trolls", "growth: Aggression +2"],
    ]);

    const twice = await gods("growth", file);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(
      /^The growth was not recorded \(1 problem\)\. Nothing was written\.\n- Deaths table, row 10, column Note: the growth of century 1 is already done/,
    );

    // Century 1 ends; century 2 is in play and grows: Ultra-Dwarves 50 + ⌈12.5⌉ = 63, over their
    // Limit of 60: 3 starve.
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const next = await gods("growth", file, "--json");
    expect(next.code).toBe(0);
    expect(JSON.parse(next.out)).toMatchObject({
      century: 2,
      deaths: arrayContaining([{ race: "Ultra-Dwarves", cause: "starvation", units: 3, note: "growth: Aggression +2" }]),
    });
    expect(units(openpyxl(file))["Ultra-Dwarves"]).toBe(60);
  });
});

describe("an empty Deaths table", () => {
  test("its blank row is filled first, as someone typing would, and the table grows by the one row more", async () => {
    const file = path.join(dir, "empty-deaths.xlsx");
    await writeXlsx(
      edit((t) => (t.Deaths = (t.Deaths ?? []).slice(0, 1)), exampleTables()),
      file,
      true,
    );
    const before = partsOf(file);
    // Ultra-Dwarves against Low Elves: 3 and 7 war deaths, as on the example.
    expect((await gods("war", file, "Ultra-Dwarves", "Low Elves")).code).toBe(0);
    const sheets = openpyxl(file);
    expect(sheets.Deaths?.tables).toEqual({ Deaths: "A1:E3" });
    expect(sheets.Deaths?.rows.slice(1)).toEqual([
      [1, "war", 3, "Ultra-Dwarves", "war: Ultra-Dwarves vs Low Elves"],
      [1, "war", 7, "Low Elves", "war: Ultra-Dwarves vs Low Elves"],
    ]);
    expect(changed(before, partsOf(file))).toHaveLength(3);
  });
});

describe("workbooks of other programs, and what cannot be written without loss", () => {
  /** A workbook openpyxl makes: every table on a plain sheet, a comment on the Races, a formula on a sheet of its own. */
  const MAKE = pythonScript("make_plain_campaign.py");

  const TABLES = {
    Gods: [
      ["God", "Kind"],
      ["Ares", "greater"],
    ],
    Cards: [
      ["God", "Sphere", "Cards"],
      ["Ares", "War", 2],
    ],
    Sources: [
      ["Sphere", "Source", "Basis", "Rate", "Cause"],
      ["War", "Battle dead", "deaths", 0.5, "war"],
    ],
    Races: [
      ["Race", "Units", "Cities", "Great Cities", "Military"],
      ["Achaeans", 20, 1, 0, 3],
      ["Trojans", 30, 0, 1, 2],
    ],
    Pantheon: [
      ["Race", "Member", "Share"],
      ["Achaeans", "Ares", 100],
      ["Trojans", "Ares", 100],
    ],
    Deaths: [
      ["Century", "Cause", "Units", "Race", "Note"],
      [1, "war", 4, "Trojans", "siege"],
    ],
  };

  function make(name: string, opts: Record<string, unknown> = {}): string {
    const file = path.join(dir, `${name}.xlsx`);
    const json = path.join(dir, `${name}.json`);
    fs.writeFileSync(json, JSON.stringify(TABLES));
    execFileSync(PYTHON, [MAKE, json, file, JSON.stringify(opts)], { stdio: "pipe", timeout: 60000 });
    return file;
  }

  test("plain sheets: rows added under the Deaths, Units changed, the comment and formula kept, recalculated on opening", async () => {
    // Achaeans 20 + 3 = 23 at +3 against Trojans 30 + 6 = 36 at +2:
    // Achaeans kill ⌈11% × 23 = 2.53⌉ = 3; Trojans kill ⌈9% × 36 = 3.24⌉ = 4. Neither loses 150% of the other.
    const file = make("plain");
    const before = partsOf(file);
    const r = await gods("war", file, "Achaeans", "Trojans");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe(
      "War in century 1 between the Achaeans and the Trojans: the Achaeans lost 4, the Trojans lost 3. Neither side lost (neither lost 150% of what the other did).",
    );
    const after = partsOf(file);
    // The Races and Deaths sheets only: openpyxl's workbook part already asks for a recalculation on opening.
    expect(changed(before, after)).toEqual(["xl/worksheets/sheet4.xml", "xl/worksheets/sheet6.xml"]);
    expect(new TextDecoder().decode(after.get("xl/workbook.xml"))).toMatch(/<calcPr [^>]*fullCalcOnLoad="1"/);
    const sheets = openpyxl(file);
    expect(sheets.Races?.rows.map((row) => [row[0], row[1]])).toEqual([
      ["Race", "Units"],
      ["Achaeans", 16],
      ["Trojans", 27],
    ]);
    expect(sheets.Summary?.rows).toEqual([["All units", "=SUM(Races!B2:B3)"]]);
    expect(sheets.Deaths?.rows).toEqual([
      ["Century", "Cause", "Units", "Race", "Note"],
      [1, "war", 4, "Trojans", "siege"],
      [1, "war", 4, "Achaeans", "war: Achaeans vs Trojans"],
      [1, "war", 3, "Trojans", "war: Achaeans vs Trojans"],
    ]);
  });

  /** A copy of the example with one cell of one sheet part rewritten (a formula with its saved result). */
  function withFormula(part: string, cell: RegExp, xml: string): string {
    const file = fresh();
    const text = new TextDecoder().decode(partsOf(file).get(part));
    const changedText = text.replace(cell, xml);
    expect(changedText).not.toBe(text);
    const unpacked = path.join(dir, `unpacked-${copies}`);
    fs.mkdirSync(unpacked);
    execFileSync("unzip", ["-q", file, "-d", unpacked]);
    fs.writeFileSync(path.join(unpacked, part), changedText);
    fs.rmSync(file);
    execFileSync("zip", ["-q", "-r", "-X", file, "."], { cwd: unpacked });
    return file;
  }

  test("a formula elsewhere (a Counts cell): the workbook asks for a recalculation on opening; nothing else changes", async () => {
    const file = withFormula("xl/worksheets/sheet7.xml", /<c r="C2"><v>5<\/v><\/c>/, '<c r="C2"><f>2+3</f><v>5</v></c>');
    const before = partsOf(file);
    expect((await gods("war", file, "Ultra-Dwarves", "Low Elves")).code).toBe(0);
    const after = partsOf(file);
    expect(changed(before, after)).toEqual([DEATHS_TABLE, "xl/workbook.xml", DEATHS_PART, RACES_PART].sort());
    const workbook = new TextDecoder().decode(after.get("xl/workbook.xml"));
    expect(workbook).toBe(
      new TextDecoder().decode(before.get("xl/workbook.xml")).replace('<calcPr calcId="171027"/>', '<calcPr calcId="171027" fullCalcOnLoad="1"/>'),
    );
    expect(openpyxl(file).Counts?.rows[1]).toEqual([1, "Cities on Earth", "=2+3"]);
  });

  test("a totals row under the Deaths table, or a formula in a cell to write: refused in a sentence, nothing written", async () => {
    const totals = make("totals", { totals: true });
    const original = fs.readFileSync(totals);
    const r = await gods("war", totals, "Achaeans", "Trojans");
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "gods war: The Deaths table has a totals row, which the command line cannot move down under new rows. Turn it off in Excel (Table Design › Total Row), run again, then turn it back on.\n",
    );
    expect(fs.readFileSync(totals).equals(original)).toBe(true);

    // The example with its first Units cell turned into a formula (with its saved result, 40).
    const file = withFormula(RACES_PART, /<c r="B2"([^>]*)><v>40<\/v><\/c>/, '<c r="B2"$1><f>30+10</f><v>40</v></c>');
    const formulaBytes = fs.readFileSync(file);
    const f = await gods("war", file, "Ultra-Dwarves", "Low Elves");
    expect(f.code).toBe(2);
    expect(f.err).toBe(
      "gods war: Cell Races!B2 holds a formula; the command line writes values only and will not write over it. Put a plain value there, then run again.\n",
    );
    expect(fs.readFileSync(file).equals(formulaBytes)).toBe(true);
  });
});
