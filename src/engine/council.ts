/*
 * The Great Council of the Gods (The Gods II, chapter 4): whether a meeting can sit, and whether a
 * vote carries. Only greater gods count: a lesser god or celestial spirit leading the meeting is
 * treated as a greater god by powers, but neither sits on the Council nor votes.
 */
import { checkRoll } from "./checks";
import { fail } from "./errors";

/** Seats on the Council: there are never more greater gods than this. */
export const COUNCIL_SEATS = 12;

/** Greater gods who must be in the Hall of Doom for a meeting to go on. */
export const QUORUM = 7;

/** Votes a decision that changes the rules needs, however few greater gods there are. */
export const VOTES_NEEDED = 7;

/** What is put to the vote: an ordinary decision (a law, a promotion, an office) or the Supreme Deity. */
export type CouncilKind = "measure" | "supreme deity";

export type CouncilAnswer = "in session" | "no quorum" | "passes" | "fails";

/**
 * Whether the Council sits and, given the votes for a decision, whether it carries.
 *
 * A meeting sits while at least 7 greater gods are present; with fewer it is over, and nothing can
 * be voted. A measure carries with 7 votes for it, whatever the number present or alive. The
 * Supreme Deity needs every greater god alive to vote for it, so every one of them must be present:
 * `greaterGods` is how many there are (12 unless seats are vacant). `barred` of those present may
 * not vote at this meeting (shamed for missing a duel, seed 000, Starting a Duel): they still make
 * up the quorum, but cannot be among the votes, and while one is barred no Supreme Deity is chosen.
 * @example council(9) // "in session"
 * @example council(6) // "no quorum"
 * @example council(12, 7) // "passes"
 * @example council(8, 6) // "fails"
 * @example council(10, 10, "supreme deity") // "fails" (2 of the 12 are missing)
 * @example council(10, 10, "supreme deity", 10) // "passes"
 * @example council(8, 7, "measure", 12, 1) // "passes" (7 of the 7 who may vote)
 */
export function council(present: number, votes?: number, kind: CouncilKind = "measure", greaterGods: number = COUNCIL_SEATS, barred = 0): CouncilAnswer {
  checkRoll(present, 0, COUNCIL_SEATS, "The greater gods present");
  checkRoll(greaterGods, 0, COUNCIL_SEATS, "The greater gods there are");
  if (present > greaterGods) fail(`There cannot be more greater gods present (${present}) than there are greater gods (${greaterGods}).`);
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
  const carried = kind === "supreme deity" ? barred === 0 && votes === greaterGods : votes >= VOTES_NEEDED;
  return carried ? "passes" : "fails";
}
