import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFileSync } from "child_process";
import { gods } from "../support/cli";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { handWorked, writeXlsx } from "../support/campaigns";

const root = path.resolve(__dirname, "..", "..");
let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-cli-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("gods century-end", () => {
  test("--json prints exactly one JSON object with the hand-worked numbers", async () => {
    const file = path.join(dir, "json.xlsx");
    await writeXlsx(handWorked(), file);
    const r = await gods("century-end", file, "--century", "1", "--json");
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(r.out)).toEqual({
      century: 1,
      recipients: [
        { god: "Ares", earned: 22.6, paid: 22, carry: 0.6 },
        { god: "Hestia", earned: 24.34, paid: 24, carry: 0.34 },
        { god: "Demons", earned: 2.85, paid: 2, carry: 0.85 },
      ],
      warnings: [
        "Deaths table, row 5, column Century: The Deaths row 5 is dated century 2, the next century: it waits for its end and is not paid now. If it belongs to century 1, correct the Century first.",
      ],
    });
    const second = JSON.parse((await gods("century-end", file, "--century", "2", "--json", "--accept-warnings")).out) as {
      recipients: unknown[];
      warnings: string[];
    };
    expect(second.recipients).toEqual([
      { god: "Ares", earned: 9.6, paid: 10, carry: 0.2 },
      { god: "Hestia", earned: 20.34, paid: 20, carry: 0.68 },
      { god: "Demons", earned: 1.65, paid: 2, carry: 0.5 },
    ]);
    expect(second.warnings).toEqual([
      'Counts table: "Hearths" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Hearths, Count), or accept 0.',
    ]);
  });

  test("--out writes elsewhere and leaves the input as it was", async () => {
    const file = path.join(dir, "in.xlsx");
    const out = path.join(dir, "out.xlsx");
    await writeXlsx(handWorked(), file);
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1", "--out", out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Century 1: mana for each god\nGod\s+Before\s+Earned\s+Paid\s+Kept\nAres\s+0\s+22\.6\s+22\s+0\.6\n/);
    expect(r.out).toMatch(/Wrote the Death Worksheet, the Century-End Worksheet, the mana calculation and the Ledger to .*out\.xlsx/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const written = readWorkbook(await loadWorkbook(out));
    expect(written.sheetNames).toEqual(expect.arrayContaining(["C1 Death Worksheet", "C1 Century-End Worksheet", "C1 Mana", "Ledger"]));
    expect(written.tables.get("ledger")?.headers).toEqual(["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"]);
    expect(written.tables.get("ledger")?.rows.map((row) => [row[0], row[1], row[3], row[4], row[5]])).toEqual([
      [1, "century-end", "Ares", 22.6, 22],
      [1, "century-end", "Hestia", 24.34, 24],
      [1, "century-end", "Demons", 2.85, 2],
    ]);
  });
});

describe("a misspelt setting", () => {
  test("is named with what is used instead: the default era length, 16 centuries; the century is paid", async () => {
    const file = path.join(dir, "settings.xlsx");
    await writeXlsx(
      {
        ...handWorked(),
        Settings: [
          ["Setting", "Value"],
          ["Era lenght", 2],
        ],
      },
      file,
    );
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Warning: Settings table, row 2, column Setting: "Era lenght" is not a setting the add-in knows (Era Centrum length, Era Omega length), so the row is passed over: Era Centrum length keeps its default, 16 centuries, as the rules give Era Centrum; Era Omega length keeps its default, none, as the rules give Era Omega no length. Did you mean "Era length"?\n',
    );
    // An era of 2 centuries would make century 2 the era's last, and say so: with the default 16 it says nothing of it.
    const second = await gods("century-end", file, "--century", "2", "--accept-warnings");
    expect(second.code).toBe(0);
    expect(second.out).not.toMatch(/Era Centrum's last/);
  });
});

describe("a century calculated again", () => {
  test("names, per character, what was paid, what is paid now and what to hand out or take back", async () => {
    const file = path.join(dir, "redo.xlsx");
    await writeXlsx(handWorked(), file);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    // Ares buys a War card and gives up his Hearth card; century 1 is calculated again with them.
    expect((await gods("cards", file, "Ares", "War", "+1")).code).toBe(0);
    expect((await gods("cards", file, "Ares", "Hearth", "-1")).code).toBe(0);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(0);
    // By hand: Ares earns 14 × 1.5 + 11.5 × 0.3 = 24.45 with 3 War cards and no Hearth card: 24 paid instead of 22.
    expect(r.out).toMatch(/^Century 1, calculated again: what it pays each god now\n/);
    expect(r.out).toContain("Its first end was handed out already. At the distribution points, hand out or take back only the difference:");
    expect(r.out).toMatch(
      /\nGod\s+Paid before\s+Paid now\s+At the box\nAres\s+22\s+24\s+hand out 2 more\nHestia\s+24\s+24\s+nothing to do\nDemons\s+2\s+2\s+nothing to do/,
    );
    const json = JSON.parse((await gods("century-end", file, "--century", "1", "--json", "--dry-run")).out) as { recalculated: boolean; handOut: unknown[] };
    expect(json.recalculated).toBe(true);
    // The Ledger holds the redo now: calculated again once more, nothing changes at the box.
    expect(json.handOut).toEqual([
      { god: "Ares", before: 24, now: 24, difference: 0 },
      { god: "Hestia", before: 24, now: 24, difference: 0 },
      { god: "Demons", before: 2, now: 2, difference: 0 },
    ]);
  });
});

