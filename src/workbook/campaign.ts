/**
 * Reads and validates a whole campaign: every input table, every cross-reference between them,
 * and the century to calculate. Every problem is listed at once; nothing is written while any
 * error remains.
 */
import { add, cmp, div, parseDecimal, toNumber, ZERO, type Ratio } from "../engine/exact";
import {
  ATHEISM,
  BASES,
  DIABOLISM,
  DEMONS,
  TIMINGS,
  type Basis,
  type CardHolding,
  type PantheonShare,
  type RaceState,
  type SourceRule,
  type Timing,
  nameKey,
} from "../engine/century";
import { cellAddress, type RawTable, type RawWorkbook } from "./raw";
import type { Problem } from "./problems";
import { INPUT_TABLES, LEDGER, normalizeHeader, type TableSpec } from "./schema";
import { TableReader } from "./tableReader";

export const GOD_KINDS = ["greater", "lesser", "spirit", "demon"] as const;
export type GodKind = (typeof GOD_KINDS)[number];

export interface God {
  readonly name: string;
  readonly kind: GodKind;
}

export interface Race extends RaceState {
  readonly culture: string | null;
}

export interface Death {
  readonly century: number;
  readonly cause: string;
  readonly units: number;
  readonly race: string | null;
  /** the sheet row it sits in, for messages */
  readonly row?: number;
}

export interface Count {
  readonly century: number;
  readonly source: string;
  readonly count: Ratio;
}

export interface LedgerRow {
  readonly century: number;
  readonly god: string;
  readonly earned: number;
  readonly paid: number;
  readonly carry: Ratio;
}

/** Where an input table was found, for the task pane's summary. */
export interface FoundTable {
  readonly table: string;
  readonly sheet: string;
  readonly isTable: boolean;
  readonly rows: number;
}

export interface Campaign {
  readonly gods: readonly God[];
  readonly cards: readonly CardHolding[];
  readonly sources: readonly SourceRule[];
  readonly races: readonly Race[];
  readonly pantheon: readonly PantheonShare[];
  readonly deaths: readonly Death[];
  readonly counts: readonly Count[];
  readonly ledger: readonly LedgerRow[];
  readonly found: readonly FoundTable[];
  readonly missingTables: readonly string[];
  /** The address of a cell of an input table, like Deaths!A7, to show a problem. */
  readonly locate: (table: string, row: number, column: string) => string | undefined;
}

const RESERVED = [DEMONS, DIABOLISM, ATHEISM];
const key = nameKey;

function find(raw: RawWorkbook, spec: TableSpec): RawTable | undefined {
  return raw.tables.get(spec.name.toLowerCase());
}

