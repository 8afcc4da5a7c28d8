/**
 * Reading sheets kept by hand and proposing the campaign, from raw cells, without a file: what the
 * pane's "Bring in my records" shows is this proposal.
 */
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { proposeAdoption } from "../../src/workbook/actions/adopt/plan";
import { sharesOf, roundedCarry } from "../../src/workbook/actions/adopt/cells";
import { centuryOfName, headerRowOf, isTotalsRow } from "../../src/workbook/actions/adopt/shape";
import type { HandSheet } from "../../src/workbook/actions/adopt/types";
import { formatExact, ratio } from "../../src/engine/exact";
import { errorsIn } from "../../src/workbook/model/problems";

const sheet = (name: string, rows: RawCell[][], unsaved: { row: number; column: number }[] = []): HandSheet => ({ name, rows, merges: [], unsaved });
const empty: RawWorkbook = { tables: new Map(), sheetNames: [] };

const GODS = sheet("The gods", [["Gods of the north"], [], ["Name", "Rank", "Fire", "Ice"], ["Ysolde", "Greater", 2, 0], ["Brann  ", "lesser", 0, 1]]);

describe("the shape of a sheet kept by hand", () => {
  test("a century from the sheet's name: sure with C or Century, a guess with a bare number", () => {
    expect(centuryOfName("Deaths C3")).toEqual({ century: 3, sure: true });
    expect(centuryOfName("C12 Deaths")).toEqual({ century: 12, sure: true });
    expect(centuryOfName("Century 3")).toEqual({ century: 3, sure: true });
    expect(centuryOfName("Deaths 3")).toEqual({ century: 3, sure: false });
    expect(centuryOfName("Deaths")).toBeUndefined();
  });

  test("headers under titles; totals rows", () => {
    expect(headerRowOf(GODS)).toBe(3);
    expect(
      headerRowOf(
        sheet("x", [
          ["A title", null],
          [1, 2],
        ]),
      ),
    ).toBeUndefined();
    expect(isTotalsRow(["Total", null, 5])).toBe(true);
    expect(isTotalsRow([null, "Totals:", 5])).toBe(true);
    expect(isTotalsRow(["War", "All the dead", 0.1])).toBe(false);
  });

  test("shares as text, and carries rounded to the Ledger's millionths", () => {
    expect(sharesOf("Solara 40%, Vorn 25%; Diabolism: 20 , Atheism 15")).toEqual([
      { member: "Solara", share: 40 },
      { member: "Vorn", share: 25 },
      { member: "Diabolism", share: 20 },
      { member: "Atheism", share: 15 },
    ]);
    expect(sharesOf("Solara (60%) and 40% Vorn")).toEqual([
      { member: "Solara", share: 60 },
      { member: "Vorn", share: 40 },
    ]);
    expect(sharesOf("Solara forty")).toBe('"Solara forty" is not a member and a share (write them like "Solara 40%, Vorn 25%").');
    const third = roundedCarry(ratio(1, 3));
    expect([formatExact(third.carry), third.rounded]).toEqual(["0.333333", true]);
    expect(roundedCarry(ratio(79, 100))).toEqual({ carry: ratio(79, 100), rounded: false });
  });
});

describe("proposeAdoption", () => {
  test("near-name columns are guesses; cards as a column per sphere; counts per century from the sheet's name", () => {
    const counts = sheet("Counts C4", [
      ["Source", "Count"],
      ["Hearths", 7],
      ["Total", 7],
    ]);
    const a = proposeAdoption(empty, [GODS, counts], { century: 3 });
    expect(errorsIn(a.problems)).toEqual([]);
    expect(a.guesses).toEqual([]);
    const rows = (table: string) => a.edits.flatMap((e) => (e.kind === "create" && e.layout.name === table ? e.rows : []));
    expect(rows("Gods")).toEqual([
      { God: "Ysolde", Kind: "greater" },
      { God: "Brann", Kind: "lesser" },
    ]);
    expect(rows("Cards")).toEqual([
      { God: "Ysolde", Sphere: "Fire", Cards: 2 },
      { God: "Brann", Sphere: "Ice", Cards: 1 },
    ]);
    expect(rows("Counts")).toEqual([{ Century: 4, Source: "Hearths", Count: 7 }]);
    expect(a.skipped).toEqual([{ sheet: "Counts C4", row: 3, why: "a totals row" }]);
    const typo = sheet("Deaths C2", [
      ["Cuase", "Units"],
      ["war", 3],
    ]);
    expect(proposeAdoption(empty, [GODS, typo], { century: 3 }).guesses).toEqual([`'Deaths C2': the column "Cuase" was read as Cause (a near name).`]);
  });

  test("a name merged down over several rows is read in each of them", () => {
    const races: HandSheet = {
      name: "Races",
      rows: [
        ["Race", "Units", "Member", "Share"],
        ["Elves", 10, "Ysolde", 60],
        [null, null, "Brann", 40],
      ],
      merges: [
        { top: 2, left: 1, bottom: 3, right: 1 },
        { top: 2, left: 2, bottom: 3, right: 2 },
      ],
      unsaved: [],
    };
    const a = proposeAdoption(empty, [GODS, races], { century: 1 });
    expect(errorsIn(a.problems)).toEqual([]);
    const rows = (table: string) => a.edits.flatMap((e) => (e.kind === "create" && e.layout.name === table ? e.rows : []));
    expect(rows("Pantheon")).toEqual([
      { Race: "Elves", Member: "Ysolde", Share: 60 },
      { Race: "Elves", Member: "Brann", Share: 40 },
    ]);
    expect(rows("Races")).toEqual([{ Race: "Elves", Units: 10 }]);
  });

  test("what cannot be read is named by its cell, and nothing is planned", () => {
    const deaths = sheet(
      "Deaths C1",
      [
        ["Cause", "Units"],
        ["war", { error: "#N/A" }],
        ["fire", 2.5],
        ["water", null],
      ],
      [{ row: 4, column: 2 }],
    );
    const a = proposeAdoption(empty, [GODS, deaths], { century: 1 });
    expect(errorsIn(a.problems).map((p) => [p.address, p.message])).toEqual([
      ["'Deaths C1'!B2", "cell B2 shows the error #N/A; put a value there, or leave the row out."],
      ["'Deaths C1'!B4", "cell B4 holds a formula with no saved result; open and save the file in Excel or LibreOffice once, then try again."],
      ["'Deaths C1'!B3", "2.5 is not a number of units (a whole number, 0 or more)."],
    ]);
    expect(a.edits).toEqual([]);
  });

  test("opening carries: the latest mana sheet up to the century, --carry over it, names matched", () => {
    const mana = (c: number, carry: number) =>
      sheet(`Mana C${c}`, [
        ["God", "Paid", "Carry over"],
        ["ysolde", 3, carry],
        ["Demons", 1, 0],
      ]);
    const a = proposeAdoption(empty, [GODS, mana(1, 0.5), mana(2, 0.125), mana(3, 0.9)], { century: 2, carry: [["BRANN", "-1.5"]] });
    expect(a.opening).toEqual([
      { god: "Ysolde", carry: "0.125", from: "'Mana C2'!C2" },
      { god: "Brann", carry: "-1.5", from: "--carry" },
    ]);
  });
});
