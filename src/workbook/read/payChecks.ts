/**
 * What would make a payment wrong without being an error in any one cell: a table the sources
 * need that is missing (or renamed), deaths under a misspelt cause, a count that is missing,
 * deaths typed for a century after it was paid, centuries skipped at the campaign's start. Each
 * is found before anything is written and named by its row; those that only change what someone
 * is paid are warnings marked `changesPay`, which stop the write until the gamemaster accepts them.
 */
import { didYouMean, editDistance, nameKey, nearNames } from "../../engine/names";
import { tableError, payWarning, type Problem } from "../model/problems";
import type { RawCell } from "../model/raw";
import { COUNTS, DEATHS, GENERATED_SHEET, INPUT_TABLES } from "../model/schema";
import { addressIn } from "../model/tableReader";
import { rowList } from "../model/shown";
import type { Campaign, Death } from "./types";

export { rowList };

const key = nameKey;

/**
 * Every sheet whose name looks like a missing table's ("Death Log" or "Deaths C1" for Deaths,
 * "counts 2" for Counts), in the workbook's order.
 */
export function lookAlikes(table: string, sheetNames: readonly string[]): string[] {
  const want = key(table);
  const stem = want.replace(/s$/, "");
  // (The add-in's own sheets, "C1 Death Worksheet" among them, are never a renamed input table.)
  return sheetNames.filter((name) => {
    const k = key(name);
    return k !== want && !GENERATED_SHEET.test(name) && (k.includes(stem) || editDistance(k, want) <= 2);
  });
}

/**
 * A sheet named with a century ("Deaths C1", "C3 Deaths", "Counts 2"): one of a gamemaster's
 * sheets kept one per century, which no rename turns into the campaign's table (it has no
 * Century column, and the other centuries' sheets would be left out).
 */
const PER_CENTURY = /(^|[^\p{L}\p{N}])(c|century\s*)?\d+([^\p{L}\p{N}]|$)/iu;

/** The columns of a table, for a message: "Century, Cause, Units, Race, Note". */
const columnsOf = (table: string): string => (INPUT_TABLES.find((t) => t.name === table)?.columns ?? []).map((c) => c.header).join(", ");

/**
 * What to do about a campaign table the workbook lacks: add it (the command line's gods init and
 * the pane's set-up add only the tables missing); and where sheets look like it, what makes them
 * count. Renaming is advised only where it works: one sheet, kept with the table's own columns
 * under headers in row 1. Sheets kept one per century (Deaths, Counts) are never advised a rename.
 */
export function missingTableAdvice(table: string, sheetNames: readonly string[]): string {
  const byCentury = table === DEATHS.name || table === COUNTS.name;
  const rows = table === DEATHS.name ? "deaths" : table === COUNTS.name ? "counts" : "rows";
  const adding = "gods init FILE adds the tables a workbook lacks, or Add the missing tables in the pane";
  const like = lookAlikes(table, sheetNames);
  if (like.length === 0)
    return byCentury ? ` Add a ${table} table, even with no rows yet (${adding}).` : ` Add a ${table} table (${adding}) and fill in its rows.`;
  const add = `add an empty ${table} table (${adding}) and type the ${rows} in it${byCentury ? ", each row with its Century" : ""}`;
  const named = like.slice(0, 4).map((n) => `"${n}"`);
  const list =
    named.length === 1
      ? (named[0] as string)
      : `${named.slice(0, -1).join(", ")} and ${named.at(-1) as string}${like.length > 4 ? ` (and ${like.length - 4} more)` : ""}`;
  if (byCentury && (like.length > 1 || PER_CENTURY.test(like[0] as string))) {
    return ` ${like.length === 1 ? `The sheet ${list} looks` : `The sheets ${list} look`} like ${rows} kept by hand, a sheet per century, which no rename makes the ${table} table: gods adopt brings such sheets into the campaign's tables and leaves them as they are (see docs/adopt.md). Or ${add}.`;
  }
  const which = like.length === 1 ? `The sheet ${list} looks like it: if it holds` : `The sheets ${list} look like it: if one of them holds`;
  return ` ${which} the ${table} table's columns (${columnsOf(table)}) with their headers in row 1, rename it ${table}. If it is kept otherwise (a title over the headers, merged headers, a totals row), gods adopt brings it into the campaign's tables and leaves it as it is (see docs/adopt.md); or ${add}.`;
}

