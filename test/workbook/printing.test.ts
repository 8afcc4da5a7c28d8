/**
 * Worksheets that print: every generated sheet says how it prints (portrait or landscape, one
 * page wide, its title rows on every page, a footer with the century and the page), its columns
 * fit A4 and Letter at 100%, its numbers read alike, and both adapters carry that out. LibreOffice
 * prints the workbook to prove it: every page at 100%, each generated sheet on one page.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { main } from "../../src/cli/main";
import { endCentury } from "../../src/workbook/office/actions";
import { BOOK_SHEETS, LEDGER, LEDGER_WIDTHS, sheetNames } from "../../src/workbook/model/schema";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planEvent } from "../../src/workbook/actions/event";
import { readCampaign } from "../../src/workbook/read/campaign";
import { planDebit } from "../../src/workbook/actions/debit";
import { planPacket } from "../../src/workbook/actions/packet";
import { Book } from "../support/book";
import {
  columnPoints,
  footerCode,
  numberFormatOf,
  PRINTABLE_WIDTH,
  printedWidth,
  STYLES,
  tablePrint,
  type PlanCell,
  type SheetPlan,
} from "../../src/workbook/plan/layout";
import { fittedToWidth, plannedPages } from "../../src/workbook/plan/pages";
import { decimalsOf } from "../../src/workbook/plan/decimals";
import { printedPages } from "../support/libreoffice";
import { exampleTables, handWorked, huge, memoryWorkbook, rawWorkbook, writeXlsx, type Tables } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";
import { stringMatching } from "../support/matchers";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-print-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const quiet = { out: () => undefined, err: (t: string) => process.stderr.write(t + "\n") };

/** Every sheet a century end and then an event plan for a campaign. */
function plannedSheets(tables: Tables): SheetPlan[] {
  const raw = rawWorkbook(tables);
  const end = planCenturyEnd(raw, 1);
  const read = readCampaign(raw);
  const events = read.campaign.sources.filter((s) => s.timing === "event").map((s) => s.source);
  const event = events[0] === undefined ? undefined : planEvent(read, events[0]);
  // The Ledger's seal is hidden: nobody prints it.
  return [...(end.plan?.sheets ?? []), ...(event?.plan?.sheets ?? [])].filter((s) => s.hidden !== true);
}

/**
 * The sheets of a campaign further on: century 1 paid, a debit Vorn cannot cover, then century 2
 * ended (its accounts owe and pay back) and the session packet, with long names.
 */
function laterSheets(): SheetPlan[] {
  // Long names, as players choose them.
  const long = JSON.parse(
    JSON.stringify(exampleTables())
      .replace(/"Solara"/g, '"Solara the Radiant Mother of the Eternal Harvest"')
      .replace(/"Vorn"/g, '"Vorn Breaker of the Nine Shield Walls"'),
  ) as Tables;
  const book = new Book(long);
  book.centuryEnd(1);
  const debit = planDebit(book.read(), "Vorn Breaker of the Nine Shield Walls", 60, "Lord's loss, after the siege of the Crystal Citadel");
  book.write(debit.plan);
  const end = book.centuryEnd(2);
  const packet = planPacket(book.read());
  return [...(end.plan?.sheets ?? []), ...packet.sheets].filter((s) => s.hidden !== true);
}

const PACKET = new Set(["Earth Summary", "Character Sheets"]);

const CAMPAIGNS: [string, () => SheetPlan[]][] = [
  ["the example campaign", () => plannedSheets(exampleTables())],
  ["the hand-worked campaign", () => plannedSheets(handWorked())],
  ["the huge campaign", () => plannedSheets(huge(1))],
  ["the example campaign later, a debt and its packet", laterSheets],
];
const SHEETS = CAMPAIGNS.flatMap(([campaign, sheets]) => sheets().map((s) => [`${campaign}: ${s.name}`, s] as const));

/** About how wide a text is printed, in points: Calibri's letters average under 6.2 px at 11 pt, bold a little more. */
function textPoints(text: string, cell: PlanCell): number {
  const style = cell.style === undefined ? {} : STYLES[cell.style];
  return text.length * 6.2 * ((style.size ?? 11) / 11) * (style.bold ? 1.08 : 1) * 0.75;
}

