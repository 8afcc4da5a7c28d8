/**
 * What losses do to a race beyond its units (docs/rules/04-population.md, 07-war.md), on the
 * example campaign, each case worked by hand: the dead are units on the map, a race with no unit
 * left keeps no city, a civilized race that loses its last city is barbarian again, a disaster
 * may take cities (its resistances applied to them), and starvation's +2 Aggression lasts to the
 * end of its century.
 *
 * Races columns: 0 Race, 1 Units, 2 Cities, 3 Great Cities, 4 Culture, 5 Turmoil, 6 Military,
 * 7 Aggression, 8 Resistances, 9 Growth, 10 Limit.
 */
import { afterLosses } from "../../src/engine/population";
import { triesDiplomacy } from "../../src/engine/war";
import { errorsIn } from "../../src/workbook/model/problems";
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { applyEdits } from "../../src/workbook/plan/edits";
import { afterCenturyEnd } from "../../src/workbook/plan/after";
import { readCampaign } from "../../src/workbook/read/campaign";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planDisaster, type DisasterOrder } from "../../src/workbook/actions/disaster";
import { planGrowth } from "../../src/workbook/actions/growth";
import type { RefereePlan } from "../../src/workbook/actions/referee";
import { planWar, type WarOrder } from "../../src/workbook/actions/war";
import { exampleTables, rawWorkbook, type Tables } from "../support/campaigns";

const TROLLS = 5;
const SEA_FOLK = 3;

/** The example with some cells of one race changed (row 1 is the first race). */
function example(row?: number, cells: Readonly<Record<number, RawCell>> = {}): RawWorkbook {
  const t: Tables = exampleTables();
  const races = t.Races?.[row ?? 0];
  if (races === undefined) throw new Error(`the Races table has no row ${String(row)}`);
  for (const [column, value] of Object.entries(cells)) races[Number(column)] = value;
  return rawWorkbook(t);
}

function plan(raw: RawWorkbook, action: (c: ReturnType<typeof readCampaign>) => RefereePlan): RefereePlan {
  const p = action(readCampaign(raw));
  expect(errorsIn(p.problems)).toEqual([]);
  return p;
}
const war = (raw: RawWorkbook, order: WarOrder) => plan(raw, ({ campaign, problems }) => planWar(campaign, problems, order));
const disaster = (raw: RawWorkbook, order: DisasterOrder) => plan(raw, ({ campaign, problems }) => planDisaster(campaign, problems, order));
const growth = (raw: RawWorkbook) => plan(raw, ({ campaign, problems }) => planGrowth(campaign, problems));

function race(raw: RawWorkbook, name: string) {
  const r = readCampaign(raw).campaign.races.find((x) => x.race === name);
  if (r === undefined) throw new Error(`no race ${name}`);
  return { units: r.units, cities: r.cities, greatCities: r.greatCities, culture: r.culture, aggression: r.aggression };
}

describe("afterLosses (engine)", () => {
  test("units never below 0; the last units take every city with them; the last city takes Civilization", () => {
    expect(afterLosses({ units: 10, cities: 1, greatCities: 1, culture: "Civilized" }, { units: 11 })).toEqual({
      units: 0,
      cities: 0,
      greatCities: 0,
      culture: "Barbarian",
      unitsLost: 10,
      citiesLost: 1,
      greatCitiesLost: 1,
      wipedOut: true,
      civilizationLost: true,
    });
    // Units left: the cities stand; a barbarian race has no Civilization to lose.
    expect(afterLosses({ units: 10, cities: 2, greatCities: 0, culture: "barbarian" }, { units: 3, cities: 5 })).toMatchObject({
      units: 7,
      cities: 0,
      citiesLost: 2,
      culture: "barbarian",
      wipedOut: false,
      civilizationLost: false,
    });
    // A great city is a city: losing the last small one keeps Civilization while a great one stands.
    expect(afterLosses({ units: 10, cities: 1, greatCities: 1, culture: "civilized" }, { units: 1, cities: 1 })).toMatchObject({
      cities: 0,
      greatCities: 1,
      culture: "civilized",
      civilizationLost: false,
    });
    expect(afterLosses({ units: 0, cities: 0, greatCities: 0, culture: null }, { units: 0 })).toMatchObject({ wipedOut: false, unitsLost: 0 });
    expect(() => afterLosses({ units: 5, cities: 0, greatCities: 0, culture: null }, { units: -1 })).toThrow(/Units lost/);
  });
});

