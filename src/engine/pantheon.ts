/*
 * A race's pantheon: who it worships and with what share. Shares are kept exactly, in
 * percentage points (100 in all), so a cult of 10 on three equal members leaves each exactly
 * 30 and the total exactly 100, however many changes follow.
 */
import { checkRoll } from "./checks";
import { attempt, fail } from "./errors";
import { ATHEISM, DIABOLISM, nameKey } from "./names";
import { add, cmp, div, isNegative, isZero, mul, ONE, ratio, sub, toNumber, ZERO, type Ratio } from "./exact";

/** One member and its share, in percentage points. */
export interface Share {
  readonly member: string;
  readonly share: Ratio;
}

/** One entry as written in a table: either part may be missing. */
export interface PantheonRow {
  readonly member: string | null;
  readonly share: Ratio | null;
}

/** How a table writes its shares: points (40, 60) or fractions (0.4, 0.6, as a % cell holds them). */
export type ShareStyle = "points" | "fractions";

export interface Pantheon {
  /** The members in table order, empty entries left out, shares in points adding up to exactly 100. */
  readonly shares: Share[];
  readonly style: ShareStyle;
}

export const HUNDRED: Ratio = ratio(100);
/** The rise Diabolism and Atheism ask for before they accept a change. */
export const SPECIAL_MEMBER_RISE: Ratio = ratio(5);

/** Diabolism (worship of the demons) and Atheism (of nobody) are the two members that are not gods. */
export function isDiabolism(name: string): boolean {
  return nameKey(name) === nameKey(DIABOLISM);
}

export function isAtheism(name: string): boolean {
  return nameKey(name) === nameKey(ATHEISM);
}

/** Diabolism and Atheism are members, but not gods. */
export function isGod(name: string): boolean {
  return !isDiabolism(name) && !isAtheism(name);
}

/** A share as a gamemaster reads it in a message: at most 12 significant digits. */
export function showShare(share: Ratio): string {
  return String(Number(toNumber(share).toPrecision(12)));
}

/** A sum counts as its target when it is off by no more than a billionth of it: what cells
 *  holding the results of earlier changes (33.333333333333336…) leave behind. */
function near(sum: Ratio, target: Ratio): boolean {
  const gap = sub(sum, target);
  const size = isNegative(gap) ? { n: -gap.n, d: gap.d } : gap;
  return cmp(mul(size, ratio(1_000_000_000)), target) <= 0;
}

function total(shares: readonly Share[]): Ratio {
  return shares.reduce((sum, s) => add(sum, s.share), ZERO);
}

function mixedStyles(shares: readonly { member: string; share: Ratio }[]): string | null {
  const fraction = shares.find((s) => !isZero(s.share) && cmp(s.share, ONE) <= 0);
  const point = shares.find((s) => cmp(s.share, ONE) > 0);
  if (fraction === undefined || point === undefined) return null;
  const asPoints = shares.reduce((sum, s) => add(sum, cmp(s.share, ONE) <= 0 ? mul(s.share, HUNDRED) : s.share), ZERO);
  if (!near(asPoints, HUNDRED)) return null;
  return (
    `The shares are written two ways: ${fraction.member} has ${showShare(fraction.share)} (a fraction) but ` +
    `${point.member} has ${showShare(point.share)} (points). Write them all as points (40, 60) or all as fractions (0.4, 0.6 or 40%, 60%).`
  );
}

/**
 * Reads a pantheon from the entries of a table (entry numbers in messages count from 1).
 * Entries with neither member nor share are skipped. Shares add up to 100 as points, or to 1 as
 * fractions; either way they come back in points, scaled to add up to exactly 100.
 * Throws a RuleError saying what is wrong otherwise.
 */
