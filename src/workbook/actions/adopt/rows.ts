/**
 * A hand-kept sheet's rows read as a mapping says, into rows of the campaign's tables: blank
 * rows and totals rows skipped (and said so), names trimmed and matched to the gods, kinds in any
 * case, cards from one column per sphere, shares from a grid or from text ("Solara 40%, Vorn 25%"),
 * the century from the sheet's name. A cell that cannot be read is named, with why.
 */
import { exactNumber, isBlank } from "../../../engine/cells";
import { formatExact, isInteger, isNegative, type Ratio } from "../../../engine/exact";
import { nameKey } from "../../../engine/names";
import { areaRef, cellAddress, columnLetter, quoteSheet } from "../../model/address";
import { tableError, type Problem } from "../../model/problems";
import { isErrorCell, type RawCell } from "../../model/raw";
import type { EditRow } from "../../plan/edits";
import type { PlanValue } from "../../plan/layout";
import { centuryHeader, COLUMN_OF, headerWords, isTotalsRow } from "./shape";
import { shownCell, text } from "./cells";
import { readRows } from "./tables";
import type { ColumnSource, HandSheet, SheetMapping, Skipped, TableSource } from "./types";
/** A campaign row brought from a cell row of a sheet, with what tells it from every other. */
export interface BroughtRow {
  readonly table: string;
  readonly row: EditRow;
  /** the same key on every reading of the same row: what is brought once is never brought again */
  readonly key: string;
  readonly sheet: string;
  readonly sheetRow: number;
}

/** A carry found in a mana sheet. */
export interface SheetCarry {
  readonly god: string;
  readonly carry: Ratio;
  readonly century: number;
  readonly address: string;
}

export interface SheetRead {
  readonly rows: BroughtRow[];
  readonly sources: (TableSource & { readonly table: string })[];
  readonly skipped: Skipped[];
  readonly problems: Problem[];
  readonly carries: SheetCarry[];
  /** what the reading of the rows guessed */
  readonly guesses: string[];
}

/** Reads the sheets as mapped; `gods` are the names of the Gods table (as brought and as they were). */
export function readSheets(sheets: readonly HandSheet[], mappings: readonly SheetMapping[], known: ReadonlyMap<string, string>): SheetRead {
  const out: SheetRead = { rows: [], sources: [], skipped: [], problems: [], carries: [], guesses: [] };
  const gods = new Map(known);
  // The Gods first: every other sheet's names are matched to them.
  const order = [...mappings].sort(
    (a, b) => Number(b.readAs === "Gods" || b.columns["Kind"] !== undefined) - Number(a.readAs === "Gods" || a.columns["Kind"] !== undefined),
  );
  for (const m of order) {
    if (m.readAs !== "Gods" && m.columns["Kind"] === undefined) continue;
    const sheet = sheets.find((s) => s.name === m.sheet);
    const at = sheet === undefined ? -1 : headerIndex(sheet, m, "God");
    if (sheet === undefined || at < 0) continue;
    for (const r of sheet.rows.slice(m.headerRow)) {
      const name = text(r[at] ?? null);
      if (name !== "" && !isTotalsRow(r)) gods.set(nameKey(name), gods.get(nameKey(name)) ?? name);
    }
  }
  for (const m of order) {
    const sheet = sheets.find((s) => s.name === m.sheet);
    if (sheet === undefined || m.readAs === "leave out") continue;
    readOne(filledMerges(sheet, m.headerRow), m, gods, out);
  }
  return out;
}

/**
 * A sheet whose cells merged down over several rows under its headers (a race's name over its
 * rows) read as the gamemaster means them: the value in each row of the merged range.
 */
function filledMerges(sheet: HandSheet, headerRow: number): HandSheet {
  const down = sheet.merges.filter((m) => m.top > headerRow && m.bottom > m.top);
  if (down.length === 0) return sheet;
  const rows = sheet.rows.map((r) => [...r]);
  for (const m of down) {
    const value = rows[m.top - 1]?.[m.left - 1] ?? null;
    for (let r = m.top; r <= Math.min(m.bottom, rows.length); r++) {
      const row = rows[r - 1] ?? [];
      while (row.length < m.right) row.push(null);
      for (let c = m.left; c <= m.right; c++) row[c - 1] = value;
      rows[r - 1] = row;
    }
  }
  return { ...sheet, rows };
}

