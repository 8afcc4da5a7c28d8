/**
 * Mana inflation (RULES.md §3) from the Gods table: when it has a Mana column (each character's
 * mana now), the average per character and the factor the gamemasters apply to every mana
 * source, as the engine's manaScale gives it.
 */
import { manaScale, type ManaScale } from "../engine/costs";
import { add, div, ratio, toNumber, ZERO, type Ratio } from "../engine/exact";
import type { Problem } from "./problems";
import type { RawWorkbook } from "./raw";
import type { TableSpec } from "./schema";
import { TableReader } from "./tableReader";

const GODS_WITH_MANA: TableSpec = {
  name: "Gods",
  columns: [
    { header: "God", required: true },
    { header: "Mana", required: false },
  ],
  about: "a character and the mana it has now",
};

export interface ManaInflation {
  /** whether the Gods table has a Mana column at all */
  readonly column: boolean;
  /** characters with their mana written */
  readonly characters: number;
  /** characters whose Mana cell is empty, left out of the average */
  readonly unwritten: readonly string[];
  readonly average?: number;
  readonly factor?: ManaScale;
  /** Mana cells that are not a number, 0 or more; while any remains there is no average */
  readonly problems: readonly Problem[];
}

export function manaInflation(raw: RawWorkbook): ManaInflation {
  const table = raw.tables.get(GODS_WITH_MANA.name.toLowerCase());
  const problems: Problem[] = [];
  const reader = table === undefined ? undefined : new TableReader(table, GODS_WITH_MANA, problems);
  if (reader === undefined || !reader.ok || !reader.has("Mana")) return { column: false, characters: 0, unwritten: [], problems: [] };
  let sum: Ratio = ZERO;
  let characters = 0;
  const unwritten: string[] = [];
  for (const r of reader.rows()) {
    // A missing god's name is the Gods table's own problem, reported with the campaign's.
    const god = r.text("God", false) ?? `the god in row ${r.row}`;
    if (r.text("Mana", false) === undefined) {
      unwritten.push(god);
      continue;
    }
    const mana = r.decimal("Mana", "the mana the character has now, 0 or more");
    if (mana === undefined) continue;
    sum = add(sum, mana);
    characters++;
  }
  if (problems.length > 0 || characters === 0) return { column: true, characters, unwritten, problems };
  const average = div(sum, ratio(characters));
  return { column: true, characters, unwritten, average: toNumber(average), factor: manaScale(average), problems };
}
