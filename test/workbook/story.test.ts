/**
 * The campaign's story: the Campaign History sheet gains every race and every recipient's mana at
 * each century end, worked by hand on the hand-worked campaign; earlier centuries' rows stay as
 * they were written; the Charts sheet draws them. Both adapters' writing is tested with the
 * century end's other sheets (packageWrite, bookInExcel, realClient) and here for the charts.
 */
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { STORY_SHEETS } from "../../src/workbook/model/schema";
import type { SheetPlan } from "../../src/workbook/plan/layout";
import { MOST_LINES, NET_MANA_TITLE } from "../../src/workbook/plan/story";
import { readHistory } from "../../src/workbook/read/history";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planPacket } from "../../src/workbook/actions/packet";
import { planDebit } from "../../src/workbook/actions/debit";
import { endCentury } from "../../src/workbook/office/actions";
import { settleStopped } from "../../src/workbook/office/settle";
import { readStatus } from "../../src/workbook/office/tools";
import { Book, bookCampaign } from "../support/book";
import { edit, HEARTHS_ACCEPTED, memoryWorkbook, sized } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";
import { RealExcel } from "../support/realExcel";

function sheetOf(plan: { sheets: readonly SheetPlan[] } | undefined, name: string): SheetPlan {
  const sheet = plan?.sheets.find((s) => s.name === name);
  if (sheet === undefined) throw new Error(`no ${name} sheet in the plan`);
  return sheet;
}

/** The History's rows under its header row, as values. */
function historyRows(plan: { sheets: readonly SheetPlan[] } | undefined): unknown[][] {
  const rows = sheetOf(plan, STORY_SHEETS.history).rows.map((r) => r.map((c) => c?.value ?? null));
  const header = rows.findIndex((r) => r[0] === "Century");
  const body = rows.slice(header + 1);
  return body.slice(
    0,
    body.findIndex((r) => typeof r[0] !== "number"),
  );
}

/** What the Ledger credited each recipient in a century: [earned, paid], summed from its rows. */
function ledgerSums(book: Book, century: number): Map<string, [number, number]> {
  const [c, g, e, p] = ["Century", "God", "Earned", "Paid"].map((h) => book.column(h));
  const sums = new Map<string, [number, number]>();
  c?.forEach((value, i) => {
    if (value !== century) return;
    const god = String(g?.[i]);
    const [earned, paid] = sums.get(god) ?? [0, 0];
    sums.set(god, [+(earned + Number(e?.[i])).toFixed(10), paid + Number(p?.[i])]);
  });
  return sums;
}

describe("the Campaign History", () => {
  test("the first century end writes every race and every recipient's mana, as worked by hand", () => {
    const book = new Book(bookCampaign());
    const end = book.centuryEnd(1);
    expect(historyRows(end.plan)).toEqual([
      // Strength: units + 3 a city + 6 a great city; the Amazons are in turmoil.
      [1, "race", "Achaeans", 20, 1, 0, 23, "no", null, null],
      [1, "race", "Trojans", 30, 0, 1, 36, "no", null, null],
      [1, "race", "Amazons", 10, 0, 0, 10, "yes", null, null],
      // The header of test/support/campaigns.ts: Ares 22.6 → 22, Hestia 24.34 → 24, Demons 2.85 → 2.
      [1, "mana", "Ares", null, null, null, null, null, 22.6, 22],
      [1, "mana", "Hestia", null, null, null, null, null, 24.34, 24],
      [1, "mana", "Demons", null, null, null, null, null, 2.85, 2],
    ]);
  });

  test("earlier centuries stay as written; a century's mana is every credit of it, as the Ledger holds them", () => {
    const book = new Book(bookCampaign());
    const first = historyRows(book.centuryEnd(1).plan);
    // Between the centuries: a war takes 8 of the Achaeans' units, and a feast is credited.
    const achaeans = book.tables.Races?.find((r) => r[0] === "Achaeans");
    if (achaeans === undefined) throw new Error("no Achaeans");
    achaeans[1] = 12;
    book.event("Feast");
    const second = historyRows(book.centuryEnd(2).plan);
    expect(second.slice(0, first.length)).toEqual(first);
    expect(second.slice(first.length).filter((r) => r[1] === "race")[0]).toEqual([2, "race", "Achaeans", 12, 1, 0, 15, "no", null, null]);
    const sums = ledgerSums(book, 2);
    const mana = second.slice(first.length).filter((r) => r[1] === "mana");
    expect(mana.map((r) => [r[2], [r[8], r[9]]])).toEqual([...sums.entries()]);
    // Ares: the feast's 3 (1 Hearth card × 3), and the century end's 8: 5 war dead × 1, and the
    // Achaeans' strength 15 (12 units + 3) × 50% × 0.4. Paid 3 and 8 (0.6 carried in, 0.6 on).
    expect(sums.get("Ares")).toEqual([11, 11]);
  });

  test("an era's end, credited after its last century ended, shows in that century's mana at the next century end", () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    // Battlefields: 7 counted in century 1 × 0.25 × Ares's 2 War cards = 3.5; 0.6 carried + 3.5 → 4 paid.
    book.eraEnd(1);
    const rows = historyRows(book.centuryEnd(2).plan);
    expect(rows.find((r) => r[0] === 1 && r[2] === "Ares")).toEqual([1, "mana", "Ares", null, null, null, null, null, 26.1, 26]);
    expect(rows.find((r) => r[0] === 1 && r[2] === "Achaeans")).toEqual([1, "race", "Achaeans", 20, 1, 0, 23, "no", null, null]);
  });

  test("ending the latest century again replaces its own rows, and only those", () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    const once = historyRows(book.centuryEnd(2).plan);
    const trojans = book.tables.Races?.find((r) => r[0] === "Trojans");
    if (trojans === undefined) throw new Error("no Trojans");
    trojans[1] = 31;
    const again = historyRows(book.centuryEnd(2).plan);
    expect(again).toHaveLength(once.length);
    expect(again.filter((r) => r[0] === 1)).toEqual(once.filter((r) => r[0] === 1));
    expect(again.find((r) => r[0] === 2 && r[2] === "Trojans")).toEqual([2, "race", "Trojans", 31, 0, 1, 37, "no", null, null]);
  });

  test("a sheet of the gamemaster's called Charts keeps the charts from being written, not the History, never the payment", () => {
    const book = new Book(bookCampaign());
    book.sheets.push("Charts");
    book.titles.set("Charts", "My own charts");
    const end = planCenturyEnd(book.raw(), 1);
    expect(errorsIn(end.problems)).toEqual([]);
    expect(end.plan?.sheets.map((s) => s.name)).not.toContain(STORY_SHEETS.charts);
    expect(end.plan?.sheets.map((s) => s.name)).toContain(STORY_SHEETS.history);
    expect(end.problems.map(describeProblem)).toContain(
      'Workbook: The Charts sheet was not written: the workbook has a sheet of its own called "Charts". Rename it to have the Charts from the next century end on; the payment is not held up.',
    );
  });
});