/** The column (0-based) a mapping reads a field from; -1 when it reads none. */
function headerIndex(sheet: HandSheet, m: SheetMapping, field: string): number {
  const header = m.columns[field];
  return header === undefined ? -1 : columnOfHeader(sheet, m.headerRow, header);
}

function columnOfHeader(sheet: HandSheet, headerRow: number, header: string): number {
  return (sheet.rows[headerRow - 1] ?? []).findIndex((h) => typeof h === "string" && headerWords(h) === headerWords(header));
}

function readOne(sheet: HandSheet, m: SheetMapping, gods: ReadonlyMap<string, string>, out: SheetRead): void {
  const columnsOf = (field: string) => headerIndex(sheet, m, field);
  const headerAt = (column: number): string => text(sheet.rows[m.headerRow - 1]?.[column] ?? null);
  const at = (row: number, column: number) => cellAddress(sheet.name, row, column + 1);
  const problem = (table: string, row: number, column: number, header: string, message: string) =>
    out.problems.push(tableError(table, message, { row, column: header, address: at(row, column) }));
  const table = m.readAs;
  if (table === "leave out") return;
  // The header of each field the mapping names must be in the sheet: a map typed by hand may name one that is not.
  for (const [field, header] of Object.entries(m.columns)) {
    if (columnsOf(field) < 0)
      out.problems.push(
        tableError(table, `'${sheet.name}' has no column "${header}" in row ${m.headerRow} (the mapping reads ${COLUMN_OF[field] ?? field} from it).`, {
          address: cellAddress(sheet.name, m.headerRow, 1),
        }),
      );
  }
  for (const h of m.centuries ?? [])
    if (centuryHeader(h) === undefined)
      out.problems.push(
        tableError(table, `'${sheet.name}': the header "${h}" names no century; name it like "Century 3" or "C3".`, {
          address: cellAddress(sheet.name, m.headerRow, 1),
        }),
      );
  for (const h of [...(m.spheres ?? []), ...(m.centuries ?? []), ...(m.members ?? []), ...(m.shares === undefined ? [] : [m.shares])]) {
    if (columnOfHeader(sheet, m.headerRow, h) < 0)
      out.problems.push(tableError(table, `'${sheet.name}' has no column "${h}" in row ${m.headerRow}.`, { address: cellAddress(sheet.name, m.headerRow, 1) }));
  }
  if (out.problems.some((p) => p.address?.startsWith(`${quoteSheet(sheet.name)}!`) === true && p.row === undefined)) return;

  // The rows to read: under the headers, blank rows and totals rows skipped.
  const keyField = {
    Gods: "God",
    Cards: "God",
    Races: "Race",
    Pantheon: "Race",
    Deaths: "Cause",
    Counts: "Source",
    Sources: "Source",
    Settings: "Setting",
    Mana: "God",
  }[table];
  const keyColumn = columnsOf(keyField);
  const data: { row: number; cells: readonly RawCell[] }[] = [];
  for (let i = m.headerRow; i < sheet.rows.length; i++) {
    const cells = sheet.rows[i] ?? [];
    const row = i + 1;
    if (cells.every(isBlank)) continue;
    if (isTotalsRow(cells)) {
      out.skipped.push({ sheet: sheet.name, row, why: "a totals row" });
      continue;
    }
    if (isBlank(cells[keyColumn] ?? null)) {
      out.skipped.push({ sheet: sheet.name, row, why: `no ${COLUMN_OF[keyField] ?? keyField} in ${columnLetter(keyColumn + 1)}${row}` });
      continue;
    }
    data.push({ row, cells });
  }
  const first = data[0]?.row;
  const last = data[data.length - 1]?.row;
  const range = (column: number): string =>
    first === undefined || last === undefined
      ? `${quoteSheet(sheet.name)} (no rows)`
      : `${quoteSheet(sheet.name)}!${areaRef({ top: first, left: column + 1, bottom: last, right: column + 1 })}`;
  const sources = new Map<string, { columns: ColumnSource[]; rows: number; first?: Record<string, PlanValue> }>();
  const source = (target: string, columns: readonly ColumnSource[]) => {
    let s = sources.get(target);
    if (s === undefined) {
      s = { columns: [...columns], rows: 0 };
      sources.set(target, s);
    }
    return s;
  };
  const bring = (target: string, columns: readonly ColumnSource[], row: number, values: EditRow, key: string): void => {
    const s = source(target, columns);
    s.rows++;
    s.first ??= { ...values };
    out.rows.push({ table: target, row: values, key, sheet: sheet.name, sheetRow: row });
  };
  const fromColumn = (field: string): ColumnSource[] => {
    const c = columnsOf(field);
    return c < 0 ? [] : [{ column: COLUMN_OF[field] ?? field, from: range(c) }];
  };
  /** A god's name as the Gods table spells it (or Demons, Diabolism, Atheism); undefined, with a problem, when it is none. */
  const godName = (target: string, row: number, column: number, typed: string, specials: readonly string[]): string | undefined => {
    const k = nameKey(typed);
    const special = specials.find((s) => nameKey(s) === k);
    if (special !== undefined) return special;
    const found = gods.get(k);
    if (found !== undefined) return found;
    problem(
      target,
      row,
      column,
      headerAt(column),
      `"${typed.slice(0, 60)}" is not a god of the Gods sheet${specials.length > 0 ? ` (nor ${specials.join(", ")})` : ""}; correct the name, or add the god.`,
    );
    return undefined;
  };
  const whole = (target: string, row: number, column: number, what: string): number | undefined => {
    const c = column < 0 ? null : (sheet.rows[row - 1]?.[column] ?? null);
    // An error cell is named once, with the others of its row.
    if (column < 0 || isBlank(c) || isErrorCell(c)) return undefined;
    const n = exactNumber(c);
    if (n === null || !isInteger(n) || isNegative(n)) {
      problem(target, row, column, headerAt(column), `${shownCell(c)} is not ${what} (a whole number, 0 or more).`);
      return undefined;
    }
    return Number(n.n);
  };
  const number = (target: string, row: number, column: number, what: string): number | undefined => {
    const c = column < 0 ? null : (sheet.rows[row - 1]?.[column] ?? null);
    // An error cell is named once, with the others of its row.
    if (column < 0 || isBlank(c) || isErrorCell(c)) return undefined;
    const n = exactNumber(c);
    if (n === null) {
      problem(target, row, column, headerAt(column), `${shownCell(c)} is not ${what}.`);
      return undefined;
    }
    return Number(formatExact(n));
  };

  const unsaved = new Set(sheet.unsaved.map((u) => `${u.row}:${u.column}`));
  for (const { row, cells } of data) {
    for (const [i, c] of cells.entries()) {
      if (isErrorCell(c) || unsaved.has(`${row}:${i + 1}`))
        problem(
          table,
          row,
          i,
          headerAt(i),
          isErrorCell(c)
            ? `cell ${columnLetter(i + 1)}${row} shows the error ${c.error}; put a value there, or leave the row out.`
            : `cell ${columnLetter(i + 1)}${row} holds a formula with no saved result; open and save the file in Excel or LibreOffice once, then try again.`,
        );
    }
  }
  const sheetCentury = m.century;
  const centuryFrom: ColumnSource[] =
    columnsOf("Century") >= 0
      ? fromColumn("Century")
      : sheetCentury === undefined
        ? []
        : [{ column: "Century", from: `${sheetCentury}, from the sheet's name ${quoteSheet(sheet.name)}` }];
  // A century typed as "C3" or "Century 3" is century 3.
  const centuryOf = (target: string, row: number): number | undefined => {
    const c = columnsOf("Century");
    if (c < 0) return sheetCentury;
    const typed = sheet.rows[row - 1]?.[c] ?? null;
    const named = typeof typed === "string" ? centuryHeader(typed.trim()) : undefined;
    return named ?? whole(target, row, c, "a century");
  };

  readRows({
    table,
    sheet,
    m,
    data,
    first,
    last,
    gods,
    carries: out.carries,
    guesses: out.guesses,
    at,
    problem,
    range,
    bring,
    fromColumn,
    godName,
    whole,
    number,
    centuryFrom,
    centuryOf,
    columnsOf,
    columnOfHeader: (header) => columnOfHeader(sheet, m.headerRow, header),
    skip: (row, why) => out.skipped.push({ sheet: sheet.name, row, why }),
  });
  for (const [target, s] of sources)
    out.sources.push({ table: target, sheet: sheet.name, columns: dedupe(s.columns), rows: s.rows, ...(s.first === undefined ? {} : { first: s.first }) });
}

function dedupe(columns: readonly ColumnSource[]): ColumnSource[] {
  const seen = new Set<string>();
  return columns.filter((c) => {
    if (seen.has(c.column)) return false;
    seen.add(c.column);
    return true;
  });
}
