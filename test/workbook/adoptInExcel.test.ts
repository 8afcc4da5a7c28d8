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
import { endCentury, isSettled, undoLatestCredit, type Settled } from "../../src/workbook/office/actions";
import { readStatus } from "../../src/workbook/office/tools";
import { isUnopened } from "../../src/workbook";
import { readWorkbook } from "../../src/workbook/office/read";
import { readCampaign } from "../../src/workbook/read/campaign";
import { counted, MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { gods } from "../support/cli";
import { RealExcel } from "../support/realExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";

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
    // The answer names what was written: each account's carry, exactly, and the tables with their rows.
    expect(done.opened).toBe("Solara carries 0.3, Vorn carries 0.79, Kettu carries 0.65, Demons carries 0.5");
    expect(done.message).toBe(
      "Brought in Gods 3, Cards 6, Sources 6, Races 3, Pantheon 8, Deaths 6. Your sheets were not changed. The Ledger opens at century 2: Solara carries 0.3, Vorn carries 0.79, Kettu carries 0.65, Demons carries 0.5. The next century end is 3.",
    );
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

  test("the answer says a debt as owed, and an account that carried nothing as opening at 0", async () => {
    const excel = handKeptInExcel();
    const done = inExcel(
      await bringInRecords(excel.run, {
        century: 2,
        carry: [
          ["kettu", "-2.5"],
          ["Solara", "0"],
        ],
      }),
    );
    expect(done.errors).toEqual([]);
    expect(done.opened).toBe("Vorn carries 0.79, Kettu owes 2.5, Demons carries 0.5; the other opens at 0");
    expect(done.message).toContain("The Ledger opens at century 2: Vorn carries 0.79, Kettu owes 2.5, Demons carries 0.5; the other opens at 0.");
    const ledger = readCampaign(await excel.run((context) => readWorkbook(context))).campaign.ledger;
    // An account at 0 has no row of the credit: it opens with nothing.
    expect(ledger.map((r) => [r.god, r.earned])).toEqual([
      ["Vorn", 0.79],
      ["Kettu", -2.5],
      ["Demons", 0.5],
    ]);
  });

  test("brought in again: nothing new, and no opening said, as the Ledger holds it already", async () => {
    const excel = handKeptInExcel();
    inExcel(await bringInRecords(excel.run, { century: 2 }));
    const again = inExcel(await bringInRecords(excel.run, { century: 2 }, { dryRun: true }));
    expect(again.adoption.nothingNew).toBe(true);
    expect(again.opened).toBeUndefined();
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

describe("Bring in my records, stopped within its commit", () => {
  /** The bringing in through Microsoft's client library, its last request (the commit) cut after `actions` of its operations. */
  async function cutAt(actions: number): Promise<MemoryWorkbook> {
    const excel = new RealExcel(handKeptInExcel().book);
    const from = excel.sent;
    excel.fault = { at: from + COMMIT_REQUEST, kind: "cut", actions };
    await expect(bringInRecords(excel.run, { century: 2 }, { operation: "bring-in" })).rejects.toThrow(/while it was being recorded/);
    expect([...excel.book.settings.keys()].some((k) => k.startsWith("gods.commit."))).toBe(true);
    return excel.book;
  }

  /** The campaign's tables as a workbook holds them: rows by table. */
  const tablesOf = (raw: { tables: ReadonlyMap<string, { rows: readonly (readonly unknown[])[] }> }) =>
    ["gods", "cards", "sources", "races", "pantheon", "deaths", "counts", "ledger"].map((t) => [
      t,
      // A blank cell reads as "" inside Excel and as nothing from a file.
      raw.tables.get(t)?.rows.map((r) => r.map((c) => (c === "" ? null : c))) ?? null,
    ]);

  let once: ReturnType<typeof tablesOf>;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-cut-"));
    const excel = handKeptInExcel();
    inExcel(await bringInRecords(excel.run, { century: 2 }));
    once = tablesOf(await excel.run((context) => readWorkbook(context)));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The commit is the sixth request: the workbook's two reads, the sheets', the journal's read, the claim, then the write.
  const COMMIT_REQUEST = 6;

  test.each([300, 500, 700])("cut after %i operations, the record says what was asked and the pane's reader finds it whole", async (actions) => {
    const book = await cutAt(actions);
    const [, value] = [...book.settings].find(([k]) => k.startsWith("gods.op.")) ?? ["", "{}"];
    const record = JSON.parse(value) as { asked?: unknown };
    expect(record.asked).toEqual({
      kind: "adopt",
      century: 2,
      opening: [
        ["Solara", "0.3"],
        ["Vorn", "0.79"],
        ["Kettu", "0.65"],
        ["Demons", "0.5"],
      ],
    });
    const raw = await new MemoryExcel(book).run((context) => readWorkbook(context));
    expect(raw.journal?.damaged ?? []).toEqual([]);
    expect(raw.journal?.open.map((o) => o.words)).toEqual(["bringing in your records (the Ledger opening at century 2)"]);
    // Finished later, it says what it wrote: each account's carry, whether the Ledger was written before the cut or not.
    expect(raw.journal?.open.map((o) => o.done)).toEqual([
      "your records brought in; the Ledger opens at century 2: Solara carries 0.3, Vorn carries 0.79, Kettu carries 0.65, Demons carries 0.5",
    ]);
  });

  test.each([300, 700])(
    "cut after %i operations, saved, then gods recover writes exactly the rest",
    async (actions) => {
      const file = path.join(dir, `cut-${actions}.xlsx`);
      await saveMemoryWorkbook(await cutAt(actions), file);
      // Where the Ledger is still to be written, the carries it credits are shown first, exactly, and wait for a yes.
      const asked = await gods("recover", file);
      if (actions === 300) {
        expect(asked.code).toBe(3);
        expect(asked.err).toContain("Solara is credited 0.3 mana, Vorn is credited 0.79 mana, Kettu is credited 0.65 mana, Demons is credited 0.5 mana");
      }
      const done = asked.code === 3 ? await gods("recover", file, "--accept-warnings") : asked;
      expect([done.code, done.err]).toEqual([0, ""]);
      expect(done.out).toMatch(
        /^Bringing in your records \(the Ledger opening at century 2\) stopped inside Excel while it was being recorded: it is finished/,
      );
      const raw = readPackage(openPackage(fs.readFileSync(file), file));
      expect(raw.journal?.open ?? []).toEqual([]);
      expect(tablesOf(raw)).toEqual(once);
      // Century 3 then pays what the worked example pays.
      const paid = await gods("century-end", file, "--century", "3", "--json");
      expect(paid.code).toBe(0);
      const recipients = (JSON.parse(paid.out) as { recipients: { god: string; paid: number }[] }).recipients;
      expect(recipients.map((r) => [r.god, r.paid])).toEqual([
        ["Solara", 1],
        ["Vorn", 11],
        ["Kettu", 4],
        ["Demons", 2],
      ]);
    },
    120_000,
  );

  test("a record whose carries are not what its Ledger rows hold is named damaged and opens nothing", async () => {
    const book = await cutAt(300);
    const [key, value] = [...book.settings].find(([k]) => k.startsWith("gods.op.")) ?? ["", "{}"];
    const record = JSON.parse(value) as { asked: { opening: [string, string][] } };
    record.asked.opening = record.asked.opening.map(([god, carry]) => [god, god === "Vorn" ? "0.99" : carry]);
    book.settings.set(key, JSON.stringify(record));
    const raw = await new MemoryExcel(book).run((context) => readWorkbook(context));
    expect(raw.journal?.open).toEqual([]);
    expect(raw.journal?.damaged?.map((d) => d.why)).toEqual([
      "what it would write to the Ledger is not what bringing in your records (the Ledger opening at century 2) writes when planned again",
    ]);
  });
});

describe("the opening taken back", () => {
  test("nothing is paid until the records are brought in again, which opens the Ledger anew", async () => {
    const excel = handKeptInExcel();
    inExcel(await bringInRecords(excel.run, { century: 2 }));
    const status = await readStatus(excel.run);
    expect(status.credits[0]?.label).toBe("the balances brought in at century 2");
    expect(status.credits[0]?.undoable).toBe(true);
    const undone = await undoLatestCredit(excel.run, {}, status.credits[0]?.label, status.head);
    if (isSettled(undone)) throw new Error(undone.message);
    expect(undone.problems.filter((p) => p.severity === "error")).toEqual([]);
    // The tables brought in stay; the Ledger no longer opens: an error names it, and the century end is refused.
    const after = await readStatus(excel.run);
    expect(after.problems.filter(isUnopened).map((p) => p.severity)).toEqual(["error"]);
    const refused = await endCentury(excel.run, 1);
    if (isSettled(refused)) throw new Error(refused.message);
    expect(refused.written).toBe(false);
    // Brought in again, with Vorn's carry put right: no row twice, the Ledger opens with the new carry.
    const again = inExcel(await bringInRecords(excel.run, { century: 2, carry: [["Vorn", "0.8"]] }));
    expect(again.written).toBe(true);
    expect(again.adoption.tables.every((t) => t.rows === 0)).toBe(true);
    const raw = await excel.run((context) => readWorkbook(context));
    const ledger = readCampaign(raw).campaign.ledger;
    expect(ledger.map((r) => [r.kind, r.god, r.earned])).toEqual([
      ["opening", "Solara", 0.3],
      ["opening", "Vorn", 0.8],
      ["opening", "Kettu", 0.65],
      ["opening", "Demons", 0.5],
    ]);
    expect((await readStatus(excel.run)).problems.filter(isUnopened)).toEqual([]);
  });

  test("the same on a file: gods undo, then every payment refused until gods adopt opens the Ledger again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-undo-"));
    try {
      const file = path.join(dir, "vyr.xlsx");
      fs.copyFileSync(fixture, file);
      expect((await gods("adopt", file, "--century", "2")).code).toBe(0);
      expect((await gods("undo", file)).code).toBe(0);
      expect(
        readPackage(openPackage(fs.readFileSync(file), file))
          .tables.get("ledger")
          ?.rows.filter((r) => r.some((c) => c !== null)) ?? [],
      ).toEqual([]);
      const refused = await gods("century-end", file, "--century", "1");
      expect(refused.code).toBe(2);
      expect(refused.err).toContain("the Ledger does not open with their balances");
      const again = await gods("adopt", file, "--century", "2");
      expect([again.code, again.err]).toEqual([0, ""]);
      const r = await gods("century-end", file, "--century", "3", "--json");
      expect(r.code).toBe(0);
      const paid = (JSON.parse(r.out) as { recipients: { god: string; paid: number }[] }).recipients.map((p) => [p.god, p.paid]);
      expect(paid).toEqual([
        ["Solara", 1],
        ["Vorn", 11],
        ["Kettu", 4],
        ["Demons", 2],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("a campaign brought in whose Ledger is deleted later", () => {
  test("is named as gone, with ways on that cannot pay again; nothing advises bringing in again or an earlier century", async () => {
    const excel = handKeptInExcel();
    inExcel(await bringInRecords(excel.run, { century: 2 }));
    const paid = await endCentury(excel.run, 3);
    if (isSettled(paid)) throw new Error(paid.message);
    expect(paid.written).toBe(true);
    const book = excel.book;
    for (const name of ["Ledger", "Ledger Seal", "C3 Mana"]) {
      const at = book.sheets.findIndex((s) => s.name === name);
      expect(at).toBeGreaterThanOrEqual(0);
      book.sheets.splice(at, 1);
    }
    book.tables.splice(
      book.tables.findIndex((t) => t.name === "Ledger"),
      1,
    );
    const gone = /the Ledger and its seal are gone or empty, yet the workbook's book says it held 8 rows, its latest credit the end of century 3/;
    const misleading = /Bring your records in again|End century \d+ first/;

    // The pane's reader.
    const said = (await readStatus(new MemoryExcel(book).run)).problems.map((p) => p.message).join("\n");
    expect(said).toMatch(gone);
    expect(said).not.toMatch(misleading);

    // The command line on the same workbook, saved: nothing pays, nothing brings in again, the file is untouched.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-gone-"));
    try {
      const file = path.join(dir, "gone.xlsx");
      await saveMemoryWorkbook(book, file);
      const before = fs.readFileSync(file);
      for (const args of [
        ["century-end", file, "--century", "3", "--accept-warnings"],
        ["century-end", file, "--century", "1", "--accept-warnings"],
        ["adopt", file, "--century", "2", "--accept-warnings"],
      ]) {
        const r = await gods(...args);
        expect([args[0], r.code]).toEqual([args[0], 2]);
        expect(r.err).toMatch(gone);
        expect(r.err).not.toMatch(misleading);
      }
      expect(fs.readFileSync(file).equals(before)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
