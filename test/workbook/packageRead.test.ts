/**
 * The package reader (src/workbook/xlsx/package/read.ts) against the exceljs reader it replaces:
 * the same tables from files written by exceljs, LibreOffice and openpyxl, each kind of cell value
 * read as exceljs reads it, and the problems a file itself has, each naming its place.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import type { RawTable, RawWorkbook } from "../../src/workbook/model/raw";
import { ALL_TABLES, READ_TABLES } from "../../src/workbook/model/schema";
import { newCampaignWorkbook } from "../../src/workbook/xlsx/init";
import { readPackage } from "../../src/workbook/xlsx/package/read";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { savePackage } from "../../src/workbook/xlsx/package/zipSave";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { edit, handWorked, headerName, writeXlsx } from "../support/campaigns";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-package-read-"));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let fileCount = 0;
const newFile = (name: string): string => path.join(dir, `${++fileCount}-${name}.xlsx`);

function readFile(file: string): RawWorkbook {
  return readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file));
}

/** What the exceljs reader gives, narrowed to the tables the adapter reads (the campaign's, the Settings, the Sessions and the kept tables). */
async function viaExceljs(file: string): Promise<RawWorkbook> {
  const all = readWorkbook(await loadWorkbook(file));
  const wanted = new Set(READ_TABLES.map((t) => t.name.toLowerCase()));
  return { tables: new Map([...all.tables].filter(([k]) => wanted.has(k))), sheetNames: all.sheetNames };
}

async function expectSameAsExceljs(file: string): Promise<RawWorkbook> {
  const ours = readFile(file);
  const theirs = await viaExceljs(file);
  expect([...ours.tables.keys()].sort()).toEqual([...theirs.tables.keys()].sort());
  for (const [key, table] of theirs.tables) expect({ key, table: ours.tables.get(key) }).toEqual({ key, table });
  expect(ours.sheetNames).toEqual(theirs.sheetNames);
  expect(ours.problems).toBeUndefined();
  return ours;
}

/** The file as LibreOffice saves it again (a profile of our own, so that runs beside ours do not clash). */
function savedByLibreOffice(file: string): string {
  const out = path.join(dir, `lo-${path.basename(file, ".xlsx")}`);
  fs.mkdirSync(out);
  execFileSync("soffice", [`-env:UserInstallation=file://${path.join(dir, "lo-profile")}`, "--headless", "--convert-to", "xlsx", "--outdir", out, file], {
    stdio: "pipe",
    timeout: 120_000,
  });
  return path.join(out, path.basename(file));
}

const table = (t: RawWorkbook, name: string): RawTable => {
  const found = t.tables.get(name.toLowerCase());
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
};

/** A campaign with every kind of cell: tables and plain sheets, errors, dates, formulas, rich text, a totals row. */
async function mixedWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const tables = edit((t) => {
    (t.Races as unknown[][])[2] = ["Trojans", { error: "#N/A" }, 0, 1, "civilized", null, 2];
    (t.Cards as unknown[][])[1] = ["Ares", "War", { error: "#DIV/0!" }];
  });
  const asTable = new Set(["Gods", "Sources", "Deaths", "Counts"]);
  for (const [name, rows] of Object.entries(tables)) {
    const ws = wb.addWorksheet(name);
    const [headers = [], ...body] = rows;
    if (asTable.has(name)) {
      ws.addTable({
        name,
        ref: "A1",
        headerRow: true,
        totalsRow: name === "Sources",
        columns: headers.map((h) => ({ name: headerName(h) })),
        rows: body.map((r) => r.map((v) => (typeof v === "object" && v !== null ? null : v))),
      });
    } else rows.forEach((r) => ws.addRow(r.map((v) => (typeof v === "object" && v !== null ? { error: v.error } : v))));
  }
  const deaths = wb.getWorksheet("Deaths") as ExcelJS.Worksheet;
  deaths.getCell("E2").value = new Date(Date.UTC(2024, 2, 1));
  deaths.getCell("E2").numFmt = "dd/mm/yyyy";
  deaths.getCell("C3").value = { formula: "2*2", result: 4 };
  deaths.getCell("E3").value = { richText: [{ text: "rich " }, { font: { bold: true }, text: "text" }] };
  deaths.getCell("E4").value = true;
  deaths.getCell("E5").value = { text: "a link", hyperlink: "https://example.com" };
  wb.addWorksheet("Notes").getCell("A1").value = "not an input table";
  wb.addWorksheet("C1 Mana").getCell("A1").value = "generated";
  await wb.xlsx.writeFile(file);
}

