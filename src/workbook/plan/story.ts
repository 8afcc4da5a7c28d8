/**
 * The campaign's story, written with every century end that pays: the Campaign History sheet gains the
 * century's races (units, cities, great cities, strength, turmoil) and each recipient's mana in
 * it (earned and paid, from the Ledger, every credit of the century), and the Charts sheet draws
 * two lines from it: the mana each recipient earned per century, and each race's strength.
 *
 * The rows of earlier centuries are carried over as they were read: a race's numbers when its
 * century ended cannot be worked out again from today's Races table. A recipient's mana in an
 * earlier century is the Ledger's, which gains an era's end after its last century has ended.
 * Ending the latest century again replaces its own rows.
 */
import { toNumber } from "../../engine/exact";
import { nameKey } from "../../engine/names";
import { populationStrength } from "../../engine/population";
import { HISTORY_HEADERS, STORY_SHEETS } from "../model/schema";
import { earnedIn } from "../read/credits";
import { historyNumber, type HistoryRow } from "../read/history";
import type { Account, Campaign, LedgerRow } from "../read/types";
import type { CellArea, ChartPlan, PlanCell, SheetPlan } from "./layout";
import { cell, heading, SheetBuilder } from "./worksheets";

/** The kinds of History row. */
export const HISTORY_KIND = { race: "race", recipient: "mana" } as const;

/** Charts draw at most this many lines each: the largest; more would be a tangle nobody can read. */
export const MOST_LINES = 12;

/** Where a History row's Earned is: Paid follows it. */
const EARNED = HISTORY_HEADERS.indexOf("Earned (net)");

/** How each History column looks. */
const LOOKS = ["integer", "text", "text", "integer", "integer", "integer", "integer", "text", "mana", "integer"] as const;

/** A History row as it was read, looking as it did. */
function carried(row: HistoryRow): PlanCell[] {
  // Excel answers an empty cell with "": it stays empty.
  return row.cells.map((v, i) => cell((typeof v === "object" && v !== null) || v === "" ? null : v, LOOKS[i]));
}

/** An account's credits by century, made once per account however many History rows ask. */
const BY_CENTURY = new WeakMap<readonly LedgerRow[], Map<number, LedgerRow[]>>();
function ofCentury(entries: readonly LedgerRow[], century: number): readonly LedgerRow[] {
  let by = BY_CENTURY.get(entries);
  if (by === undefined) {
    by = new Map();
    for (const e of entries) {
      const list = by.get(e.century);
      if (list === undefined) by.set(e.century, [e]);
      else list.push(e);
    }
    BY_CENTURY.set(entries, by);
  }
  return by.get(century) ?? [];
}

/** A century's earned and paid for one recipient, from its account: every credit of the century, in the History's cells. */
function manaCells(entries: readonly LedgerRow[], century: number): [PlanCell, PlanCell] {
  const credits = ofCentury(entries, century);
  const paid = credits.reduce((s, e) => s + e.paid, 0);
  return [cell(toNumber(earnedIn(credits, century)), "mana"), cell(paid, "integer")];
}

/**
 * An earlier century's row carried over: a race as it was written; a recipient's mana as the
 * Ledger now holds that century (an era's end is credited after its last century has ended), or
 * as written when its account is gone.
 */
function carriedOver(row: HistoryRow, accounts: ReadonlyMap<string, Account>): PlanCell[] {
  const cells = carried(row);
  const account = row.kind === HISTORY_KIND.recipient ? accounts.get(nameKey(row.name)) : undefined;
  if (account === undefined) return cells;
  const [earned, paid] = manaCells(account.entries, row.century);
  return [...cells.slice(0, EARNED), earned, paid];
}

