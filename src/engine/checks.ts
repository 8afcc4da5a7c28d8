/** Checks of a rule's arguments shared by several rules; each fails with a gamemaster's sentence. */
import { fail } from "./errors";

/** A count of things: units, strength, cities, mana — a whole number, 0 or more. */
export function checkWhole(value: number, what: string, unit = ""): void {
  if (!Number.isInteger(value) || value < 0) fail(`${what} must be a whole number${unit}, 0 or more, not ${value}.`);
}

/** A modifier such as Military or Aggression: a whole number of either sign. */
export function checkSigned(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) fail(`${what} must be a whole number (it may be negative), not ${value}.`);
}

/** A die roll: a whole number from low to high (1 to 6 for one d6). */
export function checkRoll(roll: number, low = 1, high = 6, what = "The roll"): void {
  if (!Number.isInteger(roll) || roll < low || roll > high) fail(`${what} must be a whole number from ${low} to ${high}, not ${roll}.`);
}
