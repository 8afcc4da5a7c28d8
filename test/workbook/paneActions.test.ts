/**
 * The task pane's workbook actions against the in-memory Excel stand-in: what each writes, what
 * bad input it refuses (writing nothing), how many round trips it costs, and that the status it
 * hands back is the one a fresh read of the workbook gives.
 */
import { readCampaign } from "../../src/workbook/read/campaign";
import { ratio, add, type Ratio } from "../../src/engine/exact";
import { endCentury, regenerateWorksheets } from "../../src/workbook/office/actions";
import { createMissingTables, readStatus, recordDeaths, selectCell, type EditOutcome } from "../../src/workbook/office/tools";
import { applyCult, checkPantheonChange, obliterateGod, setTurmoil } from "../../src/workbook/office/referee";
import { readWorkbook } from "../../src/workbook/office/read";
import { splitAddress } from "../../src/workbook/model/address";
import { writtenShares } from "../../src/workbook/actions/pantheon";
import { INPUT_TABLES } from "../../src/workbook/model/schema";
import { errorsIn } from "../../src/workbook/model/problems";
import { counted, MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { edit, handWorked, memoryWorkbook, type Tables } from "../support/campaigns";
import { stringMatching } from "../support/matchers";

/** The status an action hands back is what reading the workbook again gives. */
async function expectFresh(excel: MemoryExcel, outcome: EditOutcome): Promise<void> {
  expect(outcome.status).toEqual(await readStatus(excel.run));
}

async function campaignOf(excel: MemoryExcel) {
  return readCampaign(await excel.run((context) => readWorkbook(context)));
}

const rowsOf = (excel: MemoryExcel, sheet: string) => excel.book.values(sheet).slice(1);

describe("reading the campaign's status", () => {
  test("counts, the century in play, the tables found and the causes, in 2 round trips", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const { result: status, syncs } = await counted(excel, () => readStatus(excel.run));
    expect(syncs).toBe(2);
    // Ares is the one greater god (Hestia lesser, Lilith a demon).
    expect(status.counts).toEqual({ gods: 3, races: 3, sources: 7, greaterGods: 1 });
    expect(status.nextCentury).toBe(1);
    expect(status.tables.map((t) => [t.name, t.found?.rows ?? null])).toEqual([
      ["Gods", 3],
      ["Cards", 4],
      ["Sources", 7],
      ["Races", 3],
      ["Pantheon", 6],
      ["Deaths", 4],
      ["Counts", 1],
      ["Ledger", null],
    ]);
    // The causes of the deaths sources first, then the other causes logged, with century 1's units.
    expect(status.causes).toEqual([
      { cause: "war", units: 14 },
      { cause: "plague", units: 3 },
    ]);
    expect(status.members).toEqual(["Ares", "Hestia", "Diabolism", "Atheism"]);
    expect(status.races.map((r) => [r.race, r.turmoil, r.shares.map((s) => `${s.member} ${s.share}`)])).toEqual([
      ["Achaeans", false, ["Ares 50", "Hestia 30", "Diabolism 20"]],
      ["Trojans", false, ["Hestia 75", "Atheism 25"]],
      ["Amazons", true, ["Ares 100"]],
    ]);
    expect(status.mana.column).toBe(false);
  });

  test("mana inflation: the average of the Mana column and the engine's factor; a bad cell is a problem at its address", async () => {
    const withMana = (mana: (string | number | null)[]) =>
      edit((t) => (t.Gods = (t.Gods ?? []).map((r, i) => [...r, i === 0 ? "Mana" : (mana[i - 1] ?? null)])));
    const half = await readStatus(new MemoryExcel(memoryWorkbook(withMana([60, 41, null]))).run);
    expect(half.mana).toMatchObject({ column: true, characters: 2, average: 50.5, factor: 0.5, unwritten: ["Lilith"] });
    const quarter = await readStatus(new MemoryExcel(memoryWorkbook(withMana([150, 100, 101]))).run);
    expect(quarter.mana).toMatchObject({ average: 117, factor: 0.25 });
    const full = await readStatus(new MemoryExcel(memoryWorkbook(withMana([50, 50, 50]))).run);
    expect(full.mana.factor).toBe(1);
    const bad = await readStatus(new MemoryExcel(memoryWorkbook(withMana([60, "lots", 10]))).run);
    expect(bad.mana.average).toBeUndefined();
    expect(bad.problems).toContainEqual(expect.objectContaining({ table: "Gods", row: 3, column: "Mana", address: "Gods!C3" }));
  });
});

