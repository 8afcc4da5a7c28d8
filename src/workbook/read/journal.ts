/**
 * The add-in's journal, as the workbook's settings hold it. Inside Excel a request may be carried
 * out in part, or in full with its answer lost, so every action that writes goes through the
 * journal (office/journal.ts): its intent first (what it will write), then its effects, then a
 * done mark. Read back, the journal tells an action that stopped part-way (to be finished or
 * taken back, in one confirmed step) and an action already done (a retry of the same click
 * writes nothing).
 *
 * Where it lives: in the workbook's settings, each operation under a key of its own
 * ("gods.op.<id>", its progress under "gods.commit.<id>") and each computer's list of the
 * latest done under "gods.done.<computer>". Co-authors' settings merge key by key, and no
 * computer writes another's key, so two referees never write over each other's journal; a copy
 * of a sheet (a restore) does not carry it; and each entry holds only what the action changes
 * besides its sheets (a few kilobytes), well inside a request's budget.
 */
import type { AsideWritten, DamagedRecord, DoneOperation, Journal, ManaMove, OpenOperation, RawWorkbook } from "../model/raw";
import { tableError, WORKBOOK, type Problem } from "../model/problems";
import { shownList, shownName } from "../model/shown";
import { GENERATED_SHEET } from "../model/schema";

export const OP_PREFIX = "gods.op.";
export const COMMIT_PREFIX = "gods.commit.";
export const DONE_PREFIX = "gods.done.";
/** A record set aside (plan/journalCheck.ts): its action is never carried out, and it is kept as it was. */
export const ASIDE_PREFIX = "gods.aside.";

/** The most characters of an action's words (what it does), and of its line of what it did (a payment names every character). */
export const WORDS_CHARS = 2_000;
export const DONE_CHARS = 200_000;

/** The most characters of a setting the journal parses: larger is no record of the add-in's. */
const RECORD_CHARS = 8_000_000;

/** Why a record too large to be read is no record of the add-in's (or, `pastBudget`, why it was not read with the settings before it). */
const tooLargeWhy = (chars: number, pastBudget = false): string =>
  pastBudget
    ? `it was not read: at ${chars.toLocaleString("en")} characters, it would take the add-in's settings read with it past ${RECORD_CHARS.toLocaleString("en")}, more than the add-in's settings ever hold together`
    : `it is too large to be one the add-in writes: ${chars.toLocaleString("en")} characters, where a record of the add-in's takes at most ${RECORD_CHARS.toLocaleString("en")}`;

/** Text of the workbook's in a message: at most `max` characters, the rest said to be cut. */
export const bounded = (text: string, max = 120): string => shownName(text, max);

/** A list in a message: its first `max` entries, then how many more. */
export const boundedList = (items: readonly string[], max = 10): string => shownList(items, max);

/** How many done actions each computer's list keeps: enough for any retry of a click. */
export const DONE_KEPT = 30;

/**
 * How long another computer's open action may still be under way: an action takes seconds, so an
 * older one was left by an Excel that stopped. As long as a claim holds (office/claim.ts), so that
 * two laptops whose clocks disagree by a few minutes still see each other.
 */
