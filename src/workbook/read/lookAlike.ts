/**
 * Names of one table that look the same on screen but are spelt apart ("Solara" and "Sоlara", its
 * "о" Cyrillic). Every table matches names by their spelling, so the two are two records: what
 * the other tables say under one spelling goes to one, under the other to the other, and a
 * payment line for each reads the same. Nobody names two characters (or races) so on purpose, so
 * one record's pay is split: the warning holds the payment until the gamemaster has seen it.
 */
import { lookAlikeLetters, skeleton } from "../../engine/confusable";
import { nameKey } from "../../engine/names";
import type { RowReader } from "../model/tableReader";
import { shownName } from "../model/shown";

/**
 * A check, row by row, of a table's names: warns (holding pay) at a name that looks like an earlier
 * one but is spelt with other letters, naming both. `what` is the record in the plural ("characters").
 */
export function lookAlikeCheck(column: string, what: string): (r: RowReader, name: string) => void {
  const looks = new Map<string, { name: string; row: number }>();
  return (r, name) => {
    const key = skeleton(name);
    const earlier = looks.get(key);
    if (earlier === undefined) {
      looks.set(key, { name, row: r.row });
      return;
    }
    if (nameKey(earlier.name) === nameKey(name)) return;
    const letters = [...new Set([...lookAlikeLetters(earlier.name), ...lookAlikeLetters(name)])];
    const which = letters.length === 0 ? "" : ` (${letters.slice(0, 3).join(", ")}${letters.length > 3 ? "…" : ""})`;
    r.warnPay(
      column,
      `"${shownName(name)}" looks the same as "${shownName(earlier.name)}" (row ${earlier.row}) but is spelt with other letters${which}: they are two ${what}, and what the other tables say under one spelling is not said of the other. If they are one, keep one row and one spelling; if two, give them names that can be told apart.`,
    );
  };
}
