import { isBlank } from "../../engine/cells";
import type { Problem } from "./problems";

/**
 * What an adapter hands over after reading a workbook: each input table's headers and rows as
 * plain cell values, with where they sit so that problems can name the row the user sees.
 */

/** A cell holding an error such as #N/A. */
export interface ErrorCell {
  readonly error: string;
}

export type RawCell = number | string | boolean | null | ErrorCell;

export interface RawTable {
  /** the name it was found under (an Excel table's name, or a sheet's) */
  readonly name: string;
  readonly sheet: string;
  /** sheet row number (1-based) of the header row */
  readonly headerRow: number;
  /** sheet column number (1-based) of the first column */
  readonly firstColumn: number;
  readonly headers: readonly RawCell[];
  readonly rows: readonly (readonly RawCell[])[];
  /** true for an Excel table (ListObject), false for a plain sheet */
  readonly isTable: boolean;
  /** an Excel table with a totals row under its body (inside Excel only) */
  readonly totals?: boolean;
}

export interface RawWorkbook {
  /** tables found, by lower-case name */
  readonly tables: ReadonlyMap<string, RawTable>;
  readonly sheetNames: readonly string[];
  /**
   * The sheets the workbook showed when it was read (undefined when not read). The add-in writes
   * its temporary sheets hidden, so a visible one is a gamemaster's, whatever its name.
   */
  readonly visibleSheets?: readonly string[];
  /** a century whose end began writing but did not reach the Ledger (inside Excel only) */
  readonly interruptedCentury?: number;
  /**
   * What the adapter found wrong in the file itself while reading it, each naming its place: a
   * merged cell in an input table, a formula with no saved result, rows typed under a table.
   */
  readonly problems?: readonly Problem[];
  /**
   * The cells of the sheets the add-in generated that the checks read back (each paid century's
   * Death Worksheet, to find deaths typed after it was paid), by sheet name, as rows from A1.
   */
  readonly generatedCells?: ReadonlyMap<string, readonly (readonly RawCell[])[]>;
  /** A1 of every sheet that has the name of a sheet the add-in generates, by sheet name */
  readonly sheetTitles?: ReadonlyMap<string, RawCell>;
  /** the credits each computer's Excel wrote to the Ledger, latest last (inside Excel only) */
  readonly paidLog?: readonly PaidEntry[];
  /** credits found written on two computers whose double payment a referee has settled (inside Excel only) */
  readonly settled?: readonly string[];
  /** the add-in's name for the computer that read the workbook, to tell its log from the others' (inside Excel only) */
  readonly thisComputer?: string;
  /** what the add-in's journal holds (read/journal.ts): actions begun inside Excel and not marked done, and the latest done */
  readonly journal?: Journal;
  /** the formula of the workbook's name that keeps the book's head (read/head.ts), when it has one */
  readonly bookHead?: string;
  /**
   * how many workbook names keep the head, when more than one: Excel holds one name per scope,
   * but a file another program wrote may hold copies, and then no copy can be trusted
   */
  readonly headCopies?: number;
}

/**
 * An action begun inside Excel whose done mark is missing: its intent, as written before any of
 * its effects. The sheets it writes go first under a temporary name (`temps`: temporary, final);
 * then, once `committing`, the items that change the campaign, one after another, a mark after
 * each (`reached`: how many are done for sure; the next may be done or not, and each item can
 * tell).
 */
export interface OpenOperation {
  readonly id: string;
  /** the computer whose Excel began it */
  readonly computer: string;
  /** when it began, in milliseconds since 1970 by that computer's clock */
  readonly at: number;
  /** the action, by its name in the journal ("century-end", "event"…) */
  readonly action: string;
  /** what it does, in a gamemaster's words: "the end of century 3" */
  readonly words: string;
  /** what it did once done, in a line: "century 3 paid: Ares 22, Hestia 24" */
  readonly done: string;
  readonly temps: readonly (readonly [string, string])[];
  /** what it changes, in order, as the journal holds it (plan/commit.ts reads them) */
  readonly items: readonly unknown[];
  /** the items began: undefined while its sheets were still being written */
  readonly reached?: number;
  /** the setting by which it claimed the book, when it pays */
  readonly claim?: string;
  /** what was asked (plan/asked.ts): the action's kind and parameters, from which its book part is planned again */
  readonly asked?: unknown;
  /**
   * Ledger rows from where it writes on that it never wrote (typed after it stopped, plan/owned.ts),
   * or that it wrote and were changed by hand since (`changed`): a finish as recorded would write
   * over them, so it stops until the person chooses
   */
  readonly typed?: readonly {
    readonly index: number;
    readonly cells: readonly RawCell[];
    readonly words: string;
    readonly changed?: { readonly own: number; readonly cells: readonly string[] };
  }[];
  /** the mana finishing it moves, god by god, worked out as it is read */
  readonly moves?: readonly ManaMove[];
}

