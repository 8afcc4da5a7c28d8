/**
 * The century end written into a workbook's package in place: workbooks made by other programs
 * (openpyxl, and the same file saved by LibreOffice) with a chart, a picture, a comment,
 * conditional formats, data validation, a defined name, a hyperlink, frozen panes and a hidden
 * sheet. Every part the add-in does not own must come out byte for byte as it went in; the result
 * must open in openpyxl, in LibreOffice and in our own reader, and carry on to the next century.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { RawTable, RawWorkbook } from "../../src/workbook/model/raw";
import { BOOK_SHEETS, GENERATED_SHEET, sheetNames, SEAL_SHEET, STORY_SHEETS } from "../../src/workbook/model/schema";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { type WorkbookPlan } from "../../src/workbook/plan/types";
import type { PlanValue } from "../../src/workbook/plan/layout";
import { writePlan } from "../../src/workbook/xlsx/package/write";
import { FileProblem, openPackage } from "../../src/workbook/xlsx/package/zip";
import { savePackage } from "../../src/workbook/xlsx/package/zipSave";
import { readPackage } from "../../src/workbook/xlsx/package/read";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { edit, handWorked, rawWorkbook, writeXlsx, type Tables } from "../support/campaigns";
import { ERROR_CELL, parseCsv } from "../support/libreoffice";
import { gods } from "../support/cli";
import { PYTHON, pythonScript } from "../support/python";

const FORMULA_LIKE = "=1+1";
const MARKUP_LIKE = "<b>&";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-package-"));
  try {
    execFileSync(PYTHON, ["-c", "import openpyxl"], { stdio: "pipe" });
  } catch {
    throw new Error("These tests make workbooks with openpyxl: install Debian's python3-openpyxl (and python3-pil for the picture).");
  }
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The hand-worked campaign with two gods renamed to text that looks like a formula and like markup. */
function tricky(): Tables {
  const rename = (v: unknown) => (v === "Ares" ? MARKUP_LIKE : v === "Hestia" ? FORMULA_LIKE : v);
  return edit((t) => {
    for (const name of ["Gods", "Cards", "Pantheon"]) t[name] = (t[name] ?? []).map((r) => r.map(rename) as typeof r);
  }, handWorked());
}

/**
 * Makes a workbook with openpyxl: each table on a sheet of its own (headers in row 1), and the
 * things a gamemaster's workbook may hold beside them. Options: a Ledger (as a plain sheet or an
 * Excel table, with or without a totals row) and cells beside it.
 */
const MAKE = pythonScript("make_campaign.py");

/** What openpyxl sees in a workbook: sheets, their states, charts, pictures, the Ledger and more. */
const INSPECT = pythonScript("inspect_workbook.py");

/**
 * The campaign's tables as openpyxl reads them, shaped as our reader's RawWorkbook: Excel tables
 * by name (totals row left out), then every other sheet from A1. The exceljs reader cannot open
 * openpyxl's files once they hold a drawing or a comment (it does not follow the absolute
 * relationship targets openpyxl writes), so for those this stands in for it.
 */
const RAW = pythonScript("raw_tables.py");

interface Inspection {
  sheets: string[];
  states: Record<string, string>;
  charts: Record<string, number>;
  images: Record<string, number>;
  tables: Record<string, Record<string, string>>;
  values: Record<string, PlanValue[][]>;
  comment: string | null;
  validations: number;
  conditional: number;
  names: string[];
  hyperlink: string | null;
  frozen: string | null;
}

interface LedgerOption {
  rows: PlanValue[][];
  table?: boolean;
  totals?: boolean;
  beside?: [string, string][];
}

function makeWorkbook(name: string, tables: Tables, ledger?: LedgerOption): string {
  const file = path.join(dir, `${name}.xlsx`);
  const json = path.join(dir, `${name}.json`);
  fs.writeFileSync(json, JSON.stringify(tables));
  execFileSync(PYTHON, [MAKE, json, file, JSON.stringify({ ledger: ledger ?? null })], { stdio: "pipe", timeout: 60000 });
  return file;
}

function inspect(file: string): Inspection {
  return JSON.parse(execFileSync(PYTHON, [INSPECT, file], { encoding: "utf8", timeout: 60000 })) as Inspection;
}

const PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Runs LibreOffice once for several files (it is slow to start): `--convert-to` with the given filter. */
function libreOffice(files: readonly string[], convertTo: string, outdir: string): void {
  const profile = path.join(dir, "lo-profile");
  fs.mkdirSync(path.join(profile, "user"), { recursive: true });
  fs.writeFileSync(path.join(profile, "user", "registrymodifications.xcu"), PROFILE);
  fs.mkdirSync(outdir, { recursive: true });
  execFileSync("soffice", [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", convertTo, "--outdir", outdir, ...files], {
    stdio: "pipe",
    timeout: 180000,
  });
}

/** Every sheet of each file as LibreOffice recalculates and shows it, by file then sheet name. */
function libreOfficeSheets(files: readonly string[]): Map<string, Map<string, string[][]>> {
  const outdir = fs.mkdtempSync(path.join(dir, "csv-"));
  libreOffice(files, "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", outdir);
  const byFile = new Map<string, Map<string, string[][]>>();
  for (const file of files) {
    const base = path.basename(file, ".xlsx");
    const sheets = new Map<string, string[][]>();
    for (const f of fs.readdirSync(outdir)) {
      if (f.startsWith(`${base}-`) && f.endsWith(".csv")) sheets.set(f.slice(base.length + 1, -4), parseCsv(fs.readFileSync(path.join(outdir, f), "utf8")));
    }
    byFile.set(file, sheets);
  }
  return byFile;
}

type Reader = "exceljs" | "openpyxl";

/** A workbook's tables, read by our own (exceljs) reader or by openpyxl. */
async function rawOf(file: string, reader: Reader): Promise<RawWorkbook> {
  // The sheets the add-in reads back (titles, seal, Death Worksheets) and the book's head come from its own reader.
  const own = readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file));
  const back = {
    ...(own.sheetTitles === undefined ? {} : { sheetTitles: own.sheetTitles }),
    ...(own.generatedCells === undefined ? {} : { generatedCells: own.generatedCells }),
    ...(own.bookHead === undefined ? {} : { bookHead: own.bookHead }),
  };
  if (reader === "exceljs") return { ...readWorkbook(await loadWorkbook(file)), ...back };
  const read = JSON.parse(execFileSync(PYTHON, [RAW, file], { encoding: "utf8", timeout: 60000 })) as { sheetNames: string[]; tables: RawTable[] };
  return { sheetNames: read.sheetNames, tables: new Map(read.tables.map((t) => [t.name.toLowerCase(), t])), ...back };
}

function planFor(raw: RawWorkbook, century?: number): WorkbookPlan {
  const outcome = planCenturyEnd(raw, century);
  const errors = outcome.problems.filter((p) => p.severity === "error");
  expect(errors).toEqual([]);
  return outcome.plan as WorkbookPlan;
}

function partsOf(file: string): ReadonlyMap<string, Uint8Array> {
  return openPackage(new Uint8Array(fs.readFileSync(file)), file).parts;
}

const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

/** Runs a century end on a file into another file; returns the parts that went in and came out. */
async function centuryEnd(
  file: string,
  out: string,
  reader: Reader,
  century?: number,
): Promise<{ before: ReadonlyMap<string, Uint8Array>; after: Map<string, Uint8Array>; plan: WorkbookPlan }> {
  const before = partsOf(file);
  const raw = await rawOf(file, reader);
  const plan = planFor(raw, century);
  const after = writePlan({ parts: before }, raw, plan);
  fs.writeFileSync(out, savePackage(after));
  return { before, after, plan };
}

/** The attributes of every element named `local` in an XML text (enough for workbook.xml and .rels). */
function elements(xml: string, local: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  for (const m of xml.matchAll(new RegExp(`<(?:\\w+:)?${local}\\b([^>]*)>`, "g"))) {
    const attrs = new Map<string, string>();
    for (const a of (m[1] ?? "").matchAll(/([\w:]+)="([^"]*)"/g)) attrs.set((a[1] as string).replace(/^\w+:(?=id$)/, "r:"), a[2] as string);
    found.push(attrs);
  }
  return found;
}

function resolve(from: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
}

function relsOf(part: string): string {
  return `${path.posix.dirname(part)}/_rels/${path.posix.basename(part)}.rels`;
}

