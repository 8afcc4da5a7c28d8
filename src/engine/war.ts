import { fail } from "./errors";

function checkStrength(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) fail(`${what} must be a whole number, 0 or more, not ${value}.`);
}

function checkMilitary(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) fail(`${what} must be a whole number (it may be negative), not ${value}.`);
}

/**
 * The casualty percentage a side inflicts: 10 plus its Military less the enemy's, never below 0.
 * A side 10 or more Military behind therefore kills nobody.
 * @example casualtyPercent(8, 2) // 16
 */
export function casualtyPercent(military: number, enemyMilitary: number): number {
  checkMilitary(military, "Military");
  checkMilitary(enemyMilitary, "The enemy's Military");
  return Math.max(0, 10 + military - enemyMilitary);
}

/**
 * Enemy units a side kills in one war: its casualty percentage of its own strength (cities
 * included), rounded up, and never more than the enemy has when the enemy's strength is known.
 * @example casualties(43, 8, 2) // 7
 * @example casualties(65, 2, 8) // 3
 */
export function casualties(strength: number, military: number, enemyMilitary: number, enemyStrength?: number): number {
  checkStrength(strength, "Strength");
  const pct = casualtyPercent(military, enemyMilitary);
  // Integer arithmetic on BigInt: the product can pass 2^53 for huge strengths.
  const kills = (BigInt(strength) * BigInt(pct) + 99n) / 100n;
  let result = Number(kills);
  if (enemyStrength !== undefined) {
    checkStrength(enemyStrength, "The enemy's strength");
    result = Math.min(result, enemyStrength);
  }
  return result;
}
