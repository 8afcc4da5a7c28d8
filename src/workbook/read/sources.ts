/** The Sources table: each sphere's mana sources, their basis, rate and timing. */
import { BASES, TIMINGS, WHERE, type Basis, type SourceRule, type Timing, type Where } from "../../engine/century";
import { nameKey } from "../../engine/names";
import type { TableReader } from "../model/tableReader";

export interface Sources {
  readonly sources: SourceRule[];
  /** the first rule of each source name, by name key */
  readonly byName: ReadonlyMap<string, SourceRule>;
  /** name keys of the spheres that have a source */
  readonly spheres: ReadonlySet<string>;
}

export function readSources(reader: TableReader | undefined, flawed: Set<string>): Sources {
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
    if (
      sphere === undefined ||
      source === undefined ||
      basis === undefined ||
      rate === undefined ||
      flat === undefined ||
      timing === undefined ||
      where === undefined
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
    const rule: SourceRule = { sphere, source, basis, rate, flat, cause, timing, ...(timing === "event" && where !== null ? { where } : {}) };
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