/** Sheet name → worksheet part, from workbook.xml and its relationships. */
function sheetParts(parts: ReadonlyMap<string, Uint8Array>): Map<string, string> {
  const rels = new Map(elements(text(parts.get("xl/_rels/workbook.xml.rels")), "Relationship").map((r) => [r.get("Id"), r.get("Target") ?? ""]));
  const sheets = new Map<string, string>();
  for (const s of elements(text(parts.get("xl/workbook.xml")), "sheet"))
    sheets.set(s.get("name") ?? "", resolve("xl/workbook.xml", rels.get(s.get("r:id")) ?? ""));
  return sheets;
}

/** The parts a century end may change: the workbook's bookkeeping, styles, and the sheets and table it owns. */
function ownedParts(before: ReadonlyMap<string, Uint8Array>): Set<string> {
  const owned = new Set(["[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/calcChain.xml"]);
  for (const [name, part] of sheetParts(before)) {
    if (!GENERATED_SHEET.test(name) && name !== "Ledger") continue;
    owned.add(part).add(relsOf(part));
    for (const r of elements(text(before.get(relsOf(part))), "Relationship")) {
      const type = r.get("Type") ?? "";
      const target = resolve(part, r.get("Target") ?? "");
      if (type.endsWith("/table")) owned.add(target);
      // A generated sheet's charts: its drawing, the drawing's relationships and its chart parts.
      if (type.endsWith("/drawing")) {
        owned.add(target).add(relsOf(target));
        for (const c of elements(text(before.get(relsOf(target))), "Relationship")) owned.add(resolve(target, c.get("Target") ?? ""));
      }
    }
  }
  return owned;
}

/** (a) every part not owned comes out as the very same bytes, existing parts keep their order, new ones follow. */
function expectUntouched(before: ReadonlyMap<string, Uint8Array>, after: ReadonlyMap<string, Uint8Array>, saved: string): void {
  const owned = ownedParts(before);
  const reopened = partsOf(saved);
  for (const [name, bytes] of before) {
    if (owned.has(name)) continue;
    expect([name, after.get(name) === bytes]).toEqual([name, true]);
    expect([name, Buffer.from(reopened.get(name) ?? []).equals(Buffer.from(bytes))]).toEqual([name, true]);
  }
  const kept = [...before.keys()].filter((n) => after.has(n));
  expect([...after.keys()].slice(0, kept.length)).toEqual(kept);
}

/** Every changed or new part is well-formed XML (xmllint). */
function expectWellFormed(before: ReadonlyMap<string, Uint8Array>, after: ReadonlyMap<string, Uint8Array>): void {
  const xmlDir = fs.mkdtempSync(path.join(dir, "xml-"));
  const files: string[] = [];
  for (const [name, bytes] of after) {
    if (before.get(name) === bytes || !/\.(xml|rels)$/.test(name)) continue;
    const file = path.join(xmlDir, `${files.length}.xml`);
    fs.writeFileSync(file, bytes);
    files.push(file);
  }
  expect(files.length).toBeGreaterThan(0);
  execFileSync("xmllint", ["--noout", ...files], { stdio: "pipe" });
}

/** The mana book's sheets, which every credit refreshes. */
const BOOK = [BOOK_SHEETS.heaven, BOOK_SHEETS.earth, BOOK_SHEETS.points];
const ledgerValues = (plan: WorkbookPlan) => plan.ledger.rows.map((r) => [...r]);

