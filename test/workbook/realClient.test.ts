/**
 * The add-in's Office.js code through Microsoft's own Excel JavaScript library (RealExcel): every
 * read and write goes over Office.js's real request protocol to the in-memory workbook. The same
 * actions through the in-memory stand-in alone (MemoryExcel) must leave the very same workbook and
 * give the same results in as many round trips; the library's own errors, and the workbook's,
 * surface as they do in Excel. Request sizes are printed, measured on the text Office.js sends.
 */
import { creditEraEnd, creditEvent, endCentury, undoLatestCredit, type ExcelRun } from "../../src/workbook/office/actions";
import { createMissingTables, readStatus, recordDeaths, selectCell } from "../../src/workbook/office/tools";
import { writePacket } from "../../src/workbook/office/between";
import { applyCult, checkPantheonChange, obliterateGod, setTurmoil } from "../../src/workbook/office/referee";
import { sheetNames } from "../../src/workbook/model/schema";
import type { ContextApi } from "../../src/workbook/office/api";
import { WINDOW_BYTES } from "../../src/workbook/office/read";
import { MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { officeJs, RealExcel } from "../support/realExcel";
import { edit, exampleTables, handWorked, huge, memoryWorkbook, sized, HEARTHS_ACCEPTED } from "../support/campaigns";
import { stringContaining, stringMatching } from "../support/matchers";

/** Everything in a workbook, for comparing two: cells with formulas, formats and styles, widths, print set-up, merged cells, tables, settings. */
function contents(book: MemoryWorkbook) {
  return {
    sheets: book.sheets.map((s) => ({
      name: s.name,
      cells: [...s.cells.entries()]
        .filter(([, c]) => c.value !== null || c.formula !== undefined || c.numberFormat !== undefined || Object.keys(c.style).length > 0)
        .sort(),
      widths: [...s.columnWidths.entries()].sort(),
      frozenRows: s.frozenRows,
      showGridlines: s.showGridlines,
      print: s.print,
      pageBreaks: s.pageBreaks,
      merged: s.merged,
      charts: s.charts,
    })),
    tables: book.tables.map((t) => ({ name: t.name, sheet: t.sheet.name, top: t.top, left: t.left, columns: t.columns, bodyRows: t.bodyRows, style: t.style })),
    // The paid log's times are each run's own clock, and each click's operation id its own.
    settings: [...book.settings.entries()].map(([k, v]) => [k, v.replace(/"at":\d+/g, '"at":0').replace(/"id":"[^"]*"/g, '"id":0')]),
    activeSheet: book.activeSheet,
    selected: book.selected,
  };
}

/**
 * Runs an action through the real client and through the stand-in alone, each on its own copy of
 * the workbook, and checks they agree: result, workbook, round trips.
 */
async function same<T>(book: () => MemoryWorkbook, action: (run: ExcelRun) => Promise<T>): Promise<{ result: T; real: RealExcel; memory: MemoryExcel }> {
  const real = new RealExcel(book());
  const memory = new MemoryExcel(book());
  const result = await action(real.run);
  expect(result).toEqual(await action(memory.run));
  expect(contents(real.book)).toEqual(contents(memory.book));
  expect(real.syncs).toBe(memory.syncs);
  return { result, real, memory };
}

/** Excel on the web's limit for a request and for a response (Microsoft's resource limits for Office Add-ins). */
const WEB_PAYLOAD_LIMIT = 5 * 1024 * 1024;

describe("the century end through Microsoft's Excel library", () => {
  test("writes the hand-worked campaign's sheets and Ledger exactly as the stand-in does, in 4 round trips", async () => {
    const { result, real } = await same(
      () => memoryWorkbook(handWorked()),
      (run) => endCentury(run, 1),
    );
    expect(result.written).toBe(true);
    expect(real.book.values("Ledger")).toEqual([
      ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"],
      [1, "century-end", "", "Ares", 22.6, 22, 0.6, "0.6"],
      [1, "century-end", "", "Hestia", 24.34, 24, 0.34, "0.34"],
      [1, "century-end", "", "Demons", 2.85, 2, 0.85, "0.85"],
    ]);
    const names = sheetNames(1);
    for (const sheet of [names.deaths, names.centuryEnd, names.mana]) expect(real.book.values(sheet).length).toBeGreaterThan(2);
    expect(real.syncs).toBe(4);
    // Sizes are those of the text Office.js sends; reading the tables is two small requests.
    for (const r of real.requests) expect(r.bytes).toBe(Buffer.byteLength(r.text));
    expect(real.requests[0]?.bytes).toBeLessThan(1_000);
    expect(real.requests.every((r) => r.error === undefined)).toBe(true);
    // Inside Excel.run the library keeps every range it makes, and releases them in a last request.
    expect(real.requests.at(-1)?.cleanup).toBe(true);
  });

  test("an older five-column Ledger table gains its missing columns by name, as on the stand-in", async () => {
    const { result, real } = await same(
      () => memoryWorkbook(edit((x) => (x.Ledger = [["Century", "God", "Earned", "Paid", "Carry"]]))),
      (run) => endCentury(run, 1),
    );
    expect(result.written).toBe(true);
    expect(real.book.values("Ledger")).toEqual([
      ["Century", "God", "Earned", "Paid", "Carry", "Kind", "What", "Exact Carry"],
      [1, "Ares", 22.6, 22, 0.6, "century-end", "", "0.6"],
      [1, "Hestia", 24.34, 24, 0.34, "century-end", "", "0.34"],
      [1, "Demons", 2.85, 2, 0.85, "century-end", "", "0.85"],
    ]);
    expect(real.requests.every((r) => r.error === undefined)).toBe(true);
  });

  test("a campaign of 20 gods and 40 races: the same workbook, and reading costs the same requests as the small one", async () => {
    const small = new RealExcel(memoryWorkbook(handWorked()));
    await endCentury(small.run, 1);
    const { result, real } = await same(
      () => memoryWorkbook(sized(20, 40)),
      (run) => endCentury(run, 1),
    );
    expect(result.written).toBe(true);
    expect(result.payments.length).toBe(21);
    expect(real.syncs).toBe(4);
    // The two reads ask for the same tables whatever their size: only the answers grow.
    expect(real.requests[0]?.text).toBe(small.requests[0]?.text);
    expect(real.requests[1]?.text).toBe(small.requests[1]?.text);
    expect(real.requests[1]?.responseBytes).toBeGreaterThan(3 * (small.requests[1]?.responseBytes ?? Infinity));
    // The whole century end, as Excel would receive it, stays under half a megabyte.
    expect(real.requests.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThan(512 * 1024);
  });

  test("the huge campaign: the same Ledger as the stand-in, every request within Excel on the web's limits", async () => {
    const tables = huge(1);
    const real = new RealExcel(memoryWorkbook(tables));
    const memory = new MemoryExcel(memoryWorkbook(tables));
    const outcome = await endCentury(real.run, 1);
    expect(outcome).toEqual(await endCentury(memory.run, 1));
    expect(outcome.written).toBe(true);
    expect(real.book.values("Ledger")).toEqual(memory.book.values("Ledger"));
    const mana = sheetNames(1).mana;
    expect(real.book.values(mana)).toEqual(memory.book.values(mana));
    expect(real.syncs).toBe(memory.syncs);
    for (const r of real.requests) {
      // Every request the add-in sends, and every answer Excel sends back, stays under 1 MB (Excel on the web refuses 5).
      expect(r.bytes).toBeLessThan(1024 * 1024);
      expect(r.responseBytes).toBeLessThan(1024 * 1024);
      expect(r.responseBytes).toBeLessThan(WEB_PAYLOAD_LIMIT);
    }
    // The 100,000 Deaths rows are read in windows of about WINDOW_BYTES each, after the first FIRST_ROWS.
    const read = real.requests.slice(2).filter((r) => r.bytes < 16 * 1024 && r.responseBytes > 64 * 1024);
    expect(read.length).toBeGreaterThanOrEqual(3);
    for (const r of read) expect(r.responseBytes).toBeLessThan(WINDOW_BYTES * 1.25);
    // Round trips: the two reads and the windows, the claim, then as many writes as the megabytes need.
    const answers = real.requests.reduce((sum, r) => sum + r.responseBytes, 0);
    const mb = real.requests.reduce((sum, r) => sum + r.bytes, 0) / 1024 / 1024;
    expect(real.syncs).toBeLessThanOrEqual(4 + Math.ceil(answers / WINDOW_BYTES) + mb);
  });

  test("a second century and a recalculation update the Ledger table's rows, on tables and on plain sheets", async () => {
    for (const asTables of [true, false]) {
      const { real } = await same(
        () => memoryWorkbook(handWorked(), asTables),
        async (run) => [
          await endCentury(run, 1),
          await endCentury(run, undefined, { accepted: HEARTHS_ACCEPTED }),
          await endCentury(run, 2, { accepted: HEARTHS_ACCEPTED }),
        ],
      );
      expect(real.book.values("Ledger")).toHaveLength(1 + 6);
    }
  });
});

describe("the mana book through Microsoft's Excel library", () => {
  test("an event, its undo and an era's end: the same Ledger and book sheets as the stand-in, in as many round trips", async () => {
    const campaign = () =>
      memoryWorkbook(
        edit((t) => {
          t.Sources?.push(["War", "Battlefields", "count", 0.25, "no", null, "era-end"]);
          t.Counts?.push([1, "Battlefields", 7]);
          // Era Centrum of 2 centuries: century 2 is its last, and its end is credited on time.
          t.Settings = [
            ["Setting", "Value"],
            ["Era Centrum length", 2],
          ];
        }),
      );
    const { result, real } = await same(campaign, async (run) => [
      await endCentury(run, 1),
      await creditEvent(run, "Feast", { times: 2 }),
      await undoLatestCredit(run),
      await creditEvent(run, "Feast"),
      await endCentury(run, 2, { accepted: HEARTHS_ACCEPTED }),
      await creditEraEnd(run, 2, {
        accepted: [
          'Counts table: "Battlefields" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Battlefields, Count), or accept 0.',
        ],
      }),
    ]);
    expect(result.every((r) => r.written)).toBe(true);
    expect(real.book.values("Ledger").map((r) => [r[1], r[2], r[3]])).toEqual([
      ["Kind", "What", "God"],
      ["century-end", "", "Ares"],
      ["century-end", "", "Hestia"],
      ["century-end", "", "Demons"],
      ["event", "Feast", "Ares"],
      ["event", "Feast", "Hestia"],
      ["century-end", "", "Ares"],
      ["century-end", "", "Hestia"],
      ["century-end", "", "Demons"],
      // It pays nobody, and is recorded all the same: the era is over.
      ["era-end", "era ending with century 2", "Ares"],
      ["era-end", "era ending with century 2", "Hestia"],
      ["era-end", "era ending with century 2", "Demons"],
    ]);
    for (const sheet of ["Heaven Events", "Earth Events", "Distribution Points"]) expect(real.book.sheet(sheet)).toBeDefined();
    // No count of Battlefields for century 2: the era's end credits nobody, and says why.
    expect(result[5]?.problems.map((p) => p.message)).toEqual([
      '"Battlefields" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Battlefields, Count), or accept 0.',
    ]);
  });
});

describe("the pane's actions through Microsoft's Excel library", () => {
  test("reading the status: the same counts, tables and causes as the stand-in, in 2 round trips", async () => {
    const { result, real } = await same(() => memoryWorkbook(handWorked()), readStatus);
    expect(result.counts).toEqual({ gods: 3, races: 3, sources: 7, greaterGods: 1 });
    expect(result.causes).toEqual([
      { cause: "war", units: 14 },
      { cause: "plague", units: 3 },
    ]);
    expect(real.syncs).toBe(2);
  });

  test("creating the missing tables in an empty workbook: the same tables, headers, formats and frozen rows", async () => {
    const { result, real } = await same(() => new MemoryWorkbook(), createMissingTables);
    expect(result.written).toBe(true);
    expect(real.book.tables.map((t) => t.name)).toEqual(["Gods", "Cards", "Sources", "Races", "Pantheon", "Deaths", "Counts"]);
    expect(real.book.sheet("Gods")?.frozenRows).toBe(1);
  });

  test("recording deaths and applying a cult: the same rows written as by the stand-in", async () => {
    const deaths = await same(
      () => memoryWorkbook(handWorked()),
      async (run) => [await endCentury(run, 1), await recordDeaths(run, { cause: "War", units: 3, race: "trojans", note: "=HYPERLINK(1)" })] as const,
    );
    expect(deaths.result[1].message).toBe("Recorded 3 war deaths of the Trojans in century 2; war deaths this century: 8.");
    expect(deaths.real.book.values("Deaths").at(-1)).toEqual([2, "war", 3, "Trojans", "=HYPERLINK(1)"]);

    const cult = await same(
      () => memoryWorkbook(handWorked()),
      (run) => applyCult(run, "Trojans", "Ares", 10),
    );
    expect(cult.result.written).toBe(true);
    expect(cult.real.book.values("Pantheon").filter((r) => r[0] === "Trojans")).toEqual([
      ["Trojans", "Hestia", 0.675],
      ["Trojans", "Atheism", 0.225],
      ["Trojans", "Ares", 0.1],
    ]);
  });

  test("obliterating a god, marking turmoil, checking a pantheon and selecting a cell agree with the stand-in", async () => {
    for (const asTables of [true, false]) {
      await same(
        () => memoryWorkbook(handWorked(), asTables),
        async (run) => [await obliterateGod(run, "Ares"), await setTurmoil(run, "Achaeans", true)],
      );
      // A Races table without its Turmoil column gets one (table columns.add, or a plain sheet's cells).
      await same(
        () =>
          memoryWorkbook(
            edit((t) => (t.Races = (t.Races ?? []).map((r) => r.slice(0, 5)))),
            asTables,
          ),
        (run) => setTurmoil(run, "Trojans", true),
      );
    }
    await same(
      () => memoryWorkbook(handWorked()),
      async (run) => {
        const change = await checkPantheonChange(run, "Achaeans", [
          { member: "Ares", share: 45 },
          { member: "Hestia", share: 30 },
          { member: "Diabolism", share: 25 },
        ]);
        await selectCell(run, "Pantheon!C5");
        return change;
      },
    );
  });

  test("while a cell is being edited, Office's refusal comes back through the library and the action waits", async () => {
    const real = new RealExcel(memoryWorkbook(handWorked()));
    real.editingFor = 2;
    const waits: number[] = [];
    const outcome = await recordDeaths(real.run, { cause: "war", units: 1 }, { delayMs: 1, onWait: (n) => waits.push(n) });
    expect(outcome.written).toBe(true);
    expect(waits).toEqual([1, 2]);

    // Asked to wait for the edit to end (Excel.run's delayForCellEdit), Excel holds the batch instead.
    const held = new RealExcel(memoryWorkbook(handWorked()));
    held.editingFor = 1;
    expect(await held.run(godNames, { delayForCellEdit: true })).toEqual(["Ares", "Hestia", "Lilith"]);
    expect(held.delayed).toBe(1);
  });
});

/** The Gods table's names, read with Office.js directly. */
async function godNames(context: ContextApi): Promise<unknown[]> {
  const range = context.workbook.tables.getItem("Gods").getRange().load("values");
  await context.sync();
  return range.values.slice(1).map((r) => r[0]);
}

describe("errors, as Excel raises them", () => {
  test("Microsoft's library raises PropertyNotLoaded itself, before any request, for a value that was not loaded", async () => {
    const real = new RealExcel(memoryWorkbook(handWorked()));
    const error: unknown = await real
      .run(
        (context) =>
          new Promise((resolve) => {
            resolve(context.workbook.worksheets.getItem("Gods").getRange("A1").values);
          }),
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(officeJs().OfficeExtension.Error);
    expect(error).toMatchObject({
      code: "PropertyNotLoaded",
      message: stringMatching(/call the load method on the containing object and call "context.sync\(\)"/),
    });
    expect(real.requests).toHaveLength(0);
  });

  test("a missing sheet fails at sync with ItemNotFound, where Excel would say, after what came before it was done", async () => {
    const real = new RealExcel(memoryWorkbook(handWorked()));
    const error: unknown = await real
      .run(async (context) => {
        context.workbook.worksheets.getItem("Gods").getRange("C1").values = [["Note"]];
        context.workbook.worksheets.getItem("Olympus").getRange("A1").values = [["Zeus"]];
        await context.sync();
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(officeJs().OfficeExtension.Error);
    // The library points at the statement that failed, its arguments left out (they may be personal data).
    expect(error).toMatchObject({
      code: "ItemNotFound",
      httpStatusCode: 404,
      debugInfo: { errorLocation: "WorksheetCollection.getItem", statement: stringMatching(/= worksheets\.getItem\(\.\.\.\);$/) },
    });
    expect((error as Error).message).toBe("There is no sheet named Olympus.");
    expect(real.requests[0]?.error).toMatchObject({ code: "ItemNotFound", location: "WorksheetCollection.getItem" });
    // Excel is not transactional: the write before the failing one stays.
    expect(real.book.values("Gods")[0]).toEqual(["God", "Kind", "Note"]);
  });

  test("what the memory workbook does not model is an error naming it, never ignored", async () => {
    const real = new RealExcel(memoryWorkbook(handWorked()));
    const attempt = (batch: (context: Excel.RequestContext) => Promise<void>) =>
      real.run(batch).then(
        () => undefined,
        (e: unknown) => e,
      );
    // Office.js's own Range, beyond the part of the API the add-in uses.
    const range = (context: Excel.RequestContext) => context.workbook.worksheets.getItem("Gods").getRange("A1");
    expect(
      await attempt(async (context) => {
        range(context).load("text");
        await context.sync();
      }),
    ).toMatchObject({ code: "NotImplemented", message: stringContaining("Range.text") });
    expect(
      await attempt(async (context) => {
        range(context).format.font.name = "Papyrus";
        await context.sync();
      }),
    ).toMatchObject({ code: "NotImplemented", message: stringContaining("RangeFont.name") });
    expect(
      await attempt(async (context) => {
        range(context).load();
        await context.sync();
      }),
    ).toMatchObject({ code: "NotImplemented", message: stringContaining("every property of Range") });
    expect(real.book.values("Gods")).toEqual(memoryWorkbook(handWorked()).values("Gods"));
  });

  test("objects live on across syncs as in Excel: a kept range by its reference id, a new sheet by its id", async () => {
    const real = new RealExcel(memoryWorkbook(handWorked()));
    await real.run(async (context) => {
      const gods = context.workbook.worksheets.getItem("Gods").getRange("A2:A3").load("values");
      const added = context.workbook.worksheets.add("Olympus");
      await context.sync();
      gods.values = gods.values.map((r) => [`${String(r[0])}!`]);
      added.getRange("A1").values = [["Zeus"]];
      await context.sync();
    });
    expect(real.book.values("Gods").slice(1, 3)).toEqual([
      ["Ares!", "greater"],
      ["Hestia!", "lesser"],
    ]);
    expect(real.book.values("Olympus")).toEqual([["Zeus"]]);
    const second = real.requests[1]?.text ?? "";
    expect(second).toMatch(/"ObjectPathType":6,"Name":"reference:1"/);
    expect(second).toMatch(/"ObjectPathType":5,"Name":"","ParentObjectPathId":\d+,"ArgumentInfo":\{"Arguments":\["sheet:\d+"\]\}/);
  });
});

describe("the session packet through Microsoft's Excel library", () => {
  test("the Earth Summary, written and written again: the same sheet as the stand-in, in as many round trips", async () => {
    const { result, real } = await same(
      () => memoryWorkbook(exampleTables()),
      async (run) => [await writePacket(run), await writePacket(run)],
    );
    expect(result.every((r) => r.written)).toBe(true);
    expect(real.book.sheets.filter((s) => s.name === "Earth Summary")).toHaveLength(1);
    expect(real.book.values("Earth Summary")[9]?.[9]).toBe("Solara 40%, Mirelle 35%, Vorn 25%");
  });

  test("the Character Sheets with kept tables after a century end: the same pages and page breaks as the stand-in", async () => {
    const tables = edit((t) => {
      t.Artifacts = [
        ["Artifact", "Owner", "Charges"],
        ["Spear of Dawn", "Ares", 3],
      ];
      t.Laws = [["Law"], ["No duels in the Hall of Feasts"]];
    });
    const { result, real } = await same(
      () => memoryWorkbook(tables),
      async (run) => [await endCentury(run, 1, { accepted: [] }), await writePacket(run)],
    );
    expect(result[1]?.written).toBe(true);
    const sheet = real.book.sheet("Character Sheets");
    // Hestia, the Demons pool, then the Laws and Oaths each begin a page.
    expect(sheet?.pageBreaks).toHaveLength(3);
    const rows = real.book.values("Character Sheets");
    expect(sheet?.pageBreaks.map((r) => rows[r - 1]?.[0])).toEqual(["Hestia", "Demons", "Laws and Oaths"]);
    expect(rows.filter((r) => r[0] === "Spear of Dawn" && r.includes(3))).toHaveLength(1);
    expect(real.requests.every((r) => r.error === undefined)).toBe(true);
  });
});