describe("reading the Campaign History back", () => {
  test("a row left blank or broken among the rows is passed over; the notes under them end the rows", () => {
    const rows = readHistory([
      ["Campaign History"],
      ["The Earth and the mana book at the end of each century, the latest last."],
      [],
      ["Century", "Kind", "Name", "Units"],
      [1, "race", "Achaeans", 20],
      [],
      ["", null, null, null],
      [2, "race", "Achaeans", 12],
      ['A "race" row: a race as its century ended.'],
      [3, "race", "typed under the notes", 1],
    ]);
    expect(rows.map((r) => [r.century, r.name])).toEqual([
      [1, "Achaeans"],
      [2, "Achaeans"],
    ]);
  });
});

describe("the Charts sheet", () => {
  test("two line charts over the numbers they draw: a line per recipient, a line per race, largest first", () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    const end = book.centuryEnd(2);
    const charts = sheetOf(end.plan, STORY_SHEETS.charts);
    const cells = charts.rows.map((r) => r.map((c) => c?.value ?? null));
    const block = (title: string) => {
      const chart = charts.charts?.find((c) => c.title === title);
      if (chart === undefined) throw new Error(`no chart ${title}`);
      const { top, left, bottom, right } = chart.data;
      return cells.slice(top - 1, bottom).map((r) => r.slice(left - 1, right));
    };
    expect(block("Net mana per century, earned less lost")).toEqual([
      ["Century", "Hestia", "Ares", "Demons"],
      ["C1", 24.34, 22.6, 2.85],
      ["C2", 20.34, 9.6, 1.65],
    ]);
    expect(block("Strength of each race per century")).toEqual([
      ["Century", "Trojans", "Achaeans", "Amazons"],
      ["C1", 36, 23, 10],
      ["C2", 36, 23, 10],
    ]);
    // The charts print; the numbers under them do not.
    const bottoms = (charts.charts ?? []).map((c) => c.at.bottom);
    expect(charts.printedRows).toBeGreaterThan(Math.max(...bottoms));
    expect(Math.min(...(charts.charts ?? []).map((c) => c.data.top))).toBeGreaterThan(charts.printedRows ?? 0);
  });

  test("the session packet draws them with each character's mana as the Ledger holds it now: an era's end since is in", () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    book.eraEnd(1);
    const charts = sheetOf(planPacket(book.read()), STORY_SHEETS.charts);
    const mana = charts.charts?.[0];
    if (mana === undefined) throw new Error("no chart");
    const cells = charts.rows.map((r) => r.map((c) => c?.value ?? null));
    // Ares: 22.6 at the century end, 3.5 at the era's end (7 × 0.25 × 2 War cards).
    expect(cells.slice(mana.data.top - 1, mana.data.bottom).map((r) => r.slice(0, mana.data.right))).toEqual([
      ["Century", "Ares", "Hestia", "Demons"],
      ["C1", 26.1, 24.34, 2.85],
    ]);
  });

  test("a debit can take a century's mana below 0: the chart says it draws the net; every packet page names the same century in play", () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    // 30 taken from Ares in century 2, which its century end pays 9.6: 9.6 − 30 = −20.4 net.
    const debit = planDebit(book.read(), "Ares", 30, "Lord's loss");
    expect(errorsIn(debit.problems)).toEqual([]);
    book.write(debit.plan);
    const end = book.centuryEnd(2);
    const charts = sheetOf(end.plan, STORY_SHEETS.charts);
    const mana = charts.charts?.[0];
    if (mana === undefined) throw new Error("no chart");
    expect(mana.title).toBe(NET_MANA_TITLE);
    const cells = charts.rows.map((r) => r.map((c) => c?.value ?? null));
    const block = cells.slice(mana.data.top - 1, mana.data.bottom).map((r) => r.slice(0, mana.data.right));
    expect(block[0]).toEqual(["Century", "Hestia", "Demons", "Ares"]);
    expect(block[2]).toEqual(["C2", 20.34, 1.65, -20.4]);
    // Written by the century end and drawn again by the packet: the century in play, as on the packet's other pages.
    expect(charts.print.footer.left).toBe("Century 3 in play");
    const packet = planPacket(book.read());
    expect(packet.sheets.map((s) => [s.name, s.print.footer.left])).toEqual([
      ["Earth Summary", "Century 3 in play"],
      ["Character Sheets", "Century 3 in play"],
      [STORY_SHEETS.charts, "Century 3 in play"],
    ]);
  });

  test(`at most ${MOST_LINES} lines a chart, the largest, and its title says so`, () => {
    const book = new Book(sized(15, 20));
    const end = book.centuryEnd(1);
    const charts = sheetOf(end.plan, STORY_SHEETS.charts).charts ?? [];
    expect(charts.map((c) => [c.title, c.data.right - c.data.left])).toEqual([
      [`Net mana per century, earned less lost (the ${MOST_LINES} largest of 16)`, MOST_LINES],
      [`Strength of each race per century (the ${MOST_LINES} largest of 20)`, MOST_LINES],
    ]);
  });

  test("a campaign with no races draws the mana alone", () => {
    const book = new Book(
      edit((t) => {
        t.Races = [t.Races?.[0] ?? []];
        t.Pantheon = [t.Pantheon?.[0] ?? []];
      }, bookCampaign()),
    );
    const end = book.centuryEnd(1);
    expect(sheetOf(end.plan, STORY_SHEETS.charts).charts?.map((c) => c.title)).toEqual(["Net mana per century, earned less lost"]);
  });
});

