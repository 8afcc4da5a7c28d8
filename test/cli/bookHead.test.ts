/**
 * A book that knows its place: the Ledger and its seal put back from yesterday's copy of the file,
 * or taken from another campaign's, agree with each other and pass the seal's check; the book's
 * head, kept in a hidden name of the workbook, names them, and only a correction with its reason
 * lets the campaign go on. Deleting that name, or adding a copy of it, does not let them through.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
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

/** `file` with its workbook part (the sheet list and the workbook's names) changed by `change`. */
function editWorkbook(file: string, change: (xml: string) => string): void {
  const parts = unzipSync(fs.readFileSync(file));
  parts["xl/workbook.xml"] = strToU8(change(strFromU8(parts["xl/workbook.xml"] as Uint8Array)));
  fs.writeFileSync(file, zipSync(parts));
}

/** The names that keep the book's head, whatever their case: the workbook's own, and those bound to a sheet. */
function headNames(file: string): { workbook: string[]; sheet: string[] } {
  const xml = strFromU8(unzipSync(fs.readFileSync(file))["xl/workbook.xml"] as Uint8Array);
  const all = xml.match(/<definedName name="godsbook"[^>]*>[^<]*<\/definedName>/gi) ?? [];
  return { workbook: all.filter((d) => !d.includes("localSheetId")), sheet: all.filter((d) => d.includes("localSheetId")) };
}

/** The head's name taken out of the workbook part. */
const withoutHead = (xml: string) => xml.replace(/<definedName name="GodsBook"[^>]*>[^<]*<\/definedName>/, "");

/** A command's refusal: its exit code, the Ledger's problems it names, and whether the file was left as it was. */
async function refusal(file: string, ...argv: string[]): Promise<{ code: number; messages: string[]; unchanged: boolean }> {
  const before = fs.readFileSync(file);
  const r = await gods(...argv, "--json");
  const answer = JSON.parse(r.out) as { problems?: { table: string; message: string }[] };
  return {
    code: r.code,
    messages: (answer.problems ?? []).filter((p) => p.table === "Ledger").map((p) => p.message),
    unchanged: fs.readFileSync(file).equals(before),
  };
}

const WAY_FORWARD =
  /Look over the Ledger: .*gods ledger reseal FILE --because "…", or, in the pane, Keep the edits under Ledger edited by hand\), which writes the head anew/;

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

describe("the book's head deleted", () => {
  test("with the Ledger and its seal put back: named as missing, the credits since are not paid again, and a correction writes a head", async () => {
    const today = path.join(dir, "deleted-today.xlsx");
    const yesterday = path.join(dir, "deleted-yesterday.xlsx");
    expect((await gods("init", today, "--example")).code).toBe(0);
    expect((await gods("century-end", today, "--century", "1")).code).toBe(0);
    fs.copyFileSync(today, yesterday);
    expect((await gods("event", today, "God obliterated")).code).toBe(0);
    restoreBook(yesterday, today);
    editWorkbook(today, withoutHead);
    expect(headNames(today).workbook).toEqual([]);
    // The event the put-back book lacks is not paid again as if it were the first time.
    const refused = await refusal(today, "event", today, "God obliterated");
    expect([refused.code, refused.unchanged]).toEqual([2, true]);
    expect(refused.messages).toEqual([
      expect.stringMatching(
        /^the book's head is missing: the workbook's hidden name "GodsBook", which keeps where the Ledger stood after the latest credit, is gone/,
      ),
    ]);
    expect(refused.messages[0]).toMatch(/The Ledger and its seal may have been put back from an older copy/);
    expect(refused.messages[0]).toMatch(WAY_FORWARD);
    // The gamemaster looked, and says why the book stands so: the head is written, and the campaign goes on.
    expect((await gods("ledger", "reseal", today, "--because", "the head was lost; the Ledger is checked against the sheets")).code).toBe(0);
    expect(headNames(today).workbook).toHaveLength(1);
    expect((await gods("event", today, "God obliterated")).code).toBe(0);
    expect((await gods("century-end", today, "--century", "2", "--accept-warnings")).code).toBe(0);
  });
});

describe("a second copy of the book's head", () => {
  test.each([["GodsBook"], ["godsbook"]])("named %s: named as an error; a correction leaves one head, which names the next rollback", async (spelling) => {
    const file = path.join(dir, `copy-${spelling}.xlsx`);
    expect((await gods("init", file, "--example")).code).toBe(0);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const [head] = headNames(file).workbook;
    if (head === undefined) throw new Error("no head written");
    editWorkbook(file, (xml) => xml.replace("</definedNames>", `${head.replace('name="GodsBook"', `name="${spelling}"`)}</definedNames>`));
    expect(headNames(file).workbook).toHaveLength(2);
    const refused = await refusal(file, "event", file, "God obliterated");
    expect([refused.code, refused.unchanged]).toEqual([2, true]);
    expect(refused.messages).toEqual([
      expect.stringMatching(/^the workbook holds 2 copies of the book's head \(the workbook's hidden name "GodsBook", [^)]*\), where it keeps one/),
    ]);
    expect(refused.messages[0]).toMatch(WAY_FORWARD);
    expect((await gods("ledger", "reseal", file, "--because", "a copy of the head came in with another program")).code).toBe(0);
    expect(headNames(file).workbook).toHaveLength(1);
    // One head again: a Ledger and seal put back from before the next credit are named.
    const before = path.join(dir, `copy-${spelling}-before.xlsx`);
    fs.copyFileSync(file, before);
    expect((await gods("event", file, "God obliterated")).code).toBe(0);
    expect(headNames(file).workbook).toHaveLength(1);
    restoreBook(before, file);
    const rolledBack = await refusal(file, "century-end", file, "--century", "2");
    expect(rolledBack.code).toBe(2);
    expect(rolledBack.messages).toEqual([
      expect.stringMatching(/^this book ends 1 credit before the workbook's: the event "God obliterated" in century 2 is missing/),
    ]);
  });
});

describe("a head bound to a sheet", () => {
  test("is not the book's head: a sealed Ledger with no other is named as missing; the correction writes the workbook's own", async () => {
    const file = path.join(dir, "sheet-bound.xlsx");
    expect((await gods("init", file, "--example")).code).toBe(0);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    editWorkbook(file, (xml) => xml.replace('<definedName name="GodsBook"', '<definedName name="GodsBook" localSheetId="0"'));
    expect(headNames(file)).toEqual({ workbook: [], sheet: [expect.any(String)] });
    const refused = await refusal(file, "event", file, "God obliterated");
    expect(refused.code).toBe(2);
    expect(refused.messages).toEqual([expect.stringMatching(/^the book's head is missing/)]);
    expect((await gods("ledger", "reseal", file, "--because", "the head was bound to the Gods sheet")).code).toBe(0);
    // The sheet's name is the gamemaster's own: it stays, beside the workbook's head.
    expect(headNames(file)).toEqual({ workbook: [expect.any(String)], sheet: [expect.any(String)] });
    expect((await gods("event", file, "God obliterated")).code).toBe(0);
  });
});