describe("the same tables as the exceljs reader", () => {
  test("the hand-worked campaign as plain sheets, with error cells", async () => {
    const file = newFile("plain");
    await writeXlsx(
      edit((t) => ((t.Races as unknown[][])[1] = ["Achaeans", { error: "#N/A" }, 1, 0, "civilized", "no", 3])),
      file,
      false,
    );
    const ours = await expectSameAsExceljs(file);
    expect(table(ours, "Races").rows[0]?.[1]).toEqual({ error: "#N/A" });
    expect(table(ours, "Deaths")).toMatchObject({ name: "Deaths", sheet: "Deaths", headerRow: 1, firstColumn: 1, isTable: false });
  });

  test("the hand-worked campaign as Excel tables", async () => {
    const file = newFile("tables");
    await writeXlsx(handWorked(), file, true);
    const ours = await expectSameAsExceljs(file);
    expect(table(ours, "Deaths").isTable).toBe(true);
    expect(table(ours, "Deaths").rows).toHaveLength(4);
  });

  test("the example campaign of `gods init`", async () => {
    const file = newFile("example");
    await newCampaignWorkbook(true).xlsx.writeFile(file);
    await expectSameAsExceljs(file);
  });

  test("every kind of cell, as exceljs writes it and as LibreOffice saves it again", async () => {
    const file = newFile("mixed");
    await mixedWorkbook(file);
    const ours = await expectSameAsExceljs(file);
    const deaths = table(ours, "Deaths");
    expect(deaths.rows.map((r) => r[4])).toEqual(["2024-03-01", "rich text", true, "a link"]);
    expect(deaths.rows[1]?.[2]).toBe(4);
    expect(table(ours, "Sources").rows).toHaveLength(7); // the totals row left out
    expect(ours.sheetNames).toEqual(["Gods", "Cards", "Sources", "Races", "Pantheon", "Deaths", "Counts", "Notes", "C1 Mana"]);

    const resaved = savedByLibreOffice(file);
    const again = await expectSameAsExceljs(resaved);
    for (const spec of ALL_TABLES) expect(again.tables.get(spec.name.toLowerCase())?.rows).toEqual(ours.tables.get(spec.name.toLowerCase())?.rows);
  });
});

describe("files written by openpyxl, with a chart", () => {
  const script = `
import sys, datetime
from openpyxl import Workbook
from openpyxl.worksheet.table import Table
from openpyxl.chart import BarChart, Reference
wb = Workbook()
ws = wb.active
ws.title = "Gods"
for r in [["God", "Kind"], ["Ares", "greater"], ["Hestia", "lesser"]]: ws.append(r)
d = wb.create_sheet("Deaths")
for r in [["Century", "Cause", "Units", "Race", "Note"], [1, "war", 10, "Achaeans", "siege"], [1, "plague", 3, "Trojans", None], [2, "war", 5, "Amazons", datetime.date(2024, 3, 1)]]: d.append(r)
d.add_table(Table(displayName="Deaths", ref="A1:E4"))
chart = BarChart()
chart.add_data(Reference(d, min_col=3, min_row=1, max_row=4), titles_from_data=True)
d.add_chart(chart, "H2")
c = wb.create_sheet("Counts")
for r in [["Century", "Source", "Count"], [1, "Hearths", 4], [1, "Feast", "=2+2"]]: c.append(r)
wb.save(sys.argv[1])
`;
  const expected = {
    gods: [
      ["God", "Kind"],
      ["Ares", "greater"],
      ["Hestia", "lesser"],
    ],
    deaths: [
      ["Century", "Cause", "Units", "Race", "Note"],
      [1, "war", 10, "Achaeans", "siege"],
      [1, "plague", 3, "Trojans", null],
      [2, "war", 5, "Amazons", "2024-03-01"],
    ],
  };
  const all = (t: RawTable) => [t.headers, ...t.rows];

  test("inline strings, a date, a table and a chart; the formula openpyxl saved without a result is refused", async () => {
    const file = newFile("openpyxl");
    execFileSync("/usr/bin/python3", ["-c", script, file], { stdio: "pipe" });
    const ours = readFile(file);
    expect(all(table(ours, "Gods"))).toEqual(expected.gods);
    expect(all(table(ours, "Deaths"))).toEqual(expected.deaths);
    expect(table(ours, "Deaths").isTable).toBe(true);
    expect(all(table(ours, "Counts"))).toEqual([
      ["Century", "Source", "Count"],
      [1, "Hearths", 4],
      [1, "Feast", null],
    ]);
    expect(ours.sheetNames).toEqual(["Gods", "Deaths", "Counts"]);
    expect(ours.problems).toEqual([
      {
        severity: "error",
        table: "Counts",
        row: 3,
        column: "Count",
        address: "Counts!C3",
        message: "cell C3 holds a formula (=2+2) with no saved result; open and save the file in Excel or LibreOffice once, then try again.",
      },
    ]);

    // Saved once by LibreOffice, as the message advises: the formula has its result, and the problem is gone.
    const resaved = savedByLibreOffice(file);
    const again = readFile(resaved);
    expect(again.problems).toBeUndefined();
    expect(all(table(again, "Counts"))).toEqual([
      ["Century", "Source", "Count"],
      [1, "Hearths", 4],
      [1, "Feast", 4],
    ]);
    expect(all(table(again, "Deaths"))).toEqual(expected.deaths);
    // exceljs may fail on a file with a chart; when it reads it, it reads the same tables
    const theirs = await viaExceljs(resaved).catch(() => undefined);
    if (theirs !== undefined) for (const [key, t] of theirs.tables) expect(again.tables.get(key)).toEqual(t);
  });
});

