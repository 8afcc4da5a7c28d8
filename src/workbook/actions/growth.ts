/** The growth at the start of a century (docs/rules/05-growth.md, 04-population.md): new units, starvation, Aggression. */
import { LARGEST_NUMBER } from "../model/tableReader";
import { DEFAULT_GROWTH_RATE, growth } from "../../engine/growth";
import { starvation, STARVATION_AGGRESSION } from "../../engine/population";
import { tableError, type Problem } from "../model/problems";
import { DEATHS, RACES } from "../model/schema";
import { addressIn } from "../model/tableReader";
import { foundTable, type Campaign } from "../read/campaign";
import { hasColumn } from "./lookUp";
import type { DeathRow, RaceChange, RefereePlan } from "./referee";
import { GROWTH_NOTE, key, raceProblem, badCell, spelled, plural, percentOf, opening, planFrom } from "./referee";

/**
 * The growth at the start of the century in play (engine: growth, starvation): every race gains
 * its Growth (25% when the cell is empty) of its units, rounded up; where a Limit is given, units
 * above it starve, and the race gets +2 Aggression for the rest of the century. Writes the
 * starvation deaths (or, when nobody starves, one row of 0) with the note "growth", which is
 * also what stops a second growth in one century.
 */
export function planGrowth(campaign: Campaign, problems: readonly Problem[]): RefereePlan {
  const { century, refuse, blocked } = opening("growth", campaign, problems);
  if (blocked !== undefined) return blocked;
  const done = campaign.deaths.find((d) => d.century === century && isGrowthNote(d.note));
  if (done !== undefined) {
    const deaths = foundTable(campaign, DEATHS.name);
    return refuse(
      tableError(
        DEATHS.name,
        `the growth of century ${century} is already done (this row's note says "${done.note ?? GROWTH_NOTE}"); races grow once a century. If century ${century} is over, calculate its end first: then century ${century + 1} is in play.`,
        { row: done.row, column: "Note", ...(deaths === undefined ? {} : { address: addressIn(deaths.raw, done.row, "Note") }) },
      ),
    );
  }
  if (campaign.races.length === 0) return refuse(raceProblem("the Races table has no races to grow."));

  const table = foundTable(campaign, RACES.name);
  const has = (column: string) => table !== undefined && hasColumn(table.raw, column);
  const cause = spelled(campaign, "starvation");
  const bad: Problem[] = [];
  const deaths: DeathRow[] = [];
  const changes: RaceChange[] = [];
  const details: string[] = [];
  const angry: string[] = [];
  let grownTotal = 0;
  // Only races still in the Races table under the name they starved with: a renamed race's +2 is the gamemaster's to take off.
  const raised = new Map([...raisedAtLastGrowth(campaign, century)].filter(([k]) => campaign.races.some((r) => key(r.race) === k)));
  for (const race of campaign.races) {
    if (race.growth === undefined) bad.push(badCell(campaign, problems, race, "Growth"));
    if (race.limit === undefined) bad.push(badCell(campaign, problems, race, "Limit"));
    if (race.growth === undefined || race.limit === undefined) continue;
    const rate = race.growth ?? DEFAULT_GROWTH_RATE;
    const grown = growth(race.units, rate);
    const starved = race.limit === null ? 0 : starvation(race.units + grown, race.limit);
    const after = race.units + grown - starved;
    if (after >= LARGEST_NUMBER) {
      // The reader's rule at the writer's door: Units the next command would refuse are not written.
      bad.push(
        raceProblem(
          `the ${race.race} would grow to ${after.toLocaleString("en")} units, more than a campaign's numbers hold (below 1,000,000,000,000,000): give the race a Limit (the units its squares support), or correct its Units.`,
        ),
      );
      continue;
    }
    grownTotal += grown;
    let line = `The ${race.race}: ${race.units} + ${grown} (${percentOf(rate)}) = ${race.units + grown}`;
    if (race.limit === null) line += has("Limit") ? " (no Limit given: not checked)" : "";
    else line += starved === 0 ? ` (Limit ${race.limit})` : `; Limit ${race.limit}: ${starved} starve → ${after}`;
    if (after !== race.units) changes.push({ race: race.race, column: "Units", before: race.units, after });
    const ended = raised.get(key(race.race));
    if (starved > 0 && !has("Aggression")) angry.push(race.race);
    if (starved > 0) deaths.push({ race: race.race, cause, units: starved, note: has("Aggression") ? RAISED_NOTE : GROWTH_NOTE });
    if (has("Aggression") && (starved > 0 || ended !== undefined)) {
      if (race.aggression === undefined) {
        bad.push(badCell(campaign, problems, race, "Aggression"));
        continue;
      }
      // Starvation's +2 lasts to the end of its century: the one raised at the last growth ends now.
      const aggression = race.aggression ?? 0;
      const next = aggression - (ended === undefined ? 0 : STARVATION_AGGRESSION) + (starved > 0 ? STARVATION_AGGRESSION : 0);
      if (next !== aggression) changes.push({ race: race.race, column: "Aggression", before: aggression, after: next });
      const why = [
        ...(ended === undefined ? [] : [`the +${STARVATION_AGGRESSION} of starvation in century ${ended} ends`]),
        ...(starved > 0 ? [`+${STARVATION_AGGRESSION} for starving, to the end of century ${century}`] : []),
      ];
      line += `; Aggression ${aggression} → ${next} (${why.join("; ")})`;
    }
    details.push(`${line}.`);
  }
  if (bad.length > 0) return refuse(bad);

  const starvedTotal = deaths.reduce((sum, d) => sum + d.units, 0);
  // Nobody starved: one row of 0 still marks the century's growth as done.
  const rows = deaths.length > 0 ? deaths : [{ race: null, cause, units: 0, note: GROWTH_NOTE }];
  let message = `Growth at the start of century ${century}: the races grew by ${plural(grownTotal, "unit")}`;
  message += starvedTotal === 0 ? "; nobody starved." : `; ${starvedTotal} starved (the ${deaths.map((d) => d.race).join(", ")}).`;
  if (starvedTotal > 0 && has("Aggression"))
    message += ` Their Aggression is ${STARVATION_AGGRESSION} higher for the rest of the century; the next century's growth takes it off again.`;
  if (raised.size > 0 && has("Aggression"))
    message += ` Starvation's +${STARVATION_AGGRESSION} Aggression of the last growth ends (the ${[...raised.keys()].map((k) => campaign.races.find((r) => key(r.race) === k)?.race ?? k).join(", ")}).`;
  if (angry.length > 0)
    message += ` The Races table has no Aggression column: note +${STARVATION_AGGRESSION} Aggression for the rest of the century for the ${angry.join(", ")}.`;
  if (!has("Limit"))
    message += " The Races table has no Limit column, so nobody was checked for starvation: add one with the units each race's squares support.";
  return planFrom(campaign, { action: "growth", century, deaths: rows, changes }, message, details);
}

/**
 * The note of a starvation row whose race's Aggression was raised by 2: the next growth finds it
 * and takes the 2 off again (a growth's other rows say "growth").
 */
const RAISED_NOTE = `${GROWTH_NOTE}: Aggression +${STARVATION_AGGRESSION}`;

/** Whether a Deaths row's note marks a growth. */
function isGrowthNote(note: string | null): boolean {
  return note !== null && (key(note) === GROWTH_NOTE || key(note) === key(RAISED_NOTE));
}

/**
 * The races whose Aggression the latest growth before `century` raised for starving, with that
 * growth's century: their +2 has ended by now.
 */
function raisedAtLastGrowth(campaign: Campaign, century: number): Map<string, number> {
  const earlier = campaign.deaths.filter((d) => d.century < century && isGrowthNote(d.note));
  const last = earlier.reduce((m, d) => Math.max(m, d.century), 0);
  const raised = new Map<string, number>();
  for (const d of earlier) if (d.century === last && d.race !== null && d.note !== null && key(d.note) === key(RAISED_NOTE)) raised.set(key(d.race), last);
  return raised;
}
