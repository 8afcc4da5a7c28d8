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
  readonly context?: { readonly officeTheme?: { readonly bodyBackgroundColor?: string } };
}

function officeBackground(): string | undefined {
  try {
    const office: MaybeThemed | undefined = typeof Office === "undefined" ? undefined : Office;
    return office?.context?.officeTheme?.bodyBackgroundColor;
  } catch {
    return undefined;
  }
}

/** Applies the theme now, and again when the system's preference changes. */
export function watchTheme(): void {
  const media = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : undefined;
  const apply = () => {
    const office = officeBackground();
    const dark = office !== undefined ? isDark(office) : media?.matches === true;
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  };
  apply();
  media?.addEventListener("change", apply);
}
