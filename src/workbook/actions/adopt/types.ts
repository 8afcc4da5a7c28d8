/**
 * Bringing in a campaign kept by hand: what an adapter hands over (each of the gamemaster's sheets
 * as plain cells), how each sheet is read (its mapping, which the person may change), and the
 * proposal shown before anything is written.
 */
import type { Area } from "../../model/address";
import type { RawCell } from "../../model/raw";

/** One of the gamemaster's sheets, as it is: every cell from A1, with its merged ranges. */
export interface HandSheet {
  readonly name: string;
  /** rows from row 1, each from column A (a short row has nothing further right) */
  readonly rows: readonly (readonly RawCell[])[];
  readonly merges: readonly Area[];
  /** formulas with no saved result: their value cannot be read */
  readonly unsaved: readonly { readonly row: number; readonly column: number }[];
}

/** What a sheet is read as: a campaign table, a hand-kept mana sheet (for the carries), or nothing. */
export type ReadAs = "Gods" | "Cards" | "Races" | "Pantheon" | "Deaths" | "Counts" | "Sources" | "Settings" | "Mana" | "leave out";
export const READ_AS: readonly ReadAs[] = ["Gods", "Cards", "Races", "Pantheon", "Deaths", "Counts", "Sources", "Settings", "Mana", "leave out"];

/**
 * How one sheet is read: the shape `--dry-run --json` prints for each sheet, and the one `--map`
 * takes back (and the workbook keeps, so that bringing in again reads the same way).
 */
export interface SheetMapping {
  readonly sheet: string;
  readonly readAs: ReadAs;
  /** the row of the headers (rows above it are titles) */
  readonly headerRow: number;
  /** for a sheet of one century: the century, taken from its name */
  readonly century?: number;
  /** each campaign column, by the sheet's header it is read from */
  readonly columns: Readonly<Record<string, string>>;
  /** headers read as spheres, one column each holding a god's cards (Gods or Cards) */
  readonly spheres?: readonly string[];
  /** headers read as pantheon members, one column each holding a race's share (Races or Pantheon) */
  readonly members?: readonly string[];
  /** the header of a column of shares as text, "Solara 40%, Vorn 25%" (Races or Pantheon) */
  readonly shares?: string;
  /** headers naming a century ("Century 3", "C3"), one column each holding that century's counts or deaths (Counts or Deaths) */
  readonly centuries?: readonly string[];
}

/** A column of a campaign table, and where its values come from. */
export interface ColumnSource {
  readonly column: string;
  /** 'Deaths C3'!B4:B7, or how the value is found (the sheet's name) */
  readonly from: string;
}

/** A row of the gamemaster's not brought in, and why. */
export interface Skipped {
  readonly sheet: string;
  readonly row: number;
  readonly why: string;
}

/** What one sheet brings to one campaign table. */
export interface TableSource {
  readonly sheet: string;
  readonly columns: readonly ColumnSource[];
  readonly rows: number;
  /** the first row brought, by campaign column */
  readonly first?: Readonly<Record<string, string | number | boolean | null>>;
}

/** A campaign table as the proposal fills it. */
export interface TableProposal {
  readonly table: string;
  readonly sources: readonly TableSource[];
  /** rows brought in (new ones only, when the campaign was brought in before) */
  readonly rows: number;
  /** rows the sheets hold that were brought in before */
  readonly before: number;
}

/** An account's opening balance: what it carried (below 0: owed) at the last century paid by hand. */
export interface OpeningCarry {
  readonly god: string;
  /** exactly, as a decimal */
  readonly carry: string;
  /** where it comes from: --carry, or a cell of a mana sheet (and how it was rounded) */
  readonly from: string;
}

export { ADOPTED } from "../../plan/adopted";
