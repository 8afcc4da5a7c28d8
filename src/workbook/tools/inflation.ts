/**
 * Mana inflation (the rules' advice on mana scale) from the Gods table: when it has a Mana
 * column (each character's mana now), the average per character and the factor the gamemasters
 * apply to every mana source, as the engine's manaScale gives it.
 */
import { manaScale, type ManaScale } from "../../engine/costs";
import { add, div, ratio, toNumber, ZERO, type Ratio } from "../../engine/exact";
import type { Problem } from "../model/problems";
import { GODS, GODS_MANA } from "../model/schema";
import { foundTable, type Campaign } from "../read/campaign";
import { hasColumn } from "./lookUp";

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

export function manaInflation(campaign: Campaign, problems: readonly Problem[]): ManaInflation {
  const gods = foundTable(campaign, GODS.name);
  if (gods === undefined || !gods.usable || !hasColumn(gods.raw, GODS_MANA)) return { column: false, characters: 0, unwritten: [], problems: [] };
  const bad = problems.filter((p) => p.table === GODS.name && p.column === GODS_MANA);
  let sum: Ratio = ZERO;
  let characters = 0;
  const unwritten: string[] = [];
  for (const god of campaign.gods) {
    if (god.mana === null) unwritten.push(god.name);
    if (god.mana === null || god.mana === undefined) continue;
    sum = add(sum, god.mana);
    characters++;
  }
  if (bad.length > 0 || characters === 0) return { column: true, characters, unwritten, problems: bad };
  const average = div(sum, ratio(characters));
  return { column: true, characters, unwritten, average: toNumber(average), factor: manaScale(average), problems: bad };
}
