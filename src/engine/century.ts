/**
 * The century-end mana calculation: the rules' "Mana Calculating Program". Pure and exact:
 * counts and multipliers are exact fractions, and each recipient is paid the whole part of what
 * it has earned plus what it carried, the rest carried on, so that over any number of centuries
 * the whole mana paid equals the floor of the exact sum earned.
 */
import { add, div, floor, mul, sub, ZERO, type Ratio } from "./exact";
import { ATHEISM, DEMONS, DIABOLISM, nameKey } from "./names";
import { populationStrength } from "./population";

export type Basis = "worship" | "diabolism" | "deaths" | "count";
export const BASES: readonly Basis[] = ["worship", "diabolism", "deaths", "count"];
export type Timing = "century-end" | "era-end" | "event";
export const TIMINGS: readonly Timing[] = ["century-end", "era-end", "event"];
/** Where an event happens: its referee keeps the Heaven or the Earth event worksheet. */
export type Where = "heaven" | "earth";
export const WHERE: readonly Where[] = ["heaven", "earth"];

export interface SourceRule {
  readonly sphere: string;
  readonly source: string;
  readonly basis: Basis;
  /** mana per card (or once, when flat) per unit counted */
  readonly rate: Ratio;
  readonly flat: boolean;
  /** for `deaths`: the Death Worksheet box counted; null counts every death */
  readonly cause: string | null;
  readonly timing: Timing;
  /** for an event, where it happens, when the Sources table says */
  readonly where?: Where;
  /**
   * the characters who hold it jointly (a demesne built together): each gets an equal share of
   * its rate, and cards in its sphere count for nothing
   */
  readonly owners?: readonly string[];
}

export interface CardHolding {
  readonly god: string;
  readonly sphere: string;
  readonly cards: number;
}

export interface RaceState {
  readonly race: string;
  readonly units: number;
  readonly cities: number;
  readonly greatCities: number;
  readonly turmoil: boolean;
}

export interface PantheonShare {
  readonly race: string;
  readonly member: string;
  /** a fraction of the race's worship: 0.4 for 40% */
  readonly share: Ratio;
}

export interface DeathEntry {
  readonly cause: string;
  readonly units: number;
}

export interface CenturyInput {
  readonly century: number;
  /** every god that can receive mana (demons excluded) and the Demons pool, in display order */
  readonly recipients: readonly string[];
  readonly cards: readonly CardHolding[];
  readonly sources: readonly SourceRule[];
  readonly races: readonly RaceState[];
  readonly pantheon: readonly PantheonShare[];
  /** the Deaths log of this century */
  readonly deaths: readonly DeathEntry[];
  /** counts of `count` sources for this century, by source name in lower case */
  readonly counts: ReadonlyMap<string, Ratio>;
  /** what each recipient carried from the century before */
  readonly carry: ReadonlyMap<string, Ratio>;
}

export interface DeathBox {
  readonly cause: string;
  readonly units: number;
  /** the deaths sources that count this box */
  readonly sources: readonly string[];
}

export interface WorshipLine {
  readonly race: string;
  readonly units: number;
  readonly cities: number;
  readonly greatCities: number;
  readonly strength: number;
  readonly turmoil: boolean;
  /** strength, or 0 in turmoil */
  readonly worshipping: number;
}

export interface CountLine {
  readonly source: string;
  readonly basis: Basis;
  readonly spheres: readonly string[];
  /** for worship, the total worshipping population; otherwise the one count everybody shares */
  readonly count: Ratio;
  /** a `count` source with no count recorded for the century: taken as 0 */
  readonly missing: boolean;
  readonly cause: string | null;
}

export interface ManaLine {
  readonly god: string;
  readonly source: string;
  readonly basis: Basis;
  readonly spheres: readonly string[];
  readonly count: Ratio;
  readonly multiplier: Ratio;
  readonly mana: Ratio;
}

export interface Payout {
  readonly god: string;
  readonly carryIn: Ratio;
  readonly earned: Ratio;
  readonly paid: number;
  readonly carry: Ratio;
}

export interface CenturyResult {
  readonly century: number;
  readonly deathBoxes: readonly DeathBox[];
  readonly totalDeaths: number;
  readonly worship: readonly WorshipLine[];
  /** worshippers of each recipient (the Demons pool: Diabolism's) */
  readonly worshippers: ReadonlyMap<string, Ratio>;
  /** every member the Pantheon table names, whether or not its races worship now */
  readonly members: ReadonlySet<string>;
  readonly diabolism: Ratio;
  readonly atheism: Ratio;
  readonly counts: readonly CountLine[];
  readonly lines: readonly ManaLine[];
  readonly payouts: readonly Payout[];
}