/** The History's rows for a century that has just ended: every race, then every recipient's mana in it. */
function centuryRows(campaign: Campaign, accounts: ReadonlyMap<string, Account>, recipients: readonly string[], century: number): PlanCell[][] {
  const races = campaign.races.map((r) => [
    cell(century, "integer"),
    cell(HISTORY_KIND.race, "text"),
    cell(r.race, "text"),
    cell(r.units, "integer"),
    cell(r.cities, "integer"),
    cell(r.greatCities, "integer"),
    cell(populationStrength(r.units, r.cities, r.greatCities), "integer"),
    cell(r.turmoil ? "yes" : "no", "text"),
    cell(null, "text"),
    cell(null, "text"),
  ]);
  const mana = recipients.map((god) => {
    const entries = accounts.get(nameKey(god))?.entries ?? [];
    return [
      cell(century, "integer"),
      cell(HISTORY_KIND.recipient, "text"),
      cell(god, "text"),
      ...[null, null, null, null, null].map(() => cell(null, "text")),
      ...manaCells(entries, century),
    ];
  });
  return [...races, ...mana];
}

/** The History after `century` ended: the earlier centuries' rows as read, then this one's. */
function historySheet(past: readonly PlanCell[][], now: readonly PlanCell[][], century: number): SheetPlan {
  const b = new SheetBuilder();
  // The same words every century, so that the rows above the new century stay as they are.
  heading(b, STORY_SHEETS.history, "The Earth and the mana book at the end of each century, the latest last.");
  const header = b.headers(...HISTORY_HEADERS);
  for (const row of [...past, ...now]) b.add(...row);
  b.blank();
  b.add(cell(`A "${HISTORY_KIND.race}" row: a race as its century ended.`, "note"));
  b.add(cell("Strength: the units, with 3 more for each city and 6 for each great city.", "note"));
  b.add(cell(`A "${HISTORY_KIND.recipient}" row: a character's credits in the century (its end, events, era's end).`, "note"));
  b.add(cell("Earned (net): earned in the century, less the mana lost.", "note"));
  b.add(cell("Rows of earlier centuries stay as they were written.", "note"));
  return b.sheet(STORY_SHEETS.history, [8, 6, 18, 6, 6, 11, 8, 8, 12, 6], `Century ${century}`, header);
}

interface Series {
  readonly name: string;
  /** by century */
  readonly values: ReadonlyMap<number, number>;
}

/** One number per name and century from the History's rows of one kind, the largest lines first. */
function seriesOf(rows: readonly HistoryRow[], kind: string, column: "Strength" | "Earned (net)"): Series[] {
  const byName = new Map<string, { name: string; values: Map<number, number> }>();
  for (const r of rows) {
    const value = historyNumber(r, column);
    if (r.kind !== kind || value === undefined || r.name === "") continue;
    const key = nameKey(r.name);
    const s = byName.get(key) ?? { name: r.name, values: new Map<number, number>() };
    s.values.set(r.century, value);
    byName.set(key, s);
  }
  const weight = (s: Series) => [...s.values.values()].reduce((a, v) => a + v, 0);
  return [...byName.values()].sort((a, b) => weight(b) - weight(a));
}

/** The mana chart's title: each character's credits of a century, earned less lost (a debit can take it below 0). */
export const NET_MANA_TITLE = "Net mana per century, earned less lost";

/** Rows of the chart part laid out on the sheet. */
const CHART_ROWS = 18;
const CHARTS_WIDTHS = [10, 10, 10, 10, 10, 10, 10, 10];

/**
 * The Charts sheet: two charts on top (what prints), the numbers they draw under them. It is
 * printed with the session packet, so its footer names the century in play as the packet's pages do.
 */
