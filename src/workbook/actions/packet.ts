/**
 * The session packet: the printable sheets the gamemasters hand out or keep at the table. Today
 * it holds the Earth Summary (plan/summary.ts); each further sheet of the packet is planned here
 * beside it and goes out with it. Writing the packet pays nobody and leaves the Ledger alone.
 */
import { cmp } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { populationStrength } from "../../engine/population";
import { errorsIn, payingNobody, type Problem } from "../model/problems";
import { PANTHEON, RACES } from "../model/schema";
import type { SheetPlan } from "../plan/layout";
import { foreignSheets } from "../plan/seal";
import { earthSummary, type EarthColumns, type EarthLine } from "../plan/summary";
import { foundTable, type Campaign, type CampaignRead, type Race } from "../read/campaign";
import { centuryInPlay } from "../read/credits";
import { hasColumn } from "./lookUp";
import { writtenShares } from "./pantheon";

export interface PacketOutcome {
  /** the century in play, which the packet's sheets name */
  readonly century: number;
  /** the Races and Pantheon tables' problems (none of them holds the packet back for pay: it pays nobody) */
  readonly problems: readonly Problem[];
  /** the sheets to write, in the packet's order; none when an error stops it */
  readonly sheets: readonly SheetPlan[];
  /** the races as the Earth Summary shows them */
  readonly races: readonly EarthLine[];
}

/**
 * A race's pantheon in one line, the largest share first (members of equal share in the table's
 * order): "Solara 40%, Vorn 35%, Diabolism 25%". The shares are shown as the pane's pantheon
 * tools write them into the Pantheon table, to 4 decimals at most and adding up to exactly 100%.
 */
export function pantheonLine(campaign: Campaign, race: string): string | null {
  const found = campaign.pantheons.get(nameKey(race));
  if (found === undefined || "severity" in found.pantheon) return null;
  const shares = found.pantheon.shares.map((s, i) => ({ ...s, i })).sort((x, y) => cmp(y.share, x.share) || x.i - y.i);
  const written = writtenShares(
    shares.map((s) => s.share),
    "points",
  );
  return shares.map((s, i) => `${s.member} ${String(written[i])}%`).join(", ");
}

function lineOf(campaign: Campaign, r: Race): EarthLine {
  return {
    race: r.race,
    units: r.units,
    cities: r.cities,
    greatCities: r.greatCities,
    strength: populationStrength(r.units, r.cities, r.greatCities),
    culture: r.culture,
    turmoil: r.turmoil,
    military: r.military,
    aggression: r.aggression,
    pantheon: pantheonLine(campaign, r.race),
  };
}

/** The optional columns the Races table has. */
function columnsOf(campaign: Campaign): EarthColumns {
  const races = foundTable(campaign, RACES.name);
  const has = (header: string) => races !== undefined && races.usable && hasColumn(races.raw, header);
  return { culture: has("Culture"), turmoil: has("Turmoil"), military: has("Military"), aggression: has("Aggression") };
}

/**
 * The packet from a campaign as read. A race left out of the Races table for a problem of its
 * own, or a pantheon that cannot be read, would make a summary that looks whole and is not: an
 * error in either table stops the packet, as does a sheet of the gamemaster's by its name.
 */
export function planPacket(read: CampaignRead): PacketOutcome {
  const { campaign } = read;
  const century = centuryInPlay(campaign);
  const problems = payingNobody(read.problems.filter((p) => p.table === RACES.name || p.table === PANTHEON.name));
  const races = campaign.races.map((r) => lineOf(campaign, r));
  if (errorsIn(problems).length > 0) return { century, problems, sheets: [], races };
  const sheets = [earthSummary(races, columnsOf(campaign), century)];
  const foreign = foreignSheets(campaign, sheets);
  if (foreign.length > 0) return { century, problems: [...problems, ...foreign], sheets: [], races };
  return { century, problems, sheets, races };
}
