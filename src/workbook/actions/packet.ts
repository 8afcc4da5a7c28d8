/**
 * The session packet: the printable sheets the gamemasters hand out or keep at the table: the
 * Earth Summary (plan/summary.ts) and the Character Sheets (plan/characters.ts), planned here
 * side by side and written together. Writing the packet pays nobody and leaves the Ledger alone.
 */
import { bySphere, calculateCentury, holdings, multipliersOf, type SourceRule } from "../../engine/century";
import { add, cmp, formatExact, mul, ratio, sub, toNumber, ZERO, type Ratio } from "../../engine/exact";
import { DEMONS, DIABOLISM, nameKey } from "../../engine/names";
import { populationStrength } from "../../engine/population";
import { errorsIn, payingNobody, tableWarning, WORKBOOK, type Problem } from "../model/problems";
import { isErrorCell } from "../model/raw";
import { CARDS, GODS, GODS_MANA, LEDGER, PANTHEON, RACES, SOURCES } from "../model/schema";
import { columnIndex } from "../model/tableReader";
import { characterSheets, type CenturyMana, type CharacterPage, type KeptSection, type MultiplierLine, type WorshipLine } from "../plan/characters";
import type { SheetPlan } from "../plan/layout";
import { foreignSheets } from "../plan/seal";
import { chartsOfHistory } from "../plan/story";
import { earthSummary, type EarthColumns, type EarthLine } from "../plan/summary";
import { foundTable, type Campaign, type CampaignRead, type God, type Race } from "../read/campaign";
import { recipients } from "../read/century";
import { centuryInPlay } from "../read/credits";
import { centuryInput } from "./centuryEnd";
import { keptRows } from "./keptRows";
import { hasColumn } from "./lookUp";
import { writtenShares } from "./pantheon";

export interface PacketOutcome {
  /** the century in play, which the packet's sheets name */
  readonly century: number;
  /** the Races and Pantheon tables' problems (none of them holds the packet back for pay: it pays nobody) */
  readonly problems: readonly Problem[];
  /** the sheets to write, in the packet's order; none when an error stops it */
  readonly sheets: readonly SheetPlan[];
  /** the races as the Earth Summary shows them */
  readonly races: readonly EarthLine[];
  /** the characters of the Character Sheets, a page each, in their order */
  readonly characters: readonly PacketCharacter[];
}

/** A character of the Character Sheets in numbers, for an answer (the command line's --json). */
export interface PacketCharacter {
  readonly name: string;
  readonly kind: string;
  /** what its account carries now (below 0: what it owes), and the same exactly ("1/3") */
  readonly carry: number;
  readonly exactCarry: string;
  /** its credits summed by century: what those above 0 earned, what its debits took (above 0), the whole mana paid */
  readonly centuries: readonly { readonly century: number; readonly earned: number; readonly lost: number; readonly paid: number }[];
}

function summaryOf(page: CharacterPage): PacketCharacter {
  return {
    name: page.name,
    kind: page.kind,
    carry: toNumber(page.carry),
    exactCarry: formatExact(page.carry),
    centuries: page.centuries.map((c) => ({ century: c.century, earned: toNumber(c.earned), lost: toNumber(c.lost), paid: c.paid })),
  };
}

/**
 * A race's pantheon in one line, the largest share first (members of equal share in the table's
 * order): "Solara 40%, Vorn 35%, Diabolism 25%". The shares are shown as the pane's pantheon
 * tools write them into the Pantheon table, to 4 decimals at most and adding up to exactly 100%.
 */
export function pantheonLine(campaign: Campaign, race: string): string | null {
  const found = campaign.pantheons.get(nameKey(race));
  if (found === undefined || "severity" in found.pantheon) return null;
  const shares = found.pantheon.shares.map((s, i) => ({ ...s, i })).sort((x, y) => cmp(y.share, x.share) || x.i - y.i);
  const written = writtenShares(
    shares.map((s) => s.share),
    "points",
  );
  return shares.map((s, i) => `${s.member} ${String(written[i])}%`).join(", ");
}

function lineOf(campaign: Campaign, r: Race): EarthLine {
  return {
    race: r.race,
    units: r.units,
    cities: r.cities,
    greatCities: r.greatCities,
    strength: populationStrength(r.units, r.cities, r.greatCities),
    culture: r.culture,
    turmoil: r.turmoil,
    military: r.military,
    aggression: r.aggression,
    pantheon: pantheonLine(campaign, r.race),
  };
}