export const OPEN_MS = 5 * 60 * 1000;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function parsed(value: unknown): unknown {
  if (typeof value !== "string" || value.length > RECORD_CHARS) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const text = (x: unknown): x is string => typeof x === "string";
const time = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

function pairs(x: unknown): [string, string][] | undefined {
  if (!Array.isArray(x)) return undefined;
  const out: [string, string][] = [];
  for (const p of x) {
    if (!Array.isArray(p) || p.length !== 2 || !text(p[0]) || !text(p[1])) return undefined;
    out.push([p[0], p[1]]);
  }
  return out;
}

/** An intent as a setting holds it; undefined when it is not one the add-in wrote. */
export function operationIn(id: string, value: unknown, reached: number | undefined): OpenOperation | undefined {
  const o = parsed(value);
  if (!isRecord(o)) return undefined;
  const temps = pairs(o.temps);
  if (!text(o.computer) || !time(o.at) || !text(o.action) || !text(o.words) || !text(o.done) || temps === undefined || !Array.isArray(o.items))
    return undefined;
  if (o.words.length > WORDS_CHARS || o.done.length > DONE_CHARS || o.computer.length > 40 || o.action.length > 40) return undefined;
  return {
    id,
    computer: o.computer,
    at: o.at,
    action: o.action,
    words: bounded(o.words, 160),
    done: o.done,
    temps,
    items: o.items as unknown[],
    ...(reached === undefined ? {} : { reached }),
    ...(text(o.claim) ? { claim: o.claim } : {}),
    ...(o.asked === undefined ? {} : { asked: o.asked }),
  };
}

/** A computer's list of done actions, as its setting holds it. */
export function doneIn(computer: string, value: unknown): DoneOperation[] {
  const list = parsed(value);
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown) => {
    if (!isRecord(e) || !text(e.id) || !time(e.at) || !text(e.words) || !text(e.done)) return [];
    if (e.id.length > 64 || e.words.length > WORDS_CHARS || e.done.length > DONE_CHARS) return [];
    const book =
      isRecord(e.book) && isRecord(e.book.ledger)
        ? { book: { ledger: e.book.ledger, ...(isRecord(e.book.seal) ? { seal: e.book.seal } : {}), ...(isRecord(e.book.head) ? { head: e.book.head } : {}) } }
        : {};
    return [{ id: e.id, computer, at: e.at, words: e.words, done: e.done, ...book }];
  });
}

/** How many of a computer's latest done credits keep what they wrote of the book. */
export const BOOKS_KEPT = 5;

/** The journal from the workbook's settings; undefined when it holds none. */
export function readJournal(
  items: readonly { readonly key: string; readonly value: unknown; readonly tooLarge?: number | undefined; readonly pastBudget?: boolean | undefined }[],
  readAt: number,
): Journal | undefined {
  const reached = new Map<string, number>();
  for (const { key, value } of items) {
    if (!key.startsWith(COMMIT_PREFIX)) continue;
    const n = Number(value);
    reached.set(key.slice(COMMIT_PREFIX.length), Number.isSafeInteger(n) && n >= 0 ? n : 0);
  }
  const done: DoneOperation[] = [];
  const intents: { id: string; value: unknown; chars?: number; pastBudget?: boolean }[] = [];
  const aside = new Set<string>();
  const setAside: AsideWritten[] = [];
  for (const { key, value, tooLarge, pastBudget } of items) {
    // (A loop, not push(...list): a list of a million entries would overflow the stack.)
    if (key.startsWith(DONE_PREFIX)) for (const d of doneIn(key.slice(DONE_PREFIX.length), value)) done.push(d);
    else if (key.startsWith(OP_PREFIX)) {
      // Measured before it is parsed: a record larger than any the add-in writes is never parsed.
      const chars = tooLarge ?? (typeof value === "string" && value.length > RECORD_CHARS ? value.length : undefined);
      intents.push({ id: key.slice(OP_PREFIX.length), value, ...(chars === undefined ? {} : { chars }), ...(pastBudget === true ? { pastBudget } : {}) });
    } else if (key.startsWith(ASIDE_PREFIX)) {
      aside.add(key.slice(ASIDE_PREFIX.length));
      const written = asideWrittenIn(value);
      if (written !== undefined) setAside.push(written);
    }
  }
  const finished = new Set(done.map((d) => d.id));
  const damaged: DamagedRecord[] = [];
  // An intent whose done mark is in a list is done: its keys go at the next write, with a mark left alone.
  const open = intents.flatMap(({ id, value, chars, pastBudget }) => {
    if (finished.has(id) || aside.has(id)) return [];
    if (chars !== undefined) {
      damaged.push({
        id: bounded(id, 40),
        key: `${OP_PREFIX}${id}`,
        why: tooLargeWhy(chars, pastBudget),
        tooLarge: chars,
        ...(pastBudget === true ? { pastBudget } : {}),
      });
      return [];
    }
    let op: OpenOperation | undefined;
    try {
      op = operationIn(id, value, reached.get(id));
    } catch {
      op = undefined;
    }
    if (op === undefined) damaged.push({ id: bounded(id, 40), key: `${OP_PREFIX}${id}`, why: "it is not a record the add-in writes" });
    return op === undefined ? [] : [op];
  });
  const intended = new Set(intents.map((i) => i.id));
  const leftover = [
    ...intents.filter((i) => finished.has(i.id) && !aside.has(i.id)).map((i) => `${OP_PREFIX}${i.id}`),
    ...[...reached.keys()].filter((id) => (finished.has(id) || !intended.has(id)) && !aside.has(id)).map((id) => `${COMMIT_PREFIX}${id}`),
  ];
  if (open.length === 0 && done.length === 0 && intents.length === 0 && leftover.length === 0) return undefined;
  return { open, done, leftover, readAt, ...(damaged.length > 0 ? { damaged } : {}), ...(setAside.length > 0 ? { setAside } : {}) };
}

