/**
 * The signature of every custom function as data, and its body as a call into the engine.
 * functions.ts only declares them to Excel; the `gods fn` command and the tests use them too.
 */
import { casualties, cityFate, occupying, war } from "../engine/war";
import { barbarianSplit, DEFAULT_GROWTH_RATE, growth, migrating } from "../engine/growth";
import { resist, resistLevels } from "../engine/resist";
import { ERAS, toll, type Era, type TollMode } from "../engine/toll";
import { lordLoss, surrender, type SurrenderMode } from "../engine/heaven";
import { council, COUNCIL_SEATS, MOST_ARCHETYPAL, successor, type CouncilKind } from "../engine/council";
import { demesne, GESTURE_NAMES, gestures, guardianBeasts, hitPoints, type Gesture } from "../engine/combat";
import { ARTIFACT_FACTOR, artifactStrength, CASTERS, precedence, type Caster } from "../engine/powers";
import { CULTURES, mayFoundCity, populationLimit, populationStrength, starvation, TERRAINS, type Culture, type Terrain } from "../engine/population";
import { warAverted, warsDeclared, wealthBonus } from "../engine/attributes";
import { manaScale, MOST_CARDS, persuasionCost, PERSUASIONS, pooledLevel, powerCost, type Persuasion } from "../engine/costs";
import { CENTRUM_CENTURIES, MOST_SESSIONS, sessionCenturies } from "../engine/sessions";
import {
  cardCounts,
  choice,
  elements,
  flag,
  integer,
  multipliers,
  nonNegative,
  optional,
  optionalWhole,
  populationLimits,
  rate,
  resistanceCodes,
  roll,
  whole,
  wholeBetween,
  word,
  wholeOf,
} from "./params";
import { define } from "./runner";

/** When something happens: one of the eras, or a transition phase; Era Centrum if not given. */
function era() {
  return choice<Era>("era", ERAS, "centrum", {
    "era null": "null",
    "era aleph": "aleph",
    "era centrum": "centrum",
    "era omega": "omega",
    "transition phase": "transition",
  });
}

export const TOLL = define(
  "TOLL",
  [
    whole("amount", wholeOf("mana")),
    choice<TollMode>("mode", ["received", "lost", "send"], "received", { arrives: "received", arrive: "received", toll: "lost" }),
    era(),
  ],
  (amount, mode, when) => toll(amount, mode, when),
);

// Mana lost in Heaven by rule (seed 000, Combat and Obliteration).

export const SURRENDER = define(
  "SURRENDER",
  [
    integer("mana_held", "a whole number of mana (below 0 when the loser owes mana)"),
    choice<SurrenderMode>("mode", ["send", "receive"], "send", {
      sent: "send",
      sends: "send",
      received: "receive",
      receives: "receive",
      arrives: "receive",
      arrive: "receive",
    }),
  ],
  (held, mode) => surrender(held, mode),
);

export const LORDLOSS = define("LORDLOSS", [integer("mana_held", "a whole number of mana (below 0 when the lord already owes mana)")], (held) =>
  lordLoss(held),
);

// The Great Council (seed 000, The Great Council of the Gods).

const greaterGods = (name: string, what: string) => wholeBetween(name, 0, COUNCIL_SEATS, `${what}, a whole number from 0 to ${COUNCIL_SEATS}`);

export const COUNCIL = define(
  "COUNCIL",
  [
    greaterGods("present", "how many greater gods are present"),
    optional(greaterGods("votes", "how many greater gods vote for it")),
    choice<CouncilKind>("kind", ["measure", "promotion", "supreme deity"], "measure", {
      promote: "promotion",
      supreme: "supreme deity",
      "supreme-deity": "supreme deity",
      supreme_deity: "supreme deity",
      supremedeity: "supreme deity",
    }),
    optional(greaterGods("greater_gods", "how many greater gods there are"), COUNCIL_SEATS),
    optional(greaterGods("barred", "how many greater gods present may not vote"), 0),
    era(),
    optional(greaterGods("seats", "how many seats the Council may fill"), COUNCIL_SEATS),
  ],
  (present, votes, kind, seated, barred, when, seats) => council(present, votes, kind, seated, barred, when, seats),
);

const archetypal = (name: string, what: string) => wholeBetween(name, 0, MOST_ARCHETYPAL, `${what}, a whole number from 0 to ${MOST_ARCHETYPAL}`);

export const SUCCESSOR = define(
  "SUCCESSOR",
  [
    archetypal("archetypal_lesser_gods", "how many of the archetype's former archetypal lesser gods there are"),
    archetypal("agreeing", "how many of them agree on the successor"),
    optional(archetypal("cards_held", "the successor's cards in the sphere"), 1),
  ],
  (lesserGods, agreeing, cards) => successor(lesserGods, agreeing, cards),
);