describe("gods century-end, when the file cannot be written", () => {
  test("the reason is given in plain words", async () => {
    const file = path.join(dir, "ok.xlsx");
    await writeXlsx(handWorked(), file);
    const { code, err } = await gods("century-end", file, "--century", "1", "--out", path.join(dir, "missing", "out.xlsx"));
    expect(code).toBe(2);
    expect(err).toMatch(/could not write .*out\.xlsx \(its folder does not exist\)\. Nothing was changed\./);
  });
});

describe("installing the command", () => {
  test("npm install -g . gives a gods that works from any folder", () => {
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "gods-prefix-"));
    try {
      execFileSync("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", "."], { cwd: root, stdio: "pipe" });
      const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "gods-elsewhere-"));
      const bin = path.join(prefix, "bin", "gods");
      execFileSync(bin, ["init", "c.xlsx", "--example"], { cwd: elsewhere, stdio: "pipe" });
      const out = execFileSync(bin, ["century-end", "c.xlsx", "--century", "1", "--json"], { cwd: elsewhere, encoding: "utf8" });
      expect((JSON.parse(out) as { century: unknown }).century).toBe(1);
      fs.rmSync(elsewhere, { recursive: true, force: true });
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe("gods init", () => {
  test("creates empty tables that read back with no error, and a Settings table with Era Centrum's length", async () => {
    const file = path.join(dir, "empty.xlsx");
    expect((await gods("init", file)).code).toBe(0);
    const raw = readWorkbook(await loadWorkbook(file));
    expect([...raw.tables.values()].filter((t) => t.isTable).map((t) => t.name)).toEqual([
      "Gods",
      "Cards",
      "Sources",
      "Races",
      "Pantheon",
      "Deaths",
      "Counts",
      "Settings",
    ]);
    expect(raw.tables.get("settings")?.headers).toEqual(["Setting", "Value"]);
    expect(raw.tables.get("settings")?.rows).toEqual([["Era Centrum length", 16]]);
    const r = await gods("century-end", file, "--century", "1", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ century: 1, recipients: [{ god: "Demons", earned: 0, paid: 0, carry: 0 }] });
  });

  test("never overwrites a file", async () => {
    const file = path.join(dir, "exists.xlsx");
    fs.writeFileSync(file, "mine");
    const r = await gods("init", file, "--example");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/already exists/);
    expect(fs.readFileSync(file, "utf8")).toBe("mine");
  });

  test("the example campaign: a few gods, every basis, a race in turmoil, Diabolism and Atheism", async () => {
    const file = path.join(dir, "example.xlsx");
    expect((await gods("init", file, "--example")).code).toBe(0);
    const raw = readWorkbook(await loadWorkbook(file));
    const col = (table: string, i: number) => raw.tables.get(table)?.rows.map((r) => r[i]) ?? [];
    expect(new Set(col("sources", 2))).toEqual(new Set(["worship", "deaths", "count", "diabolism"]));
    expect(col("races", 5)).toContain("yes");
    expect(col("races", 0).length).toBeGreaterThanOrEqual(5);
    expect(col("pantheon", 1)).toEqual(expect.arrayContaining(["Diabolism", "Atheism"]));
    const r = await gods("century-end", file, "--century", "1", "--json");
    // Its second century's deaths are typed already: named, and left for that century.
    expect((JSON.parse(r.out) as { warnings: unknown }).warnings).toEqual([
      "Deaths table, row 7, column Century: The Deaths rows 7, 8 and 9 are dated century 2, the next century: they wait for its end and are not paid now. If they belong to century 1, correct the Century first.",
    ]);
  });
});

describe("npm run demo", () => {
  test("creates the example, ends two centuries with two events between, ends the era, writes the packet, prints the mana and the workbook's place", () => {
    const out = execFileSync("npm", ["run", "--silent", "demo"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(out).toMatch(/Century 1: mana for each god/);
    expect(out).toMatch(/Century 2: mana for each god/);
    // Columns: carried in, earned, paid, carried on.
    expect(out).toMatch(/Solara\s+0\s+21\.05\s+21\s+0\.05/);
    // God obliterated: Death (flat 2) for Vorn, Demonic (flat 1) for the Demons.
    expect(out).toMatch(/Century 2: God obliterated\nGod\s+Before\s+Earned\s+Paid\s+Kept\nVorn\s+0\.645\s+2\s+2\s+0\.645\nDemons\s+0\.6\s+1\s+1\s+0\.6\n/);
    // Race destroyed twice: Kettu's one Sea card, 0.25 × 2, joins the 0.075 it carried.
    expect(out).toMatch(/Kettu\s+0\.075\s+0\.5\s+0\s+0\.575/);
    // Century 2 is the example's Era Centrum's last (its Settings give 2 centuries): the era it closes ends on time.
    expect(out).toContain("century 2 is Era Centrum's last (century 2 of 2, counting from century 1; Era Centrum length 2)");
    expect(out).not.toContain("the era is not over");
    // The era's end: Solara's flat 5 × 3 Council laws + 0.1 × 24 farmland, on top of 0.6 carried.
    expect(out).toMatch(/The era ending with century 2: era-end mana\nGod\s+Before\s+Earned\s+Paid\s+Kept\nSolara\s+0\.6\s+17\.4\s+18\s+0\n/);
    // Then the session packet, with the charts the two century ends drew.
    expect(out).toMatch(/Wrote Earth Summary, Character Sheets, Charts to /);
    const where = /The workbook is at (.*example-campaign\.xlsx)/.exec(out)?.[1];
    expect(where && fs.existsSync(where)).toBe(true);
  });
});
