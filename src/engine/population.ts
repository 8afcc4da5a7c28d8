import { checkWhole as checkCount } from "./checks";
import { fail, wholeResult } from "./errors";

/** Base terrain of a square on the Earth map. */
export type Terrain = "plains" | "forest" | "desert" | "mountain" | "ice" | "water";
export const TERRAINS: readonly Terrain[] = ["plains", "forest", "desert", "mountain", "ice", "water"];

/** A race's cultural level. */
export type Culture = "primitive" | "barbarian" | "civilized";
export const CULTURES: readonly Culture[] = ["primitive", "barbarian", "civilized"];

/** Units one square supports, by culture and base terrain, before features and knowledges. */
const LIMITS: Readonly<Record<Culture, Readonly<Record<Terrain, number>>>> = {
  primitive: { plains: 1, forest: 1, desert: 1, mountain: 1, ice: 1, water: 0 },
  barbarian: { plains: 3, forest: 3, desert: 2, mountain: 1, ice: 1, water: 0 },
  civilized: { plains: 5, forest: 3, desert: 3, mountain: 2, ice: 0, water: 0 },
};

/** What a barbarian race gains by its culture alone: +1 Military and +2 Aggression. */
export const BARBARIAN_MILITARY = 1;
export const BARBARIAN_AGGRESSION = 2;
/** What a primitive race gains by its culture alone: it resists every disaster by 1. */
export const PRIMITIVE_RESISTANCE = "X-1";

/** Bonus strength of a city and of a great city. */
export const CITY_STRENGTH = 3;
export const GREAT_CITY_STRENGTH = 6;

/** Squares a race must hold for each city it already has before it may found another. */
export const SQUARES_PER_CITY = 6;

/**
 * A race's strength in war and worship: its units plus the bonus population of its cities.
 * Growth uses the units alone.
 * @example populationStrength(40, 1) // 43
 */
export function populationStrength(units: number, cities = 0, greatCities = 0): number {
  checkCount(units, "Units");
  checkCount(cities, "Cities");
  checkCount(greatCities, "Great cities");
  const total = BigInt(units) + BigInt(CITY_STRENGTH) * BigInt(cities) + BigInt(GREAT_CITY_STRENGTH) * BigInt(greatCities);
  return wholeResult(total, "The strength");
}

/**
 * Units one square can support: the table by culture and terrain, plus whatever terrain
 * features and knowledges add (or take away), never below 0.
 * @example populationLimit("plains", "civilized") // 5
 * @example populationLimit("water", "barbarian", 1) // 1 (a knowledge such as Fishing)
 */
export function populationLimit(terrain: Terrain, culture: Culture, modifier = 0): number {
  // The types promise a known culture and terrain; a caller in plain JavaScript may give any text.
  if (!CULTURES.includes(culture)) fail(`The culture must be one of ${CULTURES.join(", ")}, not ${culture}.`);
  if (!TERRAINS.includes(terrain)) fail(`The terrain must be one of ${TERRAINS.join(", ")}, not ${terrain}.`);
  const base = LIMITS[culture][terrain];
  if (!Number.isSafeInteger(modifier)) fail(`The modifier must be a whole number (it may be negative), not ${modifier}.`);
  return Math.max(0, base + modifier);
}

/** The Aggression a race gains, for the rest of the century, when some of its units starve. */
export const STARVATION_AGGRESSION = 2;

/**
 * Units that starve: those above the limit after growth (none when the race fits).
 * @example starvation(7, 5) // 2
 */
export function starvation(units: number, limit: number): number {
  checkCount(units, "Units");
  checkCount(limit, "The limit");
  return Math.max(0, units - limit);
}

/**
 * Whether a race may found a new city: its first city always; after that only while it
 * holds at least 6 squares for every city it already has.
 * @example mayFoundCity(12, 2) // true
 * @example mayFoundCity(11, 2) // false
 */
export function mayFoundCity(squares: number, cities: number): boolean {
  checkCount(squares, "Squares");
  checkCount(cities, "Cities");
  if (cities === 0) return true;
  return BigInt(squares) >= BigInt(SQUARES_PER_CITY) * BigInt(cities);
}

/** What a race holds on the map: its units, its cities and great cities, and its culture as written (any case). */
export interface Settlements {
  readonly units: number;
  readonly cities: number;
  readonly greatCities: number;
  readonly culture: string | null;
}

/** A race's holdings after losses, and what the losses came to. */
export interface AfterLosses extends Settlements {
  /** units killed: never more than the race had on the map */
  readonly unitsLost: number;
  readonly citiesLost: number;
  readonly greatCitiesLost: number;
  /** no unit is left: every city went with its last inhabitants */
  readonly wipedOut: boolean;
  /** a civilized race lost its last city and falls back to barbarism */
  readonly civilizationLost: boolean;
}

/**
 * A race after it loses units (and, to a disaster that names them, cities): units never go below
 * 0, and the killed units are the ones it had (a city's bonus strength is not population and
 * cannot die). A city stands only in an inhabited square, so a race with no unit left keeps no
 * city. A civilized race that loses its last city loses Civilization and is barbarian again.
 * @example afterLosses({ units: 2, cities: 1, greatCities: 0, culture: "civilized" }, { units: 5 })
 * // { units: 0, cities: 0, greatCities: 0, culture: "barbarian", unitsLost: 2, citiesLost: 1, … }
 */
export function afterLosses(before: Settlements, lost: { readonly units: number; readonly cities?: number; readonly greatCities?: number }): AfterLosses {
  checkCount(before.units, "Units");
  checkCount(before.cities, "Cities");
  checkCount(before.greatCities, "Great cities");
  checkCount(lost.units, "Units lost");
  checkCount(lost.cities ?? 0, "Cities lost");
  checkCount(lost.greatCities ?? 0, "Great cities lost");
  const unitsLost = Math.min(lost.units, before.units);
  const units = before.units - unitsLost;
  const wipedOut = units === 0 && (unitsLost > 0 || before.cities + before.greatCities > 0);
  const cities = wipedOut ? 0 : before.cities - Math.min(lost.cities ?? 0, before.cities);
  const greatCities = wipedOut ? 0 : before.greatCities - Math.min(lost.greatCities ?? 0, before.greatCities);
  const hadCity = before.cities + before.greatCities > 0;
  const civilizationLost = hadCity && cities + greatCities === 0 && cultureOf(before.culture) === "civilized";
  return {
    units,
    cities,
    greatCities,
    culture: civilizationLost ? inCaseOf(before.culture ?? "", "barbarian") : before.culture,
    unitsLost,
    citiesLost: before.cities - cities,
    greatCitiesLost: before.greatCities - greatCities,
    wipedOut,
    civilizationLost,
  };
}

/** The culture a Culture cell names, whatever its case ("Civilized"), or null when it names none. */
export function cultureOf(text: string | null): Culture | null {
  const k = (text ?? "").trim().toLowerCase();
  return CULTURES.find((c) => c === k) ?? null;
}

/** `word` written the way `like` is: "Barbarian" after "Civilized", "BARBARIAN" after "CIVILIZED". */
function inCaseOf(like: string, word: string): string {
  const t = like.trim();
  if (t !== "" && t === t.toUpperCase()) return word.toUpperCase();
  if (t !== "" && t.charAt(0) === t.charAt(0).toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}
