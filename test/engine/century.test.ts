/**
 * The century-end calculation alone, on an input written by hand (no workbook): each figure
 * below is worked out in the comments, the way a gamemaster would on the paper worksheet.
 */
import { calculateCentury, pay, type CenturyInput } from "../../src/engine/century";
import { debit, owed } from "../../src/engine/book";
import { ratio, toNumber, ZERO } from "../../src/engine/exact";
import { ATHEISM, DEMONS, DIABOLISM } from "../../src/engine/names";

// Two races. Dwarves: 40 units + 1 city (+3) = strength 43. Elves: 20 units, in turmoil → 0.
// Dwarves' pantheon: Thor 60%, Diabolism 30%, Atheism 10% → Thor 25.8, Diabolism 12.9, Atheism 4.3.
// Elves' pantheon: Thor 100%, but the Elves are in turmoil, so Thor gets nothing from them.
// Deaths: war 7 + War 3 (one box) = 10, fire 2; 12 in all.
// Sources: Forge (worship 0.5 per card), Battle (deaths of war, 0.25 per card), Doom (all deaths,
// 1 flat), Pit (diabolism, 0.1 per card), Tally (count, 2 per card; counted 3).
// Thor holds 2 Forge cards and 1 Battle card; the Demons pool holds 3 Pit and 1 Doom card.
//   Thor: Faithful 25.8 × (0.5·2) = 25.8; Battle 10 × 0.25 = 2.5 → earned 28.3; carried in 0.9
//         → 29.2 → paid 29, carry 0.2
//   Demons: Pit 12.9 × 0.3 = 3.87; Doom 12 × 1 = 12 → earned 15.87 → paid 15, carry 0.87
//   Loki holds 1 Tally card: 3 × 2 = 6 → paid 6, carry 0.
const input: CenturyInput = {
  century: 4,
  recipients: ["Thor", "Loki", DEMONS],
  cards: [
    { god: "Thor", sphere: "Smithing", cards: 2 },
    { god: "Thor", sphere: "War", cards: 1 },
    { god: "Loki", sphere: "Mischief", cards: 1 },
    { god: DEMONS, sphere: "Pit", cards: 3 },
    { god: DEMONS, sphere: "Doom", cards: 1 },
  ],
  sources: [
    { sphere: "Smithing", source: "Faithful", basis: "worship", rate: ratio(1, 2), flat: false, cause: null, timing: "century-end" },
    { sphere: "War", source: "Battle", basis: "deaths", rate: ratio(1, 4), flat: false, cause: "war", timing: "century-end" },
    { sphere: "War", source: "Feast", basis: "count", rate: ratio(5), flat: false, cause: null, timing: "event" },
    { sphere: "Mischief", source: "Tally", basis: "count", rate: ratio(2), flat: false, cause: null, timing: "century-end" },
    { sphere: "Pit", source: "Damned", basis: "diabolism", rate: ratio(1, 10), flat: false, cause: null, timing: "century-end" },
    { sphere: "Doom", source: "Doom", basis: "deaths", rate: ratio(1), flat: true, cause: null, timing: "century-end" },
  ],
  races: [
    { race: "Dwarves", units: 40, cities: 1, greatCities: 0, turmoil: false },
    { race: "Elves", units: 20, cities: 0, greatCities: 0, turmoil: true },
  ],
  pantheon: [
    { race: "Dwarves", member: "Thor", share: ratio(3, 5) },
    { race: "Dwarves", member: DIABOLISM, share: ratio(3, 10) },
    { race: "Dwarves", member: ATHEISM, share: ratio(1, 10) },
    { race: "Elves", member: "Thor", share: ratio(1) },
  ],
  deaths: [
    { cause: "war", units: 7 },
    { cause: " War ", units: 3 },
    { cause: "fire", units: 2 },
  ],
  counts: new Map([["tally", ratio(3)]]),
  carry: new Map([["Thor", ratio(9, 10)]]),
};

describe("calculateCentury on a hand-written input", () => {
  const result = calculateCentury(input);

  test("deaths by cause, one box per cause whatever its spelling, and in total", () => {
    expect(result.deathBoxes.map((b) => [b.cause, b.units, b.sources])).toEqual([
      ["war", 10, ["Battle"]],
      ["fire", 2, []],
    ]);
    expect(result.totalDeaths).toBe(12);
  });

  test("worship: strength with cities, nothing from a race in turmoil, Diabolism and Atheism apart", () => {
    expect(result.worship.map((w) => [w.race, w.strength, w.worshipping])).toEqual([
      ["Dwarves", 43, 43],
      ["Elves", 20, 0],
    ]);
    expect(toNumber(result.worshippers.get("Thor") ?? ZERO)).toBe(25.8);
    expect(result.worshippers.get(DEMONS)).toEqual(ratio(129, 10));
    expect(result.diabolism).toEqual(ratio(129, 10));
    expect(result.atheism).toEqual(ratio(43, 10));
  });

  test("each recipient's earnings, payment and carry, exactly", () => {
    expect(result.payouts.map((p) => [p.god, p.carryIn, p.earned, p.paid, p.carry])).toEqual([
      ["Thor", ratio(9, 10), ratio(283, 10), 29, ratio(1, 5)],
      ["Loki", ZERO, ratio(6), 6, ZERO],
      [DEMONS, ZERO, ratio(1587, 100), 15, ratio(87, 100)],
    ]);
  });

  test("event sources are not paid at the century end; a count source's count is shared", () => {
    expect(result.lines.some((l) => l.source === "Feast")).toBe(false);
    expect(result.counts.find((c) => c.source === "Tally")).toMatchObject({ count: ratio(3), missing: false });
  });

  test("a count source with no count is counted 0 and marked missing", () => {
    const r = calculateCentury({ ...input, counts: new Map() });
    expect(r.counts.find((c) => c.source === "Tally")).toMatchObject({ count: ZERO, missing: true });
    expect(r.payouts.find((p) => p.god === "Loki")).toMatchObject({ earned: ZERO, paid: 0 });
  });
});

describe("an account that owes", () => {
  const r = (n: number, d = 1) => ratio(n, d);
  test("a debit takes the carry first; what it cannot cover is owed, exactly", () => {
    expect(debit("Vorn", r(5), r(129, 200))).toEqual({ god: "Vorn", carryIn: r(129, 200), earned: r(-5), paid: 0, carry: r(-871, 200) });
    expect(owed(r(-871, 200))).toEqual(r(871, 200));
    expect(owed(r(1, 3))).toEqual(ZERO);
    // Covered by the carry: a fraction is left, nothing owed.
    expect(debit("Hestia", r(1, 4), r(34, 100))).toMatchObject({ paid: 0, carry: r(9, 100) });
  });
  test("a credit pays the debt before anything is paid out", () => {
    expect(pay(r(-44, 10), r(3))).toEqual({ paid: 0, carry: r(-14, 10) });
    expect(pay(r(-14, 10), r(96, 10))).toEqual({ paid: 8, carry: r(2, 10) });
    // Exactly enough to clear the debt: 0 paid, 0 carried.
    expect(pay(r(-1, 3), r(1, 3))).toEqual({ paid: 0, carry: ZERO });
    expect(pay(ZERO, r(7, 3))).toEqual({ paid: 2, carry: r(1, 3) });
  });
});