describe.each(SHEETS)("%s", (_, sheet) => {
  test("prints one page wide at 100% on A4 and Letter, its title rows on every page, a footer with the century and the page", () => {
    const { print } = sheet;
    expect(print.pagesWide).toBe(1);
    expect(printedWidth(sheet.columnWidths)).toBeLessThanOrEqual(PRINTABLE_WIDTH[print.orientation]);
    // The packet's sheets are laid out as pages of their own (the Earth Summary across, a page for
    // each character): every other generated sheet stands upright, its header rows on every page.
    if (!PACKET.has(sheet.name)) {
      // Upright, unless its names are too long for an upright page (then across, and only then).
      if (print.orientation === "landscape") expect(printedWidth(sheet.columnWidths)).toBeGreaterThan(PRINTABLE_WIDTH.portrait);
      else expect(print.orientation).toBe("portrait");
      expect(print.titleRows).toBeGreaterThanOrEqual(2);
      expect(sheet.rows[print.titleRows - 1]?.every((c) => c === null || c.style === "header" || c.style === "subtitle")).toBe(true);
    }
    expect(print.footer.left).toMatch(/^Century \d+( in play)?$/);
    expect(footerCode(print.footer.right)).toBe("Page &P of &N");
    expect(print.footer.center).toBe(sheet.name);
  });

  test("text that runs on past its cell (titles, notes) stays inside the printed columns", () => {
    const tooLong: string[] = [];
    sheet.rows.forEach((row) => {
      row.forEach((c, i) => {
        if (c === null || typeof c.value !== "string" || !["title", "subtitle", "section", "note"].includes(c.style ?? "")) return;
        const room = sheet.columnWidths.slice(i).reduce((sum, w) => sum + columnPoints(w), 0);
        if (textPoints(c.value, c) > room) tooLong.push(c.value);
      });
    });
    expect(tooLong).toEqual([]);
  });

  test("no text is shrunk below 8 points: a longer one is wrapped, its row tall enough for its lines", () => {
    const tooSmall: string[] = [];
    sheet.rows.forEach((row, r) => {
      row.forEach((c, i) => {
        if (c === null || typeof c.value !== "string") return;
        const room = sheet.columnWidths.slice(i, i + (c.span ?? 1)).reduce((sum, w) => sum + w, 0);
        const need = Math.ceil(c.value.length * 0.9 + 1);
        if (c.style === "shrunk" && (room / need) * 11 < 8) tooSmall.push(`${c.value} (${((room / need) * 11).toFixed(1)} points)`);
        if (c.style === "wrapped") expect((sheet.rowHeights?.[r] ?? 0) / 15).toBeGreaterThanOrEqual(need / room);
      });
    });
    expect(tooSmall).toEqual([]);
  });

  test("one number format for mana on the sheet, one per column for other decimals (whole numbers and totals shown whole), each showing the number as stored", () => {
    const mana = new Set<string | undefined>();
    const columns = new Map<number, Set<string | undefined>>();
    const hidden: string[] = [];
    sheet.rows.forEach((row) => {
      row.forEach((c, i) => {
        if (c === null) return;
        if (c.style === "mana" || c.style === "totalMana") mana.add(numberFormatOf(c));
        // A whole count shows no decimals (21, not 21.0); the others of its column share one format.
        const isDecimal = c.style === "decimal" || c.style === "totalDecimal";
        if (isDecimal && !Number.isInteger(c.value)) columns.set(i, (columns.get(i) ?? new Set()).add(numberFormatOf(c)));
        if (isDecimal && Number.isInteger(c.value)) expect(numberFormatOf(c)).toBe("#,##0");
        const format = numberFormatOf(c);
        // 210, not 209.99999999999997: a total is the exact sum, and the format shows every decimal it has.
        if (typeof c.value === "number" && format !== undefined && format.startsWith("#,##0")) {
          const shown = (format.split(".")[1] ?? "").replace(/[^0]/g, "").length;
          if (decimalsOf(c.value, 15) > shown) hidden.push(`${c.value} as ${format}`);
        }
      });
    });
    expect(hidden).toEqual([]);
    expect(mana.size).toBeLessThanOrEqual(1);
    for (const formats of columns.values()) expect(formats.size).toBe(1);
  });
});

