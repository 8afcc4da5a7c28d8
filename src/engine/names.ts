/**
 * Names as the game's records spell them. Gods, races, causes and sources are matched by one key
 * everywhere (century end, pantheon tools, deaths, the pane's status), so a name is the same name
 * whatever its case and spacing: "Great  Mother " is "great mother".
 */

/** The demons' shared pool: a recipient of mana with no row in the Gods table. */
export const DEMONS = "Demons";
/** The pantheon member that stands for worship of the demons (paid to the Demons pool). */
export const DIABOLISM = "Diabolism";
/** The pantheon member that stands for worship of nobody. */
export const ATHEISM = "Atheism";

/** The key two spellings of one name share: trimmed, inner spaces collapsed, lower case. */
export function nameKey(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}
