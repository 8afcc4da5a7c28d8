/**
 * The pane's four tabs, in the order of a session (Fluent 2's tab list for a narrow pane): during
 * play, the century end, between sessions, the Ledger. Within a tab each task is a card that
 * folds, so that every task is at most two clicks from the top and the pane stays short. A tab's
 * cards other than Play's load when it is first opened (later.ts): its panel shows once they are
 * wired, at once from then on.
 */
import { el } from "./dom";
import { foldedCards, tabCards, type TabCards } from "./later";
import { foldAnswers, settleControls } from "./state";

function tabs(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
}

function panelOf(tab: HTMLButtonElement): HTMLElement | null {
  return document.getElementById(tab.getAttribute("aria-controls") ?? "");
}

/** Each panel's or folded card's code, loaded and wired, once. */
const loading = new Map<string, Promise<void>>();

/** Loads and wires the cards of `panel` (nothing to do for Play's); a failed load is tried again on the next opening. */
export function loadTab(panel: HTMLElement, cards: Readonly<Record<string, () => Promise<TabCards>>> = tabCards): Promise<void> {
  let done = loading.get(panel.id);
  if (done === undefined) {
    const load = cards[panel.id];
    done =
      load === undefined
        ? Promise.resolve()
        : load().then((cards) => {
            cards.wire();
            panel.querySelector(":scope > .tab-failed")?.remove();
            settleControls(panel);
          });
    loading.set(panel.id, done);
    done.catch(() => loading.delete(panel.id));
  }
  return done;
}

/**
 * Another tab is chosen: an open question closes (its Yes was not pressed; the button that asked
 * stays where it was) unless its action is under way, and a paid century's answer folds.
 */
function leaving(): void {
  for (const box of document.querySelectorAll<HTMLElement>("#app .confirm:not([hidden])")) {
    const cancel = box.querySelector<HTMLButtonElement>('button[id$="-no"]');
    if (cancel !== null && !cancel.disabled) box.hidden = true;
  }
  foldAnswers();
}

/** Shows one tab's panel and hides the others; the chosen tab takes the keyboard's place in the list. */
export function selectTab(tab: HTMLButtonElement, focus = false): void {
  if (tab.getAttribute("aria-selected") !== "true") leaving();
  for (const t of tabs()) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = panelOf(t);
    if (panel !== null && !on) panel.hidden = true;
  }
  if (focus) tab.focus();
  const panel = panelOf(tab);
  if (panel === null) return;
  // The tab list goes up under the header, as far as the page allows: the chosen tab's cards start
  // at the top of the screen, where the eye is, whatever the century's box above holds.
  const pin = () => {
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const actions = document.getElementById("actions");
    if (actions !== null) window.scrollTo({ top: window.scrollY + actions.getBoundingClientRect().top - header });
  };
  pin();
  loadTab(panel).then(
    () => {
      // Shown once its cards are wired, if it is still the tab chosen.
      if (tab.getAttribute("aria-selected") !== "true") return;
      panel.hidden = false;
      pin();
    },
    (e: unknown) => {
      console.warn("The Gods II pane, loading a tab:", e);
      if (tab.getAttribute("aria-selected") !== "true") return;
      panel.hidden = false;
      panel.querySelector(":scope > .tab-failed")?.remove();
      panel.prepend(
        el("p", {
          className: "message error tab-failed",
          text: "This tab's controls did not load (the add-in's files could not be reached). Choose the tab again to try once more.",
          attrs: { role: "alert" },
        }),
      );
    },
  );
}

/** A click or the arrow keys choose a tab, as in any tab list; Home and End the first and the last. */
export function wireTabs(): void {
  const list = tabs();
  // The header's height, for the tabs held under it.
  const header = document.querySelector("header");
  const measure = () => {
    if (header !== null) document.documentElement.style.setProperty("--header-height", `${header.offsetHeight}px`);
  };
  measure();
  window.addEventListener("resize", measure);
  for (const [i, tab] of list.entries()) {
    tab.addEventListener("click", () => {
      selectTab(tab);
    });
    // Pointing at a tab or reaching it with the keyboard begins loading its cards, so that a click finds them ready.
    const early = () => {
      const panel = panelOf(tab);
      if (panel !== null) loadTab(panel).catch(() => undefined);
    };
    tab.addEventListener("pointerenter", early);
    tab.addEventListener("focus", early);
    tab.addEventListener("keydown", (e) => {
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: list.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const next = list[(to + list.length) % list.length];
      if (next !== undefined) selectTab(next, true);
    });
  }
}

/**
 * The Play tab's cards folded at first load their code when first unfolded: until it is wired, the
 * card shows its heading only (its controls would do nothing yet).
 */
export function wireFolds(): void {
  for (const id of Object.keys(foldedCards)) {
    const card = document.getElementById(id);
    if (!(card instanceof HTMLDetailsElement)) continue;
    card.dataset.loading = "";
    const open = () => {
      loadTab(card, foldedCards).then(
        () => {
          delete card.dataset.loading;
        },
        (e: unknown) => {
          console.warn("The Gods II pane, loading a card:", e);
          card.open = false;
        },
      );
    };
    card.addEventListener("toggle", () => {
      if (card.open) open();
    });
    card.querySelector("summary")?.addEventListener("pointerenter", open);
    if (card.open) open();
  }
}

/** A card unfolded by the gamemaster whose body would run below the screen comes up, its heading under the tabs. */
export function wireUnfolding(): void {
  document.getElementById("app")?.addEventListener("click", (e) => {
    const summary = e.target instanceof Element ? e.target.closest("details.card > summary") : null;
    const card = summary?.parentElement;
    if (!(card instanceof HTMLDetailsElement)) return;
    requestAnimationFrame(() => {
      if (card.open && card.getBoundingClientRect().bottom > window.innerHeight) card.scrollIntoView({ block: "start" });
    });
  });
}
