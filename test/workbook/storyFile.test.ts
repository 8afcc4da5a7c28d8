/**
 * The Charts sheet in a file: real chart parts of the package (a drawing hanging off the sheet,
 * one chart part per chart, their content types), which openpyxl reads and LibreOffice draws, and
 * which a later century end replaces without leaving the old ones behind.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { STORY_SHEETS } from "../../src/workbook/model/schema";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { bookCampaign } from "../support/book";
import { writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { PYTHON } from "../support/python";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-story-"));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The package's parts as text, by name. */
function partsOf(file: string): Map<string, string> {
  const pkg = openPackage(fs.readFileSync(file), file);
  return new Map([...pkg.parts].map(([name, bytes]) => [name, Buffer.from(bytes).toString("utf8")]));
}

/** The part a relationship of `source` of type `type` leads to (relative targets resolved). */
function targets(parts: Map<string, string>, source: string, type: string): string[] {
  const folder = source.slice(0, source.lastIndexOf("/") + 1);
  const rels = parts.get(`${folder}_rels/${source.slice(folder.length)}.rels`) ?? "";
  return [...rels.matchAll(/<Relationship [^>]*>/g)]
    .map((m) => m[0])
    .filter((r) => r.includes(`relationships/${type}"`))
    .map((r) => path.posix.normalize(folder + (/Target="([^"]+)"/.exec(r)?.[1] ?? "")));
}

/** The sheet part of a sheet, by its name in xl/workbook.xml. */
function sheetPart(parts: Map<string, string>, name: string): string {
  const id = new RegExp(`<sheet [^>]*name="${name}"[^>]*r:id="([^"]+)"`).exec(parts.get("xl/workbook.xml") ?? "")?.[1];
  const rel = new RegExp(`<Relationship [^>]*Id="${id ?? ""}"[^>]*/>`).exec(parts.get("xl/_rels/workbook.xml.rels") ?? "")?.[0] ?? "";
  return path.posix.normalize(`xl/${/Target="([^"]+)"/.exec(rel)?.[1] ?? ""}`);
}

describe("charts in a file", () => {
  const file = path.join(dir, "campaign.xlsx");
  beforeAll(async () => {
    await writeXlsx(bookCampaign(), file);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    expect((await gods("century-end", file, "--century", "2", "--accept-warnings")).code).toBe(0);
  });

  test("the Charts sheet holds a drawing of two chart parts, typed and referenced, over its own cells", () => {
    const parts = partsOf(file);
    const sheet = sheetPart(parts, STORY_SHEETS.charts);
    expect(parts.get(sheet)).toMatch(/<drawing r:id="rId\d+"\/><\/worksheet>$/);
    const [drawing, ...more] = targets(parts, sheet, "drawing");
    expect(more).toEqual([]);
    const charts = targets(parts, drawing ?? "", "chart");
    expect(charts).toHaveLength(2);
    const types = parts.get("[Content_Types].xml") ?? "";
    expect(types).toContain(`<Override PartName="/${drawing ?? ""}" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`);
    for (const c of charts)
      expect(types).toContain(`<Override PartName="/${c}" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`);
    const [mana, strength] = charts.map((c) => parts.get(c) ?? "");
    expect(mana).toContain("<a:t>Net mana per century, earned less lost</a:t>");
    expect(mana).toContain("<c:f>Charts!$B$");
    expect(strength).toContain("<a:t>Strength of each race per century</a:t>");
    // Three recipients and three races: a line each.
    expect(mana?.match(/<c:ser>/g)).toHaveLength(3);
    expect(strength?.match(/<c:ser>/g)).toHaveLength(3);
  });

  test("a later century end replaces the charts: no part of the old ones is left", () => {
    const parts = partsOf(file);
    // Two century ends have written the charts twice: only the second set is in the package.
    expect([...parts.keys()].filter((p) => /^xl\/(charts|drawings)\//.test(p)).sort()).toEqual(
      [
        ...targets(parts, sheetPart(parts, STORY_SHEETS.charts), "drawing"),
        ...targets(parts, targets(parts, sheetPart(parts, STORY_SHEETS.charts), "drawing")[0] ?? "", "chart"),
        `xl/drawings/_rels/${path.posix.basename(targets(parts, sheetPart(parts, STORY_SHEETS.charts), "drawing")[0] ?? "")}.rels`,
      ].sort(),
    );
  });

  test("openpyxl reads both charts and the sheet's print area, which leaves out the numbers under them", () => {
    const out = execFileSync(
      PYTHON,
      ["-c", `import openpyxl,sys\nws=openpyxl.load_workbook(sys.argv[1])["${STORY_SHEETS.charts}"]\nprint(len(ws._charts), ws.print_area)`, file],
      { encoding: "utf8" },
    );
    expect(out.trim()).toBe("2 ['$A$1:$H$41']");
  });

  test("LibreOffice draws them: the printed page shows both charts' titles and their lines' names", () => {
    const out = path.join(dir, "pdf");
    execFileSync("soffice", [`-env:UserInstallation=file://${path.join(dir, "lo-profile")}`, "--headless", "--convert-to", "pdf", "--outdir", out, file], {
      stdio: "pipe",
      timeout: 180_000,
    });
    const text = execFileSync("pdftotext", ["-layout", path.join(out, "campaign.pdf"), "-"], { encoding: "utf8" });
    const page = text.split("\f").find((p) => p.includes("Century by century up to century")) ?? "";
    for (const words of ["Net mana per century, earned less lost", "Strength of each race per century", "Hestia", "Achaeans", "C1", "C2"])
      expect(page).toContain(words);
  }, 240_000);
});