/** Reads every input table and checks them against each other. */
export function readCampaign(raw: RawWorkbook): { campaign: Campaign; problems: Problem[] } {
  const problems: Problem[] = [];
  const found: FoundTable[] = [];
  const missingTables: string[] = [];
  const readers = new Map<string, TableReader>();
  for (const spec of [...INPUT_TABLES, LEDGER]) {
    const t = find(raw, spec);
    if (t === undefined) {
      if (spec !== LEDGER && spec.name !== "Counts" && spec.name !== "Deaths") {
        problems.push({ severity: "error", table: spec.name, message: `the workbook has no table or sheet named ${spec.name}.` });
      }
      missingTables.push(spec.name);
      continue;
    }
    const reader = new TableReader(t, spec, problems);
    found.push({ table: spec.name, sheet: t.sheet, isTable: t.isTable, rows: t.rows.length });
    if (reader.ok) readers.set(spec.name, reader);
  }

  // Gods
  const gods: God[] = [];
  const godByKey = new Map<string, God>();
  // Names of rows that have a problem of their own: other tables may refer to them without a second complaint.
  const flawed = new Set<string>();
  for (const r of readers.get("Gods")?.rows() ?? []) {
    const name = r.text("God");
    const kind = r.choice("Kind", GOD_KINDS, "greater");
    if (name !== undefined && kind === undefined) flawed.add(key(name));
    if (name === undefined || kind === undefined) continue;
    if (RESERVED.some((x) => key(x) === key(name))) {
      r.error("God", `"${name}" is a reserved name (the demons' pool Demons, and the pantheon members Diabolism and Atheism need no row).`);
      continue;
    }
    if (godByKey.has(key(name))) {
      r.error("God", `"${name}" appears twice in the Gods table.`);
      continue;
    }
    const god = { name, kind };
    gods.push(god);
    godByKey.set(key(name), god);
  }
  const gotGods = readers.has("Gods");

  // Sources
  const sources: SourceRule[] = [];
  const sourceByKey = new Map<string, SourceRule>();
  const spheres = new Set<string>();
  const seenSphereSource = new Set<string>();
  for (const r of readers.get("Sources")?.rows() ?? []) {
    const sphere = r.text("Sphere");
    const source = r.text("Source");
    const basis = r.choice<Basis>("Basis", BASES, undefined);
    const rate = r.decimal("Rate", "a rate of mana, 0 or more");
    const flat = r.has("Flat") ? r.yesNo("Flat") : false;
    const timing = r.has("Timing") ? r.choice<Timing>("Timing", TIMINGS, "century-end") : "century-end";
    const causeText = r.has("Cause") ? r.text("Cause", false) : undefined;
    if (source !== undefined && (sphere === undefined || basis === undefined || rate === undefined || flat === undefined || timing === undefined)) flawed.add(key(source));
    if (sphere === undefined || source === undefined || basis === undefined || rate === undefined || flat === undefined || timing === undefined) continue;
    const cause = basis === "deaths" && causeText !== undefined && key(causeText) !== "any" ? causeText : null;
    if (causeText !== undefined && basis !== "deaths" && key(causeText) !== "any") {
      r.warn("Cause", `a cause only matters for a deaths source; "${causeText}" is ignored for this ${basis} source.`);
    }
    const pair = `${key(sphere)}\u0000${key(source)}`;
    if (seenSphereSource.has(pair)) {
      r.error("Source", `the sphere ${sphere} lists the source "${source}" twice.`);
      continue;
    }
    seenSphereSource.add(pair);
    const rule: SourceRule = { sphere, source, basis, rate, flat, cause, timing };
    const same = sourceByKey.get(key(source));
    if (same !== undefined && (same.basis !== basis || key(same.cause ?? "") !== key(cause ?? "") || same.timing !== timing)) {
      r.error(
        "Source",
        `"${source}" is also a source of ${same.sphere} with a different basis, cause or timing; give different sources different names.`,
      );
      continue;
    }
    if (same === undefined) sourceByKey.set(key(source), rule);
    sources.push(rule);
    spheres.add(key(sphere));
  }

  // Cards
  const cards: CardHolding[] = [];
  const seenCards = new Set<string>();
  const godsWithCards = new Set<string>();
  for (const r of readers.get("Cards")?.rows() ?? []) {
    const godName = r.text("God");
    const sphere = r.text("Sphere");
    const n = r.whole("Cards", { what: "a whole number of cards, 0 or more" });
    if (godName === undefined || sphere === undefined || n === undefined) continue;
    const isDemons = key(godName) === key(DEMONS);
    const god = godByKey.get(key(godName));
    if (!isDemons && god === undefined) {
      if (gotGods && !flawed.has(key(godName))) r.error("God", `"${godName}" is not in the Gods table.`);
      continue;
    }
    if (god?.kind === "demon") {
      r.warn("God", `${god.name} is a demon: demons draw mana together as Demons, so these cards earn nothing; give them to Demons.`);
      continue;
    }
    const canonical = isDemons ? DEMONS : (god as God).name;
    const pair = `${key(canonical)}\u0000${key(sphere)}`;
    if (seenCards.has(pair)) {
      r.error("Sphere", `${canonical} has two rows for the sphere ${sphere}; add them up in one row.`);
      continue;
    }
    seenCards.add(pair);
    if (readers.has("Sources") && !spheres.has(key(sphere))) {
      r.warn("Sphere", `the sphere "${sphere}" has no row in the Sources table, so its cards earn no mana.`);
    }
    if (n > 0) godsWithCards.add(key(canonical));
    cards.push({ god: canonical, sphere, cards: n });
  }
  if (readers.has("Cards")) {
    for (const g of gods) {
      if (g.kind !== "demon" && !godsWithCards.has(key(g.name))) {
        problems.push({ severity: "warning", table: "Cards", message: `${g.name} holds no cards, so earns no mana this century.` });
      }
    }
  }

  // Races
  const races: Race[] = [];
  const raceByKey = new Map<string, Race>();
  for (const r of readers.get("Races")?.rows() ?? []) {
    const name = r.text("Race");
    const units = r.whole("Units", { what: "a whole number of units, 0 or more" });
    const cities = r.has("Cities") ? r.whole("Cities", { required: false, what: "a whole number of cities, 0 or more" }) : 0;
    const greatCities = r.has("Great Cities") ? r.whole("Great Cities", { required: false, what: "a whole number of great cities, 0 or more" }) : 0;
    const turmoil = r.has("Turmoil") ? r.yesNo("Turmoil") : false;
    const culture = r.has("Culture") ? (r.text("Culture", false) ?? null) : null;
    if (name !== undefined && (units === undefined || cities === undefined || greatCities === undefined || turmoil === undefined)) flawed.add(key(name));
    if (name === undefined || units === undefined || cities === undefined || greatCities === undefined || turmoil === undefined) continue;
    if (raceByKey.has(key(name))) {
      r.error("Race", `"${name}" appears twice in the Races table.`);
      continue;
    }
    const race = { race: name, units, cities, greatCities, turmoil, culture };
    races.push(race);
    raceByKey.set(key(name), race);
  }

  // Pantheon
  const pantheon: PantheonShare[] = [];
  const pantheonReader = readers.get("Pantheon");
  const byRace = new Map<string, { race: Race; rows: { member: string; share: Ratio; row: number }[] }>();
  // Races that lost a pantheon row to a problem of its own: their sum would mislead.
  const incomplete = new Set<string>();
  for (const r of pantheonReader?.rows() ?? []) {
    const raceName = r.text("Race");
    const memberName = r.text("Member");
    const share = r.decimal("Share", "a share such as 40 or 40%");
    if (raceName === undefined || memberName === undefined || share === undefined) {
      if (raceName !== undefined) incomplete.add(key(raceName));
      continue;
    }
    const race = raceByKey.get(key(raceName));
    if (race === undefined) {
      if (readers.has("Races") && !flawed.has(key(raceName))) r.error("Race", `"${raceName}" is not in the Races table.`);
      continue;
    }
    const special = [DIABOLISM, ATHEISM].find((x) => key(x) === key(memberName));
    const god = godByKey.get(key(memberName));
    if (special === undefined && god === undefined) {
      if (gotGods && !flawed.has(key(memberName))) r.error("Member", `"${memberName}" is not in the Gods table (members are gods, Diabolism or Atheism).`);
      incomplete.add(key(race.race));
      continue;
    }
    if (god?.kind === "demon") {
      r.error("Member", `${god.name} is a demon; mortals worship demons through the member Diabolism.`);
      incomplete.add(key(race.race));
      continue;
    }
    const member = special ?? (god as God).name;
    let entry = byRace.get(key(race.race));
    if (entry === undefined) {
      entry = { race, rows: [] };
      byRace.set(key(race.race), entry);
    }
    if (entry.rows.some((x) => x.member === member)) {
      r.error("Member", `${member} appears twice in the pantheon of ${race.race}.`);
      incomplete.add(key(race.race));
      continue;
    }
    entry.rows.push({ member, share, row: r.row });
  }
  for (const { race, rows } of byRace.values()) {
    if (incomplete.has(key(race.race))) continue;
    const sum = rows.reduce((acc, x) => add(acc, x.share), ZERO as Ratio);
    // One race is written all one way: as fractions (0.4, or 40% in a percent cell) or as points (40).
    const allFractions = rows.every((x) => cmp(x.share, { n: 1n, d: 1n }) <= 0);
    const fractions = allFractions && cmp(sum, { n: 2n, d: 1n }) < 0;
    const hundred = fractions ? { n: 1n, d: 1n } : { n: 100n, d: 1n };
    // Shares pasted from GODS.CULT may miss 100 by a rounding of the last digit: within a
    // billionth, the shares are scaled to add up to exactly 100%.
    const off = Math.abs(toNumber(sum) / toNumber(hundred) - 1);
    if (cmp(sum, hundred) !== 0 && off > 1e-9) {
      const pct = fractions ? toNumber(sum) * 100 : toNumber(sum);
      const first = rows[0]?.row;
      const mixed = !allFractions && rows.some((x) => cmp(x.share, { n: 1n, d: 1n }) < 0 && x.share.n !== 0n);
      problems.push({
        severity: "error",
        table: "Pantheon",
        ...(first === undefined ? {} : { row: first }),
        column: "Share",
        message: mixed
          ? `the shares of ${race.race} are written two ways; write them all as points (40) or all as percentages (40% or 0.4).`
          : `the shares of ${race.race} add up to ${+pct.toPrecision(12)}%, not 100%.`,
        ...(pantheonReader === undefined || first === undefined
          ? {}
          : { address: cellAddress(pantheonReader.raw.sheet, first, pantheonReader.raw.firstColumn + (pantheonReader.columnOf("Share") ?? 0)) }),
      });
      continue;
    }
    for (const x of rows) pantheon.push({ race: race.race, member: x.member, share: div(x.share, sum) });
  }
  if (readers.has("Pantheon")) {
    for (const race of races) {
      if (!byRace.has(key(race.race))) {
        problems.push({ severity: "warning", table: "Pantheon", message: `${race.race} has no pantheon rows, so its worship goes to nobody.` });
      }
    }
  }

  // Deaths
  const deaths: Death[] = [];
  for (const r of readers.get("Deaths")?.rows() ?? []) {
    const century = r.whole("Century", { min: 1, what: "a century number, 1 or more" });
    const cause = r.text("Cause");
    const units = r.whole("Units", { what: "a whole number of units, 0 or more" });
    const raceName = r.has("Race") ? r.text("Race", false) : undefined;
    if (century === undefined || cause === undefined || units === undefined) continue;
    let race: string | null = null;
    if (raceName !== undefined) {
      const known = raceByKey.get(key(raceName));
      if (known === undefined && readers.has("Races")) r.warn("Race", `"${raceName}" is not in the Races table (the deaths still count).`);
      race = known?.race ?? raceName;
    }
    deaths.push({ century, cause, units, race, row: r.row });
  }

  // Counts
  const counts: Count[] = [];
  const seenCounts = new Set<string>();
  for (const r of readers.get("Counts")?.rows() ?? []) {
    const century = r.whole("Century", { min: 1, what: "a century number, 1 or more" });
    const sourceName = r.text("Source");
    const count = r.decimal("Count", "a count, 0 or more");
    if (century === undefined || sourceName === undefined || count === undefined) continue;
    const source = sourceByKey.get(key(sourceName));
    if (source === undefined) {
      if (readers.has("Sources") && !flawed.has(key(sourceName))) r.error("Source", `"${sourceName}" is not a source in the Sources table.`);
      continue;
    }
    if (source.basis !== "count") {
      r.error("Source", `"${source.source}" is a ${source.basis} source; only count sources take a count here.`);
      continue;
    }
    const pair = `${century}\u0000${key(source.source)}`;
    if (seenCounts.has(pair)) {
      r.error("Source", `"${source.source}" has two counts for century ${century}.`);
      continue;
    }
    seenCounts.add(pair);
    counts.push({ century, source: source.source, count });
  }

  // Ledger: the add-in writes it column by column in its own order, so it must have that shape.
  const ledger: LedgerRow[] = [];
  let ledgerReader = readers.get("Ledger");
  const ledgerRaw = raw.tables.get(LEDGER.name.toLowerCase());
  if (ledgerRaw !== undefined) {
    const headers = ledgerRaw.headers.map(normalizeHeader).filter((h) => h !== "");
    const expected = LEDGER.columns.map((c) => normalizeHeader(c.header));
    // Exact Carry is optional: a Ledger of the other five keeps carries as plain numbers.
    if ((headers.length !== expected.length && headers.length !== expected.length - 1) || headers.some((h, i) => h !== expected[i])) {
      problems.push({
        severity: "error",
        table: "Ledger",
        row: ledgerRaw.headerRow,
        message: `its columns must be ${LEDGER.columns.map((c) => c.header).join(", ")} (the last may be left out), in that order, as the add-in writes them. Rename this Ledger (to keep it) and the add-in will start a new one.`,
        address: cellAddress(ledgerRaw.sheet, ledgerRaw.headerRow, ledgerRaw.firstColumn),
      });
      ledgerReader = undefined;
    }
  }
  const ledgerSeen = new Set<string>();
  for (const r of ledgerReader?.rows() ?? []) {
    const century = r.whole("Century", { min: 1, what: "a century number, 1 or more" });
    const god = r.text("God");
    const paid = r.whole("Paid", { what: "a whole number of mana, 0 or more" });
    const carryRatio = r.decimal("Carry", "the mana carried, 0 or more");
    const earned = r.decimal("Earned", "the mana earned, 0 or more");
    if (century === undefined || god === undefined || paid === undefined || carryRatio === undefined || earned === undefined) continue;
    // The exact carry, when the add-in wrote it, avoids any rounding in the displayed number.
    let carry = carryRatio;
    const exact = ledgerReader?.has("Exact Carry") ? r.text("Exact Carry", false) : undefined;
    if (exact !== undefined) {
      const parsed = parseExact(exact);
      if (parsed !== null && Math.abs(toNumber(parsed) - toNumber(carryRatio)) < 1e-6) carry = parsed;
    }
    const known = key(god) === key(DEMONS) ? DEMONS : (godByKey.get(key(god))?.name ?? god);
    if (cmp(carry, { n: 1n, d: 1n }) >= 0) {
      r.error("Carry", `${toNumber(carry)} is not a fraction: what is carried is always less than 1 mana.`);
      continue;
    }
    const pair = `${century}\u0000${key(known)}`;
    if (ledgerSeen.has(pair)) {
      r.error("God", `${known} has two rows for century ${century}; a god is paid once a century.`);
      continue;
    }
    ledgerSeen.add(pair);
    ledger.push({ century, god: known, earned: toNumber(earned), paid, carry });
  }

  const locate = (table: string, row: number, column: string) => readers.get(table)?.address(row, column);
  return { campaign: { gods, cards, sources, races, pantheon, deaths, counts, ledger, found, missingTables, locate }, problems };
}