describe("writing the century end into the workbook's own package", () => {
  let original: string;
  let fromLibreOffice: string;
  const outputs: string[] = [];

  beforeAll(() => {
    original = makeWorkbook("openpyxl", tricky());
    const loDir = path.join(dir, "lo");
    libreOffice([original], "xlsx", loDir);
    fromLibreOffice = path.join(dir, "libreoffice.xlsx");
    fs.renameSync(path.join(loDir, "openpyxl.xlsx"), fromLibreOffice);
  });

  const producers: [string, Reader, () => string][] = [
    // exceljs cannot open openpyxl's files with drawings (see RAW): openpyxl reads those.
    ["openpyxl", "openpyxl", () => original],
    ["LibreOffice", "exceljs", () => fromLibreOffice],
  ];
  test.each(producers)(
    "a workbook saved by %s: only the add-in's parts change, it opens in openpyxl, and %s reads it back",
    async (producer, reader, input) => {
      const file = input();
      const out = path.join(dir, `${producer}-c1.xlsx`);
      const { before, after, plan } = await centuryEnd(file, out, reader, 1);
      outputs.push(out);

      expectUntouched(before, after, out);
      expectWellFormed(before, after);
      const workbook = text(after.get("xl/workbook.xml"));
      expect(workbook).toMatch(/<calcPr[^>]*fullCalcOnLoad="1"/);
      expect(workbook).toContain("_xlnm.Print_Area");

      // (b) openpyxl: every sheet there, the new ones at the end, the chart and the rest as they were.
      const seen = inspect(out);
      const was = inspect(file);
      const names = sheetNames(1);
      expect(seen.sheets).toEqual([
        "Gods",
        "Cards",
        "Sources",
        "Races",
        "Pantheon",
        "Deaths",
        "Counts",
        "Notes",
        names.deaths,
        names.centuryEnd,
        names.mana,
        ...BOOK,
        ...Object.values(STORY_SHEETS),
        SEAL_SHEET,
        "Ledger",
      ]);
      expect(seen.states.Notes).toBe("hidden");
      expect(seen.charts.Races).toBe(1);
      expect(seen.images.Races).toBe(1);
      expect(seen.comment).toContain("Founded by the gamemaster");
      expect(seen.names).toContain("AllUnits");
      expect(seen.hyperlink).toBe("https://example.org/rules");
      // The one name the add-in adds: the book's head (read/head.ts), hidden.
      expect(seen.names).toEqual([...was.names, "GodsBook"]);
      for (const key of ["comment", "validations", "conditional", "hyperlink", "frozen"] as const) expect([key, seen[key]]).toEqual([key, was[key]]);
      for (const sheet of was.sheets) {
        expect([sheet, seen.states[sheet], seen.charts[sheet], seen.images[sheet], seen.values[sheet]]).toEqual([
          sheet,
          was.states[sheet],
          was.charts[sheet],
          was.images[sheet],
          was.values[sheet],
        ]);
      }
      expect(seen.tables.Ledger).toEqual({ Ledger: "A1:H4" });
      expect(seen.values.Ledger).toEqual([["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"], ...ledgerValues(plan)]);

      // (e) names that look like formulas or markup stay text, in the Ledger and on the generated sheets.
      expect(seen.values.Ledger?.map((r) => r[3])).toEqual(["God", MARKUP_LIKE, FORMULA_LIKE, "Demons"]);
      expect(seen.values[names.mana]?.flat()).toEqual(expect.arrayContaining([MARKUP_LIKE, FORMULA_LIKE]));
      const manaPart = sheetParts(after).get(names.mana) as string;
      expect(text(after.get(manaPart))).toContain("&lt;b&gt;&amp;");
      expect(text(after.get(manaPart))).not.toContain("<f>1+1</f>");

      // (c) it is read back, and the next century follows on from the Ledger.
      const raw = await rawOf(out, reader);
      expect(raw.tables.get("ledger")?.rows).toEqual(ledgerValues(plan));
      const next = path.join(dir, `${producer}-c2.xlsx`);
      const second = await centuryEnd(out, next, reader);
      expect(second.plan.century).toBe(2);
      expectUntouched(second.before, second.after, next);
      const ledger = (await rawOf(next, reader)).tables.get("ledger");
      expect(ledger?.rows.map((r) => [r[0], r[3], r[5]])).toEqual([
        [1, MARKUP_LIKE, 22],
        [1, FORMULA_LIKE, 24],
        [1, "Demons", 2],
        [2, MARKUP_LIKE, 10],
        [2, FORMULA_LIKE, 20],
        [2, "Demons", 2],
      ]);
      expect(inspect(next).tables.Ledger).toEqual({ Ledger: "A1:H7" });
      outputs.push(next);
    },
  );

  // The tests below carry on from the files the tests above wrote.
  test("recalculating the same century replaces its three sheets and its Ledger rows, in place", async () => {
    const once = path.join(dir, "openpyxl-c1.xlsx");
    const twice = path.join(dir, "openpyxl-c1-again.xlsx");
    const { before, after, plan } = await centuryEnd(once, twice, "openpyxl", 1);
    expectUntouched(before, after, twice);
    // The same parts: no sheet added, none renamed; each sheet keeps its part.
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect(sheetParts(after)).toEqual(sheetParts(before));
    const seen = inspect(twice);
    expect(seen.sheets.filter((s) => GENERATED_SHEET.test(s))).toEqual([...Object.values(sheetNames(1)), ...BOOK, ...Object.values(STORY_SHEETS), SEAL_SHEET]);
    expect(seen.values.Ledger?.slice(1)).toEqual(ledgerValues(plan));
    expect(seen.tables.Ledger).toEqual({ Ledger: "A1:H4" });
    // The eight generated sheets' print areas; the Ledger's seal is hidden and has none.
    expect(text(after.get("xl/workbook.xml")).match(/_xlnm\.Print_Area/g)).toHaveLength(8);
    // The formats we added the first time are found again, not added twice.
    expect(text(after.get("xl/styles.xml"))).toBe(text(before.get("xl/styles.xml")));
  });

  test("LibreOffice opens every result, recalculates it without an error cell, and keeps the text as text", () => {
    expect(outputs).toHaveLength(4);
    const all = libreOfficeSheets(outputs);
    for (const [file, sheets] of all) {
      expect([file, sheets.has("Ledger")]).toEqual([file, true]);
      for (const [name, rows] of sheets) {
        for (const row of rows)
          for (const cell of row) if (ERROR_CELL.test(cell.trim())) throw new Error(`${path.basename(file)} ${name} has an error cell: ${cell}`);
      }
      const mana = (sheets.get(sheetNames(1).mana) ?? []).flat();
      expect(mana).toEqual(expect.arrayContaining([FORMULA_LIKE, MARKUP_LIKE]));
    }
  });
});