export function readPantheon(rows: readonly PantheonRow[]): Pantheon {
  const seen = new Map<string, number>();
  const entries: Share[] = [];
  rows.forEach((row, i) => {
    const at = i + 1;
    if (row.member === null && row.share === null) return;
    if (row.member === null) fail(`Entry ${at} has a share (${showShare(row.share as Ratio)}) but no member.`);
    if (row.share === null) fail(`${row.member} (entry ${at}) has no share.`);
    if (isNegative(row.share)) fail(`${row.member} has a negative share (${showShare(row.share)}).`);
    const key = nameKey(row.member);
    const first = seen.get(key);
    if (first !== undefined) fail(`${row.member} is listed twice (entries ${first} and ${at}).`);
    seen.set(key, at);
    entries.push({ member: row.member.trim(), share: row.share });
  });
  if (entries.length === 0) fail(`The pantheon has no members.`);
  const sum = total(entries);
  let style: ShareStyle;
  if (near(sum, ONE)) style = "fractions";
  else if (near(sum, HUNDRED)) style = "points";
  else {
    const mixed = mixedStyles(entries);
    if (mixed !== null) fail(mixed);
    // Shares all written as fractions (as a cell formatted as a percentage holds them) are told in percent.
    if (entries.every((e) => cmp(e.share, ONE) <= 0)) {
      return fail(`The shares add up to ${showShare(mul(sum, HUNDRED))}% (${showShare(sum)} as a fraction); they must add up to 100%.`);
    }
    return fail(`The shares add up to ${showShare(sum)}; they must add up to 100 (or to 1 when written as fractions such as 0.4 or 40%).`);
  }
  // Scaled by 100 / sum: exact whether the table wrote points or fractions, and it mops up the
  // last-digit noise that near() let through.
  const scale = div(HUNDRED, sum);
  return { shares: entries.map((s) => ({ member: s.member, share: mul(s.share, scale) })), style };
}

/** What is wrong with a pantheon, in a sentence; null when it is sound. */
export function pantheonProblem(rows: readonly PantheonRow[]): string | null {
  const answer = attempt(() => readPantheon(rows));
  return "problem" in answer ? answer.problem : null;
}

/** A share in the way the table writes it. */
export function inStyle(points: Ratio, style: ShareStyle): Ratio {
  return style === "fractions" ? div(points, HUNDRED) : points;
}

function checkShares(shares: readonly Share[]): void {
  if (shares.length === 0) fail(`The pantheon has no members.`);
  for (const s of shares) if (isNegative(s.share)) fail(`${s.member} has a negative share (${showShare(s.share)}).`);
  const sum = total(shares);
  if (cmp(sum, HUNDRED) !== 0) fail(`The shares add up to ${showShare(sum)}, not 100.`);
}

function indexOf(shares: readonly Share[], name: string): number {
  const key = nameKey(name);
  return shares.findIndex((s) => nameKey(s.member) === key);
}

/**
 * A cult: the deity gains `points` percentage points and every other member gives up the same
 * fraction of its own share, so the total stays 100. A deity not yet a member joins at the end
 * with the points. A cult larger than all the other members hold leaves the deity with 100.
 * @example cult([{member:"Ares",share:60},{member:"Hera",share:40}], "Hera", 10) // Ares 50, Hera 50
 */
export function cult(shares: readonly Share[], deity: string, points: Ratio): Share[] {
  checkShares(shares);
  if (deity.trim() === "") fail(`Name the deity the cult is for.`);
  if (isNegative(points)) fail(`A cult adds points to a deity; ${showShare(points)} is negative.`);
  const at = indexOf(shares, deity);
  const current = at < 0 ? ZERO : (shares[at] as Share).share;
  const target = add(current, points);
  const result: Share[] = [];
  if (cmp(target, HUNDRED) >= 0) {
    shares.forEach((s, i) => result.push({ member: s.member, share: i === at ? HUNDRED : ZERO }));
    if (at < 0) result.push({ member: deity.trim(), share: HUNDRED });
    return result;
  }
  // Every other member keeps the same fraction of what it had: (100 − new) / (100 − old).
  const keep = div(sub(HUNDRED, target), sub(HUNDRED, current));
  shares.forEach((s, i) => result.push({ member: s.member, share: i === at ? target : mul(s.share, keep) }));
  if (at < 0) result.push({ member: deity.trim(), share: target });
  return result;
}

