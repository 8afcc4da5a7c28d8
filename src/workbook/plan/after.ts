/**
 * The workbook as a written plan leaves it: the Ledger's new body and the generated sheets as the
 * adapters read them back. After a write, the pane shows the campaign read from this, which is
 * what a fresh read of the workbook gives (the Excel tests compare the two), without another
 * round trip to Excel.
 */
import type { RawTable, RawWorkbook } from "../model/raw";
import { DEATH_SHEET, LEDGER, SEAL_SHEET } from "../model/schema";
import type { LedgerPlan } from "./ledger";
import type { WorkbookPlan } from "./types";

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
  // The sheets read back (titles, Death Worksheets, the seal) as the plan leaves them.
  const generatedCells = new Map(raw.generatedCells ?? []);
  const sheetTitles = new Map(raw.sheetTitles ?? []);
  for (const s of plan.sheets) {
    if (s.name === SEAL_SHEET && !ledger) continue;
    const cells = s.rows.map((r) => r.map((c) => (c === null ? null : c.value)));
    sheetTitles.set(s.name, cells[0]?.[0] ?? null);
    if (s.name === SEAL_SHEET || DEATH_SHEET.test(s.name)) generatedCells.set(s.name, cells);
  }
  return { tables, sheetNames: [...raw.sheetNames, ...added], generatedCells, sheetTitles };
}
