/**
 * Sphere cards bought (or given up) between sessions: the god's multipliers for each source of the
 * sphere before and after, and what the god would have earned in the latest paid century with the
 * new cards, worked out exactly by the engine; then the Cards table's count changed (or a row
 * added). That century is counted again with its own deaths and counts, and with the races and
 * pantheons as the tables hold them now.
 */
import { bySphere, calculateCentury, multipliers, type CardHolding, type SourceRule, type Timing } from "../../engine/century";
import { cmp, formatExact, sub, toNumber, ZERO, type Ratio } from "../../engine/exact";
import { DEMONS, didYouMean, nameKey } from "../../engine/names";
import { errorsIn, tableError, type Problem } from "../model/problems";
import { CARDS, CARDS_WAITING, GODS, SOURCES } from "../model/schema";
import { refused, type EditPlan, type TableEdit } from "../plan/edits";
import { foundTable, type Campaign, type CampaignRead } from "../read/campaign";
import { latestCentury } from "../read/century";
import { centuryInput } from "./centuryEnd";
import { hasColumn, lookUp, missingTable } from "./lookUp";

/** The most cards bought or given up at once. */
export const MAX_CARDS = 1000;

export interface CardsOrder {
  readonly god: string;
  readonly sphere: string;
  /** cards bought (more than 0) or given up (less than 0) */
  readonly change: number;
  /** cards gained during the session in play (a promotion): they earn from the next session, counted in the row's Waiting */
  readonly waiting?: boolean;
}

export interface MultiplierChange {
  readonly source: string;
  readonly timing: Timing;
  readonly flat: boolean;
  readonly before: Ratio;
  readonly after: Ratio;
}

export interface CardsPreview {
  /** as the Gods table spells it (or Demons) */
  readonly god: string;
  /** as the Sources table spells it */
  readonly sphere: string;
  readonly change: number;
  readonly cardsBefore: number;
  readonly cardsAfter: number;
  readonly multipliers: readonly MultiplierChange[];
  /** the latest paid century, with what the god earned in it as counted now and with the new cards */
  readonly earned?: { readonly century: number; readonly before: Ratio; readonly after: Ratio };
  /** why there is no such figure */
  readonly noEarned?: string;
}

export interface CardsPlan extends EditPlan {
  readonly preview?: CardsPreview;
}

const refuse = (table: string, message: string, column?: string): CardsPlan => refused(tableError(table, message, column === undefined ? {} : { column }));

/** The holder of cards named `god`: a god of the Gods table that is not a demon, or Demons. */
function holderOf(campaign: Campaign, god: string): string | Problem {
  if (nameKey(god) === nameKey(DEMONS)) return DEMONS;
  const found = lookUp(campaign, GODS.name, campaign.gods, (g) => g.name, god, "GOD");
  if ("severity" in found) return found;
  if (found.kind === "demon") return tableError(GODS.name, `${found.name} is a demon: the demons hold their cards together, so buy the cards for ${DEMONS}.`);
  return found.name;
}

/** A multiplier as the messages show it: ×0.6, ×1/3. */
export function times(r: Ratio): string {
  return `×${formatExact(r)}`;
}

/** Mana with its sign, exactly: +2.3, -1/3. */
export function signed(r: Ratio): string {
  return `${cmp(r, ZERO) >= 0 ? "+" : ""}${formatExact(r)}`;
}

/**
 * What the sphere's cards in `held` add to each of the sphere's sources, timing by timing. A
 * source that other spheres pay too (Worship from Sun and from Harvest) counts only this
 * sphere's part: the cards bought or given up change that part alone.
 */
function sphereMultipliers(held: readonly CardHolding[], sources: readonly SourceRule[], sphere: string): Map<string, Ratio> {
  const out = new Map<string, Ratio>();
  const ofSphere = held.filter((h) => nameKey(h.sphere) === nameKey(sphere));
  for (const timing of new Set(sources.map((s) => s.timing))) {
    const ofTiming = sources.filter((s) => s.timing === timing);
    const found = multipliers(ofSphere, bySphere(ofTiming));
    for (const s of ofTiming) {
      if (nameKey(s.sphere) !== nameKey(sphere) || s.owners !== undefined) continue;
      out.set(`${timing}\u0000${nameKey(s.source)}`, found.get(nameKey(s.source))?.multiplier ?? ZERO);
    }
  }
  return out;
}