/** Mana a finish moves, for one god: credited, debited, or a credit taken back. */
export interface ManaMove {
  readonly god: string;
  readonly how: "credited" | "debited" | "taken back";
  /** the mana earned (credited or taken back) or lost (debited), a positive figure */
  readonly mana: number;
  /** the whole mana its box gains (credited) or gives back (taken back) */
  readonly paid: number;
}

/** An action marked done, as each computer's list of the latest keeps it. */
export interface DoneOperation {
  readonly id: string;
  readonly computer: string;
  /** when it was done */
  readonly at: number;
  readonly words: string;
  readonly done: string;
  /**
   * For one of the latest credits: what it wrote of the book (its Ledger item and its seal's, as
   * plan/commit.ts writes them), by which a Ledger whose cells two computers' writes mixed is
   * told from a hand edit and put right (read/mixed.ts).
   */
  readonly book?: { readonly ledger: unknown; readonly seal?: unknown; readonly head?: unknown };
}

/** A record of an action under the journal's keys that the add-in cannot carry out: damaged, or asking for what its action could not do. */
export interface DamagedRecord {
  /** its key's id, cut to 40 characters */
  readonly id: string;
  /** why, in a few words */
  readonly why: string;
  /** the setting that holds it */
  readonly key: string;
  /** written by an older version of the add-in, which did not keep what was asked: sound, but it cannot be checked */
  readonly older?: boolean;
  /**
   * a record in the add-in's shape whose action, planned again on the workbook as it stands, is
   * refused (a table changed since it stopped, for instance): the action, in words. It is not set
   * aside unless the person chooses: putting the workbook right lets it be finished.
   */
  readonly refused?: string;
  /** set aside by the gamemaster's choice: the Ledger rows its action had written by then, kept with the mark */
  readonly written?: AsideWritten;
  /** how large its value is, when it is too large to be read at all (characters; bytes as a file stores them): it is never read */
  readonly tooLarge?: number;
  /** not read because the settings read before it take as much as the add-in's ever hold together (its size is tooLarge) */
  readonly pastBudget?: boolean;
}

/** The Ledger rows an action had written when its record was set aside, and the action in words. */
export interface AsideWritten {
  readonly words: string;
  /** each row's God, Kind, Century, What, Earned and Paid, as the add-in wrote them */
  readonly rows: readonly (readonly [string, string, number, string, number, number])[];
}

export interface Journal {
  readonly open: readonly OpenOperation[];
  /** records set aside whose action had written Ledger rows: those rows are the add-in's */
  readonly setAside?: readonly AsideWritten[];
  /** records under the journal's keys that are not carried out: each can only be set aside */
  readonly damaged?: readonly DamagedRecord[];
  readonly done: readonly DoneOperation[];
  /** settings of actions done whose keys were not cleared yet (a request cut in the done mark): the next write clears them */
  readonly leftover: readonly string[];
  /** when the workbook was read, by this computer's clock: how old another computer's open action is */
  readonly readAt: number;
}

/** A credit written to the Ledger by one computer's Excel. */
export interface PaidEntry {
  /** the computer, by the add-in's own name for it */
  readonly computer: string;
  /** the credit's key: its kind, century and what, as `creditKey` makes it */
  readonly credit: string;
  /** when, in milliseconds since 1970 by that computer's clock */
  readonly at: number;
  /** what it handed out: each recipient paid whole mana, with the mana */
  readonly handed?: readonly (readonly [string, number])[];
  /** the credit taken back (an undo), not paid */
  readonly undone?: boolean;
}

export function isErrorCell(value: unknown): value is ErrorCell {
  return typeof value === "object" && value !== null && typeof (value as ErrorCell).error === "string";
}

/** A row with nothing typed in it. */
export function isBlankRow(row: readonly RawCell[]): boolean {
  return row.every(isBlank);
}
