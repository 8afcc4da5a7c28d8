/**
 * Between sessions: the mana each character holds at a session's end, and sphere cards bought,
 * planned on the hand-worked campaign (test/support/campaigns.ts) and carried out inside the
 * in-memory Excel. The figures "would have earned" are the header's century 1 worked again by
 * hand with one card more:
 *   Ares +1 Hearth (1 → 2): Faithful 0.1·2 + 0.2·2 = 0.6 (was 0.4); 22.6 + 11.5 × 0.2 = 24.9, +2.3.
 *   Ares +1 War (2 → 3): Battle dead 0.5·3 = 1.5, Faithful 0.5; 22.6 + 14 × 0.5 + 11.5 × 0.1 = 30.75, +8.15.
 *   Hestia -1 Hearth (3 → 2): 24.34 − 33.9 × 0.2 = 17.56, -6.78 (Hearths is flat: ×1 either way).
 *   Demons +1 Pit (1 → 2): 2.85 + 4.6 × 0.25 = 4 (All dead is flat), +1.15.
 */
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planCards, cardsMessage } from "../../src/workbook/actions/cards";
import { planSessionEnd } from "../../src/workbook/actions/sessions";
import { readCampaign } from "../../src/workbook/read/campaign";
import { afterCenturyEnd } from "../../src/workbook/plan/after";
import { applyEdits } from "../../src/workbook/plan/edits";
import type { RawWorkbook } from "../../src/workbook/model/raw";
import { formatExact } from "../../src/engine/exact";
import { readStatus } from "../../src/workbook/office/tools";
import { changeCards, recordSessionEnd } from "../../src/workbook/office/between";
import { counted, MemoryExcel } from "../support/memoryExcel";
import { edit, handWorked, memoryWorkbook, rawWorkbook } from "../support/campaigns";

/** The hand-worked campaign with century 1 paid. */
function paid(): RawWorkbook {
  const raw = rawWorkbook(handWorked());
  const outcome = planCenturyEnd(raw, 1);
  if (outcome.plan === undefined) throw new Error("century 1 should be paid");
  return afterCenturyEnd(raw, outcome.plan, true);
}

const session = (raw: RawWorkbook, entries: { god: string; mana: number }[], date = "2026-03-14", fromGods = false) =>
  planSessionEnd(raw, readCampaign(raw).campaign, { date, entries, fromGods });