export function planCards(read: CampaignRead, order: CardsOrder): CardsPlan {
  const { campaign, problems } = read;
  if (foundTable(campaign, CARDS.name)?.usable !== true) return refused(missingTable(CARDS.name));
  if (foundTable(campaign, SOURCES.name)?.usable !== true) return refused(missingTable(SOURCES.name));
  // A Cards table the century end refuses (two rows for one sphere, a count that is not one) is
  // put right first: a change written into it would be one the next century end cannot read.
  const cardErrors = errorsIn(problems).filter((p) => p.table === CARDS.name);
  if (cardErrors.length > 0) return { edits: [], message: "", problems: cardErrors };
  const { change } = order;
  if (!Number.isInteger(change) || change === 0 || Math.abs(change) > MAX_CARDS)
    return refuse(
      CARDS.name,
      `${Number.isFinite(change) ? change : "that"} is not a number of cards to buy or give up: write +N or -N, a whole number from 1 to ${MAX_CARDS}.`,
      "Cards",
    );
  const god = holderOf(campaign, order.god);
  if (typeof god !== "string") return refused(god);
  const spheres = [...new Map(campaign.sources.map((s) => [nameKey(s.sphere), s.sphere.trim()])).values()];
  const sphere = spheres.find((s) => nameKey(s) === nameKey(order.sphere));
  if (sphere === undefined)
    return refused(
      tableError(SOURCES.name, `"${order.sphere.trim()}" is not a sphere of the Sources table.${didYouMean(order.sphere, spheres)}`, { argument: "SPHERE" }),
    );

  const own = campaign.cards.filter((c) => nameKey(c.god) === nameKey(god));
  const row = own.find((c) => nameKey(c.sphere) === nameKey(sphere));
  // The row's number counts its waiting cards too (those that earn from the next session).
  const cardsBefore = row?.held ?? 0;
  const cardsAfter = cardsBefore + change;
  if (order.waiting === true && change < 0)
    return refuse(CARDS.name, `only cards gained can wait for the next session: ${change} gives cards up.`, CARDS_WAITING);
  const waitingAfter = order.waiting === true ? (row?.waiting ?? 0) + change : Math.min(row?.waiting ?? 0, Math.max(0, cardsAfter));
  if (cardsAfter < 0)
    return refuse(CARDS.name, `${god} holds ${cardsBefore} ${sphere} card${cardsBefore === 1 ? "" : "s"}, so cannot give up ${-change}.`, "Cards");

  const heldBefore: CardHolding[] = own.map((c) => ({ god, sphere: c.sphere, cards: c.cards }));
  const heldAfter: CardHolding[] =
    row === undefined
      ? [...heldBefore, { god, sphere, cards: cardsAfter }]
      : heldBefore.map((c) => (nameKey(c.sphere) === nameKey(sphere) ? { ...c, cards: cardsAfter - waitingAfter } : c));
  const before = sphereMultipliers(heldBefore, campaign.sources, sphere);
  const after = sphereMultipliers(heldAfter, campaign.sources, sphere);
  const multipliers: MultiplierChange[] = [];
  for (const s of campaign.sources) {
    if (nameKey(s.sphere) !== nameKey(sphere) || s.owners !== undefined) continue;
    const k = `${s.timing}\u0000${nameKey(s.source)}`;
    if (multipliers.some((m) => `${m.timing}\u0000${nameKey(m.source)}` === k)) continue;
    multipliers.push({ source: s.source, timing: s.timing, flat: s.flat, before: before.get(k) ?? ZERO, after: after.get(k) ?? ZERO });
  }

  const latest = latestCentury(campaign);
  let earned: CardsPreview["earned"];
  let noEarned: string | undefined;
  if (latest === 0) noEarned = "No century has been paid yet, so there is no earlier century to compare with.";
  else if (errorsIn(problems).length > 0) noEarned = "The campaign has problems to fix first, so what the cards would have earned is not worked out.";
  else {
    const input = centuryInput(campaign, latest);
    const others = input.cards.filter((c) => nameKey(c.god) !== nameKey(god));
    const earnedWith = (held: readonly CardHolding[]): Ratio =>
      calculateCentury({ ...input, cards: [...others, ...held] }).payouts.find((p) => nameKey(p.god) === nameKey(god))?.earned ?? ZERO;
    earned = { century: latest, before: earnedWith(heldBefore), after: earnedWith(heldAfter) };
  }

  const edit: TableEdit =
    row === undefined
      ? {
          kind: "append",
          table: CARDS.name,
          rows: [{ God: god, Sphere: sphere, Cards: cardsAfter, ...(waitingAfter > 0 ? { [CARDS_WAITING]: waitingAfter } : {}) }],
        }
      : {
          kind: "update",
          table: CARDS.name,
          index: row.index,
          // A row cannot hold fewer cards than wait in it: cards given up below that take the waiting ones.
          values: { Cards: cardsAfter, ...(waitingAfter === row.waiting ? {} : { [CARDS_WAITING]: waitingAfter === 0 ? null : waitingAfter }) },
        };
  const preview: CardsPreview = {
    god,
    sphere,
    change,
    cardsBefore,
    cardsAfter,
    multipliers,
    ...(earned === undefined ? {} : { earned }),
    ...(noEarned === undefined ? {} : { noEarned }),
  };
  // A Cards table without a Waiting column gets one when a card waits.
  const table = foundTable(campaign, CARDS.name);
  const column: TableEdit[] =
    waitingAfter > 0 && table !== undefined && !hasColumn(table.raw, CARDS_WAITING)
      ? [{ kind: "addColumn", table: CARDS.name, header: CARDS_WAITING, values: table.raw.rows.map(() => null) }]
      : [];
  const waits =
    order.waiting === true ? ` ${change === 1 ? "It earns" : "They earn"} from the next session (the Cards table's ${CARDS_WAITING}: ${waitingAfter}).` : "";
  return { edits: [...column, edit], message: `${cardsMessage(preview)}${waits}`, details: multiplierLines(preview), problems: [], preview };
}