/** The optional columns the Races table has. */
function columnsOf(campaign: Campaign): EarthColumns {
  const races = foundTable(campaign, RACES.name);
  const has = (header: string) => races !== undefined && races.usable && hasColumn(races.raw, header);
  return { culture: has("Culture"), turmoil: has("Turmoil"), military: has("Military"), aggression: has("Aggression") };
}

/** The tables whose errors would make a character's page or the Earth Summary look whole when it is not. */
const READ_BY_PACKET: ReadonlySet<string> = new Set([GODS.name, CARDS.name, SOURCES.name, RACES.name, PANTHEON.name, LEDGER.name]);

/** How many of a character's latest credits its page lists. */
export const LATEST_CREDITS = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What every character's page is worked out from, indexed once by name key: a packet of a
 * thousand characters looks each name up, never through whole tables again for every character.
 */
interface PacketIndex {
  /** each holder's cards, by the holder's name */
  readonly held: ReadonlyMap<string, ReturnType<typeof holdings> extends Map<string, infer H> ? H : never>;
  /** the sources of each kind of payment, with their spheres and each source's rule by name key */
  readonly groups: readonly {
    readonly rules: readonly SourceRule[];
    readonly spheres: ReturnType<typeof bySphere>;
    readonly first: ReadonlyMap<string, SourceRule>;
    /** the jointly held sources of each owner, by the owner's name key */
    readonly owned: ReadonlyMap<string, SourceRule[]>;
    readonly paid: (s: SourceRule) => string;
  }[];
  /** each race's pantheon shares by member, by the race's name key then the member's */
  readonly shares: ReadonlyMap<string, ReadonlyMap<string, Ratio>>;
  /** each race's shares as the pantheon tools write them ("33.3333%"), by the race's name key then the member's */
  readonly written: Map<string, ReadonlyMap<string, string>>;
  /** each god of the Gods table, by name as the recipients list spells it */
  readonly gods: ReadonlyMap<string, God>;
  /** each holder's cards, by name as the Cards table spells it */
  readonly cards: ReadonlyMap<string, { sphere: string; cards: number; waiting: number }[]>;
  /** the races each member is worshipped by, in the Races table's order, with its share, by the member's name key */
  readonly worship: ReadonlyMap<string, readonly { readonly race: Race; readonly share: Ratio }[]>;
  /** a source's name key, worked out once */
  readonly sourceKey: (s: SourceRule) => string;
}

function packetIndex(campaign: Campaign): PacketIndex {
  const group = (rules: SourceRule[], paid: (s: SourceRule) => string) => {
    const first = new Map<string, SourceRule>();
    const owned = new Map<string, SourceRule[]>();
    for (const s of rules) {
      const k = nameKey(s.source);
      if (!first.has(k)) first.set(k, s);
      for (const o of s.owners ?? []) {
        const list = owned.get(nameKey(o));
        if (list === undefined) owned.set(nameKey(o), [s]);
        else list.push(s);
      }
    }
    return { rules, spheres: bySphere(rules), first, owned, paid };
  };
  const shares = new Map<string, Map<string, Ratio>>();
  for (const p of campaign.pantheon) {
    const race = nameKey(p.race);
    const byMember = shares.get(race) ?? new Map<string, Ratio>();
    // The first row of a member counts, as a lookup through the table finds it.
    if (!byMember.has(nameKey(p.member))) byMember.set(nameKey(p.member), p.share);
    shares.set(race, byMember);
  }
  // Every card the character holds, those that earn only from the next session among them.
  const cards = new Map<string, { sphere: string; cards: number; waiting: number }[]>();
  for (const c of campaign.cards) {
    if (c.held <= 0) continue;
    const list = cards.get(c.god);
    const held = { sphere: c.sphere, cards: c.held, waiting: c.waiting };
    if (list === undefined) cards.set(c.god, [held]);
    else list.push(held);
  }
  const gods = new Map<string, God>();
  for (const g of campaign.gods) if (!gods.has(g.name)) gods.set(g.name, g);
  const worship = new Map<string, { race: Race; share: Ratio }[]>();
  for (const race of campaign.races) {
    for (const [member, share] of shares.get(nameKey(race.race)) ?? []) {
      const list = worship.get(member);
      if (list === undefined) worship.set(member, [{ race, share }]);
      else list.push({ race, share });
    }
  }
  const keys = new Map<SourceRule, string>();
  const sourceKey = (s: SourceRule): string => {
    let k = keys.get(s);
    if (k === undefined) {
      k = nameKey(s.source);
      keys.set(s, k);
    }
    return k;
  };
  return {
    worship,
    sourceKey,
    held: holdings(campaign.cards),
    groups: [
      group(
        campaign.sources.filter((s) => s.timing === "century-end"),
        (s) => s.basis,
      ),
      group(
        campaign.sources.filter((s) => s.timing === "era-end" && s.basis === "count"),
        () => "era end",
      ),
      group(
        campaign.sources.filter((s) => s.timing === "event"),
        () => "event",
      ),
    ],
    shares,
    written: new Map(),
    gods,
    cards,
  };
}

