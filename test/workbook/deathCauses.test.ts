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
      "Deaths table: the workbook has no table or sheet named Deaths, so every source that counts deaths (Battle dead, All dead) would count 0. Add a Deaths table (gods init makes one), even if it has no rows yet.",
    ]);
    const renamed = edit((x) => {
      x["Death Log"] = x.Deaths as Rows;
      delete x.Deaths;
    });
    expect(errors(renamed)).toEqual([
      'Deaths table: the workbook has no table or sheet named Deaths, so every source that counts deaths (Battle dead, All dead) would count 0. The sheet "Death Log" looks like it: if it is, rename it Deaths.',
    ]);
  });
});
