/**
 * A small example campaign: five gods (one a demon), six spheres drawing on worship, deaths,
 * counts and Diabolism, six races (one in religious turmoil), pantheons with Diabolism and
 * Atheism, and two centuries of deaths and counts. `gods init --example`, the demo and the task
 * pane's "create the example campaign" all use it.
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
    ["Sun", "Worship", "worship", 0.1, "no", null, "century-end"],
    ["Sun", "Great Council", "count", 5, "yes", null, "era-end"],
    ["Harvest", "Worship", "worship", 0.05, "no", null, "century-end"],
    ["Harvest", "Cities on Earth", "count", 0.5, "no", null, "century-end"],
    ["War", "War deaths", "deaths", 0.5, "no", "war", "century-end"],
    ["War", "Worship", "worship", 0.05, "no", null, "century-end"],
    ["Death", "All deaths", "deaths", 0.25, "no", "any", "century-end"],
    ["Sea", "Drownings", "deaths", 1, "no", "water", "century-end"],
    ["Sea", "Seafaring races", "count", 2, "yes", null, "century-end"],
    ["Demonic", "Diabolism", "diabolism", 0.2, "yes", null, "century-end"],
    ["Demonic", "Plague deaths", "deaths", 0.5, "yes", "plague", "century-end"],
  ],
  Races: [
    ["Ultra-Dwarves", 40, 1, 0, "civilized", "no"],
    ["Low Elves", 65, 0, 0, "barbarian", "no"],
    ["Sea Folk", 30, 2, 0, "civilized", "no"],
    ["Ash Orcs", 50, 0, 0, "barbarian", "yes"],
    ["Cave Trolls", 12, 0, 0, "primitive", "no"],
    ["River Men", 45, 1, 1, "civilized", "no"],
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
  ],
};