describe("an existing Ledger", () => {
  const HEADERS = ["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"];

  test("a workbook exceljs wrote (as `gods init` does), its tables and an empty Ledger table: filled, then grown", async () => {
    const file = path.join(dir, "exceljs.xlsx");
    await writeXlsx(
      edit((t) => (t.Ledger = [HEADERS])),
      file,
      true,
    );
    const c1 = path.join(dir, "exceljs-c1.xlsx");
    const first = await centuryEnd(file, c1, "exceljs", 1);
    expectUntouched(first.before, first.after, c1);
    expectWellFormed(first.before, first.after);
    const c2 = path.join(dir, "exceljs-c2.xlsx");
    const second = await centuryEnd(c1, c2, "exceljs");
    expect(second.plan.century).toBe(2);
    expectUntouched(second.before, second.after, c2);
    const raw = await rawOf(c2, "exceljs");
    expect(raw.tables.get("ledger")?.rows).toEqual(ledgerValues(second.plan));
    expect(raw.sheetNames.filter((n) => n === "Ledger")).toHaveLength(1);
    expect(inspect(c2).tables.Ledger).toEqual({ Ledger: "A1:H7" });
  });

  test("an Excel table with a totals row: the body grows, the totals row moves down, cells beside it stay", async () => {
    const file = makeWorkbook("ledger-table", handWorked(), {
      rows: [HEADERS, [null, null, null, null, null, null]],
      table: true,
      totals: true,
      beside: [
        ["J1", "gamemaster's note"],
        ["J3", "beside the totals"],
        ["J9", "far below"],
      ],
    });
    const out = path.join(dir, "ledger-table-c1.xlsx");
    const { before, after, plan } = await centuryEnd(file, out, "openpyxl", 1);
    expectUntouched(before, after, out);
    expectWellFormed(before, after);
    const seen = inspect(out);
    expect(seen.sheets.filter((s) => s === "Ledger")).toHaveLength(1);
    expect(seen.tables.Ledger).toEqual({ Ledger: "A1:H5" });
    const values = seen.values.Ledger ?? [];
    expect(values.slice(1, 4).map((r) => r.slice(0, 8))).toEqual(ledgerValues(plan));
    expect(values[4]?.slice(0, 4)).toEqual(["Total", null, null, "=SUBTOTAL(109,Ledger[Paid])"]);
    expect(values[0]?.[9]).toBe("gamemaster's note");
    expect(values[2]?.[9]).toBe("beside the totals");
    expect(values[8]?.[9]).toBe("far below");
    const table = [...after.keys()].find((k) => k.startsWith("xl/tables/")) as string;
    expect(text(after.get(table))).toMatch(/<autoFilter ref="A1:H4"/);
    expect(text(after.get(table))).toMatch(/<tableColumns count="8">.*<tableColumn id="7" name="Kind"\/><tableColumn id="8" name="What"\/><\/tableColumns>/);
    const raw = await rawOf(out, "openpyxl");
    expect(raw.tables.get("ledger")?.rows).toEqual(ledgerValues(plan));
  });

  test("a plain sheet with a longer old body: the rows it no longer needs are emptied, other columns untouched", async () => {
    const stale: PlanValue[][] = [
      [1, "Ares", 1, 1, 0, "0"],
      [1, "Hestia", 1, 1, 0, "0"],
      [1, "Demons", 1, 1, 0, "0"],
      [1, "Lilith", 1, 1, 0, "0"],
    ];
    const file = makeWorkbook("ledger-plain", handWorked(), {
      rows: [HEADERS, ...stale],
      beside: [
        ["J2", "kept"],
        ["J5", "kept too"],
      ],
    });
    const out = path.join(dir, "ledger-plain-c1.xlsx");
    const { before, after, plan } = await centuryEnd(file, out, "openpyxl", 1);
    expectUntouched(before, after, out);
    expectWellFormed(before, after);
    const values = inspect(out).values.Ledger ?? [];
    expect(values.slice(1, 4).map((r) => r.slice(0, 8))).toEqual(ledgerValues(plan));
    expect(values[4]?.slice(0, 8)).toEqual([null, null, null, null, null, null, null, null]);
    expect(values[1]?.[9]).toBe("kept");
    expect(values[4]?.[9]).toBe("kept too");
  });

  test("an older Ledger that must grow over cells of the gamemaster's is refused, the file unchanged", async () => {
    const file = makeWorkbook("ledger-crowded", handWorked(), { rows: [HEADERS], beside: [["H3", "mine"]] });
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /The Ledger gains the columns Kind, What at its right \(G to H\), but cell H3 there holds something\. Move what is in those columns elsewhere/,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});

/**
 * A package as some other libraries write it: every element with an "x:" prefix, absolute
 * relationship targets, unusual relationship ids, no stylesheet, no calcPr, and a Ledger sheet
 * whose rows and cells leave their numbers implied by their order.
 */
function prefixedPackage(tables: Tables): Map<string, Uint8Array> {
  const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const esc = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const cell = (v: PlanValue | object, ref: string) =>
    v === null || typeof v === "object"
      ? ""
      : typeof v === "number"
        ? `<x:c${ref}><x:v>${v}</x:v></x:c>`
        : `<x:c${ref} t="inlineStr"><x:is><x:t>${esc(String(v))}</x:t></x:is></x:c>`;
  const parts = new Map<string, string>();
  const names = Object.keys(tables);
  parts.set(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${names
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join("")}</Types>`,
  );
  parts.set(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="R0" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`,
  );
  parts.set(
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8"?><x:workbook xmlns:x="${MAIN}" xmlns:r="${REL}"><x:sheets>${names.map((n, i) => `<x:sheet name="${n}" sheetId="${i + 1}" r:id="R${i + 1}"/>`).join("")}</x:sheets></x:workbook>`,
  );
  parts.set(
    "xl/_rels/workbook.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names.map((_, i) => `<Relationship Id="R${i + 1}" Type="${REL}/worksheet" Target="/xl/worksheets/sheet${i + 1}.xml"/>`).join("")}</Relationships>`,
  );
  names.forEach((name, i) => {
    const implied = name === "Ledger";
    const rows = (tables[name] ?? []).map((row, r) => {
      const cells = row.map((v, c) => cell(v, implied ? "" : ` r="${String.fromCharCode(65 + c)}${r + 1}"`)).join("");
      return `<x:row${implied ? "" : ` r="${r + 1}"`}>${cells}</x:row>`;
    });
    parts.set(
      `xl/worksheets/sheet${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${MAIN}"><x:sheetData>${rows.join("")}</x:sheetData></x:worksheet>`,
    );
  });
  return new Map([...parts].map(([k, v]) => [k, new TextEncoder().encode(v)]));
}

describe("package bookkeeping", () => {
  test("a package with prefixed elements, absolute targets, no stylesheet and implied row numbers", () => {
    const tables = edit((t) => {
      t.Ledger = [
        ["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"],
        [1, "Ares", 1, 1, 0, "0"],
        [1, "Hestia", 1, 1, 0, "0"],
      ];
    });
    const parts = prefixedPackage(tables);
    const raw = rawWorkbook(tables);
    const plan = planFor(raw, 1);
    const after = writePlan({ parts }, raw, plan);
    expectWellFormed(parts, after);
    const workbook = text(after.get("xl/workbook.xml"));
    expect(workbook).toMatch(/<x:sheet name="C1 Mana" sheetId="\d+" r:id="rId\d+"\/>/);
    expect(workbook).toMatch(/<x:definedNames><x:definedName name="_xlnm.Print_Area"/);
    expect(workbook).toContain('<x:calcPr fullCalcOnLoad="1"/></x:workbook>');
    // A stylesheet was made for our formats, with its relationship and content type.
    expect(text(after.get("xl/_rels/workbook.xml.rels"))).toContain('Target="styles.xml"');
    expect(text(after.get("[Content_Types].xml"))).toContain('PartName="/xl/styles.xml"');
    const ledgerPart = "xl/worksheets/sheet8.xml";
    expect(text(after.get(ledgerPart))).toMatch(/^<\?xml[^>]*><x:worksheet xmlns:x="[^"]+"><x:sheetData><x:row r="1">/);
    const file = path.join(dir, "prefixed.xlsx");
    fs.writeFileSync(file, savePackage(after));
    const seen = inspect(file);
    expect(seen.sheets).toEqual([...Object.keys(tables), ...Object.values(sheetNames(1)), ...BOOK, ...Object.values(STORY_SHEETS), SEAL_SHEET]);
    expect(seen.values.Ledger).toEqual([[...(tables.Ledger?.[0] ?? []), ...plan.ledger.headers.slice(-plan.ledger.added)], ...ledgerValues(plan)]);

    // Again, with a generated sheet renamed in another case: it is found, rewritten and named as planned.
    const renamed = new Map(after);
    renamed.set("xl/workbook.xml", new TextEncoder().encode(workbook.replace('name="C1 Mana"', 'name="c1 MANA"')));
    const reread = rawWorkbook(edit((t) => (t.Ledger = seen.values.Ledger as Tables[string]), tables));
    const again = writePlan({ parts: renamed }, reread, planFor(reread, 1));
    expect([...again.keys()]).toEqual([...after.keys()]);
    const sheets = elements(text(again.get("xl/workbook.xml")), "sheet").map((e) => [e.get("name"), e.get("sheetId"), e.get("r:id")]);
    expect(sheets).toEqual(elements(workbook, "sheet").map((e) => [e.get("name"), e.get("sheetId"), e.get("r:id")]));
    expect(text(again.get(ledgerPart))).toBe(text(after.get(ledgerPart)));
  });

  test("a damaged part it must edit is reported as a problem with the file, in plain words", () => {
    const tables = handWorked();
    const parts = prefixedPackage(tables);
    parts.set("xl/workbook.xml", new TextEncoder().encode(text(parts.get("xl/workbook.xml")).slice(0, -20)));
    const raw = rawWorkbook(tables);
    expect(() => writePlan({ parts }, raw, planFor(raw, 1))).toThrow(FileProblem);
  });

  test("a calculation chain is removed with its relationship and content type", async () => {
    const file = makeWorkbook("calc-chain", handWorked());
    const parts = new Map(partsOf(file));
    const add = (name: string, change: (xml: string) => string) => parts.set(name, new TextEncoder().encode(change(text(parts.get(name)))));
    parts.set(
      "xl/calcChain.xml",
      new TextEncoder().encode('<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="A1" i="1"/></calcChain>'),
    );
    add("xl/_rels/workbook.xml.rels", (x) =>
      x.replace(
        "</Relationships>",
        '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>',
      ),
    );
    add("[Content_Types].xml", (x) =>
      x.replace(
        "</Types>",
        '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>',
      ),
    );
    const raw = await rawOf(file, "openpyxl");
    const after = writePlan({ parts }, raw, planFor(raw, 1));
    expect(after.has("xl/calcChain.xml")).toBe(false);
    expect(text(after.get("xl/_rels/workbook.xml.rels"))).not.toContain("calcChain");
    expect(text(after.get("[Content_Types].xml"))).not.toContain("calcChain");
    // Unique ids: sheetIds in workbook.xml, relationship ids in its .rels.
    const ids = elements(text(after.get("xl/workbook.xml")), "sheet").map((s) => s.get("sheetId"));
    expect(new Set(ids).size).toBe(ids.length);
    const relIds = elements(text(after.get("xl/_rels/workbook.xml.rels")), "Relationship").map((r) => r.get("Id"));
    expect(new Set(relIds).size).toBe(relIds.length);
    // Every new part has a content type.
    const types = text(after.get("[Content_Types].xml"));
    for (const name of after.keys()) if (!parts.has(name) && name.endsWith(".xml")) expect(types).toContain(`PartName="/${name}"`);
  });
});
