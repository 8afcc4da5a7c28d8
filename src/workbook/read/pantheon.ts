/**
 * The Pantheon table: each race's members and their shares. A race's rows are judged together,
 * once, by the engine's exact reading of a pantheon; the century end, the pane's status and its
 * pantheon tools all take that one verdict.
 */
import { attempt } from "../../engine/errors";
import { div } from "../../engine/exact";
import { ATHEISM, DIABOLISM, didYouMean, nameKey } from "../../engine/names";
import { HUNDRED, readPantheon, type Pantheon } from "../../engine/pantheon";
import type { PantheonShare } from "../../engine/century";
import { tableError, payWarning, type Problem } from "../model/problems";
import { PANTHEON } from "../model/schema";
import type { TableReader } from "../model/tableReader";
import type { God, PantheonEntry, Race, RacePantheon } from "./types";

export interface PantheonContext {
  readonly races: ReadonlyMap<string, Race> | undefined;
  readonly gods: ReadonlyMap<string, God> | undefined;
  readonly flawedRaces: ReadonlySet<string>;
  readonly flawedGods: ReadonlySet<string>;
}

interface Group {
  readonly race: Race;
  readonly entries: PantheonEntry[];
  /** the first problem of one of its rows: a race's pantheon is used whole or not at all */
  blocked?: Problem;
}

export function readPantheons(
  reader: TableReader | undefined,
  context: PantheonContext,
  problems: Problem[],
): { pantheons: Map<string, RacePantheon>; shares: PantheonShare[] } {
  const groups = new Map<string, Group>();
  const groupOf = (race: Race): Group => {
    let g = groups.get(nameKey(race.race));
    if (g === undefined) {
      g = { race, entries: [] };
      groups.set(nameKey(race.race), g);
    }
    return g;
  };
  for (const r of reader?.rows() ?? []) {
    const before = problems.length;
    const raceName = r.text("Race");
    const memberName = r.text("Member");
    const share = r.decimal("Share", "a share such as 40 or 40%");
    if (raceName === undefined) continue;
    const race = context.races?.get(nameKey(raceName));
    if (race === undefined) {
      if (context.races !== undefined && !context.flawedRaces.has(nameKey(raceName)))
        r.error(
          "Race",
          `"${raceName}" is not in the Races table.${didYouMean(
            raceName,
            [...context.races.values()].map((x) => x.race),
          )}`,
        );
      continue;
    }
    const group = groupOf(race);
    const block = (): void => {
      group.blocked ??=
        problems[before] ?? tableError(PANTHEON.name, `this row has a problem of its own.`, { row: r.row, column: "Member", address: r.address("Member") });
    };
    if (memberName === undefined || share === undefined) {
      block();
      continue;
    }
    const special = [DIABOLISM, ATHEISM].find((x) => nameKey(x) === nameKey(memberName));
    const god = context.gods?.get(nameKey(memberName));
    if (special === undefined && god === undefined) {
      if (context.gods !== undefined && !context.flawedGods.has(nameKey(memberName)))
        r.error(
          "Member",
          `"${memberName}" is not in the Gods table (members are gods, Diabolism or Atheism).${didYouMean(memberName, [...context.gods.values()].map((g) => g.name).concat(DIABOLISM, ATHEISM))}`,
        );
      block();
      continue;
    }
    if (god?.kind === "demon") {
      r.error("Member", `${god.name} is a demon; mortals worship demons through the member Diabolism.`);
      block();
      continue;
    }
    const member = special ?? (god as God).name;
    if (group.entries.some((e) => e.member === member)) {
      r.error("Member", `${member} appears twice in the pantheon of ${race.race}.`);
      block();
      continue;
    }
    group.entries.push({ member, share, row: r.row, index: r.index });
  }

  const pantheons = new Map<string, RacePantheon>();
  const shares: PantheonShare[] = [];
  for (const [key, { race, entries, blocked }] of groups) {
    let pantheon: Pantheon | Problem;
    if (blocked !== undefined) {
      pantheon = { ...blocked, message: `the pantheon of ${race.race} cannot be used until row ${blocked.row ?? "?"} is mended: ${blocked.message}` };
    } else {
      const read = attempt(() => readPantheon(entries));
      const first = entries[0];
      if ("problem" in read) {
        pantheon = tableError(PANTHEON.name, `the pantheon of ${race.race} cannot be used: ${read.problem}`, {
          ...(first === undefined || reader === undefined ? {} : { row: first.row, column: "Share", address: reader.address(first.row, "Share") }),
        });
        problems.push(pantheon);
      } else {
        pantheon = read.value;
        for (const s of pantheon.shares) shares.push({ race: race.race, member: s.member, share: div(s.share, HUNDRED) });
      }
    }
    pantheons.set(key, { race: race.race, entries, pantheon });
  }
  if (reader !== undefined) {
    for (const race of context.races?.values() ?? []) {
      if (!groups.has(nameKey(race.race))) {
        problems.push(
          payWarning(
            PANTHEON.name,
            `${race.race} has no pantheon rows, so its worship goes to nobody; give it its pantheon (Atheism 100 if it worships nobody).`,
          ),
        );
      }
    }
  }
  return { pantheons, shares };
}
