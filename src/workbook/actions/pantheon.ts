/**
 * The task pane's pantheon tools on the campaign's tables: a cult, the obliteration of a god,
 * religious turmoil, and the Diabolism/Atheism check of a proposed change. The rules are the
 * engine's (docs/rules/09-pantheons-turmoil.md); this module finds the rows, hands them to the engine and turns its
 * answer into edits of the Pantheon, Cards and Races tables.
 */
import { attempt, RuleError } from "../../engine/errors";
import { cmp, floor, fromNumber, isZero, mul, ratio, sub, toNumber, type Ratio } from "../../engine/exact";
import { ATHEISM, DIABOLISM, nameKey } from "../../engine/names";
import { cult, inStyle, isDiabolism, isGod, obliterate, readPantheon, vetoOfChange, type Pantheon, type Share, type ShareStyle } from "../../engine/pantheon";
import { tableError, type Problem } from "../model/problems";
import { isBlankRow } from "../model/raw";
import { CARDS, GODS, PANTHEON, RACES } from "../model/schema";
import { foundTable, type Campaign, type God, type Race, type RacePantheon } from "../read/campaign";
import { refused, type EditPlan, type EditRow, type TableEdit } from "../plan/edits";
import { hasColumn, lookUp } from "./lookUp";
import { ownersEdit, sourcesOwnedBy } from "./owners";
import { NOBODY } from "../read/sources";

/** The race's pantheon, or why a tool cannot use it. */
function pantheonOf(campaign: Campaign, race: string): { race: Race; p: RacePantheon } | Problem {
  const known = lookUp(campaign, RACES.name, campaign.races, (r) => r.race, race);
  if ("severity" in known) return known;
  const found = campaign.pantheons.get(nameKey(known.race));
  if (found === undefined)
    return tableError(PANTHEON.name, `${known.race} has no rows in the Pantheon table yet; add its members and their shares there first.`);
  return { race: known, p: found };
}

// ---- Writing shares back ----------------------------------------------------------------

/**
 * Decimal places a share is written with: 4 for points (33.3333), 6 for fractions (0.333333).
 * The engine's shares are exact fractions such as 100/3; a cell can only hold a rounded number,
 * and the campaign's check wants the written shares to add up to exactly 100, so they are
 * rounded with the largest remainders rounded up until the total is exact.
 */
export const SHARE_PLACES = 4;

export function writtenShares(points: readonly Ratio[], style: ShareStyle): number[] {
  const places = style === "fractions" ? SHARE_PLACES + 2 : SHARE_PLACES;
  const unit = ratio(10n ** BigInt(places));
  const scaled = points.map((p) => mul(inStyle(p, style), unit));
  const whole = scaled.map((s) => floor(s));
  const target = floor(mul(inStyle(ratio(100), style), unit));
  let missing = whole.reduce((sum, w) => sum - w, target);
  // Largest remainders first; among equal ones, the earlier member.
  const order = scaled.map((s, i) => ({ i, rest: sub(s, ratio(whole[i] as bigint)) })).sort((a, b) => cmp(b.rest, a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0n) break;
    whole[i] = (whole[i] as bigint) + 1n;
    missing--;
  }
  return whole.map((w) => toNumber(ratio(w, 10n ** BigInt(places))));
}

/** A share in a message, as the cells show it once written (at most SHARE_PLACES decimals). */
function percent(points: Ratio): string {
  return `${Number(toNumber(points).toFixed(SHARE_PLACES))}%`;
}

interface Rewrite {
  readonly edits: TableEdit[];
  /** "Solara 50% → 55%", one per member whose share changed */
  readonly changes: string[];
}

/**
 * Edits that give a race's members their new shares: changed cells rewritten, members the
 * engine added appended, and the members in `removed` deleted (their share is then 0).
 */
