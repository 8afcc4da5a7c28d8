/**
 * Whether the pane is on screen. The runtime is shared, so this page also runs while the pane is
 * closed: Excel loads it to calculate a GODS function, and keeps it when the gamemaster closes the
 * pane. Office tells when the pane is shown or hidden (Office.addin.onVisibilityModeChanged,
 * SharedRuntime 1.1) but not how it starts; the page itself tells that much where the host hides
 * it (document.visibilityState, or a window of no size). Someone clicking or typing in the page
 * sees it, whatever was said before.
 */

/** What Office may hold, whatever its types say: Office.addin only with a shared runtime. */
interface MaybeAddin {
  readonly addin?: {
    onVisibilityModeChanged?(handler: (message: { readonly visibilityMode: unknown }) => void): Promise<unknown>;
  };
  readonly VisibilityMode?: { readonly hidden: unknown };
}

/** Calls `changed` with whether the pane is on screen now, and again each time that changes. */
export function followVisibility(changed: (shown: boolean) => void): void {
  // What Office said last, if it said anything yet.
  let hiddenByOffice = false;
  // The page was clicked or typed in since the last news: it is on screen.
  let touched = false;
  let shown: boolean | undefined;
  const decide = () => {
    const page = document.visibilityState === "visible" && window.innerWidth > 0 && window.innerHeight > 0;
    const now = touched || (page && !hiddenByOffice);
    if (now === shown) return;
    shown = now;
    changed(now);
  };
  const news = () => {
    touched = false;
    decide();
  };
  document.addEventListener("visibilitychange", news);
  window.addEventListener("resize", news);
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, () => {
      if (shown === true) return;
      touched = true;
      decide();
    });
  }
  const office: MaybeAddin = Office;
  try {
    office.addin
      ?.onVisibilityModeChanged?.((message) => {
        hiddenByOffice = message.visibilityMode === office.VisibilityMode?.hidden;
        news();
      })
      .catch((e: unknown) => {
        console.warn("The Gods II pane: Office does not tell when the pane is shown or hidden here.", e);
      });
  } catch (e) {
    console.warn("The Gods II pane: Office does not tell when the pane is shown or hidden here.", e);
  }
  decide();
}
