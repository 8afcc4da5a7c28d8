/**
 * The Heaven timers a referee watches (Chapter 4 of the rules): how long a dead god stays in the
 * Underworld, a killed demon in the Void, a beaten god in Surrender Labor, a disengaged fighter
 * away from the locale, and the shorter waits of demesne and persuasion powers and of a Council
 * leader's opening speech. The model is pure (times in milliseconds); the pane draws it.
 */

export interface TimerKind {
  readonly id: string;
  /** what the timer is for, as a referee says it */
  readonly label: string;
  readonly minutes: number;
  /** what the referee tells the player when it ends */
  readonly done: string;
}

export const TIMER_KINDS: readonly [TimerKind, ...TimerKind[]] = [
  { id: "dead", label: "Dead (in the Underworld)", minutes: 30, done: "may come back from the Underworld" },
  { id: "void", label: "Demon killed (in the Void)", minutes: 30, done: "may leave the Void" },
  { id: "labor", label: "Surrender Labor", minutes: 30, done: "is free of Surrender Labor" },
  { id: "disengage", label: "Disengaged (stays away)", minutes: 10, done: "may come back to the locale" },
  { id: "demesne", label: "Demesne power (casting)", minutes: 5, done: "has cast the demesne power" },
  { id: "persuasion", label: "Persuasion (talking)", minutes: 3, done: "has finished the persuasion" },
  { id: "council", label: "Council leader speaks", minutes: 3, done: "has had the floor: the meeting is open" },
];

export interface Timer {
  readonly id: string;
  readonly kind: string;
  /** who it is for, as the referee typed it */
  readonly who: string;
  readonly ends: number;
}

export function kindOf(timer: Timer): TimerKind {
  return TIMER_KINDS.find((k) => k.id === timer.kind) ?? TIMER_KINDS[0];
}

/** A new timer that ends `minutes` of its kind after `now`. */
export function startTimer(kind: TimerKind, who: string, now: number): Timer {
  return {
    id: `${kind.id}-${now}-${Math.random().toString(36).slice(2, 8)}`,
    kind: kind.id,
    who: who.trim().slice(0, 60) || "Someone",
    ends: now + kind.minutes * 60_000,
  };
}

/** "12:05" for what is left, "0:00" once it has ended. */
export function remaining(timer: Timer, now: number): string {
  const seconds = Math.max(0, Math.ceil((timer.ends - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function ended(timer: Timer, now: number): boolean {
  return now >= timer.ends;
}

/** The sentence said when a timer ends. */
export function endedText(timer: Timer): string {
  return `${timer.who} ${kindOf(timer).done}.`;
}

/** Timers read back from storage, keeping only well-formed ones. */
export function parseTimers(text: string | null): Timer[] {
  if (text === null) return [];
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (t: unknown): t is Timer =>
        typeof t === "object" &&
        t !== null &&
        "id" in t &&
        typeof t.id === "string" &&
        "who" in t &&
        typeof t.who === "string" &&
        "ends" in t &&
        typeof t.ends === "number" &&
        "kind" in t &&
        TIMER_KINDS.some((k) => k.id === t.kind),
    );
  } catch {
    return [];
  }
}