describe("setting up", () => {
  test("adds every missing input table with headers, text formats and a frozen header row, in 3 round trips", async () => {
    const excel = new MemoryExcel();
    const { result, syncs } = await counted(excel, () => createMissingTables(excel.run));
    expect(syncs).toBe(3);
    expect(result.written).toBe(true);
    expect(result.message).toMatch(/Added 7 tables/);
    for (const spec of INPUT_TABLES) {
      const table = excel.book.table(spec.name);
      expect(table).toMatchObject({ style: "TableStyleMedium2", bodyRows: 1, columns: spec.columns.length });
      expect(excel.book.values(spec.name)).toEqual([spec.columns.map((c) => c.header)]);
      expect(excel.book.sheet(spec.name)?.frozenRows).toBe(1);
    }
    // Names are text cells; numbers keep the general format.
    expect(excel.book.sheet("Gods")?.peek(1, 0)?.numberFormat).toBe("@");
    expect(excel.book.sheet("Deaths")?.peek(1, 2)?.numberFormat).toBe("General");
    await expectFresh(excel, result);

    const again = await counted(excel, () => createMissingTables(excel.run));
    expect(again.result).toMatchObject({ written: false, message: "Every input table is already there; nothing was added." });
    expect(again.syncs).toBe(2);
  });

  test("leaves the tables that are there, as tables or as sheets", async () => {
    const tables = handWorked();
    delete tables.Deaths;
    delete tables.Counts;
    const excel = new MemoryExcel(memoryWorkbook(tables, false));
    const { result } = await counted(excel, () => createMissingTables(excel.run));
    expect(result.message).toBe("Added 2 tables, each on a sheet of its own: Deaths, Counts. Fill in their rows.");
    expect(excel.book.tables.map((t) => t.name)).toEqual(["Deaths", "Counts"]);
  });
});

