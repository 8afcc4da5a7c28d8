/*
 * The Great Council of the Gods (The Gods II, chapter 4): whether a meeting can sit, and whether a
 * vote carries. Only greater gods count: a lesser god or celestial spirit leading the meeting is
 * treated as a greater god by powers, but neither sits on the Council nor votes.
 */
import { checkRoll } from "./checks";
import { fail } from "./errors";
import type { Era } from "./toll";

/** Seats on the Council: there are never more greater gods than this. */
export const COUNCIL_SEATS = 12;

/** Greater gods who must be in the Hall of Doom for a meeting to go on. */
export const QUORUM = 7;

/** Votes a decision that changes the rules needs, however few greater gods there are. */
export const VOTES_NEEDED = 7;

/**
 * What is put to the vote: an ordinary decision (a law, an office, a minor Council power), a lesser
 * god's promotion to a vacant seat, or the Supreme Deity.
 */
export type CouncilKind = "measure" | "promotion" | "supreme deity";

/**
 * "only in Era Omega": the Supreme Deity put to the vote in another era; "no vacancy": a promotion
 * with every seat the Council may fill taken.
 */
export type CouncilAnswer = "in session" | "no quorum" | "passes" | "fails" | "only in Era Omega" | "no vacancy";

/**
 * Whether the Council sits and, given the votes for a decision, whether it carries.
 *
 * A meeting sits while at least 7 greater gods are present; with fewer it is over, and nothing can
 * be voted. A measure carries with 7 votes for it, whatever the number present or alive. The
 * Supreme Deity needs every greater god alive to vote for it, so every one of them must be present:
 * `greaterGods` is how many there are (12 unless seats are vacant); it can be chosen in Era Omega
 * only (seed 000, Choosing the Supreme Deity). A promotion also needs 7 votes, and a vacant seat
 * to fill: there are never more than 12 greater gods (seed 000, Promoting New Greater Gods).
 * `seats` is how many seats the Council may fill, taken or not: 12, less a primal being's seat lost
 * for good and an archetype's seat kept for its successor (seed 000, Obliteration). `barred` of
 * those present may not vote at this meeting (shamed for missing a duel, seed 000, Starting a
 * Duel): they still make up the quorum, but cannot be among the votes, and while one is barred no
 * Supreme Deity is chosen. Left out, `era` is not checked (the pane, which does not ask it).
 * @example council(9) // "in session"
 * @example council(6) // "no quorum"
 * @example council(12, 7) // "passes"
 * @example council(8, 6) // "fails"
 * @example council(10, 10, "supreme deity", 12, 0, "omega") // "fails" (2 of the 12 are missing)
 * @example council(10, 10, "supreme deity", 10, 0, "omega") // "passes"
 * @example council(10, 10, "supreme deity", 10, 0, "centrum") // "only in Era Omega"
 * @example council(12, 9, "promotion") // "no vacancy"
 * @example council(11, 9, "promotion", 11) // "passes"
 * @example council(8, 7, "measure", 12, 1) // "passes" (7 of the 7 who may vote)
 */
export function council(
  present: number,
  votes?: number,
  kind: CouncilKind = "measure",
  greaterGods: number = COUNCIL_SEATS,
  barred = 0,
  era?: Era,
  seats: number = COUNCIL_SEATS,
): CouncilAnswer {
  checkRoll(present, 0, COUNCIL_SEATS, "The greater gods present");
  checkRoll(greaterGods, 0, COUNCIL_SEATS, "The greater gods there are");
  checkRoll(seats, 0, COUNCIL_SEATS, "The seats the Council may fill");
  if (present > greaterGods) fail(`There cannot be more greater gods present (${present}) than there are greater gods (${greaterGods}).`);
  if (greaterGods > seats) fail(`There cannot be more greater gods (${greaterGods}) than seats the Council may fill (${seats}).`);
  checkRoll(barred, 0, COUNCIL_SEATS, "The greater gods who may not vote");
  if (barred > present) fail(`There cannot be more greater gods barred from voting (${barred}) than greater gods present (${present}).`);
  if (votes !== undefined) {
    checkRoll(votes, 0, COUNCIL_SEATS, "The votes");
    if (votes > present) fail(`There cannot be more votes (${votes}) than greater gods present (${present}).`);
    if (votes > present - barred)
      fail(`There cannot be more votes (${votes}) than greater gods present who may vote (${present - barred}: ${present} present, ${barred} barred).`);
  }
  if (present < QUORUM) return "no quorum";
  if (votes === undefined) return "in session";
  if (kind === "supreme deity" && era !== undefined && era !== "omega") return "only in Era Omega";
  if (kind === "promotion" && greaterGods >= seats) return "no vacancy";
  const carried = kind === "supreme deity" ? barred === 0 && votes === greaterGods : votes >= VOTES_NEEDED;
  return carried ? "passes" : "fails";
}

/** Sphere cards an archetype's successor gains in the archetypal sphere. */
export const SUCCESSOR_CARDS = 5;

/** The most archetypal lesser gods, or cards, the functions take: no deck holds more. */
export const MOST_ARCHETYPAL = 99;

/** What becomes of an obliterated archetype's seat: the successor's cards, or why there is none. */
export type Succession = number | "vacant" | "by election";

/**
 * An obliterated archetype's seat (seed 000, Obliteration). Her former archetypal lesser gods fill
 * it only by all agreeing on one of their number, who becomes a greater god and an archetype and
 * gains 5 more cards of the sphere: the answer is the cards the successor then holds there. Until
 * they all agree the seat stays "vacant". With none of them left the rules no longer apply: the
 * Council fills the seat "by election", and her 6 archetypal cards go back to the pool.
 * `cardsHeld` is the successor's cards in the sphere before, 1 (the special card) if not given.
 * @example successor(3, 3) // 6
 * @example successor(3, 2) // "vacant"
 * @example successor(0, 0) // "by election"
 */
export function successor(archetypalLesserGods: number, agreeing: number, cardsHeld = 1): Succession {
  checkRoll(archetypalLesserGods, 0, MOST_ARCHETYPAL, "The former archetypal lesser gods");
  checkRoll(agreeing, 0, MOST_ARCHETYPAL, "The archetypal lesser gods agreeing");
  checkRoll(cardsHeld, 0, MOST_ARCHETYPAL, "The successor's cards in the sphere");
  if (agreeing > archetypalLesserGods)
    fail(`There cannot be more archetypal lesser gods agreeing (${agreeing}) than former archetypal lesser gods (${archetypalLesserGods}).`);
  if (archetypalLesserGods === 0) return "by election";
  return agreeing === archetypalLesserGods ? cardsHeld + SUCCESSOR_CARDS : "vacant";
}
