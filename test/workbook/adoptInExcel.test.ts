/**
 * Bringing in a campaign kept by hand from the task pane, against the in-memory Excel: the
 * gamemaster's sheets read as the file adapter reads them, the same proposal the command line
 * makes, and, written, a campaign whose next century pays what `gods adopt` then
 * `gods century-end` pay on the same workbook.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { readHandSheets, readPackage } from "../../src/workbook/xlsx";
import { proposeAdoption } from "../../src/workbook";
import { bringInRecords, mergedAreas, proposalKey, readHandSheetsIn, type AdoptionInExcel } from "../../src/workbook/office/adopt";
import { endCentury, isSettled, type Settled } from "../../src/workbook/office/actions";
import { readWorkbook } from "../../src/workbook/office/read";
import { readCampaign } from "../../src/workbook/read/campaign";
import { counted, MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { gods } from "../support/cli";
import { cleanRun, faultsOf, trial, type ActionCase, type Trial } from "../support/faults";

const fixture = path.resolve(__dirname, "..", "fixtures", "hand-kept.xlsx");
const bytes = () => new Uint8Array(fs.readFileSync(fixture));

/** The hand-kept workbook as Excel holds it once opened: each sheet's values (a formula's as saved) and merged areas. */
function handKeptInExcel(): MemoryExcel {
  const book = new MemoryWorkbook();
  for (const s of readHandSheets(openPackage(bytes(), fixture))) {
    book.put(
      s.name,
      s.rows.map((r) => r.map((v) => (v !== null && typeof v === "object" ? v.error : v))),
    );
    for (const m of s.merges) book.sheet(s.name)?.merged.push({ top: m.top - 1, left: m.left - 1, rows: m.bottom - m.top + 1, columns: m.right - m.left + 1 });
  }
  return new MemoryExcel(book);
}

function inExcel(outcome: AdoptionInExcel | Settled): AdoptionInExcel {
  if (isSettled(outcome)) throw new Error(`settled: ${outcome.message}`);
  return outcome;
}

describe("the gamemaster's sheets read inside Excel", () => {
  test("each sheet's cells and merged areas are what the file adapter reads, in one round trip", async () => {
    const excel = handKeptInExcel();
    const fromFile = readHandSheets(openPackage(bytes(), fixture));
    const names = fromFile.map((s) => s.name);
    const { result, syncs } = await counted(excel, () => excel.run((context) => readHandSheetsIn(context, names)));
    expect(syncs).toBe(1);
    expect(result).toEqual(fromFile);
    // The titles merged across the headers are there: they are how a title row is told from headers.
    expect(result.find((s) => s.name === "Gods")?.merges).toEqual([{ top: 1, left: 1, bottom: 1, right: 7 }]);
  });

  test("a RangeAreas address is read area by area, whatever the sheet's name holds", () => {
    expect(mergedAreas("'Deaths, C1'!A1:E1, 'Deaths, C1'!$A$9:$C$9, Gods!B3")).toEqual([
      { top: 1, left: 1, bottom: 1, right: 5 },
      { top: 9, left: 1, bottom: 9, right: 3 },
      { top: 3, left: 2, bottom: 3, right: 2 },
    ]);
  });
});