describe("the end of a session", () => {
  test("a Sessions table made, the Gods table's Mana column added, the inflation advice from the figures", () => {
    const raw = rawWorkbook(handWorked());
    const plan = session(raw, [
      { god: "hestia", mana: 40 },
      { god: "Ares", mana: 70 },
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.edits).toEqual([
      {
        kind: "create",
        layout: expect.objectContaining({ name: "Sessions", headers: ["Date", "Century", "God", "Mana"] }) as unknown,
        rows: [
          { Date: "2026-03-14", Century: 1, God: "Ares", Mana: 70 },
          { Date: "2026-03-14", Century: 1, God: "Hestia", Mana: 40 },
        ],
      },
      { kind: "addColumn", table: "Gods", header: "Mana", values: [70, 40, null] },
    ]);
    // (70 + 40) / 2 = 55: above 50, so halve every source.
    expect(plan.inflation).toMatchObject({ average: 55, factor: 0.5, characters: 2, unwritten: ["Lilith"] });
    expect(plan.message).toMatch(/^Recorded the mana of 2 characters at the end of the session of 2026-03-14 \(century 1 in play\)\. .*factor of 0\.5/);
  });

  test("earlier sessions are kept; the same date again corrects its rows; Mana cells updated where they change", () => {
    const raw = rawWorkbook(handWorked());
    const first = applyEdits(raw, session(raw, [{ god: "Ares", mana: 70 }]).edits);
    const second = session(
      first,
      [
        { god: "Ares", mana: 12 },
        { god: "Hestia", mana: 3 },
      ],
      "2026-04-01",
    );
    expect(second.edits).toEqual([
      {
        kind: "append",
        table: "Sessions",
        rows: [
          { Date: "2026-04-01", Century: 1, God: "Ares", Mana: 12 },
          { Date: "2026-04-01", Century: 1, God: "Hestia", Mana: 3 },
        ],
      },
      { kind: "update", table: "Gods", index: 0, values: { Mana: 12 } },
      { kind: "update", table: "Gods", index: 1, values: { Mana: 3 } },
    ]);
    const after = applyEdits(first, second.edits);
    const again = session(after, [{ god: "Hestia", mana: 5 }], "2026-04-01");
    expect(again.edits).toEqual([
      { kind: "update", table: "Sessions", index: 2, values: { Date: "2026-04-01", Century: 1, God: "Hestia", Mana: 5 } },
      { kind: "update", table: "Gods", index: 1, values: { Mana: 5 } },
    ]);
    expect(again.message).toContain("It corrects the figures recorded earlier for that date.");
    expect(applyEdits(after, again.edits).tables.get("sessions")?.rows).toEqual([
      ["2026-03-14", 1, "Ares", 70],
      ["2026-04-01", 1, "Ares", 12],
      ["2026-04-01", 1, "Hestia", 5],
    ]);
  });

  test("--from-gods: the figures typed in the Mana column, the ones given first", () => {
    const raw = rawWorkbook(
      edit(
        (t) =>
          (t.Gods = [
            ["God", "Kind", "Mana"],
            ["Ares", "greater", 8],
            ["Hestia", "lesser", 9],
            ["Lilith", "demon", 4],
          ]),
      ),
    );
    const plan = session(raw, [{ god: "Lilith", mana: 6 }], "2026-03-14", true);
    expect(plan.lines.map((l) => [l.god, l.mana, l.before])).toEqual([
      ["Ares", 8, 8],
      ["Hestia", 9, 9],
      ["Lilith", 6, 4],
    ]);
    const empty = rawWorkbook(
      edit(
        (t) =>
          (t.Gods = [
            ["God", "Kind", "Mana"],
            ["Ares", "greater", 8],
            ["Hestia", "lesser", null],
          ]),
      ),
    );
    expect(session(empty, [], "2026-03-14", true).problems[0]?.message).toBe("Hestia's Mana cell is empty: write the mana it holds there, or give it.");
  });

  test.each([
    [[{ god: "Aers", mana: 3 }], '"Aers" is not in the Gods table. Did you mean "Ares"?'],
    [[{ god: "Zeus", mana: 3 }], '"Zeus" is not in the Gods table.'],
    [[{ god: "Ares", mana: -3 }], "Ares's mana is -3, below 0: a character holds 0 mana or more (what it owes goes in the book as a debit)."],
    [[{ god: "Ares", mana: 2.5 }], "Ares's mana is 2.5, not a whole number: characters hold mana in whole units."],
    [
      [
        { god: "Ares", mana: 3 },
        { god: " ares ", mana: 4 },
      ],
      "Ares is given twice (3 and 4): give each character once.",
    ],
    [[], "no character's mana was given: give at least one."],
  ])("refused in one sentence, nothing to write: %j", (entries, message) => {
    const plan = session(rawWorkbook(handWorked()), entries);
    expect(plan.edits).toEqual([]);
    expect(plan.problems.map((p) => p.message)).toEqual([message]);
  });

  test("a date that is not one is refused", () => {
    expect(session(rawWorkbook(handWorked()), [{ god: "Ares", mana: 1 }], "2026-02-30").problems[0]?.message).toBe(
      '"2026-02-30" is not a date: write it as YYYY-MM-DD, such as 2026-03-14.',
    );
  });
});

describe("cards gained during a session earn from the next (seed 000, Promoting New Greater Gods)", () => {
  // Ares holds a third War card, gained during the session: 1 of his 3 waits.
  const waiting = (w: number | null) =>
    edit((t) => {
      t.Cards = [["God", "Sphere", "Cards", "Waiting"], ["Ares", "War", 3, w], ...(t.Cards ?? []).slice(2)];
    });
  const aresEarns = (raw: RawWorkbook) => planCenturyEnd(raw, 1).payments.find((p) => p.god === "Ares")?.earned;

  test("a waiting card earns nothing until the session's end: century 1 pays Ares as with 2 War cards, and says why", () => {
    expect(aresEarns(rawWorkbook(waiting(1)))).toBe(22.6);
    expect(aresEarns(rawWorkbook(waiting(null)))).toBe(30.75);
    expect(aresEarns(rawWorkbook(waiting(0)))).toBe(30.75);
    const said = planCenturyEnd(rawWorkbook(waiting(1)), 1).problems.filter((p) => p.column === "Waiting");
    expect(said.map((p) => [p.severity, p.changesPay === true, p.row, p.message])).toEqual([
      [
        "warning",
        false,
        2,
        "1 of Ares's 3 War cards was gained during this session and earns from the next: it pays nothing until the session's end is recorded (2 of 3 earn now).",
      ],
    ]);
  });

  test("the session's end empties the Waiting cells, and says so; then every card earns", () => {
    const raw = rawWorkbook(waiting(1));
    const plan = session(raw, [{ god: "Ares", mana: 10 }]);
    expect(plan.problems).toEqual([]);
    expect(plan.edits).toContainEqual({ kind: "update", table: "Cards", index: 0, values: { Waiting: null } });
    expect(plan.message).toContain("The cards gained during the session earn from now on: Ares 1 War (the Cards table's Waiting cells emptied).");
    expect(aresEarns(applyEdits(raw, plan.edits))).toBe(30.75);
    // Nothing waiting: the Cards table is not touched.
    expect(session(rawWorkbook(handWorked()), [{ god: "Ares", mana: 10 }]).edits.filter((e) => "table" in e && e.table === "Cards")).toEqual([]);
  });

  test("more waiting than the row holds, or not a whole number, is refused with the cell named", () => {
    const problems = (w: number | string) =>
      readCampaign(rawWorkbook(waiting(w as number))).problems.filter((p) => p.column === "Waiting" && p.severity === "error");
    expect(problems(4).map((p) => p.message)).toEqual(["4 of Ares's 3 War cards cannot wait: a row's waiting cards are some of its cards."]);
    expect(problems(0.5)).toHaveLength(1);
    expect(problems("one")).toHaveLength(1);
  });

  test("cards bought keep the waiting ones; given up below them, the waiting count follows", () => {
    const raw = rawWorkbook(waiting(1));
    const buy = planCards(readCampaign(raw), { god: "Ares", sphere: "War", change: 1 });
    expect(buy.edits).toEqual([{ kind: "update", table: "Cards", index: 0, values: { Cards: 4 } }]);
    expect(buy.preview?.cardsBefore).toBe(3);
    const all = planCards(readCampaign(raw), { god: "Ares", sphere: "War", change: -3 });
    expect(all.edits).toEqual([{ kind: "update", table: "Cards", index: 0, values: { Cards: 0, Waiting: null } }]);
  });

  test("a card gained during the session is marked waiting by the cards tool; the column is added when missing", () => {
    // The hand-worked Cards table has no Waiting column.
    const raw = rawWorkbook(handWorked());
    const promoted = planCards(readCampaign(raw), { god: "Ares", sphere: "War", change: 1, waiting: true });
    expect(promoted.problems).toEqual([]);
    expect(promoted.edits).toEqual([
      { kind: "addColumn", table: "Cards", header: "Waiting", values: [null, null, null, null] },
      { kind: "update", table: "Cards", index: 0, values: { Cards: 3, Waiting: 1 } },
    ]);
    expect(promoted.message).toMatch(/It earns from the next session \(the Cards table's Waiting: 1\)\.$/);
    // Written, century 1 pays Ares as before (22.6), and the session's end lets it earn (30.75).
    const after = applyEdits(raw, promoted.edits);
    expect(aresEarns(after)).toBe(22.6);
    expect(aresEarns(applyEdits(after, session(after, [{ god: "Ares", mana: 10 }]).edits))).toBe(30.75);
    // A new sphere: the new row waits whole.
    const fresh = planCards(readCampaign(raw), { god: "Hestia", sphere: "War", change: 2, waiting: true });
    expect(fresh.edits.at(-1)).toEqual({ kind: "append", table: "Cards", rows: [{ God: "Hestia", Sphere: "War", Cards: 2, Waiting: 2 }] });
    // Only cards gained can wait.
    expect(planCards(readCampaign(raw), { god: "Ares", sphere: "War", change: -1, waiting: true }).problems.map((p) => p.message)).toEqual([
      "only cards gained can wait for the next session: -1 gives cards up.",
    ]);
  });
});

describe("cards bought between sessions", () => {
  const preview = (raw: RawWorkbook, god: string, sphere: string, change: number) => planCards(readCampaign(raw), { god, sphere, change });

  test("the multipliers before and after, before any century is paid", () => {
    const plan = preview(rawWorkbook(handWorked()), "Ares", "hearth", 1);
    // Faithful is paid by War (0.1 a card, Ares holds 2) and by Hearth (0.2 a card): the Hearth card changes Hearth's part, 0.2 × 1 → 0.2 × 2.
    expect(plan.details).toEqual(["Faithful ×0.2 → ×0.4", "Hearths (flat) ×1 → ×1", "Feast (event) ×3 → ×6"]);
    expect(plan.message).toBe(
      "Ares buys 1 Hearth card (1 → 2): Faithful ×0.2 → ×0.4, Hearths (flat) ×1 → ×1, Feast (event) ×3 → ×6. No century has been paid yet, so there is no earlier century to compare with.",
    );
    expect(plan.edits).toEqual([{ kind: "update", table: "Cards", index: 1, values: { Cards: 2 } }]);
  });

  test.each([
    ["Ares", "Hearth", 1, "22.6", "24.9", "In century 1, the latest paid, Ares would have earned 24.9 with these cards instead of 22.6: +2.3."],
    ["Ares", "War", 1, "22.6", "30.75", "In century 1, the latest paid, Ares would have earned 30.75 with these cards instead of 22.6: +8.15."],
    ["Hestia", "Hearth", -1, "24.34", "17.56", "In century 1, the latest paid, Hestia would have earned 17.56 with these cards instead of 24.34: -6.78."],
    ["Demons", "Pit", 1, "2.85", "4", "In century 1, the latest paid, Demons would have earned 4 with these cards instead of 2.85: +1.15."],
  ])("%s %s %d: what century 1 would have paid, worked by hand", (god, sphere, change, before, after, line) => {
    const plan = preview(paid(), god, sphere, change);
    expect(plan.problems).toEqual([]);
    const earned = plan.preview?.earned;
    expect([earned?.century, earned && formatExact(earned.before), earned && formatExact(earned.after)]).toEqual([1, before, after]);
    expect(plan.preview && cardsMessage(plan.preview)).toContain(line);
  });

  test("giving up the last card of a sphere takes away its flat sources too", () => {
    const plan = preview(rawWorkbook(handWorked()), "Ares", "Hearth", -1);
    expect(plan.details).toEqual(["Faithful ×0.2 → ×0", "Hearths (flat) ×1 → ×0", "Feast (event) ×3 → ×0"]);
    // War's part of Faithful stays: a War card more shows it alone, 0.1 × 2 → 0.1 × 3.
    expect(preview(rawWorkbook(handWorked()), "Ares", "War", 1).details?.[1]).toBe("Faithful ×0.2 → ×0.3");
    expect(plan.edits).toEqual([{ kind: "update", table: "Cards", index: 1, values: { Cards: 0 } }]);
  });

  test("a Cards table the century end would refuse is put right first, and nothing is written", () => {
    const tables = handWorked();
    tables.Cards?.push(["Ares", "hearth", 2]);
    const plan = preview(rawWorkbook(tables), "Ares", "Hearth", 1);
    expect(plan.edits).toEqual([]);
    expect(plan.problems.map((p) => p.message)).toEqual(["Ares has two rows for the sphere hearth; add them up in one row."]);
  });

  test("a sphere the god holds no card of gets a new row", () => {
    const plan = preview(paid(), "Hestia", "war", 2);
    expect(plan.edits).toEqual([{ kind: "append", table: "Cards", rows: [{ God: "Hestia", Sphere: "War", Cards: 2 }] }]);
    // 24.34 + 2 × (14 × 0.5 + 33.9 × 0.1) = 24.34 + 20.78 = 45.12
    expect(plan.message).toContain("Hestia would have earned 45.12 with these cards instead of 24.34: +20.78.");
  });

  test.each([
    ["Aers", "War", 1, '"Aers" is not in the Gods table. Did you mean "Ares"?'],
    ["Lilith", "Pit", 1, "Lilith is a demon: the demons hold their cards together, so buy the cards for Demons."],
    ["Ares", "Wars", 1, '"Wars" is not a sphere of the Sources table. Did you mean "War"?'],
    ["Ares", "War", 0, "0 is not a number of cards to buy or give up: write +N or -N, a whole number from 1 to 1000."],
    ["Ares", "War", 1.5, "1.5 is not a number of cards to buy or give up: write +N or -N, a whole number from 1 to 1000."],
    ["Ares", "Hearth", -2, "Ares holds 1 Hearth card, so cannot give up 2."],
  ])("refused: %s %s %d", (god, sphere, change, message) => {
    const plan = preview(rawWorkbook(handWorked()), god, sphere, change);
    expect(plan.edits).toEqual([]);
    expect(plan.problems.map((p) => p.message)).toEqual([message]);
  });
});

describe("inside Excel (the in-memory stand-in)", () => {
  test("the session's end: a Sessions table made and the Mana column added in one write; the status shows them", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const { result, syncs } = await counted(excel, () =>
      recordSessionEnd(excel.run, {
        date: "2026-03-14",
        entries: [
          { god: "Ares", mana: 70 },
          { god: "Lilith", mana: 2 },
        ],
      }),
    );
    expect(result.written).toBe(true);
    expect(syncs).toBeLessThanOrEqual(3);
    expect(excel.book.values("Sessions")).toEqual([
      ["Date", "Century", "God", "Mana"],
      ["2026-03-14", 1, "Ares", 70],
      ["2026-03-14", 1, "Lilith", 2],
    ]);
    expect(excel.book.values("Gods").map((r) => r[2])).toEqual(["Mana", 70, "", 2]);
    expect(result.status).toEqual(await readStatus(excel.run));
    expect(result.status.gods.map((g) => g.mana)).toEqual([70, null, 2]);
    expect(result.status.mana).toMatchObject({ column: true, average: 36, factor: 1 });
    // A second session appends; the Gods cells follow.
    await recordSessionEnd(excel.run, { date: "2026-04-01", entries: [{ god: "Hestia", mana: 9 }] });
    expect(excel.book.values("Sessions").length).toBe(4);
    expect(excel.book.values("Gods").map((r) => r[2])).toEqual(["Mana", 70, 9, 2]);
  });

  test("cards: a dry run changes nothing; applied, the Cards table's count changes", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const before = JSON.stringify(excel.book.values("Cards"));
    const seen = await changeCards(excel.run, { god: "Ares", sphere: "Hearth", change: 1 }, { dryRun: true });
    expect(seen.written).toBe(false);
    expect(seen.preview?.cardsAfter).toBe(2);
    expect(JSON.stringify(excel.book.values("Cards"))).toBe(before);
    const done = await changeCards(excel.run, { god: "Ares", sphere: "Hearth", change: 1 });
    expect(done.written).toBe(true);
    expect(excel.book.values("Cards")[2]).toEqual(["Ares", "Hearth", 2]);
    const added = await changeCards(excel.run, { god: "Demons", sphere: "War", change: 1 });
    expect(added.written).toBe(true);
    expect(excel.book.values("Cards").at(-1)).toEqual(["Demons", "War", 1]);
  });
});
