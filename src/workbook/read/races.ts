/** The Races table: every mortal race, its units, cities and whether it is in religious turmoil. */
import { RuleError } from "../../engine/errors";
import { cmp, ONE, type Ratio } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { parseResistances, type ResistCode } from "../../engine/resist";
import type { RowReader, TableReader } from "../model/tableReader";
import type { Race } from "./types";
import { lookAlikeCheck } from "./lookAlike";

export function readRaces(reader: TableReader | undefined, flawed: Set<string>): Race[] {
  const races: Race[] = [];
  const seen = new Set<string>();
  const lookAlike = lookAlikeCheck("Race", "races");
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
    lookAlike(r, name);
    races.push({ race: name, units, cities, greatCities, turmoil, culture, ...attributes(r), row: r.row, index: r.index });
  }
  return races;
}

/**
 * The columns only the referee's war, disaster and growth read. The century end does not need
 * them, so a cell they cannot use is a warning here; the action that needs it refuses.
 */
function attributes(r: RowReader): Pick<Race, "military" | "aggression" | "resistances" | "growth" | "limit"> {
  const signed = (header: string, what: string) => (r.has(header) ? r.optionalSigned(header, what, "warning") : null);
  return {
    military: signed("Military", "a whole number (it may be negative), such as 2 or -1"),
    aggression: signed("Aggression", "a whole number (it may be negative), such as 2 or -1"),
    resistances: resistances(r),
    growth: growth(r),
    limit: limit(r),
  };
}

function resistances(r: RowReader): readonly ResistCode[] | null | undefined {
  if (!r.has("Resistances") || r.isEmpty("Resistances")) return null;
  const text = r.text("Resistances", false, "warning");
  if (text === undefined) return undefined;
  try {
    return parseResistances(text);
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    r.warn("Resistances", e.message);
    return undefined;
  }
}

const GROWTH = "a growth rate per century such as 25% or 0.25";

function growth(r: RowReader): Ratio | null | undefined {
  if (!r.has("Growth")) return null;
  const rate = r.optionalDecimal("Growth", GROWTH, "warning");
  // A rate is a fraction, as Excel keeps 25%: 25 would be 2,500% a century, surely meant as 25%.
  if (rate !== null && rate !== undefined && cmp(rate, ONE) > 0) {
    r.warn(
      "Growth",
      `${Number(rate.n) / Number(rate.d)} would be ${(Number(rate.n) * 100) / Number(rate.d)}% a century; write ${GROWTH} (a rate above 100% is not read).`,
    );
    return undefined;
  }
  return rate;
}

function limit(r: RowReader): number | null | undefined {
  if (!r.has("Limit")) return null;
  const what = "a whole number of units, 0 or more: what the race's squares support together";
  const value = r.optionalDecimal("Limit", what, "warning");
  if (value === null || value === undefined) return value;
  const n = Number(value.n) / Number(value.d);
  if (value.d !== 1n || !Number.isSafeInteger(n)) {
    r.warn("Limit", `${n} is not ${what}.`);
    return undefined;
  }
  return n;
}
