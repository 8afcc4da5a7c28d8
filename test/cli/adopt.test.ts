/**
 * gods adopt on campaigns kept by hand: the committed workbook of the worked example
 * (test/fixtures/hand-kept.xlsx, docs/adopt.md) and variants of its shapes, each brought in and
 * then paid at the next century, checked against the hand computation in test/support/handKept.ts.
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { addRows, handKeptXlsx, vyr, type SheetSpec } from "../support/handKept";
import { openPackage } from "../../src/workbook/xlsx/package/zip";

const fixture = path.resolve(__dirname, "..", "fixtures", "hand-kept.xlsx");
let dir: string;
let n = 0;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of the committed workbook, or of `sheets` laid out by hand. */
async function workbook(sheets?: SheetSpec[]): Promise<string> {
  const file = path.join(dir, `vyr-${++n}.xlsx`);
  if (sheets === undefined) fs.copyFileSync(fixture, file);
  else fs.writeFileSync(file, await handKeptXlsx(sheets));
  return file;
}

/** Every part of a workbook, by name, as a digest of its unpacked bytes. */
function digests(file: string): Map<string, string> {
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  return new Map(
    [...pkg.parts.keys()].map((k) => [
      k,
      crypto
        .createHash("sha256")
        .update(pkg.parts.get(k) as Uint8Array)
        .digest("hex"),
    ]),
  );
}

interface Paid {
  god: string;
  paid: number;
  carry: number;
}
async function century(file: string, c: number, ...more: string[]): Promise<Paid[]> {
  const r = await gods("century-end", file, "--century", String(c), "--json", ...more);
  expect(r.code).toBe(0);
  return (JSON.parse(r.out) as { recipients: Paid[] }).recipients.map(({ god, paid, carry }) => ({ god, paid, carry }));
}

/** What century 3 pays in the worked example, by hand (test/support/handKept.ts). */
const CENTURY_3 = [
  { god: "Solara", paid: 1, carry: 0.86 },
  { god: "Vorn", paid: 11, carry: 0.97 },
  { god: "Kettu", paid: 4, carry: 0.21 },
  { god: "Demons", paid: 2, carry: 0.54 },
];

/** The worked example with one sheet changed. */
function changed(name: string, change: (s: SheetSpec) => SheetSpec | SheetSpec[]): SheetSpec[] {
  return vyr().flatMap((s) => (s.name === name ? change(s) : [s]));
}

