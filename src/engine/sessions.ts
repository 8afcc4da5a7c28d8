/*
 * Time on Earth (The Gods II, chapter 5, the Sequence of Centuries): Era Centrum's centuries and
 * the game sessions they are played in.
 */
import { checkWhole } from "./checks";
import { fail } from "./errors";

/** Era Centrum's centuries, unless the gamemasters' Settings give the era another length. */
export const CENTRUM_CENTURIES = 16;

/** The most sessions GODS.CENTURIES takes: far more than any campaign plays, so a larger number is a slip. */
export const MOST_SESSIONS = 1_000;

/**
 * The centuries each session plays when the era's centuries are shared as equally as possible
 * among the sessions: the same whole number each, and one more for each of the first sessions
 * until the rest is used up. Only `session`'s, when it is given; every session's otherwise.
 * @example sessionCenturies(5) // [4, 3, 3, 3, 3]
 * @example sessionCenturies(3, 10, 2) // [3]
 */
export function sessionCenturies(sessions: number, length = CENTRUM_CENTURIES, session?: number): number[] {
  checkWhole(sessions, "The number of sessions");
  checkWhole(length, "The era's length", " of centuries");
  if (sessions < 1 || length < 1) fail(`The era needs at least 1 session and 1 century, not ${sessions} and ${length}.`);
  if (session !== undefined && (!Number.isInteger(session) || session < 1 || session > sessions))
    fail(`The session must be a whole number from 1 to ${sessions}, the number of sessions, not ${session}.`);
  const rest = length % sessions;
  const each = (length - rest) / sessions;
  const of = (k: number) => each + (k <= rest ? 1 : 0);
  return session === undefined ? Array.from({ length: sessions }, (_, i) => of(i + 1)) : [of(session)];
}
