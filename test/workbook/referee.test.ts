/**
 * The referee's war, disaster and growth planned on the example campaign (`gods init --example`),
 * each worked out by hand below, then carried out on what was read (applyEdits) and read again:
 * what they write, what they refuse, and that a second run by mistake is refused.
 *
 * The example's Races table (Units, Cities, Great Cities; Military, Aggression, Resistances,
 * Growth, Limit):
 *   Ultra-Dwarves 40, 1, 0;  +8, 2, E-2,      —,   60
 *   Low Elves     65, 0, 0;  +1, 4, F*2 N/2,  30%, 80   (barbarian: +1 Military → +2)
 *   Sea Folk      30, 2, 0;  +3, 1, W/2,      —,   35
 *   Ash Orcs      50, 0, 0;  +4, 5, F-1,      —,   70   (barbarian: +1 Military → +5)
 *   Cave Trolls   12, 0, 0;  -1, 0, —,        10%, 12   (primitive: X-1)
 *   River Men     45, 1, 1;  +4, 1, —,        —,   —
 * It has no Ledger, so the century in play is 1.
 */
import { errorsIn, type Problem } from "../../src/workbook/model/problems";
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { applyEdits } from "../../src/workbook/plan/edits";
import { readCampaign } from "../../src/workbook/read/campaign";
import { planDisaster, type DisasterOrder } from "../../src/workbook/actions/disaster";
import { planGrowth } from "../../src/workbook/actions/growth";
import type { RefereePlan } from "../../src/workbook/actions/referee";
import { planWar, type WarOrder } from "../../src/workbook/actions/war";
import { edit, exampleTables, rawWorkbook, type Tables } from "../support/campaigns";
import { stringMatching } from "../support/matchers";

const example = (): RawWorkbook => rawWorkbook(exampleTables());

/** Sets one cell of the Races table (row 0 is its headers); a row the table lacks is the test's mistake. */
function setRace(t: Tables, row: number, column: number, value: RawCell): void {
  const cells = t.Races?.[row];
  if (cells === undefined) throw new Error(`the Races table has no row ${row}`);
  cells[column] = value;
}

function war(raw: RawWorkbook, order: WarOrder): RefereePlan {
  const { campaign, problems } = readCampaign(raw);
  return planWar(campaign, problems, order);
}
function disaster(raw: RawWorkbook, order: DisasterOrder): RefereePlan {
  const { campaign, problems } = readCampaign(raw);
  return planDisaster(campaign, problems, order);
}
function growth(raw: RawWorkbook): RefereePlan {
  const { campaign, problems } = readCampaign(raw);
  return planGrowth(campaign, problems);
}

/** The plan carried out on what was read; it must have been accepted. */
function after(raw: RawWorkbook, plan: RefereePlan): RawWorkbook {
  expect(errorsIn(plan.problems)).toEqual([]);
  return applyEdits(raw, plan.edits);
}

/** Units (and Aggression) by race, and the Deaths rows, as a fresh read gives them. */
function tables(raw: RawWorkbook) {
  const { campaign } = readCampaign(raw);
  return {
    units: Object.fromEntries(campaign.races.map((r) => [r.race, r.units])),
    aggression: Object.fromEntries(campaign.races.map((r) => [r.race, r.aggression])),
    deaths: campaign.deaths.map((d) => [d.century, d.cause, d.units, d.race, d.note]),
  };
}

const EXAMPLE_DEATHS = 8;
const added = (raw: RawWorkbook) => tables(raw).deaths.slice(EXAMPLE_DEATHS);

/** The one problem of a refused plan. */
function refusal(plan: RefereePlan): Problem {
  expect(plan.edits).toEqual([]);
  expect(plan.problems).toHaveLength(1);
  return plan.problems[0] as Problem;
}

