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
  /**
   * Where the average comes from: the Gods table's Mana column, or, without one, the mana the
   * Ledger has paid out (what was spent is not in the Ledger, so it is the most there can be).
   */
  readonly from: "gods" | "book";
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
  if (gods === undefined || !gods.usable || !hasColumn(gods.raw, GODS_MANA)) return fromBook(campaign);
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
  if (bad.length > 0 || characters === 0) return { column: true, from: "gods", characters, unwritten, problems: bad };
  const average = div(sum, ratio(characters));
  return { column: true, from: "gods", characters, unwritten, average: toNumber(average), factor: manaScale(average), problems: bad };
}

/** The average from the mana book: every whole mana the Ledger paid, over the characters of the Gods table. */
function fromBook(campaign: Campaign): ManaInflation {
  const characters = campaign.gods.length;
  const base = { column: false, from: "book" as const, characters, unwritten: [], problems: [] };
  if (characters === 0 || campaign.ledger.length === 0) return base;
  const paid = campaign.ledger.reduce((sum, r) => sum + r.paid, 0);
  const average = div(ratio(paid), ratio(characters));
  return { ...base, average: toNumber(average), factor: manaScale(average) };
}