function rewrite(p: RacePantheon, pantheon: Pantheon, after: readonly Share[], removed: ReadonlySet<string> = new Set()): Rewrite {
  const table = PANTHEON.name;
  const written = writtenShares(
    after.map((s) => s.share),
    pantheon.style,
  );
  const edits: TableEdit[] = [];
  const changes: string[] = [];
  const appended: EditRow[] = [];
  after.forEach((s, i) => {
    const value = written[i] as number;
    const before = pantheon.shares[i];
    const entry = p.entries[i];
    if (entry !== undefined && removed.has(nameKey(s.member))) return;
    if (before === undefined || entry === undefined) {
      appended.push({ Race: p.race, Member: s.member, Share: value });
      changes.push(`${s.member} joins with ${percent(s.share)}`);
      return;
    }
    if (toNumber(entry.share) !== value) edits.push({ kind: "update", table, index: entry.index, values: { Share: value } });
    if (cmp(before.share, s.share) !== 0) changes.push(`${s.member} ${percent(before.share)} → ${percent(s.share)}`);
  });
  if (appended.length > 0) edits.push({ kind: "append", table, rows: appended });
  const gone = p.entries.filter((e) => removed.has(nameKey(e.member))).map((e) => e.index);
  if (gone.length > 0) edits.push({ kind: "delete", table, indexes: gone });
  return { edits, changes };
}

function usable(found: { p: RacePantheon } | Problem): { p: RacePantheon; pantheon: Pantheon } | Problem {
  if ("severity" in found) return found;
  const { p } = found;
  return "severity" in p.pantheon ? p.pantheon : { p, pantheon: p.pantheon };
}

// ---- The tools ---------------------------------------------------------------------------

/** A member a pantheon may hold: a god that is not a demon, Diabolism or Atheism, as the tables spell it. */
function memberName(campaign: Campaign, name: string): string | Problem {
  if (!isGod(name)) return isDiabolism(name) ? DIABOLISM : ATHEISM;
  const god = lookUp(campaign, GODS.name, campaign.gods, (g) => g.name, name);
  if ("severity" in god) return god;
  if (god.kind === "demon")
    return tableError(GODS.name, `${god.name} is a demon: mortals worship demons through Diabolism, so a cult for a demon is a cult for Diabolism.`);
  return god.name;
}

/** A cult of `points` percentage points for `deity` in a race's pantheon (engine: cult). */
export function planCult(campaign: Campaign, race: string, deity: string, points: number): EditPlan {
  if (!Number.isFinite(points) || points <= 0 || points > 100) {
    return refused(
      tableError(PANTHEON.name, `a cult adds between 0 and 100 points to a deity; ${Number.isFinite(points) ? points : "that"} is not such a number.`),
    );
  }
  const name = memberName(campaign, deity);
  if (typeof name !== "string") return refused(name);
  const found = usable(pantheonOf(campaign, race));
  if ("severity" in found) return refused(found);
  const { p, pantheon } = found;
  const after = cult(pantheon.shares, name, fromNumber(points));
  const { edits, changes } = rewrite(p, pantheon, after);
  if (changes.length === 0) return { edits, message: `${name} already holds the whole pantheon of the ${p.race}; nothing changed.`, problems: [] };
  return { edits, message: `Cult of ${name} among the ${p.race}: ${changes.join(", ")}.`, problems: [] };
}

/**
 * Obliterates a god (engine: obliterate): in every pantheon where it has a share, the share is
 * split among the other gods (or goes to Atheism when none is left) and the god's row is
 * removed; its Cards rows are removed too, and it is no longer an owner of a source held jointly.
 * Its row in the Gods table stays, for the Ledger.
 */
export function planObliterate(campaign: Campaign, god: string): EditPlan {
  const row = lookUp<God>(campaign, GODS.name, campaign.gods, (g) => g.name, god);
  if ("severity" in row) return refused(row);
  const name = row.name;

  const edits: TableEdit[] = [];
  const details: string[] = [];
  const problems: Problem[] = [];
  for (const p of campaign.pantheons.values()) {
    if (!p.entries.some((e) => nameKey(e.member) === nameKey(name))) continue;
    const found = usable({ p });
    if ("severity" in found) {
      problems.push(found);
      continue;
    }
    const after = obliterate(found.pantheon.shares, name);
    const change = rewrite(found.p, found.pantheon, after, new Set([nameKey(name)]));
    edits.push(...change.edits);
    details.push(`${p.race}: ${change.changes.length > 0 ? change.changes.join(", ") : `${name} had no share left`}.`);
  }
  if (problems.length > 0) return { edits: [], message: "", problems };

  const cardRows = campaign.cards.filter((c) => nameKey(c.god) === nameKey(name)).map((c) => c.index);
  if (cardRows.length > 0) {
    edits.push({ kind: "delete", table: CARDS.name, indexes: cardRows });
    details.push(`Cards: ${cardRows.length === 1 ? "its row was" : `its ${cardRows.length} rows were`} removed.`);
  }
  // A source held jointly: the obliterated god is no longer one of its owners; the others share it.
  for (const s of sourcesOwnedBy(campaign, name)) {
    const left = s.owners.filter((n) => nameKey(n) !== nameKey(name));
    edits.push(ownersEdit(s.index, left.length === 0 ? [NOBODY] : left));
    details.push(
      left.length === 0
        ? `Sources: ${name} held "${s.source}" alone; it now reads ${NOBODY} and pays no one.`
        : `Sources: "${s.source}" is now shared by ${left.join(", ")}.`,
    );
  }
  if (edits.length === 0)
    return { edits, message: `${name} holds no cards, no share of any pantheon and no source: there was nothing to change.`, problems: [] };
  return {
    edits,
    message: `${name} is obliterated. Its worshippers turned to the other gods of each pantheon (to Atheism where none was left). ${name} stays in the Gods table for the Ledger; delete that row yourself if the player leaves the game.`,
    details,
    problems: [],
  };
}

