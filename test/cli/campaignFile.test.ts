/**
 * The campaign file is the gamemaster's: the command never loses a century when two runs meet,
 * keeps the file's mode and its link, refuses a read-only file, and answers files that are not
 * .xlsx workbooks, or that hold absurd values, in one plain sentence, leaving them unchanged.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { zipSync } from "fflate";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { edit, handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";

const root = path.resolve(__dirname, "..", "..");
let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-file-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function campaign(name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeXlsx(handWorked(), file);
  return file;
}

/** The centuries the Ledger holds, each once per recipient. */
async function ledgerCenturies(file: string): Promise<number[]> {
  const raw = readWorkbook(await loadWorkbook(file));
  return (raw.tables.get("ledger")?.rows ?? []).map((r) => Number(r[0]));
}

describe("two runs on one campaign", () => {
  test("20 trials of recalculating century 1 while century 2 runs never lose a century", async () => {
    const file = await campaign("race.xlsx");
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const start = fs.readFileSync(file);
    for (let trial = 0; trial < 20; trial++) {
      fs.writeFileSync(file, start);
      const [first, second] = await Promise.all([
        gods("century-end", file, "--century", "1"),
        gods("century-end", file, "--century", "2", "--accept-warnings"),
      ]);
      // Either order is fine: 1 then 2 pays both; 2 then 1 refuses the recalculation of an older century.
      expect([first.code, second.code].sort()).toEqual(first.code === 0 && second.code === 0 ? [0, 0] : [0, 2]);
      expect(await ledgerCenturies(file)).toEqual([1, 1, 1, 2, 2, 2]);
    }
    expect(fs.readdirSync(dir).filter((f) => f.includes("race.xlsx") && f !== "race.xlsx")).toEqual([]);
  });

  test("two separate processes wait for each other through the lock", async () => {
    const file = await campaign("processes.xlsx");
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const bin = path.join(root, "bin", "gods.js");
    const run = (century: string) =>
      promisify(execFile)(process.execPath, [bin, "century-end", file, "--century", century, "--accept-warnings"]).then(
        () => 0,
        () => 2,
      );
    const codes = await Promise.all([run("1"), run("2")]);
    expect(codes).toContain(0);
    expect(await ledgerCenturies(file)).toEqual([1, 1, 1, 2, 2, 2]);
  });
});

describe("the file itself", () => {
  test("its mode is kept, a link is followed and stays a link, a read-only file is refused and left as it is", async () => {
    const file = await campaign("private.xlsx");
    fs.chmodSync(file, 0o600);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const link = path.join(dir, "link.xlsx");
    fs.symlinkSync(file, link);
    expect((await gods("century-end", link, "--century", "2", "--accept-warnings")).code).toBe(0);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(await ledgerCenturies(file)).toEqual([1, 1, 1, 2, 2, 2]);

    const locked = await campaign("readonly.xlsx");
    fs.chmodSync(locked, 0o444);
    const before = fs.readFileSync(locked);
    const r = await gods("century-end", locked, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/readonly\.xlsx is read-only, so it was left as it is\. Make it writable \(or write elsewhere with --out OTHER\.xlsx\)/);
    expect(fs.readFileSync(locked).equals(before)).toBe(true);
    expect(fs.statSync(locked).mode & 0o777).toBe(0o444);
  });

  const notWorkbooks: [string, () => Buffer, RegExp][] = [
    [
      "an old .xls",
      () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
      /is an old-style \.xls workbook\. Open it in Excel or LibreOffice and save it as an \.xlsx workbook/,
    ],
    [
      "a password-protected workbook",
      () =>
        Buffer.concat([
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
          Buffer.alloc(100),
          Buffer.from("EncryptionInfo", "utf16le"),
          Buffer.alloc(100),
        ]),
      /is protected by a password\. Open it in Excel, remove the password/,
    ],
    [
      "an .ods",
      () => Buffer.from(zipSync({ mimetype: new TextEncoder().encode("application/vnd.oasis.opendocument.spreadsheet"), "content.xml": new Uint8Array(1) })),
      /is an OpenDocument spreadsheet \(\.ods\)\. In LibreOffice, use File › Save As/,
    ],
    ["a .csv", () => Buffer.from("Century,Cause,Units\n1,war,3\n"), /is not an Excel workbook \(a \.csv or text file, perhaps\)/],
    ["an empty file", () => Buffer.alloc(0), /is empty: it is not an Excel workbook/],
    ["a zip that is no workbook", () => Buffer.from(zipSync({ "notes.txt": new TextEncoder().encode("hello") })), /is a zip file but not an Excel workbook/],
  ];
  test.each(notWorkbooks)("%s is answered in one plain sentence and left unchanged", async (_name, bytes, message) => {
    const file = path.join(dir, `odd-${_name.replace(/\W+/g, "-")}.xlsx`);
    fs.writeFileSync(file, bytes());
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("a truncated workbook is damaged, in plain words", async () => {
    const whole = fs.readFileSync(await campaign("whole.xlsx"));
    const file = path.join(dir, "truncated.xlsx");
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is damaged or incomplete \(it could not be unpacked\)/);
  });
});

describe("absurd values", () => {
  test("a count of 1e400 or 1e17, or a rate of 1e308, is refused naming the cell; the Ledger never holds Infinity", async () => {
    const cases: [string, (t: ReturnType<typeof handWorked>) => void, RegExp][] = [
      ["count-text", (t) => ((t.Counts as unknown[][])[1] = [1, "Hearths", "1e400"]), /Counts table, row 2, column Count: "1e400" is too large/],
      ["count-1e17", (t) => ((t.Counts as unknown[][])[1] = [1, "Hearths", 1e17]), /Counts table, row 2, column Count: 100000000000000000 is too large/],
      [
        "rate",
        (t) => ((t.Sources as unknown[][])[1] = ["War", "Battle dead", "deaths", 1e308, "no", "war", null]),
        /Sources table, row 2, column Rate: 1e\+308 is too large/,
      ],
    ];
    for (const [name, change, message] of cases) {
      const file = path.join(dir, `absurd-${name}.xlsx`);
      await writeXlsx(edit(change), file);
      const r = await gods("century-end", file, "--century", "1");
      expect({ name, code: r.code }).toEqual({ name, code: 2 });
      expect(r.err).toMatch(message);
    }
  });

  test("a cell holding a huge text is echoed 200 characters at most", async () => {
    const file = path.join(dir, "long.xlsx");
    await writeXlsx(
      edit((t) => ((t.Deaths as unknown[][])[1] = [1, "x".repeat(300_000), 3, null, null])),
      file,
    );
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Deaths table, row 2, column Cause: holds 300,000 characters, beginning "x{200}…"/);
    expect(r.err.length).toBeLessThan(1500);
  });
});
