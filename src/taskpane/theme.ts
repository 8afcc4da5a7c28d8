/**
 * Light or dark, as Office shows itself: Office.context.officeTheme gives the colours of the
 * Office theme in use (Office's "Office.OfficeTheme"); where the host does not tell, the system's
 * preference (prefers-color-scheme) decides. The stylesheet holds Fluent's tokens for both.
 */

/** Whether a colour such as "#292929" is dark (relative luminance under one half). */
export function isDark(color: string): boolean {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex === undefined) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** What Office may hold, whatever its types say: no context before it is ready, no theme on some hosts. */
interface MaybeThemed {
  readonly context?: {
    readonly officeTheme?: { readonly bodyBackgroundColor?: string };
    readonly document?: { addHandlerAsync?(type: unknown, handler: () => void, callback?: (result: unknown) => void): void };
  };
  readonly EventType?: { readonly OfficeThemeChanged?: unknown };
}

function office(): MaybeThemed | undefined {
  return typeof Office === "undefined" ? undefined : Office;
}

function officeBackground(): string | undefined {
  try {
    return office()?.context?.officeTheme?.bodyBackgroundColor;
  } catch {
    return undefined;
  }
}

/**
 * Applies the theme now, and again whenever it may have changed: when the system's preference
 * changes, where Office reports a change of its theme (Office.EventType.OfficeThemeChanged, which
 * Excel does not send everywhere), and when the pane comes back into view or gets the focus,
 * as the gamemaster who changed Office's theme in its settings returns to it. Reading the theme
 * costs no request to Excel.
 */
export function watchTheme(): () => void {
  const media = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : undefined;
  const apply = () => {
    const background = officeBackground();
    const dark = background !== undefined ? isDark(background) : media?.matches === true;
    const theme = dark ? "dark" : "light";
    if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  };
  apply();
  media?.addEventListener("change", apply);
  window.addEventListener("focus", apply);
  document.addEventListener("visibilitychange", apply);
  try {
    const o = office();
    const event = o?.EventType?.OfficeThemeChanged;
    // A host that does not know the event answers with a failure, which changes nothing here.
    if (event !== undefined) o?.context?.document?.addHandlerAsync?.(event, apply);
  } catch {
    // An Office too old to have the document's events: the focus and the system still count.
  }
  return apply;
}
