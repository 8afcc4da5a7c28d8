/**
 * An action that stopped part-way is finished from what was asked, not from what its record says
 * it writes. Its record keeps the action's kind and parameters (plan/asked.ts); before the book
 * (the Ledger, its seal, its head) is written from a record, the same action is planned again on
 * the workbook as it stood when it began, and the record is carried out only when every part of
 * the book it still has to write is what that plan writes. Otherwise the record is named as
 * damaged and can only be set aside: a crafted or garbled record can credit nobody. The words a
 * gamemaster reads of it are made here too, from the kind and parameters, never taken from the file.
 */
import { planRename, renamedBack } from "./rename";
import { centuryEndOf } from "./centuryEnd";
import { creditOutcome, creditWords, debitedLine, handedLine } from "./asked";
import { errorsIn, describeProblem, type Problem } from "../model/problems";
import type { DamagedRecord, OpenOperation, RawCell, RawWorkbook } from "../model/raw";
import { LEDGER, SEAL_SHEET } from "../model/schema";
import { nameKey } from "../../engine/names";
import { askedIn, type Asked } from "../plan/asked";
import { vetJournal } from "../plan/journalCheck";
import { bookWrite, editItems, itemsIn, type CommitItem } from "../plan/commit";
import { applyEdits } from "../plan/edits";
import { headAfter } from "../plan/ledger";
import { readCampaign } from "../read/campaign";
import { creditName } from "../read/creditName";
import { bounded, clock, OP_PREFIX } from "../read/journal";
import { headFormula, headIn, headOf } from "../read/head";
import { withHead } from "../plan/after";
import { creditKey } from "../read/twice";
import { belowTypedRows, typedRows } from "../plan/owned";
import { ledgerRowKey, manaMoves, todoOf } from "../plan/recoveryLines";
import { adoptDone, adoptedFrom, adoptWords, openingAgain } from "./adopt/again";
import { carriesLine } from "./adopt/opening";
import { restartAgain, restartedFrom, restartWords } from "./restartAgain";
import type { ManaMove } from "../model/raw";

/** What planning the asked action again on `raw` writes of the book, and its words; or why it cannot be planned. */
function planned(raw: RawWorkbook, asked: Asked, recorded: readonly CommitItem[]): { items: CommitItem[]; words: string; done: string } | { refused: string } {
  const refused = (problems: readonly Problem[]) => ({ refused: problems[0] === undefined ? "it plans nothing" : describeProblem(problems[0]) });
  switch (asked.kind) {
    case "century-end": {
      const outcome = centuryEndOf(readCampaign(raw), asked.century);
      if (outcome.plan === undefined || errorsIn(outcome.problems).length > 0) return refused(errorsIn(outcome.problems));
      const n = outcome.plan.century;
      return { items: bookWrite(raw, outcome.plan).items, words: `the end of century ${n}`, done: `century ${n} paid: ${handedLine(outcome.payments)}` };
    }
    case "rename": {
      const outcome = planRename(raw, asked.from, asked.to);
      if (outcome.plan === undefined || errorsIn(outcome.problems).length > 0) return refused(errorsIn(outcome.problems));
      return {
        items: [...editItems(raw, outcome.edits), ...bookWrite(applyEdits(raw, outcome.edits), outcome.plan).items],
        words: `renaming ${outcome.from} to ${outcome.to}`,
        done: `"${outcome.from}" renamed "${outcome.to}" everywhere`,
      };
    }
    case "put-right": {
      const done = raw.journal?.done.find((d) => d.id === asked.entry);
      const book = done?.book;
      const items =
        book === undefined
          ? undefined
          : itemsIn([book.ledger, ...(book.seal === undefined ? [] : [book.seal]), ...(book.head === undefined ? [] : [book.head])]);
      if (done === undefined || items === undefined) return { refused: "the write it puts the Ledger back to is no longer in the journal" };
      return { items, words: "putting the Ledger right", done: `the Ledger put right, as it was written at ${clock(done.at)}` };
    }
    case "adopt":
      return openingAgain(raw, asked, recorded);
    case "restart":
      return restartAgain(raw, asked);
    default: {
      const outcome = creditOutcome(readCampaign(raw), asked);
      if (outcome.plan === undefined || errorsIn(outcome.problems).length > 0) return refused(errorsIn(outcome.problems));
      return { items: bookWrite(raw, outcome.plan).items, ...creditWords(outcome, asked.kind !== "correction" && asked.kind !== "undo") };
    }
  }
}

