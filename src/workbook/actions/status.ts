/**
 * The campaign as the task pane shows it: which tables were found, how many gods, races and
 * sources, the century in play, every problem, and what the pane's tools offer to choose from.
 * Worked out from what was read, so every action can hand back the state after its change.
 */
import { isNegative, toNumber } from "../../engine/exact";
import { ATHEISM, DIABOLISM, nameKey } from "../../engine/names";
import { tableWarning, errorsIn, payWarningsIn, type Problem } from "../model/problems";
import { ALL_TABLES, LEDGER } from "../model/schema";
import type { Campaign, CampaignRead, FoundTable } from "../read/campaign";
import { bookLost, checkCentury, creditAfter, creditName, eraOf, latestCentury, recipients } from "../read/century";
import type { LedgerRow } from "../read/types";
import { eventCredit, owed, type CreditKind } from "../../engine/book";
import type { Where } from "../../engine/century";
import { bookHead, earnedIn, eventOf, knownEvents, latestCredit } from "../read/credits";
import { clock, damagedWords, recoveryWords, underWay } from "../read/journal";
import type { Journal } from "../model/raw";
import { isRepeat } from "./event";
import { planEraEnd } from "./eraEnd";
import { centuryInput, costed, previewPayments, redoHandOut, type HandOut } from "./centuryEnd";
import type { Payment } from "../plan/types";
import { causeTallies, type CauseTally } from "./deaths";
import { manaInflation, type ManaInflation } from "./inflation";

export interface TableState {
  readonly name: string;
  /** whether a century end needs it (Deaths, Counts and the Ledger may be missing) */
  readonly required: boolean;
  readonly found?: Pick<FoundTable, "table" | "sheet" | "isTable" | "rows">;
}

export interface RaceStatus {
  readonly race: string;
  readonly turmoil: boolean;
  /** members and shares in percentage points, as the engine reads them */
  readonly shares: readonly { readonly member: string; readonly share: number }[];
  /** why the pantheon cannot be used, when it cannot */
  readonly problem?: string;
}

export interface CampaignStatus {
  readonly tables: readonly TableState[];
  /** the Gods table's counts; greaterGods: the greater gods, who sit in the Great Council */
  readonly counts: { readonly gods: number; readonly races: number; readonly sources: number; readonly greaterGods: number };
  readonly latestCentury: number;
  /** the century in play: deaths are recorded for it and the next century end pays it */
  readonly nextCentury: number;
  readonly problems: readonly Problem[];
  /** gods as the Gods table names them, demons included, with the mana their Mana cell holds (null when empty or not a number) */
  readonly gods: readonly { readonly name: string; readonly demon: boolean; readonly mana: number | null }[];
  /** the spheres of the Sources table, as it spells them */
  readonly spheres: readonly string[];
  /** the Cards table's holdings */
  /** every Cards row: all the cards it holds, and of them those that earn from the next session */
  readonly cards: readonly { readonly god: string; readonly sphere: string; readonly cards: number; readonly waiting: number }[];
  /** who may be a pantheon member: the gods that are not demons, Diabolism and Atheism */
  readonly members: readonly string[];
  readonly races: readonly RaceStatus[];
  readonly causes: readonly CauseTally[];
  readonly mana: ManaInflation;
  /** the Sources table's events, with what one happening pays each recipient */
  readonly events: readonly EventStatus[];
  /** the Ledger's latest credits, newest first */
  readonly credits: readonly CreditStatus[];
  /** the book's head as read (read/credits.ts bookHead): an undo goes ahead only while it is the same */
  readonly head: string;
  /** actions that stopped part-way inside Excel, each to finish or take back in one step (read/journal.ts) */
  readonly stopped: readonly StoppedStatus[];
  /**
   * The era's end that can be credited now (with the warnings that change pay, for the question
   * before it), or why none can; `due` when the latest century paid is its era's last, or past it.
   */
  readonly eraEnd: {
    readonly century: number;
    readonly ready: boolean;
    readonly reason?: string;
    readonly warnings?: readonly Problem[];
    readonly due?: boolean;
  };
  /** whether the Sources table has an era-end source at all */
  readonly hasEraEnd: boolean;
  /** the latest century end, which may be calculated again while nothing was credited after it */
  readonly redo: { readonly century: number; readonly ready: boolean; readonly reason?: string; readonly handOut?: readonly HandOut[] };
  /** deaths logged for the century in play, in units */
  readonly deathsInPlay: number;
  /** what each recipient would collect if the century in play ended now; null while the campaign has an error */
  readonly preview: readonly Payment[] | null;
  /** the accounts that owe mana (a debit they could not cover), with what each owes */
  readonly owing: readonly { readonly god: string; readonly owes: number }[];
  /** what each recipient earned in each century so far (1 to the latest), every credit of the century, for the preview's lines */
  readonly trends: readonly { readonly god: string; readonly earned: readonly number[] }[];
}

