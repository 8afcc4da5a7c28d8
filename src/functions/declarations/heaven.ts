/* eslint-disable @typescript-eslint/no-explicit-any -- raw cell values, read by the runner (functions.ts says why) */
/**
 * Heaven: whether the Great Council sits and a vote carries, an archetype's successor, combat
 * (the Guardian Beasts, hit points, a demesne, a round's gestures), powers (an artifact's strength, which of two
 * prevails), and the pantheons (turmoil, a cult, a god obliterated, a division checked or changed).
 */
import { invoke } from "../runner";
import {
  ARTIFACTSTRENGTH,
  COUNCIL,
  CULT,
  DEMESNE,
  GESTURES,
  GUARDIANBEASTS,
  HITPOINTS,
  OBLITERATE,
  PANTHEONCHANGE,
  PANTHEONCHECK,
  PRECEDENCE,
  SUCCESSOR,
  TURMOIL,
} from "../specs";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the lines the build appends
import { CustomFunctions } from "../registration";

/**
 * Whether the Great Council sits (7 greater gods present) and whether a vote carries: 7 votes, a vacant seat for a promotion, every greater god and Era Omega for the Supreme Deity.
 * @customfunction COUNCIL
 * @helpurl https://localhost:3000/docs/functions/COUNCIL.html
 * @param present Greater gods present in the Hall of Doom (0 to 12); a lesser god leading the meeting does not count.
 * @param [votes] Greater gods voting for the decision. Leave it out to ask only whether the meeting sits.
 * @param [kind] "measure" (the default): a law, an office or any other decision; "promotion": a lesser god to a vacant seat; "supreme deity": choosing the Supreme Deity.
 * @param [greater_gods] Greater gods there are now, present or not: 12 unless seats are vacant. Matters for the Supreme Deity and a promotion.
 * @param [barred] Greater gods present who may not vote at this meeting: shamed for missing a duel, themselves or their lesser god. 0 if left out.
 * @param [era] When the vote is held: "aleph", "centrum" (the default) or "omega". The Supreme Deity can be chosen in Era Omega only.
 * @param [seats] Seats the Council may fill, taken or not: 12, less a primal being's seat lost for good or an archetype's kept for its successor. For a promotion.
 * @returns "in session" or "no quorum" without votes; "passes", "fails", "no quorum", "no vacancy" or "only in Era Omega" with them.
 */
export function council(present: any, votes?: any, kind?: any, greater_gods?: any, barred?: any, era?: any, seats?: any): any {
  return invoke(COUNCIL, present, votes, kind, greater_gods, barred, era, seats);
}

/**
 * An obliterated archetype's seat: her former archetypal lesser gods must all agree on one of them, who gains 5 more cards of her sphere.
 * @customfunction SUCCESSOR
 * @helpurl https://localhost:3000/docs/functions/SUCCESSOR.html
 * @param archetypal_lesser_gods Her former archetypal lesser gods still in the game (those given one of her special cards).
 * @param agreeing How many of them agree on the successor, the successor included.
 * @param [cards_held] The successor's cards in the archetypal sphere before: 1 (the special card) if left out.
 * @returns The successor's cards in the sphere after; "vacant" until they all agree; "by election" when she had none.
 */
export function successor(archetypal_lesser_gods: any, agreeing: any, cards_held?: any): any {
  return invoke(SUCCESSOR, archetypal_lesser_gods, agreeing, cards_held);
}

/**
 * Tricks and blocks a party entering the Primeval Wilds must produce from combat powers: 2 for each Guardian Beast, one Beast per member.
 * @customfunction GUARDIANBEASTS
 * @helpurl https://localhost:3000/docs/functions/GUARDIANBEASTS.html
 * @param party Characters entering together (1 for a character alone).
 * @param [shielded] Members a power keeps the Beasts off: no Beast comes for them. 0 if left out.
 * @returns Tricks and blocks needed, all members' together.
 */
export function guardianbeasts(party: any, shielded?: any): any {
  return invoke(GUARDIANBEASTS, party, shielded);
}

/**
 * Hit points a character starts a combat with: 5, less permanent hit points lost, less 2 for Internal Weakness; "dead" at 0 permanent.
 * @customfunction HITPOINTS
 * @helpurl https://localhost:3000/docs/functions/HITPOINTS.html
 * @param permanent_lost Permanent hit points lost and not healed, Internal Weakness's 2 left out.
 * @param [internal_weakness] TRUE when the character has the Internal Weakness mutilation.
 * @returns Hit points at the start of a combat, or "dead" (dead for good until healed).
 */
export function hitpoints(permanent_lost: any, internal_weakness?: any): any {
  return invoke(HITPOINTS, permanent_lost, internal_weakness);
}

/**
 * What a demesne starts a combat with: 10 hit points and 5 blocks, plus what demesne powers cast on it added.
 * @customfunction DEMESNE
 * @helpurl https://localhost:3000/docs/functions/DEMESNE.html
 * @param [added_hit_points] Hit points demesne powers cast on it earlier add. 0 if left out.
 * @param [added_blocks] Blocks demesne powers cast on it earlier add. 0 if left out.
 * @returns Two cells in a row: hit points, blocks.
 */
export function demesne(added_hit_points?: any, added_blocks?: any): any {
  return invoke(DEMESNE, added_hit_points, added_blocks);
}

