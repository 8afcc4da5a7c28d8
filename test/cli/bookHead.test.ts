/**
 * A book that knows its place: the Ledger and its seal put back from yesterday's copy of the file,
 * or taken from another campaign's, agree with each other and pass the seal's check; the book's
 * head, kept in a hidden name of the workbook, names them, and only a correction with its reason
 * lets the campaign go on.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-head-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The parts behind a sheet of a package: its worksheet part, and the table parts it holds. */
function partsOfSheet(parts: Record<string, Uint8Array>, sheet: string): string[] {
  const workbook = strFromU8(parts["xl/workbook.xml"] as Uint8Array);
  const rels = strFromU8(parts["xl/_rels/workbook.xml.rels"] as Uint8Array);
  const id = new RegExp(`<sheet [^>]*name="${sheet}"[^>]*r:id="([^"]+)"`).exec(workbook)?.[1];
  const target =
    id === undefined
      ? undefined
      : (new RegExp(`<Relationship [^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ??
        new RegExp(`<Relationship [^>]*Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)?.[1]);
  if (target === undefined) throw new Error(`no sheet ${sheet}`);
  const part = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  const sheetRels = parts[part.replace(/worksheets\//, "worksheets/_rels/") + ".rels"];
  const tables = sheetRels === undefined ? [] : [...strFromU8(sheetRels).matchAll(/Target="\.\.\/tables\/([^"]+)"/g)].map((m) => `xl/tables/${m[1] ?? ""}`);
  return [part, ...tables];
}

/** `into` with the Ledger and its seal as `from` holds them, part for part (a restore of the two sheets). */
function restoreBook(from: string, into: string): void {
  const source = unzipSync(fs.readFileSync(from));
  const target = unzipSync(fs.readFileSync(into));
  for (const sheet of ["Ledger", "Ledger Seal"]) {
    const a = partsOfSheet(source, sheet);
    const b = partsOfSheet(target, sheet);
    a.forEach((part, i) => {
      const to = b[i];
      const bytes = source[part];
      if (to !== undefined && bytes !== undefined) target[to] = bytes;
    });
  }
  fs.writeFileSync(into, zipSync(target));
}

describe("the Ledger and its seal put back from yesterday's copy", () => {
  test("are named by the next command, with the credits they lack, and a correction with its reason lets the campaign go on", async () => {
    const today = path.join(dir, "today.xlsx");
    const yesterday = path.join(dir, "yesterday.xlsx");
    expect((await gods("init", today, "--example")).code).toBe(0);
    expect((await gods("century-end", today, "--century", "1")).code).toBe(0);
    fs.copyFileSync(today, yesterday);
    expect((await gods("debit", today, "Vorn", "5", "--what", "Lord's loss")).code).toBe(0);
    expect((await gods("event", today, "God obliterated")).code).toBe(0);
    restoreBook(yesterday, today);
    const refused = await gods("century-end", today, "--century", "2", "--json");
    expect(refused.code).toBe(2);
    const answer = JSON.parse(refused.out) as { problems: { message: string }[] };
    expect(answer.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /^this book ends 2 credits before the workbook's: the debit "Lord's loss" in century 2 and the event "God obliterated" in century 2 are missing \(the Ledger and its seal were put back from an earlier copy\)\./,
      ),
    ]);
    // Only a correction, said on purpose, puts the head where the Ledger stands.
    const corrected = await gods("ledger", "reseal", today, "--because", "went back to last night's book");
    expect(corrected.code).toBe(0);
    expect((await gods("century-end", today, "--century", "2", "--accept-warnings")).code).toBe(0);
  });
});

describe("another campaign's Ledger and seal", () => {
  test("are named as not this workbook's book", async () => {
    const mine = path.join(dir, "mine.xlsx");
    const theirs = path.join(dir, "theirs.xlsx");
    expect((await gods("init", mine, "--example")).code).toBe(0);
    expect((await gods("century-end", mine, "--century", "1")).code).toBe(0);
    expect((await gods("init", theirs, "--example")).code).toBe(0);
    // Their campaign paid its first century otherwise: a death more.
    expect((await gods("war", theirs, "Ultra-Dwarves", "Low Elves", "--accept-warnings")).code).toBe(0);
    expect((await gods("century-end", theirs, "--century", "1", "--accept-warnings")).code).toBe(0);
    restoreBook(theirs, mine);
    const refused = await gods("event", mine, "God obliterated");
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/the Ledger and its seal are not this workbook's book: they begin with another first credit/);
  });
});
