/**
 * What one cell holds, read the way a gamemaster means it. The functions' arguments and the
 * campaign's tables both read cells through here, so "40%", " 12 " or "yes" mean the same in a
 * formula and in a table.
 */
import { div, parseDecimal, fromNumber, ratio, type Ratio } from "./exact";

/** Nothing typed: an empty cell, an omitted argument, or only spaces. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/**
 * A number read exactly: a finite number, or text that spells one as Excel's own arithmetic
 * reads text: " 12 ", "1e3" or "40%" (0.4). Not "0x10", "0b1", "Infinity", nor a number padded
 * with a no-break space, all of which Excel leaves as text. Null for anything else, blanks
 * included.
 */
export function exactNumber(value: unknown): Ratio | null {
  if (typeof value === "number") return Number.isFinite(value) ? fromNumber(value) : null;
  if (typeof value !== "string") return null;
  const t = value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
  const percent = t.endsWith("%");
  const body = percent ? t.slice(0, -1).replace(/ +$/, "") : t;
  // parseDecimal trims any space; only the spaces Excel ignores are left out above.
  if (body === "" || /\s/.test(body)) return null;
  const d = parseDecimal(body);
  return d === null || !percent ? d : div(d, ratio(100));
}

const YES = new Set(["yes", "y", "true", "x", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

/** The words a yes/no cell may hold, for messages. */
export const YES_NO_WORDS = "yes or no (also y/n, TRUE/FALSE, 1/0, or x for yes)";

/** TRUE/FALSE, 1/0, or the words yes/no, y/n, true/false, x; a blank is no. Null for anything else. */
export function yesNo(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (isBlank(value)) return false;
  const k = typeof value === "number" || typeof value === "string" ? String(value).trim().toLowerCase() : undefined;
  if (k !== undefined && YES.has(k)) return true;
  if (k !== undefined && NO.has(k)) return false;
  return null;
}
