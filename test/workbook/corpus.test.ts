/**
 * Workbooks from other producers, as gamemasters bring them: made by XlsxWriter (with a chart, a
 * picture, a comment, conditional formats, a data validation, a defined name, a hyperlink,
 * frozen panes and a hidden sheet), the same saved again by LibreOffice, a macro workbook
 * (.xlsm), and one holding a pivot cache. `gods century-end` on each changes only the parts the
 * add-in owns, and four independent programs read the result: openpyxl, LibreOffice, SheetJS and
 * (where it can read the input at all) exceljs.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as XLSX from "@e965/xlsx";
import { zipSync, unzipSync } from "fflate";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { handWorked } from "../support/campaigns";
import { gods } from "../support/cli";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { PYTHON } from "../support/python";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-corpus-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** XlsxWriter writes the hand-worked campaign as plain sheets, with the extras above; `vba` adds a macro part. */
function xlsxWriterFile(file: string, vba?: string): void {
  const script = `
import json, sys, xlsxwriter
from PIL import Image
tables = json.loads(sys.argv[1]); out = sys.argv[2]; vba = sys.argv[3]
wb = xlsxwriter.Workbook(out)
for name, rows in tables.items():
    ws = wb.add_worksheet(name)
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v is None or isinstance(v, dict): continue
            ws.write(r, c, v)
    ws.freeze_panes(1, 0)
races = wb.get_worksheet_by_name("Races")
chart = wb.add_chart({"type": "column"})
chart.add_series({"categories": "=Races!$A$2:$A$4", "values": "=Races!$B$2:$B$4", "name": "Units"})
notes = wb.add_worksheet("Notes")
notes.insert_chart("B2", chart)
png = out + ".png"
Image.new("RGB", (8, 8), (200, 30, 30)).save(png)
notes.insert_image("J2", png)
notes.write_comment("A1", "the referees' notes")
notes.write_url("A2", "https://example.org/rules", string="rules")
notes.data_validation("A5", {"validate": "list", "source": ["war", "fire"]})
notes.conditional_format("B10:B20", {"type": "cell", "criteria": ">", "value": 5, "format": wb.add_format({"bold": True})})
wb.define_name("RaceUnits", "=Races!$B$2:$B$4")
hidden = wb.add_worksheet("Secret"); hidden.write("A1", "hidden"); hidden.hide()
if vba: wb.add_vba_project(vba)
wb.close()
`;
  execFileSync(PYTHON, ["-c", script, JSON.stringify(handWorked()), file, vba ?? ""], { stdio: "pipe" });
}

/** LibreOffice's own save of a file. */
function libreOfficeCopy(file: string, into: string): string {
  fs.mkdirSync(into, { recursive: true });
  execFileSync("soffice", ["--headless", "--calc", "--convert-to", "xlsx", "--outdir", into, file], { stdio: "pipe", timeout: 120_000 });
  return path.join(into, path.basename(file));
}

/** Adds a pivot cache (definition and records) to a workbook's package, as Excel stores one. */
function withPivotCache(file: string, out: string): void {
  const parts = unzipSync(new Uint8Array(fs.readFileSync(file)));
  const text = (p: string) => new TextDecoder().decode(parts[p]);
  const bytes = (s: string) => new TextEncoder().encode(s);
  const ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  parts["xl/pivotCache/pivotCacheDefinition1.xml"] = bytes(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotCacheDefinition xmlns="${ns}" xmlns:r="${rel}" r:id="rId1" recordCount="3"><cacheSource type="worksheet"><worksheetSource ref="A1:B4" sheet="Races"/></cacheSource><cacheFields count="2"><cacheField name="Race" numFmtId="0"><sharedItems/></cacheField><cacheField name="Units" numFmtId="0"><sharedItems containsNumber="1"/></cacheField></cacheFields></pivotCacheDefinition>`,
  );
  parts["xl/pivotCache/pivotCacheRecords1.xml"] = bytes(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotCacheRecords xmlns="${ns}" count="0"/>`);
  parts["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = bytes(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/pivotCacheRecords" Target="pivotCacheRecords1.xml"/></Relationships>`,
  );
  parts["xl/_rels/workbook.xml.rels"] = bytes(
    text("xl/_rels/workbook.xml.rels").replace(
      "</Relationships>",
      `<Relationship Id="rIdPivot1" Type="${rel}/pivotCacheDefinition" Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>`,
    ),
  );
  parts["xl/workbook.xml"] = bytes(
    text("xl/workbook.xml").replace("</workbook>", `<pivotCaches><pivotCache cacheId="1" r:id="rIdPivot1"/></pivotCaches></workbook>`),
  );
  parts["[Content_Types].xml"] = bytes(
    text("[Content_Types].xml").replace(
      "</Types>",
      `<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/><Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheRecords+xml"/></Types>`,
    ),
  );
  fs.writeFileSync(out, zipSync(parts));
}

