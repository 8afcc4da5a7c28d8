/** The mana book inside Excel: events, era ends, debits and undo through the in-memory Excel, and what the pane is told. */
import { creditEraEnd, creditEvent, debitAccount, endCentury, undoLatestCredit } from "../../src/workbook/office/actions";
import { readStatus } from "../../src/workbook/office/tools";
import { describeProblem, payWarningsIn } from "../../src/workbook/model/problems";
import { counted, MemoryExcel } from "../support/memoryExcel";
import { edit, handWorked, memoryWorkbook } from "../support/campaigns";
import { closeTo } from "../support/matchers";

/** The hand-worked campaign with an era-end source and its count for century 1. */
const campaign = () =>
  edit((t) => {
    t.Sources?.push(["War", "Battlefields", "count", 0.25, "no", null, "era-end"]);
    t.Counts?.push([1, "Battlefields", 7]);
  });

/** Era Centrum of one century: century 1 is its last. */
const ERA_OF_ONE = [
  ["Setting", "Value"],
  ["Era Centrum length", 1],
];

describe("the mana book inside Excel", () => {
  test("an event: two reads, the claim and one write, the Ledger's new rows and the book's sheets", async () => {
    const excel = new MemoryExcel(memoryWorkbook(campaign()));
    await endCentury(excel.run, 1);
    const { result: outcome, syncs } = await counted(excel, () => creditEvent(excel.run, "Feast"));
    expect(syncs).toBe(4);
    expect(outcome.written).toBe(true);
    // Feast: 3 per Hearth card. Ares holds 1 (carries 0.6), Hestia 3 (carries 0.34).
    expect(outcome.payments.map((p) => [p.god, p.earned, p.paid, +p.carry.toFixed(6)])).toEqual([
      ["Ares", 3, 3, 0.6],
      ["Hestia", 9, 9, 0.34],
      ["Demons", 0, 0, 0.85],
    ]);
    expect(excel.book.values("Ledger").slice(4)).toEqual([
      [2, "event", "Feast", "Ares", 3, 3, 0.6, "0.6"],
      [2, "event", "Feast", "Hestia", 9, 9, 0.34, "0.34"],
    ]);
    for (const sheet of ["Heaven Events", "Earth Events", "Distribution Points"]) expect(excel.book.sheet(sheet)).toBeDefined();
    // What the pane is told afterwards, without reading again, is what reading again gives.
    expect(outcome.status).toEqual(await readStatus(excel.run));
    expect(outcome.status.credits[0]).toEqual({
      label: 'the event "Feast" in century 2',
      event: "Feast",
      kind: "event",
      century: 2,
      paid: [
        { god: "Ares", earned: 3, paid: 3 },
        { god: "Hestia", earned: 9, paid: 9 },
      ],
      undoable: true,
    });
    expect(outcome.status.credits[1]).toMatchObject({ label: "the end of century 1", undoable: false });
  });

  test("a debit: what Ares carries goes first, he owes the rest, the Ledger and the pane say so", async () => {
    const excel = new MemoryExcel(memoryWorkbook(campaign()));
    await endCentury(excel.run, 1); // Ares carries 0.6
    const { result: outcome, syncs } = await counted(excel, () => debitAccount(excel.run, "Ares", 5, "Lord's loss"));
    expect(syncs).toBe(4);
    expect(outcome.written).toBe(true);
    expect(outcome.payments.map((p) => [p.god, p.carryIn, p.earned, p.paid, +p.carry.toFixed(6)])).toEqual([["Ares", 0.6, -5, 0, -4.4]]);
    expect(excel.book.values("Ledger").slice(4)).toEqual([[2, "debit", "Lord's loss", "Ares", -5, 0, -4.4, "-4.4"]]);
    expect(outcome.status).toEqual(await readStatus(excel.run));
    expect(outcome.status.owing).toEqual([{ god: "Ares", owes: 4.4 }]);
    expect(outcome.status.credits[0]).toMatchObject({ label: 'the debit "Lord\'s loss" in century 2', reason: "Lord's loss", kind: "debit", undoable: true });
    // The same debit again is a second click until said otherwise; the Feast then pays the debt first.
    expect((await debitAccount(excel.run, "Ares", 5, "Lord's loss")).written).toBe(false);
    const feast = await creditEvent(excel.run, "Feast");
    expect(feast.payments.find((p) => p.god === "Ares")).toMatchObject({ earned: 3, paid: 0 });
    expect(feast.status.owing).toEqual([{ god: "Ares", owes: closeTo(1.4) }]);
  });

  test("the same event again needs saying so; undo takes the latest back", async () => {
    const excel = new MemoryExcel(memoryWorkbook(campaign()));
    await creditEvent(excel.run, "Feast");
    const twice = await creditEvent(excel.run, "Feast");
    expect(twice.written).toBe(false);
    expect(twice.problems[0]?.message).toMatch(/^"Feast" was the last credit/);
    expect((await creditEvent(excel.run, "Feast", { again: true, times: 2 })).written).toBe(true);
    const undone = await undoLatestCredit(excel.run);
    expect(undone.written).toBe(true);
    expect(undone.what).toBe('the event "Feast ×2 #2" in century 1');
    expect(excel.book.values("Ledger").map((r) => r[2])).toEqual(["What", "Feast", "Feast"]);
  });

  test("taking back the Ledger's only credit leaves the Ledger table with its one blank row", async () => {
    const excel = new MemoryExcel(memoryWorkbook(campaign()));
    await creditEvent(excel.run, "Feast");
    expect((await undoLatestCredit(excel.run)).written).toBe(true);
    expect(excel.book.table("Ledger")?.bodyRows).toBe(1);
    expect(excel.book.values("Ledger").slice(1)).toEqual([]);
    expect((await readStatus(excel.run)).credits).toEqual([]);
  });

  test("an era's end, offered once the century has ended (Era Aleph's, before it)", async () => {
    const excel = new MemoryExcel(memoryWorkbook({ ...campaign(), Settings: ERA_OF_ONE }));
    const before = await readStatus(excel.run);
    // Era Aleph's end may be credited before the first century; century 0 has no count of Battlefields.
    expect(before.eraEnd).toMatchObject({ century: 0, ready: true });
    expect((before.eraEnd.warnings ?? []).map(describeProblem)).toEqual([
      'Counts table: "Battlefields" has no count for century 0, so it counts 0 for everyone who draws on it; add a Counts row (Century 0, Source Battlefields, Count), or accept 0.',
    ]);
    const ended = await endCentury(excel.run, 1);
    expect(ended.status.eraEnd).toEqual({ century: 1, ready: true, warnings: [], due: true });
    const era = await creditEraEnd(excel.run, 1);
    // Battlefields: 0.25 per War card (Ares holds 2) × 7 = 3.5, on Ares's 0.6 carried.
    expect(era.payments.find((p) => p.god === "Ares")).toEqual({ god: "Ares", carryIn: 0.6, earned: 3.5, paid: 4, carry: closeTo(0.1, 10) });
    expect(era.status.eraEnd.ready).toBe(false);
  });

  test("a payment asked about in the pane is refused when that century was paid meanwhile", async () => {
    const excel = new MemoryExcel(memoryWorkbook(campaign()));
    expect((await endCentury(excel.run, 1, { unpaid: true })).written).toBe(true);
    const again = await endCentury(excel.run, 1, { unpaid: true });
    expect(again.written).toBe(false);
    expect(again.problems[0]?.message).toMatch(/^century 1 was paid meanwhile/);
    // A redo, asked as such, calculates it again.
    expect((await endCentury(excel.run, 1)).written).toBe(true);
  });

  test("the live preview: what each god would collect if the century in play ended now", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    const status = await readStatus(excel.run);
    expect(status.preview?.map((p) => [p.god, p.earned, p.paid])).toEqual([
      ["Ares", 22.6, 22],
      ["Hestia", 24.34, 24],
      ["Demons", 2.85, 2],
    ]);
    // A campaign with an error previews nothing.
    const broken = new MemoryExcel(
      memoryWorkbook(
        edit(
          (t) =>
            (t.Races = [
              ["Race", "Units"],
              ["Achaeans", -1],
            ]),
        ),
      ),
    );
    expect((await readStatus(broken.run)).preview).toBeNull();
  });

  test("mana inflation from the book when the Gods table has no Mana column", async () => {
    const excel = new MemoryExcel(memoryWorkbook(handWorked()));
    expect((await readStatus(excel.run)).mana).toMatchObject({ column: false, from: "book", characters: 3 });
    const ended = await endCentury(excel.run, 1);
    // Paid 22 + 24 + 2 = 48 over the Gods table's 3 characters: 16 each.
    expect(ended.status.mana).toMatchObject({ from: "book", characters: 3, average: 16, factor: 1 });
  });
});

