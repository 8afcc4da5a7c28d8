/*
 * Powers in Heaven (The Gods II, chapter 4): how strong a variable-cost power put into an artifact
 * can be, and which of two contradicting powers prevails.
 */
import { checkWhole } from "./checks";
import { fail } from "./errors";

/** The factor of the rule book's only example: 12 mana spent on Bless Land for a casting cost of 4. */
export const ARTIFACT_FACTOR = 3;

/**
 * The most a wielder may spend on a variable-cost power in an artifact (seed 000, Artifacts): the
 * mana spent putting it in, divided by the factor between that mana and the casting cost (3 in the
 * example). Our reading: rounded down, since mana short of a whole step buys no further strength.
 * @example artifactStrength(12) // 4
 * @example artifactStrength(14, 3) // 4
 */
export function artifactStrength(manaSpent: number, factor = ARTIFACT_FACTOR): number {
  checkWhole(manaSpent, "The mana spent");
  checkWhole(factor, "The factor");
  if (factor < 1) fail("The factor must be 1 or more: mana spent for each point of the power's casting cost.");
  return Math.floor(manaSpent / factor);
}

/** Who cast a power: a god's powers keep their sphere level; a celestial spirit's or a demon's count as level 1. */
export type Caster = "god" | "spirit" | "demon";
export const CASTERS: readonly Caster[] = ["god", "spirit", "demon"];

/** The level every celestial spirit's and demon's power counts as. */
export const SPIRIT_LEVEL = 1;

export type Precedence = "first" | "second" | "referee";

/**
 * Which of two contradicting powers prevails, once common sense has not settled it (seed 000,
 * Conflicting Powers): the higher sphere level; a celestial spirit's or a demon's power counts as
 * level 1 whatever it is; on equal levels a referee decides.
 * @example precedence(3, 2) // "first"
 * @example precedence(3, 1, "spirit") // "referee" (the spirit's power counts as 1)
 */
export function precedence(levelA: number, levelB: number, casterA: Caster = "god", casterB: Caster = "god"): Precedence {
  const a = counted(levelA, casterA, "The first power's level");
  const b = counted(levelB, casterB, "The second power's level");
  return a > b ? "first" : b > a ? "second" : "referee";
}

function counted(level: number, caster: Caster, what: string): number {
  if (!Number.isInteger(level) || level < 1) fail(`${what} must be a whole number, 1 or more, not ${level}.`);
  if (!CASTERS.includes(caster)) fail(`The caster must be one of ${CASTERS.join(", ")}, not ${caster}.`);
  return caster === "god" ? level : SPIRIT_LEVEL;
}