/** One line per source of the sphere: "Faithful ×0.2 → ×0.4", the sphere's part of each. */
export function multiplierLines(p: CardsPreview): string[] {
  return p.multipliers.map((m) => {
    const what = [m.timing === "century-end" ? "" : m.timing, m.flat ? "flat" : ""].filter((w) => w !== "").join(", ");
    return `${m.source}${what === "" ? "" : ` (${what})`} ${times(m.before)} → ${times(m.after)}`;
  });
}

/** The preview in a sentence or three. */
export function cardsMessage(p: CardsPreview): string {
  const n = Math.abs(p.change);
  const verb = p.change > 0 ? "buys" : "gives up";
  const head = `${p.god} ${verb} ${n} ${p.sphere} card${n === 1 ? "" : "s"} (${p.cardsBefore} → ${p.cardsAfter}): ${multiplierLines(p).join(", ")}.`;
  return `${head} ${earnedLine(p)}`.trim();
}

/** What the god would have earned in the latest paid century with the new cards, exactly; or why that is not said. */
export function earnedLine(p: CardsPreview): string {
  if (p.earned === undefined) return p.noEarned ?? "";
  const { century, before, after } = p.earned;
  return `In century ${century}, the latest paid, ${p.god} would have earned ${formatExact(after)} with these cards instead of ${formatExact(before)}: ${signed(sub(after, before))}.`;
}

/** The preview as numbers, for JSON. */
export function previewJson(p: CardsPreview): Record<string, unknown> {
  return {
    god: p.god,
    sphere: p.sphere,
    change: p.change,
    cards: { before: p.cardsBefore, after: p.cardsAfter },
    multipliers: p.multipliers.map((m) => ({ source: m.source, timing: m.timing, flat: m.flat, before: toNumber(m.before), after: toNumber(m.after) })),
    lastCentury:
      p.earned === undefined
        ? null
        : {
            century: p.earned.century,
            before: toNumber(p.earned.before),
            after: toNumber(p.earned.after),
            change: toNumber(sub(p.earned.after, p.earned.before)),
            exact: { before: formatExact(p.earned.before), after: formatExact(p.earned.after), change: formatExact(sub(p.earned.after, p.earned.before)) },
          },
  };
}
