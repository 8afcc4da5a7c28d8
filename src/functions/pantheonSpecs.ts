/**
 * The signatures of the pantheon functions (rules §9): turmoil, a cult, an obliteration, and the
 * checks of a pantheon and of a change to it, over a column (or row) of members beside their shares.
 */
import {
  cult,
  inStyle,
  obliterate,
  pantheonProblem,
  readPantheon,
  turmoil,
  vetoOfChange,
  type PantheonRow,
  type Share,
  type ShareStyle,
} from "../engine/pantheon";
import { fail, restated, RuleError } from "../engine/errors";
import { cmp, mul, ONE, ratio, toNumber, ZERO, type Ratio } from "../engine/exact";
import { flag, names, points, roll, shares, text, type Line, type Points } from "./params";
import { define, type Scalar } from "./runner";

export const TURMOIL = define("TURMOIL", [roll("roll")], (r) => turmoil(r));

/**
 * Pairs each member with the share beside it. The empty entries after the last that holds
 * something are left out: a whole column given (a million cells) is the pantheon it holds, and
 * what is handed back is as long as that.
 */
function entries(members: Line<string | null>, given: Line<Ratio | null>, sharesName: string): PantheonRow[] {
  if (members.size !== given.size) {
    fail(`members has ${members.size} entries but ${sharesName} has ${given.size}: give one share beside each member.`);
  }
  let end = Math.max(members.values.length, given.values.length);
  while (end > 0 && members.values[end - 1] === null && given.values[end - 1] === null) end--;
  const rows: PantheonRow[] = new Array<PantheonRow>(end);
  for (let i = 0; i < end; i++) rows[i] = { member: members.values[i] ?? null, share: given.values[i] ?? null };
  return rows;
}

/**
 * New shares laid out beside the members, as the table writes them: empty entries stay empty,
 * a member that joined comes last. Exact shares become the nearest number a cell holds.
 */
function beside(rows: readonly PantheonRow[], result: readonly Share[], style: ShareStyle, across: boolean): Scalar[][] {
  const out: Scalar[] = [];
  let next = 0;
  const value = (s: Share | undefined): number => toNumber(inStyle((s as Share).share, style));
  for (const row of rows) out.push(row.member === null && row.share === null ? "" : value(result[next++]));
  while (next < result.length) out.push(value(result[next++]));
  return across ? [out] : out.map((v) => [v]);
}

/** The cult's points in percentage points: written like the shares, or with a % sign. */
function cultPoints(p: Points, style: ShareStyle): Ratio {
  if (p.percent) return mul(p.value, ratio(100));
  if (style === "points") return p.value;
  if (cmp(p.value, ONE) > 0) {
    fail(`points: the shares are written as fractions, so write the cult's points the same way (0.1 or 10% for 10 points), not ${toNumber(p.value)}.`);
  }
  return mul(p.value, ratio(100));
}

export const CULT = define("CULT", [names("members"), shares("shares"), text("deity", "the deity's name"), points("points")], (members, given, deity, p) => {
  const rows = entries(members, given, "shares");
  const pantheon = readPantheon(rows);
  return beside(rows, cult(pantheon.shares, deity, cultPoints(p, pantheon.style)), pantheon.style, members.across);
});

export const OBLITERATE = define("OBLITERATE", [names("members"), shares("shares"), text("god", "the god's name")], (members, given, god) => {
  const rows = entries(members, given, "shares");
  const pantheon = readPantheon(rows);
  return beside(rows, obliterate(pantheon.shares, god), pantheon.style, members.across);
});

export const PANTHEONCHECK = define("PANTHEONCHECK", [names("members"), shares("shares")], (members, given) => {
  return pantheonProblem(entries(members, given, "shares")) ?? true;
});

/** One version of the pantheon for PANTHEONCHANGE: a listed member without a share is not in it. */
function version(members: Line<string | null>, given: Line<Ratio | null>, sharesName: string): Share[] {
  const rows = entries(members, given, sharesName).map((r) => (r.member !== null && r.share === null ? { member: r.member, share: ZERO } : r));
  return restated(
    () => readPantheon(rows).shares,
    (message) => new RuleError(`${sharesName}: ${message}`),
  );
}

export const PANTHEONCHANGE = define(
  "PANTHEONCHANGE",
  [names("members"), shares("old_shares"), shares("new_shares"), flag("ending_turmoil")],
  (members, before, after, endingTurmoil) => vetoOfChange(version(members, before, "old_shares"), version(members, after, "new_shares"), endingTurmoil) ?? true,
);