/** Marks a race as in religious turmoil this century, or no longer (adding the Turmoil column if needed). */
export function planTurmoil(campaign: Campaign, race: string, inTurmoil: boolean): EditPlan {
  const row = lookUp<Race>(campaign, RACES.name, campaign.races, (r) => r.race, race);
  if ("severity" in row) return refused(row);
  const races = foundTable(campaign, RACES.name)?.raw;
  const word = inTurmoil ? "yes" : "no";
  const message = inTurmoil
    ? `The ${row.race} are in religious turmoil: they give no worship for this century.`
    : `The ${row.race} are no longer marked as in religious turmoil. A race in turmoil at any time of a century gives no worship for all of it, so clear the mark only once that century has been ended.`;
  if (races !== undefined && !hasColumn(races, "Turmoil")) {
    const values = races.rows.map((cells, i) => (isBlankRow(cells) ? null : i === row.index ? word : "no"));
    return {
      edits: [{ kind: "addColumn", table: RACES.name, header: "Turmoil", values }],
      message: `${message} (The Races table now has a Turmoil column.)`,
      problems: [],
    };
  }
  if (row.turmoil === inTurmoil)
    return { edits: [], message: `The ${row.race} ${inTurmoil ? "are already" : "are not"} marked as in religious turmoil; nothing changed.`, problems: [] };
  return { edits: [{ kind: "update", table: RACES.name, index: row.index, values: { Turmoil: word } }], message, problems: [] };
}

export interface ProposedShare {
  readonly member: string;
  /** percentage points */
  readonly share: number;
}

export interface ChangeVerdict {
  /** true when Diabolism and Atheism accept, false when one vetoes, undefined when the check could not be made */
  readonly accepted?: boolean;
  readonly message: string;
  readonly problems: readonly Problem[];
}

/** Whether Diabolism and Atheism accept a race's pantheon becoming `proposed` (engine: vetoOfChange). */
export function checkChange(campaign: Campaign, race: string, proposed: readonly ProposedShare[]): ChangeVerdict {
  const found = usable(pantheonOf(campaign, race));
  if ("severity" in found) return { message: "", problems: [found] };
  const rows = proposed.filter((s) => s.member.trim() !== "");
  const proposal = attempt(() => {
    if (rows.some((s) => !Number.isFinite(s.share)))
      throw new RuleError("Every member needs a share, written as a number of points (0 for a member that leaves).");
    // Points, whatever the table uses: the pane shows and takes points.
    const after = readPantheon(rows.map((s) => ({ member: s.member, share: fromNumber(s.share) })));
    if (after.style === "fractions") throw new RuleError("Write the proposed shares as points adding up to 100.");
    return after;
  });
  if ("problem" in proposal) return { message: `The proposed pantheon is not sound: ${proposal.problem}`, problems: [] };
  const veto = vetoOfChange(found.pantheon.shares, proposal.value.shares);
  if (veto !== null) return { accepted: false, message: veto, problems: [] };
  const special = found.pantheon.shares.filter((s) => !isGod(s.member) && !isZero(s.share)).map((s) => s.member);
  return {
    accepted: true,
    message:
      special.length === 0
        ? `Neither Diabolism nor Atheism has a share in the pantheon of the ${found.p.race}, so neither has a say; the gods of the pantheon decide.`
        : `${special.join(" and ")} ${special.length === 1 ? "accepts" : "accept"} this change.`,
    problems: [],
  };
}
