/**
 * Starting the book again when the Ledger and its seal are gone and cannot be put back: the
 * credits the book's head says were written are lost from the workbook, so every account opens
 * again (at 0, or at the carry the gamemaster gives), and the new Ledger opens with one credit of
 * the opening kind at the last century the lost book had paid. That row is the mark of what was
 * paid: no century up to it can be ended again, so nothing the lost book paid is paid twice.
 */
import { isNegative, parseDecimal } from "../../engine/exact";
import { headIn, isBookGone, type BookHead } from "../read/head";
import { payWarning, tableError, type Problem } from "../model/problems";
import { LEDGER } from "../model/schema";
import type { RawWorkbook } from "../model/raw";
import type { CampaignRead } from "../read/types";
import type { CreditOutcome } from "./credit";
import { planOpening } from "./adopt/opening";
import { ERA_END_LOST } from "./restartWhat";

// The words of a restarted book's What, apart: the era's end and the undo, in the pane's first load, read them without this planner.
export { eraEndLost, isRestartWhat } from "./restartWhat";

/** The Ledger's What of a book started again. */
export const restartWhat = (century: number, eraEndLost = false): string =>
  `started again at century ${century}: the book before it was lost${eraEndLost ? ERA_END_LOST : ""}`;

export interface RestartAsk {
  /** the last century the lost book paid, when the gamemaster knows it is later than the head shows */
  readonly century?: number;
  /** each god's carry, as the gamemaster knows it: "Vorn" → "0.79" */
  readonly carries: readonly { readonly god: string; readonly carry: string }[];
}

/**
 * The last century whose end the lost book had paid, as far as its head shows: a century end
 * (or an opening) names its century; an event, debit or correction is credited in the century
 * in play, so the one before it had ended. 0 when the head names none.
 */
export function paidThrough(head: BookHead): number {
  let paid = 0;
  for (const [key] of head.credits) {
    const [kind, at] = key.split("|");
    const century = Number(at);
    if (!Number.isSafeInteger(century)) continue;
    const ended = kind === "century-end" || kind === "opening" || kind === "era-end" ? century : century - 1;
    if (ended > paid) paid = ended;
  }
  return paid;
}

export interface RestartOutcome extends CreditOutcome {
  /** what the head of the lost book said: how many rows it held, and its latest credits by name */
  readonly lost?: { readonly rows: number; readonly credits: readonly string[]; readonly known: number };
  /** whether an era's end with its century may have been paid in the lost book: then none is credited again */
  readonly eraEndLost?: boolean;
}

export function planRestart(raw: RawWorkbook, read: CampaignRead, ask: RestartAsk): RestartOutcome {
  const gone = read.problems.filter(isBookGone);
  const head = raw.headCopies !== undefined && raw.headCopies > 1 ? undefined : headIn(raw.bookHead);
  const fail = (message: string, extra: readonly Problem[] = []): RestartOutcome => ({
    kind: "opening",
    what: "",
    century: 0,
    campaign: read.campaign,
    payments: [],
    postings: [],
    problems: [...extra, tableError(LEDGER.name, message)],
  });
  // Gone: named so, or (when a century's Mana sheet was left behind and is named first) no Ledger row while the head counts some.
  if ((gone.length === 0 && read.campaign.ledger.length > 0) || head === undefined || head.rows === 0)
    return fail(
      "the Ledger is not gone: only a workbook whose Ledger and seal were deleted while its book still names credits is started again. Nothing was changed.",
    );
  const rest = read.problems.filter((p) => !isBookGone(p));
  const known = paidThrough(head);
  if (ask.century !== undefined && ask.century < known)
    return fail(
      `the lost book had paid century ${known} already (its head names it): the book cannot start again before it, or century ${known} would be paid a second time.`,
      rest,
    );
  const century = ask.century ?? known;
  // The era's end at that century is known not paid only when the head names the century's end and no era's end after it.
  const keys = head.credits.map(([key]) => key);
  const eraEndOpen = keys.includes(`century-end|${century}|`) && !keys.includes(`era-end|${century}|era ending with century ${century}`);
  const problems: Problem[] = [];
  for (const c of ask.carries) {
    const r = parseDecimal(c.carry);
    if (r !== null && !isNegative(r) && r.n >= r.d)
      problems.push(
        tableError(
          LEDGER.name,
          `--carry ${c.god}=${c.carry}: a carry is the fraction of a mana left over (below 1), or what an account owes (below 0); whole mana was paid out of the boxes already.`,
          { argument: "--carry" },
        ),
      );
  }
  const credits = head.credits.map(([, name]) => name);
  const latest = credits[credits.length - 1];
  const carried =
    ask.carries.length === 0
      ? "every carried fraction of a mana is lost (none was given with --carry GOD=AMOUNT)"
      : `only the carries given are kept (${ask.carries.map((c) => `${c.god} ${c.carry}`).join(", ")}); every other carried fraction is lost`;
  problems.push(
    payWarning(
      LEDGER.name,
      `starting the book again: the ${head.rows} rows the lost Ledger held${latest === undefined ? "" : ` (its latest credit ${latest})`} are not brought back, and nothing in the workbook shows them any more. Every account opens again at 0; ${carried}. ${
        century === 0
          ? "The lost book's head names no century end, so"
          : `Centuries up to ${century} are marked paid in the lost book and can never be ended again, so`
      } the next century end is century ${century + 1}${
        century === 0 || eraEndOpen ? "" : `, and no era's end with century ${century} can be credited (the lost book may have paid it)`
      }. What the head cannot tell: it names only the book's latest ${credits.length === 1 ? "credit" : `${credits.length} credits`} (any older ones only as part of its count of rows), not what each account carried, and not which events, debits or corrections of century ${century + 1} were credited before the Ledger was lost: credit again only what you know was not. Put back the Ledger from a saved copy or Excel's version history instead if you can.`,
    ),
  );
  const opened = planOpening(
    { ...read, problems: rest },
    { century, opening: ask.carries.map((c) => ({ god: c.god, carry: c.carry, from: "--carry" })), what: restartWhat(century, !eraEndOpen) },
  );
  return {
    ...opened,
    problems: [...problems, ...opened.problems],
    lost: { rows: head.rows, credits, known },
    eraEndLost: !eraEndOpen,
    ...(opened.plan === undefined ? {} : { plan: opened.plan }),
  };
}
