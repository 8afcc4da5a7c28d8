/**
 * Cells beyond Excel's last row or column, and table ranges that reach there: refused at once,
 * naming the cell, where they once ran out of memory or threw a RangeError.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { savePackage } from "../../src/workbook/xlsx/package/zipSave";

let dir: string;
let base: Buffer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-cells-"));
  const file = path.join(dir, "base.xlsx");
  await writeXlsx(handWorked(), file, true);
  base = fs.readFileSync(file);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The campaign with every part whose name matches `which` edited as text. */
function edited(which: RegExp, change: (xml: string) => string): Buffer {
  const pkg = openPackage(base, "base.xlsx");
  const parts = new Map(pkg.parts);
  let hits = 0;
  for (const [name, data] of parts) {
    if (!which.test(name)) continue;
    const before = Buffer.from(data).toString("utf8");
    const after = change(before);
    if (after !== before) hits++;
    parts.set(name, Buffer.from(after));
  }
  expect(hits).toBeGreaterThan(0);
  return Buffer.from(savePackage(parts, pkg));
}

async function refused(name: string, bytes: Buffer, message: RegExp): Promise<void> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const started = Date.now();
  const r = await gods("century-end", file, "--century", "1");
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(r.code).toBe(2);
  expect(r.err.trim().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(message);
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  expect(fs.existsSync(`${file}.lock`)).toBe(false);
}

const sheets = /^xl\/worksheets\/[^/]+\.xml$/;
const addRow = (row: string) => (xml: string) => xml.replace(/<\/sheetData>/, `${row}</sheetData>`);

test("a cell at row 50,000,000 is refused naming it", async () => {
  const bytes = edited(sheets, addRow(`<row r="50000000"><c r="A50000000" t="inlineStr"><is><t>far</t></is></c></row>`));
  await refused("deep.xlsx", bytes, /The workbook is damaged: the sheet \S+ has a cell at A50000000, below Excel's last row \(1,048,576\)/);
});

test("a cell in column ZZZZZZZZ is refused naming it", async () => {
  const bytes = edited(sheets, (xml) => xml.replace(/(<row r="2"[^>]*>)/, `$1<c r="ZZZZZZZZ2" t="inlineStr"><is><t>wide</t></is></c>`));
  await refused("wide.xlsx", bytes, /the sheet \S+ has a cell at ZZZZZZZZ2, right of Excel's last column \(XFD\)/);
});

test("a cell with no address counted past column XFD is refused", async () => {
  const cells = `<c t="inlineStr"><is><t>x</t></is></c>`.repeat(16_385);
  const bytes = edited(sheets, addRow(`<row r="900">${cells}</row>`));
  await refused("counted.xlsx", bytes, /the sheet \S+ has a cell at row 900, column 16385, right of Excel's last column/);
});

test("a table whose range reaches past Excel's last row is refused naming the table", async () => {
  const bytes = edited(/^xl\/tables\/[^/]+\.xml$/, (xml) => xml.replace(/ref="([A-Z]+)1:([A-Z]+)\d+"/, 'ref="$11:$250000000"'));
  await refused("table.xlsx", bytes, /The workbook is damaged: the table \S+ has a cell at [A-Z]+1:[A-Z]+50000000, below Excel's last row/);
});

test("a merge reaching column ZZZZ is refused", async () => {
  const bytes = edited(sheets, (xml) => xml.replace(/<\/sheetData>/, `</sheetData><mergeCells count="1"><mergeCell ref="A1:ZZZZ1"/></mergeCells>`));
  await refused("merge.xlsx", bytes, /has a cell at A1:ZZZZ1, right of Excel's last column \(XFD\)/);
});

test("the last row and column themselves are fine", async () => {
  const bytes = edited(sheets, addRow(`<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>`));
  const file = path.join(dir, "edge.xlsx");
  fs.writeFileSync(file, bytes);
  expect((await gods("century-end", file, "--century", "1")).err).not.toMatch(/Excel's last/);
});

describe("numbers", () => {
  test("1E+15 in a number cell is refused as too large, naming the cell", async () => {
    const bytes = edited(sheets, (xml) => xml.replace(/(<row r="2"[^>]*>.*?<c r="B2")( t="\w+")?([^>]*>)(<v>[^<]*<\/v>|<is>.*?<\/is>)/, "$1$3<v>1E+15</v>"));
    const file = path.join(dir, "e15.xlsx");
    fs.writeFileSync(file, bytes);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Races table, row 2, column Units: 1000000000000000 is too large: numbers in a campaign stay below 1,000,000,000,000,000/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  test("a number cell holding 0x10 or Infinity, or a shared text numbered 0x1, is refused naming the cell, not read as another value", async () => {
    const cases: [type: string, value: string, what: string][] = [
      ["", "0x10", "a number"],
      ["", "Infinity", "a number"],
      ["", "1e400", "a number"],
      [' t="s"', "0x1", "a shared text's number"],
      [' t="b"', "maybe", "TRUE or FALSE"],
    ];
    for (const [type, v, what] of cases) {
      const bytes = edited(sheets, (xml) =>
        xml.replace(/(<row r="2"[^>]*>.*?<c r="B2")( t="\w+")?([^>]*>)(<v>[^<]*<\/v>|<is>.*?<\/is>)/, `$1${type}$3<v>${v}</v>`),
      );
      await refused(`v-${v}.xlsx`, bytes, new RegExp(`The workbook is damaged: the cell \\S+!B2 holds ${v} as ${what}, which is not one Excel can hold`));
    }
  });
});

test("a sheet nesting elements thousands deep is refused at once, naming the part", async () => {
  const deep = "<x>".repeat(100_000) + "</x>".repeat(100_000);
  const bytes = edited(sheets, addRow(`<row r="900"><c r="A900"><is><t>deep</t></is></c></row>`.replace("<t>deep</t>", `<t>deep</t>${deep}`)));
  await refused("deep-xml.xlsx", bytes, /The workbook is damaged: its part xl\/worksheets\/\S+ nests elements over 100 deep, which Excel never does/);
});

test("a TRUE/FALSE cell written as the word false is read as FALSE, not TRUE", async () => {
  const bytes = edited(sheets, (xml) =>
    xml.replace(/(<row r="2"[^>]*>.*?<c r="B2")( t="\w+")?([^>]*>)(<v>[^<]*<\/v>|<is>.*?<\/is>)/, `$1 t="b"$3<v>false</v>`),
  );
  const file = path.join(dir, "false.xlsx");
  fs.writeFileSync(file, bytes);
  const r = await gods("century-end", file, "--century", "1");
  expect(r.err).toContain("Gods table, row 2, column Kind: FALSE is not one of greater, lesser, spirit, demon.");
});
