/**
 * Files of under a megabyte whose settings, journal or book's head hold megabytes: every command
 * still answers, and the damaged head or record is named with its way forward, which works. What
 * each costs in time and memory is printed by scripts/hostile-bench.js; here the limits are
 * generous ones on the work done (a text decoded once, not once per look-up).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { attr, decodeEntities } from "../../src/workbook/xlsx/package/xml";
import { parseXml } from "../../src/workbook/xlsx/package/readXml";
import { gods } from "../support/cli";
import { webExtensionXml } from "../support/memoryFile";

let dir: string;
let paid: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-bounds-"));
  paid = path.join(dir, "paid.xlsx");
  expect((await gods("init", paid, "--example")).code).toBe(0);
  expect((await gods("century-end", paid, "--century", "1", "--accept-warnings")).code).toBe(0);
}, 300_000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A copy of the paid campaign with its zip parts changed; the file stays under a megabyte. */
function hostile(change: (parts: Record<string, Uint8Array>) => void): string {
  const parts = unzipSync(fs.readFileSync(paid));
  change(parts);
  const file = path.join(dir, `hostile${++n}.xlsx`);
  fs.writeFileSync(file, zipSync(parts, { level: 9 }));
  expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
  return file;
}

/** The add-in's settings part holding these properties, written as Excel writes them. */
const withSettings = (properties: string) => (parts: Record<string, Uint8Array>) => {
  parts["xl/webextensions/webextension1.xml"] = strToU8(
    webExtensionXml(new Map()).replace("<we:properties></we:properties>", `<we:properties>${properties}</we:properties>`),
  );
};

