/**
 * An action that stopped part-way inside Excel, in a workbook file Excel saved in that state:
 * the command line finishes it from its intent, or takes it back, as the pane's one step does
 * (office/journal.ts), so that the campaign goes on without a hand edit. Before its commit, the
 * sheets it had begun (hidden, under temporary names) go and nothing else changed; within its
 * commit, its items are carried out from the last mark on, each only where the file does not
 * show it done, and its sheets take their places. Then its intent goes and its done mark is kept.
 */
import type { DamagedRecord, OpenOperation, RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { asideSetting, boundedList, keptWords, typedSince, COMMIT_PREFIX, DONE_KEPT, DONE_PREFIX, OP_PREFIX, doneIn } from "../read/journal";
import { itemsIn, ledgerTarget, sheetIn, tailTarget, CommitProblem, type CommitItem, type LedgerItem, type TailItem } from "../plan/commit";
import type { TableEdit } from "../plan/edits";
import type { LedgerPlan } from "../plan/ledger";
import { sealSheetOf } from "../plan/seal";
import { boxLines, itemLines, ledgerRowKey, manaMoves, todoOf, type ManaMove } from "../plan/recoveryLines";
export { manaMoveWords } from "../plan/recoveryLines";
import { belowTypedRows, ownTemps, typedRowsWords, writtenRows } from "../plan/owned";
import { readAddinSettings, writeAddinSettings } from "./package/addinSettings";
import { writeTableEdits } from "./package/edits";
import { readPackage } from "./package/read";
import { editSheetList, type SheetRename } from "./package/sheetList";
import { writeBook } from "./package/write";
import { copyParts, FileProblem, type Package } from "./package/zip";

/** The command line's name in the journal's lists of done actions. */
export const COMMAND_LINE = "gods-command";

/** What finishing or taking back an action writes, in lines for the gamemaster, and the file's new parts. */
export interface Recovered {
  readonly finished: boolean;
  readonly lines: readonly string[];
  readonly parts: Map<string, Uint8Array>;
}

/**
 * How a finish treats Ledger rows its action never wrote (typed after it stopped): without a
 * choice it stops and names them; `below`: the action's rows go below them, and they stay.
 */
export interface FinishChoice {
  readonly belowTypedRows?: boolean;
}

/** Why a finish as recorded would write over rows its action never wrote, in a gamemaster's words; undefined when it would not. */
export function typedRowsProblem(raw: RawWorkbook, op: OpenOperation): string | undefined {
  const typed = op.typed ?? [];
  if (op.reached === undefined || typed.length === 0) return undefined;
  const one = typed.length === 1;
  return `${op.words} stopped part-way, and since then ${typedSince(typed)}. Finished as it was recorded, it would write over ${one ? "that row" : "them"}, so nothing was finished.`;
}

/** The items a finish carries out: the record's, or with its Ledger rows moved below rows typed since. */
function itemsFor(raw: RawWorkbook, op: OpenOperation, choice: FinishChoice): CommitItem[] | undefined {
  const typed = op.typed ?? [];
  if (typed.length === 0) return itemsIn(op.items);
  if (choice.belowTypedRows !== true) throw new FileProblem(typedRowsProblem(raw, op) ?? "rows were typed where it writes");
  return belowTypedRows(raw, op, typed);
}

/** The items of an action's commit still to be carried out in the file, each with the workbook as the ones before leave it. */
function remaining(raw: RawWorkbook, op: OpenOperation, choice: FinishChoice = {}): { item: CommitItem; at: RawWorkbook }[] {
  const items = itemsFor(raw, op, choice);
  if (items === undefined)
    throw new FileProblem(`${op.words} cannot be finished: its record in the workbook is not one this add-in wrote. Restore a saved copy of the workbook.`);
  return todoOf(raw, items, op.reached ?? 0);
}

/** What finishing or taking back `op` writes, line by line: what a dry run shows, and the same lines as it is done. */
export function recoveryLines(raw: RawWorkbook, op: OpenOperation, choice: FinishChoice = {}): string[] {
  if (op.reached === undefined) {
    const { own, kept } = ownTemps(raw, op);
    const keptLine =
      kept.length === 0
        ? []
        : [
            `Kept the visible sheet${kept.length === 1 ? "" : "s"} ${boundedList(
              kept.map((k) => `"${k}"`),
              10,
            )}: the add-in writes its temporary sheets hidden, so ${kept.length === 1 ? "this one is" : "these are"} yours, whatever the name.`,
          ];
    return [
      ...(own.length === 0
        ? kept.length === 0
          ? ["Nothing of it was in the workbook but its record."]
          : []
        : [`Removed the hidden sheets it had begun: ${boundedList(own, 10)}.`]),
      ...keptLine,
    ];
  }
  try {
    const lines = itemLines(remaining(raw, op, choice), new Set((op.typed ?? []).map((t) => ledgerRowKey(t.cells))));
    if (choice.belowTypedRows === true && (op.typed ?? []).length > 0)
      lines.push(
        `Kept the Ledger rows typed or changed by hand since it stopped (${typedRowsWords(op.typed ?? [])}): ${keptWords(op.typed ?? [])}; the book's checks name them as typed or changed by hand until the book is corrected with its reason (gods ledger reseal --because "…").`,
      );
    return lines.length === 0 ? ["Everything it changes was in the workbook already; only its record was left."] : lines;
  } catch (e) {
    if (e instanceof CommitProblem) throw new FileProblem(e.message);
    throw e;
  }
}

/** The mana a finish of `op` moves, god by god: none when it is taken back or writes no Ledger. */
export function recoveryMoves(raw: RawWorkbook, op: OpenOperation, choice: FinishChoice = {}): ManaMove[] {
  if (op.reached === undefined) return [];
  try {
    const notOwn = new Set((op.typed ?? []).filter((t) => t.changed === undefined).map((t) => ledgerRowKey(t.cells)));
    return manaMoves(remaining(raw, op, choice), { action: op.action, notOwn });
  } catch (e) {
    if (e instanceof CommitProblem) throw new FileProblem(e.message);
    throw e;
  }
}

/** What the gamemaster does at the boxes once a finish has moved mana. */
export function recoveryBoxLines(moves: readonly ManaMove[]): string[] {
  return boxLines(moves);
}

/** Finishes or takes back `op` in the package read as `raw`. */
export function recoverPackage(pkg: Package, raw: RawWorkbook, op: OpenOperation, choice: FinishChoice = {}): Recovered {
  const settings = readAddinSettings(pkg.parts);
  const part = settings.find((s) => s.key === `${OP_PREFIX}${op.id}`)?.part;
  if (part === undefined) throw new FileProblem(`${op.words}: its record is not in the workbook's add-in settings.`);
  const changes = new Map<string, string | null>([
    [`${OP_PREFIX}${op.id}`, null],
    [`${COMMIT_PREFIX}${op.id}`, null],
  ]);
  const temps = ownTemps(raw, op).own;
  if (op.reached === undefined) {
    if (op.claim !== undefined) changes.set(op.claim, null);
    return {
      finished: false,
      lines: recoveryLines(raw, op),
      parts: writeAddinSettings(editSheetList(pkg.parts, temps, []), part, changes),
    };
  }
  try {
    return finish(pkg, raw, op, part, changes, choice);
  } catch (e) {
    if (e instanceof CommitProblem) throw new FileProblem(e.message);
    throw e;
  }
}

function finish(pkg: Package, raw: RawWorkbook, op: OpenOperation, part: string, changes: Map<string, string | null>, choice: FinishChoice): Recovered {
  const todo = remaining(raw, op, choice);
  // What it writes, exactly: the same lines a dry run shows.
  const lines = recoveryLines(raw, op, choice);
  const of = <K extends CommitItem["kind"]>(kind: K) =>
    todo.filter((t): t is { item: Extract<CommitItem, { kind: K }>; at: RawWorkbook } => t.item.kind === kind);
  // The input tables' edits, as the file now stands.
  const edits: TableEdit[] = of("edit").map((t) => t.item.edit);
  let parts = edits.length === 0 ? copyParts(pkg.parts) : writeTableEdits(pkg, raw, edits);
  // The Ledger and its seal, from where their first changed row stands.
  const ledger = of("ledger")[0];
  const seal = of("tail")[0];
  const head = of("name")[0]?.item.formula;
  if (ledger !== undefined || seal !== undefined || head !== undefined) {
    let now = readPackage({ parts });
    const target = ledger === undefined ? undefined : ledgerTarget(now, ledger.item);
    const half = target?.create?.half;
    if (half !== undefined) {
      parts = editSheetList(parts, [half], []);
      now = readPackage({ parts });
    }
    parts = writeBook(
      parts,
      now.tables.get(LEDGER.name.toLowerCase()),
      ledger === undefined ? undefined : ledgerPlan(now, ledger.item),
      seal === undefined ? [] : [sealPlan(now, seal.item)],
      head,
    );
  }
  // Its sheets take their places.
  const swaps = of("swap").map((t) => t.item);
  const removed = swaps.flatMap((s) => {
    const final = sheetIn(raw, s.final);
    return final === undefined ? [] : [final];
  });
  const renamed: SheetRename[] = swaps.map((s) => ({ from: sheetIn(raw, s.temp) ?? s.temp, to: s.final, visible: !s.hidden }));
  if (swaps.length > 0) {
    parts = editSheetList(parts, removed, renamed);
  }
  for (const { item } of of("setting")) changes.set(item.key, item.value);
  // Its done mark, in the command line's list.
  const done = settingsDone(parts);
  changes.set(`${DONE_PREFIX}${COMMAND_LINE}`, JSON.stringify([...done, { id: op.id, at: Date.now(), words: op.words, done: op.done }].slice(-DONE_KEPT)));
  return { finished: true, lines, parts: writeAddinSettings(parts, part, changes) };
}

/** What setting a damaged record aside does, line by line. */
export function setAsideLines(record: DamagedRecord): string[] {
  return [
    `Kept the record as it is, marked as set aside (the add-in's setting ${asideSetting(record, 0).key.slice(0, 60)}); it is never carried out.`,
    "Changed nothing else: every sheet and table stays as it is. If the action had begun writing, the next command names whatever of the book does not add up.",
  ];
}

/**
 * A damaged record (plan/journalCheck.ts), set aside: a mark beside it in the add-in's settings,
 * and nothing else. It is kept as it was, and never read as an action again; every sheet and
 * table stays as it is.
 */
export function setAsideInPackage(pkg: Package, record: DamagedRecord): Recovered {
  const part = readAddinSettings(pkg.parts).find((s) => s.key === record.key)?.part;
  if (part === undefined) throw new FileProblem("the damaged record is not in the workbook's add-in settings any more.");
  const aside = asideSetting(record, Date.now());
  return {
    finished: false,
    lines: setAsideLines(record),
    parts: writeAddinSettings(pkg.parts, part, new Map([[aside.key, aside.value]])),
  };
}

/** What removing records too large to read does, line by line. */
export function removeLines(records: readonly DamagedRecord[]): string[] {
  const one = records.length === 1;
  const sizes = boundedList(
    records.map((r) => `${r.key.slice(0, 60)} (${(r.tooLarge ?? 0).toLocaleString("en")} characters)`),
    10,
  );
  return [
    `Removed ${one ? "the record" : `${records.length} records`} from the add-in's settings (${sizes}): never read, ${one ? "it is" : "they are"} lost. A record the add-in writes takes a few kilobytes, so nothing of an action could be carried out from ${one ? "it" : "them"}.`,
    "Changed nothing else: every sheet and table stays as it is. If an action had begun writing, the next command names whatever of the book does not add up.",
  ];
}

/**
 * Records too large to read (read/journal.ts), removed from the add-in's settings with their
 * progress marks, in one write. Set aside, they would stay, and every later command would unpack
 * them again; and each edit of a part of megabytes makes a copy of it.
 */
export function removeRecordsInPackage(pkg: Package, records: readonly DamagedRecord[]): Recovered {
  const settings = readAddinSettings(pkg.parts);
  let parts: Map<string, Uint8Array> | undefined;
  for (const part of new Set(settings.filter((s) => records.some((r) => r.key === s.key)).map((s) => s.part))) {
    const changes = new Map<string, null>();
    for (const r of records) changes.set(r.key, null).set(`${COMMIT_PREFIX}${r.key.slice(OP_PREFIX.length)}`, null);
    parts = writeAddinSettings(parts ?? pkg.parts, part, changes);
  }
  if (parts === undefined) throw new FileProblem("the records too large to read are not in the workbook's add-in settings any more.");
  return { finished: false, lines: removeLines(records), parts };
}

/** What setting aside an open action's record does, to keep the Ledger rows typed where it writes. */
export function setOpenAsideLines(raw: RawWorkbook, op: OpenOperation): string[] {
  return [
    `Kept the record of ${op.words} as it is, marked as set aside (the add-in's setting ${asideSetting(asideRecord(op), 0).key.slice(0, 60)}); it is never carried out.`,
    `Kept the Ledger rows typed or changed by hand since it stopped as they are: ${typedRowsWords(op.typed ?? [])}.`,
    `Nothing more of ${op.words} is written: do it again if you still want it. If it had begun writing the book, the next command names whatever does not add up.`,
  ];
}

const asideRecord = (op: OpenOperation, raw?: RawWorkbook): DamagedRecord => ({
  id: op.id.slice(0, 40),
  key: `${OP_PREFIX}${op.id}`,
  why: "set aside by the gamemaster, to keep the Ledger rows typed where it writes",
  ...(raw === undefined ? {} : { written: { words: op.words, rows: writtenRows(raw, op) } }),
});

/** An open action's record set aside by the gamemaster's choice: a mark beside it, and nothing else. */
export function setOpenAsideInPackage(pkg: Package, raw: RawWorkbook, op: OpenOperation): Recovered {
  const done = setAsideInPackage(pkg, asideRecord(op, raw));
  return { ...done, lines: setOpenAsideLines(raw, op) };
}

/**
 * A Ledger whose cells two computers' writes mixed (read/mixed.ts), put right in the file: the
 * Ledger and its seal take the rows of the write the journal keeps under `entry`.
 */
export function putBookRightInPackage(pkg: Package, raw: RawWorkbook, entry: string): Recovered {
  const done = raw.journal?.done.find((d) => d.id === entry);
  const book = done?.book;
  const items =
    book === undefined ? undefined : itemsIn([book.ledger, ...(book.seal === undefined ? [] : [book.seal]), ...(book.head === undefined ? [] : [book.head])]);
  const ledger = items?.find((i): i is LedgerItem => i.kind === "ledger");
  const seal = items?.find((i): i is TailItem => i.kind === "tail");
  const head = items?.find((i) => i.kind === "name");
  if (done === undefined || ledger === undefined)
    throw new FileProblem("What the two computers wrote is no longer in the workbook's journal: correct the book instead (gods ledger reseal, saying why).");
  try {
    const parts = writeBook(
      pkg.parts,
      raw.tables.get(LEDGER.name.toLowerCase()),
      ledgerPlan(raw, ledger),
      seal === undefined ? [] : [sealPlan(raw, seal)],
      head?.kind === "name" ? head.formula : undefined,
    );
    return {
      finished: true,
      lines: [`The Ledger and its seal take the rows written at ${new Date(done.at).toTimeString().slice(0, 5)} (${done.done}).`],
      parts,
    };
  } catch (e) {
    if (e instanceof CommitProblem) throw new FileProblem(e.message);
    throw e;
  }
}

/** The command line's list of done actions, as the file holds it. */
function settingsDone(parts: ReadonlyMap<string, Uint8Array>): { id: string; at: number; words: string; done: string }[] {
  const value = readAddinSettings(parts).find((s) => s.key === `${DONE_PREFIX}${COMMAND_LINE}`)?.value;
  return doneIn(COMMAND_LINE, value).map(({ id, at, words, done }) => ({ id, at, words, done }));
}

function ledgerPlan(raw: RawWorkbook, item: LedgerItem): LedgerPlan {
  const target = ledgerTarget(raw, item);
  return { layout: item.layout, headers: target.headers, added: target.missing.length, formats: target.formats, rows: target.rows };
}

function sealPlan(raw: RawWorkbook, item: TailItem) {
  return sealSheetOf(tailTarget(raw, item).rows.map((r) => r.map((v) => v ?? null)));
}
