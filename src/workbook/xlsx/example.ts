/**
 * A small example campaign: five gods (one a demon), six spheres drawing on worship, deaths,
 * counts and Diabolism at each century's end, on events in Heaven and on Earth, and on counts at
 * an era's end; six races (one in religious turmoil) with the Military, Aggression, Resistances,
 * Growth and Limit the referee's war, disaster and growth read, pantheons with Diabolism and
 * Atheism, and two centuries of deaths and counts (the second closing an era: its Settings give
 * Era Centrum 2 centuries, so that the example reaches an era's end). `gods init --example`, the
 * demo and the task pane's "create the example campaign" all use it.
 */
import type { PlanValue } from "../plan/layout";

export const EXAMPLE_CAMPAIGN: Readonly<Record<string, readonly (readonly PlanValue[])[]>> = {
  Gods: [
    ["Solara", "greater"],
    ["Vorn", "greater"],
    ["Mirelle", "lesser"],
    ["Kettu", "spirit"],
    ["Azhrak", "demon"],
  ],
  Cards: [
    ["Solara", "Sun", 2],
    ["Solara", "Harvest", 1],
    ["Vorn", "War", 3],
    ["Vorn", "Death", 1],
    ["Mirelle", "Sea", 2],
    ["Kettu", "Harvest", 1],
    ["Kettu", "Sea", 1],
    ["Demons", "Demonic", 1],
  ],
  Sources: [
    ["Sun", "Worship", "worship", 0.1, "no", null, "century-end", null],
    ["Sun", "Great Council", "count", 5, "yes", null, "era-end", null],
    ["Sun", "Artifact destroyed", "count", 0.5, "no", null, "event", "heaven"],
    ["Harvest", "Worship", "worship", 0.05, "no", null, "century-end", null],
    ["Harvest", "Cities on Earth", "count", 0.5, "no", null, "century-end", null],
    ["Harvest", "Farmland squares", "count", 0.1, "no", null, "era-end", null],
    ["Harvest", "Council law revoked", "count", 0.3, "no", null, "event", "heaven"],
    ["War", "War deaths", "deaths", 0.5, "no", "war", "century-end", null],
    ["War", "Worship", "worship", 0.05, "no", null, "century-end", null],
    ["War", "Demesne destroyed", "count", 1, "no", null, "event", "heaven"],
    ["Death", "All deaths", "deaths", 0.25, "no", "any", "century-end", null],
    ["Death", "God obliterated", "count", 2, "yes", null, "event", "heaven"],
    ["Death", "Race destroyed", "count", 0.5, "no", null, "event", "earth"],
    ["Sea", "Drownings", "deaths", 1, "no", "water", "century-end", null],
    ["Sea", "Seafaring races", "count", 2, "yes", null, "century-end", null],
    ["Sea", "Race destroyed", "count", 0.25, "no", null, "event", "earth"],
    ["Demonic", "Diabolism", "diabolism", 0.2, "yes", null, "century-end", null],
    ["Demonic", "Plague deaths", "deaths", 0.5, "yes", "plague", "century-end", null],
    ["Demonic", "God obliterated", "count", 1, "yes", null, "event", "heaven"],
  ],
  // Race, Units, Cities, Great Cities, Culture, Turmoil, then what the referee's actions read:
  // Military, Aggression, Resistances, Growth (empty: 25%), Limit (empty: not checked).
  // Ultra-Dwarves against Low Elves is the worked war of docs/rules/07-war.md: 43 at +8 against 65 at +2.
  Races: [
    ["Ultra-Dwarves", 40, 1, 0, "civilized", "no", 8, 2, "E-2", null, 60],
    ["Low Elves", 65, 0, 0, "barbarian", "no", 1, 4, "F*2, N/2", 0.3, 80],
    ["Sea Folk", 30, 2, 0, "civilized", "no", 3, 1, "W/2", null, 35],
    ["Ash Orcs", 50, 0, 0, "barbarian", "yes", 4, 5, "F-1", null, 70],
    ["Cave Trolls", 12, 0, 0, "primitive", "no", -1, 0, null, 0.1, 12],
    ["River Men", 45, 1, 1, "civilized", "no", 4, 1, null, null, null],
  ],
  Pantheon: [
    ["Ultra-Dwarves", "Vorn", 60],
    ["Ultra-Dwarves", "Solara", 30],
    ["Ultra-Dwarves", "Atheism", 10],
    ["Low Elves", "Solara", 50],
    ["Low Elves", "Kettu", 30],
    ["Low Elves", "Diabolism", 20],
    ["Sea Folk", "Mirelle", 70],
    ["Sea Folk", "Solara", 20],
    ["Sea Folk", "Atheism", 10],
    ["Ash Orcs", "Vorn", 80],
    ["Ash Orcs", "Diabolism", 20],
    ["Cave Trolls", "Kettu", 100],
    ["River Men", "Solara", 40],
    ["River Men", "Mirelle", 35],
    ["River Men", "Vorn", 25],
  ],
  Deaths: [
    [1, "war", 12, "Ultra-Dwarves", "border war with the Low Elves"],
    [1, "war", 9, "Low Elves", "border war with the Ultra-Dwarves"],
    [1, "water", 5, "Sea Folk", "the Great Flood"],
    [1, "starvation", 3, "Cave Trolls", null],
    [1, "plague", 4, "River Men", null],
    [2, "war", 7, "Ash Orcs", null],
    [2, "fire", 6, "River Men", "volcano"],
    [2, "water", 2, "Sea Folk", null],
  ],
  Counts: [
    [1, "Cities on Earth", 5],
    [1, "Seafaring races", 2],
    [2, "Cities on Earth", 6],
    [2, "Seafaring races", 2],
    [2, "Great Council", 3],
    [2, "Farmland squares", 24],
  ],
  Settings: [["Era Centrum length", 2]],
};
