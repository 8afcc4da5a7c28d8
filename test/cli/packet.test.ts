/**
 * `gods packet` on workbook files: the example campaign of `gods init --example` gains its Earth
 * Summary and Character Sheets (read back with openpyxl), in place or in another file, and every
 * part of the package but the sheets written and the workbook's lists of sheets comes out byte
 * for byte as it went in; written again, each sheet is replaced in its own part. The values are
 * worked by hand in test/workbook/packet.test.ts and test/workbook/characterSheets.test.ts.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { exampleTables, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { PYTHON, pythonScript } from "../support/python";

let dir: string;
let example: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-packet-"));
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
function fresh(): string {
  const file = path.join(dir, `campaign-${++copies}.xlsx`);
  fs.copyFileSync(example, file);
  return file;
}

const READ = pythonScript("read_tables.py");
type Cell = string | number | boolean | null;
type Sheets = Record<string, { rows: Cell[][] }>;
const openpyxl = (file: string) => JSON.parse(execFileSync(PYTHON, [READ, file], { encoding: "utf8", timeout: 60000 })) as Sheets;

/** What the command says first of the example campaign's packet. */
const HEADLINE = "Session packet for century 1: 6 races, strength 260 in all; 5 character sheets (Solara, Vorn, Mirelle, Kettu, Demons).";

const partsOf = (file: string) => openPackage(new Uint8Array(fs.readFileSync(file)), file).parts;

/** The parts whose bytes changed (or that came or went). */
function changed(before: ReadonlyMap<string, Uint8Array>, after: ReadonlyMap<string, Uint8Array>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => !Buffer.from(before.get(n) ?? []).equals(Buffer.from(after.get(n) ?? [0]))).sort();
}

/** What the workbook's own bookkeeping holds: its sheet list, their relationships and content types, and the cell styles. */
const BOOKKEEPING = ["[Content_Types].xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/workbook.xml"];