/** A time of day as a gamemaster reads it: 21:05. */
export const clock = (at: number): string => new Date(at).toTimeString().slice(0, 5);

/**
 * Whether an open action may still be under way on its computer, rather than stopped. In a file
 * (no computer of ours reads it), none is: an Excel that has the file open is refused before it
 * is read, and one that had it open can no longer finish this copy.
 */
export function underWay(op: OpenOperation, journal: Journal, thisComputer: string | undefined): boolean {
  return thisComputer !== undefined && op.computer !== thisComputer && Math.abs(journal.readAt - op.at) < OPEN_MS;
}

/** A Ledger row typed, or changed by hand, where an open action writes (plan/owned.ts). */
type Hand = { readonly words: string; readonly changed?: unknown };

/**
 * What was done by hand where an open action writes, for a sentence: "a row was typed into the
 * Ledger where it writes: …", "a row it wrote was changed by hand since: …", or both.
 */
export function typedSince(typed: readonly Hand[]): string {
  const added = typed.filter((t) => t.changed === undefined);
  const changed = typed.filter((t) => t.changed !== undefined);
  const parts = [
    added.length === 0
      ? ""
      : `${added.length === 1 ? "a row was" : `${added.length} rows were`} typed into the Ledger where it writes: ${boundedList(
          added.map((t) => t.words),
          5,
        )}`,
    changed.length === 0
      ? ""
      : `${changed.length === 1 ? "a row it wrote was" : `${changed.length} rows it wrote were`} changed by hand: ${boundedList(
          changed.map((t) => t.words),
          5,
        )}`,
  ];
  return parts.filter((p) => p !== "").join("; and ");
}

/** How a finish that keeps them treats rows typed or changed by hand, for a sentence. */
export function keptWords(typed: readonly Hand[]): string {
  const added = typed.some((t) => t.changed === undefined);
  const changed = typed.some((t) => t.changed !== undefined);
  return [added ? "the typed rows stay, its own rows go below them" : "", changed ? "a row it wrote keeps the change made by hand" : ""]
    .filter((p) => p !== "")
    .join(", and ");
}