/** Reads an exact carry written as a decimal ("0.25") or a fraction ("1/3"). */
export function parseExact(text: string): Ratio | null {
  const m = /^\s*(-?\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (m) {
    const d = BigInt(m[2] as string);
    return d === 0n ? null : { n: BigInt(m[1] as string), d };
  }
  return parseDecimal(text);
}

/** Writes a carry exactly: a decimal when it ends, a fraction otherwise. */
export function formatExact(r: Ratio): string {
  let d = r.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  if (d !== 1n) return `${r.n}/${r.d}`;
  // A terminating decimal: scale to a power of ten.
  let digits = 0;
  let scale = 1n;
  while ((r.n * scale) % r.d !== 0n) {
    scale *= 10n;
    digits++;
  }
  const scaled = (r.n * scale) / r.d;
  const neg = scaled < 0n;
  const s = (neg ? -scaled : scaled).toString().padStart(digits + 1, "0");
  const text = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return neg ? `-${text}` : text;
}

/** The latest century in the Ledger, or 0 when it is empty. */
export function latestCentury(campaign: Campaign): number {
  return campaign.ledger.reduce((m, r) => Math.max(m, r.century), 0);
}

/** Recipients in display order: the gods that are not demons, then the Demons pool. */
export function recipients(campaign: Campaign): string[] {
  return [...campaign.gods.filter((g) => g.kind !== "demon").map((g) => g.name), DEMONS];
}

/** Checks that depend on the century being calculated. */
export function checkCentury(campaign: Campaign, century: number): Problem[] {
  const problems: Problem[] = [];
  const latest = latestCentury(campaign);
  if (!Number.isSafeInteger(century) || century < 1) {
    problems.push({ severity: "error", table: "Ledger", message: `the century must be a whole number, 1 or more, not ${century}.` });
    return problems;
  }
  if (latest > 0 && century < latest) {
    problems.push({
      severity: "error",
      table: "Ledger",
      message: `century ${century} was paid out before century ${latest}; only the latest century (${latest}) can be calculated again, so mana is never paid twice.`,
    });
  }
  if (latest > 0 && century > latest + 1) {
    problems.push({
      severity: "error",
      table: "Ledger",
      message: `the Ledger's latest century is ${latest}, so the next one is ${latest + 1}, not ${century}.`,
    });
  }
  // Deaths of the century after this one may already be logged (play goes on while the
  // referees count); anything dated further ahead is a typo.
  const horizon = Math.max(century, latest + 1) + 1;
  campaign.deaths.forEach((d) => {
    if (d.century > horizon) {
      problems.push({
        severity: "error",
        table: "Deaths",
        column: "Century",
        ...(d.row === undefined ? {} : { row: d.row, address: campaign.locate("Deaths", d.row, "Century") }),
        message: `a row for ${d.units} ${d.cause} deaths is dated century ${d.century}, which has not started (the century being calculated is ${century}; deaths may be logged at most one century ahead).`,
      });
    }
  });
  // A cause no source names is often a misspelling ("wars" for "war"): those deaths then feed
  // only the sources that count every death.
  const named = campaign.sources.filter((s) => s.basis === "deaths" && s.timing === "century-end" && s.cause !== null);
  if (named.length > 0) {
    const causes = new Set(named.map((s) => key(s.cause as string)));
    const strays = new Set<string>();
    for (const d of campaign.deaths) if (d.century === century && !causes.has(key(d.cause))) strays.add(d.cause.trim());
    for (const cause of strays) {
      const near = [...causes].find((c) => editDistance(c, key(cause)) <= Math.max(1, Math.floor(c.length / 4)));
      if (near === undefined) continue;
      problems.push({
        severity: "warning",
        table: "Deaths",
        column: "Cause",
        message: `deaths logged as "${cause}" in century ${century} are not counted by the sources of "${near}"; if it is a misspelling, correct it.`,
      });
    }
    if (campaign.missingTables.includes("Deaths")) {
      problems.push({ severity: "warning", table: "Deaths", message: "there is no Deaths table, so every source that counts deaths counts 0." });
    }
  }
  const warned = new Set<string>();
  for (const s of campaign.sources) {
    if (s.basis !== "count" || s.timing !== "century-end" || warned.has(key(s.source))) continue;
    if (!campaign.counts.some((c) => c.century === century && key(c.source) === key(s.source))) {
      warned.add(key(s.source));
      problems.push({
        severity: "warning",
        table: "Counts",
        message: `"${s.source}" has no count for century ${century}; it is taken as 0 and marked on the Century-End Worksheet.`,
      });
    }
  }
  return problems;
}


/** How many letters must change to turn one word into the other (Levenshtein). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