function chartsSheet(rows: readonly HistoryRow[], century: number, inPlay: number): SheetPlan {
  const b = new SheetBuilder();
  heading(b, STORY_SHEETS.charts, `Century by century up to century ${century}, from the ${STORY_SHEETS.history} sheet.`);
  const first = b.next;
  // Only the lines drawn: every number is on the Campaign History sheet.
  const blocks: { title: string; series: Series[]; unit: string }[] = [
    // A History row's Earned is what the century's credits earned less what its debits took: it can be below 0.
    { title: NET_MANA_TITLE, series: seriesOf(rows, HISTORY_KIND.recipient, "Earned (net)"), unit: "mana" },
    { title: "Strength of each race per century", series: seriesOf(rows, HISTORY_KIND.race, "Strength"), unit: "strength" },
  ];
  // The charts' places, one under the other, with a blank row between.
  const places: CellArea[] = blocks.map((_, i) => ({
    top: first + i * (CHART_ROWS + 1),
    left: 1,
    bottom: first + i * (CHART_ROWS + 1) + CHART_ROWS - 1,
    right: CHARTS_WIDTHS.length,
  }));
  const printed = (places[places.length - 1]?.bottom ?? first) + 1;
  while (b.next <= printed) b.blank();
  b.add(cell("The numbers the charts draw:", "section"));
  const centuries = [...new Set(rows.map((r) => r.century))].sort((x, y) => x - y);
  const charts: ChartPlan[] = [];
  for (const [i, block] of blocks.entries()) {
    b.blank();
    const drawn = block.series.slice(0, MOST_LINES);
    const more = block.series.length - drawn.length;
    const title = more > 0 ? `${block.title} (the ${drawn.length} largest of ${block.series.length})` : block.title;
    b.add(cell(title, "section"));
    const top = b.headers("Century", ...drawn.map((s) => s.name));
    for (const c of centuries) b.add(cell(`C${c}`, "text"), ...drawn.map((s) => cell(s.values.get(c) ?? null, block.unit === "mana" ? "mana" : "integer")));
    const place = places[i];
    if (drawn.length > 0 && centuries.length > 0 && place !== undefined)
      charts.push({ title, data: { top, left: 1, bottom: top + centuries.length, right: 1 + drawn.length }, at: place });
  }
  const sheet = b.sheet(STORY_SHEETS.charts, CHARTS_WIDTHS, `Century ${inPlay} in play`, 2);
  return { ...sheet, printedRows: printed, charts };
}

/** A History row from its cells as planned. */
function asRow(cells: readonly PlanCell[], century: number): HistoryRow {
  const values = cells.map((x) => x.value);
  return { century, kind: String(values[1]), name: String(values[2]), cells: values };
}

/**
 * The History and Charts sheets once `century` has ended: `past` is the History as read, the
 * accounts are the Ledger's after the century end's credits.
 */
export function storySheets(
  campaign: Campaign,
  accounts: ReadonlyMap<string, Account>,
  recipients: readonly string[],
  century: number,
  past: readonly HistoryRow[],
): SheetPlan[] {
  const kept = past.filter((r) => r.century < century).map((r) => ({ row: r, cells: carriedOver(r, accounts) }));
  const now = centuryRows(campaign, accounts, recipients, century);
  const history = historySheet(
    kept.map((k) => k.cells),
    now,
    century,
  );
  return [history, chartsSheet([...kept.map((k) => asRow(k.cells, k.row.century)), ...now.map((cells) => asRow(cells, century))], century, century + 1)];
}

/**
 * The Charts sheet as the Campaign History stands (the session packet draws it again with the
 * other sheets it prints); undefined before the first century end has written a history.
 */
export function chartsOfHistory(history: readonly HistoryRow[], accounts: ReadonlyMap<string, Account>, inPlay: number): SheetPlan | undefined {
  const latest = Math.max(0, ...history.map((r) => r.century));
  // Each character's mana as the Ledger holds it now (an era's end may have come since).
  return latest === 0
    ? undefined
    : chartsSheet(
        history.map((r) => asRow(carriedOver(r, accounts), r.century)),
        latest,
        inPlay,
      );
}

/**
 * The History and Charts as they stand, with a character renamed in them: its rows of mana take
 * the new name, so that its line in the Charts stays one line.
 */
export function renamedStory(history: readonly HistoryRow[], accounts: ReadonlyMap<string, Account>, from: string, to: string, inPlay: number): SheetPlan[] {
  const latest = Math.max(0, ...history.map((r) => r.century));
  if (latest === 0) return [];
  const name = HISTORY_HEADERS.indexOf("Name");
  const renamed = history.map((r) =>
    r.kind === HISTORY_KIND.recipient && nameKey(r.name) === nameKey(from) ? { ...r, name: to, cells: r.cells.map((c, i) => (i === name ? to : c)) } : r,
  );
  const rows = renamed.map((r) => ({ row: r, cells: carriedOver(r, accounts) }));
  return [
    historySheet(
      rows.map((k) => k.cells),
      [],
      latest,
    ),
    chartsSheet(
      rows.map((k) => asRow(k.cells, k.row.century)),
      latest,
      inPlay,
    ),
  ];
}