describe("an era's end in the pane's questions", () => {
  test("paying past the era's last century, its end not credited, is asked before paying, and held until accepted", async () => {
    const excel = new MemoryExcel(memoryWorkbook(edit((t) => t.Counts?.push([2, "Hearths", 4]), { ...campaign(), Settings: ERA_OF_ONE })));
    await endCentury(excel.run, 1);
    const status = await readStatus(excel.run);
    // The question before paying lists the warnings that change pay: the era's end is among them.
    const asked = payWarningsIn(status.problems).map(describeProblem);
    const eraWarning =
      "Ledger table: century 1, Era Centrum's last (Era Centrum length 1, counting from century 1), is paid, but the era's end is not credited: credit it first (gods era-end --century 1, or Credit the era's end in the pane), and century 2 begins Era Omega. Paid before it, century 2 would be Era Centrum's 2nd, and the era's end could no longer be credited with century 1's counts: its era-end sources would pay late, or never.";
    expect(asked).toEqual([eraWarning]);
    // Not accepted: nothing is written, and the pane is handed the warning to ask again.
    const held = await endCentury(excel.run, 2, { unpaid: true });
    expect(held.written).toBe(false);
    expect((held.unaccepted ?? []).map(describeProblem)).toEqual([eraWarning]);
    expect(excel.book.values("Ledger")).toHaveLength(4);
    // The era's end first: then century 2 begins Era Omega and nothing holds it.
    expect(status.eraEnd).toEqual({ century: 1, ready: true, warnings: [], due: true });
    expect((await creditEraEnd(excel.run, 1)).written).toBe(true);
    const next = await readStatus(excel.run);
    expect(payWarningsIn(next.problems)).toEqual([]);
    expect((await endCentury(excel.run, 2, { unpaid: true })).written).toBe(true);
  });

  test("accepted, the century is paid: the gamemaster has seen it", async () => {
    const excel = new MemoryExcel(memoryWorkbook(edit((t) => t.Counts?.push([2, "Hearths", 4]), { ...campaign(), Settings: ERA_OF_ONE })));
    await endCentury(excel.run, 1);
    const asked = payWarningsIn((await readStatus(excel.run)).problems).map(describeProblem);
    expect((await endCentury(excel.run, 2, { unpaid: true, accepted: asked })).written).toBe(true);
  });

  test("crediting an era's end before its last century is asked before crediting, and held until accepted", async () => {
    const excel = new MemoryExcel(memoryWorkbook(campaign()));
    await endCentury(excel.run, 1);
    const status = await readStatus(excel.run);
    const early =
      "Ledger table: century 1 is Era Centrum's 1st century of 16 (Era Centrum length 16, counting from century 1): the era is not over. Credited now, its end pays the era-end sources 15 centuries early, with century 1's counts, and century 2 begins Era Omega. Credit it after century 16, or give the era its true length in the Settings table (Era Centrum length).";
    expect(status.eraEnd.ready).toBe(true);
    expect(status.eraEnd.due).toBeUndefined();
    expect((status.eraEnd.warnings ?? []).map(describeProblem)).toEqual([early]);
    const held = await creditEraEnd(excel.run, 1);
    expect(held.written).toBe(false);
    expect((held.unaccepted ?? []).map(describeProblem)).toEqual([early]);
    expect(excel.book.values("Ledger")).toHaveLength(4);
    expect((await creditEraEnd(excel.run, 1, { accepted: [early] })).written).toBe(true);
  });

  test("an era's end that pays nobody, and a campaign with no era-end source: offered once due, and recorded", async () => {
    const excel = new MemoryExcel(memoryWorkbook({ ...handWorked(), Settings: ERA_OF_ONE }));
    expect((await readStatus(excel.run)).eraEnd.due).toBeUndefined();
    const ended = await endCentury(excel.run, 1);
    expect(ended.status.hasEraEnd).toBe(false);
    expect(ended.status.eraEnd).toEqual({ century: 1, ready: true, warnings: [], due: true });
    const era = await creditEraEnd(excel.run, 1);
    expect(era.written).toBe(true);
    expect(excel.book.values("Ledger").slice(4)).toEqual([
      [1, "era-end", "era ending with century 1", "Ares", 0, 0, 0.6, "0.6"],
      [1, "era-end", "era ending with century 1", "Hestia", 0, 0, 0.34, "0.34"],
      [1, "era-end", "era ending with century 1", "Demons", 0, 0, 0.85, "0.85"],
    ]);
    expect(era.status.eraEnd.ready).toBe(false);
    expect(era.status.problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/^century 2 is Era Omega's 1st century/));
  });

  test("Era Aleph's end inside Excel: credited at century 0, and what the pane is told is what reading again gives", async () => {
    const excel = new MemoryExcel(memoryWorkbook(edit((t) => t.Counts?.push([0, "Battlefields", 4]), { ...campaign(), Settings: ERA_OF_ONE })));
    const before = await readStatus(excel.run);
    expect(before.eraEnd).toEqual({ century: 0, ready: true, warnings: [] });
    const aleph = await creditEraEnd(excel.run, 0);
    expect(aleph.written).toBe(true);
    expect(excel.book.values("Ledger").slice(1)).toEqual([[0, "era-end", "Era Aleph's end", "Ares", 2, 2, 0, "0"]]);
    expect(aleph.status).toEqual(await readStatus(excel.run));
    expect(aleph.status.credits[0]?.label).toBe("Era Aleph's end");
    expect(aleph.status.eraEnd).toMatchObject({ century: 0, ready: false });
    // Century 1 follows, Era Centrum's last here.
    expect((await endCentury(excel.run, 1)).written).toBe(true);
  });
});