describe("a war's dead are units on the map", () => {
  test("a race of 10 units, a city and a great city wiped out: 10 deaths (not 11), no city left, barbarian again", () => {
    // River Men strength 45 + 3 + 6 = 54 at a given +9 against the Trolls at −1: 10 + 9 + 1 = 20%
    // of 54 → ⌈10.8⌉ = 11, within the Trolls' strength 10 + 3 + 6 = 19. Only 10 units exist.
    // The Trolls kill 10 − 1 − 9 = 0%: nobody.
    const raw = example(TROLLS, { 1: 10, 2: 1, 3: 1, 4: "civilized" });
    const p = war(raw, { a: { race: "Cave Trolls" }, b: { race: "River Men", military: 9 } });
    expect(p.preview.war?.sides.map((s) => s.kills)).toEqual([0, 11]);
    expect(p.preview.deaths).toEqual([{ race: "Cave Trolls", cause: "war", units: 10, note: "war: Cave Trolls vs River Men" }]);
    expect(p.preview.changes).toEqual([
      { race: "Cave Trolls", column: "Units", before: 10, after: 0 },
      { race: "Cave Trolls", column: "Cities", before: 1, after: 0 },
      { race: "Cave Trolls", column: "Great Cities", before: 1, after: 0 },
      { race: "Cave Trolls", column: "Culture", before: "civilized", after: "barbarian" },
    ]);
    expect(p.details).toEqual(
      expect.arrayContaining([
        "The Cave Trolls had only 10 units: all of them are killed (11 is what the war would take).",
        "The Cave Trolls have no unit left: their 1 city and 1 great city fall with them (a city stands only in an inhabited square).",
        "With their last city the Cave Trolls lose Civilization: they are barbarian again. The actions now give them a barbarian's +1 Military and +2 Aggression; lower their Limit to a barbarian's squares and strike the knowledges that need Civilization.",
      ]),
    );
    expect(p.message).toContain("the Cave Trolls lost 10 (of 11 kills: all its units), the River Men lost 0. The Cave Trolls lost and leave 5 squares");
    const done = applyEdits(raw, p.edits);
    expect(race(done, "Cave Trolls")).toMatchObject({ units: 0, cities: 0, greatCities: 0, culture: "barbarian" });
    // The next century end counts no worshippers for them: strength 0.
    const centuryEnd = planCenturyEnd(done);
    expect(centuryEnd.result?.worship.find((w) => w.race === "Cave Trolls")).toMatchObject({ units: 0, cities: 0, greatCities: 0 });
  });

  test("2 units and a city (strength 5) against a big enemy: 2 war deaths, not 5", () => {
    // The River Men's 11 are capped at the 5 the Trolls have in strength; 3 of those are the
    // city's bonus, which is not population: 2 units die, and the city with them.
    const raw = example(TROLLS, { 1: 2, 2: 1, 3: 0, 4: "Civilized" });
    const p = war(raw, { a: { race: "Cave Trolls" }, b: { race: "River Men", military: 9 } });
    expect(p.preview.war?.sides.map((s) => s.kills)).toEqual([0, 5]);
    expect(p.preview.deaths.map((d) => d.units)).toEqual([2]);
    expect(p.preview.changes).toEqual([
      { race: "Cave Trolls", column: "Units", before: 2, after: 0 },
      { race: "Cave Trolls", column: "Cities", before: 1, after: 0 },
      { race: "Cave Trolls", column: "Culture", before: "Civilized", after: "Barbarian" },
    ]);
    // Death-based mana is paid on the units recorded: the Deaths table says 2.
    const deaths = readCampaign(applyEdits(raw, p.edits)).campaign.deaths.filter((d) => d.note === "war: Cave Trolls vs River Men");
    expect(deaths.map((d) => d.units)).toEqual([2]);
  });
});

