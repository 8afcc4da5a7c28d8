/**
 * The pane's four tabs, in the order of a session (Fluent 2's tab list for a narrow pane): during
 * play, the century end, between sessions, the Ledger. Within a tab each task is a card that
 * folds, so that every task is at most two clicks from the top and the pane stays short.
 */
function tabs(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
}

/** Shows one tab's panel and hides the others; the chosen tab takes the keyboard's place in the list. */
export function selectTab(tab: HTMLButtonElement, focus = false): void {
  for (const t of tabs()) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(t.getAttribute("aria-controls") ?? "");
    if (panel !== null) panel.hidden = !on;
  }
  if (focus) tab.focus();
}

/** A click or the arrow keys choose a tab, as in any tab list. */
export function wireTabs(): void {
  const list = tabs();
  for (const [i, tab] of list.entries()) {
    tab.addEventListener("click", () => {
      selectTab(tab);
    });
    tab.addEventListener("keydown", (e) => {
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const next = list[(to + list.length) % list.length];
      if (next !== undefined) selectTab(next, true);
    });
  }
}
