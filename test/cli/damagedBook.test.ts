/**
 * A damaged workbook is refused by every command that writes, not by the century end alone: a
 * garbled book's head, or a cell that points past the workbook's shared texts. Each command exits
 * 2, names the damage and its way forward, and leaves the file byte for byte as it was. The
 * correction of the book (which answers a garbled head) and recover (which settles the journal)
 * are the ways forward, and go ahead.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { gods } from "../support/cli";

let dir: string;
/** The example campaign with century 1 paid: a Ledger, its seal, the book's head. */
let paid: string;
/** The same with an event credited after it, for an undo to take back. */
let credited: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-damaged-book-"));
  paid = path.join(dir, "paid.xlsx");
  credited = path.join(dir, "credited.xlsx");
  expect((await gods("init", paid, "--example")).code).toBe(0);
  expect((await gods("century-end", paid, "--century", "1", "--accept-warnings")).code).toBe(0);
  fs.copyFileSync(paid, credited);
  expect((await gods("event", credited, "Artifact destroyed", "--accept-warnings")).code).toBe(0);
}, 120_000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every command that writes the workbook, as a gamemaster would type it (F stands for the file; an undo's is the credited campaign). */
const WRITERS: readonly (readonly string[])[] = [
  ["century-end", "F", "--century", "2", "--accept-warnings"],
  ["event", "F", "Artifact destroyed", "--accept-warnings"],
  ["era-end", "F", "--century", "1", "--accept-warnings"],
  ["debit", "F", "Vorn", "1", "--what", "a lord's loss"],
  ["undo", "F"],
  ["war", "F", "Ultra-Dwarves", "Low Elves"],
  ["disaster", "F", "River Men=5", "--element", "fire"],
  ["growth", "F"],
  ["packet", "F"],
  ["rename", "F", "Kettu", "Kettuu"],
  ["session-end", "F", "--mana", "Vorn=3"],
  ["cards", "F", "Vorn", "War", "+1"],
];

const withFile = (argv: readonly string[], file: string) => argv.map((a) => (a === "F" ? file : a));

let n = 0;
/** A copy of a campaign, its zip parts changed by `change`. */
function damaged(from: string, change: (parts: Record<string, Uint8Array>) => void): string {
  const parts = unzipSync(fs.readFileSync(from));
  change(parts);
  const file = path.join(dir, `damaged${++n}.xlsx`);
  fs.writeFileSync(file, zipSync(parts));
  return file;
}

/** The worksheet part of a sheet, by its name. */
function sheetPart(parts: Record<string, Uint8Array>, sheet: string): string {
  const workbook = strFromU8(parts["xl/workbook.xml"] as Uint8Array);
  const rels = strFromU8(parts["xl/_rels/workbook.xml.rels"] as Uint8Array);
  const id = new RegExp(`<sheet [^>]*name="${sheet}"[^>]*r:id="([^"]+)"`).exec(workbook)?.[1];
  const target = id === undefined ? undefined : new RegExp(`<Relationship [^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  if (target === undefined) throw new Error(`no sheet ${sheet}`);
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

/** The book's head turned to garbage: the hidden name holds text that is no head. */
const garbageHead = (from: string) =>
  damaged(from, (parts) => {
    const xml = strFromU8(parts["xl/workbook.xml"] as Uint8Array);
    const changed = xml.replace(/(<definedName name="GodsBook"[^>]*>)[^<]*/, '$1"garbage"');
    expect(changed).not.toBe(xml);
    parts["xl/workbook.xml"] = strToU8(changed);
  });

/** The Gods table's second god points at a shared text the workbook does not hold. */
const brokenSharedText = (from: string) =>
  damaged(from, (parts) => {
    const part = sheetPart(parts, "Gods");
    const xml = strFromU8(parts[part] as Uint8Array);
    const changed = xml.replace(/(<c r="A3"[^>]*t="s"[^>]*><v>)\d+(<\/v>)/, "$199999$2");
    expect(changed).not.toBe(xml);
    parts[part] = strToU8(changed);
  });

describe("every command that writes refuses a damaged workbook, as the century end does", () => {
  test("on the sound workbook, each command goes ahead (a dry run): the refusals below are the damage's", async () => {
    for (const argv of WRITERS) {
      const r = await gods(...withFile(argv, argv[0] === "undo" ? credited : paid), "--dry-run");
      expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: expect.any(String) as string });
    }
  }, 120_000);

  test("a garbled book's head: each exits 2, says so with the correction as the way forward, and leaves the file as it was", async () => {
    const files = { paid: garbageHead(paid), credited: garbageHead(credited) };
    for (const argv of WRITERS) {
      const file = argv[0] === "undo" ? files.credited : files.paid;
      const before = fs.readFileSync(file);
      const r = await gods(...withFile(argv, file), "--json");
      const answer = JSON.parse(r.out) as { problems?: { table: string; message: string }[] };
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      const head = (answer.problems ?? []).find((p) => p.table === "Ledger" && p.message.includes("book's head"));
      expect({ argv, head: head?.message }).toEqual({ argv, head: expect.stringContaining("gods ledger reseal") as string });
      expect(fs.readFileSync(file).equals(before)).toBe(true);
    }
    // The way forward the message names goes ahead, and the commands after it.
    expect((await gods("ledger", "reseal", files.paid, "--because", "the head was garbled")).code).toBe(0);
    expect((await gods("session-end", files.paid, "--mana", "Vorn=3")).code).toBe(0);
  }, 180_000);

  test("a cell past the shared texts: each exits 2 naming the cell, recover and the correction too, the file as it was", async () => {
    const files = { paid: brokenSharedText(paid), credited: brokenSharedText(credited) };
    for (const argv of [...WRITERS, ["ledger", "reseal", "F", "--because", "a try"], ["recover", "F"]]) {
      const file = argv[0] === "undo" ? files.credited : files.paid;
      const before = fs.readFileSync(file);
      const r = await gods(...withFile(argv, file));
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      expect(r.err).toContain("the cell Gods!A3 refers to shared text number 99999, which the workbook does not hold");
      expect(fs.readFileSync(file).equals(before)).toBe(true);
    }
  }, 180_000);
});
