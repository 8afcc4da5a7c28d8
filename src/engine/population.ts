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