/** Actions that only add rows at the Ledger's end: the Ledger they began from is its rows above theirs. */
const APPENDS = new Set(["century-end", "event", "era-end", "debit", "correction", "adopt"]);
const BOOK = new Set(["ledger", "tail", "name"]);

/**
 * The workbook as the action found it, as far as the book goes: for an action that only adds
 * Ledger rows, the Ledger without the rows it adds (some may be written already); for the others,
 * the workbook as it stands (a rename planned again finds what it has not renamed yet).
 */
function startedFrom(book: RawWorkbook, op: OpenOperation, asked: Asked, items: readonly CommitItem[]): RawWorkbook {
  // Not yet begun, as far as the planner can tell: neither its own record nor another open or
  // damaged one is an action under way (each is settled in its turn; the planner plans the book).
  const raw =
    book.journal === undefined
      ? book
      : { ...book, journal: { open: [], done: book.journal.done, leftover: book.journal.leftover, readAt: book.journal.readAt } };
  // A bringing in opens the book: the workbook as its table edits leave it, without the Ledger it makes.
  if (asked.kind === "adopt") return adoptedFrom(raw, items);
  // A restart starts the book where the Ledger was gone: the workbook without the Ledger and seal it writes.
  if (asked.kind === "restart") return restartedFrom(raw);
  if (asked.kind === "rename") {
    const done = items.slice(0, op.reached ?? 0).flatMap((i) => (i.kind === "edit" ? [i.edit] : []));
    return renamedBack(raw, done, asked.from, asked.to);
  }
  const ledger = items.find((i) => i.kind === "ledger");
  const table = raw.tables.get(LEDGER.name.toLowerCase());
  // A take-back found its credit at the Ledger's end: rows typed below it since are not part of what it planned on.
  const typed = asked.kind === "undo" ? new Set(typedRows(raw, op).map((t) => t.index)) : new Set<number>();
  if (typed.size > 0 && table !== undefined) {
    const tables = new Map(raw.tables);
    tables.set(LEDGER.name.toLowerCase(), { ...table, rows: table.rows.filter((_, i) => !typed.has(i)) });
    return { ...raw, tables };
  }
  if (!APPENDS.has(asked.kind) || ledger?.kind !== "ledger" || table === undefined || ledger.added > 0 || ledger.first > table.rows.length) return raw;
  const tables = new Map(raw.tables);
  const kept = { ...table, rows: table.rows.slice(0, ledger.first) };
  tables.set(LEDGER.name.toLowerCase(), kept);
  // Its seal, or its head, written already (the request that marks them done may be the one cut):
  // the seal's entries for its own credit, and the head it writes, are not part of what it found.
  const rows = readCampaign({ ...raw, tables }).campaign.ledger;
  const cells = raw.generatedCells?.get(SEAL_SHEET);
  const generatedCells = new Map(raw.generatedCells ?? []);
  if (cells !== undefined) generatedCells.set(SEAL_SHEET, sealBefore(cells, rows));
  const head = items.find((i) => i.kind === "name");
  const found: RawWorkbook = { ...raw, tables, generatedCells };
  if (head?.kind !== "name" || raw.bookHead !== head.formula) return found;
  const was = headOf(rows);
  if (was !== undefined) return withHead(found, headFormula(was));
  const without: { -readonly [K in keyof RawWorkbook]?: RawWorkbook[K] } = { ...found };
  delete without.bookHead;
  return { ...without, tables, sheetNames: found.sheetNames };
}

/**
 * The seal as it stood before a credit whose seal is written: each account's entries past the
 * credits the Ledger held then are the credit's own, and go (the seal adds them at its end).
 */
function sealBefore(cells: readonly (readonly RawCell[])[], before: readonly { readonly god: string }[]): RawCell[][] {
  const held = new Map<string, number>();
  for (const r of before) held.set(nameKey(r.god), (held.get(nameKey(r.god)) ?? 0) + 1);
  return cells
    .filter(([entry, god, credit]) => entry !== "account" || typeof god !== "string" || typeof credit !== "number" || credit <= (held.get(nameKey(god)) ?? 0))
    .map((r) => [...r]);
}

/**
 * Taking back the latest credit, stopped while its rows were being removed: what it took from
 * the Ledger is gone, so it cannot be planned again. It is finished only when its record takes
 * rows away and adds none, and every row it has still to remove belongs to the latest credit the
 * book's head (not yet rewritten) names: it can take back that credit and nothing else.
 */