/**
 * The sources a character earns from, each with its multiplier as the engine works it out
 * (multipliersOf, the same the century end, an event and an era's end pay by) and the parts it
 * is made of: rate × cards of each sphere, a flat rate, or an equal share of a source held jointly.
 */
function sourcesOf(index: PacketIndex, god: string): MultiplierLine[] {
  const held = index.held.get(god) ?? [];
  const lines: MultiplierLine[] = [];
  for (const { spheres, first, owned, paid } of index.groups) {
    // Only the joint sources this character holds a share of: the engine looks through these for its owners.
    const own = owned.get(nameKey(god)) ?? [];
    // What each source's multiplier is made of, by the source's name key: its cards' parts, then its shares.
    const parts = new Map<string, string[]>();
    const part = (s: SourceRule, text: string) => {
      const k = index.sourceKey(s);
      const list = parts.get(k);
      if (list === undefined) parts.set(k, [text]);
      else list.push(text);
    };
    for (const h of held) {
      for (const s of spheres.get(nameKey(h.sphere)) ?? [])
        part(s, s.flat ? `${formatExact(s.rate)} flat (${h.sphere})` : `${formatExact(s.rate)} × ${plural(h.cards, `${h.sphere} card`)}`);
    }
    for (const s of own) {
      const owners = s.owners ?? [];
      part(s, owners.length === 1 ? `${formatExact(s.rate)}, its own` : `${formatExact(s.rate)} ÷ ${owners.length} joint owners`);
    }
    for (const [k, m] of multipliersOf(god, held, spheres, own)) {
      const rule = first.get(k);
      lines.push({ source: m.source, paid: rule === undefined ? m.basis : paid(rule), multiplier: m.multiplier, parts: parts.get(k) ?? [] });
    }
  }
  return lines;
}

/** A race's shares as the pantheon tools write them into the Pantheon table ("33.3333%"), by member's name key; worked out once per race. */
function writtenOf(campaign: Campaign, index: PacketIndex, race: string): ReadonlyMap<string, string> {
  const k = nameKey(race);
  let written = index.written.get(k);
  if (written === undefined) {
    const out = new Map<string, string>();
    const found = campaign.pantheons.get(k);
    if (found !== undefined && !("severity" in found.pantheon)) {
      const shares = found.pantheon.shares;
      const points = writtenShares(
        shares.map((s) => s.share),
        "points",
      );
      shares.forEach((s, i) => {
        const m = nameKey(s.member);
        if (!out.has(m) && points[i] !== undefined) out.set(m, `${String(points[i])}%`);
      });
    }
    written = out;
    index.written.set(k, written);
  }
  return written;
}

/** Each race's worship of a character (the Demons pool: Diabolism's), in the Races table's order. */
function worshipOf(campaign: Campaign, index: PacketIndex, god: string): WorshipLine[] {
  const member = nameKey(god === DEMONS ? DIABOLISM : god);
  const lines: WorshipLine[] = [];
  for (const { race: r, share } of index.worship.get(member) ?? []) {
    const strength = populationStrength(r.units, r.cities, r.greatCities);
    lines.push({
      race: r.race,
      strength,
      turmoil: r.turmoil,
      share: writtenOf(campaign, index, r.race).get(member) ?? `${formatExact(mul(share, ratio(100)))}%`,
      worshippers: mul(ratio(r.turmoil ? 0 : strength), share),
    });
  }
  return lines;
}

/**
 * A character's account by century, and its latest credits: what each credit earned, exactly, is
 * what the account's chain says (paid and carried on, less what it carried in).
 */