/** The parts the century end may change: the workbook's own lists, the styles, and the parts it adds. */
const OWNED = new Set(["[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/calcChain.xml", "docProps/app.xml"]);

function kept(before: Uint8Array, after: Uint8Array): { kept: number; total: number; changed: string[] } {
  const a = unzipSync(before);
  const b = unzipSync(after);
  const changed: string[] = [];
  let same = 0;
  for (const [name, bytes] of Object.entries(a)) {
    const now = b[name];
    if (now !== undefined && Buffer.from(now).equals(Buffer.from(bytes))) same++;
    else if (!OWNED.has(name)) changed.push(name);
  }
  return { kept: same, total: Object.keys(a).length, changed };
}

/** openpyxl's view of the result: sheet names, charts and images on Notes, the Ledger's rows, whether a macro part is kept. */
function openpyxlView(file: string): { sheets: string[]; charts: number; images: number; ledger: unknown[][]; vba: boolean } {
  const script = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1], keep_vba=sys.argv[1].endswith(".xlsm"))
notes = wb["Notes"] if "Notes" in wb.sheetnames else None
print(json.dumps({"sheets": wb.sheetnames, "charts": len(notes._charts) if notes else 0, "images": len(notes._images) if notes else 0,
  "ledger": [list(r) for r in wb["Ledger"].iter_rows(values_only=True)], "vba": wb.vba_archive is not None}))