describe("gods packet", () => {
  test("in place: the Earth Summary and Character Sheets are added, every other part byte for byte; written again, each is replaced in its own part", async () => {
    const file = fresh();
    const before = partsOf(file);
    const run = await gods("packet", file);
    expect(run).toEqual({ code: 0, err: "", out: `${HEADLINE}\nWrote Earth Summary, Character Sheets to ${file}.\n` });
    const after = partsOf(file);
    const added = [...after.keys()].filter((n) => !before.has(n));
    expect(added).toEqual([expect.stringMatching(/^xl\/worksheets\/sheet\d+\.xml$/), expect.stringMatching(/^xl\/worksheets\/sheet\d+\.xml$/)]);
    expect(changed(before, after)).toEqual([...BOOKKEEPING, ...added].sort());

    const sheets = openpyxl(file);
    const rows = sheets["Earth Summary"]?.rows ?? [];
    expect(rows[0]?.[0]).toBe("Earth Summary");
    expect(rows[4]?.slice(0, 5)).toEqual(["Ultra-Dwarves", 40, 1, 0, "=B5+3*C5+6*D5"]);
    expect(rows[4]?.[9]).toBe("Vorn 60%, Solara 30%, Atheism 10%");
    expect(rows[9]?.[9]).toBe("Solara 40%, Mirelle 35%, Vorn 25%");
    expect(rows[10]?.slice(0, 5)).toEqual(["All 6 races", "=SUM(B5:B10)", "=SUM(C5:C10)", "=SUM(D5:D10)", "=SUM(E5:E10)"]);
    const pages = sheets["Character Sheets"]?.rows ?? [];
    expect(pages[0]?.[0]).toBe("Character Sheets");
    for (const god of ["Solara", "Vorn", "Mirelle", "Kettu", "Demons"]) expect(pages.some((r) => r[0] === god)).toBe(true);
    // The sheet's part holds a manual page break above each character's page but the first.
    const part = added.map((n) => Buffer.from(after.get(n) ?? []).toString("utf8")).find((x) => x.includes("<rowBreaks"));
    const breaks = [...(part ?? "").matchAll(/<brk id="(\d+)" max="16383" man="1"\/>/g)].map((m) => Number(m[1]) + 1);
    expect(breaks.map((r) => pages[r - 1]?.[0])).toEqual(["Vorn", "Mirelle", "Kettu", "Demons"]);
    expect(part).toContain('<rowBreaks count="4" manualBreakCount="4">');

    // Again: the same part rewritten, no second sheet.
    const again = await gods("packet", file);
    expect(again.code).toBe(0);
    const third = partsOf(file);
    expect([...third.keys()].sort()).toEqual([...after.keys()].sort());
    expect(Object.keys(openpyxl(file)).filter((n) => n === "Earth Summary" || n === "Character Sheets")).toHaveLength(2);
    // Nothing changed in the campaign: the very same sheet.
    expect(changed(after, third).filter((n) => n !== "xl/workbook.xml")).toEqual([]);
  });

  test("--out writes another file and leaves the campaign untouched", async () => {
    const file = fresh();
    const original = fs.readFileSync(file);
    const out = path.join(dir, "packet-out.xlsx");
    const run = await gods("packet", file, "--out", out);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`Wrote Earth Summary, Character Sheets to ${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.`));
    expect(fs.readFileSync(file).equals(original)).toBe(true);
    expect(openpyxl(out)["Earth Summary"]?.rows[10]?.[0]).toBe("All 6 races");
  });

  test("--dry-run writes nothing; --json prints one object naming the sheets", async () => {
    const file = fresh();
    const original = fs.readFileSync(file);
    const dry = await gods("packet", file, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toBe(`${HEADLINE}\nDry run: nothing was written to ${file} (it would write Earth Summary, Character Sheets).\n`);
    expect(fs.readFileSync(file).equals(original)).toBe(true);

    const json = await gods("packet", file, "--dry-run", "--json");
    const answer = JSON.parse(json.out) as {
      century: number;
      sheets: string[];
      written: boolean;
      races: { race: string; strength: number; pantheon: string }[];
      characters: { name: string }[];
    };
    expect(answer).toMatchObject({ century: 1, sheets: ["Earth Summary", "Character Sheets"], written: false, warnings: [] });
    // Nothing credited yet: every account carries 0.
    expect(answer.characters).toEqual(
      ["Solara", "Vorn", "Mirelle", "Kettu", "Demons"].map((name, i) => ({
        name,
        kind: ["greater", "greater", "lesser", "spirit", "the demons' shared pool"][i],
        carry: 0,
        exactCarry: "0",
        centuries: [],
      })),
    );
    expect(answer.races.find((r) => r.race === "River Men")).toEqual({
      race: "River Men",
      units: 45,
      cities: 1,
      greatCities: 1,
      strength: 54,
      pantheon: "Solara 40%, Mirelle 35%, Vorn 25%",
    });
    expect(fs.readFileSync(file).equals(original)).toBe(true);

    const written = JSON.parse((await gods("packet", file, "--json")).out) as { written: boolean; sheets: string[] };
    expect(written).toMatchObject({ written: true, sheets: ["Earth Summary", "Character Sheets"] });
    expect(Object.keys(openpyxl(file))).toContain("Earth Summary");
  });

  test("refused, the file unchanged: a file that is not a workbook, bad arguments; --help shows the usage", async () => {
    const csv = path.join(dir, "races.xlsx");
    fs.writeFileSync(csv, "Race,Units\nElves,3\n");
    const text = await gods("packet", csv);
    expect(text.code).toBe(2);
    expect(text.err).toMatch(/^gods packet: .*is not an Excel workbook/);
    const json = await gods("packet", csv, "--json");
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out)).toMatchObject({ error: expect.stringMatching(/not an Excel workbook/) as unknown, problems: [], warnings: [] });
    expect(fs.readFileSync(csv, "utf8")).toBe("Race,Units\nElves,3\n");

    // A sheet of the gamemaster's by the packet's name, or a Races row it cannot read: named, nothing written.
    const mine = path.join(dir, "mine.xlsx");
    await writeXlsx({ ...exampleTables(), "Earth Summary": [["My notes on Earth"]] }, mine);
    const kept = fs.readFileSync(mine);
    const refused = await gods("packet", mine);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /^The session packet was not written: the workbook has 1 problem to fix first\. Nothing was written\.\n- Workbook: .*"Earth Summary" that the add-in did not make/,
    );
    expect(fs.readFileSync(mine).equals(kept)).toBe(true);
    const bad = path.join(dir, "bad.xlsx");
    const tables = exampleTables();
    (tables.Races as Cell[][])[2] = ["Low Elves", "many"];
    await writeXlsx(tables, bad);
    const badJson = await gods("packet", bad, "--json");
    expect(badJson.code).toBe(2);
    expect(JSON.parse(badJson.out)).toMatchObject({ problems: [{ table: "Races", row: 3, column: "Units" }] });

    expect((await gods("packet")).code).toBe(2);
    expect((await gods("packet", example, "--century", "3")).err).toMatch(/unknown option --century/);
    const help = await gods("packet", "--help");
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/gods packet FILE\.xlsx \[--out OUT\.xlsx\] \[--pdf OUT\.pdf\] \[--json\] \[--dry-run\]/);
    const pdf = await gods("packet", example, "--pdf", "packet.png");
    expect(pdf).toEqual({ code: 2, out: "", err: expect.stringMatching(/--pdf needs the PDF file to write, ending in \.pdf/) as unknown });
    expect(help.out).toMatch(/Earth Summary/);
    expect(help.out).toMatch(/Character Sheets/);
  });

  test("the packet's sheets come last, in their order, after sheets made since; --pdf prints them alone, a page each", async () => {
    const file = fresh();
    expect((await gods("packet", file)).code).toBe(0);
    // A century ended after the packet adds its sheets behind it; the next packet moves itself back to the end.
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const between = Object.keys(openpyxl(file));
    expect(between.indexOf("C1 Mana")).toBeGreaterThan(between.indexOf("Character Sheets"));
    expect(between.at(-1)).toBe("Ledger");
    const pdf = path.join(dir, "packet.pdf");
    const run = await gods("packet", file, "--pdf", pdf);
    expect(run.err).toBe("");
    expect(run.out).toMatch(/\nWrote Earth Summary, Character Sheets, Charts to .*\.\nPrinted the packet to .*packet\.pdf: 7 pages\.\n$/);
    const names = Object.keys(openpyxl(file));
    expect(names.slice(-3)).toEqual(["Earth Summary", "Character Sheets", "Charts"]);
    expect(names).toContain("Ledger");
    // Print areas and titles are bound to a sheet by its place: they moved with their sheets.
    const book = Buffer.from(partsOf(file).get("xl/workbook.xml") ?? []).toString("utf8");
    const listed = [...book.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1]);
    const bound = [...book.matchAll(/<definedName name="_xlnm\.Print_(?:Area|Titles)" localSheetId="(\d+)">'?([^'!]+)'?!/g)];
    expect(bound.length).toBeGreaterThan(5);
    for (const [, at, sheet] of bound) expect(listed[Number(at)]).toBe(sheet?.replace(/&apos;/g, ""));
    // The PDF: the Earth Summary, one page for each of the five characters, the Charts; no other sheet.
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    const pages = text.split("\f").filter((p) => p.trim() !== "");
    expect(pages).toHaveLength(7);
    expect(pages[0]).toMatch(/Earth Summary[\s\S]*River Men/);
    ["Solara", "Vorn", "Mirelle", "Kettu", "Demons"].forEach((god, i) => {
      expect(pages[i + 1]).toMatch(new RegExp(`Character Sheets[\\s\\S]*\\n\\s*${god}\\s*\\n`));
      expect(pages[i + 1]).toMatch(new RegExp(`Page ${i + 2} of 7`));
    });
    expect(pages[6]).toMatch(/Charts/);
    expect(text).not.toMatch(/Death Worksheet|Century-End Worksheet|Ledger Seal/);

    // Without LibreOffice: said in a sentence, and nothing is written.
    const kept = fs.readFileSync(file);
    const saved = process.env.PATH;
    process.env.PATH = path.join(dir, "no-programs-here");
    try {
      const none = await gods("packet", file, "--pdf", path.join(dir, "other.pdf"));
      expect(none).toEqual({
        code: 2,
        out: "",
        err: expect.stringMatching(
          /^gods packet: Printing the packet to PDF needs LibreOffice \(soffice\), which was not found.*Nothing was written\.\n$/,
        ) as unknown,
      });
    } finally {
      process.env.PATH = saved;
    }
    expect(fs.readFileSync(file).equals(kept)).toBe(true);
    expect(fs.existsSync(path.join(dir, "other.pdf"))).toBe(false);
  });

  test("--pdf prints the same 7 pages with Carlito (Calibri's widths) on the machine and with it hidden, nothing cut off at the right", async () => {
    // A font set-up of our own: the machine's, with Carlito refused, as on a machine that never had it.
    const hidden = path.join(dir, "no-carlito.conf");
    fs.writeFileSync(
      hidden,
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <cachedir>${path.join(dir, "font-cache")}</cachedir>
  <selectfont><rejectfont><pattern><patelt name="family"><string>Carlito</string></patelt></pattern></rejectfont></selectfont>
</fontconfig>
`,
    );
    const fonts = (env: NodeJS.ProcessEnv) => execFileSync("fc-list", { encoding: "utf8", env });
    expect(fonts(process.env)).toMatch(/Carlito/);
    expect(fonts({ ...process.env, FONTCONFIG_FILE: hidden })).not.toMatch(/Carlito/);

    const printed: Record<string, string[]> = {};
    for (const [fontsOf, config] of [
      ["with Carlito", undefined],
      ["without Carlito", hidden],
    ] as const) {
      const file = fresh();
      // Two centuries ended: the Charts have lines, the character pages their credits.
      for (const century of ["1", "2"]) expect((await gods("century-end", file, "--century", century)).code).toBe(0);
      const pdf = path.join(dir, `packet ${fontsOf}.pdf`);
      const saved = process.env.FONTCONFIG_FILE;
      if (config !== undefined) process.env.FONTCONFIG_FILE = config;
      try {
        const run = await gods("packet", file, "--pdf", pdf);
        expect(run.err).toBe("");
        expect(run.out).toContain(`Printed the packet to ${pdf}: 7 pages.`);
      } finally {
        if (saved === undefined) delete process.env.FONTCONFIG_FILE;
        else process.env.FONTCONFIG_FILE = saved;
      }
      printed[fontsOf] = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" })
        .split("\f")
        .filter((p) => p.trim() !== "");
    }
    for (const pages of Object.values(printed)) {
      expect(pages).toHaveLength(7);
      // The right-most words of the pages: the Earth Summary's pantheons, each sheet's page numbers,
      // the end of Solara's widest source, the Demons' names and every account's carry.
      expect(pages[0]).toMatch(/Vorn 60%, Solara 30%, Atheism 10%/);
      expect(pages[0]).toMatch(/Page 1 of 7/);
      expect(pages[1]).toMatch(/0\.1 × 2 Sun cards \+ 0\.05 × 1 Harvest card/);
      expect(pages[1]).toMatch(/Kept\s+0\.600/);
      expect(pages[5]).toMatch(/Demons\s+Azhrak/);
      ["Solara", "Vorn", "Mirelle", "Kettu", "Demons"].forEach((god, i) => {
        expect(pages[i + 1]).toMatch(new RegExp(`\\n\\s*${god}\\s*\\n`));
        expect(pages[i + 1]).toMatch(new RegExp(`Century 3 in play\\s+Character Sheets\\s+Page ${i + 2} of 7`));
      });
      expect(pages[6]).toMatch(/Net mana per century, earned less lost[\s\S]*Century 3 in play\s+Charts\s+Page 7 of 7/);
    }
  }, 180_000);
});