describe("the words of the sheets", () => {
  test("one vocabulary for an account: Before, Earned, Paid, Kept", () => {
    const sheets = plannedSheets(exampleTables());
    const words = (name: string) =>
      new Set(
        sheets
          .find((s) => s.name === name)
          ?.rows.flat()
          .map((c) => c?.value),
      );
    const mana = words(sheetNames(1).mana);
    for (const w of ["Before", "Earned", "Paid", "Kept"]) expect(mana.has(w)).toBe(true);
    const points = words(BOOK_SHEETS.points);
    for (const w of ["Paid", "Kept"]) expect(points.has(w)).toBe(true);
    const all = sheets.flatMap((s) => s.rows.flat().map((c) => String(c?.value ?? "")));
    expect(all.filter((t) => /Paid now|Collects now|Exactly\b/.test(t))).toEqual([]);
  });

  test("the Century-End Worksheet's worshippers add up exactly, in their column's format", () => {
    const sheet = plannedSheets(exampleTables()).find((s) => s.name === sheetNames(1).centuryEnd) as SheetPlan;
    const members = sheet.rows.filter((r) => r[0]?.style === "text" && r[1]?.style === "decimal");
    const total = sheet.rows.find((r) => r[0]?.value === "All worshippers");
    const exact = members.reduce((s, r) => s + Math.round(Number(r[1]?.value) * 1e6), 0) / 1e6;
    expect(total?.[1]?.value).toBe(exact);
    const decimal = members.find((r) => !Number.isInteger(r[1]?.value));
    const whole = Number.isInteger(total?.[1]?.value);
    expect(numberFormatOf(total?.[1] ?? null)).toBe(decimal === undefined || whole ? "#,##0" : numberFormatOf(decimal[1] ?? null));
  });

  test("the Century-End Worksheet: a god in no pantheon is named, not counted as 0; worship counts per god; a whole total has no decimals", () => {
    const tables = exampleTables();
    tables.Gods = [...(tables.Gods ?? []), ["Wisp", "spirit", ...Array<null>((tables.Gods?.[0]?.length ?? 2) - 2).fill(null)]];
    // Worshippers that add up to a whole number though two of them are not: 0.5 + 0.5.
    tables.Races = [tables.Races?.[0] ?? [], ["Sea Folk", 1, 0, 0, ...Array<null>((tables.Races?.[0]?.length ?? 4) - 4).fill(null)]];
    tables.Pantheon = [tables.Pantheon?.[0] ?? [], ["Sea Folk", "Solara", 0.5], ["Sea Folk", "Vorn", 0.5]];
    const sheet = plannedSheets(tables).find((s) => s.name === sheetNames(1).centuryEnd) as SheetPlan;
    const values = sheet.rows.map((r) => r.map((c) => c?.value ?? null));
    const firstColumn = values.map((r) => r[0]);
    expect(firstColumn).not.toContain("Wisp");
    expect(firstColumn).toContain("In no pantheon, so no worshippers: Mirelle, Kettu, Wisp.");
    const solara = sheet.rows.find((r) => r[0]?.value === "Solara" && r[1]?.style === "decimal");
    expect([solara?.[1]?.value, numberFormatOf(solara?.[1] ?? null)]).toEqual([0.5, "#,##0.0"]);
    const total = sheet.rows.find((r) => r[0]?.value === "All worshippers");
    expect([total?.[1]?.value, numberFormatOf(total?.[1] ?? null)]).toEqual([1, "#,##0"]);
    const worshipSources = values.filter((r) => r[1] === "worship");
    expect(worshipSources.length).toBeGreaterThan(0);
    for (const r of worshipSources) expect(r).toContain("per god");
  });

  test("the Century-End Worksheet's three tables share the columns without widening them for each other", () => {
    const sheet = plannedSheets(exampleTables()).find((s) => s.name === sheetNames(1).centuryEnd) as SheetPlan;
    // The notes and spheres take two columns merged, so no column is made wide for one table alone.
    expect(Math.max(...sheet.columnWidths)).toBeLessThanOrEqual(18);
    const merged = sheet.rows.flat().filter((c) => (c?.span ?? 1) > 1);
    expect(merged.length).toBeGreaterThan(0);
  });
});