describe("recording deaths", () => {
  test("appends a row for the century in play, in 3 round trips", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await endCentury(excel.run, 1);
    const { result, syncs } = await counted(excel, () => recordDeaths(excel.run, { cause: "War", units: 3, race: "trojans", note: "=HYPERLINK(1)" }));
    expect(syncs).toBe(3);
    expect(result.message).toBe("Recorded 3 war deaths of the Trojans in century 2; war deaths this century: 8.");
    // The cause as the sources spell it, the race as the Races table does, the note as text.
    expect(rowsOf(excel, "Deaths").at(-1)).toEqual([2, "war", 3, "Trojans", "=HYPERLINK(1)"]);
    expect(excel.book.table("Deaths")?.bodyRows).toBe(5);
    await expectFresh(excel, result);
  });

  test("refuses an unknown race, a bad number of units or no cause, and writes nothing", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const before = excel.book.values("Deaths");
    const cases: [Parameters<typeof recordDeaths>[1], RegExp][] = [
      [{ cause: "war", units: 2, race: "Atlanteans" }, /^"Atlanteans" is not in the Races table/],
      [{ cause: "war", units: 0 }, /^0 is not a number of units: write a whole number, 1 or more\.$/],
      [{ cause: "war", units: 2.5 }, /^2\.5 is not a number of units/],
      [{ cause: "war", units: Number.NaN }, /^that is not a number of units/],
      [{ cause: "  ", units: 2 }, /^write the cause of the deaths/],
      [{ cause: "war\u001b", units: 2 }, /^the cause holds a character no workbook can keep \(U\+00(07|1B)/],
      [{ cause: "war", units: 2, note: "raid \uFFFF" }, /^the note holds a character no workbook can keep \(U\+FFFF/],
    ];
    for (const [entry, message] of cases) {
      const { result, syncs } = await counted(excel, () => recordDeaths(excel.run, entry));
      expect(syncs).toBe(2);
      expect(result.written).toBe(false);
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]?.message).toMatch(message);
    }
    expect(excel.book.values("Deaths")).toEqual(before);
  });

  test("quick counts add up in one tally row per cause and century, never in the gamemaster's rows", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    await recordDeaths(excel.run, { cause: "plague", units: 1, tally: true });
    await recordDeaths(excel.run, { cause: "Plague", units: 5, tally: true });
    const last = await recordDeaths(excel.run, { cause: "fire", units: 1, tally: true });
    expect(rowsOf(excel, "Deaths").slice(4)).toEqual([
      [1, "plague", 6, "", "tally"],
      [1, "fire", 1, "", "tally"],
    ]);
    expect(last.status.causes).toEqual([
      { cause: "war", units: 14 },
      { cause: "plague", units: 9 },
      { cause: "fire", units: 1 },
    ]);
    await expectFresh(excel, last);
  });

  test("creates the Deaths table when there is none, and fills the blank row of a new table", async () => {
    const none = new MemoryExcel(memoryWorkbook(edit((t) => delete t.Deaths)));
    const created = await recordDeaths(none.run, { cause: "fire", units: 4, race: "Amazons" });
    expect(created.message).toMatch(/The workbook had no Deaths table; it has one now\./);
    expect(none.book.values("Deaths")).toEqual([
      ["Century", "Cause", "Units", "Race", "Note"],
      [1, "fire", 4, "Amazons", ""],
    ]);
    await expectFresh(none, created);

    const fresh = new MemoryExcel();
    await createMissingTables(fresh.run);
    const filled = await recordDeaths(fresh.run, { cause: "flood", units: 2 });
    expect(fresh.book.table("Deaths")?.bodyRows).toBe(1);
    expect(rowsOf(fresh, "Deaths")).toEqual([[1, "flood", 2, "", ""]]);
    await expectFresh(fresh, filled);
  });

  test("on a plain Deaths sheet without Race and Note columns, writes below the last row and says what it left out", async () => {
    const tables = edit((t) => (t.Deaths = (t.Deaths ?? []).map((r) => r.slice(0, 3))));
    const excel = new MemoryExcel(memoryWorkbook(tables, false));
    const outcome = await recordDeaths(excel.run, { cause: "war", units: 1, race: "Amazons", note: "raid" });
    expect(outcome.message).toMatch(/\(The Deaths table has no Race or Note column, so the race and note were not written\.\)$/);
    expect(rowsOf(excel, "Deaths").at(-1)).toEqual([1, "war", 1]);
    await expectFresh(excel, outcome);
  });
});

describe("ending the century and the worksheets only", () => {
  test("the century end hands back the campaign as it is after (the century in play moves on)", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const outcome = await endCentury(excel.run);
    expect(outcome.status.nextCentury).toBe(2);
    expect(outcome.status).toEqual(await readStatus(excel.run));
  });

  test("the worksheets only: the century's two worksheets in 3 round trips, no Mana sheet before it is paid, the Ledger untouched", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const { result, syncs } = await counted(excel, () => regenerateWorksheets(excel.run));
    expect(syncs).toBe(3);
    expect(result.written).toBe(true);
    // A Mana sheet stands for a paid century: one written before paying would look like a lost Ledger.
    expect(excel.book.sheets.map((s) => s.name).filter((n) => n.startsWith("C1 "))).toEqual(["C1 Death Worksheet", "C1 Century-End Worksheet"]);
    expect(excel.book.sheet("Ledger")).toBeUndefined();
    expect(result.status.nextCentury).toBe(1);
    expect(result.status).toEqual(await readStatus(excel.run));

    // After a century end, redrawing its sheets leaves the Ledger as it is.
    await endCentury(excel.run, 1);
    const ledger = excel.book.values("Ledger");
    await regenerateWorksheets(excel.run, 1);
    expect(excel.book.values("Ledger")).toEqual(ledger);
    expect(excel.book.sheets.map((s) => s.name).filter((n) => n.startsWith("C1 "))).toEqual(["C1 Death Worksheet", "C1 Century-End Worksheet", "C1 Mana"]);
  });
});