/**
 * Hit points each side loses to one combat round's gestures: 1 to the side whose gesture is beaten; a block hurts only a null, two tricks hit each other.
 * @customfunction GESTURES
 * @helpurl https://localhost:3000/docs/functions/GESTURES.html
 * @param gesture_a The first side's gesture: "rock", "paper", "scissors", "trick", "block" or "null" (no gesture).
 * @param gesture_b The other side's gesture, the same way.
 * @returns Two cells in a row: hit points the first side loses, hit points the other loses.
 */
export function gestures(gesture_a: any, gesture_b: any): any {
  return invoke(GESTURES, gesture_a, gesture_b);
}

/**
 * The most a wielder may spend on a variable-cost power in an artifact: the mana spent putting it in, divided by the factor (3 in the rules' example), rounded down.
 * @customfunction ARTIFACTSTRENGTH
 * @helpurl https://localhost:3000/docs/functions/ARTIFACTSTRENGTH.html
 * @param mana_spent Mana the creator spent putting the power into the artifact.
 * @param [factor] Mana spent for each point of the power's casting cost: 3 if left out, as in the rules' example (12 mana gives 4).
 * @returns The highest casting cost the wielder may pay for the power.
 */
export function artifactstrength(mana_spent: any, factor?: any): any {
  return invoke(ARTIFACTSTRENGTH, mana_spent, factor);
}

/**
 * Which of two contradicting powers prevails when common sense does not settle it: the higher sphere level; a spirit's or demon's counts as level 1.
 * @customfunction PRECEDENCE
 * @helpurl https://localhost:3000/docs/functions/PRECEDENCE.html
 * @param level_a The first power's sphere level (1 or more).
 * @param level_b The second power's sphere level (1 or more).
 * @param [caster_a] Who cast the first: "god" (the default), "spirit" (a celestial spirit) or "demon"; a spirit's or demon's power counts as level 1.
 * @param [caster_b] Who cast the second, the same way.
 * @returns "first", "second", or "referee" when the levels are equal and a referee decides.
 */
export function precedence(level_a: any, level_b: any, caster_a?: any, caster_b?: any): any {
  return invoke(PRECEDENCE, level_a, level_b, caster_a, caster_b);
}

/**
 * What the d6 roll for a race in religious turmoil does at the end of the century.
 * @customfunction TURMOIL
 * @helpurl https://localhost:3000/docs/functions/TURMOIL.html
 * @param roll The d6 roll (1 to 6).
 * @returns What happens, in a few words.
 */
export function turmoil(roll: any): any {
  return invoke(TURMOIL, roll);
}

/**
 * A pantheon's shares after a cult: the deity gains the points, every other member gives up its proportional part.
 * @customfunction CULT
 * @helpurl https://localhost:3000/docs/functions/CULT.html
 * @param members The pantheon's members: one column or one row of names.
 * @param shares Their shares beside them, all as points (40) or all as fractions (0.4 or 40%), adding up to 100%.
 * @param deity The deity the cult is for; one not yet a member joins at the end.
 * @param points Percentage points the deity gains, written like the shares (10, or 0.1 beside fractions) or as "10%".
 * @returns The new shares, laid out like the members (one longer when the deity joins).
 */
export function cult(members: any[][], shares: any[][], deity: any, points: any): any[][] {
  return invoke(CULT, members, shares, deity, points) as any[][];
}

/**
 * A pantheon's shares after one of its gods is obliterated: its share is split equally among the other gods.
 * @customfunction OBLITERATE
 * @helpurl https://localhost:3000/docs/functions/OBLITERATE.html
 * @param members The pantheon's members: one column or one row of names.
 * @param shares Their shares beside them, all as points or all as fractions, adding up to 100%.
 * @param god The obliterated god.
 * @returns The new shares, laid out like the members; the god's becomes 0.
 */
export function obliterate(members: any[][], shares: any[][], god: any): any[][] {
  return invoke(OBLITERATE, members, shares, god) as any[][];
}

/**
 * Whether a pantheon is sound: TRUE, or the reason it is not.
 * @customfunction PANTHEONCHECK
 * @helpurl https://localhost:3000/docs/functions/PANTHEONCHECK.html
 * @param members The pantheon's members: one column or one row of names.
 * @param shares Their shares beside them.
 * @returns TRUE, or a sentence saying what is wrong.
 */
export function pantheoncheck(members: any[][], shares: any[][]): any {
  return invoke(PANTHEONCHECK, members, shares);
}

/**
 * Whether Diabolism and Atheism accept a change of a pantheon: each must gain at least 5 points.
 * @customfunction PANTHEONCHANGE
 * @helpurl https://localhost:3000/docs/functions/PANTHEONCHANGE.html
 * @param members Every member before or after the change: one column or one row of names.
 * @param old_shares The shares before the change (empty for a member joining).
 * @param new_shares The shares after the change (empty for a member leaving).
 * @param [ending_turmoil] TRUE when the new division is to end religious turmoil: then even an unchanged division needs their consent.
 * @returns TRUE, or the reason the change is vetoed.
 */
export function pantheonchange(members: any[][], old_shares: any[][], new_shares: any[][], ending_turmoil?: any): any {
  return invoke(PANTHEONCHANGE, members, old_shares, new_shares, ending_turmoil);
}
