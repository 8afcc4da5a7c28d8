/**
 * The journal's record of a bringing in, as input: what was asked (the last century paid by hand
 * and each carry, exact), and the Adopted table as one the bringing in, and nothing else, may make.
 */
import { askedIn } from "../../src/workbook/plan/asked";
import { damageOf } from "../../src/workbook/plan/journalCheck";
import { ADOPTED_LAYOUT } from "../../src/workbook/plan/adopted";
import type { OpenOperation, RawWorkbook } from "../../src/workbook/model/raw";

describe("what a bringing in's record says was asked", () => {
  test("the century and each carry, exactly as shown, are taken", () => {
    const asked = {
      kind: "adopt",
      century: 2,
      opening: [
        ["Vorn", "0.79"],
        ["Kettu", "-2.5"],
        ["Solara", "0.000001"],
      ],
    };
    expect(askedIn(asked)).toEqual(asked);
    expect(askedIn({ kind: "adopt", century: 0, opening: [] })).toEqual({ kind: "adopt", century: 0, opening: [] });
  });

  test.each([
    ["a carry given as a number", [["Vorn", 0.79]]],
    ["a carry of a whole mana or more", [["Vorn", "1.5"]]],
    ["a carry finer than the Ledger's millionths", [["Vorn", "0.1234567"]]],
    ["a carry in another notation", [["Vorn", "7.9e-1"]]],
    ["a pair of three", [["Vorn", "0.79", "x"]]],
    ["a god that is not text", [[7, "0.79"]]],
  ])("%s is not in the one shape the add-in writes", (_, opening) => {
    expect(askedIn({ kind: "adopt", century: 2, opening })).toBeUndefined();
  });

  test("a field the add-in never writes, or the century missing, is refused", () => {
    expect(askedIn({ kind: "adopt", century: 2, opening: [], map: {} })).toBeUndefined();
    expect(askedIn({ kind: "adopt", opening: [] })).toBeUndefined();
    expect(askedIn({ kind: "adopt", century: -1, opening: [] })).toBeUndefined();
  });
});

describe("the Adopted table among what a record may touch", () => {
  const raw = { sheetNames: ["Gods"], tables: new Map() } as unknown as RawWorkbook;
  const record = (action: string, edit: unknown): OpenOperation => ({
    id: "op-adopt-1",
    computer: "pc-1234",
    at: Date.UTC(2026, 10, 1),
    action,
    words: "bringing in your records",
    done: "brought in",
    temps: [],
    items: [{ kind: "edit", edit, base: 0 }],
    reached: 0,
  });
  const made = { kind: "create", layout: ADOPTED_LAYOUT, rows: [{ Sheet: "Gods", "Read As": "Gods", Key: "vorn" }] };

  test("a bringing in may make it, in its one layout, and add rows to it", () => {
    expect(damageOf(record("adopt", made), raw)).toBeUndefined();
    expect(damageOf(record("adopt", { kind: "append", table: "Adopted", rows: [{ Sheet: "Gods", "Read As": "Gods", Key: "kettu" }] }), raw)).toBeUndefined();
  });

  test("laid out otherwise, with a column it never has, or changed row by row, it is damage", () => {
    expect(damageOf(record("adopt", { ...made, layout: { ...ADOPTED_LAYOUT, headers: ["Sheet", "Read As", "Paid"] } }), raw)).toBe(
      "its new Adopted table is not laid out as the add-in lays it out",
    );
    expect(damageOf(record("adopt", { ...made, rows: [{ Paid: 3 }] }), raw)).toBe("a new table's row writes a column the table does not have (Paid)");
    expect(damageOf(record("adopt", { kind: "update", table: "Adopted", index: 0, values: { Key: "x" } }), raw)).toBe(
      "it changes rows of the Adopted table, which is only ever added to",
    );
  });

  test("no other kind of action may touch it", () => {
    expect(damageOf(record("setup", made), raw)).toBe("it edits the Adopted table, which its kind of action never changes");
    expect(damageOf(record("deaths", made), raw)).toBe("it edits the Adopted table, which its kind of action never changes");
  });
});