const key = nameKey;

function pushTo<K, V>(map: Map<K, V[]>, k: K, v: V): void {
  const list = map.get(k);
  if (list === undefined) map.set(k, [v]);
  else list.push(v);
}

function deathBoxes(input: CenturyInput): { boxes: DeathBox[]; byCause: Map<string, number>; total: number } {
  const boxes = new Map<string, { cause: string; units: number; sources: string[] }>();
  // Thousands of deaths share a handful of spellings: look each spelling up once.
  const bySpelling = new Map<string, { cause: string; units: number; sources: string[] }>();
  const box = (cause: string) => {
    const known = bySpelling.get(cause);
    if (known !== undefined) return known;
    const k = key(cause);
    let b = boxes.get(k);
    if (b === undefined) {
      b = { cause: cause.trim(), units: 0, sources: [] };
      boxes.set(k, b);
    }
    bySpelling.set(cause, b);
    return b;
  };
  // One box for each cause some sphere draws mana from, even when nobody died of it…
  for (const s of input.sources) {
    if (s.basis !== "deaths" || s.timing !== "century-end" || s.cause === null) continue;
    const b = box(s.cause);
    if (!b.sources.includes(s.source)) b.sources.push(s.source);
  }
  // …and one for any other cause the referees logged.
  let total = 0;
  for (const d of input.deaths) {
    box(d.cause).units += d.units;
    total += d.units;
  }
  const byCause = new Map<string, number>();
  for (const [k, b] of boxes) byCause.set(k, b.units);
  return { boxes: [...boxes.values()], byCause, total };
}

/** A recipient's multiplier for one source: its rate per card (or once, when flat) over its spheres. */
export interface Multiplier {
  readonly source: string;
  readonly basis: Basis;
  readonly spheres: string[];
  multiplier: Ratio;
}

/** Sources by the name key of their sphere. */
export function bySphere(sources: readonly SourceRule[]): Map<string, SourceRule[]> {
  const map = new Map<string, SourceRule[]>();
  // A source held jointly pays its owners, not the holders of its sphere's cards.
  for (const s of sources) if (s.owners === undefined) pushTo(map, key(s.sphere), s);
  return map;
}

/** Each recipient's holdings, leaving out spheres where it holds no card. */
export function holdings(cards: readonly CardHolding[]): Map<string, CardHolding[]> {
  const map = new Map<string, CardHolding[]>();
  for (const c of cards) if (c.cards > 0) pushTo(map, c.god, c);
  return map;
}

/**
 * One recipient's multipliers, by the name key of the source: the sum over the spheres where it
 * holds cards of each source's rate times its cards (or the rate once, for a flat source).
 */
export function multipliers(held: readonly CardHolding[], sourcesBySphere: ReadonlyMap<string, readonly SourceRule[]>): Map<string, Multiplier> {
  const perSource = new Map<string, Multiplier>();
  for (const holding of held) {
    // A row of 0 cards (the last one given up) holds nothing: not even a flat source's rate.
    if (holding.cards <= 0) continue;
    for (const s of sourcesBySphere.get(key(holding.sphere)) ?? []) {
      const m = s.flat ? s.rate : mul(s.rate, { n: BigInt(holding.cards), d: 1n });
      const k = key(s.source);
      const line = perSource.get(k);
      if (line === undefined) perSource.set(k, { source: s.source, basis: s.basis, spheres: [s.sphere], multiplier: m });
      else {
        line.multiplier = add(line.multiplier, m);
        if (!line.spheres.includes(s.sphere)) line.spheres.push(s.sphere);
      }
    }
  }
  return perSource;
}

/**
 * A recipient's multipliers, by the name key of the source: from its cards (see multipliers),
 * and, for each source it holds jointly with others, an equal share of that source's rate
 * (1/3 of it among three owners).
 */
export function multipliersOf(
  god: string,
  held: readonly CardHolding[],
  sourcesBySphere: ReadonlyMap<string, readonly SourceRule[]>,
  sources: readonly SourceRule[],
): Map<string, Multiplier> {
  const perSource = multipliers(held, sourcesBySphere);
  for (const s of sources) {
    const owners = s.owners;
    if (owners === undefined || !owners.some((o) => key(o) === key(god))) continue;
    const share = div(s.rate, { n: BigInt(owners.length), d: 1n });
    const k = key(s.source);
    const line = perSource.get(k);
    if (line === undefined) perSource.set(k, { source: s.source, basis: s.basis, spheres: [`${s.sphere}, shared by ${owners.length}`], multiplier: share });
    else line.multiplier = add(line.multiplier, share);
  }
  return perSource;
}

