/** The Heaven timers: lengths from the rules, what is left, and what is said when one ends. */
import { endedText, parseTimers, remaining, startTimer, TIMER_KINDS, ended } from "../../src/taskpane/timers";

const kind = (id: string) => TIMER_KINDS.find((k) => k.id === id) ?? TIMER_KINDS[0];

describe("Heaven timers", () => {
  test("the lengths the rules give: 30 minutes dead, in the Void, in Surrender Labor; 10 away after disengaging", () => {
    expect(Object.fromEntries(TIMER_KINDS.map((k) => [k.id, k.minutes]))).toEqual({
      dead: 30,
      void: 30,
      labor: 30,
      disengage: 10,
      demesne: 5,
      persuasion: 3,
      council: 3,
    });
  });

  test("what is left, to the second, and the word when it ends", () => {
    const t = startTimer(kind("dead"), "  Ares ", 1_000_000);
    expect(t.who).toBe("Ares");
    expect(remaining(t, 1_000_000)).toBe("30:00");
    expect(remaining(t, 1_000_000 + 61_500)).toBe("28:59");
    expect(ended(t, 1_000_000 + 30 * 60_000 - 1)).toBe(false);
    expect(ended(t, 1_000_000 + 30 * 60_000)).toBe(true);
    expect(remaining(t, 1_000_000 + 40 * 60_000)).toBe("0:00");
    expect(endedText(t)).toBe("Ares may come back from the Underworld.");
    expect(startTimer(kind("disengage"), "", 0).who).toBe("Someone");
  });

  test("stored timers are read back, anything malformed left out", () => {
    const t = startTimer(kind("labor"), "Hestia", 5);
    expect(parseTimers(JSON.stringify([t, { id: "x", kind: "nap", who: "Zeus", ends: 1 }, 42]))).toEqual([t]);
    expect(parseTimers("{not json")).toEqual([]);
    expect(parseTimers(null)).toEqual([]);
  });
});
