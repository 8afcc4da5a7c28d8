/**
 * What every credit writes besides the Ledger: its seal (a hidden sheet of digests, see
 * read/seal.ts), and the refusal to write over a sheet the add-in did not make.
 */
import { tableError, WORKBOOK, type Problem } from "../model/problems";
import { generatedTitle, SEAL_SHEET } from "../model/schema";
import { sealRows } from "../read/seal";
import type { Account, Campaign } from "../read/types";
import { printSetup, type SheetPlan } from "./layout";

/**
 * The seal for the accounts as the credit leaves them, listing the sheets the add-in generated
 * and what each paid century counted (`counted`: the campaign's, unless a century end changes it).
 */
export function sealSheet(
  campaign: Campaign,
  accounts: ReadonlyMap<string, Account>,
  written: readonly SheetPlan[],
  counted: ReadonlyMap<number, ReadonlyMap<string, number>> = campaign.counted,
): SheetPlan {
  const ours = new Set([...(campaign.seal?.sheets ?? []), ...written.map((s) => s.name.toLowerCase())]);
  const names = campaign.sheetNames.filter((n) => ours.has(n.toLowerCase()));
  const known = new Set(names.map((n) => n.toLowerCase()));
  for (const s of written) if (!known.has(s.name.toLowerCase())) names.push(s.name);
  return sealSheetOf(sealRows(campaign.seal?.cells, accounts, names, counted));
}

/** The seal's sheet holding these rows, from A1: hidden, plain. */
export function sealSheetOf(rows: readonly (readonly (string | number | boolean | null)[])[]): SheetPlan {
  const widths = [10, 30, 8, 20];
  return {
    name: SEAL_SHEET,
    columnWidths: widths,
    rows: rows.map((r) => r.map((value) => (value === null ? null : { value }))),
    print: printSetup(widths, "", SEAL_SHEET, 1),
    hidden: true,
  };
}

/**
 * A sheet of the gamemaster's that a plan would write over: one whose name the add-in uses but
 * that it did not make (not in its seal's list, and without its title in A1). Refused, naming it.
 */
export function foreignSheets(campaign: Campaign, sheets: readonly SheetPlan[]): Problem[] {
  const problems: Problem[] = [];
  for (const plan of sheets) {
    const existing = campaign.sheetNames.find((n) => n.toLowerCase() === plan.name.toLowerCase());
    if (existing === undefined || campaign.seal?.sheets.has(existing.toLowerCase()) === true) continue;
    const title = campaign.sheetTitles.get(existing);
    if (title === generatedTitle(plan.name)) continue;
    problems.push(
      tableError(
        WORKBOOK,
        `the workbook has a sheet "${existing}" that the add-in did not make, and writing would replace it. Rename your sheet (for example "${existing} (mine)"), then try again.`,
        { address: `'${existing.replace(/'/g, "''")}'!A1` },
      ),
    );
  }
  return problems;
}