describe("gods adopt on the worked example", () => {
  test("the dry run shows where each column comes from, what it skipped, the carries, and writes nothing", async () => {
    const file = await workbook();
    const before = fs.readFileSync(file);
    const r = await gods("adopt", file, "--century", "2", "--dry-run");
    expect(r.code).toBe(0);
    expect(r.out).toContain("'Deaths C3': read as Deaths, century 3; headers in row 2 (title row 1 skipped)");
    expect(r.out).toContain("'Earth': read as Races; headers in row 3 (title rows 1–2 skipped)");
    expect(r.out).toContain("Cause ← 'Deaths C3'!B3:B4");
    expect(r.out).toContain("Century ← 3, from the sheet's name 'Deaths C3'");
    expect(r.out).toContain("Cards ← Gods!C3:F6 (one column per sphere)");
    expect(r.out).toContain("'Deaths C1' row 6: a totals row");
    expect(r.out).toContain("'Gods' row 8: a totals row");
    expect(r.out).toContain("Vorn 0.79 ('Mana C2'!D4)");
    expect(r.out).toContain("Dry run: nothing was written");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("--json prints the proposal: tables, first rows, skipped rows and opening carries", async () => {
    const file = await workbook();
    const r = await gods("adopt", file, "--century", "2", "--dry-run", "--json");
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out) as {
      tables: { table: string; rows: number; sources: { sheet: string; first: Record<string, unknown> }[] }[];
      opening: { god: string; carry: string; from: string }[];
      ledger: Paid[];
      guesses: string[];
      warnings: string[];
    };
    const rows = Object.fromEntries(p.tables.map((t) => [t.table, t.rows]));
    expect(rows).toEqual({ Gods: 3, Cards: 6, Sources: 6, Races: 3, Pantheon: 8, Deaths: 6, Counts: 0 });
    const gods3 = p.tables.find((t) => t.table === "Gods")?.sources[0]?.first;
    expect(gods3).toEqual({ God: "Solara", Kind: "greater" });
    const pantheon = p.tables.find((t) => t.table === "Pantheon")?.sources[0]?.first;
    expect(pantheon).toEqual({ Race: "Elves", Member: "Solara", Share: 40 });
    expect(p.opening).toEqual([
      { god: "Solara", carry: "0.3", from: "'Mana C2'!D3" },
      { god: "Vorn", carry: "0.79", from: "'Mana C2'!D4" },
      { god: "Kettu", carry: "0.65", from: "'Mana C2'!D5" },
      { god: "Demons", carry: "0.5", from: "'Mana C2'!D6" },
    ]);
    expect(p.ledger.map((l) => [l.god, l.paid, l.carry])).toEqual([
      ["Solara", 0, 0.3],
      ["Vorn", 0, 0.79],
      ["Kettu", 0, 0.65],
      ["Demons", 0, 0.5],
    ]);
    expect(p.guesses).toEqual([]);
    expect(p.warnings).toEqual([]);
  });

  test("written: the gamemaster's sheets stay byte for byte, and century 3 pays floor(carry + earned)", async () => {
    const file = await workbook();
    const before = digests(file);
    const r = await gods("adopt", file, "--century", "2");
    expect(r.code).toBe(0);
    expect(r.out).toContain("the next century end is 3");
    // The done line names what was written: the tables with their rows, and each account's carry, exactly.
    expect(r.out.trim().split("\n").pop()).toBe(
      `Brought in Gods 3, Cards 6, Sources 6, Races 3, Pantheon 8, Deaths 6. Your sheets were not changed. The Ledger opens at century 2: Solara carries 0.3, Vorn carries 0.79, Kettu carries 0.65, Demons carries 0.5. Written to ${file}; the next century end is 3.`,
    );
    const after = digests(file);
    // Only the parts the add-in owns change: the sheet list and its relationships, the content types, the styles.
    const owned = new Set(["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml", "docProps/app.xml"]);
    for (const [part, digest] of before) if (!owned.has(part)) expect([part, after.get(part)]).toEqual([part, digest]);
    for (let i = 1; i <= 8; i++) expect(after.get(`xl/worksheets/sheet${i}.xml`)).toBe(before.get(`xl/worksheets/sheet${i}.xml`));
    expect(await century(file, 3)).toEqual(CENTURY_3);
  });

  test("adopting again brings nothing twice and says nothing new; a row added since is brought alone", async () => {
    const file = await workbook();
    expect((await gods("adopt", file, "--century", "2")).code).toBe(0);
    const once = fs.readFileSync(file);
    const again = await gods("adopt", file, "--century", "2");
    expect(again.code).toBe(0);
    expect(again.out).toContain("Nothing new");
    expect(again.out).toContain("Deaths: 0 rows new (6 brought in before)");
    expect(fs.readFileSync(file).equals(once)).toBe(true);
    // A death typed in the gamemaster's own sheet for century 3, under its totals row.
    addRows(file, "xl/worksheets/sheet6.xml", 7, [["25 Feb", "war", "Dwarves", 2]]);
    const third = await gods("adopt", file, "--century", "2", "--json");
    expect(third.code).toBe(0);
    const p = JSON.parse(third.out) as { tables: { table: string; rows: number; before: number }[] };
    expect(p.tables.filter((t) => t.rows > 0).map((t) => [t.table, t.rows, t.before])).toEqual([["Deaths", 1, 6]]);
    // Vorn: war deaths 8 → War dead 8 (not 6): 13.18 + 0.79 = 13.97.
    const paid = await century(file, 3);
    expect(paid.find((p) => p.god === "Vorn")).toEqual({ god: "Vorn", paid: 13, carry: 0.97 });
    expect((await gods("adopt", file, "--century", "2")).out).toContain("Nothing new");
  });

  test("--carry overrides a mana sheet's carry, and a debt is carried as owed", async () => {
    const file = await workbook();
    const r = await gods("adopt", file, "--century", "2", "--carry", "Vorn=0.5", "--carry", "kettu=-2.5");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Vorn 0.5 (--carry)");
    expect(r.out).toContain("Kettu owes 2.5 (--carry)");
    expect(r.out).toContain("The Ledger opens at century 2: Solara carries 0.3, Vorn carries 0.5, Kettu owes 2.5, Demons carries 0.5.");
    const paid = await century(file, 3);
    // Vorn 0.5 + 11.18 = 11.68; Kettu -2.5 + 3.56 = 1.06.
    expect(paid).toEqual([CENTURY_3[0], { god: "Vorn", paid: 11, carry: 0.68 }, { god: "Kettu", paid: 1, carry: 0.06 }, CENTURY_3[3]]);
  });

  test("a carry that is not a fraction, or names nobody, is refused and nothing is written", async () => {
    const file = await workbook();
    const before = fs.readFileSync(file);
    for (const carry of ["Vorn=1.5", "Nobody=0.3", "Vorn=lots"]) {
      const r = await gods("adopt", file, "--century", "2", "--carry", carry);
      expect([carry, r.code]).toEqual([carry, 2]);
    }
    expect((await gods("adopt", file, "--century", "2", "--carry", "Vorn")).code).toBe(2);
    expect((await gods("adopt", file)).code).toBe(2);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("the opening balances are one credit that can be undone while nothing was credited after it", async () => {
    const file = await workbook();
    expect((await gods("adopt", file, "--century", "2")).code).toBe(0);
    const undo = await gods("undo", file, "--dry-run");
    expect(undo.code).toBe(0);
    expect(undo.out + undo.err).toContain("brought in at century 2");
    await century(file, 3);
    expect((await gods("undo", file, "--dry-run")).code).toBe(2);
  });

  test("centuries up to the one paid by hand are history: paying one is refused", async () => {
    const file = await workbook();
    expect((await gods("adopt", file, "--century", "2")).code).toBe(0);
    const r = await gods("century-end", file, "--century", "2");
    expect(r.code).toBe(2);
    expect(r.err).toContain("was paid by hand before the campaign was brought in at century 2");
  });
});

describe("gods adopt on other shapes", () => {
  test("a Ledger typed by hand carries the accounts on: no opening balances are written over it", async () => {
    const ledger: SheetSpec = {
      name: "Ledger",
      titles: [],
      merged: false,
      headers: ["Century", "God", "Earned", "Paid", "Carry"],
      rows: [
        [1, "Solara", 1.2, 1, 0.2],
        [1, "Vorn", 5.4, 5, 0.4],
        [1, "Kettu", 0.9, 0, 0.9],
        [1, "Demons", 1.3, 1, 0.3],
        [2, "Solara", 2.1, 2, 0.3],
        [2, "Vorn", 9.39, 9, 0.79],
        [2, "Kettu", 2.75, 3, 0.65],
        [2, "Demons", 2.2, 2, 0.5],
      ],
    };
    const file = await workbook([...vyr(), ledger]);
    const r = await gods("adopt", file, "--century", "2", "--json");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { warnings: string[] }).warnings.join("\n")).toContain("no opening balances are written");
    expect(await century(file, 3, "--accept-warnings")).toEqual(CENTURY_3);
    expect((await gods("adopt", await workbook([...vyr(), ledger]), "--century", "2", "--carry", "Vorn=0.5")).code).toBe(2);
  });

  test("a column matched by a near name is a guess: exit 3 lists it, --accept-warnings takes it", async () => {
    const file = await workbook(changed("Deaths C3", (s) => ({ ...s, headers: ["Date", "Cuase", "Race", "Units", "Note"] })));
    const before = fs.readFileSync(file);
    const r = await gods("adopt", file, "--century", "2");
    expect(r.code).toBe(3);
    expect(r.err).toContain(`'Deaths C3': the column "Cuase" was read as Cause (a near name).`);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect((await gods("adopt", file, "--century", "2", "--accept-warnings")).code).toBe(0);
    expect(await century(file, 3)).toEqual(CENTURY_3);
  });

  test("a sheet read as a century from a bare number is a guess; 'C3 Deaths' and 'Century 3' are not", async () => {
    const bare = await workbook(changed("Deaths C3", (s) => ({ ...s, name: "Deaths 3" })));
    const r = await gods("adopt", bare, "--century", "2", "--json");
    expect(r.code).toBe(3);
    expect((JSON.parse(r.out) as { guesses: string[] }).guesses).toEqual(["'Deaths 3' was read as century 3, from the number in its name."]);
    for (const name of ["C3 Deaths", "Century 3"]) {
      const file = await workbook(changed("Deaths C3", (s) => ({ ...s, name })));
      expect([name, (await gods("adopt", file, "--century", "2")).code]).toEqual([name, 0]);
      expect(await century(file, 3)).toEqual(CENTURY_3);
    }
  });

  test("mana sheets named as the add-in names its own ('C2 Mana') are the gamemaster's", async () => {
    const file = await workbook(vyr().map((s) => (s.name.startsWith("Mana C") ? { ...s, name: `C${s.name.slice(6)} Mana` } : s)));
    const r = await gods("adopt", file, "--century", "2");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Vorn 0.79 ('C2 Mana'!D4)");
    expect(await century(file, 3)).toEqual(CENTURY_3);
  });

  test("--map takes the shape the dry run prints: a sheet left out", async () => {
    const file = await workbook();
    const p = JSON.parse((await gods("adopt", file, "--century", "2", "--dry-run", "--json")).out) as { sheets: { sheet: string; readAs: string }[] };
    for (const s of p.sheets) if (s.sheet === "Deaths C3") s.readAs = "leave out";
    const map = path.join(dir, "map.json");
    fs.writeFileSync(map, JSON.stringify(p));
    const r = await gods("adopt", file, "--century", "2", "--map", map, "--json");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { tables: { table: string; rows: number }[] }).tables.find((t) => t.table === "Deaths")?.rows).toBe(4);
    // Kept in the workbook: adopting again reads the same way, and brings nothing.
    expect((await gods("adopt", file, "--century", "2")).out).toContain("Nothing new");
    fs.writeFileSync(map, JSON.stringify({ sheets: [{ sheet: "No such sheet", readAs: "Deaths" }] }));
    expect((await gods("adopt", await workbook(), "--century", "2", "--map", map)).code).toBe(2);
  });

  test("a cell that cannot be read is named, with why", async () => {
    const file = await workbook(changed("Gods", (s) => ({ ...s, rows: s.rows.map((r) => (r[0] === "Kettu" ? ["Kettu", "godling", ...r.slice(2)] : r)) })));
    const r = await gods("adopt", file, "--century", "2", "--json");
    expect(r.code).toBe(2);
    const problems = (JSON.parse(r.out) as { problems: { message: string }[] }).problems.map((p) => p.message);
    expect(problems).toContain('"godling" is not a kind of god: greater, lesser, spirit or demon.');
    const units = await workbook(changed("Deaths C1", (s) => ({ ...s, rows: [["3 Mar", "war", "Elves", "many", null], ...s.rows.slice(1)] })));
    const u = await gods("adopt", units, "--century", "2");
    expect(u.code).toBe(2);
    expect(u.err).toContain("'Deaths C1'!D3");
    expect(u.err).toContain('"many" is not a number of units');
  });

  test("no rates table: Sources is added empty, with the guided start's words, never invented", async () => {
    const file = await workbook(vyr().filter((s) => s.name !== "Rates"));
    const r = await gods("adopt", file, "--century", "2", "--json");
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out) as { tables: { table: string; rows: number }[]; warnings: string[] };
    expect(p.tables.find((t) => t.table === "Sources")?.rows).toBe(0);
    expect(p.warnings.join("\n")).toContain("The Sources table was added empty");
    expect(p.warnings.join("\n")).toContain("War · War deaths · deaths · 0.5 · no · war · century-end");
  });

  test("a race × god grid of shares, one Deaths sheet with a Century column, cards in long form", async () => {
    const base = vyr();
    const earth = base.find((s) => s.name === "Earth") as SheetSpec;
    const grid: SheetSpec = {
      name: "Pantheons",
      titles: [],
      merged: false,
      headers: ["Race", "Solara", "VORN", "Kettu", "Diabolism", "Atheism"],
      rows: [
        ["Elves", "40%", "25%", null, "20%", "15%"],
        ["Dwarves", null, 60, 40, null, null],
        ["Orcs", null, null, 0.5, 0.5, null],
      ],
    };
    const deaths: SheetSpec = {
      name: "Death log",
      titles: ["All the deaths", null],
      merged: true,
      headers: ["Century", "Cause", "Units", "Race"],
      rows: [
        [1, "war", 4, "Elves"],
        [2, "war", 5, "Orcs"],
        [3, "war", 6, "Elves"],
        [3, "water", 4, "Orcs"],
        [null, null, null, null],
        ["Total", null, 19, null],
      ],
    };
    const cards: SheetSpec = {
      name: "Cards held",
      titles: [],
      merged: false,
      headers: ["God", "Sphere", "Cards"],
      rows: [
        ["solara", "Sun", 3],
        ["Vorn", "War", 2],
        ["Vorn", "Sea", 1],
        ["Kettu", "Sun", 1],
        ["Kettu", "Death", 2],
        ["Demons", "Death", 1],
      ],
    };
    const godsOnly: SheetSpec = {
      name: "Gods",
      titles: ["Gods"],
      merged: true,
      headers: ["God", "Kind"],
      rows: [
        ["Solara", "Greater"],
        ["Vorn ", "greater"],
        ["Kettu", "Lesser"],
      ],
    };
    const sheets = [
      godsOnly,
      cards,
      base.find((s) => s.name === "Rates") as SheetSpec,
      // The Earth sheet without its shares: the grid holds them.
      { ...earth, headers: [...earth.headers.slice(0, 5), "Turmoil"], rows: earth.rows.map((r) => [...r.slice(0, 5), r[6] ?? null]) },
      grid,
      deaths,
      ...base.filter((s) => s.name.startsWith("Mana")),
    ];
    const file = await workbook(sheets);
    const r = await gods("adopt", file, "--century", "2", "--json");
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out) as { tables: { table: string; rows: number }[]; skipped: { sheet: string; row: number; why: string }[] };
    expect(Object.fromEntries(p.tables.map((t) => [t.table, t.rows]))).toEqual({ Gods: 3, Cards: 6, Sources: 6, Races: 3, Pantheon: 8, Deaths: 4, Counts: 0 });
    expect(p.skipped).toContainEqual({ sheet: "Death log", row: 9, why: "a totals row" });
    expect(await century(file, 3)).toEqual(CENTURY_3);
  });
});
