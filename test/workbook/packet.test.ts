/**
 * The session packet's Earth Summary, planned from the example campaign of `gods init --example`
 * and from variations of it. By hand, from the example's Races and Pantheon tables:
 *   Ultra-Dwarves: 40 units, 1 city → strength 40 + 3 = 43; Vorn 60, Solara 30, Atheism 10.
 *   River Men: 45 units, 1 city, 1 great city → 45 + 3 + 6 = 54; Solara 40, Mirelle 35, Vorn 25.
 *   Sea Folk: 30 units, 2 cities → 30 + 6 = 36.
 *   All six races: units 40 + 65 + 30 + 50 + 12 + 45 = 242; cities 1 + 2 + 1 = 4; great cities 1;
 *   strength 43 + 65 + 36 + 50 + 12 + 54 = 260.
 */
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { PACKET_SHEETS, STORY_SHEETS } from "../../src/workbook/model/schema";
import { PRINTABLE_WIDTH, printedWidth, type PlanCell, type SheetPlan } from "../../src/workbook/plan/layout";
import { planPacket } from "../../src/workbook/actions/packet";
import { readCampaign } from "../../src/workbook/read/campaign";
import { Book } from "../support/book";
import { exampleTables, rawWorkbook, type Tables } from "../support/campaigns";

const packetOf = (tables: Tables) => planPacket(readCampaign(rawWorkbook(tables)));

function summary(tables: Tables = exampleTables()): SheetPlan {
  const outcome = packetOf(tables);
  expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
  const sheet = outcome.sheets[0];
  if (sheet === undefined) throw new Error("no Earth Summary");
  return sheet;
}

const values = (sheet: SheetPlan) => sheet.rows.map((r) => r.map((c) => c?.value ?? null));
/** The row whose first cell is `first`. */
const rowOf = (sheet: SheetPlan, first: string): (PlanCell | null)[] => {
  const row = sheet.rows.find((r) => r[0]?.value === first);
  if (row === undefined) throw new Error(`no row ${first}`);
  return [...row];
};

/** The example with its tables changed. */
function changed(change: (t: Tables) => void): Tables {
  const t = exampleTables();
  change(t);
  return t;
}