/** The tables a credit's sources need: a missing one is an error, since every such source would count 0. */
export function neededTables(campaign: Campaign, sheetNames: readonly string[], timing: "century-end" | "era-end"): Problem[] {
  const problems: Problem[] = [];
  const sources = campaign.sources.filter((s) => s.timing === timing);
  const need = (table: string, basis: string, what: string) => {
    const users = sources.filter((s) => s.basis === basis);
    if (users.length === 0 || !campaign.missingTables.includes(table)) return;
    const named = [...new Set(users.map((s) => s.source))].slice(0, 4).join(", ");
    problems.push(
      tableError(
        table,
        `the workbook has no table or sheet named ${table}, so every source that counts ${what} (${named}) would count 0.` +
          missingTableAdvice(table, sheetNames),
      ),
    );
  };
  need(DEATHS.name, "deaths", "deaths");
  need(COUNTS.name, "count", "a count");
  return problems;
}

/**
 * Deaths of `century` logged under a cause no source names: a misspelling of a named cause
 * ("watr" for "water") takes them from that cause's sources; a cause that nothing counts at all
 * (no source counts every death) loses them to everyone.
 */
export function causeProblems(campaign: Campaign, century: number): Problem[] {
  const named = campaign.sources.filter((s) => s.basis === "deaths" && s.timing === "century-end");
  if (named.length === 0) return [];
  const causes = [
    ...new Map(named.filter((s) => s.cause !== null && key(s.cause) !== "any").map((s) => [key(s.cause as string), (s.cause as string).trim()])).values(),
  ];
  const countsAll = named.some((s) => s.cause === null || key(s.cause) === "any");
  const known = new Set(causes.map(key));
  const strays = new Map<string, Death[]>();
  for (const d of campaign.deaths) {
    if (d.century !== century || known.has(key(d.cause)) || d.units === 0) continue;
    const list = strays.get(key(d.cause));
    if (list === undefined) strays.set(key(d.cause), [d]);
    else list.push(d);
  }
  const problems: Problem[] = [];
  const table = campaign.found.find((f) => f.table === DEATHS.name);
  for (const rows of strays.values()) {
    const first = rows[0] as Death;
    const hint = didYouMean(first.cause, causes);
    const near = nearNames(first.cause, causes);
    if (hint === "" && countsAll) continue; // a cause of its own, counted by the sources of every death
    const units = rows.reduce((s, d) => s + d.units, 0);
    const where = `${units} deaths in century ${century} logged as "${first.cause.trim()}"${rows.length > 1 ? ` (${rowList(rows.map((d) => d.row))})` : ""}`;
    problems.push(
      payWarning(
        DEATHS.name,
        hint !== ""
          ? `${where} are not counted by the sources of that cause.${hint} Correct the cause if it is a misspelling.`
          : `${where} are counted by no source (the causes the sources count: ${causes.join(", ")}). Correct the cause if it is a misspelling.`,
        {
          column: "Cause",
          row: first.row,
          ...(table === undefined ? {} : { address: addressIn(table.raw, first.row, "Cause") }),
          ...(near.length === 1 && near[0] !== undefined ? { suggestion: { table: DEATHS.name, from: first.cause, to: near[0] } } : {}),
        },
      ),
    );
  }
  return problems;
}

/** Count sources of `timing` with no count for `century`: each counts 0, and is marked on the worksheet. */
export function missingCounts(campaign: Campaign, century: number, timing: "century-end" | "era-end"): Problem[] {
  if (campaign.missingTables.includes(COUNTS.name)) return []; // an error of its own (neededTables)
  const problems: Problem[] = [];
  const warned = new Set<string>();
  for (const s of campaign.sources) {
    if (s.basis !== "count" || s.timing !== timing || warned.has(key(s.source))) continue;
    if (campaign.counts.some((c) => c.century === century && key(c.source) === key(s.source))) continue;
    warned.add(key(s.source));
    problems.push(
      payWarning(
        COUNTS.name,
        `"${s.source}" has no count for century ${century}, so it counts 0 for everyone who draws on it; add a Counts row (Century ${century}, Source ${s.source}, Count), or accept 0.`,
      ),
    );
  }
  return problems;
}

/**
 * The units a paid century's Death Worksheet counted, by cause key, read from its cells (the
 * rows between its "Cause | Units" header and "All deaths"); undefined when the sheet is not one
 * the add-in wrote.
 */