describe("the pages a packet is printed on, fitted to the page's width", () => {
  test("a page per character, one for the Earth Summary and one for the Charts; the fitted copy differs in its scale alone", () => {
    // The packet's sheets come last.
    const sheets = laterSheets().slice(-3);
    expect(sheets.map((s) => [s.name, plannedPages(s)])).toEqual([
      ["Earth Summary", 1],
      ["Character Sheets", 5],
      ["Charts", 1],
    ]);
    const characters = sheets.find((s) => s.name === "Character Sheets");
    expect(characters?.print.scale).toBe(100);
    const fitted = characters === undefined ? undefined : fittedToWidth(characters);
    expect(fitted?.print).toEqual({ ...characters?.print, scale: undefined, pagesWide: 1 });
    expect(fitted?.print).not.toHaveProperty("scale");
    expect({ ...fitted, print: undefined }).toEqual({ ...characters, print: undefined });
    // A sheet fitted already is left as it is.
    const earth = sheets.find((s) => s.name === "Earth Summary");
    expect(earth === undefined ? undefined : fittedToWidth(earth)).toBe(earth);
  });

  test("rows past a page's foot go on to the next page, under the title rows again", () => {
    // A4 upright leaves 733.68 points: 48 rows of 15 on the first page (720), then the 2 title rows (30) and 46 rows (690) a page.
    const rows = Array.from({ length: 100 }, (_, i) => [{ value: `row ${i + 1}`, style: "text" as const }]);
    const sheet: SheetPlan = {
      name: "Long",
      columnWidths: [20],
      rows,
      print: { orientation: "portrait", pagesWide: 1, titleRows: 2, footer: { left: "", center: "Long", right: "" } },
    };
    expect(plannedPages(sheet)).toBe(3);
    expect(plannedPages({ ...sheet, rows: rows.slice(0, 48) })).toBe(1);
    expect(plannedPages({ ...sheet, rows: rows.slice(0, 49) })).toBe(2);
    expect(plannedPages({ ...sheet, rows: rows.slice(0, 94) })).toBe(2);
    expect(plannedPages({ ...sheet, rows: rows.slice(0, 95) })).toBe(3);
    // A manual break starts a page; a taller row (a 20-point name: 27.27 points) takes more of it, 27.27 + 47 × 15 = 732.27.
    expect(plannedPages({ ...sheet, rows: rows.slice(0, 10), pageBreaks: [5] })).toBe(2);
    const named = [[{ value: "Solara", style: "character" as const }], ...rows.slice(0, 47)];
    expect(plannedPages({ ...sheet, rows: named })).toBe(1);
    expect(plannedPages({ ...sheet, rows: [...named, rows[0] ?? []] })).toBe(2);
  });
});

describe("the Ledger prints like the generated sheets", () => {
  test("landscape, one page wide at 100%, its header row on every page", () => {
    const print = tablePrint({ name: LEDGER.name, headers: [], columnWidths: LEDGER_WIDTHS, columnFormats: [], style: "" });
    expect(print).toMatchObject({ orientation: "landscape", pagesWide: 1, titleRows: 1 });
    expect(printedWidth(LEDGER_WIDTHS)).toBeGreaterThan(PRINTABLE_WIDTH.portrait);
    expect(printedWidth(LEDGER_WIDTHS)).toBeLessThanOrEqual(PRINTABLE_WIDTH.landscape);
  });
});

