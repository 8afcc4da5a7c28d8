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
}, 120_000);
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
    file = hostile(withSettings(`<we:property name="gods.op.crafted1" value="${value}"/>`));
  });

  test("is named as too large to be the add-in's, and every other command says to set it aside", async () => {
    const r = await gods("century-end", file, "--century", "2", "--dry-run");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/too large to be one the add-in writes: [\d,]+ characters/);
    expect(r.err).toContain("gods recover");
  });

  test("recover sets it aside, keeping it as it was, and the campaign goes on", async () => {
    const before = unzipSync(fs.readFileSync(file))["xl/webextensions/webextension1.xml"] as Uint8Array;
    const r = await gods("recover", file);
    expect(r.code).toBe(0);
    expect(r.out).toContain("set aside");
    const after = strFromU8(unzipSync(fs.readFileSync(file))["xl/webextensions/webextension1.xml"] as Uint8Array);
    expect(after).toContain("gods.aside.crafted1");
    // The record itself is the same text, where it was.
    expect(after.length).toBeGreaterThan(before.length);
    expect(
      after.includes(strFromU8(before).slice(strFromU8(before).indexOf('<we:property name="gods.op.crafted1"'), strFromU8(before).indexOf("</we:properties>"))),
    ).toBe(true);
    expect((await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings")).code).toBe(0);
  }, 120_000);
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