// Combat and powers in Heaven (seed 000, The Guardian Beasts; Combat; Artifacts; Conflicting Powers).

export const GUARDIANBEASTS = define(
  "GUARDIANBEASTS",
  [wholeBetween("party", 1, Number.MAX_SAFE_INTEGER, "a whole number of characters, 1 or more"), optional(whole("shielded", wholeOf("characters")), 0)],
  (party, shielded) => guardianBeasts(party, shielded),
);

export const HITPOINTS = define("HITPOINTS", [whole("permanent_lost", wholeOf("hit points")), flag("internal_weakness")], (lost, weakness) =>
  hitPoints(lost, weakness),
);

export const DEMESNE = define(
  "DEMESNE",
  [optional(whole("added_hit_points", wholeOf("hit points")), 0), optional(whole("added_blocks", wholeOf("blocks")), 0)],
  (hp, blocks) => {
    const d = demesne(hp, blocks);
    return [[d.hitPoints, d.blocks]];
  },
);

const gesture = (name: string) => word<Gesture>(name, GESTURE_NAMES, { stone: "rock", scissor: "scissors", none: "null", nothing: "null" });

export const GESTURES = define("GESTURES", [gesture("gesture_a"), gesture("gesture_b")], (a, b) => [gestures(a, b)]);

export const ARTIFACTSTRENGTH = define(
  "ARTIFACTSTRENGTH",
  [whole("mana_spent", wholeOf("mana")), optional(wholeBetween("factor", 1, Number.MAX_SAFE_INTEGER, "a whole number, 1 or more"), ARTIFACT_FACTOR)],
  (mana, factor) => artifactStrength(mana, factor),
);

const powerLevel = (name: string) => wholeBetween(name, 1, Number.MAX_SAFE_INTEGER, "a sphere level, a whole number 1 or more");
const caster = (name: string) =>
  choice<Caster>(name, CASTERS, "god", {
    "greater god": "god",
    "lesser god": "god",
    "celestial spirit": "spirit",
    "celestial spirits": "spirit",
    spirits: "spirit",
    demons: "demon",
  });

export const PRECEDENCE = define("PRECEDENCE", [powerLevel("level_a"), powerLevel("level_b"), caster("caster_a"), caster("caster_b")], (a, b, ca, cb) =>
  precedence(a, b, ca, cb),
);

export const WARCASUALTIES = define(
  "WARCASUALTIES",
  [whole("strength", wholeOf("units")), integer("military"), integer("enemy_military"), optionalWhole("enemy_strength", wholeOf("units"))],
  (strength, military, enemyMilitary, enemyStrength) => casualties(strength, military, enemyMilitary, enemyStrength),
);

export const GROWTH = define("GROWTH", [whole("units", wholeOf("units")), rate("rate", DEFAULT_GROWTH_RATE)], (units, r) => growth(units, r));

export const BARBARIANGROWTH = define("BARBARIANGROWTH", [whole("new_units", wholeOf("units"))], (newUnits) => {
  const split = barbarianSplit(newUnits);
  return [[split.spread, split.placed]];
});

export const MIGRATE = define(
  "MIGRATE",
  [
    word<Culture>("culture", CULTURES, { civilised: "civilized" }),
    whole("units", wholeOf("units")),
    optionalWhole("squares", wholeOf("squares")),
    optionalWhole("new_units", wholeOf("units")),
  ],
  (culture, units, squares, newUnits) => migrating(culture, units, squares, newUnits),
);

/** What RESIST and RESISTLEVELS both take after their first argument. */
const RESISTED = [elements("elements"), resistanceCodes("resistances"), choice("kind", ["disaster", "global"] as const, "disaster")] as const;

export const RESIST = define("RESIST", [nonNegative("deaths", "a number of units, 0 or more"), ...RESISTED], (deaths, els, codes, kind) =>
  resist(deaths, els, codes, kind),
);

export const RESISTLEVELS = define("RESISTLEVELS", [whole("reduction", wholeOf("levels")), ...RESISTED], (reduction, els, codes, kind) =>
  resistLevels(reduction, els, codes, kind),
);

// §2 and §3: what powers cost, and how far the gamemasters scale mana down.

const normalCost = whole("normal_cost", wholeOf("mana"));

export const POWERCOST = define("POWERCOST", [normalCost, multipliers("modifier", true)], (cost, modifiers) => powerCost(cost, modifiers));

