/**
 * Opens a workbook in LibreOffice Calc (headless): recalculates every formula and reads each sheet
 * back as CSV, or prints it to PDF.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { inflateSync } from "zlib";

const PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Every sheet's cells after LibreOffice recalculated the workbook, by sheet name. */
export function recalculatedSheets(file: string): Map<string, string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-lo-"));
  try {
    // A profile of our own that tells Calc to recalculate .xlsx files on load.
    fs.mkdirSync(path.join(dir, "profile", "user"), { recursive: true });
    fs.writeFileSync(path.join(dir, "profile", "user", "registrymodifications.xcu"), PROFILE);
    fs.copyFileSync(file, path.join(dir, "book.xlsx"));
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${path.join(dir, "profile")}`,
        "--headless",
        "--convert-to",
        // comma-separated, UTF-8, every sheet to its own file
        "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
        "--outdir",
        dir,
        path.join(dir, "book.xlsx"),
      ],
      { stdio: "pipe", timeout: 120000 },
    );
    const sheets = new Map<string, string[][]>();
    for (const f of fs.readdirSync(dir)) {
      const m = /^book-(.*)\.csv$/.exec(f);
      if (m) sheets.set(m[1] as string, parseCsv(fs.readFileSync(path.join(dir, f), "utf8")));
    }
    return sheets;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The workbook as LibreOffice prints it (every sheet, each with its own page set-up): for each
 * page, the sizes in points at which its text is drawn. Calc scales a sheet that is fitted to
 * the page by scaling its fonts, so 11 pt text printed at 61% is drawn at 6.7 pt.
 */
export function printedPages(file: string): { pages: number; fontSizes: number[][] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-pdf-"));
  try {
    fs.mkdirSync(path.join(dir, "profile", "user"), { recursive: true });
    fs.writeFileSync(path.join(dir, "profile", "user", "registrymodifications.xcu"), PROFILE);
    fs.copyFileSync(file, path.join(dir, "book.xlsx"));
    execFileSync(
      "soffice",
      [`-env:UserInstallation=file://${path.join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, path.join(dir, "book.xlsx")],
      {
        stdio: "pipe",
        timeout: 120000,
      },
    );
    const pdf = fs.readFileSync(path.join(dir, "book.pdf"));
    const text = pdf.toString("latin1");
    const pages = (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
    // Each page's drawing is one compressed content stream; font programs hold no "Tf" operator.
    const fontSizes: number[][] = [];
    for (const m of text.matchAll(/stream\r?\n/g)) {
      const start = m.index + m[0].length;
      const end = text.indexOf("endstream", start);
      let content: string;
      try {
        content = inflateSync(pdf.subarray(start, end)).toString("latin1");
      } catch {
        continue;
      }
      const sizes = [...content.matchAll(/\/F\d+ ([\d.]+) Tf/g)].map((f) => Number(f[1]));
      if (sizes.length > 0) fontSizes.push(sizes);
    }
    return { pages, fontSizes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else if (ch !== "\r") field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export const ERROR_CELL = /^(#(VALUE!|NAME\?|REF!|DIV\/0!|N\/A|NUM!|NULL!)|Err:\d+)$/;

/** The workbook opened in LibreOffice Calc and saved again as .xlsx, as a gamemaster's Save would. */
export function resavedByLibreOffice(file: string, out: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-lo-"));
  try {
    fs.copyFileSync(file, path.join(dir, "book.xlsx"));
    fs.mkdirSync(path.join(dir, "out"));
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${path.join(dir, "profile")}`,
        "--headless",
        "--convert-to",
        "xlsx:Calc MS Excel 2007 XML",
        "--outdir",
        path.join(dir, "out"),
        path.join(dir, "book.xlsx"),
      ],
      { stdio: "pipe", timeout: 120000 },
    );
    fs.copyFileSync(path.join(dir, "out", "book.xlsx"), out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