/**
 * An obliterated god's share goes in equal parts to the other gods of the pantheon (Diabolism,
 * Atheism and members already at 0 get nothing); the god keeps its entry at 0. When no other god
 * is left, its worshippers turn to nobody: the share goes to Atheism, which joins at the end if
 * it is not a member yet.
 * @example obliterate([{member:"Ares",share:50},{member:"Hera",share:25},{member:"Zeus",share:25}], "Ares") // 0, 50, 50
 */
export function obliterate(shares: readonly Share[], god: string): Share[] {
  checkShares(shares);
  const at = indexOf(shares, god);
  if (at < 0) fail(`${god.trim() === "" ? "An empty name" : god.trim()} is not a member of this pantheon.`);
  const dead = shares[at] as Share;
  if (!isGod(dead.member)) fail(`${dead.member} is not a god, so it cannot be obliterated.`);
  const heirs = shares.map((s, i) => i).filter((i) => i !== at && isGod((shares[i] as Share).member) && !isZero((shares[i] as Share).share));
  const result: Share[] = shares.map((s, i) => ({ member: s.member, share: i === at ? ZERO : s.share }));
  if (heirs.length > 0) {
    const part = div(dead.share, ratio(heirs.length));
    for (const i of heirs) {
      const s = result[i] as Share;
      result[i] = { member: s.member, share: add(s.share, part) };
    }
    return result;
  }
  const atheism = result.findIndex((s) => isAtheism(s.member));
  if (atheism < 0) result.push({ member: ATHEISM, share: dead.share });
  else {
    const s = result[atheism] as Share;
    result[atheism] = { member: s.member, share: add(s.share, dead.share) };
  }
  return result;
}

function shareOf(shares: readonly Share[], name: string): Ratio {
  const at = indexOf(shares, name);
  return at < 0 ? ZERO : (shares[at] as Share).share;
}

/**
 * Why Diabolism or Atheism vetoes a change of the pantheon, or null when none does.
 * Either one, when it is a member before the change (share above 0), accepts a change only if
 * its share rises by 5 points or more; a change of the others' shares alone is still a change
 * and needs that rise. A special member that is not in the pantheon before has no say.
 *
 * Leaving every share as it was is normally no change, and nobody objects. Ending religious
 * turmoil is the exception (`endingTurmoil`): the members must agree on a division even when it
 * stays exactly the same, by the same procedure, so an unchanged division is vetoed by any
 * special member (its share rises by 0).
 * @example vetoOfChange(same, same) // null
 * @example vetoOfChange(same, same, true) // "Diabolism vetoes the new division, so the turmoil goes on: …" when Diabolism is a member
 */
export function vetoOfChange(before: readonly Share[], after: readonly Share[], endingTurmoil = false): string | null {
  checkShares(before);
  checkShares(after);
  const names = [...before, ...after].map((s) => s.member);
  const changed = names.some((name) => cmp(shareOf(before, name), shareOf(after, name)) !== 0);
  if (!changed && !endingTurmoil) return null;
  const vetoes: string[] = [];
  for (const s of before) {
    if (isGod(s.member) || isZero(s.share)) continue;
    const now = shareOf(after, s.member);
    if (cmp(sub(now, s.share), SPECIAL_MEMBER_RISE) < 0) {
      const what = endingTurmoil ? "the new division, so the turmoil goes on" : "the change";
      vetoes.push(
        `${s.member} vetoes ${what}: its share would go from ${showShare(s.share)}% to ${showShare(now)}%, ` +
          `and it agrees only to a rise of 5 points or more (to ${showShare(add(s.share, SPECIAL_MEMBER_RISE))}% or more).`,
      );
    }
  }
  return vetoes.length === 0 ? null : vetoes.join(" ");
}

/**
 * What the d6 roll for a race in religious turmoil does at the end of the century.
 * @example turmoil(4) // "a random member is expelled"
 */
export function turmoil(roll: number): string {
  checkRoll(roll);
  if (roll <= 2) return "no effect";
  if (roll <= 4) return "a random member is expelled";
  return "a random member expels another member of its choice";
}
