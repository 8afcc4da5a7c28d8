/** The Races table: every mortal race, its units, cities and whether it is in religious turmoil. */
import { nameKey } from "../../engine/names";
import type { TableReader } from "../model/tableReader";
import type { Race } from "./types";

export function readRaces(reader: TableReader | undefined, flawed: Set<string>): Race[] {
  const races: Race[] = [];
  const seen = new Set<string>();
  for (const r of reader?.rows() ?? []) {
    const name = r.text("Race");
    const units = r.whole("Units", { what: "a whole number of units, 0 or more" });
    const cities = r.has("Cities") ? r.whole("Cities", { required: false, what: "a whole number of cities, 0 or more" }) : 0;
    const greatCities = r.has("Great Cities") ? r.whole("Great Cities", { required: false, what: "a whole number of great cities, 0 or more" }) : 0;
    const turmoil = r.has("Turmoil") ? r.yesNo("Turmoil") : false;
    const culture = r.has("Culture") ? (r.text("Culture", false) ?? null) : null;
    if (name === undefined || units === undefined || cities === undefined || greatCities === undefined || turmoil === undefined) {
      if (name !== undefined) flawed.add(nameKey(name));
      continue;
    }
    if (seen.has(nameKey(name))) {
      r.error("Race", `"${name}" appears twice in the Races table.`);
      continue;
    }
    seen.add(nameKey(name));
    races.push({ race: name, units, cities, greatCities, turmoil, culture, row: r.row, index: r.index });
  }
  return races;
}
