/**
 * A debit: mana a character must lose that it may not hold (a lord's loss). What its account
 * carries goes first; the rest it owes, and its next credits pay the debt before any whole mana
 * reaches its box. (A surrender never leaves a debt: it gives at most half of what the loser holds.)
 */
import { debit, owed } from "../../engine/book";
import { cmp, fromNumber, isNegative, isZero, mul, parseDecimal, type Ratio } from "../../engine/exact";
import { escapeControls, reasonProblem } from "../model/names";
import { DEMONS, didYouMean, nameKey } from "../../engine/names";
import { tableError, errorsIn, payingNobody } from "../model/problems";
import { GODS, LEDGER } from "../model/schema";
import type { Campaign, CampaignRead } from "../read/campaign";
import { gameOver, recipients } from "../read/century";
import { centuryInPlay, eventOf, latestCredit } from "../read/credits";
import { carries, credit, creditWhat, type CreditOutcome } from "./credit";

/** The most mana one debit takes: more is a typo. */
export const MAX_DEBIT = 1_000_000;

/** The longest reason kept in the Ledger's What. */
const REASON_LENGTH = 200;

export interface DebitOptions {
  /** the gamemaster says the same debit really happened again, right after it was recorded */
  readonly again?: boolean;
}

/** How many debits of this reason the century has had already, so that each has a name of its own. */
function debitsOf(campaign: Campaign, reason: string, century: number): number {
  return new Set(campaign.ledger.filter((r) => r.kind === "debit" && r.century === century && nameKey(eventOf(r.what)) === nameKey(reason)).map((r) => r.what))
    .size;
}

/** An amount of mana as typed (5, 2.5), exactly; null when it is not a number. */
function amountOf(value: string | number): Ratio | null {
  if (typeof value === "number") return Number.isFinite(value) ? fromNumber(value) : null;
  return parseDecimal(value.trim());
}

/** Takes `mana` from `god`'s account in the century in play, for `because`. */
export function planDebit(read: CampaignRead, god: string, mana: string | number, because: string, options: DebitOptions = {}): CreditOutcome {
  const { campaign } = read;
  const amount = amountOf(mana);
  // A debit pays nobody: warnings about what others would be paid do not stop it.
  const problems = payingNobody(read.problems);
  const century = centuryInPlay(campaign);
  const reason = because.trim().replace(/\s+/g, " ").slice(0, REASON_LENGTH);
  const { what, renamed } = creditWhat(campaign, "debit", century, reason, reason === "" ? 0 : debitsOf(campaign, reason, century));
  if (renamed !== undefined) problems.push(renamed);
  const who = recipients(campaign);
  const found = who.find((g) => nameKey(g) === nameKey(god));
  const name = found ?? god.trim();
  const base = { kind: "debit" as const, what, century, campaign, payments: [], postings: [] };
  const over = gameOver(campaign);
  if (over !== undefined) return { ...base, problems: [...problems, over] };
  if (found === undefined) {
    const demon = campaign.gods.find((g) => g.kind === "demon" && nameKey(g.name) === nameKey(god));
    problems.push(
      tableError(
        GODS.name,
        demon !== undefined
          ? `${demon.name} is a demon: the demons share one account, ${DEMONS}; take the mana from that.`
          : `"${god.trim().slice(0, 100)}" has no account: it is not a god of the Gods table, nor ${DEMONS}.${didYouMean(god, who)}`,
        { argument: "GOD" },
      ),
    );
  }
  if (reason === "")
    problems.push(tableError(LEDGER.name, 'say why the mana is taken (--what "Lord\'s loss"): the reason is kept in the Ledger.', { argument: "--what" }));
  else {
    // The reader's rules at the writer's door: the reason goes into the Ledger's What.
    const bad = reasonProblem(because);
    if (bad !== undefined) problems.push(tableError(LEDGER.name, bad, { argument: "--what" }));
  }
  const typed = escapeControls(String(mana).trim().slice(0, 40));
  if (amount === null || isNegative(amount) || isZero(amount) || cmp(amount, { n: BigInt(MAX_DEBIT), d: 1n }) > 0) {
    problems.push(
      tableError(LEDGER.name, `a debit takes more than 0 and at most ${MAX_DEBIT.toLocaleString("en")} mana, not ${typed === "" ? "nothing" : `"${typed}"`}.`, {
        argument: "N",
      }),
    );
  } else if (!isZero(mul(amount, { n: 1_000_000n, d: 1n })) && mul(amount, { n: 1_000_000n, d: 1n }).d !== 1n) {
    // The Ledger shows mana to the millionth: less than that would be written as nothing at all.
    problems.push(tableError(LEDGER.name, `a debit is given in mana to at most 6 decimal places (0.000001), not "${typed}".`, { argument: "N" }));
  }
  const latest = latestCredit(campaign);
  const last = latest[0];
  if (
    options.again !== true &&
    last !== undefined &&
    last.kind === "debit" &&
    last.century === century &&
    latest.length === 1 &&
    nameKey(last.god) === nameKey(name) &&
    nameKey(eventOf(last.what)) === nameKey(reason)
  ) {
    problems.push(
      tableError(
        LEDGER.name,
        `${last.god} was just debited for "${reason}" (this row). If it really lost mana for it again, say so (--again, or confirm in the pane); otherwise it is already recorded.`,
        { row: last.row },
      ),
    );
  }
  if (errorsIn(problems).length > 0 || found === undefined || amount === null) return { ...base, problems };
  const posting = debit(found, amount, carries(campaign).get(found) ?? { n: 0n, d: 1n });
  return credit(read, "debit", what, century, [posting], problems);
}

/** What `god`'s account owes now, exactly (0 when it owes nothing). */
export function owedBy(campaign: Campaign, god: string): Ratio {
  const account = campaign.accounts.get(nameKey(god));
  return account === undefined ? { n: 0n, d: 1n } : owed(account.carry);
}