describe("the Earth Summary", () => {
  test("the example campaign: one line per race, worked by hand, and the totals", () => {
    const sheet = summary();
    expect(sheet.name).toBe(PACKET_SHEETS.earth);
    const rows = values(sheet);
    expect(rows[0]).toEqual(["Earth Summary"]);
    expect(rows[1]?.[0]).toMatch(/^Century 1 in play: /);
    expect(rows[3]).toEqual(["Race", "Units", "Cities", "Great cities", "Strength", "Culture", "Turmoil", "Military", "Aggression", "Pantheon"]);
    expect(rows[4]).toEqual(["Ultra-Dwarves", 40, 1, 0, 43, "civilized", "no", 8, 2, "Vorn 60%, Solara 30%, Atheism 10%"]);
    expect(rows[6]).toEqual(["Sea Folk", 30, 2, 0, 36, "civilized", "no", 3, 1, "Mirelle 70%, Solara 20%, Atheism 10%"]);
    expect(rows[7]).toEqual(["Ash Orcs", 50, 0, 0, 50, "barbarian", "yes", 4, 5, "Vorn 80%, Diabolism 20%"]);
    expect(rows[9]).toEqual(["River Men", 45, 1, 1, 54, "civilized", "no", 4, 1, "Solara 40%, Mirelle 35%, Vorn 25%"]);
    expect(rows[10]?.slice(0, 5)).toEqual(["All 6 races", 242, 4, 1, 260]);
    // Strength and totals are ordinary formulas with the values as their results.
    expect(rowOf(sheet, "River Men")[4]).toEqual({ value: 54, style: "integer", formula: "B10+3*C10+6*D10" });
    expect(rowOf(sheet, "All 6 races").map((c) => c?.formula ?? null)).toEqual([
      null,
      "SUM(B5:B10)",
      "SUM(C5:C10)",
      "SUM(D5:D10)",
      "SUM(E5:E10)",
      null,
      null,
      null,
      null,
      null,
    ]);
    // A race in turmoil is marked.
    expect(rowOf(sheet, "Ash Orcs")[6]?.style).toBe("missing");
  });

  test("prints one page wide at 100%, the title and the headers on every page, a footer naming the century", () => {
    const sheet = summary();
    expect(sheet.print.pagesWide).toBe(1);
    expect(sheet.print.titleRows).toBe(4);
    expect(sheet.print.footer).toEqual({ left: "Century 1 in play", center: "Earth Summary", right: "Page {page} of {pages}" });
    expect(printedWidth(sheet.columnWidths)).toBeLessThanOrEqual(PRINTABLE_WIDTH[sheet.print.orientation]);
    // Without the optional columns it stands upright.
    const plain = summary(
      changed((t) => {
        t.Races = (t.Races ?? []).map((r) => r.slice(0, 4));
      }),
    );
    expect(values(plain)[3]).toEqual(["Race", "Units", "Cities", "Great cities", "Strength", "Pantheon"]);
    expect(plain.print.orientation).toBe("portrait");
    expect(printedWidth(plain.columnWidths)).toBeLessThanOrEqual(PRINTABLE_WIDTH.portrait);
  });

  test("the pantheon line puts the largest share first; thirds are shown as the Pantheon table would hold them, adding up to 100%", () => {
    const sheet = summary(
      changed((t) => {
        t.Pantheon = [
          ...(t.Pantheon ?? []).filter((r) => r[0] !== "Low Elves" && r[0] !== "Cave Trolls"),
          // smallest first in the table
          ["Low Elves", "Diabolism", 0.2],
          ["Low Elves", "Kettu", 0.3],
          ["Low Elves", "Solara", 0.5],
          // three equal shares, as a cell holds a third
          ["Cave Trolls", "Kettu", 1 / 3],
          ["Cave Trolls", "Vorn", 1 / 3],
          ["Cave Trolls", "Atheism", 1 / 3],
        ];
      }),
    );
    expect(rowOf(sheet, "Low Elves")[9]?.value).toBe("Solara 50%, Kettu 30%, Diabolism 20%");
    expect(rowOf(sheet, "Cave Trolls")[9]?.value).toBe("Kettu 33.3334%, Vorn 33.3333%, Atheism 33.3333%");
  });

  test("the century in play follows the Ledger", () => {
    const book = new Book(exampleTables());
    book.centuryEnd(1);
    const outcome = planPacket(book.read());
    expect(outcome.century).toBe(2);
    expect(outcome.sheets[0]?.print.footer.left).toBe("Century 2 in play");
    expect(String(outcome.sheets[0]?.rows[1]?.[0]?.value)).toMatch(/^Century 2 in play/);
  });

  test("once a century has ended, the packet draws the Charts again, the same as the century end wrote them", () => {
    const book = new Book(exampleTables());
    expect(planPacket(book.read()).sheets.map((s) => s.name)).toEqual([PACKET_SHEETS.earth, PACKET_SHEETS.characters]);
    const end = book.centuryEnd(1);
    const packet = planPacket(book.read());
    expect(packet.sheets.map((s) => s.name)).toEqual([PACKET_SHEETS.earth, PACKET_SHEETS.characters, STORY_SHEETS.charts]);
    expect(packet.sheets[2]).toEqual(end.plan?.sheets.find((s) => s.name === STORY_SHEETS.charts));
  });

  test("an empty Races table: the headers, totals of 0 without formulas, and a note", () => {
    const sheet = summary(
      changed((t) => {
        t.Races = (t.Races ?? []).slice(0, 1);
        t.Pantheon = (t.Pantheon ?? []).slice(0, 1);
      }),
    );
    const rows = values(sheet);
    expect(rows[4]?.slice(0, 5)).toEqual(["All 0 races", 0, 0, 0, 0]);
    expect(sheet.rows[4]?.some((c) => c?.formula !== undefined)).toBe(false);
    expect(rows).toContainEqual(["The Races table has no races yet."]);
  });

  test("a race with no pantheon rows is listed and marked; the warning holds nothing back (the packet pays nobody)", () => {
    const outcome = packetOf(
      changed((t) => {
        t.Pantheon = (t.Pantheon ?? []).filter((r) => r[0] !== "Cave Trolls");
      }),
    );
    expect(outcome.sheets.map((s) => s.name)).toEqual(["Earth Summary", "Character Sheets"]);
    const line = rowOf(outcome.sheets[0] as SheetPlan, "Cave Trolls");
    expect(line[9]).toEqual({ value: "(no rows in the Pantheon table)", style: "missing" });
    expect(outcome.races.find((r) => r.race === "Cave Trolls")?.pantheon).toBeNull();
    expect(outcome.problems.some((p) => p.changesPay === true)).toBe(false);
    expect(outcome.problems.map(describeProblem).join("\n")).toMatch(/Cave Trolls/);
  });

  test("names that look like formulas stay text", () => {
    const hostile = ["=1+1", "+Elves", "-Orcs", "@Trolls"];
    const sheet = summary(
      changed((t) => {
        const names = ["Ultra-Dwarves", "Low Elves", "Ash Orcs", "Cave Trolls"];
        const rename = (v: unknown) => {
          const at = names.indexOf(String(v));
          return at < 0 ? v : hostile[at];
        };
        for (const table of [t.Races ?? [], t.Pantheon ?? []]) for (const r of table.slice(1)) r[0] = rename(r[0]) as string;
        // A god of that name, too, everywhere it is named.
        for (const table of Object.values(t)) for (const r of table) r.forEach((v, i) => v === "Kettu" && (r[i] = "=Kettu"));
      }),
    );
    for (const name of hostile) {
      const cell = rowOf(sheet, name)[0];
      expect(cell?.value).toBe(name);
      expect(cell?.formula).toBeUndefined();
      expect(["text", "shrunk"]).toContain(cell?.style);
    }
    expect(rowOf(sheet, "@Trolls")[9]).toEqual({ value: "=Kettu 100%", style: "text" });
  });

  test("refused, nothing planned: a race the Races table cannot read, a pantheon that does not add up, a sheet of the gamemaster's by that name", () => {
    const bad = packetOf(
      changed((t) => {
        (t.Races as unknown[][])[2] = ["Low Elves", "many", 0, 0, "barbarian", "no"];
      }),
    );
    expect(bad.sheets).toEqual([]);
    expect(errorsIn(bad.problems).map(describeProblem)).toEqual([expect.stringMatching(/^Races table, row 3, column Units/)]);

    const shares = packetOf(
      changed((t) => {
        t.Pantheon = (t.Pantheon ?? []).map((r) => (r[0] === "Ash Orcs" && r[1] === "Vorn" ? ["Ash Orcs", "Vorn", 70] : r));
      }),
    );
    expect(shares.sheets).toEqual([]);
    expect(errorsIn(shares.problems).map(describeProblem)).toEqual([expect.stringMatching(/Pantheon table.*Ash Orcs.*90/)]);

    const raw = rawWorkbook(exampleTables());
    const mine = planPacket(
      readCampaign({ ...raw, sheetNames: [...raw.sheetNames, "Earth Summary"], sheetTitles: new Map([["Earth Summary", "My notes on Earth"]]) }),
    );
    expect(mine.sheets).toEqual([]);
    expect(errorsIn(mine.problems).map(describeProblem)).toEqual([expect.stringMatching(/a sheet "Earth Summary" that the add-in did not make/)]);
    // One of the add-in's own, known by its title, is replaced.
    const ours = planPacket(
      readCampaign({ ...raw, sheetNames: [...raw.sheetNames, "Earth Summary"], sheetTitles: new Map([["Earth Summary", "Earth Summary"]]) }),
    );
    expect(ours.sheets.map((s) => s.name)).toEqual(["Earth Summary", "Character Sheets"]);
  });
});
