/**
 * The book grows at its end: a credit writes its own Ledger rows and the seal's new entries, the
 * century end the History's new rows, each part keeping the rows above as they were. What a
 * command writes so reads back exactly as what writing every row anew gives, and the part's
 * bytes before the new rows are the old part's own.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { planEvent } from "../../src/workbook/actions/event";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { readCampaign } from "../../src/workbook/read/campaign";
import { SEAL_SHEET, STORY_SHEETS } from "../../src/workbook/model/schema";
import type { RawWorkbook } from "../../src/workbook/model/raw";
import type { WorkbookPlan } from "../../src/workbook/plan/types";
import { openPackage, readPackage, savePackage, type Package } from "../../src/workbook/xlsx";
import { writePlan } from "../../src/workbook/xlsx/package/write";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-append-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The example played to the end of century 2, with events between. */
async function played(): Promise<Package> {
  const file = path.join(dir, `c${Math.random().toString(36).slice(2)}.xlsx`);
  for (const argv of [
    ["init", file, "--example"],
    ["century-end", file, "--century", "1"],
    ["event", file, "God obliterated"],
    ["century-end", file, "--century", "2", "--accept-warnings"],
  ])
    expect((await gods(...argv)).code).toBe(0);
  return openPackage(fs.readFileSync(file), file);
}

const text = (parts: ReadonlyMap<string, Uint8Array>, part: string) => new TextDecoder().decode(parts.get(part));

/** The part of each sheet, by sheet name. */
function sheetParts(pkg: Package): Map<string, string> {
  const workbook = text(pkg.parts, "xl/workbook.xml");
  const rels = text(pkg.parts, "xl/_rels/workbook.xml.rels");
  const out = new Map<string, string>();
  for (const m of workbook.matchAll(/<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"/g)) {
    const target = new RegExp(`Id="${m[2] ?? ""}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${m[2] ?? ""}"`).exec(rels);
    const to = target?.[1] ?? target?.[2] ?? "";
    out.set(m[1] ?? "", to.startsWith("/") ? to.slice(1) : `xl/${to}`);
  }
  return out;
}

/** What the plan writes, and what writing every generated sheet anew would, both read back. */
function both(pkg: Package, plan: (raw: RawWorkbook) => WorkbookPlan | undefined): { appended: Package; whole: Package; raw: RawWorkbook } {
  const raw = readPackage(pkg);
  const p = plan(raw);
  if (p === undefined) throw new Error("no plan");
  const reopen = (parts: Map<string, Uint8Array>) => openPackage(savePackage(parts, pkg), "after.xlsx");
  const appended = reopen(writePlan(pkg, raw, p));
  // Without the cells as read, the writer writes each sheet whole.
  const whole = reopen(writePlan(pkg, { ...raw, generatedCells: new Map() }, p));
  return { appended, whole, raw };
}

describe("the book's sheets grow at their end", () => {
  test.each([
    ["an event", (raw: RawWorkbook) => planEvent(readCampaign(raw), "Race destroyed").plan],
    ["a century end", (raw: RawWorkbook) => planCenturyEnd(raw, 3).plan],
  ])("%s: the seal and the History read back as written whole; their earlier rows are the old part's bytes", async (_what, plan) => {
    const pkg = await played();
    const { appended, whole } = both(pkg, plan);
    const a = readPackage(appended);
    const w = readPackage(whole);
    for (const sheet of [SEAL_SHEET, STORY_SHEETS.history]) expect([sheet, a.generatedCells?.get(sheet)]).toEqual([sheet, w.generatedCells?.get(sheet)]);
    expect(readCampaign(a).problems.filter((p) => p.severity === "error")).toEqual([]);
    // The seal's part keeps the old part's rows byte for byte, up to its first new row.
    const part = sheetParts(pkg).get(SEAL_SHEET) as string;
    const before = text(pkg.parts, part);
    const after = text(appended.parts, part);
    const lastOld = before.lastIndexOf("</row>") + "</row>".length;
    const firstOld = before.indexOf("<sheetData>") + "<sheetData>".length;
    expect(after.includes(before.slice(firstOld, lastOld - 200))).toBe(true);
  });
});
