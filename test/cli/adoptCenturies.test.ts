/**
 * gods adopt on campaigns kept by hand, laid out by openpyxl as gamemasters keep them and saved by
 * LibreOffice (test/support/python/hand_kept_centuries.py): a Deaths sheet per century named
 * every which way, or a Century column, or a column per century; counts likewise; a mana sheet
 * per century (or one with a Century column) whose carries, debts among them, open the Ledger;
 * --carry over a sheet's carry; no rates at all. Each is brought in as the docs say (look first,
 * then bring in, accepting the guesses once read), and century N+1 is paid: each god's pay and
 * carry must be what the script worked out by hand from the campaign's own numbers.
 */
import { execFileSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { PYTHON, pythonScript } from "../support/python";
import { openPackage } from "../../src/workbook/xlsx/package/zip";

interface Expected {
  god: string;
  paid: number;
  carry: number;
}
interface Campaign {
  name: string;
  file: string;
  century: number;
  carry: string[];
  sources: (string | number)[][];
  later: { sheet: string; rows: (string | number | null)[][] } | null;
  expected: Expected[];
}

const SCRIPT = pythonScript("hand_kept_centuries.py");
let dir: string;
let campaigns: Campaign[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-centuries-"));
  execFileSync(PYTHON, [SCRIPT, path.join(dir, "made")], { stdio: "pipe", timeout: 600000 });
  campaigns = JSON.parse(fs.readFileSync(path.join(dir, "made", "campaigns.json"), "utf8")) as Campaign[];
}, 600000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every part of a workbook, by name, as a digest of its unpacked bytes. */
function digests(file: string): Map<string, string> {
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  return new Map([...pkg.parts].map(([k, v]) => [k, crypto.createHash("sha256").update(v).digest("hex")]));
}

/** The parts the add-in owns when it adds sheets: the sheet list and its relationships, the content types, the styles. */
const OWNED = new Set(["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml", "docProps/app.xml"]);

/** Adds a sheet typed later, as the gamemaster would: the script edits the zip, every other part kept. */
function addSheet(file: string, sheet: string, rows: unknown): void {
  const json = path.join(dir, `rows-${crypto.randomUUID()}.json`);
  fs.writeFileSync(json, JSON.stringify(rows));
  execFileSync(PYTHON, [SCRIPT, "add", file, sheet, json], { stdio: "pipe", timeout: 60000 });
}

const NAMES = ["ash", "tides", "long", "bare", "later", "wide"];

describe.each(NAMES)("the hand-kept campaign %s", (name) => {
  test("brought in as the docs say, century N+1 pays floor(opening carry + earned) for each god, as worked out by hand", async () => {
    const c = campaigns.find((x) => x.name === name);
    if (c === undefined) throw new Error(`the script made no campaign ${name}`);
    const file = path.join(dir, c.file);
    fs.copyFileSync(path.join(dir, "made", c.file), file);
    const original = fs.readFileSync(file);
    const before = digests(file);
    const n = String(c.century);
    const carry = c.carry.flatMap((x) => ["--carry", x]);

    // Look first: nothing is written; a guess (exit 3) is listed.
    const dry = await gods("adopt", file, "--century", n, ...carry, "--dry-run");
    expect([0, 3]).toContain(dry.code);
    expect(dry.out).toContain(`Opening balances at century ${n}`);
    if (dry.code === 3) {
      expect(dry.err).toMatch(/guess/);
      expect(dry.err).toContain("--accept-warnings");
      const refused = await gods("adopt", file, "--century", n, ...carry);
      expect(refused.code).toBe(3);
    }
    expect(fs.readFileSync(file).equals(original)).toBe(true);

    // Bring it in, the guesses read and accepted.
    const r = await gods("adopt", file, "--century", n, ...carry, "--accept-warnings");
    expect([r.code, r.err]).toEqual([0, ""]);
    expect(r.out).toContain(`the next century end is ${c.century + 1}`);
    const after = digests(file);
    for (const [part, digest] of before) if (!OWNED.has(part)) expect([part, after.get(part)]).toEqual([part, digest]);

    // Centuries up to N were paid by hand: never paid again.
    const old = fs.readFileSync(file);
    const paidBefore = await gods("century-end", file, "--century", n, "--json");
    expect(paidBefore.code).toBe(2);
    expect(paidBefore.out).toContain(`century ${n} was paid by hand`);
    expect(fs.readFileSync(file).equals(old)).toBe(true);

    // Rows typed later come in on the next adopt, alone; with no rates kept, the docs' way: a sheet of them, brought in.
    if (c.later !== null) {
      addSheet(file, c.later.sheet, c.later.rows);
      const more = await gods("adopt", file, "--century", n, "--json", "--accept-warnings");
      expect(more.code).toBe(0);
      const p = JSON.parse(more.out) as { tables: { table: string; rows: number }[] };
      const typed = c.later.rows.filter((row) => typeof row[3] === "number" && row[0] !== "Total").length;
      expect(p.tables.filter((t) => t.rows > 0).map((t) => [t.table, t.rows])).toEqual([["Deaths", typed]]);
    }
    if (name === "bare") {
      const empty = await gods("century-end", file, "--century", String(c.century + 1), "--json");
      expect(empty.code).toBe(3);
      addSheet(file, "Rates", [["Rates of the spheres"], ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], ...c.sources]);
      const rates = await gods("adopt", file, "--century", n, "--json");
      expect(rates.code).toBe(0);
      const p = JSON.parse(rates.out) as { tables: { table: string; rows: number }[] };
      expect(p.tables.filter((t) => t.rows > 0).map((t) => [t.table, t.rows])).toEqual([["Sources", c.sources.length]]);
    }

    // Adopting again adds nothing, and says so.
    const once = fs.readFileSync(file);
    const again = await gods("adopt", file, "--century", n, ...carry, "--accept-warnings");
    expect(again.code).toBe(0);
    expect(again.out).toContain("Nothing new");
    expect(fs.readFileSync(file).equals(once)).toBe(true);

    // Century N+1, against the hand computation (names as the gamemaster typed them, in any case).
    const paid = await gods("century-end", file, "--century", String(c.century + 1), "--json");
    expect([paid.code, paid.err]).toEqual([0, ""]);
    const got = (JSON.parse(paid.out) as { recipients: Expected[] }).recipients;
    const byKey = new Map(got.map((g) => [g.god.trim().toLowerCase(), { god: g.god, paid: g.paid, carry: g.carry }]));
    for (const e of c.expected) {
      const g = byKey.get(e.god.toLowerCase());
      expect([e.god, g?.paid, g?.carry]).toEqual([e.god, e.paid, e.carry]);
    }
    // Nobody else is paid or carries anything.
    const others = got.filter((g) => !c.expected.some((e) => e.god.toLowerCase() === g.god.trim().toLowerCase()));
    for (const o of others) expect([o.god, o.paid, o.carry]).toEqual([o.god, 0, 0]);
  }, 120000);
});

test("the script made every campaign the tests bring in", () => {
  expect(campaigns.map((c) => c.name)).toEqual(NAMES);
});