export function countedDeaths(cells: readonly (readonly RawCell[])[]): Map<string, number> | undefined {
  const start = cells.findIndex((r) => typeof r[0] === "string" && key(r[0]) === "cause" && typeof r[1] === "string" && key(r[1]) === "units");
  if (start < 0) return undefined;
  const counted = new Map<string, number>();
  for (const r of cells.slice(start + 1)) {
    const [cause, units] = r;
    if (typeof cause !== "string") continue;
    if (key(cause) === "all deaths") return counted;
    if (typeof units !== "number") return undefined;
    counted.set(key(cause), (counted.get(key(cause)) ?? 0) + units);
  }
  return undefined;
}

/**
 * Deaths of a paid century that its Death Worksheet did not count (typed after it was paid, or
 * changed since): they would never be paid. Named by row, with the way out: move them to
 * `moveTo` (the century being ended, or the one in play). `recalculating` is the century being
 * calculated, whose rows are counted now.
 */
export function lateDeaths(campaign: Campaign, moveTo: number, recalculating?: number): Problem[] {
  const problems: Problem[] = [];
  const table = campaign.found.find((f) => f.table === DEATHS.name);
  const latest = Math.max(0, ...campaign.ledger.filter((r) => r.kind === "century-end").map((r) => r.century));
  for (const [century, counted] of campaign.counted) {
    if (century === recalculating || century >= moveTo) continue;
    const logged = new Map<string, Death[]>();
    for (const d of campaign.deaths) {
      if (d.century !== century) continue;
      const list = logged.get(key(d.cause));
      if (list === undefined) logged.set(key(d.cause), [d]);
      else list.push(d);
    }
    for (const [causeKey, rows] of logged) {
      const now = rows.reduce((s, d) => s + d.units, 0);
      const then = counted.get(causeKey) ?? 0;
      if (now === then) continue;
      const first = rows[0] as Death;
      const creditedSince = campaign.ledger.some((r) => r.century > century || (r.century === century && r.kind === "era-end"));
      const again = century === latest && !creditedSince ? ` calculate century ${century} again (allowed while nothing was credited after it)` : "";
      const rowsOf = `the Deaths ${rowList(rows.map((d) => d.row))}`;
      const cause = first.cause.trim();
      problems.push(
        payWarning(
          DEATHS.name,
          now > then
            ? `${rowsOf} log${rows.length === 1 ? "s" : ""} ${now} ${cause} deaths for century ${century}, but only ${then} were counted when century ${century} was paid: ${now - then} were logged after it and were never paid. Move the late rows to century ${moveTo}, to be paid with it${again === "" ? "" : `, or${again}`}.`
            : `${rowsOf} log${rows.length === 1 ? "s" : ""} ${now} ${cause} deaths for century ${century}, but ${then} were counted when century ${century} was paid: rows were changed or deleted after it was paid. Put them back as they were${again === "" ? "" : `, or${again}`}.`,
          { column: "Century", row: first.row, ...(table === undefined ? {} : { address: addressIn(table.raw, first.row, "Century") }) },
        ),
      );
    }
    const gone = [...counted].filter(([cause, units]) => units > 0 && !logged.has(cause)).map(([cause]) => cause);
    if (gone.length > 0) {
      problems.push(
        payWarning(
          DEATHS.name,
          `the deaths counted for century ${century} under ${gone.map((c) => `"${c}"`).join(", ")} are no longer in the Deaths table: rows were deleted or re-dated after century ${century} was paid. Put them back as they were.`,
        ),
      );
    }
  }
  return problems;
}

/**
 * Deaths or counts logged for centuries before the first century end: starting at a later
 * century would leave them unpaid for good, unless the campaign really starts mid-game.
 */
export function earlierUnpaid(campaign: Campaign, century: number): Problem | undefined {
  // Century 0's counts are Era Aleph's end, credited on its own: no century end pays them.
  const early = [...new Set([...campaign.deaths.map((d) => d.century), ...campaign.counts.map((c) => c.century)].filter((c) => c >= 1 && c < century))].sort(
    (a, b) => a - b,
  );
  const first = early[0];
  const last = early[early.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const list = early.length === 1 ? `century ${first}` : `centuries ${early.slice(0, -1).join(", ")} and ${last}`;
  return tableError(
    DEATHS.name,
    `century ${century} would be the campaign's first century end, but the Deaths or Counts table has rows for ${list}, which would then never be paid. End century ${first} first; or, if the campaign really starts at century ${century} and those rows are history, say so with gods century-end --first-century.`,
  );
}
