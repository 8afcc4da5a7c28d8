/**
 * Broken campaigns through `gods century-end`: each is refused with exit code 2, a message that
 * names the table, row and column of the culprit, and the file left byte for byte as it was.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { edit, handWorked, writeXlsx, type Tables } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-bad-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

type Cell = Tables[string][number][number];
const set = (table: string, row: number, col: number, value: Cell) => (t: Tables) => {
  ((t[table] as Cell[][])[row] as Cell[])[col] = value;
};

const CASES: [string, (t: Tables) => void, RegExp[]][] = [
  ["a missing table", (t) => delete t.Races, [/Races table: the workbook has no table or sheet named Races/]],
  ["a missing required column", set("Races", 0, 1, "Population"), [/Races table, row 1: there is no Units column/, /it has Race, Population/]],
  ["text where a number belongs", set("Races", 2, 1, "thirty"), [/Races table, row 3, column Units: "thirty" is not a number/]],
  ["negative units", set("Races", 1, 1, -5), [/Races table, row 2, column Units: -5 is not a whole number of units, 0 or more/]],
  ["fractional cards", set("Cards", 2, 2, 1.5), [/Cards table, row 3, column Cards: 1.5 is not a whole number of cards/]],
  ["an unknown god in Cards", set("Cards", 1, 0, "Zeus"), [/Cards table, row 2, column God: "Zeus" is not in the Gods table/]],
  ["an unknown pantheon member", set("Pantheon", 2, 1, "Hermes"), [/Pantheon table, row 3, column Member: "Hermes" is not in the Gods table/]],
  [
    "a pantheon not adding up to 100%",
    set("Pantheon", 1, 2, 40),
    [/Pantheon table, row 2, column Share: the pantheon of Achaeans cannot be used: The shares add up to 90; they must add up to 100/],
  ],
  [
    "fractional shares not adding up",
    set("Pantheon", 4, 2, 0.7),
    [/the pantheon of Trojans cannot be used: The shares add up to 95% \(0\.95 as a fraction\); they must add up to 100%/],
  ],
  ["a duplicate god", set("Gods", 2, 0, "ares"), [/Gods table, row 3, column God: "ares" appears twice in the Gods table/]],
  ["a duplicate race", set("Races", 2, 0, "Achaeans"), [/Races table, row 3, column Race: "Achaeans" appears twice/]],
  ["an unknown Basis", set("Sources", 1, 2, "tithes"), [/Sources table, row 2, column Basis: "tithes" is not one of worship, diabolism, deaths, count/]],
  ["an unknown Timing", set("Sources", 1, 6, "weekly"), [/Sources table, row 2, column Timing: "weekly" is not one of century-end, era-end, event/]],
  ["deaths in a future century", set("Deaths", 4, 0, 9), [/Deaths table, row 5, column Century: a row for 5 war deaths is dated century 9/]],
  ["a count for a source that is not a count", set("Counts", 1, 1, "Faithful"), [/Counts table, row 2, column Source: "Faithful" is a worship source/]],
  ["a reserved name in Gods", set("Gods", 3, 0, "Demons"), [/Gods table, row 4, column God: "Demons" is a reserved name/]],
  ["an error cell", set("Races", 1, 1, { error: "#N/A" }), [/Races table, row 2, column Units: the error #N\/A is not a number/]],
  ["fractional deaths", set("Deaths", 1, 2, 2.5), [/Deaths table, row 2, column Units: 2.5 is not a whole number of units/]],
  ["a Flat that is neither yes nor no", set("Sources", 4, 4, "maybe"), [/Sources table, row 5, column Flat: "maybe" should be yes or no/]],
  ["an unknown race in Pantheon", set("Pantheon", 6, 0, "Atlanteans"), [/Pantheon table, row 7, column Race: "Atlanteans" is not in the Races table/]],
  ["a demon as a pantheon member", set("Pantheon", 6, 1, "Lilith"), [/Pantheon table, row 7, column Member: Lilith is a demon/]],
  ["a negative rate", set("Sources", 2, 3, -0.1), [/Sources table, row 3, column Rate: -0.1 is negative/]],
];

describe("bad workbooks are refused, named, and left untouched", () => {
  test.each(CASES)("%s", async (_name, change, patterns) => {
    const file = path.join(dir, `${_name.replace(/\W+/g, "-")}.xlsx`);
    await writeXlsx(edit(change, handWorked()), file);
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^Century 1 was not calculated: the workbook has \d+ problems? to fix first\. Nothing was written\./);
    for (const p of patterns) expect(r.err).toMatch(p);
    expect(r.out).toBe("");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  test("every problem is listed at once", async () => {
    const file = path.join(dir, "many.xlsx");
    await writeXlsx(
      edit((t) => {
        [set("Races", 2, 1, "thirty"), set("Cards", 1, 0, "Zeus"), set("Pantheon", 1, 2, 40)].forEach((f) => {
          f(t);
        });
      }),
      file,
    );
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/3 problems/);
    expect(r.err.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(3);
  });

  test("recalculating an older century is refused and the file is untouched", async () => {
    const file = path.join(dir, "older.xlsx");
    await writeXlsx(handWorked(), file);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    expect((await gods("century-end", file, "--century", "2", "--accept-warnings")).code).toBe(0);
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/only the latest century \(2\) can be calculated again/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("bad command lines exit 2", async () => {
    const file = path.join(dir, "cmd.xlsx");
    await writeXlsx(handWorked(), file);
    expect((await gods("century-end", file)).code).toBe(2);
    expect((await gods("century-end", file, "--century", "0")).err).toMatch(/needs --century N/);
    expect((await gods("century-end", file, "--century", "two")).code).toBe(2);
    expect((await gods("century-end", "--century", "1")).code).toBe(2);
    expect((await gods("century-end", file, "--century", "1", "--colour")).err).toMatch(/unknown option --colour/);
    expect((await gods("century-end", path.join(dir, "nope.xlsx"), "--century", "1")).err).toMatch(/there is no file/);
    fs.writeFileSync(path.join(dir, "text.xlsx"), "not a workbook");
    expect((await gods("century-end", path.join(dir, "text.xlsx"), "--century", "1")).err).toMatch(
      /is not an Excel workbook \(a \.csv or text file, perhaps\)/,
    );
  });
});
