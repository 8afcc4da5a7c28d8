/** Deaths logged under causes no source counts. */
import { describeProblem } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { edit, handWorked, rawWorkbook, type Rows, type Tables } from "../support/campaigns";

describe("deaths the sources do not count", () => {
  /** The warnings about causes (the hand-worked campaign's century-2 row, waiting for its century, is named apart). */
  function warnings(tables: Tables): string[] {
    return planCenturyEnd(rawWorkbook(tables), 1)
      .problems.filter((p) => p.severity === "warning" && p.column !== "Century")
      .map(describeProblem);
  }

  test("a misspelt cause is pointed out; a cause no sphere draws on is not", () => {
    expect(warnings(edit((x) => ((x.Deaths as unknown[][])[2] = [1, "wars", 4, "Trojans", null])))).toEqual([
      'Deaths table, row 3, column Cause: 4 deaths in century 1 logged as "wars" are not counted by the sources of that cause. Did you mean "war"? Correct the cause if it is a misspelling. As typed, Ares earns 18.6 instead of 22.6.',
    ]);
    expect(warnings(handWorked())).toEqual([]);
  });

  test("no Deaths table at all, while sources count deaths: an error, naming a sheet that looks like it", () => {
    const errors = (tables: Tables) =>
      planCenturyEnd(rawWorkbook(tables), 1)
        .problems.filter((p) => p.severity === "error")
        .map(describeProblem);
    expect(errors(edit((x) => delete x.Deaths))).toEqual([
      "Deaths table: the workbook has no table or sheet named Deaths, so every source that counts deaths (Battle dead, All dead) would count 0. Add a Deaths table, even with no rows yet (gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane).",
    ]);
    const renamed = edit((x) => {
      x["Death Log"] = x.Deaths as Rows;
      delete x.Deaths;
    });
    expect(errors(renamed)).toEqual([
      "Deaths table: the workbook has no table or sheet named Deaths, so every source that counts deaths (Battle dead, All dead) would count 0. The sheet \"Death Log\" looks like it: if it holds the Deaths table's columns (Century, Cause, Units, Race, Note) with their headers in row 1, rename it Deaths. If it is kept otherwise (a title over the headers, merged headers, a totals row), gods adopt brings it into the campaign's tables and leaves it as it is (see docs/adopt.md); or add an empty Deaths table (gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane) and type the deaths in it, each row with its Century.",
    ]);
    // Counts kept a sheet per century: no rename is advised (the sheet has no Century column, and would leave the others out).
    const perCentury = edit((x) => {
      x["Counts 1"] = [
        ["Source", "Count"],
        ["Hearths", 4],
      ];
      delete x.Counts;
    });
    expect(errors(perCentury)).toEqual([
      'Counts table: the workbook has no table or sheet named Counts, so every source that counts a count (Hearths) would count 0. The sheet "Counts 1" looks like counts kept by hand, a sheet per century, which no rename makes the Counts table: gods adopt brings such sheets into the campaign\'s tables and leaves them as they are (see docs/adopt.md). Or add an empty Counts table (gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane) and type the counts in it, each row with its Century.',
    ]);
  });
});