function undoCut(raw: RawWorkbook, items: readonly CommitItem[]): { words: string; done: string } | undefined {
  const ledger = items.find((i) => i.kind === "ledger");
  const latest = headIn(raw.bookHead)?.credits.slice(-1)[0];
  if (ledger?.kind !== "ledger" || latest === undefined || ledger.rows.length > 0 || ledger.length !== ledger.first || ledger.added > 0) return undefined;
  const rows = readCampaign(raw).campaign.ledger;
  const gone = rows.filter((r) => r.index >= ledger.first);
  const before = rows.find((r) => r.index === ledger.first - 1);
  if (gone.some((r) => creditKey(r) !== latest[0]) || (before !== undefined && creditKey(before) === latest[0])) return undefined;
  // The head it leaves is the one of the rows it keeps: a record cannot move the book's head elsewhere.
  const head = items.find((i) => i.kind === "name");
  const kept = headAfter(rows, new Set(gone.map((r) => r.index)), []);
  if (head?.kind === "name" && (kept === undefined || head.formula !== headFormula(kept))) return undefined;
  return { words: `taking back ${bounded(latest[1], 80)}`, done: `${bounded(latest[1], 80)} taken back` };
}

/** The parts of a book item that decide what it writes. */
function written(item: CommitItem): string {
  switch (item.kind) {
    case "ledger":
      return JSON.stringify([item.headers, item.added, item.formats, item.first, item.rows, item.length]);
    case "tail":
      return JSON.stringify([item.sheet, item.first, item.rows, item.length, item.width]);
    case "name":
      return JSON.stringify([item.name, item.formula]);
    default:
      return JSON.stringify(item);
  }
}

/**
 * Why an open action's record may not be finished, when what it still has to write of the book
 * is not what planning it again writes; otherwise its words, made from what was asked.
 */
export function rederived(
  raw: RawWorkbook,
  op: OpenOperation,
): { why: string; older?: boolean; refused?: string } | { words: string; done: string } | undefined {
  const items = itemsIn(op.items);
  if (items === undefined) return undefined;
  const from = op.reached ?? 0;
  const left = items.map((item, i) => ({ item, i })).filter(({ item, i }) => i >= from && BOOK.has(item.kind));
  const asked = op.asked === undefined ? undefined : askedIn(op.asked);
  // Taken back, or past every part of the book: nothing of the book is written from it.
  if (op.reached === undefined || left.length === 0)
    return asked === undefined ? undefined : op.reached === undefined ? wordsOf(asked) : writtenWords(raw, asked, items);
  if (asked === undefined)
    return { why: "it does not say what was asked, so what it writes to the Ledger cannot be checked against the campaign", older: true };
  if (asked.kind !== op.action) return { why: "what it says was asked is not the action it records" };
  const plan = planned(startedFrom(raw, op, asked, items), asked, items);
  const cut = () => (asked.kind === "undo" ? undoCut(raw, items) : undefined);
  if ("refused" in plan) return cut() ?? { why: `planned again, it is refused: ${bounded(plan.refused, 200)}`, refused: wordsOf(asked).words };
  // A rename's edits are planned again too: its record may rename only what the rename does.
  const edits = (list: readonly CommitItem[]) => JSON.stringify(list.filter((i) => i.kind === "edit"));
  if (edits(items) !== edits(plan.items)) return cut() ?? { why: `its changes of the tables are not what ${plan.words} changes when planned again` };
  for (const { item } of left) {
    const same = plan.items.find((p) => p.kind === item.kind);
    if (same === undefined || written(same) !== written(item)) {
      const part = item.kind === "ledger" ? "the Ledger" : item.kind === "tail" ? "the Ledger's seal" : "the book's head";
      return cut() ?? { why: `what it would write to ${part} is not what ${plan.words} writes when planned again` };
    }
  }
  return { words: plan.words, done: plan.done };
}

/** What was asked, in a gamemaster's words, without planning it: for a record whose book part is taken back or written already. */
function wordsOf(asked: Asked): { words: string; done: string } {
  const words = ((): string => {
    switch (asked.kind) {
      case "century-end":
        return `the end of century ${asked.century}`;
      case "event":
        return `the credit of the event "${bounded(asked.event, 80)}"`;
      case "era-end":
        return `the credit of the era ending with century ${asked.century}`;
      case "debit":
        return `the debit of ${Math.abs(asked.mana).toLocaleString("en", { maximumFractionDigits: 6 })} mana from ${bounded(asked.god, 80)}`;
      case "correction":
        return "the correction of the book";
      case "undo":
        return asked.expected === undefined ? "taking back the latest credit" : `taking back ${bounded(asked.expected, 80)}`;
      case "rename":
        return `renaming ${bounded(asked.from, 80)} to ${bounded(asked.to, 80)}`;
      case "put-right":
        return "putting the Ledger right";
      case "adopt":
        return adoptWords(asked.century);
      case "restart":
        return restartWords(asked.century);
    }
  })();
  return { words, done: `${words}: written` };
}