/** What finishing or taking back an open action does, in a sentence. */
export function recoveryWords(op: OpenOperation): string {
  if (op.reached === undefined)
    return "Nothing of the campaign had changed yet. Taking it back removes the sheets it had begun; do it again afterwards if you still want it.";
  const moves = op.moves ?? [];
  const moved = moves.length === 0 ? "" : ` Finishing it moves mana: ${boundedList(moves.map(manaMoveWords), 12)}.`;
  const typed = op.typed ?? [];
  if (typed.length > 0) {
    const one = typed.length === 1;
    return `It was recording what it does, and since then ${typedSince(typed)}. Finished as it was recorded, it would write over ${one ? "that row" : "them"}, so it is not. Finish it keeping what was done by hand (${keptWords(typed)}; the book's checks name ${one ? "that row" : "those rows"} as typed or changed by hand until the book is corrected with its reason), or set the record aside (${one ? "the row stays" : "the rows stay"} as ${one ? "it is" : "they are"}; the action is not made: do it again if you still want it).${moved}`;
  }
  return `It was recording what it does. Finishing it writes the rest as it was meant (${bounded(op.done, 400)}), and nothing twice.${moved}`;
}

/**
 * The problem an open action makes until it is finished or taken back: every other action waits,
 * since the tables and the Ledger may hold part of it.
 */
export function openProblems(journal: Journal | undefined, thisComputer: string | undefined): Problem[] {
  if (journal === undefined) return [];
  // Inside Excel the pane offers the step; on a file, the command line does.
  const step = thisComputer === undefined ? "with gods recover" : "with the button at the top of the pane";
  const damaged = (journal.damaged ?? []).map((d) =>
    tableError(
      WORKBOOK,
      d.tooLarge !== undefined && thisComputer === undefined
        ? `${damagedWords(d)}: it is not read, nor carried out. ${TOO_LARGE_WAY}`
        : d.refused !== undefined
          ? `${damagedWords(d)} (${step}). Nothing else is written until then.`
          : `${damagedWords(d)}: it is not carried out. Set it aside (${step}); that leaves every sheet and table as it is. Nothing else is written until then.`,
      {
        operation: d.id,
      },
    ),
  );
  const listed = [
    ...damaged.slice(0, SHOWN),
    ...journal.open.slice(0, SHOWN).map((op) => {
      const where = thisComputer === undefined ? " inside Excel" : op.computer === thisComputer ? "" : " on another computer";
      if (underWay(op, journal, thisComputer))
        return tableError(
          WORKBOOK,
          `another referee's Excel is busy with ${op.words} (since ${clock(op.at)}). Wait until it is done, then read the workbook again.`,
          { operation: op.id },
        );
      const how = op.reached === undefined ? "take it back" : "finish it";
      return tableError(WORKBOOK, `${op.words} stopped part-way at ${clock(op.at)}${where}: ${how} first (${step}); nothing else is written until then.`, {
        operation: op.id,
      });
    }),
  ];
  const more = Math.max(0, damaged.length - SHOWN) + Math.max(0, journal.open.length - SHOWN);
  if (more > 0) listed.push(tableError(WORKBOOK, `… and ${more.toLocaleString("en")} more records of unfinished actions, each to be dealt with in turn.`));
  return listed;
}

/**
 * The way forward from a record too large to read, on a file: kept, even set aside, it would be
 * unpacked by every command, so it is removed, once the gamemaster has read what that loses.
 */
export const TOO_LARGE_WAY =
  "gods recover FILE --accept-warnings removes every record too large to read: only those records are lost (nothing can read them), and every sheet and table stays as it is. Nothing else is written until then.";

/** How many records of unfinished actions a list of problems names, at most, of each sort. */
const SHOWN = 5;

/** A damaged record, named for a gamemaster. */
export function damagedWords(d: DamagedRecord): string {
  if (d.refused !== undefined)
    return `the add-in's record of ${bounded(d.refused, 200)} (${d.id}), which stopped part-way, cannot be finished on the workbook as it stands now (${d.why.replace(/^planned again, it is refused: /, "")}). If the workbook was changed after it stopped, put that right and the action can be finished; otherwise set the record aside, and the action is not made`;
  if (d.older === true)
    return `the add-in's record of an unfinished action (${d.id}) was written by an older version of the add-in, which did not keep what was asked (${d.why})`;
  return `the add-in's record of an unfinished action (${d.id}) in the workbook's settings is damaged or not its own (${d.why})`;
}

