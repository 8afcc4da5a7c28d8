/**
 * Names and lists from the workbook as a message shows them: bounded, so that a name of twenty
 * megabytes or a table of twenty thousand rows still makes a message a gamemaster can read.
 */

/** The most characters of a name a message shows. */
export const NAME_SHOWN = 80;
/** The most items of a list a message shows. */
export const LIST_SHOWN = 10;

/**
 * A name as a message shows it: whole when it is `max` characters or fewer, else cut with "…";
 * a control character (a line break, an escape) is a space, so that it cannot break the line.
 * shownName("Solara") is "Solara"; a name of 20 MB is its first 79 characters and "…".
 */
export function shownName(name: string, max = NAME_SHOWN): string {
  const plain = name.length <= max ? name : name.slice(0, max);
  const line = plain.replace(/[\u0000-\u001f\u007f]/g, " ");
  if (name.length <= max) return line;
  const cut = line.slice(0, max - 1);
  // Half of a pair (an emoji's) is no character: it is left out with the rest.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/**
 * A list as a message shows it: its first `max` items, joined, and how many more there are.
 * shownList(["Ares", "Hestia", "Zeus"], 2) is "Ares, Hestia… and 1 more".
 */
export function shownList(items: readonly string[], max = LIST_SHOWN, joiner = ", "): string {
  if (items.length <= max) return items.join(joiner);
  return `${items.slice(0, max).join(joiner)}… and ${(items.length - max).toLocaleString("en")} more`;
}

/** The sheet rows of some records, as a gamemaster reads them: "row 5", "rows 5, 9 and 12", "rows 5–40 (36 rows)". */
export function rowList(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return "no rows";
  if (sorted.length === 1) return `row ${first}`;
  if (sorted.length > 6) return `rows ${first}–${last} (${sorted.length} rows)`;
  return `rows ${sorted.slice(0, -1).join(", ")} and ${last}`;
}
