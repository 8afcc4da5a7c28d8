/** The Deaths table: mortal units that died, by century and cause. */
import { didYouMean, nameKey } from "../../engine/names";
import type { TableReader } from "../model/tableReader";
import type { Death, Race } from "./types";

export function readDeaths(reader: TableReader | undefined, races: ReadonlyMap<string, Race> | undefined): Death[] {
  const deaths: Death[] = [];
  for (const r of reader?.rows() ?? []) {
    const century = r.whole("Century", { min: 1, what: "a century number, 1 or more" });
    const cause = r.text("Cause");
    const units = r.whole("Units", { what: "a whole number of units, 0 or more" });
    const raceName = r.has("Race") ? r.text("Race", false) : undefined;
    const note = r.has("Note") ? (r.text("Note", false) ?? null) : null;
    if (century === undefined || cause === undefined || units === undefined) continue;
    let race: string | null = null;
    if (raceName !== undefined) {
      const known = races?.get(nameKey(raceName));
      if (known === undefined && races !== undefined)
        r.warn(
          "Race",
          `"${raceName}" is not in the Races table (the deaths still count).${didYouMean(
            raceName,
            [...races.values()].map((x) => x.race),
          )}`,
        );
      race = known?.race ?? raceName;
    }
    deaths.push({ century, cause, units, race, note, row: r.row, index: r.index });
  }
  return deaths;
}