// ---------------------------------------------------------------------------------------------
// Packages written by hand, part by part, for the cases the writers above do not produce.

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

interface HandSheet {
  readonly name: string;
  /** what goes inside <sheetData> */
  readonly data: string;
  /** what follows </sheetData> (merged cells …) */
  readonly after?: string;
  /** table parts: their <table> XML, {id} standing for the table's id */
  readonly tables?: readonly string[];
}

interface HandBook {
  readonly sheets: readonly HandSheet[];
  /** the <si> elements' inner XML */
  readonly strings?: readonly string[];
  /** custom formats by id */
  readonly formats?: Readonly<Record<number, string>>;
  /** each cell style's number format id (style 0 first) */
  readonly styles?: readonly number[];
  readonly date1904?: boolean;
  /** relationship targets written from the package root ("/xl/…") */
  readonly absoluteTargets?: boolean;
  /** every SpreadsheetML element under this prefix ("x:") */
  readonly prefix?: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function handPackage(book: HandBook): Uint8Array {
  const p = book.prefix ?? "";
  const ns = p === "" ? `xmlns="${MAIN}"` : `xmlns:${p.slice(0, -1)}="${MAIN}"`;
  /** Puts the prefix on every element of a piece of SpreadsheetML. */
  const pre = (xml: string) => (p === "" ? xml : xml.replace(/<(\/?)([a-zA-Z])/g, `<$1${p}$2`));
  const parts = new Map<string, Uint8Array>();
  const target = (fromFolder: string, part: string) => (book.absoluteTargets ? `/${part}` : part.slice(fromFolder.length));
  const rels = (list: [string, string, string][]) =>
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list.map(([id, type, t]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${t}"/>`).join("")}</Relationships>`;
  const overrides: string[] = [];
  parts.set("[Content_Types].xml", utf8("")); // filled in below, but first in the zip
  parts.set("_rels/.rels", utf8(rels([["rId1", "officeDocument", "xl/workbook.xml"]])));
  overrides.push(`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`);
  const workbookRels: [string, string, string][] = [];
  let tableId = 0;
  book.sheets.forEach((sheet, i) => {
    const part = `xl/worksheets/sheet${i + 1}.xml`;
    workbookRels.push([`rId${i + 1}`, "worksheet", target("xl/", part)]);
    overrides.push(`<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`);
    const sheetRels: [string, string, string][] = [];
    for (const xml of sheet.tables ?? []) {
      const tablePart = `xl/tables/table${++tableId}.xml`;
      sheetRels.push([`rId${sheetRels.length + 1}`, "table", book.absoluteTargets ? `/${tablePart}` : `../tables/table${tableId}.xml`]);
      parts.set(tablePart, utf8(`<?xml version="1.0" encoding="UTF-8"?>${pre(xml.replace("{id}", String(tableId)).replace("<table ", `<table ${ns} `))}`));
      overrides.push(`<Override PartName="/${tablePart}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/>`);
    }
    const tableParts = sheetRels.length
      ? `<tableParts count="${sheetRels.length}">${sheetRels.map(([id]) => `<tablePart r:id="${id}"/>`).join("")}</tableParts>`
      : "";
    parts.set(
      part,
      utf8(
        `<?xml version="1.0" encoding="UTF-8"?>${pre(`<worksheet ${ns} xmlns:r="${REL}"><sheetData>${sheet.data}</sheetData>${sheet.after ?? ""}${tableParts}</worksheet>`)}`,
      ),
    );
    if (sheetRels.length) parts.set(`xl/worksheets/_rels/sheet${i + 1}.xml.rels`, utf8(rels(sheetRels)));
  });
  const n = book.sheets.length;
  workbookRels.push([`rId${n + 1}`, "styles", target("xl/", "xl/styles.xml")]);
  overrides.push(`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`);
  if (book.strings !== undefined) {
    workbookRels.push([`rId${n + 2}`, "sharedStrings", target("xl/", "xl/sharedStrings.xml")]);
    overrides.push(`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`);
    parts.set(
      "xl/sharedStrings.xml",
      utf8(
        `<?xml version="1.0" encoding="UTF-8"?>${pre(`<sst ${ns} count="${book.strings.length}">${book.strings.map((s) => `<si>${s}</si>`).join("")}</sst>`)}`,
      ),
    );
  }
  const formats = Object.entries(book.formats ?? {});
  const styles = book.styles ?? [0];
  parts.set(
    "xl/styles.xml",
    utf8(
      `<?xml version="1.0" encoding="UTF-8"?>${pre(
        `<styleSheet ${ns}>${formats.length ? `<numFmts count="${formats.length}">${formats.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escape(code)}"/>`).join("")}</numFmts>` : ""}` +
          `<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>` +
          `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
          `<cellXfs count="${styles.length}">${styles.map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join("")}</cellXfs></styleSheet>`,
      )}`,
    ),
  );
  parts.set(
    "xl/workbook.xml",
    utf8(
      `<?xml version="1.0" encoding="UTF-8"?>${pre(
        `<workbook ${ns} xmlns:r="${REL}">${book.date1904 ? `<workbookPr date1904="1"/>` : "<workbookPr/>"}<sheets>${book.sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
      )}`,
    ),
  );
  parts.set("xl/_rels/workbook.xml.rels", utf8(rels(workbookRels)));
  parts.set(
    "[Content_Types].xml",
    utf8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join("")}</Types>`,
    ),
  );
  return savePackage(parts);
}

function writeHand(book: HandBook, name: string): string {
  const file = newFile(name);
  fs.writeFileSync(file, handPackage(book));
  return file;
}

/** A row of cells from A: each a string of the cell's attributes and inner XML, or null for none. */
function row(r: number, cells: readonly (readonly [attrs: string, inner: string] | null)[]): string {
  const letter = (i: number) => String.fromCharCode(65 + i);
  return `<row r="${r}">${cells.map((c, i) => (c === null ? "" : `<c r="${letter(i)}${r}"${c[0] ? ` ${c[0]}` : ""}>${c[1]}</c>`)).join("")}</row>`;
}
const num = (n: number, attrs = "") => [attrs, `<v>${n}</v>`] as const;
const shared = (i: number) => ['t="s"', `<v>${i}</v>`] as const;
const inline = (text: string) => ['t="inlineStr"', `<is><t>${escape(text)}</t></is>`] as const;

describe("each kind of cell", () => {
  // Styles: 1 built-in date (14), 2 custom date, 3 a number with a quoted word, 4 elapsed hours, 5 minutes:seconds (46), 6 escaped letters
  const book: HandBook = {
    strings: [
      "<t>Century</t>",
      "<r><t>Ca</t></r><r><rPr><b/></rPr><t>use</t></r>",
      '<t>Units</t><rPh sb="0" eb="1"><t>ユニ</t></rPh>',
      "<t>two_x000A_lines</t>",
      '<t xml:space="preserve"> war </t>',
    ],
    formats: { 164: "dd/mm/yyyy", 165: '0.0 "days"', 166: "[h]:mm", 167: "0\\ \\k\\g" },
    styles: [0, 14, 164, 165, 166, 46, 167],
    sheets: [
      {
        name: "Deaths",
        data: [
          row(1, [shared(0), shared(1), shared(2), inline("Race"), ['t="str"', "<f>&quot;No&quot;&amp;&quot;te&quot;</f><v>Note</v>"]]),
          row(2, [num(1), shared(4), num(45352, 's="1"'), num(45352, 's="2"'), num(2.5, 's="3"')]),
          row(3, [num(1), inline("plague"), num(0.5, 's="4"'), num(0.5, 's="5"'), num(7, 's="6"')]),
          row(4, [
            ['t="b"', "<v>1</v>"],
            ['t="b"', "<v>0</v>"],
            ['t="e"', "<v>#N/A</v>"],
            ['t="e"', "<f>1/0</f><v>#DIV/0!</v>"],
            ["", "<f>2+3</f><v>5</v>"],
          ]),
          row(5, [
            ['t="str"', "<f>&quot;&quot;</f><v></v>"],
            ['t="str"', "<f>A2&amp;&quot;x&quot;</f><v>1x</v>"],
            shared(3),
            ["", '<f t="shared" ref="D5:D6" si="0">A5+6</f><v>7</v>'],
            ["", '<f t="shared" si="0"/><v>6</v>'],
          ]),
        ].join(""),
      },
    ],
  };

  test("shared and inline strings, rich text, dates, booleans, errors and saved formula results, as exceljs reads them", async () => {
    const file = writeHand(book, "cells");
    const ours = await expectSameAsExceljs(file);
    const deaths = table(ours, "Deaths");
    expect(deaths.headers).toEqual(["Century", "Cause", "Units", "Race", "Note"]);
    expect(deaths.rows).toEqual([
      [1, " war ", "2024-03-01", "2024-03-01", 2.5],
      [1, "plague", "1899-12-30", "1899-12-30", 7],
      [true, false, { error: "#N/A" }, { error: "#DIV/0!" }, 5],
      [null, "1x", "two\nlines", 7, 6],
    ]);
  });

  test("a saved formula result of 0 or FALSE reads as such, where exceljs reads an empty cell", async () => {
    const data = row(1, [inline("Century"), inline("Source"), inline("Count")]) + row(2, [num(1), ['t="b"', "<f>1=2</f><v>0</v>"], ["", "<f>2-2</f><v>0</v>"]]);
    const file = writeHand({ sheets: [{ name: "Counts", data }] }, "falsy");
    expect(table(readFile(file), "Counts").rows).toEqual([[1, false, 0]]);
    // exceljs keeps a formula's result only when it is truthy (its FormulaValue._copyModel)
    expect(table(await viaExceljs(file), "Counts").rows).toEqual([[1, null, null]]);
  });

  test("a plain sheet ends at its last row holding a value, not at rows that only carry formatting", () => {
    const data =
      row(1, [inline("God"), inline("Kind")]) +
      row(2, [inline("Ares"), inline("greater")]) +
      '<row r="3"><c r="A3" s="1"/></row><row r="9" customHeight="1" ht="30"/>';
    const file = writeHand({ sheets: [{ name: "Gods", data }], styles: [0, 14] }, "formatted-tail");
    expect(table(readFile(file), "Gods").rows).toEqual([["Ares", "greater"]]);
  });

  test("1904 dates, prefixed elements and targets from the package root", () => {
    const file = writeHand({ ...book, date1904: true, prefix: "x:", absoluteTargets: true }, "1904");
    const deaths = table(readFile(file), "Deaths");
    expect(deaths.rows[0]).toEqual([1, " war ", "2028-03-02", "2028-03-02", 2.5]);
    expect(deaths.rows[2]).toEqual([true, false, { error: "#N/A" }, { error: "#DIV/0!" }, 5]);
  });

  test("a table without a header row takes its headers from the table part", () => {
    const file = writeHand(
      {
        sheets: [
          {
            name: "Counts",
            data: row(3, [num(1), inline("Hearths"), num(4)]) + row(4, [num(2), inline("Hearths"), num(5)]),
            tables: [
              '<table id="{id}" name="Counts" displayName="Counts" ref="A3:C4" headerRowCount="0"><tableColumns count="3"><tableColumn id="1" name="Century"/><tableColumn id="2" name="Source"/><tableColumn id="3" name="Count"/></tableColumns></table>',
            ],
          },
        ],
      },
      "headerless",
    );
    expect(table(readFile(file), "Counts")).toEqual({
      name: "Counts",
      sheet: "Counts",
      headerRow: 2,
      firstColumn: 1,
      headers: ["Century", "Source", "Count"],
      rows: [
        [1, "Hearths", 4],
        [2, "Hearths", 5],
      ],
      isTable: true,
    });
  });

  test("a plain sheet is as wide as its first row and as long as its last used row; a table is found by name in any case, on any sheet", () => {
    const file = writeHand(
      {
        sheets: [
          {
            name: "gods",
            data: row(1, [inline("God"), inline("Kind")]) + row(2, [inline("Ares"), null, inline("beyond the headers")]) + row(5, [null, null, null, num(1)]),
          },
          {
            name: "Notes",
            data: row(2, [inline("Century"), inline("Source"), inline("Count")]) + row(3, [num(1), inline("Hearths"), num(4)]),
            tables: [
              '<table id="{id}" name="COUNTS" displayName="COUNTS" ref="A2:C3"><tableColumns count="3"><tableColumn id="1" name="Century"/><tableColumn id="2" name="Source"/><tableColumn id="3" name="Count"/></tableColumns></table>',
            ],
          },
        ],
      },
      "shapes",
    );
    const ours = readFile(file);
    expect(table(ours, "Gods")).toEqual({
      name: "gods",
      sheet: "gods",
      headerRow: 1,
      firstColumn: 1,
      headers: ["God", "Kind"],
      rows: [
        ["Ares", null],
        [null, null],
        [null, null],
        [null, null],
      ],
      isTable: false,
    });
    expect(table(ours, "Counts")).toMatchObject({ name: "COUNTS", sheet: "Notes", headerRow: 2, rows: [[1, "Hearths", 4]] });
    expect([...ours.tables.keys()]).toEqual(["gods", "counts"]);
  });

  test("a damaged part is said in a sentence", () => {
    const file = writeHand({ sheets: [{ name: "Gods", data: '<row r="1"><c r="A1"><v>1</v></row>' }] }, "damaged");
    expect(() => readFile(file)).toThrow(/damaged: its part xl\/worksheets\/sheet1\.xml is not readable XML/);
  });
});

describe("problems in the file itself, each naming its place", () => {
  test("merged cells in an input table are refused, naming the range; merged cells beside it are not", async () => {
    const file = newFile("merged");
    const wb = new ExcelJS.Workbook();
    const deaths = wb.addWorksheet("Deaths");
    for (const r of handWorked().Deaths ?? []) deaths.addRow(r);
    deaths.mergeCells("C2:C3");
    deaths.mergeCells("H1:I1");
    const gods = wb.addWorksheet("Gods");
    gods.addTable({
      name: "Gods",
      ref: "A1",
      columns: [{ name: "God" }, { name: "Kind" }],
      rows: [
        ["Ares", "greater"],
        ["Hestia", "lesser"],
      ],
    });
    gods.mergeCells("A2:B2");
    await wb.xlsx.writeFile(file);
    expect(readFile(file).problems).toEqual([
      {
        severity: "error",
        table: "Gods",
        row: 2,
        column: "God",
        address: "Gods!A2:B2",
        message:
          "cells A2:B2 are merged; a merged cell keeps its value in its first cell only, so the others would read as empty. Unmerge them and type the value in each cell.",
      },
      {
        severity: "error",
        table: "Deaths",
        row: 2,
        column: "Units",
        address: "Deaths!C2:C3",
        message:
          "cells C2:C3 are merged; a merged cell keeps its value in its first cell only, so the others would read as empty. Unmerge them and type the value in each cell.",
      },
    ]);
  });

  test("a formula with no saved result is refused, naming the cell and echoing at most 200 characters of it", async () => {
    const file = newFile("formula");
    const wb = new ExcelJS.Workbook();
    const deaths = wb.addWorksheet("Deaths");
    for (const r of handWorked().Deaths ?? []) deaths.addRow(r);
    deaths.getCell("C3").value = { formula: "A3*2" };
    deaths.getCell("E4").value = { formula: `"${"x".repeat(500)}"` };
    deaths.getCell("C5").value = { formula: "A5*5", result: 10 };
    await wb.xlsx.writeFile(file);
    const ours = readFile(file);
    expect(table(ours, "Deaths").rows[1]?.[2]).toBeNull();
    expect(table(ours, "Deaths").rows[3]?.[2]).toBe(10);
    const problems = ours.problems ?? [];
    expect(problems).toHaveLength(2);
    expect(problems[0]).toEqual({
      severity: "error",
      table: "Deaths",
      row: 3,
      column: "Units",
      address: "Deaths!C3",
      message: "cell C3 holds a formula (=A3*2) with no saved result; open and save the file in Excel or LibreOffice once, then try again.",
    });
    expect(problems[1]).toMatchObject({ table: "Deaths", row: 4, column: "Note", address: "Deaths!E4" });
    const echoed = /\((=.*)\) with no saved result/.exec(problems[1]?.message ?? "")?.[1] ?? "";
    expect(echoed.length).toBeLessThanOrEqual(200);
    expect(echoed.startsWith('="xxx')).toBe(true);
  });

  test("many formulas with no saved result: ten named, the rest counted", () => {
    const rows = [row(1, [inline("Century"), inline("Cause"), inline("Units")])];
    for (let r = 2; r <= 31; r++) rows.push(row(r, [num(1), inline("war"), ["", `<f>A${r}*2</f>`]]));
    const problems = readFile(writeHand({ sheets: [{ name: "Deaths", data: rows.join("") }] }, "many-formulas")).problems ?? [];
    expect(problems).toHaveLength(11);
    expect(problems[9]?.address).toBe("Deaths!C11");
    expect(problems[10]).toEqual({
      severity: "error",
      table: "Deaths",
      message: "20 more cells of the Deaths table hold formulas with no saved result; open and save the file in Excel or LibreOffice once, then try again.",
    });
  });

  test("rows typed right under a table are refused, naming the rows; rows after a blank row or beside the table are not", async () => {
    const file = newFile("under");
    const wb = new ExcelJS.Workbook();
    const deaths = wb.addWorksheet("Deaths");
    const [headers = [], ...body] = handWorked().Deaths ?? [];
    deaths.addTable({ name: "Deaths", ref: "A1", columns: headers.map((h) => ({ name: headerName(h) })), rows: body });
    deaths.getCell("A6").value = 3;
    deaths.getCell("C7").value = 12;
    deaths.getCell("B8").value = "plague";
    deaths.getCell("A10").value = "after a blank row";
    const counts = wb.addWorksheet("Counts");
    counts.addTable({ name: "Counts", ref: "A1", columns: [{ name: "Century" }, { name: "Source" }, { name: "Count" }], rows: [[1, "Hearths", 4]] });
    counts.getCell("B3").value = "Feast";
    counts.getCell("F4").value = "beside the table";
    const gods = wb.addWorksheet("Gods");
    gods.addTable({ name: "Gods", ref: "A1", columns: [{ name: "God" }, { name: "Kind" }], rows: [["Ares", "greater"]] });
    gods.getCell("D3").value = "beside the table";
    gods.getCell("A4").value = "   ";
    await wb.xlsx.writeFile(file);
    const ours = readFile(file);
    expect(table(ours, "Deaths").rows).toHaveLength(4);
    expect(ours.problems).toEqual([
      {
        severity: "error",
        table: "Deaths",
        row: 6,
        address: "Deaths!A6:E8",
        message: "rows 6–8 under the Deaths table are outside it, so they would be ignored; extend the table to include them (or delete them).",
      },
      {
        severity: "error",
        table: "Counts",
        row: 3,
        address: "Counts!A3:C3",
        message: "row 3 under the Counts table is outside it, so it would be ignored; extend the table to include it (or delete it).",
      },
    ]);
  });

  test("a table directly under another is not a row typed under it", () => {
    const file = writeHand(
      {
        sheets: [
          {
            name: "Input",
            data:
              row(1, [inline("God"), inline("Kind")]) +
              row(2, [inline("Ares"), inline("greater")]) +
              row(3, [inline("God"), inline("Sphere")]) +
              row(4, [inline("Ares"), inline("War")]),
            tables: [
              '<table id="{id}" name="Gods" displayName="Gods" ref="A1:B2"><tableColumns count="2"><tableColumn id="1" name="God"/><tableColumn id="2" name="Kind"/></tableColumns></table>',
              '<table id="{id}" name="Other" displayName="Other" ref="A3:B4"><tableColumns count="2"><tableColumn id="1" name="God"/><tableColumn id="2" name="Sphere"/></tableColumns></table>',
            ],
          },
        ],
      },
      "stacked",
    );
    const ours = readFile(file);
    expect(table(ours, "Gods").rows).toEqual([["Ares", "greater"]]);
    expect(ours.problems).toBeUndefined();
  });
});
