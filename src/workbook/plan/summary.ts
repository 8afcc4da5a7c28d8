/**
 * The Earth Summary of the session packet: one line per race with its numbers and its pantheon,
 * and the totals, printed on one page's width. The packet's planner (actions/packet.ts) reads
 * the campaign into these lines; this module only lays them out.
 */
import { CITY_STRENGTH, GREAT_CITY_STRENGTH } from "../../engine/population";
import { columnLetter } from "../model/address";
import { PACKET_SHEETS } from "../model/schema";
import type { PlanCell, SheetPlan } from "./layout";
import { cell, heading, SheetBuilder } from "./worksheets";

/** A number the Races table holds for a race: null when its cell is empty, undefined when it cannot be read. */
export type TableNumber = number | null | undefined;

/** One race as the Earth Summary shows it. */
export interface EarthLine {
  readonly race: string;
  readonly units: number;
  readonly cities: number;
  readonly greatCities: number;
  readonly strength: number;
  readonly culture: string | null;
  readonly turmoil: boolean;
  readonly military: TableNumber;
  readonly aggression: TableNumber;
  /** its members and their shares, largest first ("Solara 40%, Vorn 35%, Diabolism 25%"); null when it has no Pantheon rows */
  readonly pantheon: string | null;
}

/** The optional columns of the Races table that the summary shows when the table has them. */
export interface EarthColumns {
  readonly culture: boolean;
  readonly turmoil: boolean;
  readonly military: boolean;
  readonly aggression: boolean;
}

/** Column widths (characters) of the columns the summary may show; the race and pantheon columns widen to their longest text. */
const WIDTHS = { race: 16, units: 7, cities: 7, greatCities: 11, strength: 9, culture: 10, turmoil: 8, military: 8, aggression: 10, pantheon: 30 } as const;

const a1 = (row: number, col: number): string => `${columnLetter(col)}${row}`;

function tableNumber(n: TableNumber): PlanCell {
  if (n === undefined) return cell("(unreadable)", "missing");
  return n === null ? cell(null, "text") : cell(n, "integer");
}

/** The Earth Summary for the century in play. */
export function earthSummary(lines: readonly EarthLine[], columns: EarthColumns, inPlay: number): SheetPlan {
  const b = new SheetBuilder();
  heading(b, PACKET_SHEETS.earth, `Century ${inPlay} in play: every race's units, cities, strength and pantheon.`);
  const shown = (["culture", "turmoil", "military", "aggression"] as const).filter((c) => columns[c]);
  const names: Record<(typeof shown)[number], string> = { culture: "Culture", turmoil: "Turmoil", military: "Military", aggression: "Aggression" };
  const header = b.headers("Race", "Units", "Cities", "Great cities", "Strength", ...shown.map((c) => names[c]), "Pantheon");
  const first = b.next;
  for (const l of lines) {
    const r = b.next;
    const extra: Record<(typeof shown)[number], PlanCell> = {
      culture: cell(l.culture, "text"),
      turmoil: l.turmoil ? cell("yes", "missing") : cell("no", "text"),
      military: tableNumber(l.military),
      aggression: tableNumber(l.aggression),
    };
    b.add(
      cell(l.race, "text"),
      cell(l.units, "integer"),
      cell(l.cities, "integer"),
      cell(l.greatCities, "integer"),
      cell(l.strength, "integer", `${a1(r, 2)}+${CITY_STRENGTH}*${a1(r, 3)}+${GREAT_CITY_STRENGTH}*${a1(r, 4)}`),
      ...shown.map((c) => extra[c]),
      l.pantheon === null ? cell("(no rows in the Pantheon table)", "missing") : cell(l.pantheon, "text"),
    );
  }
  const last = b.next - 1;
  const total = (col: number, value: number) => cell(value, "totalInteger", last >= first ? `SUM(${a1(first, col)}:${a1(last, col)})` : undefined);
  const sum = (pick: (l: EarthLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  b.add(
    cell(lines.length === 1 ? "1 race" : `All ${lines.length} races`, "total"),
    total(
      2,
      sum((l) => l.units),
    ),
    total(
      3,
      sum((l) => l.cities),
    ),
    total(
      4,
      sum((l) => l.greatCities),
    ),
    total(
      5,
      sum((l) => l.strength),
    ),
    ...shown.map(() => cell(null, "total")),
    cell(null, "total"),
  );
  b.blank();
  if (lines.length === 0) b.add(cell("The Races table has no races yet.", "note"));
  b.add(cell(`Strength: the units, with ${CITY_STRENGTH} more for each city and ${GREAT_CITY_STRENGTH} for each great city.`, "note"));
  b.add(cell("Pantheon: who the race worships and with what share of its worship, the largest share first.", "note"));
  if (columns.turmoil) b.add(cell("A race in turmoil this century worships nobody at the century's end.", "note"));
  if (columns.military || columns.aggression)
    b.add(cell("Military and Aggression as the Races table holds them: a barbarian race adds +1 Military and +2 Aggression.", "note"));
  const widths = [WIDTHS.race, WIDTHS.units, WIDTHS.cities, WIDTHS.greatCities, WIDTHS.strength, ...shown.map((c) => WIDTHS[c]), WIDTHS.pantheon];
  return b.sheet(PACKET_SHEETS.earth, widths, `Century ${inPlay} in play`, header);
}
