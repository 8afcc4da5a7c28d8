/**
 * The Games of the Gods' functions (seed 000, §11 of our reading) as data and calls into the
 * engine, like every other in specs.ts, which exports them with its own.
 */
import {
  claimDivinity,
  conflictWon,
  dicePool,
  difficulty,
  explosions,
  GOAL_TYPES,
  gameOver,
  glory,
  gloryDice,
  goalBonus,
  goalState,
  melt,
  meltRolls,
  successes,
  worldSize,
} from "../engine/games";
import { atMostOne, dice, flag, goalLevels, optional, roll, whole, wholeBetween, wholeOf } from "./params";
import { define } from "./runner";

// §11: Games of the Gods.

export const DICESUCCESSES = define("DICESUCCESSES", [dice("dice")], (faces) => successes(faces));

export const EXPLODE = define("EXPLODE", [dice("dice")], (faces) => explosions(faces));

export const GLORY = define("GLORY", [whole("margin", wholeOf("successes")), flag("tied")], (margin, tied) => glory(margin, tied));

export const GLORYDICE = define("GLORYDICE", [optional(whole("divinity_spent", wholeOf("divinity")), 0)], (spent) => gloryDice(spent));

export const WORLDSIZE = define("WORLDSIZE", [wholeBetween("players", 1, Number.MAX_SAFE_INTEGER, "a whole number of players, 1 or more")], (players) => {
  const w = worldSize(players);
  return [[w.fewestCharacters, w.mostCharacters, w.fewestRelationships, w.mostRelationships]];
});

export const GOALSTATE = define(
  "GOALSTATE",
  [
    wholeBetween("level", 1, 3, "a goal level: 1, 2 or 3"),
    whole("claims", wholeOf("claims")),
    wholeBetween("players", 1, Number.MAX_SAFE_INTEGER, "a whole number of players, 1 or more"),
  ],
  (level, claims, players) => goalState(level, claims, players),
);

export const MELT = define("MELT", [roll("roll", 2, 12)], (r) => melt(r));

const divinity = (name: string) => whole(name, wholeOf("divinity"));

export const DIVINITY = define("DIVINITY", [divinity("bonus"), optional(whole("earlier_claims", wholeOf("claims")), 0)], (bonus, earlier) =>
  claimDivinity(bonus, earlier),
);

export const MELTROLLS = define("MELTROLLS", [goalLevels("open_level")], (levels) => meltRolls(levels));

export const GAMEOVER = define(
  "GAMEOVER",
  [wholeBetween("level3_goals_claimed", 0, GOAL_TYPES, `how many different level 3 goals have been claimed, a whole number from 0 to ${GOAL_TYPES}`)],
  (claimed) => gameOver(claimed),
);

export const GOALBONUS = define(
  "GOALBONUS",
  [divinity("bonus"), whole("claims_this_act", wholeOf("claims")), optional(flag("was_open"), true)],
  (bonus, claims, wasOpen) => goalBonus(bonus, claims, wasOpen),
);

const conflictLevel = () => wholeBetween("level", 1, 3, "a conflict level: 1, 2 or 3");
const opposing = () => optional(whole("opposing_successes", wholeOf("successes")), 0);

export const DIFFICULTY = define("DIFFICULTY", [conflictLevel(), opposing(), flag("won_level1"), flag("won_level2")], (level, against, won1, won2) =>
  difficulty(level, against, won1, won2),
);

export const CONFLICT = define(
  "CONFLICT",
  [conflictLevel(), whole("successes", wholeOf("successes")), opposing(), flag("won_level1"), flag("won_level2")],
  (level, rolled, against, won1, won2) => conflictWon(level, rolled, against, won1, won2),
);

export const DICEPOOL = define(
  "DICEPOOL",
  [
    wholeBetween("dice_spent", 1, 5, "the conflict dice spent, a whole number from 1 to 5"),
    atMostOne("motifs", "motifs"),
    atMostOne("features", "helpful features"),
    optional(whole("divinity_spent", wholeOf("divinity")), 0),
  ],
  (spent, motifs, features, divinity) => dicePool(spent, motifs, features, divinity),
);