describe("Bring in my records", () => {
  test("the proposal is the command line's, and nothing is written before the gamemaster says yes", async () => {
    const excel = handKeptInExcel();
    const before = excel.book.sheets.map((s) => [s.name, excel.book.values(s.name)]);
    const shown = inExcel(await bringInRecords(excel.run, { century: 2 }, { dryRun: true }));
    const pkg = openPackage(bytes(), fixture);
    const cli = proposeAdoption(readPackage(pkg), readHandSheets(pkg), { century: 2 });
    expect(proposalKey(shown.adoption)).toBe(proposalKey(cli));
    expect(shown.written).toBe(false);
    expect(shown.errors).toEqual([]);
    expect(shown.adoption.opening.map((o) => [o.god, o.carry])).toEqual([
      ["Solara", "0.3"],
      ["Vorn", "0.79"],
      ["Kettu", "0.65"],
      ["Demons", "0.5"],
    ]);
    expect(excel.book.sheets.map((s) => [s.name, excel.book.values(s.name)])).toEqual(before);
    expect(excel.book.settings.size).toBe(0);
  });

  test("written, century 3 pays what gods adopt then gods century-end pay on the same workbook", async () => {
    const excel = handKeptInExcel();
    const theirs = excel.book.sheets.map((s) => [s.name, excel.book.values(s.name)]);
    const shown = inExcel(await bringInRecords(excel.run, { century: 2 }, { dryRun: true }));
    const done = inExcel(await bringInRecords(excel.run, { century: 2 }, { expected: proposalKey(shown.adoption) }));
    expect(done.errors).toEqual([]);
    expect(done.written).toBe(true);
    expect(done.message).toContain("The next century end is 3.");
    expect(done.status.nextCentury).toBe(3);
    // The gamemaster's sheets are as they were.
    for (const [name, values] of theirs) expect(excel.book.values(name as string)).toEqual(values);
    const raw = await excel.run((context) => readWorkbook(context));
    expect(raw.journal?.open ?? []).toEqual([]);
    const ledger = readCampaign(raw).campaign.ledger;
    expect(ledger.map((r) => [r.kind, r.century, r.god])).toEqual([
      ["opening", 2, "Solara"],
      ["opening", 2, "Vorn"],
      ["opening", 2, "Kettu"],
      ["opening", 2, "Demons"],
    ]);

    const paid = await endCentury(excel.run, 3);
    if (isSettled(paid)) throw new Error(paid.message);
    expect(paid.problems.filter((p) => p.severity === "error")).toEqual([]);
    const pane = paid.payments.map((p) => ({ god: p.god, paid: p.paid, carry: p.carry }));

    // The command line on the same workbook, saved as a file.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-pane-"));
    try {
      const file = path.join(dir, "vyr.xlsx");
      fs.copyFileSync(fixture, file);
      expect((await gods("adopt", file, "--century", "2")).code).toBe(0);
      const r = await gods("century-end", file, "--century", "3", "--json");
      expect(r.code).toBe(0);
      const cli = (JSON.parse(r.out) as { recipients: { god: string; paid: number; carry: number }[] }).recipients.map(({ god, paid, carry }) => ({
        god,
        paid,
        carry,
      }));
      expect(pane).toEqual(cli);
      // The hand computation of the worked example (test/support/handKept.ts).
      expect(pane).toEqual([
        { god: "Solara", paid: 1, carry: 0.86 },
        { god: "Vorn", paid: 11, carry: 0.97 },
        { god: "Kettu", paid: 4, carry: 0.21 },
        { god: "Demons", paid: 2, carry: 0.54 },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("sheets changed after the proposal was shown: nothing is written", async () => {
    const excel = handKeptInExcel();
    const shown = inExcel(await bringInRecords(excel.run, { century: 2 }, { dryRun: true }));
    excel.book.put("Gods", [["Ymir", "lesser", 0, 1, 0, 0]], { top: 7 });
    const before = excel.book.sheets.map((s) => s.name);
    const done = inExcel(await bringInRecords(excel.run, { century: 2 }, { expected: proposalKey(shown.adoption) }));
    expect(done.written).toBe(false);
    expect(done.errors.map((p) => p.message).join("\n")).toContain("your sheets changed since the proposal was shown");
    expect(excel.book.sheets.map((s) => s.name)).toEqual(before);
  });
});

describe("Bring in my records, faced with every fault at every request", () => {
  test("through Microsoft's Excel library: each request refused, its answer lost, or cut part-way (but in the commit), then the same button again", async () => {
    const base = handKeptInExcel().book;
    const action: ActionCase = {
      name: "adopt",
      base: () => base.clone(),
      click: (run, operation) => bringInRecords(run, { century: 2 }, { operation }),
    };
    const clean = await cleanRun(action);
    const trials: Trial[] = [];
    for (const fault of faultsOf(clean)) trials.push(await trial(action, clean, fault, "same"));
    // Not yet: a request cut inside the commit (the tables and the Ledger in one request) is left
    // part-way, as its record does not say what was asked, so the Ledger part cannot be checked and finished.
    const commit = clean.requests;
    const tried = trials.filter((t) => !(t.fault === "cut" && t.request === commit));
    const bad = tried.filter((t) => t.verdict !== "clean");
    expect(tried.length).toBe(faultsOf(clean).length - 11);
    expect(bad.map((t) => `request ${t.request} ${t.fault}${t.cut === undefined ? "" : ` (${t.cut})`}: ${t.verdict}, ${t.detail}`)).toEqual([]);
  }, 600_000);
});