export interface StoppedStatus {
  /** the operation's id, for the step that settles it */
  readonly id: string;
  /** what stopped, and what settling it does, in sentences */
  readonly message: string;
  /** the one step: finish it (it stopped while recording), or take it back (it stopped before changing anything) */
  readonly step: "finish" | "take back" | "set aside";
  /** still under way on another computer: nothing to do here yet */
  readonly underWay: boolean;
  /** Ledger rows were typed where it writes since it stopped: finished below them, or set aside, the person choosing */
  readonly typed?: boolean;
  /** those rows are all its own, changed by hand since it wrote them: finished keeping the changes, or set aside */
  readonly changed?: boolean;
}

export interface EventStatus {
  readonly name: string;
  readonly where: Where;
  /** mana per happening, for each recipient that receives any */
  readonly perEvent: readonly { readonly god: string; readonly mana: number }[];
  /** crediting it now would repeat the latest credit: asked as "did it happen again?" */
  readonly repeat: boolean;
}

export interface CreditStatus {
  /** the credit in a gamemaster's words: "the event "God obliterated" in century 2" */
  readonly label: string;
  /** for an event, its name as the Sources table has it (without "×2" or "#2") */
  readonly event?: string;
  /** for a debit, why the mana was taken (without "#2") */
  readonly reason?: string;
  readonly kind: CreditKind;
  readonly century: number;
  /** whole mana paid by it, per recipient credited */
  readonly paid: readonly { readonly god: string; readonly earned: number; readonly paid: number }[];
  /** whether it is the latest credit and may be taken back */
  readonly undoable: boolean;
}

/** How many of the latest credits the pane lists. */
const CREDITS_SHOWN = 5;

/** The latest credits, grouped as they were made: consecutive rows of one century, kind and what. */
function recentCredits(campaign: Campaign): CreditStatus[] {
  const rows = [...campaign.ledger].sort((a, b) => a.index - b.index);
  const latest = new Set(latestCredit(campaign));
  const groups: CreditStatus[] = [];
  for (let i = rows.length - 1; i >= 0 && groups.length < CREDITS_SHOWN;) {
    const last = rows[i] as LedgerRow;
    const group: LedgerRow[] = [];
    while (i >= 0) {
      const r = rows[i] as LedgerRow;
      if (r.century !== last.century || r.kind !== last.kind || r.what !== last.what) break;
      group.unshift(r);
      i--;
    }
    groups.push({
      label: creditName(last),
      ...(last.kind === "event" ? { event: eventOf(last.what) } : {}),
      ...(last.kind === "debit" ? { reason: eventOf(last.what) } : {}),
      kind: last.kind,
      century: last.century,
      paid: group.map((r) => ({ god: r.god, earned: r.earned, paid: r.paid })),
      undoable: groups.length === 0 && last.kind !== "century-end" && latest.has(last),
    });
  }
  return groups;
}

export function campaignStatus(read: CampaignRead): CampaignStatus {
  const { campaign } = read;
  const latest = latestCentury(campaign);
  const next = latest + 1;
  const checked = [...read.problems, ...checkCentury(campaign, next, { bookLost: bookLost(read.problems) })];
  // Misspelt names with what each costs, worded as the century end words them.
  const problems = errorsIn(checked).length > 0 ? checked : costed(checked, centuryInput(campaign, next));
  const stopped = campaign.interruptedCentury;
  if (stopped !== undefined && stopped > latest) {
    problems.push(
      tableWarning(
        LEDGER.name,
        `the end of century ${stopped} stopped part-way: its worksheets may be written, but the Ledger was not, so nobody was paid for it. End century ${stopped} again to finish it.`,
      ),
    );
  }
  const mana = manaInflation(campaign, problems);

  const gods = campaign.gods.map((g) => ({ name: g.name, demon: g.kind === "demon", mana: g.mana === null || g.mana === undefined ? null : toNumber(g.mana) }));
  const races: RaceStatus[] = campaign.races.map((r) => {
    const p = campaign.pantheons.get(nameKey(r.race));
    const base = { race: r.race, turmoil: r.turmoil };
    if (p === undefined) return { ...base, shares: [], problem: `${r.race} has no rows in the Pantheon table.` };
    if ("severity" in p.pantheon)
      return { ...base, shares: p.entries.map((e) => ({ member: e.member, share: toNumber(e.share) })), problem: p.pantheon.message };
    return { ...base, shares: p.pantheon.shares.map((s) => ({ member: s.member, share: toNumber(s.share) })) };
  });

  return {
    tables: ALL_TABLES.map((spec) => {
      const f = campaign.found.find((x) => x.table === spec.name);
      const found = f === undefined ? undefined : { table: f.table, sheet: f.sheet, isTable: f.isTable, rows: f.rows };
      return { name: spec.name, required: spec.needed, ...(found === undefined ? {} : { found }) };
    }),
    counts: {
      gods: campaign.gods.length,
      races: campaign.races.length,
      sources: campaign.sources.length,
      greaterGods: campaign.gods.filter((g) => g.kind === "greater").length,
    },
    latestCentury: latest,
    nextCentury: next,
    problems,
    gods,
    spheres: [...new Map(campaign.sources.map((s) => [nameKey(s.sphere), s.sphere.trim()])).values()],
    cards: campaign.cards.map((c) => ({ god: c.god, sphere: c.sphere, cards: c.held, waiting: c.waiting })),
    members: [...gods.filter((g) => !g.demon).map((g) => g.name), DIABOLISM, ATHEISM],
    races,
    causes: causeTallies(campaign, next),
    mana,
    events: knownEvents(campaign).map((e) => ({
      name: e.name,
      where: e.where,
      perEvent: eventCredit(recipients(campaign), campaign.cards, e.rules, 1)
        .filter((l) => toNumber(l.earned) !== 0)
        .map((l) => ({ god: l.god, mana: toNumber(l.earned) })),
      repeat: isRepeat(campaign, e.name),
    })),
    credits: recentCredits(campaign),
    head: bookHead(campaign),
    stopped: stoppedActions(read.journal, read.thisComputer),
    eraEnd: eraEndState(read),
    hasEraEnd: campaign.sources.some((s) => s.timing === "era-end" && s.basis === "count"),
    redo: redoState(campaign, latest, errorsIn(problems).length === 0),
    deathsInPlay: campaign.deaths.filter((d) => d.century === next).reduce((sum, d) => sum + d.units, 0),
    preview: errorsIn(problems).length > 0 ? null : previewPayments(campaign, next),
    owing: [...campaign.accounts.values()].filter((a) => isNegative(a.carry)).map((a) => ({ god: a.god, owes: toNumber(owed(a.carry)) })),
    trends: recipients(campaign).map((god) => ({ god, earned: earnedByCentury(campaign.accounts.get(nameKey(god))?.entries ?? [], latest) })),
  };
}