/**
 * What a credit pays out of an account: the whole part of carry plus earned, and the rest carried
 * on. An account that owes (a carry below 0) pays its debt first: while the sum stays below 0
 * nothing is paid and the sum is what it still owes.
 */
export function pay(carryIn: Ratio, earned: Ratio): { paid: number; carry: Ratio } {
  const whole = add(carryIn, earned);
  const paid = whole.n < 0n ? 0n : floor(whole);
  return { paid: Number(paid), carry: sub(whole, { n: paid, d: 1n }) };
}

/** Runs the calculation for one century. The input is expected to be validated. */
export function calculateCentury(input: CenturyInput): CenturyResult {
  const { boxes, byCause, total } = deathBoxes(input);

  const worship: WorshipLine[] = input.races.map((r) => {
    const s = populationStrength(r.units, r.cities, r.greatCities);
    return { race: r.race, units: r.units, cities: r.cities, greatCities: r.greatCities, strength: s, turmoil: r.turmoil, worshipping: r.turmoil ? 0 : s };
  });
  const worshipping = new Map(worship.map((w) => [w.race, w.worshipping]));

  // Worshippers per pantheon member: Σ over races of worshipping population × share.
  const byMember = new Map<string, Ratio>();
  for (const p of input.pantheon) {
    const pop = worshipping.get(p.race) ?? 0;
    if (pop === 0) continue;
    byMember.set(p.member, add(byMember.get(p.member) ?? ZERO, mul({ n: BigInt(pop), d: 1n }, p.share)));
  }
  const diabolism = byMember.get(DIABOLISM) ?? ZERO;
  const atheism = byMember.get(ATHEISM) ?? ZERO;
  const worshippers = new Map<string, Ratio>();
  for (const god of input.recipients) worshippers.set(god, god === DEMONS ? diabolism : (byMember.get(god) ?? ZERO));

  // One count per century-end source, shared by everybody (worship differs per recipient).
  const centuryEnd = input.sources.filter((s) => s.timing === "century-end");
  const countLines = new Map<string, { source: string; basis: Basis; spheres: string[]; count: Ratio; missing: boolean; cause: string | null }>();
  for (const s of centuryEnd) {
    const k = key(s.source);
    const existing = countLines.get(k);
    if (existing !== undefined) {
      if (!existing.spheres.includes(s.sphere)) existing.spheres.push(s.sphere);
      continue;
    }
    let count: Ratio = ZERO;
    let missing = false;
    switch (s.basis) {
      case "worship":
        count = [...byMember.entries()].reduce((acc, [m, v]) => (m === ATHEISM || m === DIABOLISM ? acc : add(acc, v)), ZERO);
        break;
      case "diabolism":
        count = diabolism;
        break;
      case "deaths":
        count = { n: BigInt(s.cause === null ? total : (byCause.get(key(s.cause)) ?? 0)), d: 1n };
        break;
      case "count": {
        const c = input.counts.get(k);
        missing = c === undefined;
        count = c ?? ZERO;
        break;
      }
    }
    countLines.set(k, { source: s.source, basis: s.basis, spheres: [s.sphere], count, missing, cause: s.cause });
  }

  // Multipliers: for each recipient, the sources of every sphere where it holds cards.
  const sourcesBySphere = bySphere(centuryEnd);
  const cardsByGod = holdings(input.cards);

  const lines: ManaLine[] = [];
  const payouts: Payout[] = [];
  for (const god of input.recipients) {
    let earned: Ratio = ZERO;
    for (const [k, l] of multipliersOf(god, cardsByGod.get(god) ?? [], sourcesBySphere, centuryEnd)) {
      const shared = countLines.get(k);
      const count = l.basis === "worship" ? (worshippers.get(god) ?? ZERO) : (shared?.count ?? ZERO);
      const mana = mul(count, l.multiplier);
      earned = add(earned, mana);
      lines.push({ god, source: l.source, basis: l.basis, spheres: l.spheres, count, multiplier: l.multiplier, mana });
    }
    const carryIn = input.carry.get(god) ?? ZERO;
    payouts.push({ god, carryIn, earned, ...pay(carryIn, earned) });
  }

  return {
    century: input.century,
    deathBoxes: boxes,
    totalDeaths: total,
    worship,
    worshippers,
    members: new Set(input.pantheon.map((p) => p.member)),
    diabolism,
    atheism,
    counts: [...countLines.values()],
    lines,
    payouts,
  };
}
