/**
 * A session's end empties the Cards table's Waiting cells, and what it says is what it did: a
 * cell the reader could not count (#N/A, more waiting than the row's cards) is emptied too and
 * named by its row, and a long list is cut to a few, with how many more.
 */
import { planSessionEnd } from "../../src/workbook/actions/sessions";
import { columnIndex } from "../../src/workbook/model/tableReader";
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { readCampaign } from "../../src/workbook/read/campaign";
import { applyEdits } from "../../src/workbook/plan/edits";
import { edit, rawWorkbook } from "../support/campaigns";

/** The hand-worked campaign with a Waiting column holding these, row by row of its Cards table (Ares War, Ares Hearth, Hestia Hearth, Demons Pit). */
const withWaiting = (waiting: readonly RawCell[]) =>
  rawWorkbook(
    edit((t) => {
      const [head = [], ...rows] = t.Cards ?? [];
      t.Cards = [[...head, "Waiting"], ...rows.map((r, i) => [...r, waiting[i] ?? null])];
    }),
  );

const sessionEnd = (raw: RawWorkbook) => planSessionEnd(raw, readCampaign(raw).campaign, { date: "2026-03-14", entries: [{ god: "Ares", mana: 10 }] });

/** The Waiting cells that hold anything once the plan is carried out. */
function leftWaiting(raw: RawWorkbook): RawCell[] {
  const after = applyEdits(raw, sessionEnd(raw).edits);
  const cards = after.tables.get("cards");
  if (cards === undefined) throw new Error("no Cards table");
  const at = columnIndex(cards, "Waiting");
  return cards.rows.map((r) => r[at] ?? null).filter((c) => c !== null && c !== "");
}

describe("the Waiting cells a session's end empties", () => {
  test("#N/A beside a counted one: both emptied, and the message names the one it could not count", () => {
    const raw = withWaiting([1, null, { error: "#N/A" }, null]);
    const plan = sessionEnd(raw);
    expect(plan.message).toContain("The cards gained during the session earn from now on: Ares 1 War (the Cards table's Waiting cells emptied).");
    expect(plan.message).toContain(
      "The Cards table's Waiting cell that could not be counted (row 4: #N/A) is emptied too: every card of its row earns from now on.",
    );
    expect(leftWaiting(raw)).toEqual([]);
  });

  test("4 waiting on a row of 3 cards, and text: emptied and named, so that all their cards earn", () => {
    const raw = withWaiting([null, 4, "two", 0]);
    const plan = sessionEnd(raw);
    expect(plan.message).not.toContain("earn from now on: ");
    expect(plan.message).toContain(
      'The Cards table\'s Waiting cells that could not be counted (row 3: 4; row 4: "two") are emptied too: every card of their rows earns from now on.',
    );
    expect(leftWaiting(raw)).toEqual([0]);
    const after = readCampaign(applyEdits(raw, plan.edits));
    expect(after.problems.filter((p) => p.column === "Waiting")).toEqual([]);
  });

  test("nothing waiting: the Cards table is left alone and nothing is said of it", () => {
    const plan = sessionEnd(withWaiting([null, 0, null, null]));
    expect(plan.edits.filter((e) => "table" in e && e.table === "Cards")).toEqual([]);
    expect(plan.message).not.toMatch(/Waiting/);
  });

  test("200 rows that could not be counted: the message names ten, and counts the rest", () => {
    const raw = rawWorkbook(
      edit((t) => {
        t.Cards = [["God", "Sphere", "Cards", "Waiting"], ...Array.from({ length: 200 }, (_, i): RawCell[] => ["Ares", `Sphere ${i}`, 1, { error: "#N/A" }])];
      }),
    );
    const plan = sessionEnd(raw);
    expect(plan.message).toContain(
      "(row 2: #N/A; row 3: #N/A; row 4: #N/A; row 5: #N/A; row 6: #N/A; row 7: #N/A; row 8: #N/A; row 9: #N/A; row 10: #N/A; row 11: #N/A… and 190 more)",
    );
    expect(plan.message.length).toBeLessThan(2000);
    expect(plan.edits.filter((e) => "table" in e && e.table === "Cards")).toHaveLength(200);
  });
});
