/**
 * The campaign as the task pane shows it: which tables were found, how many gods, races and
 * sources, the century in play, every problem, and what the pane's tools offer to choose from.
 * Worked out from what was read, so every action can hand back the state after its change.
 */
import { toNumber } from "../../engine/exact";
import { ATHEISM, DIABOLISM, nameKey } from "../../engine/names";
import type { Problem } from "../model/problems";
import type { RawTable, RawWorkbook } from "../model/raw";
import { ALL_TABLES, LEDGER } from "../model/schema";
import type { WorkbookPlan } from "../plan/centuryEnd";
import type { LedgerPlan } from "../plan/ledger";
import type { Campaign, FoundTable } from "../read/campaign";
import { checkCentury, latestCentury } from "../read/century";
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
  readonly counts: { readonly gods: number; readonly races: number; readonly sources: number };
  readonly latestCentury: number;
  /** the century in play: deaths are recorded for it and the next century end pays it */
  readonly nextCentury: number;
  readonly problems: readonly Problem[];
  /** gods as the Gods table names them, demons included */
  readonly gods: readonly { readonly name: string; readonly demon: boolean }[];
  /** who may be a pantheon member: the gods that are not demons, Diabolism and Atheism */
  readonly members: readonly string[];
  readonly races: readonly RaceStatus[];
  readonly causes: readonly CauseTally[];
  readonly mana: ManaInflation;
}

export function campaignStatus(read: { readonly campaign: Campaign; readonly problems: readonly Problem[] }): CampaignStatus {
  const { campaign } = read;
  const latest = latestCentury(campaign);
  const next = latest + 1;
  const problems = [...read.problems, ...checkCentury(campaign, next)];
  const stopped = campaign.interruptedCentury;
  if (stopped !== undefined && stopped > latest) {
    problems.push({
      severity: "warning",
      table: LEDGER.name,
      message: `the end of century ${stopped} stopped part-way: its worksheets may be written, but the Ledger was not, so nobody was paid for it. End century ${stopped} again to finish it.`,
    });
  }
  const mana = manaInflation(campaign, problems);

  const gods = campaign.gods.map((g) => ({ name: g.name, demon: g.kind === "demon" }));
  const races: RaceStatus[] = campaign.races.map((r) => {
    const p = campaign.pantheons.get(nameKey(r.race));
    const base = { race: r.race, turmoil: r.turmoil };
    if (p === undefined) return { ...base, shares: [], problem: `${r.race} has no rows in the Pantheon table.` };
    if ("severity" in p.pantheon) return { ...base, shares: p.entries.map((e) => ({ member: e.member, share: toNumber(e.share) })), problem: p.pantheon.message };
    return { ...base, shares: p.pantheon.shares.map((s) => ({ member: s.member, share: toNumber(s.share) })) };
  });

  return {
    tables: ALL_TABLES.map((spec) => {
      const f = campaign.found.find((x) => x.table === spec.name);
      const found = f === undefined ? undefined : { table: f.table, sheet: f.sheet, isTable: f.isTable, rows: f.rows };
      return { name: spec.name, required: spec.needed, ...(found === undefined ? {} : { found }) };
    }),
    counts: { gods: campaign.gods.length, races: campaign.races.length, sources: campaign.sources.length },
    latestCentury: latest,
    nextCentury: next,
    problems,
    gods,
    members: [...gods.filter((g) => !g.demon).map((g) => g.name), DIABOLISM, ATHEISM],
    races,
    causes: causeTallies(campaign, next),
    mana,
  };
}

/** The Ledger as a century end leaves it, for the status after the century end. */
function ledgerTable(before: RawTable | undefined, ledger: LedgerPlan): RawTable {
  return {
    name: before?.name ?? LEDGER.name,
    sheet: before?.sheet ?? LEDGER.name,
    headerRow: before?.headerRow ?? 1,
    firstColumn: before?.firstColumn ?? 1,
    headers: ledger.headers,
    rows: ledger.rows,
    isTable: before?.isTable ?? true,
  };
}

/** The workbook after a century end's plan is written: the new Ledger and the generated sheets. */
export function afterCenturyEnd(raw: RawWorkbook, plan: WorkbookPlan, ledger: boolean): RawWorkbook {
  const tables = new Map(raw.tables);
  if (ledger) tables.set(LEDGER.name.toLowerCase(), ledgerTable(raw.tables.get(LEDGER.name.toLowerCase()), plan.ledger));
  const names = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  const added = [...plan.sheets.map((s) => s.name), ...(ledger ? [LEDGER.name] : [])].filter((n) => !names.has(n.toLowerCase()));
  return { tables, sheetNames: [...raw.sheetNames, ...added] };
}
