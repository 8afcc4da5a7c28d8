/** Names and lists from the workbook as messages show them: bounded, whatever the file holds. */
import { LIST_SHOWN, NAME_SHOWN, shownList, shownName } from "../../src/workbook/model/shown";
import { planEvent } from "../../src/workbook/actions/event";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { readCampaign } from "../../src/workbook/read/campaign";
import { edit, rawWorkbook } from "../support/campaigns";

describe("shownName", () => {
  test("a name of 80 characters or fewer is shown whole", () => {
    expect(shownName("Solara")).toBe("Solara");
    expect(shownName("x".repeat(NAME_SHOWN))).toBe("x".repeat(NAME_SHOWN));
  });

  test("a longer one is cut to 80 characters, the last an ellipsis; 20 MB makes no longer a message", () => {
    expect(shownName("x".repeat(NAME_SHOWN + 1))).toBe(`${"x".repeat(NAME_SHOWN - 1)}…`);
    const huge = shownName("y".repeat(20_000_000));
    expect(huge).toHaveLength(NAME_SHOWN);
    expect(huge.endsWith("…")).toBe(true);
    expect(shownName("abcdef", 4)).toBe("abc…");
  });

  test("a control character is a space: a name cannot break the line or move the cursor", () => {
    expect(shownName("Sol\nara\u001b[2J")).toBe("Sol ara [2J");
    expect(shownName(`${"\t".repeat(100)}x`)).toBe(`${" ".repeat(NAME_SHOWN - 1)}…`);
  });

  test("an emoji is never cut in half", () => {
    const name = `${"a".repeat(NAME_SHOWN - 2)}😀😀`;
    const shown = shownName(name);
    expect(shown).toBe(`${"a".repeat(NAME_SHOWN - 2)}…`);
    expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("shownList", () => {
  test("ten items or fewer are listed whole", () => {
    expect(shownList(["Ares", "Hestia", "Zeus"])).toBe("Ares, Hestia, Zeus");
    expect(shownList([])).toBe("");
  });

  test("more are cut after ten, saying how many more there are", () => {
    const items = Array.from({ length: 20_000 }, (_, i) => `row ${i + 1}`);
    expect(shownList(items)).toBe(`${items.slice(0, LIST_SHOWN).join(", ")}… and 19,990 more`);
    expect(shownList(["Ares", "Hestia", "Zeus"], 2)).toBe("Ares, Hestia… and 1 more");
    expect(shownList(["a", "b", "c"], 1, "; ")).toBe("a… and 2 more");
  });
});

describe("the workbook's lists in messages", () => {
  test("an event nobody knows: the known events named, ten of 300, each name cut at 80 characters", () => {
    const raw = rawWorkbook(
      edit((t) => {
        for (let i = 0; i < 300; i++) t.Sources?.push(["Hearth", `${String(i).padStart(3, "0")} ${"z".repeat(150)}`, "count", 1, "no", null, "event"]);
      }),
    );
    const [refusal] = errorsIn(planEvent(readCampaign(raw), "Nothing happened").problems).map(describeProblem);
    expect(refusal).toMatch(/^Sources table: there is no event "Nothing happened"\. The known events: 000 z+…, 001 z+…, /);
    expect(refusal).toMatch(/, 009 z+…… and 291 more\.$/);
    expect(refusal?.length).toBeLessThan(1000);
  });
});
