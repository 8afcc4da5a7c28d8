/*
 * Mana a god loses in Heaven by a rule rather than by spending it (seed 000): what a loser hands
 * over under the Surrender Mana term, and what a lord loses when his lesser god is obliterated.
 *
 * Mana here is a whole number that may be negative: a god who had to lose more than he held owes
 * the rest, pays it out of the next mana he gains, and until then may neither use powers nor give
 * mana away (seed 000, Spending or Losing Mana). A negative balance is that debt.
 */
import { checkSigned } from "./checks";
import { wholeResult } from "./errors";
import { tollReceived } from "./toll";

/** Half of some mana, rounded up: the only halving of mana the chapter spells out (the toll) rounds up. */
function halfUp(mana: bigint): bigint {
  return mana <= 0n ? 0n : (mana + 1n) / 2n;
}

/** What the loser must hand over at most under Surrender Mana, before the toll: 3 arriving means 6 sent. */
export const SURRENDER_SENT_CAP = 6;

/** What GODS.SURRENDER answers: what leaves the loser, or what reaches the winner. */
export type SurrenderMode = "send" | "receive";

/**
 * Surrender Mana: the loser gives "3 mana after the toll" (6 sent, 3 arrive) or half of its current
 * mana, whichever is less. Both terms are compared as what leaves the loser's hands; the half is
 * rounded up, like the toll. A loser with no mana, or in debt, gives nothing.
 * @example surrender(20) // 6 sent (3 arrive)
 * @example surrender(7) // 4 sent (half of 7 rounded up; 2 arrive)
 * @example surrender(7, "receive") // 2
 */
export function surrender(manaHeld: number, mode: SurrenderMode = "send"): number {
  checkSigned(manaHeld, "The mana held");
  const half = halfUp(BigInt(manaHeld));
  const sent = Number(half < BigInt(SURRENDER_SENT_CAP) ? half : BigInt(SURRENDER_SENT_CAP));
  return mode === "send" ? sent : tollReceived(sent);
}

/** The least a lord loses when one of his lesser gods is obliterated. */
export const LORD_LOSS_FLOOR = 10;

/**
 * What each lord loses when his lesser god is obliterated: half of his mana (rounded up, like the
 * toll) or 10, whichever is greater. The loss can be more than he holds; the rest is owed, so his
 * balance becomes `manaHeld - lordLoss(manaHeld)`, negative while he owes.
 * @example lordLoss(30) // 15
 * @example lordLoss(4) // 10 (he holds 4, so he ends at -6: 6 owed)
 */
export function lordLoss(manaHeld: number): number {
  checkSigned(manaHeld, "The mana held");
  const half = halfUp(BigInt(manaHeld));
  return wholeResult(half > BigInt(LORD_LOSS_FLOOR) ? half : BigInt(LORD_LOSS_FLOOR), "The loss");
}
