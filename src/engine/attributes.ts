import { checkRoll, checkSigned as checkModifier, checkWhole } from "./checks";
import { wholeResult } from "./errors";

/**
 * Wars a race declares at the start of a century, from a d6 plus its Aggression:
 * 4 or less none, 5–6 one, 7–8 two, 9 or more three.
 * @example warsDeclared(4, 3) // 2
 */
export function warsDeclared(roll: number, aggression: number): number {
  checkRoll(roll);
  checkModifier(aggression, "Aggression");
  const total = roll + aggression;
  if (total <= 4) return 0;
  if (total <= 6) return 1;
  if (total <= 8) return 2;
  return 3;
}

/** The total a diplomacy roll must reach to stop a war. */
export const DIPLOMACY_TARGET = 6;

/**
 * Whether diplomacy stops a war: a d6 plus the race's Diplomacy less the enemy's Aggression
 * reaching 6.
 * @example warAverted(4, 3, 1) // true (4 + 3 − 1 = 6)
 */
export function warAverted(roll: number, diplomacy: number, enemyAggression: number): boolean {
  checkRoll(roll);
  checkModifier(diplomacy, "Diplomacy");
  checkModifier(enemyAggression, "The enemy's Aggression");
  return roll + diplomacy - enemyAggression >= DIPLOMACY_TARGET;
}

/** Wealth each city (great cities too) gives its race. */
export const WEALTH_PER_CITY = 1;

/**
 * What a race's Wealth adds to its Military and to its Diplomacy: 1 for each full 3 Wealth.
 * Each city (a great city too) gives the race 1 more Wealth. Wealth pushed below 0 by
 * circumstances counts as 0, so it never takes anything away; the floor applies to the whole
 * Wealth, cities included.
 * @example wealthBonus(8) // 2
 * @example wealthBonus(-4) // 0
 * @example wealthBonus(5, 2) // 2 (5 + 2 cities = 7)
 */
export function wealthBonus(wealth: number, cities = 0): number {
  checkModifier(wealth, "Wealth");
  checkWhole(cities, "Cities");
  const total = BigInt(wealth) + BigInt(WEALTH_PER_CITY) * BigInt(cities);
  // Integer division: wealth / 3 in doubles can round up to the next whole number for huge values.
  return total <= 0n ? 0 : wholeResult(total / 3n, "The bonus");
}