/** The problems of the actions a workbook's journal holds open, as read (inside Excel, or from a file). */
export function openActionProblems(raw: RawWorkbook): Problem[] {
  return openProblems(raw.journal, raw.thisComputer);
}

/** A sheet's temporary name while its action is under way: the add-in's own, and no gamemaster's. */
export function temporaryName(id: string, sheet: string): string {
  return `~${id.slice(-2)} ${sheet}`.slice(0, 31);
}

/**
 * Whether a sheet's name is one an action gives a sheet it is writing (temporaryName): what a
 * stopped action left, never a gamemaster's sheet to read.
 */
export function isTemporaryName(name: string): boolean {
  const m = /^~[^ ]{1,2} (.+)$/.exec(name);
  return m !== null && (GENERATED_SHEET.test(m[1] as string) || name.length === 31);
}

/** The setting that sets a damaged record aside: a mark beside it, so that it stays as it was and is never read as an action again. */
export function asideSetting(record: DamagedRecord, at: number): { readonly key: string; readonly value: string } {
  const written = record.written === undefined || record.written.rows.length === 0 ? {} : { written: record.written };
  return { key: `${ASIDE_PREFIX}${record.key.slice(OP_PREFIX.length)}`, value: JSON.stringify({ at, why: record.why, ...written }) };
}

/** The rows a set-aside record's action had written, as its mark keeps them; undefined when it keeps none or is not the add-in's. */
export function asideWrittenIn(value: unknown): AsideWritten | undefined {
  if (typeof value !== "string" || value.length > 200_000) return undefined;
  try {
    const w = (JSON.parse(value) as { written?: { words?: unknown; rows?: unknown } }).written;
    if (w === undefined || typeof w.words !== "string" || w.words.length > WORDS_CHARS || !Array.isArray(w.rows) || w.rows.length > 2000) return undefined;
    const row = (r: unknown): r is AsideWritten["rows"][number] =>
      Array.isArray(r) &&
      r.length === 6 &&
      [0, 1, 3].every((i) => typeof r[i] === "string" && r[i].length <= 400) &&
      [2, 4, 5].every((i) => typeof r[i] === "number");
    return w.rows.every(row) ? { words: w.words, rows: w.rows } : undefined;
  } catch {
    return undefined;
  }
}

const figure = (n: number) => n.toLocaleString("en", { maximumFractionDigits: 6 });

/** "Vorn is credited 2 mana", "Solara is debited 1,000,000 mana", "Vorn's credit of 2 mana is taken back". */
export function manaMoveWords(m: ManaMove): string {
  const god = bounded(m.god === "" ? "(no god)" : m.god, 40);
  return m.how === "taken back" ? `${god}'s credit of ${figure(m.mana)} mana is taken back` : `${god} is ${m.how} ${figure(m.mana)} mana`;
}

/** What the gamemaster does at the boxes once a finish has moved mana, a line per god it concerns. */
export function boxLines(moves: readonly ManaMove[]): string[] {
  return moves.flatMap((m) => {
    const god = bounded(m.god === "" ? "(no god)" : m.god, 40);
    if (m.how === "taken back")
      return m.paid === 0
        ? [`${god}'s credit taken back had paid no whole mana: nothing comes back out of its box.`]
        : [
            `Take ${figure(Math.abs(m.paid))} mana ${m.paid > 0 ? "back out of" : "back into"} ${god}'s box at the distribution point (the credit taken back had paid it).`,
          ];
    if (m.how === "debited")
      return [
        `${god} is debited ${figure(m.mana)} mana: nothing comes out of its box; what its account did not carry it owes, and its next credits pay that first.`,
      ];
    return m.paid === 0 ? [] : [`Hand ${figure(m.paid)} mana to ${god}'s box at the distribution point.`];
  });
}