`;
  return JSON.parse(execFileSync(PYTHON, ["-c", script, file], { encoding: "utf8" })) as ReturnType<typeof openpyxlView>;
}

async function endTwoCenturies(file: string): Promise<{ before: Uint8Array; after: Uint8Array }> {
  const before = new Uint8Array(fs.readFileSync(file));
  for (const century of ["1", "2"]) {
    const r = await gods("century-end", file, "--century", century, "--accept-warnings");
    expect({ file: path.basename(file), century, code: r.code, err: r.err }).toEqual({ file: path.basename(file), century, code: 0, err: "" });
  }
  return { before, after: new Uint8Array(fs.readFileSync(file)) };
}

const LEDGER_ROWS = [
  ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"],
  [1, "century-end", null, "Ares", 22.6, 22, 0.6, "0.6"],
  [1, "century-end", null, "Hestia", 24.34, 24, 0.34, "0.34"],
  [1, "century-end", null, "Demons", 2.85, 2, 0.85, "0.85"],
  [2, "century-end", null, "Ares", 9.6, 10, 0.2, "0.2"],
  [2, "century-end", null, "Hestia", 20.34, 20, 0.68, "0.68"],
  [2, "century-end", null, "Demons", 1.65, 2, 0.5, "0.5"],
];

function expectLedger(rows: unknown[][]): void {
  expect(rows.map((r) => Array.from(r, (v) => (typeof v === "number" ? +v.toFixed(10) : (v ?? null))))).toEqual(LEDGER_ROWS);
}

describe("workbooks from other producers keep everything the add-in does not own", () => {
  const producers: [string, () => string][] = [
    [
      "XlsxWriter, with a chart, a picture, a comment and more",
      () => {
        const f = path.join(dir, "xlsxwriter.xlsx");
        xlsxWriterFile(f);
        return f;
      },
    ],
    [
      "the same, saved again by LibreOffice",
      () => {
        const f = path.join(dir, "source.xlsx");
        xlsxWriterFile(f);
        return libreOfficeCopy(f, path.join(dir, "libreoffice"));
      },
    ],
    [
      "a macro workbook (.xlsm)",
      () => {
        const vba = path.join(dir, "vbaProject.bin");
        fs.writeFileSync(vba, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)));
        const f = path.join(dir, "macros.xlsm");
        xlsxWriterFile(f, vba);
        return f;
      },
    ],
    [
      "a workbook with a pivot cache",
      () => {
        const f = path.join(dir, "plain-for-pivot.xlsx");
        xlsxWriterFile(f);
        const out = path.join(dir, "pivot.xlsx");
        withPivotCache(f, out);
        return out;
      },
    ],
  ];

  test.each(producers)("%s", async (_name, make) => {
    const file = make();
    const { before, after } = await endTwoCenturies(file);
    const parts = kept(before, after);
    expect(parts.changed).toEqual([]);
    expect(parts.kept).toBeGreaterThan(parts.total - OWNED.size);
    // Kept parts are copied as the file stored them, compressed bytes and all.
    const was = openPackage(before, "before").stored;
    const now = openPackage(after, "after").stored;
    for (const [name, entry] of was?.entries ?? []) {
      const copy = now?.entries.get(name);
      if (OWNED.has(name) || copy === undefined || !Buffer.from(was?.unpacked.get(name) ?? []).equals(Buffer.from(now?.unpacked.get(name) ?? []))) continue;
      expect({ name, same: Buffer.from(after.subarray(copy.start, copy.end)).equals(Buffer.from(before.subarray(entry.start, entry.end))) }).toEqual({
        name,
        same: true,
      });
    }

    // openpyxl: every sheet, the chart and the picture, the macro part, and the Ledger.
    const view = openpyxlView(file);
    expect(view.sheets).toEqual(expect.arrayContaining(["Gods", "Notes", "Secret", "C1 Mana", "C2 Mana", "Ledger"]));
    expect(view.charts).toBe(1);
    expect(view.images).toBe(1);
    expect(view.vba).toBe(file.endsWith(".xlsm"));
    expectLedger(view.ledger);

    // SheetJS: the Ledger as values.
    const sheetjs = XLSX.read(fs.readFileSync(file), { type: "buffer" });
    expectLedger(XLSX.utils.sheet_to_json<unknown[]>(sheetjs.Sheets["Ledger"] as XLSX.WorkSheet, { header: 1 }));

    // LibreOffice opens it and recalculates with no error cell.
    const csvDir = path.join(dir, `csv-${path.basename(file)}`);
    fs.mkdirSync(csvDir, { recursive: true });
    execFileSync(
      "soffice",
      ["--headless", "--calc", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", csvDir, file],
      { stdio: "pipe", timeout: 120_000 },
    );
    const csvs = fs.readdirSync(csvDir).filter((f) => f.endsWith(".csv"));
    expect(csvs.length).toBeGreaterThan(8);
    for (const csv of csvs) expect(fs.readFileSync(path.join(csvDir, csv), "utf8")).not.toMatch(/#(REF!|VALUE!|NAME\?|DIV\/0!|N\/A)/);

    // exceljs reads the result where it could read the input at all (it cannot read every drawing).
    const input = path.join(dir, `input-${path.basename(file)}`);
    fs.writeFileSync(input, before);
    const readable = await loadWorkbook(input).then(
      () => true,
      () => false,
    );
    if (readable) expect(readWorkbook(await loadWorkbook(file)).tables.get("ledger")?.rows).toHaveLength(6);
  });
});