describe("war (docs/rules/07-war.md)", () => {
  test("the rules' worked war: 43 at +8 against 65 at +2 kill 7 and 3; the Low Elves lose and leave 2 squares", () => {
    // Ultra-Dwarves: strength 40 + 3·1 city = 43, 10 + 8 − 2 = 16% → ⌈16 × 43 / 100⌉ = ⌈6.88⌉ = 7 Low Elves.
    // Low Elves: strength 65, 10 + 2 − 8 = 4% → ⌈4 × 65 / 100⌉ = ⌈2.6⌉ = 3 Ultra-Dwarves.
    // The Low Elves lose 7 ≥ 150% of 3 = 4.5: they lose, and vacate ⌊(7 − 3) / 2⌋ = 2 squares.
    const raw = example();
    const plan = war(raw, { a: { race: "ultra-dwarves" }, b: { race: "Low Elves" } });
    expect(plan.century).toBe(1);
    expect(plan.message).toBe(
      "War in century 1 between the Ultra-Dwarves and the Low Elves: the Ultra-Dwarves lost 3, the Low Elves lost 7. The Low Elves lost and leave 2 squares to the Ultra-Dwarves (a city in a lost square: GODS.CITYFATE).",
    );
    expect(plan.details).toEqual([
      "The Ultra-Dwarves (strength 43, Military +8) kill 7: 16% of 43.",
      "The Low Elves (strength 65, Military +2: +1, and +1 for barbarians) kill 3: 4% of 65.",
      "The Ultra-Dwarves move 2 units into each of the 2 squares the Low Elves leave (1 where 2 would pass the square's limit), from their own squares: their Units do not change.",
    ]);
    expect(plan.preview.war).toEqual({
      sides: [
        { race: "Ultra-Dwarves", strength: 43, military: 8, percent: 16, kills: 7 },
        { race: "Low Elves", strength: 65, military: 2, percent: 4, kills: 3 },
      ],
      loser: "Low Elves",
      vacated: 2,
      // The Ultra-Dwarves are civilized: 2 units a square. Neither side loses more than 15%
      // (3 of 40 is 7.5%, 7 of 65 about 10.8%): no diplomacy expected.
      movingIn: { race: "Ultra-Dwarves", perSquare: 2 },
      diplomacy: [],
    });
    const note = "war: Ultra-Dwarves vs Low Elves";
    expect(plan.edits).toEqual([
      {
        kind: "append",
        table: "Deaths",
        rows: [
          { Century: 1, Cause: "war", Units: 3, Race: "Ultra-Dwarves", Note: note },
          { Century: 1, Cause: "war", Units: 7, Race: "Low Elves", Note: note },
        ],
      },
      { kind: "update", table: "Races", index: 0, values: { Units: 37 } },
      { kind: "update", table: "Races", index: 1, values: { Units: 58 } },
    ]);
    expect(plan.preview.changes).toEqual([
      { race: "Ultra-Dwarves", column: "Units", before: 40, after: 37 },
      { race: "Low Elves", column: "Units", before: 65, after: 58 },
    ]);

    const done = after(raw, plan);
    expect(tables(done).units).toMatchObject({ "Ultra-Dwarves": 37, "Low Elves": 58 });
    expect(added(done)).toEqual([
      [1, "war", 3, "Ultra-Dwarves", note],
      [1, "war", 7, "Low Elves", note],
    ]);

    // The same war again by mistake (either side first): refused, pointing at the rows already written.
    for (const order of [
      { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } },
      { a: { race: "Low Elves" }, b: { race: "Ultra-Dwarves" } },
    ]) {
      const twice = refusal(war(done, order));
      expect(twice).toMatchObject({ table: "Deaths", row: 10, column: "Note", address: "Deaths!E10" });
      expect(twice.message).toMatch(
        /^the last rows of the Deaths table \(down to this one\) already record this war between the .* in century 1\. If it really happened again, say so \(--again/,
      );
    }

    // Fought again: 37 + 3 = 40 at 16% → ⌈6.4⌉ = 7; 58 at 4% → ⌈2.32⌉ = 3.
    const again = after(done, war(done, { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" }, again: true }));
    expect(tables(again).units).toMatchObject({ "Ultra-Dwarves": 34, "Low Elves": 51 });
  });

  test("a side that sends part of its strength; kills never pass what the other side sent", () => {
    // The Low Elves send 30: 4% → ⌈1.2⌉ = 2. The Ultra-Dwarves' 7 stay 7 (≤ 30).
    const part = war(example(), { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves", strength: 30 } });
    expect(part.preview.war?.sides.map((s) => s.kills)).toEqual([7, 2]);
    // Cave Trolls (12, Military −1) against River Men (45 + 3 + 6 = 54, +4) sending 5:
    // River Men 10 + 4 + 1 = 15% of 5 → ⌈0.75⌉ = 1; Trolls 10 − 1 − 4 = 5% of 12 → ⌈0.6⌉ = 1.
    // River Men sending 54: 15% → ⌈8.1⌉ = 9; the Trolls lose 9 ≥ 1.5, vacate ⌊(9 − 1) / 2⌋ = 4.
    const trolls = war(example(), { a: { race: "Cave Trolls" }, b: { race: "River Men" } });
    expect(trolls.preview.war).toMatchObject({ loser: "Cave Trolls", vacated: 4 });
    expect(trolls.preview.changes).toEqual([
      { race: "Cave Trolls", column: "Units", before: 12, after: 3 },
      { race: "River Men", column: "Units", before: 45, after: 44 },
    ]);
    // 10 or more Military behind kills nobody: the Trolls at −1 against a given +9 (10 − 1 − 9 = 0%),
    // while the River Men kill 10 + 9 + 1 = 20% of 54 → ⌈10.8⌉ = 11.
    const hopeless = war(example(), { a: { race: "Cave Trolls" }, b: { race: "River Men", military: 9 } });
    expect(hopeless.preview.war?.sides.map((s) => s.kills)).toEqual([0, 11]);
    expect(hopeless.preview.deaths).toEqual([{ race: "Cave Trolls", cause: "war", units: 11, note: "war: Cave Trolls vs River Men" }]);
  });

  test("bad input: unknown race, a race against itself, strength 0, negative, fractional, not a number, more than it has", () => {
    const raw = example();
    const message = (order: WarOrder) => refusal(war(raw, order)).message;
    expect(message({ a: { race: "Ultra-Dwarves" }, b: { race: "Sky Elves" } })).toBe('"Sky Elves" is not in the Races table.');
    expect(message({ a: { race: "Low Elves" }, b: { race: " low elves " } })).toBe(
      "a race cannot fight a war against itself; name two different races (both were the Low Elves).",
    );
    expect(message({ a: { race: "Low Elves", strength: 0 }, b: { race: "Sea Folk" } })).toBe(
      "The strength the Low Elves send must be a whole number, 1 or more; 0 is not.",
    );
    expect(message({ a: { race: "Low Elves", strength: -5 }, b: { race: "Sea Folk" } })).toBe(
      "The strength the Low Elves send must be a whole number, 1 or more; -5 is not.",
    );
    expect(message({ a: { race: "Low Elves", strength: 2.5 }, b: { race: "Sea Folk" } })).toBe(
      "The strength the Low Elves send must be a whole number, 1 or more; 2.5 is not.",
    );
    expect(message({ a: { race: "Low Elves", strength: NaN }, b: { race: "Sea Folk" } })).toBe(
      "The strength the Low Elves send must be a whole number, 1 or more; that is not.",
    );
    expect(refusal(war(raw, { a: { race: "Sea Folk", strength: 37 }, b: { race: "Low Elves" } }))).toMatchObject({
      table: "Races",
      row: 4,
      address: "Races!B4",
      message: "the Sea Folk have a strength of 36 (units, plus 3 for each city and 6 for each great city); they cannot send 37.",
    });
    expect(message({ a: { race: "Low Elves", military: 1.5 }, b: { race: "Sea Folk" } })).toBe(
      "the Military given for the Low Elves must be a whole number (it may be negative), not 1.5.",
    );
    // Nothing is written for any of them.
    expect(war(raw, { a: { race: "Ultra-Dwarves" }, b: { race: "Nobody" } }).preview).toEqual({ action: "war", century: 1, deaths: [], changes: [] });
  });

  test("Military: asked for when the column is missing or the cell empty, given ones used; a bad cell is named", () => {
    const without = (t: Tables) => (t.Races = (t.Races ?? []).map((r) => r.filter((_, i) => i !== 6)));
    const noColumn = rawWorkbook(edit(without, exampleTables()));
    expect(refusal(war(noColumn, { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } })).message).toBe(
      "the Races table has no Military column: add one (each race's Military, such as 2 or -1), or give both sides' Military with the war.",
    );
    const given = war(noColumn, { a: { race: "Ultra-Dwarves", military: 8 }, b: { race: "Low Elves", military: 2 } });
    expect(given.preview.war?.sides.map((s) => s.kills)).toEqual([7, 3]);

    const blank = rawWorkbook(
      edit((t) => {
        setRace(t, 2, 6, null);
      }, exampleTables()),
    );
    expect(refusal(war(blank, { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } }))).toMatchObject({
      address: "Races!G3",
      message: "the Military of the Low Elves is empty: fill it in, or give it with the war.",
    });
    const text = rawWorkbook(
      edit((t) => {
        setRace(t, 2, 6, "strong");
      }, exampleTables()),
    );
    // Only a warning when read (the century end does not need it); the war refuses.
    expect(readCampaign(text).problems).toContainEqual(expect.objectContaining({ severity: "warning", table: "Races", row: 3, column: "Military" }));
    expect(refusal(war(text, { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } }))).toMatchObject({
      severity: "error",
      address: "Races!G3",
      message: '"strong" is not a number; it needs a whole number (it may be negative), such as 2 or -1.',
    });
  });
});

describe("disasters (docs/rules/08-disasters-resistances.md)", () => {
  test("fire on three races: each race's deaths after its own Resistances, filed as fire", () => {
    // Low Elves F*2, N/2: fire doubles 10 → 20 (N/2 is not fire's): 65 → 45.
    // Ash Orcs F-1: 10 − 1 = 9: 50 → 41.  Cave Trolls X-1 (every disaster): 3 − 1 = 2: 12 → 10.
    // Ultra-Dwarves E-2 is earth's, not fire's: 4 stay 4: 40 → 36.
    const raw = example();
    const plan = disaster(raw, {
      elements: "F",
      hits: [
        { race: "Low Elves", deaths: 10 },
        { race: "Ash Orcs", deaths: 10 },
        { race: "Cave Trolls", deaths: 3 },
        { race: "Ultra-Dwarves", deaths: 4 },
      ],
    });
    expect(plan.message).toBe(
      "A disaster of fire in century 1: 35 fire deaths after resistances (27 before), among the Low Elves, Ash Orcs, Cave Trolls, Ultra-Dwarves.",
    );
    expect(plan.details).toEqual([
      "The Low Elves: 10 before resistances, 20 after (F*2); Units 65 → 45.",
      "The Ash Orcs: 10 before resistances, 9 after (F-1); Units 50 → 41.",
      "The Cave Trolls: 3 before resistances, 2 after (X-1 for a primitive race); Units 12 → 10.",
      "The Ultra-Dwarves: 4 before resistances, 4 after (no resistance applies); Units 40 → 36.",
    ]);
    const done = after(raw, plan);
    expect(added(done)).toEqual([
      [1, "fire", 20, "Low Elves", "disaster: fire"],
      [1, "fire", 9, "Ash Orcs", "disaster: fire"],
      [1, "fire", 2, "Cave Trolls", "disaster: fire"],
      [1, "fire", 4, "Ultra-Dwarves", "disaster: fire"],
    ]);
    expect(tables(done).units).toMatchObject({ "Low Elves": 45, "Ash Orcs": 41, "Cave Trolls": 10, "Ultra-Dwarves": 36 });

    // Again by mistake: refused; the same fire on other races is another disaster.
    const order: DisasterOrder = {
      elements: "fire",
      hits: [4, 3, 2, 1].map((n, i) => ({ race: ["Ultra-Dwarves", "Cave Trolls", "Ash Orcs", "Low Elves"][i] as string, deaths: n })),
    };
    expect(refusal(disaster(done, order)).address).toBe("Deaths!E10");
    expect(disaster(done, { ...order, again: true }).problems).toEqual([]);
    expect(disaster(done, { elements: "F", hits: [{ race: "Sea Folk", deaths: 4 }] }).problems).toEqual([]);
  });

  test("earth and fire with a cause given; immunity, vulnerability capped at the units, a global power without element", () => {
    // A volcano, E and F: Ultra-Dwarves E-2: 6 − 2 = 4; Low Elves F*2: 7 × 2 = 14.
    const volcano = disaster(example(), {
      elements: "FE",
      cause: "volcano",
      hits: [
        { race: "Ultra-Dwarves", deaths: 6 },
        { race: "Low Elves", deaths: 7 },
      ],
    });
    expect(volcano.preview.deaths).toEqual([
      { race: "Ultra-Dwarves", cause: "volcano", units: 4, note: "disaster: volcano (F, E)" },
      { race: "Low Elves", cause: "volcano", units: 14, note: "disaster: volcano (F, E)" },
    ]);
    // Water on the Sea Folk (W/2: ⌈5 / 2⌉ = 3) and the Cave Trolls with I-∞ given (immune: no row).
    const flood = disaster(example(), {
      elements: "W",
      hits: [
        { race: "Sea Folk", deaths: 5 },
        { race: "Cave Trolls", deaths: 5, resistances: "W-inf" },
      ],
    });
    expect(flood.preview.deaths).toEqual([{ race: "Sea Folk", cause: "water", units: 3, note: "disaster: water" }]);
    expect(flood.details?.[1]).toBe("The Cave Trolls: 5 before resistances, 0 after (W-inf, X-1 for a primitive race); Units 12 → 12.");
    // Fire on the Low Elves: 40 × 2 = 80, but they have 65: all 65 die, Units 0.
    const blaze = disaster(example(), { elements: "F", hits: [{ race: "Low Elves", deaths: 40 }] });
    expect(blaze.preview.deaths[0]?.units).toBe(65);
    expect(blaze.details?.[0]).toBe("The Low Elves: 40 before resistances, 80 after (F*2), but they had only 65 units; Units 65 → 0.");
    // A global power with no element ignores every resistance: the Cave Trolls' X-1 too.
    const doom = disaster(example(), { elements: "", global: true, cause: "plague", hits: [{ race: "Cave Trolls", deaths: 3 }] });
    expect(doom.preview.deaths).toEqual([{ race: "Cave Trolls", cause: "plague", units: 3, note: "global power: plague" }]);
    // A global power of fire is a disaster of fire: X-1 applies.
    const globalFire = disaster(example(), { elements: "F", global: true, hits: [{ race: "Cave Trolls", deaths: 3 }] });
    expect(globalFire.preview.deaths).toEqual([{ race: "Cave Trolls", cause: "fire", units: 2, note: "global power: fire" }]);
  });

  test("the last mortals (seed 002, Calculation Phase): a disaster that leaves no unit on Earth says the next century is a second Creation", () => {
    const t = exampleTables();
    // One race left, of 3 units; every other race already gone.
    t.Races = [t.Races?.[0] ?? [], ...(t.Races ?? []).slice(1).map((r, i) => [r[0] ?? null, i === 0 ? 3 : 0, 0, 0, ...r.slice(4)])];
    const raw = rawWorkbook(t);
    const last = (t.Races[1]?.[0] ?? "") as string;
    const plague = disaster(raw, { elements: "", global: true, cause: "plague", hits: [{ race: last, deaths: 3 }] });
    expect(plague.details?.at(-1)).toBe(
      "No mortal is left on Earth: the next century is, by the rules, a second Creation: play it under Era Aleph's rules, except that no Heaven or Demesne creation power may be used.",
    );
    expect(tables(after(raw, plague)).units[last]).toBe(0);
    // One unit spared: nothing said.
    const spared = disaster(raw, { elements: "", global: true, cause: "plague", hits: [{ race: last, deaths: 2 }] });
    expect(spared.details?.some((d) => d.startsWith("No mortal"))).toBe(false);
    // Two races fight their last war to the end: the same sentence.
    const two = exampleTables();
    two.Races = [two.Races?.[0] ?? [], ...(two.Races ?? []).slice(1).map((r, i) => [r[0] ?? null, i < 2 ? 1 : 0, 0, 0, ...r.slice(4)])];
    const [a, b] = [two.Races[1]?.[0], two.Races[2]?.[0]] as [string, string];
    const end = war(rawWorkbook(two), { a: { race: a, strength: 1, military: 50 }, b: { race: b, strength: 1, military: 50 } });
    expect(errorsIn(end.problems)).toEqual([]);
    expect(end.details?.filter((d) => d.startsWith("No mortal is left on Earth"))).toHaveLength(1);
    // Growth that starves the last race to nothing says it too.
    const starving = exampleTables();
    const limit = (starving.Races?.[0] ?? []).indexOf("Limit");
    starving.Races = [
      starving.Races?.[0] ?? [],
      ...(starving.Races ?? []).slice(1).map((r, i) => r.map((v, c) => (c === 1 ? (i === 0 ? 1 : 0) : c === 2 || c === 3 ? 0 : c === limit ? 0 : v))),
    ];
    expect(limit).toBeGreaterThan(0);
    const famine = growth(rawWorkbook(starving));
    expect(errorsIn(famine.problems)).toEqual([]);
    expect(famine.details?.filter((d) => d.startsWith("No mortal is left on Earth"))).toHaveLength(1);
  });

  test("bad input: no cause for several elements or none, unknown elements and races, deaths 0 or negative, a race twice, bad codes", () => {
    const raw = example();
    const message = (order: DisasterOrder) => refusal(disaster(raw, order)).message;
    const one = [{ race: "Sea Folk", deaths: 5 }];
    expect(message({ elements: "EF", hits: one })).toBe(
      "a disaster of several elements (F, E) needs one cause to file its deaths under, such as fire or earth: the Death Worksheet has one box per cause.",
    );
    expect(message({ elements: "", hits: one })).toBe("a disaster with no element needs a cause to file its deaths under, such as plague or famine.");
    expect(message({ elements: "lava", hits: one })).toMatch(/^"lava" is not a list of elements/);
    expect(message({ elements: "W", hits: [] })).toBe("name at least one race the disaster strikes, with its deaths before resistances.");
    // A cause the reader would refuse at the next century end is refused here.
    expect(message({ elements: "", cause: "pla\u0007gue", hits: one })).toMatch(/^the cause holds a character no workbook can keep \(U\+00(07|1B)/);
    expect(message({ elements: "W", hits: [{ race: "Merfolk", deaths: 5 }] })).toBe('"Merfolk" is not in the Races table.');
    expect(message({ elements: "W", hits: [{ race: "Sea Folk", deaths: 0 }] })).toBe(
      "The deaths of the Sea Folk before resistances must be a whole number, 1 or more; 0 is not.",
    );
    expect(message({ elements: "W", hits: [{ race: "Sea Folk", deaths: -3 }] })).toBe(
      "The deaths of the Sea Folk before resistances must be a whole number, 1 or more; -3 is not.",
    );
    expect(message({ elements: "W", hits: [...one, { race: "sea folk", deaths: 2 }] })).toBe("the Sea Folk are named twice; give each race's deaths once.");
    expect(message({ elements: "W", hits: [{ race: "Sea Folk", deaths: 5, resistances: "W%2" }] })).toMatch(
      /^the resistances given for the Sea Folk: "W%2" is not a resistance code/,
    );
    // The Resistances column missing: asked for once, whatever the number of races.
    const noColumn = rawWorkbook(edit((t) => (t.Races = (t.Races ?? []).map((r) => r.filter((_, i) => i !== 8))), exampleTables()));
    const asked = disaster(noColumn, { elements: "W", hits: [...one, { race: "Low Elves", deaths: 2 }] });
    expect(asked.problems.map((p) => p.message)).toEqual([
      "the Races table has no Resistances column: add one (codes such as F-2 or W/2, empty for none), or give the resistances of each race the disaster strikes.",
    ]);
    expect(disaster(noColumn, { elements: "W", hits: [{ race: "Sea Folk", deaths: 5, resistances: "" }] }).preview.deaths[0]?.units).toBe(5);
    // A bad code in the table: a warning when read, the disaster refuses naming the cell.
    const badCode = rawWorkbook(
      edit((t) => {
        setRace(t, 3, 8, "W?2");
      }, exampleTables()),
    );
    expect(refusal(disaster(badCode, { elements: "W", hits: one }))).toMatchObject({
      address: "Races!I4",
      message: stringMatching(/^"W\?2" is not a resistance code/),
    });
  });
});

describe("growth (docs/rules/04-population.md, docs/rules/05-growth.md)", () => {
  test("a race that would grow past what a campaign's numbers hold is refused, naming it", () => {
    const raw = example();
    const big = edit((t) => {
      setRace(t, 6, 1, 9e14);
    }, exampleTables());
    const plan = growth(rawWorkbook(big));
    expect(plan.edits).toEqual([]);
    expect(plan.problems.map((p) => p.message)).toEqual([
      "the River Men would grow to 1,125,000,000,000,000 units, more than a campaign's numbers hold (below 1,000,000,000,000,000): give the race a Limit (the units its squares support), or correct its Units.",
    ]);
    expect(errorsIn(growth(raw).problems)).toEqual([]);
  });

  test("every race grows by its rate, rounded up; above its Limit it starves and gets +2 Aggression", () => {
    // Ultra-Dwarves 40 + ⌈25% × 40⌉ = 40 + 10 = 50 (Limit 60).
    // Low Elves 65 + ⌈30% × 65 = 19.5⌉ = 85; Limit 80: 5 starve → 80; Aggression 4 → 6.
    // Sea Folk 30 + ⌈7.5⌉ = 38; Limit 35: 3 starve → 35; Aggression 1 → 3.
    // Ash Orcs 50 + ⌈12.5⌉ = 63 (Limit 70).
    // Cave Trolls 12 + ⌈10% × 12 = 1.2⌉ = 14; Limit 12: 2 starve → 12 (unchanged); Aggression 0 → 2.
    // River Men 45 + ⌈11.25⌉ = 57, no Limit given.
    // Grown 10 + 20 + 8 + 13 + 2 + 12 = 65; starved 5 + 3 + 2 = 10.
    const raw = example();
    const plan = growth(raw);
    expect(plan.message).toBe(
      "Growth at the start of century 1: the races grew by 65 units; 10 starved (the Low Elves, Sea Folk, Cave Trolls). Their Aggression is 2 higher for the rest of the century; the next century's growth takes it off again.",
    );
    expect(plan.details).toEqual([
      "The Ultra-Dwarves: 40 + 10 (25%) = 50 (Limit 60).",
      "The Low Elves: 65 + 20 (30%) = 85; Limit 80: 5 starve → 80; Aggression 4 → 6 (+2 for starving, to the end of century 1).",
      "The Sea Folk: 30 + 8 (25%) = 38; Limit 35: 3 starve → 35; Aggression 1 → 3 (+2 for starving, to the end of century 1).",
      "The Ash Orcs: 50 + 13 (25%) = 63 (Limit 70).",
      "The Cave Trolls: 12 + 2 (10%) = 14; Limit 12: 2 starve → 12; Aggression 0 → 2 (+2 for starving, to the end of century 1).",
      "The River Men: 45 + 12 (25%) = 57 (no Limit given: not checked).",
    ]);
    const done = after(raw, plan);
    expect(tables(done).units).toEqual({ "Ultra-Dwarves": 50, "Low Elves": 80, "Sea Folk": 35, "Ash Orcs": 63, "Cave Trolls": 12, "River Men": 57 });
    expect(tables(done).aggression).toEqual({ "Ultra-Dwarves": 2, "Low Elves": 6, "Sea Folk": 3, "Ash Orcs": 5, "Cave Trolls": 2, "River Men": 1 });
    expect(added(done)).toEqual([
      [1, "starvation", 5, "Low Elves", "growth: Aggression +2"],
      [1, "starvation", 3, "Sea Folk", "growth: Aggression +2"],
      [1, "starvation", 2, "Cave Trolls", "growth: Aggression +2"],
    ]);

    // Never twice in one century.
    const twice = refusal(growth(done));
    expect(twice).toMatchObject({ table: "Deaths", row: 10, address: "Deaths!E10" });
    expect(twice.message).toBe(
      'the growth of century 1 is already done (this row\'s note says "growth: Aggression +2"); races grow once a century. If century 1 is over, calculate its end first: then century 2 is in play.',
    );
  });

  test("nobody starves: one row of 0 marks the growth; no Limit or Aggression column: said in the message", () => {
    // Without the Growth column every race grows 25%: 10 + ⌈16.25⌉ 17 + 8 + 13 + ⌈3⌉ 3 + 12 = 63.
    const plain = rawWorkbook(edit((t) => (t.Races = (t.Races ?? []).map((r) => r.slice(0, 7))), exampleTables()));
    const plan = growth(plain);
    expect(plan.message).toBe(
      "Growth at the start of century 1: the races grew by 63 units; nobody starved. The Races table has no Limit column, so nobody was checked for starvation: add one with the units each race's squares support.",
    );
    expect(plan.preview.deaths).toEqual([{ race: null, cause: "starvation", units: 0, note: "growth" }]);
    const done = after(plain, plan);
    expect(added(done)).toEqual([[1, "starvation", 0, null, "growth"]]);
    expect(refusal(growth(done)).row).toBe(10);

    const noAggression = rawWorkbook(edit((t) => (t.Races = (t.Races ?? []).map((r) => r.filter((_, i) => i !== 7))), exampleTables()));
    expect(growth(noAggression).message).toMatch(
      / The Races table has no Aggression column: note \+2 Aggression for the rest of the century for the Low Elves, Sea Folk, Cave Trolls\.$/,
    );
  });

  test("a Growth or Limit cell it cannot use is named, and nothing grows", () => {
    const bad = rawWorkbook(
      edit((t) => {
        setRace(t, 1, 9, 25);
        setRace(t, 2, 10, "lots");
      }, exampleTables()),
    );
    const plan = growth(bad);
    expect(plan.edits).toEqual([]);
    expect(plan.problems.map((p) => [p.address, p.message])).toEqual([
      ["Races!J2", "25 would be 2500% a century; write a growth rate per century such as 25% or 0.25 (a rate above 100% is not read)."],
      ["Races!K3", '"lots" is not a number; it needs a whole number of units, 0 or more: what the race\'s squares support together.'],
    ]);
  });
});

describe("what every action needs", () => {
  test("a Deaths table with Race and Note columns, and sound Races and Deaths tables", () => {
    const noDeaths = rawWorkbook(edit((t) => delete t.Deaths, exampleTables()));
    expect(refusal(growth(noDeaths)).message).toMatch(/^the workbook has no Deaths table, where the referee's actions write their deaths/);
    const noNote = rawWorkbook(edit((t) => (t.Deaths = (t.Deaths ?? []).map((r) => r.slice(0, 4))), exampleTables()));
    expect(refusal(war(noNote, { a: { race: "Sea Folk" }, b: { race: "Low Elves" } })).message).toMatch(
      /^the Deaths table has no Note column: add it at the table's right/,
    );
    const badUnits = rawWorkbook(
      edit((t) => {
        setRace(t, 5, 1, -4);
      }, exampleTables()),
    );
    expect(refusal(disaster(badUnits, { elements: "W", hits: [{ race: "Sea Folk", deaths: 1 }] }))).toMatchObject({ table: "Races", address: "Races!B6" });
  });
});
