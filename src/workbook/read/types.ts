/** What reading a campaign gives: one record per sound row, each knowing where it sits. */
import type { Journal } from "../model/raw";
import type { Settings } from "./settings";
import type { CreditKind } from "../../engine/book";
import type { Ratio } from "../../engine/exact";
import type { CardHolding, PantheonShare, RaceState, SourceRule } from "../../engine/century";
import type { Pantheon } from "../../engine/pantheon";
import type { ResistCode } from "../../engine/resist";
import type { Problem } from "../model/problems";
import type { RawCell, RawTable } from "../model/raw";
import type { HistoryRow } from "./history";

/** Where a record's row sits: the sheet row the user sees, and its index among the rows under the headers. */
export interface Place {
  readonly row: number;
  readonly index: number;
}

export const GOD_KINDS = ["greater", "lesser", "spirit", "demon"] as const;
export type GodKind = (typeof GOD_KINDS)[number];

export interface God extends Place {
  readonly name: string;
  readonly kind: GodKind;
  /** its Mana cell: null when empty or when the table has no Mana column, undefined when it is not a number */
  readonly mana: Ratio | null | undefined;
}

/** A Cards row: `cards` are those that earn now; `held` all the row holds, `waiting` those that earn from the next session. */
export interface Card extends CardHolding, Place {
  readonly held: number;
  readonly waiting: number;
}

export interface Race extends RaceState, Place {
  readonly culture: string | null;
  /**
   * The optional columns the referee's actions read (schema RACE_ATTRIBUTES). Each is null when
   * the table has no such column or the cell is empty, and undefined when the cell holds
   * something else (a warning names it; the action that needs it refuses).
   */
  readonly military: number | null | undefined;
  readonly aggression: number | null | undefined;
  /** the race's resistance codes as parsed (docs/rules/08-disasters-resistances.md) */
  readonly resistances: readonly ResistCode[] | null | undefined;
  /** a century's growth as a fraction: 1/4 for 25% */
  readonly growth: Ratio | null | undefined;
  /** the units the race's squares support, all together */
  readonly limit: number | null | undefined;
}

/** One row of a race's pantheon, as the table holds it. */
export interface PantheonEntry extends Place {
  readonly member: string;
  readonly share: Ratio;
}

export interface RacePantheon {
  /** the race as the Races table spells it */
  readonly race: string;
  readonly entries: readonly PantheonEntry[];
  /** the engine's reading of the entries (shares in points adding up to 100), or what is wrong with them */
  readonly pantheon: Pantheon | Problem;
}

export interface Death extends Place {
  readonly century: number;
  readonly cause: string;
  readonly units: number;
  readonly race: string | null;
  readonly note: string | null;
}

export interface Count {
  readonly century: number;
  readonly source: string;
  readonly count: Ratio;
}

/**
 * One credit to one recipient as its digests cover it, the seal's (seal.ts) and the book head's
 * (head.ts): the credit, its recipient, what was paid and what the account carries on after it.
 */
export interface CreditContent {
  readonly century: number;
  readonly kind: string;
  readonly what: string | null;
  readonly god: string;
  readonly paid: number;
  readonly carry: Ratio;
}

/** One credit to one recipient, as the Ledger holds it. */
export interface LedgerRow extends Place {
  readonly century: number;
  readonly kind: CreditKind;
  /** the event or era credited; null for a century end */
  readonly what: string | null;
  readonly god: string;
  /** as the cell shows it; the account's chain gives it exactly */
  readonly earned: number;
  readonly paid: number;
  /** what the account carries on after this credit, exactly */
  readonly carry: Ratio;
}

/** A recipient's distribution-point account: its credits in the order they were made. */
export interface Account {
  readonly god: string;
  readonly entries: readonly LedgerRow[];
  /** what it carries now */
  readonly carry: Ratio;
}

/** An input table the workbook has, as it was found. */
export interface FoundTable {
  readonly table: string;
  readonly sheet: string;
  readonly isTable: boolean;
  readonly rows: number;
  readonly raw: RawTable;
  /** false when a column it needs is missing: then none of its rows was read */
  readonly usable: boolean;
}

/**
 * A table the gamemaster keeps for the session packet (Artifacts, Demesnes, Laws, Oaths: schema
 * KEPT_TABLES), as the workbook holds it, with any columns.
 */
export interface KeptTable {
  /** its name as the schema spells it */
  readonly table: string;
  readonly raw: RawTable;
  /** what the adapter found wrong in its cells (merged cells, formulas with no saved result): warnings of the packet alone */
  readonly problems: readonly Problem[];
}

/** The Ledger's seal as its hidden sheet holds it (read/seal.ts). */
export interface Seal {
  /** each account's digests in credit order, by the recipient's name key */
  readonly accounts: ReadonlyMap<string, { readonly god: string; readonly digests: readonly string[] }>;
  /** the sheets the add-in generated, by lower-case name */
  readonly sheets: ReadonlySet<string>;
  /** its sheet's cells as read, from A1: the next credit keeps them where they are */
  readonly cells: readonly (readonly RawCell[])[];
  /** what each paid century's Death Worksheet counted, by cause key, as the seal keeps it (a book sealed before it kept them has none) */
  readonly counted: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** an account's entries whose credit number or digest was cleared or changed, by the recipient's name key: the seal itself was edited */
  readonly damaged: ReadonlyMap<string, { readonly god: string; readonly row: number | null; readonly credit: number | null }>;
}

export interface Campaign {
  readonly gods: readonly God[];
  readonly cards: readonly Card[];
  readonly sources: readonly SourceRule[];
  readonly races: readonly Race[];
  /** every race's pantheon rows, by the race's name key, in table order */
  readonly pantheons: ReadonlyMap<string, RacePantheon>;
  /** the sound pantheons' shares as fractions of the race's worship, for the engine */
  readonly pantheon: readonly PantheonShare[];
  readonly deaths: readonly Death[];
  readonly counts: readonly Count[];
  /** the Ledger's credits, in its row order */
  readonly ledger: readonly LedgerRow[];
  /** every recipient's account, by the name key of the recipient, when the Ledger holds together */
  readonly accounts: ReadonlyMap<string, Account>;
  readonly found: readonly FoundTable[];
  readonly missingTables: readonly string[];
  /** name keys of rows left out for a problem of their own, by table: other tables may name them without a second complaint */
  readonly flawed: ReadonlyMap<string, ReadonlySet<string>>;
  /** for each paid century whose Death Worksheet could be read, the units it counted by cause key */
  readonly counted: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** every sheet's name, in the workbook's order */
  readonly sheetNames: readonly string[];
  /** the Ledger's seal, when the workbook has one (read/seal.ts) */
  readonly seal?: Seal;
  /** A1 of each sheet that has the name of a sheet the add-in generates */
  readonly sheetTitles: ReadonlyMap<string, RawCell>;
  /** a century whose end stopped before it reached the Ledger */
  readonly interruptedCentury?: number;
  /** the History sheet's rows, as written at earlier century ends (read/history.ts) */
  readonly history?: readonly HistoryRow[];
  /** the kept tables the workbook has, in the schema's order */
  readonly kept: readonly KeptTable[];
  /** the Settings table's, each at its default when it has no row (read/settings.ts) */
  readonly settings: Settings;
}

/** A campaign as read, with every problem found in reading it. */
export interface CampaignRead {
  readonly campaign: Campaign;
  readonly problems: readonly Problem[];
  /** the journal of actions inside Excel, as read (read/journal.ts) */
  readonly journal?: Journal;
  /** the computer that read it, inside Excel */
  readonly thisComputer?: string;
}