function accountOf(campaign: Campaign, god: string): { carry: Ratio; centuries: CenturyMana[]; latest: CharacterPage["latest"] } {
  const account = campaign.accounts.get(nameKey(god));
  const centuries = new Map<number, { earned: Ratio; lost: Ratio; paid: number; carry: Ratio }>();
  const credits: CharacterPage["latest"][number][] = [];
  let carried: Ratio = ZERO;
  for (const e of account?.entries ?? []) {
    const earned = sub(add(ratio(e.paid), e.carry), carried);
    carried = e.carry;
    const c = centuries.get(e.century);
    const below = earned.n < 0n;
    centuries.set(e.century, {
      earned: below ? (c?.earned ?? ZERO) : add(c?.earned ?? ZERO, earned),
      lost: below ? sub(c?.lost ?? ZERO, earned) : (c?.lost ?? ZERO),
      paid: (c?.paid ?? 0) + e.paid,
      carry: e.carry,
    });
    credits.push({ century: e.century, kind: e.kind, what: e.what, earned, paid: e.paid, carry: e.carry });
  }
  return {
    carry: account?.carry ?? ZERO,
    centuries: [...centuries.entries()].map(([century, c]) => ({ century, ...c })).sort((a, b) => a.century - b.century),
    latest: credits.slice(-LATEST_CREDITS),
  };
}

/** Every character's page (each god that is not a demon, then the Demons pool), and the Laws and Oaths. */
function characterPages(campaign: Campaign, inPlay: number): { pages: CharacterPage[]; common: KeptSection[]; problems: Problem[] } {
  const names = recipients(campaign);
  const kept = keptRows(campaign, names);
  const worshippers = calculateCentury(centuryInput(campaign, inPlay)).worshippers;
  const gods = foundTable(campaign, GODS.name)?.raw;
  const hasMana = gods !== undefined && hasColumn(gods, GODS_MANA);
  const index = packetIndex(campaign);
  const player = gods !== undefined && hasColumn(gods, "Player") ? columnIndex(gods, "Player") : undefined;
  const pages = names.map((name): CharacterPage => {
    const god = index.gods.get(name);
    const cards = index.cards.get(name) ?? [];
    const base = {
      name,
      ...accountOf(campaign, name),
      cards,
      sources: sourcesOf(index, name),
      worship: worshipOf(campaign, index, name),
      worshippers: worshippers.get(name) ?? ZERO,
      kept: kept.byCharacter.get(nameKey(name)) ?? [],
    };
    if (god === undefined) {
      return { ...base, kind: "the demons' shared pool", demons: campaign.gods.filter((g) => g.kind === "demon").map((g) => g.name) };
    }
    const cell = player === undefined ? undefined : (gods?.rows[god.index]?.[player] ?? null);
    return {
      ...base,
      kind: god.kind,
      ...(cell === undefined ? {} : { player: cell === null || cell === "" || isErrorCell(cell) ? null : String(cell) }),
      ...(hasMana ? { mana: god.mana === undefined ? ("unreadable" as const) : god.mana } : {}),
    };
  });
  return { pages, common: kept.common, problems: kept.problems };
}

/**
 * The packet from a campaign as read. A race left out of the Races table for a problem of its
 * own, a pantheon that cannot be read, a god, card or source left out, or accounts that do not
 * add up would make sheets that look whole and are not: an error in any of those tables stops
 * the packet, as does a sheet of the gamemaster's by the name of one of its sheets.
 */
export function planPacket(read: CampaignRead): PacketOutcome {
  const { campaign } = read;
  const century = centuryInPlay(campaign);
  const problems = payingNobody(read.problems.filter((p) => READ_BY_PACKET.has(p.table)));
  const races = campaign.races.map((r) => lineOf(campaign, r));
  if (errorsIn(problems).length > 0) return { century, problems, sheets: [], races, characters: [] };
  const { pages, common, problems: kept } = characterPages(campaign, century);
  const all = [...problems, ...kept];
  const characters = pages.map(summaryOf);
  const sheets = [earthSummary(races, columnsOf(campaign), century), characterSheets(pages, common, century)];
  const foreign = foreignSheets(campaign, sheets);
  if (foreign.length > 0) return { century, problems: [...all, ...foreign], sheets: [], races, characters };
  // The Charts sheet as the history stands: drawn again, unless a sheet of the gamemaster's has its name.
  const charts = chartsOfHistory(campaign.history ?? [], campaign.accounts, century);
  if (charts === undefined) return { century, problems: all, sheets, races, characters };
  if (foreignSheets(campaign, [charts]).length > 0) {
    const note = tableWarning(
      WORKBOOK,
      `The ${charts.name} sheet was not written: the workbook has a sheet of its own called "${charts.name}". Rename it to have the charts in the packet.`,
    );
    return { century, problems: [...all, note], sheets, races, characters };
  }
  return { century, problems: all, sheets: [...sheets, charts], races, characters };
}
