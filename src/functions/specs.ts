/**
 * The signature of every custom function as data, and its body as a call into the engine.
 * functions.ts only declares them to Excel; the `gods fn` command and the tests use them too.
 */
import { casualties } from "../engine/war";
import { DEFAULT_GROWTH_RATE, growth } from "../engine/growth";
import { resist } from "../engine/resist";
import { toll, type TollMode } from "../engine/toll";
import { choice, elements, integer, nonNegative, optionalWhole, rate, resistanceCodes, whole } from "./params";
import { define } from "./runner";

export const TOLL = define(
  "TOLL",
  [
    whole("amount", "a whole number of mana, 0 or more"),
    choice<TollMode>("mode", ["received", "lost", "send"], "received", { arrives: "received", arrive: "received", toll: "lost" }),
  ],
  (amount, mode) => toll(amount, mode),
);

export const WARCASUALTIES = define(
  "WARCASUALTIES",
  [
    whole("strength", "a whole number of units, 0 or more"),
    integer("military"),
    integer("enemy_military"),
    optionalWhole("enemy_strength", "a whole number of units, 0 or more"),
  ],
  (strength, military, enemyMilitary, enemyStrength) => casualties(strength, military, enemyMilitary, enemyStrength),
);

export const GROWTH = define(
  "GROWTH",
  [whole("units", "a whole number of units, 0 or more"), rate("rate", DEFAULT_GROWTH_RATE)],
  (units, r) => growth(units, r),
);

export const RESIST = define(
  "RESIST",
  [
    nonNegative("deaths", "a number of units, 0 or more"),
    elements("elements"),
    resistanceCodes("resistances"),
    choice("kind", ["disaster", "global"] as const, "disaster"),
  ],
  (deaths, els, codes, kind) => resist(deaths, els, codes, kind),
);