describe("in a file", () => {
  test("each generated sheet and a new Ledger carry their page set-up, print titles and footer", async () => {
    const file = path.join(dir, "setup.xlsx");
    await writeXlsx(handWorked(), file);
    expect(await main(["century-end", file, "--century", "1"], quiet)).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    for (const name of [...Object.values(sheetNames(1)), BOOK_SHEETS.heaven, BOOK_SHEETS.earth, BOOK_SHEETS.points]) {
      const ws = wb.getWorksheet(name) as ExcelJS.Worksheet;
      expect([name, ws.pageSetup]).toEqual([
        name,
        expect.objectContaining({ orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 }),
      ]);
      expect(ws.pageSetup.printTitlesRow).toMatch(/^\$?1:\$?[2-9]$/);
      // The century's own sheets name it; the book's say which century is in play now: the next.
      expect(ws.headerFooter.oddFooter).toMatch(/^&LCentury (1|2 in play)&C.+&RPage &P of &N$/);
    }
    const ledger = wb.getWorksheet(LEDGER.name) as ExcelJS.Worksheet;
    expect(ledger.pageSetup).toMatchObject({ orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(ledger.pageSetup.printTitlesRow).toMatch(/^\$?1:\$?1$/);
    // Its header looks like the generated sheets' headers.
    expect(ledger.getCell("A1").font.bold).toBe(true);
    expect(ledger.getCell("A1").fill).toMatchObject({ fgColor: { argb: "FFDCE1F2" } });
    expect(ledger.getCell("B2").border.left?.style).toBe("thin");
    // Merged cells on the Century-End Worksheet.
    const centuryEnd = wb.getWorksheet(sheetNames(1).centuryEnd) as ExcelJS.Worksheet;
    expect((centuryEnd.model as unknown as { merges: string[] }).merges.length).toBeGreaterThan(0);
  });
});

describe("inside Excel", () => {
  test("the same page set-up, footer, print titles and merged cells as in files", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const plan = planCenturyEnd(rawWorkbook(handWorked()), 1).plan;
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    for (const sheet of (plan?.sheets ?? []).filter((s) => s.hidden !== true)) {
      const s = excel.book.sheet(sheet.name);
      expect([sheet.name, s?.print]).toEqual([
        sheet.name,
        {
          orientation: "Portrait",
          zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 },
          titleRows: `$1:$${sheet.print.titleRows}`,
          area: stringMatching(/^A1:[A-Z]\d+$/),
          footer: { left: footerCode(sheet.print.footer.left), center: sheet.print.footer.center, right: "Page &P of &N" },
        },
      ]);
      const merged = sheet.rows.flatMap((r, top) => r.flatMap((c, left) => ((c?.span ?? 1) > 1 ? [{ top, left, rows: 1, columns: c?.span }] : [])));
      const order = (a: { top: number; left: number }, b: { top: number; left: number }) => a.top - b.top || a.left - b.left;
      expect([...(s?.merged ?? [])].sort(order)).toEqual(merged.sort(order));
    }
    expect(excel.book.sheet(LEDGER.name)?.print).toMatchObject({ orientation: "Landscape", titleRows: "$1:$1", area: null });
  });
});

/** The same workbook on Letter paper: every page set-up's paper size made 1. */
function onLetter(file: string): string {
  const parts = unzipSync(new Uint8Array(fs.readFileSync(file)));
  for (const [name, bytes] of Object.entries(parts)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    parts[name] = new TextEncoder().encode(new TextDecoder().decode(bytes).replace(/paperSize="\d+"/g, 'paperSize="1"'));
  }
  const out = file.replace(/\.xlsx$/, "-letter.xlsx");
  fs.writeFileSync(out, zipSync(parts));
  return out;
}

describe("on paper, printed by LibreOffice", () => {
  beforeAll(() => {
    // Without Calibri or its metric twin, LibreOffice measures the columns in a wider font and shrinks every page.
    if (!/carlito|calibri/i.test(execFileSync("fc-list", { encoding: "utf8" }))) {
      throw new Error("These tests print with LibreOffice in Calibri's widths: install Debian's fonts-crosextra-carlito (npm run test:tools).");
    }
  });

  test("every page at 100% (11 pt text stays 11 pt), each generated sheet and the Ledger on a page of its own, on A4 and on Letter", async () => {
    const before = path.join(dir, "before.xlsx");
    const after = path.join(dir, "after.xlsx");
    await writeXlsx(exampleTables(), before);
    fs.copyFileSync(before, after);
    expect(await main(["century-end", after, "--century", "1"], quiet)).toBe(0);
    expect(await main(["event", after, "God obliterated"], quiet)).toBe(0);
    // The input sheets print as they did; the 8 generated sheets (the 6 of the century and the
    // book, Campaign History and Charts) and the Ledger add a page each.
    const inputs = printedPages(before).pages;
    for (const file of [after, onLetter(after)]) {
      const printed = printedPages(file);
      expect(printed.pages).toBe(inputs + 9);
      expect(printed.fontSizes).toHaveLength(printed.pages);
      for (const sizes of printed.fontSizes) expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10.9);
    }
  }, 120000);
});
