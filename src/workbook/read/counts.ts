/** The Counts table: the count of each count-basis source, century by century. */
import type { SourceRule } from "../../engine/century";
import { didYouMean, nameKey } from "../../engine/names";
import type { TableReader } from "../model/tableReader";
import type { Count } from "./types";

export function readCounts(reader: TableReader | undefined, sources: ReadonlyMap<string, SourceRule> | undefined, flawedSources: ReadonlySet<string>): Count[] {
  const counts: Count[] = [];
  const seen = new Set<string>();
  for (const r of reader?.rows() ?? []) {
    // Century 0: the counts at the end of Era Aleph, before the first century, for its era's end.
    const century = r.whole("Century", { min: 0, what: "a century number, 1 or more (0 for Era Aleph's end)" });
    const sourceName = r.text("Source");
    const count = r.decimal("Count", "a count, 0 or more");
    if (century === undefined || sourceName === undefined || count === undefined) continue;
    const source = sources?.get(nameKey(sourceName));
    if (source === undefined) {
      if (sources !== undefined && !flawedSources.has(nameKey(sourceName)))
        r.error(
          "Source",
          `"${sourceName}" is not a source in the Sources table.${didYouMean(
            sourceName,
            [...sources.values()].filter((x) => x.basis === "count").map((x) => x.source),
          )}`,
        );
      continue;
    }
    if (source.basis !== "count") {
      r.error("Source", `"${source.source}" is a ${source.basis} source; only count sources take a count here.`);
      continue;
    }
    const pair = `${century}\u0000${nameKey(source.source)}`;
    if (seen.has(pair)) {
      r.error("Source", `"${source.source}" has two counts for century ${century}.`);
      continue;
    }
    seen.add(pair);
    counts.push({ century, source: source.source, count });
  }
  return counts;
}
