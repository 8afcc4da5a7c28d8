/**
 * gods adopt on campaigns kept by hand in the shapes gamemasters really keep, made by
 * test/support/python/hand_shapes.py with openpyxl (formulas with the values LibreOffice saved),
 * independently of the add-in's code: the cards ticked with "x", "yes" or a tick or given as
 * counts, in a grid or in long form under a god's name merged down; worship as a race × god grid
 * (percent cells, 0.4, "70%" as text, a header misspelt), in long form, or typed as text; headers
 * under one to three title rows, or under a title with a date at its right; numbering, colour and
 * notes columns; kinds typed "Greater God", "DEMON". Each is brought in as a new gamemaster would
 * (a dry run, the guesses accepted), its sheets stay byte for byte, bringing it in again adds
 * nothing, and the next century pays what the script worked out by hand, exactly.
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
  name: string;
  file: string;
  century: number;
  carry: string[];
  guesses?: string[];
  refused?: string;
  pays?: { god: string; earned: string; paid: number; carry: string }[];
}

let dir: string;
let expected: Expected[];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-shapes-"));
  execFileSync(PYTHON, [pythonScript("hand_shapes.py"), dir], { stdio: "pipe", timeout: 300000 });
  expected = JSON.parse(fs.readFileSync(path.join(dir, "expected.json"), "utf8")) as Expected[];
}, 300000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of one campaign's workbook, and what it should give. */
function campaign(name: string): { file: string; e: Expected } {
  const e = expected.find((x) => x.name === name) as Expected;
  const file = path.join(dir, `${name}-${crypto.randomUUID()}.xlsx`);
  fs.copyFileSync(path.join(dir, e.file), file);
  return { file, e };
}

/** Every part of a workbook, by name, as a digest of its unpacked bytes. */
function digests(file: string): Map<string, string> {
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  return new Map([...pkg.parts].map(([k, bytes]) => [k, crypto.createHash("sha256").update(bytes).digest("hex")]));
}

/** The parts the add-in owns when it adds tables: the sheet list and its relationships, the content types, the styles. */
const OWNED = new Set(["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml", "docProps/app.xml"]);

const SHAPES = ["aldmoor", "thessaly", "korr", "varn", "ysolde", "orm", "brightwater"];

describe("gods adopt on campaigns kept by hand, then the next century end", () => {
  test.each(SHAPES)("%s: brought in as it is kept, century N+1 pays the hand computation", async (name) => {
    const { file, e } = campaign(name);
    const adopt = ["adopt", file, "--century", String(e.century), ...e.carry];
    const bytes = fs.readFileSync(file);

    // The dry run: what was guessed is listed and stops it (exit 3); nothing is written either way.
    const dry = await gods(...adopt, "--dry-run");
    const guesses = e.guesses ?? [];
    expect([dry.code, dry.err]).toEqual([guesses.length > 0 ? 3 : 0, expect.any(String)]);
    for (const g of guesses) expect(dry.err).toContain(g);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    if (guesses.length > 0) {
      expect((await gods(...adopt)).code).toBe(3);
      expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    }

    // Brought in with the guesses accepted: the gamemaster's parts stay byte for byte.
    const before = digests(file);
    const r = await gods(...adopt, "--accept-warnings");
    expect([r.code, r.err]).toEqual([0, ""]);
    const after = digests(file);
    for (const [part, digest] of before) if (!OWNED.has(part)) expect([part, after.get(part)]).toEqual([part, digest]);

    // Brought in again: nothing new, and the file is not touched.
    const written = fs.readFileSync(file);
    const again = await gods(...adopt.filter((a) => !a.startsWith("--carry") && !a.includes("=")), "--accept-warnings");
    expect(again.code).toBe(0);
    expect(again.out).toContain("Nothing new");
    expect(fs.readFileSync(file).equals(written)).toBe(true);

    // The next century: each recipient paid floor(carry + earned), as worked out by hand.
    const c = await gods("century-end", file, "--century", String(e.century + 1), "--json");
    expect([c.code, c.err]).toEqual([0, ""]);
    const got = (JSON.parse(c.out) as { recipients: { god: string; earned: number; paid: number; carry: number }[] }).recipients;
    const key = (god: string) => god.trim().toLowerCase();
    expect(got.map((p) => ({ god: key(p.god), earned: p.earned, paid: p.paid, carry: p.carry }))).toEqual(
      (e.pays ?? []).map((p) => ({ god: key(p.god), earned: Number(p.earned), paid: p.paid, carry: Number(p.carry) })),
    );
  });

  test("a member typed as no god is named by its cell, with what to do, and the file is not touched", async () => {
    const { file, e } = campaign("korr-atheists");
    const bytes = fs.readFileSync(file);
    const r = await gods("adopt", file, "--century", String(e.century), "--accept-warnings");
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${e.refused ?? ""} is not a god of the Gods sheet (nor Diabolism, Atheism); correct the name, or add the god.`);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  test("what the campaign would refuse once brought in names the row of the sheet it came from", async () => {
    // Thessaly's Humans worship Thalor 60% (not 50%), Myrra 30%, Diabolism 20%: 110% in all.
    const { file, e } = campaign("thessaly");
    execFileSync(PYTHON, ["-c", "import openpyxl,sys; wb = openpyxl.load_workbook(sys.argv[1]); wb['Worship']['C3'] = 60; wb.save(sys.argv[1])", file]);
    const bytes = fs.readFileSync(file);
    const r = await gods("adopt", file, "--century", String(e.century));
    expect(r.code).toBe(2);
    expect(r.err).toContain("the pantheon of Humans cannot be used");
    expect(r.err).toContain("(brought from Worship row 3)");
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  test("the proposal saved and given back with --map is taken as it stands, with no guess left", async () => {
    // Brightwater's Level column is no sphere of its rates: the proposal reads its cards from the others only.
    const { file, e } = campaign("brightwater");
    const dry = await gods("adopt", file, "--century", String(e.century), ...e.carry, "--dry-run", "--json");
    const proposal = JSON.parse(dry.out) as { sheets: { sheet: string; spheres?: string[] }[] };
    const gods_ = proposal.sheets.find((s) => s.sheet === "The Gods");
    expect(gods_?.spheres).toEqual(["Sun", "War cards", "Sea (cards)", "Death"]);
    // The map, as the dry run printed it, taken back unchanged: nothing is guessed any more.
    const map = path.join(dir, "brightwater-map.json");
    fs.writeFileSync(map, JSON.stringify(proposal));
    const r = await gods("adopt", file, "--century", String(e.century), ...e.carry, "--map", map);
    expect([r.code, r.err]).toEqual([0, ""]);
  });
});