/** The actions the journal holds open, each with its one step. */
function stoppedActions(journal: Journal | undefined, thisComputer: string | undefined): StoppedStatus[] {
  if (journal === undefined) return [];
  // A damaged record first: nothing else is written until it is set aside.
  const damaged = (journal.damaged ?? []).map((d): StoppedStatus => ({
    id: d.key,
    step: "set aside",
    underWay: false,
    message: `${sentence(damagedWords(d))}. Setting it aside keeps it in the workbook, never carried out, and leaves every sheet and table as it is.`,
  }));
  return [
    ...damaged,
    ...journal.open.map((op): StoppedStatus => {
      const busy = underWay(op, journal, thisComputer);
      const where = op.computer === thisComputer ? "" : " on another computer";
      return {
        id: op.id,
        step: op.reached === undefined ? "take back" : "finish",
        underWay: busy,
        ...((op.typed ?? []).length > 0 && op.reached !== undefined ? { typed: true } : {}),
        ...((op.typed ?? []).length > 0 && op.reached !== undefined && (op.typed ?? []).every((t) => t.changed !== undefined) ? { changed: true } : {}),
        message: busy
          ? `Another referee's Excel is busy with ${op.words} (since ${clock(op.at)}).`
          : `${sentence(op.words)} stopped part-way at ${clock(op.at)}${where}. ${recoveryWords(op)}`,
      };
    }),
  ];
}

const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** Earned in each century from 1 to `latest`, every credit of it. */
function earnedByCentury(entries: readonly LedgerRow[], latest: number): number[] {
  return Array.from({ length: latest }, (_, i) => toNumber(earnedIn(entries, i + 1)));
}

function redoState(campaign: Campaign, latest: number, sound: boolean): CampaignStatus["redo"] {
  if (latest === 0) return { century: 0, ready: false, reason: "no century has ended yet." };
  const after = creditAfter(campaign, latest);
  // What a redo would change at the box, for the question the pane asks before it.
  return after === undefined
    ? { century: latest, ready: true, ...(sound ? { handOut: redoHandOut(campaign, latest) } : {}) }
    : { century: latest, ready: false, reason: `${creditName(after)} was credited after it; undo that first.` };
}

function eraEndState(read: CampaignRead): CampaignStatus["eraEnd"] {
  const { campaign } = read;
  const century = latestCentury(campaign);
  // Its own problems first: the reason it cannot be credited is then the era's, not another table's.
  const own = planEraEnd({ campaign, problems: [] }, century).problems;
  const errors = errorsIn(own);
  if (errors.length > 0) return { century, ready: false, reason: (errors[0] as Problem).message };
  const era = century === 0 ? undefined : eraOf(campaign, century);
  const due = era?.length !== undefined && century - era.start >= era.length;
  return { century, ready: true, warnings: [...payWarningsIn(read.problems), ...payWarningsIn(own)], ...(due ? { due } : {}) };
}