describe("a disaster may take cities", () => {
  test("water on the Sea Folk (W/2): 20 deaths → 10, 4 cities → 2 of their 2, Civilization lost", () => {
    const raw = example();
    const p = disaster(raw, { elements: "W", hits: [{ race: "Sea Folk", deaths: 20, cities: 4 }] });
    expect(p.preview.deaths).toEqual([{ race: "Sea Folk", cause: "water", units: 10, note: "disaster: water" }]);
    expect(p.preview.changes).toEqual([
      { race: "Sea Folk", column: "Units", before: 30, after: 20 },
      { race: "Sea Folk", column: "Cities", before: 2, after: 0 },
      { race: "Sea Folk", column: "Culture", before: "civilized", after: "barbarian" },
    ]);
    expect(p.details).toContain("The Sea Folk lose 2 cities.");
    expect(race(applyEdits(raw, p.edits), "Sea Folk")).toMatchObject({ units: 20, cities: 0, culture: "barbarian" });
  });

  test("a flood that kills every unit takes the cities too, even when it names none", () => {
    // 80 before W/2 → 40 ≥ 30 units: all die.
    const p = disaster(example(), { elements: "W", hits: [{ race: "Sea Folk", deaths: 80 }] });
    expect(p.preview.changes.map((c) => [c.column, c.after])).toEqual([
      ["Units", 0],
      ["Cities", 0],
      ["Culture", "barbarian"],
    ]);
  });

  test("only cities lost: nobody died, but the Races table changes", () => {
    // Cave Trolls given 2 cities: 1 fire death − 1 = 0; 2 cities − 1 = 1 destroyed.
    const p = disaster(example(TROLLS, { 2: 2 }), { elements: "F", hits: [{ race: "Cave Trolls", deaths: 1, cities: 2 }] });
    expect(p.message).toBe("A disaster of fire in century 1: nobody died (1 before resistances), but cities fell.");
    // A row of 0 records the disaster, so running it again by mistake is noticed.
    expect(p.preview.deaths).toEqual([{ race: "Cave Trolls", cause: "fire", units: 0, note: "disaster: fire" }]);
    expect(p.preview.changes).toEqual([{ race: "Cave Trolls", column: "Cities", before: 2, after: 1 }]);
    expect(p.details).toContain("The Cave Trolls lose 1 city.");
    const raw = applyEdits(example(TROLLS, { 2: 2 }), p.edits);
    const again = planDisaster(readCampaign(raw).campaign, readCampaign(raw).problems, {
      elements: "F",
      hits: [{ race: "Cave Trolls", deaths: 1, cities: 2 }],
    });
    expect(again.edits).toEqual([]);
    expect(again.problems[0]?.message).toMatch(/already record this fire striking the Cave Trolls/);
    // A power that destroys cities and kills nobody: 0 deaths stand when cities are named.
    const quake = disaster(example(TROLLS, { 2: 2 }), { elements: "E", hits: [{ race: "Cave Trolls", deaths: 0, cities: 3 }] });
    expect(quake.preview.changes).toEqual([{ race: "Cave Trolls", column: "Cities", before: 2, after: 0 }]);
  });

  test("a city count it cannot use is refused, naming the race", () => {
    const { campaign, problems } = readCampaign(example());
    const p = planDisaster(campaign, problems, { elements: "W", hits: [{ race: "Sea Folk", deaths: 1, cities: 1.5 }] });
    expect(p.edits).toEqual([]);
    expect(p.problems[0]?.message).toMatch(/cities of the Sea Folk/);
  });
});

