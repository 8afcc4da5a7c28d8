/** Finding what a gamemaster names in a pane tool among the campaign's records. */
import { didYouMean, nameKey } from "../../engine/names";
import { tableError, type Problem } from "../model/problems";
import type { RawTable } from "../model/raw";
import { foundTable, type Campaign } from "../read/campaign";
import { columnIndex } from "../model/tableReader";

/** Why a tool cannot use a table: it is missing, or lacks a column it needs. */
export function missingTable(name: string): Problem {
  return tableError(name, `the workbook has no usable ${name} table (it is missing, or lacks a column it needs); add it under Set up, or fix its headers.`);
}

/**
 * The record of that name, or why there is none: no usable table, a row with a problem of its own,
 * or no such row (with the likely name meant, when one is near). `argument` names what was typed,
 * as the command's usage names it (GOD, RACE): a problem with it is the typing's, not the workbook's.
 */
export function lookUp<T>(
  campaign: Campaign,
  table: string,
  records: readonly T[],
  name: (record: T) => string,
  wanted: string,
  argument?: string,
): T | Problem {
  if (foundTable(campaign, table)?.usable !== true) return missingTable(table);
  const key = nameKey(wanted);
  const found = records.find((r) => nameKey(name(r)) === key);
  if (found !== undefined) return found;
  if (campaign.flawed.get(table)?.has(key) === true) {
    return tableError(table, `the row of "${wanted.trim()}" in the ${table} table has a problem of its own (see the campaign's problems); mend it first.`);
  }
  return tableError(
    table,
    `"${wanted.trim()}" is not in the ${table} table.${didYouMean(wanted, records.map(name))}`,
    argument === undefined ? {} : { argument },
  );
}

/** Whether a table has a column, its header matched as every header is. */
export function hasColumn(table: RawTable, header: string): boolean {
  return columnIndex(table, header) >= 0;
}