export const PERSUASION = define(
  "PERSUASION",
  [
    normalCost,
    word<Persuasion>("kind", PERSUASIONS, { two: "p2", multiple: "pm" }),
    { ...multipliers("raises", true), repeating: false },
    multipliers("modifier", true),
  ],
  (cost, kind, raises, modifiers) => persuasionCost(cost, kind, raises, modifiers),
);

export const POOLEDLEVEL = define("POOLEDLEVEL", [cardCounts("cards", MOST_CARDS), cardCounts("borrowed", MOST_CARDS, true)], (cards, borrowed) =>
  pooledLevel(cards, borrowed),
);

export const MANASCALE = define("MANASCALE", [nonNegative("average_mana", "a number of mana, 0 or more")], (average) => manaScale(average));

// Era Centrum's centuries shared among the sessions (seed 002, the Sequence of Centuries).

const atLeastOne = (name: string, what: string, most?: number) =>
  wholeBetween(name, 1, most ?? Number.MAX_SAFE_INTEGER, `${what}, a whole number ${most === undefined ? "1 or more" : `from 1 to ${most}`}`);

export const CENTURIES = define(
  "CENTURIES",
  [
    atLeastOne("sessions", "the game's sessions", MOST_SESSIONS),
    optional(atLeastOne("session", "a session's number", MOST_SESSIONS)),
    optional(atLeastOne("length", "centuries"), CENTRUM_CENTURIES),
  ],
  (sessions, session, length) => {
    const each = sessionCenturies(sessions, length, session);
    return session === undefined ? each.map((n) => [n]) : (each[0] as number);
  },
);

// §4: population.

const units = (name: string) => whole(name, wholeOf("units"));

export const POPULATION = define(
  "POPULATION",
  [units("units"), optional(whole("cities", wholeOf("cities")), 0), optional(whole("great_cities", wholeOf("great cities")), 0)],
  (u, cities, greatCities) => populationStrength(u, cities, greatCities),
);

export const POPLIMIT = define(
  "POPLIMIT",
  [
    word<Terrain>("terrain", TERRAINS, {
      plain: "plains",
      forests: "forest",
      deserts: "desert",
      mountains: "mountain",
      mount: "mountain",
      "mount.": "mountain",
    }),
    word<Culture>("culture", CULTURES, { civilised: "civilized" }),
    optional(integer("modifier"), 0),
  ],
  (terrain, culture, modifier) => populationLimit(terrain, culture, modifier),
);

export const STARVATION = define("STARVATION", [units("units"), whole("limit", wholeOf("units"))], (u, limit) => starvation(u, limit));

export const NEWCITY = define("NEWCITY", [whole("squares", wholeOf("squares")), whole("cities", wholeOf("cities"))], (squares, cities) =>
  mayFoundCity(squares, cities),
);

// §6: Aggression, Diplomacy, Wealth.

export const AGGRESSION = define("AGGRESSION", [roll("roll"), integer("aggression")], (r, aggression) => warsDeclared(r, aggression));

export const DIPLOMACY = define("DIPLOMACY", [roll("roll"), integer("diplomacy"), integer("enemy_aggression")], (r, diplomacy, enemyAggression) =>
  warAverted(r, diplomacy, enemyAggression),
);

export const WEALTHBONUS = define("WEALTHBONUS", [integer("wealth"), optional(whole("cities", wholeOf("cities")), 0)], (wealth, cities) =>
  wealthBonus(wealth, cities),
);

// §7: war.

/** The highest population limit OCCUPY reads: far above any square's, and only up to 2 matters. */
const MOST_SQUARE_LIMIT = 999;

export const WAR = define(
  "WAR",
  [units("strength_a"), integer("military_a"), units("strength_b"), integer("military_b")],
  (strengthA, militaryA, strengthB, militaryB) => {
    const w = war(strengthA, militaryA, strengthB, militaryB);
    return [[w.killedByA, w.killedByB, w.loser, w.vacated]];
  },
);

export const OCCUPY = define(
  "OCCUPY",
  [word<Culture>("winner_culture", CULTURES, { civilised: "civilized" }), populationLimits("square_limits", MOST_SQUARE_LIMIT)],
  (culture, limits) => occupying(culture, limits),
);

export const CITYFATE = define(
  "CITYFATE",
  [word<Culture>("winner_culture", CULTURES, { civilised: "civilized" }), optional(roll("roll")), optional(integer("winner_aggression"))],
  (culture, r, aggression) => cityFate(culture, r, aggression),
);

// §9, pantheons and religious turmoil, and the Games of the Gods: files of their own.
export * from "./pantheonSpecs";
export * from "./gameSpecs";