describe("starvation's +2 Aggression lasts to the end of its century", () => {
  test("two starving centuries: 1 → 3, then 3 → 3 (the old +2 ends, a new one starts); then a fed century: 3 → 1", () => {
    // Sea Folk: 30 units, Limit 35, Aggression 1. Century 1: 30 + 8 = 38, 3 starve → 35; Aggression 1 → 3.
    let raw = example(SEA_FOLK, { 7: 1 });
    const first = growth(raw);
    expect(first.details).toContain("The Sea Folk: 30 + 8 (25%) = 38; Limit 35: 3 starve → 35; Aggression 1 → 3 (+2 for starving, to the end of century 1).");
    expect(first.preview.deaths.find((d) => d.race === "Sea Folk")?.note).toBe("growth: Aggression +2");
    raw = applyEdits(raw, first.edits);
    expect(race(raw, "Sea Folk").aggression).toBe(3);

    const endOf = (r: RawWorkbook) => {
      const c = planCenturyEnd(r);
      expect(errorsIn(c.problems)).toEqual([]);
      if (c.plan === undefined) throw new Error("no plan");
      return afterCenturyEnd(r, c.plan, true);
    };
    // Century 2: 35 + 9 = 44, 9 starve → 35 again; the +2 of century 1 ends and a new one starts.
    raw = endOf(raw);
    const second = growth(raw);
    expect(second.details).toContain(
      "The Sea Folk: 35 + 9 (25%) = 44; Limit 35: 9 starve → 35; Aggression 3 → 3 (the +2 of starvation in century 1 ends; +2 for starving, to the end of century 2).",
    );
    expect(second.preview.changes.filter((c) => c.race === "Sea Folk" && c.column === "Aggression")).toEqual([]);
    raw = applyEdits(raw, second.edits);
    expect(race(raw, "Sea Folk").aggression).toBe(3);

    // Century 3 with a Limit that feeds everyone: the +2 of century 2 ends, 3 → 1.
    raw = endOf(raw);
    const t = readCampaign(raw).campaign.races.find((r) => r.race === "Sea Folk");
    expect(t?.limit).toBe(35);
    const fed = growth(setLimit(raw, "Sea Folk", 100));
    expect(fed.preview.changes).toContainEqual({ race: "Sea Folk", column: "Aggression", before: 3, after: 1 });
    expect(fed.message).toContain("Starvation's +2 Aggression of the last growth ends (the");
  });
});

/** The workbook with one race's Limit cell changed, as a gamemaster would type it. */
function setLimit(raw: RawWorkbook, name: string, limit: number): RawWorkbook {
  const { campaign } = readCampaign(raw);
  const r = campaign.races.find((x) => x.race === name);
  if (r === undefined) throw new Error(`no race ${name}`);
  return applyEdits(raw, [{ kind: "update", table: "Races", index: r.index, values: { Limit: limit } }]);
}

describe("culture by itself (docs/rules/06-aggression-diplomacy-wealth.md)", () => {
  test("a barbarian race fights with +1 Military from its Culture; a Military given with the war is taken as it is", () => {
    // Ash Orcs: Military 4 in the table, barbarian → +5; against the Sea Folk (+3): 10 + 5 − 3 = 12% of 50 → 6.
    const p = war(example(), { a: { race: "Ash Orcs" }, b: { race: "Sea Folk" } });
    expect(p.preview.war?.sides[0]).toMatchObject({ military: 5, percent: 12, kills: 6 });
    expect(p.details?.[0]).toBe("The Ash Orcs (strength 50, Military +5: +4, and +1 for barbarians) kill 6: 12% of 50.");
    const given = war(example(), { a: { race: "Ash Orcs", military: 4 }, b: { race: "Sea Folk" } });
    expect(given.preview.war?.sides[0]).toMatchObject({ military: 4, percent: 11 });
    // A civilized race gets nothing from its culture.
    expect(war(example(), { a: { race: "Sea Folk" }, b: { race: "Ash Orcs" } }).preview.war?.sides[0]).toMatchObject({ military: 3 });
  });

  test("a primitive race resists every disaster by 1; an X-1 already in its Resistances is pointed out", () => {
    // Cave Trolls: 3 air deaths − 1 = 2 (no code of their own).
    const p = disaster(example(), { elements: "A", hits: [{ race: "Cave Trolls", deaths: 3 }] });
    expect(p.preview.deaths.map((d) => d.units)).toEqual([2]);
    expect(p.details).toEqual(["The Cave Trolls: 3 before resistances, 2 after (X-1 for a primitive race); Units 12 → 10."]);
    // A table that still holds the culture's X-1: it counts twice (3 − 2 = 1), and the preview says so.
    const twice = disaster(example(TROLLS, { 8: "X-1" }), { elements: "A", hits: [{ race: "Cave Trolls", deaths: 3 }] });
    expect(twice.preview.deaths.map((d) => d.units)).toEqual([1]);
    expect(twice.details).toContain(
      "The Cave Trolls are primitive, which gives them X-1 by itself, and their Resistances hold an X-1 too: if it was put there for their culture, remove it from the Races table, or it counts twice.",
    );
    // A global power with no element ignores every resistance, the culture's too.
    const doom = disaster(example(), { elements: "", global: true, cause: "plague", hits: [{ race: "Cave Trolls", deaths: 3 }] });
    expect(doom.preview.deaths.map((d) => d.units)).toEqual([3]);
  });
});