const cpuSeconds = (f: () => void): number => {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

describe("settings holding 12 MB of quotes", () => {
  const QUOTES = "&quot;".repeat(2_000_000);

  test("a text of two million references decodes to two million characters", () => {
    const decoded = decodeEntities(`a${QUOTES}&amp;quot;&#x1F600;&#65;&bogus;&`);
    expect(decoded.length).toBe(1 + 2_000_000 + 6 + 2 + 1 + 7 + 1);
    expect(decoded.endsWith('"&quot;\u{1F600}A&bogus;&')).toBe(true);
  });

  test("looking up the other attributes of its tag does not decode the quotes again", () => {
    const tag = `<we:property name="gods.other" value="${QUOTES}"/>`;
    // A thousand look-ups: each once decoded all 12 MB (minutes in all); now only the name is.
    const seconds = cpuSeconds(() => {
      for (let i = 0; i < 1000; i++) expect(attr(tag, "name")).toBe("gods.other");
    });
    expect(seconds).toBeLessThan(5);
  });

  test("a tag of 12 MB fed a megabyte at a time is scanned in one pass, not once per piece", () => {
    const part = strToU8(`<root><item value="${QUOTES}"/><item value="x"/></root>`);
    const values: number[] = [];
    const seconds = cpuSeconds(() => {
      parseXml("part.xml", part, {
        open: (_name, attrs) => {
          values.push((attrs["value"] ?? "").length);
        },
      });
    });
    expect(values).toEqual([0, 2_000_000, 1]);
    expect(seconds).toBeLessThan(10);
  });

  test("every command answers as it would without them", async () => {
    const file = hostile(withSettings(`<we:property name="gods.note" value="${QUOTES}"/>`));
    for (const argv of [
      ["century-end", file, "--century", "2", "--dry-run", "--accept-warnings"],
      ["recover", file, "--dry-run"],
      ["session-end", file, "--mana", "Vorn=3", "--dry-run"],
      ["packet", file, "--dry-run"],
    ]) {
      const r = await gods(...argv);
      expect({ argv: argv[0], code: r.code }).toEqual({ argv: argv[0], code: 0 });
    }
  }, 120_000);
});

describe("a journal record of 45 MB", () => {
  let file: string;
  beforeAll(() => {
    const record = JSON.stringify({
      computer: "mwzabcdef123456",
      at: 1,
      action: "century-end",
      words: "w",
      done: "d",
      temps: [],
      items: Array(4_500_000).fill("abcdefg"),
    });
    const value = JSON.stringify(record).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    file = hostile(
      withSettings(`<we:property name="gods.kept" value="&quot;a setting of its own&quot;"/><we:property name="gods.op.crafted1" value="${value}"/>`),
    );
  });

  test("is named as too large to be the add-in's, and every other command names the way forward", async () => {
    const before = fs.readFileSync(file);
    for (const argv of [
      ["century-end", file, "--century", "2"],
      ["session-end", file, "--mana", "Vorn=3"],
    ]) {
      const r = await gods(...argv);
      expect({ argv: argv[0], code: r.code }).toEqual({ argv: argv[0], code: 2 });
      expect(r.err).toMatch(/too large to be one the add-in writes: [\d,]+ characters/);
      expect(r.err).toContain("gods recover FILE --accept-warnings removes every record too large to read");
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  }, 120_000);

  test("recover without --accept-warnings says what it would remove and writes nothing", async () => {
    const before = fs.readFileSync(file);
    const refused = await gods("recover", file);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("Nothing was finished or taken back.");
    expect(refused.err).toContain("gods recover FILE --accept-warnings removes every record too large to read");
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/it is to be removed, not read/);
    expect(dry.out).toMatch(/gods\.op\.crafted1 \([\d,]+ characters\)/);
    expect(dry.out).toContain("Only with --accept-warnings");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  }, 120_000);

  test("recover --accept-warnings removes it, keeping every other setting, and the campaign goes on", async () => {
    const r = await gods("recover", file, "--accept-warnings");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Removed the record from the add-in's settings (gods.op.crafted1");
    const after = strFromU8(unzipSync(fs.readFileSync(file))["xl/webextensions/webextension1.xml"] as Uint8Array);
    expect(after).not.toContain("crafted1");
    expect(after).toContain('<we:property name="gods.kept" value="&quot;a setting of its own&quot;"/>');
    expect(after.length).toBeLessThan(2_000);
    expect((await gods("recover", file)).out).toContain("nothing to finish or take back");
    expect((await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings")).code).toBe(0);
  }, 120_000);
});

describe("records of megabytes each, together more than any settings part holds", () => {
  /** A record the add-in would read as its own in shape, of about `mb` megabytes in the part. */
  const record = (at: number, mb: number) =>
    JSON.stringify(
      JSON.stringify({ computer: "mwzabcdef123456", at, action: "century-end", words: "w", done: "d", temps: [], items: Array(mb * 50_000).fill("abcdefg") }),
    )
      .replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;");

  test("those too large alone are removed at once; one not read beside them is read once they are gone", async () => {
    // Three of about 9 MB (each more than a record of the add-in's takes), then two of about 5 MB:
    // the first of those is read, the second would take the settings read past what they ever hold.
    const file = hostile(withSettings([9, 9, 9, 5, 5].map((mb, i) => `<we:property name="gods.op.big${i}" value="${record(i + 1, mb)}"/>`).join("")));
    const first = await gods("century-end", file, "--century", "2");
    expect(first.code).toBe(2);
    expect(first.err).toContain("would take the add-in's settings read with it past 8,000,000");
    const before = fs.readFileSync(file);
    const refused = await gods("recover", file);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("4 records of unfinished actions are too large to read");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const r = await gods("recover", file, "--accept-warnings");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Removed 4 records from the add-in's settings (gods.op.big0");
    // The one read was no action of the add-in's: it is set aside, as any damaged record is.
    expect(r.out).toContain("(big3) in the workbook's settings is damaged or not its own");
    expect(r.out).toContain("set aside");
    const after = strFromU8(unzipSync(fs.readFileSync(file))["xl/webextensions/webextension1.xml"] as Uint8Array);
    expect(["big0", "big1", "big2", "big4"].filter((k) => after.includes(`gods.op.${k}"`))).toEqual([]);
    expect(after).toContain("gods.aside.big3");
    expect((await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings")).code).toBe(0);
  }, 300_000);
});

describe("a book's head of 10 MB", () => {
  let file: string;
  beforeAll(() => {
    file = hostile((parts) => {
      const xml = strFromU8(parts["xl/workbook.xml"] as Uint8Array);
      parts["xl/workbook.xml"] = strToU8(xml.replace(/(<definedName name="GodsBook"[^>]*>)[^<]*/, `$1"${"a".repeat(10_000_000)}"`));
    });
  });

  test("every command names it, with the correction of the book as the way forward; recover has nothing to do", async () => {
    for (const argv of [
      ["century-end", file, "--century", "2"],
      ["session-end", file, "--mana", "Vorn=3"],
      ["packet", file],
    ]) {
      const r = await gods(...argv);
      expect({ argv: argv[0], code: r.code }).toEqual({ argv: argv[0], code: 2 });
      expect(r.err).toContain("the book's head");
      expect(r.err).toContain("gods ledger reseal");
    }
    const recovered = await gods("recover", file);
    expect(recovered.code).toBe(0);
    expect(recovered.out).toContain("nothing to finish or take back");
  }, 120_000);

  test("the correction writes the head anew, and the campaign goes on", async () => {
    expect((await gods("ledger", "reseal", file, "--because", "the head was garbled")).code).toBe(0);
    const xml = strFromU8(unzipSync(fs.readFileSync(file))["xl/workbook.xml"] as Uint8Array);
    expect(xml.length).toBeLessThan(100_000);
    expect((await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings")).code).toBe(0);
  }, 120_000);
});
