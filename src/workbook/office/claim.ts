/**
 * Several referees at once (Excel on the web, each computer with the pane open on one workbook):
 * before anything that pays is written, this computer claims the book in a setting of its own
 * ("gods.paying.<this computer>") and, in the same request, reads every such claim and the Ledger
 * again. Requests reach a workbook one after another, so of two computers claiming at once the
 * later one sees the earlier one's claim and stops; a Ledger changed since it was read means
 * someone paid or credited meanwhile, and nothing is written over it. The claim is removed in
 * the request that writes the Ledger. One left by a computer that stopped half-way (Excel
 * closed) counts for CLAIM_MS only.
 *
 * Each computer writes only its own key, so no computer ever removes another's claim. What this
 * cannot see is a computer whose copy of the workbook lags behind (co-authors' changes reach
 * each other after a delay): that is left to the Ledger's checks on the next read.
 */
import type { RawWorkbook } from "../model/raw";
import type { ContextApi } from "./api";
import { THIS_COMPUTER } from "./computer";
import { ledgerCheck, listIn, PAID_PREFIX, SETTLED_PREFIX } from "./read";
import type { CommitItem } from "../plan/commit";

/** Every claim's key starts so; the rest names the computer. */
export const CLAIM_PREFIX = "gods.paying.";

/**
 * How long a claim holds: a payment takes seconds, so an older one was left by a computer that
 * stopped. Long enough that two laptops whose clocks disagree by a few minutes still see each
 * other's claims; short enough that a claim left behind does not hold up a session for long.
 */
export const CLAIM_MS = 5 * 60 * 1000;

const KEY = `${CLAIM_PREFIX}${THIS_COMPUTER}`;
const PAID_KEY = `${PAID_PREFIX}${THIS_COMPUTER}`;
const SETTLED_KEY = `${SETTLED_PREFIX}${THIS_COMPUTER}`;

interface Claim {
  /** what the computer is doing, in the words of a sentence: "paying century 2" */
  readonly what: string;
  /** when it claimed, in milliseconds since 1970 */
  readonly at: number;
}

function claimIn(value: unknown): Claim | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const c = JSON.parse(value) as Partial<Claim>;
    return typeof c.what === "string" && typeof c.at === "number" ? { what: c.what, at: c.at } : undefined;
  } catch {
    return undefined;
  }
}

/** A time of day as a gamemaster reads it: 14:02. */
const clock = (at: number): string => new Date(at).toTimeString().slice(0, 5);

export interface ClaimCheck {
  /** the claim's setting, taken away when the action is done (or taken back) */
  readonly key: string;
  /** after the sync: why this computer must not write, or undefined when the book is its own */
  refusal(): string | undefined;
  /** the Ledger as it is now, header first, when it changed since it was read */
  ledgerNow(): readonly (readonly unknown[])[] | undefined;
  /**
   * What the action's commit carries besides its own items: the end of the claim and, for a
   * credit that pays, its line in this computer's log (`credit`: its key, `handed`: the whole
   * mana each recipient was paid; `undone`: the credit was taken back, not paid), by which a
   * credit written on two computers whose copies lagged is found and named afterwards
   * (read/twice.ts).
   */
  items(credit?: string, handed?: readonly { readonly god: string; readonly paid: number }[], undone?: boolean): CommitItem[];
}

/** How many credits each computer's log keeps: the latest ones, where two lagging copies can meet. */
const LOG_LENGTH = 20;

/** Queues this computer's claim to `what`, with a fresh look at every claim and at the Ledger. */
export function queueClaim(context: ContextApi, raw: RawWorkbook, what: string, now: number = Date.now()): ClaimCheck {
  const settings = context.workbook.settings;
  settings.add(KEY, JSON.stringify({ what, at: now }));
  settings.load("items/key,items/value");
  const check = ledgerCheck(context, raw);
  return {
    key: KEY,
    refusal: () => {
      const other = settings.items
        .filter((s) => s.key.startsWith(CLAIM_PREFIX) && s.key !== KEY)
        .map((s) => claimIn(s.value))
        .find((c): c is Claim => c !== undefined && now - c.at < CLAIM_MS && c.at - now < CLAIM_MS);
      if (other !== undefined) {
        return `another referee's Excel is ${other.what} right now (since ${clock(other.at)}), so nothing was written here. Wait until it is done, then look at the Ledger before you try again.`;
      }
      if (check.changed())
        return "the Ledger changed since it was read: another referee has just paid or credited something. Nothing was written here; look at the Ledger before you try again.";
      return undefined;
    },
    ledgerNow: () => (check.changed() ? check.now() : undefined),
    items: (credit, handed = [], undone = false) => {
      const release: CommitItem = { kind: "setting", key: KEY, value: null };
      if (credit === undefined) return [release];
      const own = listIn(settings.items.find((s) => s.key === PAID_KEY)?.value).slice(-(LOG_LENGTH - 1));
      const entry = undone ? { credit, at: now, undone } : { credit, at: now, handed: handed.filter((p) => p.paid !== 0).map((p) => [p.god, p.paid]) };
      return [{ kind: "setting", key: PAID_KEY, value: JSON.stringify([...own, entry]) }, release];
    },
  };
}

/** Queues the removal of this computer's claim: with the Ledger's write, or when it stops. */
export function queueRelease(context: ContextApi): void {
  context.workbook.settings.getItemOrNullObject(KEY).delete();
}

/**
 * A credit written on two computers, settled: the referees took back what one of them handed out
 * (or it really happened twice, and was credited again). Kept in this computer's own list, so
 * that no computer writes over another's.
 */
export async function queueSettled(context: ContextApi, credit: string): Promise<void> {
  const own = context.workbook.settings.getItemOrNullObject(SETTLED_KEY).load("value");
  await context.sync();
  const list = own.isNullObject ? [] : listIn(own.value);
  context.workbook.settings.add(SETTLED_KEY, JSON.stringify([...list.filter((c) => c !== credit), credit]));
}
