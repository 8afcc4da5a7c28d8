/** The Sources table: each sphere's mana sources, their basis, rate and timing. */
import { BASES, TIMINGS, WHERE, type Basis, type SourceRule, type Timing, type Where } from "../../engine/century";
import { DEMONS, didYouMean, nameKey } from "../../engine/names";
import { SOURCES_OWNERS } from "../model/schema";
import { NOBODY, OWNER_SEPARATORS } from "../model/names";
import type { RowReader, TableReader } from "../model/tableReader";

export interface Sources {
  readonly sources: SourceRule[];
  /** the first rule of each source name, by name key */
  readonly byName: ReadonlyMap<string, SourceRule>;
  /** name keys of the spheres that have a source */
  readonly spheres: ReadonlySet<string>;
}

/**
 * What an Owners cell says when every owner is gone (obliterated): the source is held by nobody
 * and pays nobody. An empty cell would mean the opposite (the source pays by cards).
 */
export { NOBODY } from "../model/names";

/** The names an Owners cell lists, separated by commas (or semicolons, or lines). */
export function splitOwners(text: string): string[] {
  return text
    .split(new RegExp(`${OWNER_SEPARATORS.source}+`))
    .map((n) => n.trim())
    .filter((n) => n !== "");
}

/**
 * The owners an Owners cell names, as the Gods table spells them; undefined when the cell is
 * empty (the source pays by cards), none for "nobody", null when a name is wrong (reported on
 * the cell).
 */
function ownersOf(r: RowReader, gods: ReadonlyMap<string, { readonly name: string; readonly kind: string }> | undefined): readonly string[] | undefined | null {
  const text = r.has(SOURCES_OWNERS) ? r.text(SOURCES_OWNERS, false) : undefined;
  if (text === undefined) return undefined;
  const names = splitOwners(text);
  if (names.length === 0) return undefined;
  if (names.length === 1 && nameKey(names[0] as string) === nameKey(NOBODY) && gods?.has(nameKey(NOBODY)) !== true) return [];
  const owners: string[] = [];
  for (const name of names) {
    if (nameKey(name) === nameKey(DEMONS)) {
      owners.push(DEMONS);
      continue;
    }
    const god = gods?.get(nameKey(name));
    if (gods !== undefined && (god === undefined || god.kind === "demon")) {
      const known = [...gods.values()].filter((g) => g.kind !== "demon").map((g) => g.name);
      r.error(
        SOURCES_OWNERS,
        god === undefined
          ? `"${name}" is not in the Gods table.${didYouMean(name, known)} Owners are characters of the Gods table (or Demons), separated by commas.`
          : `${god.name} is a demon: a demon's mana goes to the Demons' pool, so name Demons as the owner.`,
      );
      return null;
    }
    const canonical = god?.name ?? name;
    if (owners.some((o) => nameKey(o) === nameKey(canonical))) {
      r.error(SOURCES_OWNERS, `${canonical} is named twice; each owner gets an equal share, so name each once.`);
      return null;
    }
    owners.push(canonical);
  }
  return owners;
}

export function readSources(
  reader: TableReader | undefined,
  flawed: Set<string>,
  gods?: ReadonlyMap<string, { readonly name: string; readonly kind: string }>,
): Sources {
  const sources: SourceRule[] = [];
  const byName = new Map<string, SourceRule>();
  const spheres = new Set<string>();
  const seen = new Set<string>();
  for (const r of reader?.rows() ?? []) {
    const sphere = r.text("Sphere");
    const source = r.text("Source");
    const timing = r.has("Timing") ? r.choice<Timing>("Timing", TIMINGS, "century-end") : "century-end";
    // An event pays per time it happens: its count is the number of times, so its basis may be left blank.
    const basis = r.has("Basis")
      ? r.choice<Basis>("Basis", BASES, timing === "event" ? "count" : undefined)
      : timing === "event"
        ? "count"
        : r.choice<Basis>("Basis", BASES, undefined);
    const rate = r.decimal("Rate", "a rate of mana, 0 or more");
    const flat = r.has("Flat") ? r.yesNo("Flat") : false;
    const where = r.has("Where") && r.text("Where", false) !== undefined ? r.choice<Where>("Where", WHERE, undefined) : null;
    const causeText = r.has("Cause") ? r.text("Cause", false) : undefined;
    const owners = ownersOf(r, gods);
    if (
      sphere === undefined ||
      source === undefined ||
      basis === undefined ||
      rate === undefined ||
      flat === undefined ||
      timing === undefined ||
      where === undefined ||
      owners === null
    ) {
      if (source !== undefined) flawed.add(nameKey(source));
      continue;
    }
    if (timing === "event" && basis !== "count") {
      r.error("Basis", `an event source pays each time its event happens, so its basis is count (or blank), not ${basis}.`);
      flawed.add(nameKey(source));
      continue;
    }
    if (timing === "era-end" && basis !== "count") {
      r.warn(
        "Basis",
        `an era-end source is counted from the Counts table of the era's last century, so its basis is count; this ${basis} source pays nothing at an era's end.`,
      );
    }
    if (where !== null && timing !== "event") r.warn("Where", `only an event source is placed in Heaven or on Earth; "${where}" is ignored here.`);
    const any = causeText === undefined || nameKey(causeText) === "any";
    const cause = basis === "deaths" && !any ? causeText : null;
    if (!any && basis !== "deaths") {
      r.warn("Cause", `a cause only matters for a deaths source; "${causeText}" is ignored for this ${basis} source.`);
    }
    const pair = `${nameKey(sphere)}\u0000${nameKey(source)}`;
    if (seen.has(pair)) {
      r.error("Source", `the sphere ${sphere} lists the source "${source}" twice.`);
      continue;
    }
    seen.add(pair);
    const rule: SourceRule = {
      sphere,
      source,
      basis,
      rate,
      flat,
      cause,
      timing,
      ...(timing === "event" && where !== null ? { where } : {}),
      ...(owners === undefined ? {} : { owners }),
    };
    const same = byName.get(nameKey(source));
    if (same !== undefined && (same.basis !== basis || nameKey(same.cause ?? "") !== nameKey(cause ?? "") || same.timing !== timing)) {
      r.error("Source", `"${source}" is also a source of ${same.sphere} with a different basis, cause or timing; give different sources different names.`);
      continue;
    }
    if (same === undefined) byName.set(nameKey(source), rule);
    sources.push(rule);
    spheres.add(nameKey(sphere));
  }
  return { sources, byName, spheres };
}
