/*
 * Fighting in Heaven (The Gods II, chapter 4): what a party must muster to pass the Guardian
 * Beasts, the hit points a character starts a combat with, and what a demesne fights with.
 */
import { checkWhole } from "./checks";
import { fail, wholeResult } from "./errors";

/** Tricks or blocks from combat powers it takes to get past one Guardian Beast. */
export const TRICKS_PER_BEAST = 2;

/**
 * Tricks and blocks a party entering the Primeval Wilds must produce together (seed 000, The
 * Guardian Beasts): one Beast attacks for each member, not counting those a power keeps the Beasts
 * off, and each Beast takes 2. A character alone is a party of 1.
 * @example guardianBeasts(1) // 2
 * @example guardianBeasts(4, 1) // 6 (3 Beasts)
 */
export function guardianBeasts(party: number, shielded = 0): number {
  checkWhole(party, "The party");
  checkWhole(shielded, "The members shielded from the Beasts");
  if (party < 1) fail("The party must be at least 1 character: the one who enters.");
  if (shielded > party) fail(`There cannot be more members shielded from the Beasts (${shielded}) than members in the party (${party}).`);
  return wholeResult(BigInt(party - shielded) * BigInt(TRICKS_PER_BEAST), "The tricks and blocks needed");
}

/** Hit points a character starts every combat with, unless rare powers change it. */
export const START_HIT_POINTS = 5;

/** Permanent hit points the Internal Weakness mutilation takes. */
export const INTERNAL_WEAKNESS = 2;

/**
 * The hit points a character starts a combat with (seed 000, Hit Points; Mutilations): 5, less the
 * permanent hit points lost, less 2 more for Internal Weakness, which a character has only once.
 * At 0 permanent hit points or fewer the character is dead for good until healed: "dead".
 * @example hitPoints(0) // 5
 * @example hitPoints(1, true) // 2
 * @example hitPoints(3, true) // "dead"
 */
export function hitPoints(permanentLost: number, internalWeakness = false): number | "dead" {
  checkWhole(permanentLost, "The permanent hit points lost");
  const left = START_HIT_POINTS - Math.min(permanentLost, START_HIT_POINTS) - (internalWeakness ? INTERNAL_WEAKNESS : 0);
  return left > 0 ? left : "dead";
}

/** What every demesne starts a combat with. */
export const DEMESNE_HIT_POINTS = 10;
export const DEMESNE_BLOCKS = 5;

export interface DemesneInCombat {
  readonly hitPoints: number;
  readonly blocks: number;
}

/**
 * What a demesne starts a combat with (seed 000, Combat Between Characters and Demesnes): 10 hit
 * points and 5 blocks, plus whatever demesne powers cast on it earlier added.
 * @example demesne() // { hitPoints: 10, blocks: 5 }
 * @example demesne(3, 2) // { hitPoints: 13, blocks: 7 }
 */
export function demesne(addedHitPoints = 0, addedBlocks = 0): DemesneInCombat {
  checkWhole(addedHitPoints, "The hit points its powers add");
  checkWhole(addedBlocks, "The blocks its powers add");
  return {
    hitPoints: wholeResult(BigInt(DEMESNE_HIT_POINTS) + BigInt(addedHitPoints), "The hit points"),
    blocks: wholeResult(BigInt(DEMESNE_BLOCKS) + BigInt(addedBlocks), "The blocks"),
  };
}

/** The gestures of a combat round: rock, paper and scissors at will, a trick or a block only from a power, and null for none. */
export const GESTURE_NAMES = ["rock", "paper", "scissors", "trick", "block", "null"] as const;
export type Gesture = (typeof GESTURE_NAMES)[number];

/**
 * The gestures each one hits. A block beats every gesture but hurts only a null; a trick beats
 * everything but a block, another trick included; anything beats a null, which hits nothing.
 */
const HITS: Readonly<Record<Gesture, readonly Gesture[]>> = {
  rock: ["scissors", "null"],
  paper: ["rock", "null"],
  scissors: ["paper", "null"],
  trick: ["rock", "paper", "scissors", "trick", "null"],
  block: ["null"],
  null: [],
};

/**
 * The hit points each side loses to the gestures of one combat round (seed 000, Combat Procedure;
 * The Null Gesture): 1 to a side whose gesture the other's beats, and no more than 1 a round.
 * @example gestures("rock", "scissors") // [0, 1]
 * @example gestures("trick", "trick") // [1, 1] (two tricks hit each other)
 * @example gestures("block", "null") // [0, 1] (a block hurts only a null)
 */
export function gestures(a: Gesture, b: Gesture): [number, number] {
  for (const g of [a, b]) if (!GESTURE_NAMES.includes(g)) fail(`A gesture must be one of ${GESTURE_NAMES.join(", ")}, not ${g}.`);
  return [HITS[b].includes(a) ? 1 : 0, HITS[a].includes(b) ? 1 : 0];
}