/**
 * The line of what an action did whose book part is written already, from the rows it wrote as
 * the Ledger now holds them (the record's own line is not read): "century 3 paid: Ares 22".
 */
function writtenWords(raw: RawWorkbook, asked: Asked, items: readonly CommitItem[]): { words: string; done: string } {
  const said = wordsOf(asked);
  const ledger = items.find((i) => i.kind === "ledger");
  if (ledger?.kind !== "ledger" || !APPENDS.has(asked.kind) || asked.kind === "correction") return said;
  const rows = readCampaign(raw).campaign.ledger.filter((r) => r.index >= ledger.first);
  const first = rows[0];
  if (first === undefined) return said;
  const handed = handedLine(rows);
  // The opening pays nobody: what it wrote is each account's carry.
  if (asked.kind === "adopt") return { words: said.words, done: adoptDone(asked.century, rows.map((r) => carriesLine(r.god, r.carry)).join(", ")) };
  if (asked.kind === "century-end") return { words: said.words, done: `century ${first.century} paid: ${handed}` };
  const name = creditName({ kind: first.kind, century: first.century, what: first.what });
  if (asked.kind === "debit") return { words: name, done: `${name} written: ${debitedLine(rows)}, and nothing comes out of a box` };
  return { words: `the credit of ${name}`, done: `${name} credited: ${handed}` };
}

/**
 * The workbook as read, each open action that would write the book checked against its plan made
 * again: one whose record does not agree is moved among the damaged records, never carried out;
 * one that agrees is named in the add-in's own words.
 */
export function rederiveJournal<W extends RawWorkbook>(raw: W): W {
  const journal = raw.journal;
  if (journal === undefined || journal.open.length === 0) return raw;
  const damaged: DamagedRecord[] = [...(journal.damaged ?? [])];
  const open: OpenOperation[] = [];
  for (const op of journal.open) {
    let found: ReturnType<typeof rederived>;
    try {
      found = rederived(raw, op);
    } catch {
      found = { why: "planned again, it cannot be planned" };
    }
    if (found === undefined) open.push(op);
    else if ("why" in found)
      damaged.push({
        id: bounded(op.id, 40),
        key: `${OP_PREFIX}${op.id}`,
        why: found.why,
        ...(found.older === true ? { older: true } : {}),
        ...(found.refused === undefined ? {} : { refused: found.refused }),
      });
    else {
      const typed = typedRowsOf(raw, op);
      const moves = movesOf(raw, op, typed);
      open.push({ ...op, words: found.words, done: found.done, ...(typed.length > 0 ? { typed } : {}), ...(moves.length > 0 ? { moves } : {}) });
    }
  }
  return { ...raw, journal: { ...journal, open, ...(damaged.length > 0 ? { damaged } : {}) } };
}

/** The rows a finish would write over that its action never wrote; none when they cannot be told. */
function typedRowsOf(raw: RawWorkbook, op: OpenOperation): ReturnType<typeof typedRows> {
  try {
    return typedRows(raw, op);
  } catch {
    return [];
  }
}

/** The mana finishing `op` moves, in words (with its rows below typed ones, when there are some): what the person is asked about. */
function movesOf(raw: RawWorkbook, op: OpenOperation, typed: ReturnType<typeof typedRows>): ManaMove[] {
  if (op.reached === undefined) return [];
  try {
    const items = typed.length > 0 ? belowTypedRows(raw, op, typed) : itemsIn(op.items);
    const notOwn = new Set(typed.filter((t) => t.changed === undefined).map((t) => ledgerRowKey(t.cells)));
    return items === undefined ? [] : manaMoves(todoOf(raw, items, op.reached), { action: op.action, notOwn });
  } catch {
    return [];
  }
}

/** The journal as both readers hand it on: each open record checked for its shape and reach, then against its plan made again. */
export function checkedJournal<W extends RawWorkbook>(raw: W): W {
  return rederiveJournal(vetJournal(raw));
}
