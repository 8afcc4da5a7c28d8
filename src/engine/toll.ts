import { checkWhole } from "./checks";
import { fail } from "./errors";

/** What GODS.TOLL can answer about one transfer. */
export type TollMode = "received" | "lost" | "send";

/**
 * Mana lost on the way: half of what is sent, rounded up.
 * @example tollLost(7) // 4
 */
export function tollLost(sent: number): number {
  checkWhole(sent, "The mana sent", " of mana");
  // Halving a whole double is exact, so Math.ceil sees the true half.
  return Math.ceil(sent / 2);
}

/**
 * Mana that arrives: what is sent less the toll.
 * @example tollReceived(7) // 3
 */
export function tollReceived(sent: number): number {
  return sent - tollLost(sent);
}

/**
 * Mana to send so that a given amount arrives after the toll.
 * @example tollToSend(3) // 6
 */
export function tollToSend(arriving: number): number {
  checkWhole(arriving, "The mana to arrive", " of mana");
  const send = arriving * 2;
  if (!Number.isFinite(send)) fail(`${arriving} mana is too large to send.`);
  return send;
}

/** The parts of the game: the five eras, and the transition phases between sessions. */
export type Era = "null" | "aleph" | "centrum" | "omega" | "transition";
export const ERAS: readonly Era[] = ["null", "aleph", "centrum", "omega", "transition"];

/**
 * What a transfer answers, in a given part of the game: the toll is taken from the end of Era Null
 * to the end of the game, transition phases included (seed 000, Transferring Mana); during Era
 * Null mana arrives whole.
 * @example toll(7) // 3
 * @example toll(7, "received", "null") // 7
 */
export function toll(amount: number, mode: TollMode = "received", era: Era = "centrum"): number {
  if (era === "null") {
    checkWhole(amount, mode === "send" ? "The mana to arrive" : "The mana sent", " of mana");
    return mode === "lost" ? 0 : amount;
  }
  switch (mode) {
    case "received":
      return tollReceived(amount);
    case "lost":
      return tollLost(amount);
    case "send":
      return tollToSend(amount);
  }
}
