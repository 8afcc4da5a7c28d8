/** Deaths logged under causes no source counts. */
import { describeProblem } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/plan/centuryEnd";
import { edit, handWorked, rawWorkbook, type Tables } from "../support/campaigns";

describe("deaths the sources do not count", () => {
  function warnings(tables: Tables): string[] {
    return planCenturyEnd(rawWorkbook(tables), 1).problems.filter((p) => p.severity === "warning").map(describeProblem);
  }

  test("a misspelt cause is pointed out; a cause no sphere draws on is not", () => {
    expect(warnings(edit((x) => ((x.Deaths as unknown[][])[2] = [1, "wars", 4, "Trojans", null])))).toEqual([
      'Deaths table, column Cause: deaths logged as "wars" in century 1 are not counted by the sources of "war"; if it is a misspelling, correct it.',
    ]);
    expect(warnings(handWorked())).toEqual([]);
  });

  test("no Deaths table at all, while sources count deaths", () => {
    expect(warnings(edit((x) => delete x.Deaths))).toEqual(["Deaths table: there is no Deaths table, so every source that counts deaths counts 0."]);
  });
});