describe("a war's aftermath in the preview", () => {
  test("a primitive winner does not occupy; a race losing more than 15% is pointed to diplomacy", () => {
    // Cave Trolls (primitive, 12, −1) given +9 against the Sea Folk (civilized, 30 + 6 = 36, +3):
    // Trolls 10 + 9 − 3 = 16% of 12 → ⌈1.92⌉ = 2; Sea Folk 10 + 3 − 9 = 4% of 36 → ⌈1.44⌉ = 2. No loser.
    // Given +14: 21% of 12 → ⌈2.52⌉ = 3; Sea Folk 0%: the Sea Folk lose 3 ≥ 0, vacate ⌊3 / 2⌋ = 1.
    const p = war(example(), { a: { race: "Cave Trolls", military: 14 }, b: { race: "Sea Folk" } });
    expect(p.preview.war).toMatchObject({ loser: "Sea Folk", vacated: 1, movingIn: { race: "Cave Trolls", perSquare: 0 }, diplomacy: [] });
    expect(p.details).toContain("The Cave Trolls are primitive: they do not occupy the 1 square the Sea Folk leave.");
    // River Men (54, +4) given +9 against the Cave Trolls (12, −1): 20% of 54 → 11 of 12 Trolls, about 92%.
    const rout = war(example(), { a: { race: "Cave Trolls" }, b: { race: "River Men", military: 9 } });
    expect(rout.preview.war?.diplomacy).toEqual(["Cave Trolls"]);
    expect(rout.details).toContain(
      "The Cave Trolls stand to lose 11 of their 12 units, more than 15%: a race usually tries diplomacy first. Roll a d6 before writing: =GODS.DIPLOMACY(roll, diplomacy, 1) gives TRUE when the war is averted (the roll plus the Diplomacy, less the Aggression, reaches 6), with roll the d6, diplomacy the Diplomacy of the Cave Trolls and 1 the Aggression of the River Men.",
    );
  });

  test("the diplomacy hint gives a barbarian enemy's Aggression with its culture's +2", () => {
    // Ash Orcs (barbarian, Aggression 5 in the table) with a given +14 against the Cave Trolls (12):
    // 10 + 14 + 1 = 25% of 50 → 13 of the Trolls' 12.
    const p = war(example(), { a: { race: "Ash Orcs", military: 14 }, b: { race: "Cave Trolls" } });
    expect(p.details).toContain(
      "The Cave Trolls stand to lose 12 of their 12 units, more than 15%: a race usually tries diplomacy first. Roll a d6 before writing: =GODS.DIPLOMACY(roll, diplomacy, 7) gives TRUE when the war is averted (the roll plus the Diplomacy, less the Aggression, reaches 6), with roll the d6, diplomacy the Diplomacy of the Cave Trolls and 7 the Aggression of the Ash Orcs, with the +2 of barbarians.",
    );
  });

  test("15% exactly is not more than 15%", () => {
    expect(triesDiplomacy(15, 100)).toBe(false);
    expect(triesDiplomacy(16, 100)).toBe(true);
    expect(triesDiplomacy(0, 0)).toBe(false);
    expect(() => triesDiplomacy(-1, 10)).toThrow(/Losses/);
  });
});