describe("inside Excel", () => {
  test("a century end writes the same Campaign History as in a file, and draws both charts through the charts API", async () => {
    const excel = new MemoryExcel(memoryWorkbook(bookCampaign()));
    const book = new Book(bookCampaign());
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    expect((await endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED })).written).toBe(true);
    book.centuryEnd(1);
    const planned = book.centuryEnd(2).plan;
    // Excel answers an empty cell with "".
    const inExcel = excel.book.values(STORY_SHEETS.history).map((r) => r.map((v) => (v === "" ? null : v)));
    expect(inExcel.slice(inExcel.findIndex((r) => r[0] === "Century") + 1).filter((r) => typeof r[0] === "number")).toEqual(historyRows(planned));
    const sheet = excel.book.sheet(STORY_SHEETS.charts);
    const charts = sheetOf(planned, STORY_SHEETS.charts).charts ?? [];
    expect(sheet?.charts).toEqual(
      charts.map((c) => ({
        type: "Line",
        seriesBy: "Columns",
        legend: "Right",
        title: c.title,
        source: `A${c.data.top}:${String.fromCharCode(64 + c.data.right)}${c.data.bottom}`,
        position: `A${c.at.top}:H${c.at.bottom}`,
      })),
    );
    expect(charts).toHaveLength(2);
  });

  test("the History stays whole until its new version is complete: a century end stopped on its way leaves it as it was", async () => {
    const excel = new RealExcel(memoryWorkbook(bookCampaign()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    const before = excel.book.values(STORY_SHEETS.history);
    // Century 2's write (after two reads and the claim) stops once its sheets are under way, before its commit.
    excel.fault = { at: excel.sent + 4, kind: "cut", actions: 40 };
    await expect(endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED })).rejects.toThrow(/stopped at \d\d:\d\d before it changed anything/);
    delete excel.fault;
    expect(excel.book.values(STORY_SHEETS.history)).toEqual(before);
    // Written in full once it ends: a leftover under the old one is gone with it.
    const sheet = excel.book.sheet(STORY_SHEETS.history);
    if (sheet === undefined) throw new Error("no History");
    sheet.cell(before.length + 2, 0).value = "left over";
    const status = await readStatus(excel.run);
    const stopped = status.stopped[0];
    expect(stopped?.step).toBe("take back");
    await settleStopped(excel.run, stopped?.id ?? "");
    expect(excel.book.sheets.filter((s) => s.name.startsWith("~"))).toEqual([]);
    expect((await endCentury(excel.run, 2, { accepted: HEARTHS_ACCEPTED })).written).toBe(true);
    expect(excel.book.values(STORY_SHEETS.history).some((r) => r.includes("left over"))).toBe(false);
    expect(excel.book.values(STORY_SHEETS.history).filter((r) => r[0] === 2).length).toBeGreaterThan(0);
  });
});
