/**
 * The workbook as a written plan leaves it: the Ledger's new body and the generated sheets as the
 * adapters read them back. After a write, the pane shows the campaign read from this, which is
 * what a fresh read of the workbook gives (the Excel tests compare the two), without another
 * round trip to Excel.
 */
import type { RawTable, RawWorkbook } from "../model/raw";
import { DEATH_SHEET, LEDGER, SEAL_SHEET, STORY_SHEETS } from "../model/schema";
import type { SheetPlan } from "./layout";
import type { LedgerPlan } from "./ledger";
import type { WorkbookPlan } from "./types";
import { headFormula } from "../read/head";

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

/**
 * The workbook after a century end's (or a credit's) plan is written: the new Ledger and the
 * generated sheets. `endsCentury`: the century end reached the Ledger, so none is left part-way.
 */
export function afterCenturyEnd(raw: RawWorkbook, plan: WorkbookPlan, ledger: boolean, endsCentury = false): RawWorkbook {
  const tables = new Map(raw.tables);
  if (ledger) tables.set(LEDGER.name.toLowerCase(), ledgerTable(raw.tables.get(LEDGER.name.toLowerCase()), plan.ledger));
  const sheets = plan.sheets.filter((s) => ledger || s.name !== SEAL_SHEET);
  const before = ledger && plan.head !== undefined ? withHead(raw, headFormula(plan.head)) : raw;
  const after = afterSheets({ ...before, tables }, sheets, ledger ? [LEDGER.name] : []);
  if (!endsCentury) return after;
  // The century end removes its mark with the Ledger's write.
  const rest: { -readonly [K in keyof RawWorkbook]?: RawWorkbook[K] } = { ...after };
  delete rest.interruptedCentury;
  return { ...rest, tables: after.tables, sheetNames: after.sheetNames };
}

/** The workbook with `formula` as its book's head, in the one name of it the writers leave: a copy another program added goes. */
export function withHead(raw: RawWorkbook, formula: string): RawWorkbook {
  const after: { -readonly [K in keyof RawWorkbook]?: RawWorkbook[K] } = { ...raw, bookHead: formula };
  delete after.headCopies;
  return { ...after, tables: raw.tables, sheetNames: raw.sheetNames };
}

/** The workbook after generated sheets (and, with a credit, the Ledger: `more`) are written. */
export function afterSheets(raw: RawWorkbook, sheets: readonly SheetPlan[], more: readonly string[] = []): RawWorkbook {
  const names = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  const added = [...sheets.map((s) => s.name), ...more].filter((n) => !names.has(n.toLowerCase()));
  // The sheets read back (titles, Death Worksheets, the seal, the History) as the plan leaves them.
  const generatedCells = new Map(raw.generatedCells ?? []);
  const sheetTitles = new Map(raw.sheetTitles ?? []);
  for (const s of sheets) {
    const cells = s.rows.map((r) => r.map((c) => (c === null ? null : c.value)));
    sheetTitles.set(s.name, cells[0]?.[0] ?? null);
    if (s.name === SEAL_SHEET || s.name === STORY_SHEETS.history || DEATH_SHEET.test(s.name)) generatedCells.set(s.name, cells);
  }
  // Everything else read stays as it was: the problems found in reading, the computers' logs of
  // what they paid (a double payment still waiting to be put right), a century end left part-way.
  return { ...raw, sheetNames: [...raw.sheetNames, ...added], generatedCells, sheetTitles };
}