describe("pantheon tools", () => {
  test("a cult rewrites the race's shares so that they add up to exactly 100, in 3 round trips", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const { result, syncs } = await counted(excel, () => applyCult(excel.run, "achaeans", "hestia", 10));
    expect(syncs).toBe(3);
    expect(result.message).toBe("Cult of Hestia among the Achaeans: Ares 50% → 42.8571%, Hestia 30% → 40%, Diabolism 20% → 17.1429%.");
    expect(rowsOf(excel, "Pantheon").slice(0, 3)).toEqual([
      ["Achaeans", "Ares", 42.8571],
      ["Achaeans", "Hestia", 40],
      ["Achaeans", "Diabolism", 17.1429],
    ]);
    // The campaign's own check accepts the written shares, and the century can be ended.
    const { problems } = await campaignOf(excel);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
    await expectFresh(excel, result);
    expect((await endCentury(excel.run, 1)).written).toBe(true);
  });

  test("one name key: a god spelt with two spaces is the same god for the century end and for the cult tool", async () => {
    const spaced = edit((t) => {
      for (const row of [...(t.Gods ?? []), ...(t.Cards ?? []), ...(t.Pantheon ?? [])]) row.forEach((v, i) => v === "Hestia" && (row[i] = "Great Mother"));
      (t.Pantheon as unknown[][])[2] = ["Achaeans", "Great  Mother", 30];
      (t.Races as unknown[][])[1] = ["Achaeans ", 20, 1, 0, "civilized", "no", 3];
    });
    const excel = new MemoryExcel(memoryWorkbook(spaced));
    const status = await readStatus(excel.run);
    expect(errorsIn(status.problems)).toEqual([]);
    const outcome = await applyCult(excel.run, "achaeans", "great mother", 10);
    expect(outcome.message).toBe("Cult of Great Mother among the Achaeans: Ares 50% → 42.8571%, Great Mother 30% → 40%, Diabolism 20% → 17.1429%.");
    const ended = await endCentury(excel.run, 1);
    expect(ended.written).toBe(true);
    expect(ended.payments.map((p) => p.god)).toEqual(["Ares", "Great Mother", "Demons"]);
  });

  test("a cult for a deity new to a pantheon written in fractions adds its row, in fractions", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const outcome = await applyCult(excel.run, "Trojans", "Ares", 10);
    expect(outcome.message).toBe("Cult of Ares among the Trojans: Hestia 75% → 67.5%, Atheism 25% → 22.5%, Ares joins with 10%.");
    expect(rowsOf(excel, "Pantheon").filter((r) => r[0] === "Trojans")).toEqual([
      ["Trojans", "Hestia", 0.675],
      ["Trojans", "Atheism", 0.225],
      ["Trojans", "Ares", 0.1],
    ]);
    await expectFresh(excel, outcome);
  });

  test("a cult on a broken pantheon writes nothing and points at the pantheon's first share", async () => {
    const excel = new MemoryExcel(memoryWorkbook(edit((t) => ((t.Pantheon as unknown[][])[1] = ["Achaeans", "Ares", 40]))));
    const before = excel.book.values("Pantheon");
    const { result, syncs } = await counted(excel, () => applyCult(excel.run, "Achaeans", "Hestia", 10));
    expect(syncs).toBe(2);
    expect(result.written).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({
        table: "Pantheon",
        row: 2,
        column: "Share",
        address: "Pantheon!C2",
        message: stringMatching(/^the pantheon of Achaeans cannot be used: The shares add up to 90/),
      }),
    ]);
    expect(excel.book.values("Pantheon")).toEqual(before);
  });

  test("a cult refuses an unknown race or deity, a demon, and points outside 0 to 100", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const cases: [string, string, number, RegExp][] = [
      ["Atlanteans", "Ares", 10, /^"Atlanteans" is not in the Races table\.$/],
      ["Achaeans", "Zeus", 10, /^"Zeus" is not in the Gods table\.$/],
      ["Achaeans", "Lilith", 10, /^Lilith is a demon/],
      ["Achaeans", "Ares", 0, /^a cult adds between 0 and 100 points/],
      ["Achaeans", "Ares", 150, /150 is not such a number/],
    ];
    for (const [race, deity, points, message] of cases) {
      const outcome = await applyCult(excel.run, race, deity, points);
      expect(outcome.written).toBe(false);
      expect(outcome.problems[0]?.message).toMatch(message);
    }
    expect(excel.book.values("Pantheon")).toEqual(memoryWorkbook(handWorked()).values("Pantheon"));
  });

  test("obliterating a god: its worship to the other gods (or Atheism), its Cards rows gone, in 3 round trips", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const { result, syncs } = await counted(excel, () => obliterateGod(excel.run, "ares"));
    expect(syncs).toBe(3);
    expect(result.details).toEqual(["Achaeans: Hestia 30% → 80%.", "Amazons: Atheism joins with 100%.", "Cards: its 2 rows were removed."]);
    expect(rowsOf(excel, "Pantheon")).toEqual([
      ["Achaeans", "Hestia", 80],
      ["Achaeans", "Diabolism", 20],
      ["Trojans", "Hestia", 0.75],
      ["Trojans", "Atheism", 0.25],
      ["Amazons", "Atheism", 100],
    ]);
    expect(rowsOf(excel, "Cards")).toEqual([
      ["Hestia", "Hearth", 3],
      ["Demons", "Pit", 1],
    ]);
    expect(rowsOf(excel, "Gods")[0]).toEqual(["Ares", "greater"]);
    await expectFresh(excel, result);
    expect((await endCentury(excel.run, 1)).written).toBe(true);
  });

  test("obliterating on plain sheets deletes the sheet rows", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked(), false));
    const outcome = await obliterateGod(excel.run, "Ares");
    expect(rowsOf(excel, "Cards")).toEqual([
      ["Hestia", "Hearth", 3],
      ["Demons", "Pit", 1],
    ]);
    expect(rowsOf(excel, "Pantheon").map((r) => r[1])).toEqual(["Hestia", "Diabolism", "Hestia", "Atheism", "Atheism"]);
    await expectFresh(excel, outcome);
  });

  test("obliterating refuses an unknown god, and writes nothing while a pantheon it is in is broken", async () => {
    const excel = new MemoryExcel(memoryWorkbook(edit((t) => ((t.Pantheon as unknown[][])[6] = ["Amazons", "Ares", 90]))));
    expect((await obliterateGod(excel.run, "Zeus")).problems[0]?.message).toBe('"Zeus" is not in the Gods table.');
    const before = excel.book.values("Cards");
    const outcome = await obliterateGod(excel.run, "Ares");
    expect(outcome.written).toBe(false);
    expect(outcome.problems).toEqual([expect.objectContaining({ address: "Pantheon!C7", message: stringMatching(/pantheon of Amazons cannot be used/) })]);
    expect(excel.book.values("Cards")).toEqual(before);
  });

  test("turmoil: marks a race, says when nothing changes, and adds the Turmoil column when it is missing", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const { result, syncs } = await counted(excel, () => setTurmoil(excel.run, "Achaeans", true));
    expect(syncs).toBe(3);
    expect(rowsOf(excel, "Races")[0]?.[5]).toBe("yes");
    expect(result.status.races[0]?.turmoil).toBe(true);
    await expectFresh(excel, result);
    const again = await counted(excel, () => setTurmoil(excel.run, "Achaeans", true));
    expect(again.result).toMatchObject({ written: false, message: "The Achaeans are already marked as in religious turmoil; nothing changed." });
    expect(again.syncs).toBe(2);
    const off = await setTurmoil(excel.run, "Amazons", false);
    expect(off.message).toMatch(/clear the mark only once that century has been ended/);
    expect(rowsOf(excel, "Races")[2]?.[5]).toBe("no");

    for (const asTables of [true, false]) {
      const bare = new MemoryExcel(
        memoryWorkbook(
          edit((t) => (t.Races = (t.Races ?? []).map((r) => r.slice(0, 5)))),
          asTables,
        ),
      );
      const added = await setTurmoil(bare.run, "Trojans", true);
      expect(added.message).toMatch(/\(The Races table now has a Turmoil column\.\)$/);
      expect(bare.book.values("Races").map((r) => r[5])).toEqual(["Turmoil", "no", "yes", "no"]);
      if (asTables) expect(bare.book.table("Races")?.columns).toBe(6);
      await expectFresh(bare, added);
    }
    expect((await setTurmoil(excel.run, "Atlanteans", true)).problems[0]?.message).toBe('"Atlanteans" is not in the Races table.');
  });

  test("checking a proposed change: Diabolism's veto, its consent, and proposals that do not add up", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const check = (shares: [string, number][]) =>
      checkPantheonChange(
        excel.run,
        "Achaeans",
        shares.map(([member, share]) => ({ member, share })),
      );
    const vetoed = await counted(excel, () =>
      check([
        ["Ares", 45],
        ["Hestia", 33],
        ["Diabolism", 22],
      ]),
    );
    expect(vetoed.syncs).toBe(2);
    expect(vetoed.result).toMatchObject({ accepted: false, message: stringMatching(/^Diabolism vetoes the change: its share would go from 20% to 22%/) });
    const accepted = await check([
      ["Ares", 45],
      ["Hestia", 30],
      ["Diabolism", 25],
    ]);
    expect(accepted).toMatchObject({ accepted: true, message: "Diabolism accepts this change." });
    const noSay = await checkPantheonChange(excel.run, "Amazons", [
      { member: "Ares", share: 60 },
      { member: "Hestia", share: 40 },
    ]);
    expect(noSay.message).toMatch(/^Neither Diabolism nor Atheism has a share in the pantheon of the Amazons/);
    const unsound = await check([
      ["Ares", 45],
      ["Diabolism", 25],
    ]);
    expect(unsound.accepted).toBeUndefined();
    expect(unsound.message).toMatch(/^The proposed pantheon is not sound: The shares add up to 70/);
    expect((await checkPantheonChange(excel.run, "Atlanteans", [])).problems[0]?.message).toBe('"Atlanteans" is not in the Races table.');
    // Nothing is ever written by a check.
    expect(excel.book.values("Pantheon")).toEqual(memoryWorkbook(handWorked()).values("Pantheon"));
  });

  test("written shares add up exactly, the largest remainders rounded up", () => {
    const third: Ratio = ratio(100, 3);
    const sum = (xs: number[]) => xs.reduce((s, x) => add(s, ratio(Math.round(x * 1e6), 1e6)), ratio(0));
    const points = writtenShares([third, third, third], "points");
    expect(points).toEqual([33.3334, 33.3333, 33.3333]);
    expect(sum(points)).toEqual(ratio(100));
    const fractions = writtenShares([ratio(200, 3), third], "fractions");
    expect(fractions).toEqual([0.666667, 0.333333]);
    expect(sum(fractions)).toEqual(ratio(1));
  });
});

describe("going to a problem's cell", () => {
  test("selects the cell, quoted sheet names included, in 1 round trip", async () => {
    const tables: Tables = handWorked();
    const book: MemoryWorkbook = memoryWorkbook(tables);
    book.put("C1 Mana", [["x"]]);
    const excel = new MemoryExcel(book);
    const { syncs } = await counted(excel, () => selectCell(excel.run, "Pantheon!C5"));
    expect(syncs).toBe(1);
    expect(excel.book.selected).toEqual({ sheet: "Pantheon", address: "C5" });
    await selectCell(excel.run, "'C1 Mana'!B3");
    expect(excel.book.selected).toEqual({ sheet: "C1 Mana", address: "B3" });
    expect(splitAddress("'It''s'!A1")).toEqual({ sheet: "It's", cell: "A1" });
  });
});

describe("while a cell is being edited", () => {
  test("an edit waits and goes on", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    excel.editingFor = 2;
    const waits: number[] = [];
    const outcome = await recordDeaths(excel.run, { cause: "war", units: 1 }, { delayMs: 1, onWait: (n) => waits.push(n) });
    expect(outcome.written).toBe(true);
    expect(waits).toEqual([1, 2]);
  });
});
