/**
 * Heaven's timers (dead, a demon in the Void, Surrender Labor…): started in the pane, counting
 * down across reloads, announced when they end. Kept in the browser's storage.
 */
import { byId, el, setOptions } from "../dom";
import { ended, endedText, kindOf, parseTimers, remaining, startTimer, TIMER_KINDS, type Timer } from "../timers";

const TIMERS_KEY = "gods.heavenTimers";
let timers: Timer[] = [];

/** What Office may tell of where the pane runs: no context before it is ready, no document on some hosts. */
interface MaybePlaced {
  readonly context?: { readonly partitionKey?: string; readonly document?: { readonly url?: string } };
}

/**
 * Where the timers are kept: Office's storage partition (Excel on the web gives one), then one
 * list per workbook, so two campaigns open in one browser keep their timers apart.
 */
function timersKey(): string {
  try {
    const office: MaybePlaced | undefined = typeof Office === "undefined" ? undefined : Office;
    const partition = office?.context?.partitionKey ?? "";
    const url = office?.context?.document?.url ?? "";
    return `${partition}${TIMERS_KEY}${url === "" ? "" : `:${url}`}`;
  } catch {
    return TIMERS_KEY;
  }
}

function saveTimers(): void {
  try {
    localStorage.setItem(timersKey(), JSON.stringify(timers));
  } catch {
    // Storage may be off in this host: the timers then last as long as the pane.
  }
}

function drawTimers(): void {
  const now = Date.now();
  byId("timers-none").hidden = timers.length > 0;
  byId("timers").replaceChildren(
    ...timers.map((t) => {
      const over = ended(t, now);
      const stop = el("button", {
        text: over ? "Clear" : "Stop",
        className: "small",
        attrs: { type: "button", "data-timer": t.id, "aria-label": `${over ? "Clear" : "Stop"} the timer of ${t.who}` },
      });
      return el(
        "li",
        { className: over ? "over" : "", attrs: { "data-timer": t.id } },
        el("span", { className: "what", text: over ? endedText(t) : `${t.who}: ${kindOf(t).label}` }),
        el("span", { className: "left", text: remaining(t, now) }),
        stop,
      );
    }),
  );
}

/** Once a second: the time left, and a word when a timer ends. */
function tickTimers(): void {
  const now = Date.now();
  for (const t of timers) {
    const row = document.querySelector<HTMLElement>(`#timers li[data-timer="${t.id}"]`);
    if (row === null) continue;
    const left = row.querySelector(".left");
    if (left !== null) left.textContent = remaining(t, now);
    if (ended(t, now) && !row.classList.contains("over")) {
      byId("timers-news").textContent = endedText(t);
      drawTimers();
      return;
    }
  }
}

export function wireTimers(): void {
  timers = parseTimers(
    ((): string | null => {
      try {
        return localStorage.getItem(timersKey());
      } catch {
        return null;
      }
    })(),
  );
  setOptions(
    byId("timer-kind", HTMLSelectElement),
    TIMER_KINDS.map((k) => ({ value: k.id, label: `${k.label}, ${k.minutes} min` })),
  );
  byId("timer-start").addEventListener("click", () => {
    const kind = TIMER_KINDS.find((k) => k.id === byId("timer-kind", HTMLSelectElement).value) ?? TIMER_KINDS[0];
    const timer = startTimer(kind, byId("timer-who", HTMLInputElement).value, Date.now());
    timers = [...timers, timer].sort((a, b) => a.ends - b.ends);
    saveTimers();
    drawTimers();
    byId("timers-news").textContent = `${timer.who}: ${kind.label}, ${kind.minutes} minutes from now.`;
    byId("timer-who", HTMLInputElement).value = "";
  });
  byId("timers").addEventListener("click", (e) => {
    const id = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-timer]")?.dataset.timer;
    if (id === undefined) return;
    timers = timers.filter((t) => t.id !== id);
    saveTimers();
    drawTimers();
    byId("timer-kind").focus();
  });
  drawTimers();
}

let ticking: ReturnType<typeof setInterval> | undefined;

/** While the pane is shown: the time left, once a second (a timer that ended meanwhile is announced at once). */
export function startTicking(): void {
  if (ticking !== undefined) return;
  tickTimers();
  ticking = setInterval(tickTimers, 1000);
}

/** While the pane is hidden nobody reads the time left: no ticking. */
export function stopTicking(): void {
  clearInterval(ticking);
  ticking = undefined;
}
