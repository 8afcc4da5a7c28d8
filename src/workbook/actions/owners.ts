/** The Owners cells of sources held jointly, changed for one god: renamed, or gone. */
import { nameKey } from "../../engine/names";
import { SOURCES, SOURCES_OWNERS } from "../model/schema";
import type { Campaign } from "../read/campaign";
import { splitOwners } from "../read/sources";
import type { TableEdit } from "../plan/edits";
import { columnIndex } from "../model/tableReader";

/** A source's Owners cell that names the god: its row in the Sources table, its source, and the names it lists. */
export interface OwnedSource {
  readonly index: number;
  readonly source: string;
  readonly owners: readonly string[];
}

/** Every Sources row whose Owners cell names `god`. */
export function sourcesOwnedBy(campaign: Campaign, god: string): OwnedSource[] {
  const sources = campaign.found.find((f) => f.table === SOURCES.name)?.raw;
  if (sources === undefined) return [];
  const at = (header: string) => columnIndex(sources, header);
  const ownersAt = at(SOURCES_OWNERS);
  const sourceAt = at("Source");
  const owned: OwnedSource[] = [];
  if (ownersAt < 0) return owned;
  sources.rows.forEach((cells, index) => {
    const text = cells[ownersAt];
    if (typeof text !== "string") return;
    const owners = splitOwners(text);
    const source = cells[sourceAt];
    if (owners.some((n) => nameKey(n) === nameKey(god))) owned.push({ index, source: typeof source === "string" ? source : "", owners });
  });
  return owned;
}

/** The edit that writes a source's owners anew. */
export function ownersEdit(index: number, owners: readonly string[]): TableEdit {
  return { kind: "update", table: SOURCES.name, index, values: { [SOURCES_OWNERS]: owners.join(", ") } };
}
