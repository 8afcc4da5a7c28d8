/**
 * Generated campaigns as raw tables, for benchmarks and fuzzing. `huge(scale)` at scale 1 has
 * 200 recipients (199 gods and the Demons pool), 500 races with 8 pantheon members each, 2,000
 * source rows and 100,000 death rows; scale 2 doubles every count.
 */
import type { RawCell, RawTable, RawWorkbook } from "../../src/workbook/raw";

export type Rows = RawCell[][];

export function rawWorkbook(tables: Record<string, Rows>): RawWorkbook {
  const map = new Map<string, RawTable>();
  for (const [name, [headers = [], ...rows]] of Object.entries(tables)) {
    map.set(name.toLowerCase(), { name, sheet: name, headerRow: 1, firstColumn: 1, headers, rows, isTable: false });
  }
  return { tables: map, sheetNames: Object.keys(tables) };
}

const BASES = ["worship", "deaths", "count", "diabolism"] as const;
const CAUSES = ["war", "fire", "water", "plague", "famine", "starvation", "earthquake", "storm", "ice", "beasts", "murder", "sacrifice", "old age", "madness", "heresy"];

export function huge(scale = 1): Record<string, Rows> {
  const gods = 199 * scale;
  const spheres = 100 * scale;
  const races = 500 * scale;
  const deaths = 100_000 * scale;
  const names = 60;
  const sourceName = (j: number) => `${BASES[j % 4]} ${j}`;
  const t: Record<string, Rows> = {
    Gods: [["God", "Kind"]],
    Cards: [["God", "Sphere", "Cards"]],
    Sources: [["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"]],
    Races: [["Race", "Units", "Cities", "Great Cities", "Culture", "Turmoil"]],
    Pantheon: [["Race", "Member", "Share"]],
    Deaths: [["Century", "Cause", "Units", "Race", "Note"]],
    Counts: [["Century", "Source", "Count"]],
  };
  for (let g = 0; g < gods; g++) t.Gods?.push([`God ${g}`, ["greater", "lesser", "spirit"][g % 3] as string]);
  for (let s = 0; s < spheres; s++) {
    for (let k = 0; k < 20; k++) {
      const j = (s + k * 3) % names;
      const basis = BASES[j % 4] as string;
      t.Sources?.push([`Sphere ${s}`, sourceName(j), basis, [0.1, 0.25, 0.5, 1, 0.05][(s + k) % 5] as number, k % 7 === 0 ? "yes" : "no", basis === "deaths" ? (CAUSES[j % CAUSES.length] as string) : null, "century-end"]);
    }
  }
  for (let g = 0; g < gods; g++) for (let k = 0; k < 5; k++) t.Cards?.push([`God ${g}`, `Sphere ${(g * 7 + k * 13) % spheres}`, 1 + ((g + k) % 3)]);
  t.Cards?.push(["Demons", "Sphere 0", 1], ["Demons", "Sphere 1", 2]);
  const shares = [20, 15, 15, 10, 10, 10, 10, 10];
  for (let r = 0; r < races; r++) {
    t.Races?.push([`Race ${r}`, 10 + (r % 191), r % 4, r % 9 === 0 ? 1 : 0, "civilized", r % 20 === 0 ? "yes" : "no"]);
    for (let m = 0; m < 8; m++) {
      const member = m === 7 ? (r % 2 ? "Diabolism" : "Atheism") : `God ${(r * 11 + m * 17) % gods}`;
      t.Pantheon?.push([`Race ${r}`, member, shares[m] as number]);
    }
  }
  // Members of one pantheon must differ: the stride above repeats only when gods divide it.
  for (let d = 0; d < deaths; d++) t.Deaths?.push([1, CAUSES[d % CAUSES.length] as string, 1 + (d % 4), `Race ${d % races}`, null]);
  for (let j = 2; j < names; j += 4) t.Counts?.push([1, sourceName(j), 3 + j]);
  return t;
}
