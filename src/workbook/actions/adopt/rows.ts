/**
 * A hand-kept sheet's rows read as a mapping says, into rows of the campaign's tables: blank
 * rows and totals rows skipped (and said so), names trimmed and matched to the gods, kinds in any
 * case, cards from one column per sphere, shares from a grid or from text ("Solara 40%, Vorn 25%"),
 * the century from the sheet's name. A cell that cannot be read is named, with why.
 */
import { exactNumber, isBlank } from "../../../engine/cells";
import { formatExact, isInteger, isNegative, mul, ratio, type Ratio } from "../../../engine/exact";
import { ATHEISM, DEMONS, DIABOLISM, nameKey } from "../../../engine/names";
import { areaRef, cellAddress, columnLetter, quoteSheet } from "../../model/address";
import { tableError, type Problem } from "../../model/problems";
import { isErrorCell, type RawCell } from "../../model/raw";
import type { EditRow } from "../../plan/edits";
import type { PlanValue } from "../../plan/layout";
import { COLUMN_OF, headerWords, isTotalsRow } from "./shape";
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
}

const GOD_KINDS = ["greater", "lesser", "spirit", "demon"];

/** A cell's text, trimmed and with inner runs of spaces made one; "" for a blank. */
function text(c: RawCell): string {
  return typeof c === "string" ? c.trim().replace(/\s+/g, " ") : typeof c === "number" ? String(c) : typeof c === "boolean" ? (c ? "yes" : "no") : "";
}

/** A cell as written into a campaign table: numbers and yes/no kept, text trimmed. */
function plain(c: RawCell): PlanValue {
  if (c === null || isErrorCell(c)) return null;
  return typeof c === "string" ? (text(c) === "" ? null : text(c)) : c;
}

/** Reads the sheets as mapped; `gods` are the names of the Gods table (as brought and as they were). */
export function readSheets(sheets: readonly HandSheet[], mappings: readonly SheetMapping[], known: ReadonlyMap<string, string>): SheetRead {
  const out: SheetRead = { rows: [], sources: [], skipped: [], problems: [], carries: [] };
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

/** The table a mana sheet's rows go to, for messages. */
const MANA = "Mana";

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
  for (const h of [...(m.spheres ?? []), ...(m.members ?? []), ...(m.shares === undefined ? [] : [m.shares])]) {
    if (columnOfHeader(sheet, m.headerRow, h) < 0)
      out.problems.push(tableError(table, `'${sheet.name}' has no column "${h}" in row ${m.headerRow}.`, { address: cellAddress(sheet.name, m.headerRow, 1) }));
  }
  if (out.problems.some((p) => p.address?.startsWith(`${quoteSheet(sheet.name)}!`) === true && p.row === undefined)) return;

  // The rows to read: under the headers, blank rows and totals rows skipped.
  const keyField = { Gods: "God", Cards: "God", Races: "Race", Pantheon: "Race", Deaths: "Cause", Counts: "Source", Sources: "Source", Mana: "God" }[table];
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
  const centuryOf = (target: string, row: number): number | undefined =>
    columnsOf("Century") >= 0 ? whole(target, row, columnsOf("Century"), "a century") : sheetCentury;

  switch (table) {
    case "Gods":
    case "Cards": {
      const g = columnsOf("God");
      const k = columnsOf("Kind");
      for (const { row, cells } of data) {
        const typed = text(cells[g] ?? null);
        if (table === "Gods" || k >= 0) {
          // "Greater", "GREATER", "Greater god": the kind's word, in any case.
          const typedKind = text(cells[k] ?? null).toLowerCase();
          const kindText = GOD_KINDS.find((g) => typedKind.split(/[^a-z]+/).some((w) => w === g || w === `${g}s`)) ?? typedKind;
          if (k >= 0 && kindText !== "" && !GOD_KINDS.includes(kindText)) {
            problem("Gods", row, k, m.columns["Kind"] ?? "Kind", `"${kindText.slice(0, 40)}" is not a kind of god: greater, lesser, spirit or demon.`);
            continue;
          }
          if (nameKey(typed) !== nameKey(DEMONS))
            bring(
              "Gods",
              [...fromColumn("God"), ...fromColumn("Kind")],
              row,
              { God: gods.get(nameKey(typed)) ?? typed, ...(kindText === "" ? {} : { Kind: kindText }) },
              nameKey(typed),
            );
        }
        const god = godName("Cards", row, g, typed, [DEMONS]);
        if (god === undefined) continue;
        const sphereColumns = (m.spheres ?? []).map((h) => columnOfHeader(sheet, m.headerRow, h));
        // Where the grid of cards lies (only worked out when the sheet has one: a long form has no sphere column).
        const left = sphereColumns.length === 0 ? 1 : Math.min(...sphereColumns) + 1;
        const right = sphereColumns.length === 0 ? 1 : Math.max(...sphereColumns) + 1;
        const grid =
          sphereColumns.length === 0
            ? ""
            : `${quoteSheet(sheet.name)}!${areaRef({ top: first ?? m.headerRow + 1, left, bottom: last ?? m.headerRow + 1, right })}`;
        for (const [i, sphere] of (m.spheres ?? []).entries()) {
          const c = sphereColumns[i] ?? -1;
          const n = whole("Cards", row, c, "a number of cards");
          if (n === undefined || n === 0) continue;
          bring(
            "Cards",
            [
              { column: "God", from: range(g) },
              {
                column: "Sphere",
                from: `the headers of ${quoteSheet(sheet.name)}!${areaRef({ top: m.headerRow, left, bottom: m.headerRow, right })}`,
              },
              { column: "Cards", from: `${grid} (one column per sphere)` },
            ],
            row,
            { God: god, Sphere: sphere.trim(), Cards: n },
            `${nameKey(god)}|${nameKey(sphere)}`,
          );
        }
        const s = columnsOf("Sphere");
        if (s >= 0 && !isBlank(cells[s] ?? null)) {
          const n = whole("Cards", row, columnsOf("Cards"), "a number of cards");
          if (n !== undefined)
            bring(
              "Cards",
              [...fromColumn("God"), ...fromColumn("Sphere"), ...fromColumn("Cards")],
              row,
              { God: god, Sphere: text(cells[s] ?? null), Cards: n },
              `${nameKey(god)}|${nameKey(text(cells[s] ?? null))}`,
            );
        }
      }
      break;
    }
    case "Races":
    case "Pantheon": {
      const r = columnsOf("Race");
      for (const { row, cells } of data) {
        const race = text(cells[r] ?? null);
        if (table === "Races") {
          const units = whole("Races", row, columnsOf("Units"), "a number of units");
          const values: Record<string, PlanValue> = { Race: race, Units: units ?? null };
          for (const f of ["Cities", "Great Cities"]) {
            const n = whole("Races", row, columnsOf(f), `a number of ${f.toLowerCase()}`);
            if (n !== undefined) values[f] = n;
          }
          for (const f of ["Culture", "Turmoil"])
            if (columnsOf(f) >= 0 && !isBlank(cells[columnsOf(f)] ?? null)) values[f] = plain(cells[columnsOf(f)] ?? null);
          if (units !== undefined)
            bring("Races", ["Race", "Units", "Cities", "Great Cities", "Culture", "Turmoil"].flatMap(fromColumn), row, values, nameKey(race));
        }
        const shares: { member: string; share: number; column: number }[] = [];
        for (const header of m.members ?? []) {
          const c = columnOfHeader(sheet, m.headerRow, header);
          const v = number("Pantheon", row, c, "a share (40, 40% or 0.4)");
          if (v !== undefined && v !== 0) shares.push({ member: header, share: v, column: c });
        }
        const typedShares = m.shares === undefined ? -1 : columnOfHeader(sheet, m.headerRow, m.shares);
        if (typedShares >= 0 && !isBlank(cells[typedShares] ?? null)) {
          const parsed = sharesOf(text(cells[typedShares] ?? null));
          if (typeof parsed === "string") problem("Pantheon", row, typedShares, m.shares ?? "", parsed);
          else shares.push(...parsed.map((p) => ({ ...p, column: typedShares })));
        }
        if (columnsOf("Member") >= 0 && !isBlank(cells[columnsOf("Member")] ?? null)) {
          const v = number("Pantheon", row, columnsOf("Share"), "a share (40, 40% or 0.4)");
          if (v !== undefined) shares.push({ member: text(cells[columnsOf("Member")] ?? null), share: v, column: columnsOf("Member") });
        }
        for (const s of shares) {
          const member = godName("Pantheon", row, s.column, s.member, [DIABOLISM, ATHEISM]);
          if (member === undefined) continue;
          const from =
            m.shares !== undefined && s.column === typedShares
              ? [
                  { column: "Member", from: `${range(s.column)} (text such as "Solara 40%")` },
                  { column: "Share", from: `${range(s.column)} (the same text)` },
                ]
              : (m.members ?? []).length > 0
                ? [
                    { column: "Member", from: `the headers of ${quoteSheet(sheet.name)}` },
                    { column: "Share", from: `${quoteSheet(sheet.name)}, one column per member` },
                  ]
                : [...fromColumn("Member"), ...fromColumn("Share")];
          bring(
            "Pantheon",
            [{ column: "Race", from: range(r) }, ...from],
            row,
            { Race: race, Member: member, Share: s.share },
            `${nameKey(race)}|${nameKey(member)}`,
          );
        }
      }
      break;
    }
    case "Deaths": {
      const seen = new Map<string, number>();
      for (const { row, cells } of data) {
        const century = centuryOf("Deaths", row);
        const units = whole("Deaths", row, columnsOf("Dead"), "a number of units");
        if (century === undefined || units === undefined) {
          if (century === undefined && columnsOf("Century") >= 0 && isBlank(cells[columnsOf("Century")] ?? null))
            problem("Deaths", row, columnsOf("Century"), m.columns["Century"] ?? "Century", "no century: type the century these deaths belong to.");
          continue;
        }
        const note = [columnsOf("Date"), columnsOf("Note")]
          .map((c) => (c < 0 ? "" : text(cells[c] ?? null)))
          .filter((t) => t !== "")
          .join(" — ");
        const race = columnsOf("Race") < 0 ? "" : text(cells[columnsOf("Race")] ?? null);
        const values: Record<string, PlanValue> = {
          Century: century,
          Cause: text(cells[columnsOf("Cause")] ?? null),
          Units: units,
          Race: race === "" ? null : race,
          Note: note === "" ? null : note,
        };
        const k = JSON.stringify([century, nameKey(String(values["Cause"])), units, nameKey(race), note]);
        const n = (seen.get(k) ?? 0) + 1;
        seen.set(k, n);
        const noteFrom = [columnsOf("Date"), columnsOf("Note")]
          .filter((c) => c >= 0)
          .map(range)
          .join(" and ");
        bring(
          "Deaths",
          [
            ...centuryFrom,
            ...fromColumn("Cause"),
            ...fromColumn("Dead"),
            ...fromColumn("Race"),
            ...(noteFrom === "" ? [] : [{ column: "Note", from: noteFrom }]),
          ],
          row,
          values,
          `${k}#${n}`,
        );
      }
      break;
    }
    case "Counts": {
      for (const { row, cells } of data) {
        const century = centuryOf("Counts", row);
        const count = number("Counts", row, columnsOf("Count"), "a count");
        if (century === undefined || count === undefined) continue;
        const src = text(cells[columnsOf("Source")] ?? null);
        bring(
          "Counts",
          [...centuryFrom, ...fromColumn("Source"), ...fromColumn("Count")],
          row,
          { Century: century, Source: src, Count: count },
          `${century}|${nameKey(src)}`,
        );
      }
      break;
    }
    case "Sources": {
      for (const { row, cells } of data) {
        const values: Record<string, PlanValue> = {};
        for (const f of ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"]) {
          const c = columnsOf(f);
          if (c < 0) continue;
          const v = f === "Rate" ? (number("Sources", row, c, "a rate per card") ?? null) : plain(cells[c] ?? null);
          values[f] = typeof v === "string" && (f === "Basis" || f === "Timing" || f === "Flat") ? v.toLowerCase() : v;
        }
        bring(
          "Sources",
          ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"].flatMap(fromColumn),
          row,
          values,
          `${nameKey(text(cells[columnsOf("Sphere")] ?? null))}|${nameKey(text(cells[columnsOf("Source")] ?? null))}`,
        );
      }
      break;
    }
    case "Mana": {
      const g = columnsOf("God");
      const c = columnsOf("Carry");
      for (const { row, cells } of data) {
        const god = godName(MANA, row, g, text(cells[g] ?? null), [DEMONS]);
        const carry = isBlank(cells[c] ?? null) ? null : exactNumber(cells[c] ?? null);
        if (god === undefined) continue;
        if (carry === null) {
          if (!isBlank(cells[c] ?? null))
            problem(MANA, row, c, m.columns["Carry"] ?? "Carry", `${shownCell(cells[c] ?? null)} is not an amount of mana carried.`);
          continue;
        }
        if (m.century === undefined) {
          problem(
            MANA,
            row,
            c,
            m.columns["Carry"] ?? "Carry",
            `the sheet's name gives no century, so what it carries cannot be placed; name the sheet like "Mana C2".`,
          );
          break;
        }
        out.carries.push({ god, carry, century: m.century, address: at(row, c) });
      }
      break;
    }
  }
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

/** A cell as a message quotes it. */
function shownCell(c: RawCell): string {
  return isErrorCell(c) ? c.error : typeof c === "string" ? `"${c.trim().slice(0, 40)}"` : String(c);
}

/** Shares typed as text: "Solara 40%, Vorn 25%, Diabolism 20%"; what is wrong, when they cannot be read. */
export function sharesOf(typed: string): { member: string; share: number }[] | string {
  const parts = typed
    .split(/[,;\n&]+|\band\b/)
    .map((p) => p.replace(/[()]/g, " ").trim())
    .filter((p) => p !== "");
  const out: { member: string; share: number }[] = [];
  for (const p of parts) {
    // "Solara 40%", "Solara: 40", or "40% Solara"
    const after = /^(.*?)[\s:=]*(\d+(?:\.\d+)?)\s*%?$/.exec(p);
    const before = after === null ? /^(\d+(?:\.\d+)?)\s*%?\s+(.+)$/.exec(p) : null;
    const member = (after?.[1] ?? before?.[2] ?? "").trim();
    const number = after?.[2] ?? before?.[1] ?? "";
    if (member === "" || number === "") return `"${p.slice(0, 40)}" is not a member and a share (write them like "Solara 40%, Vorn 25%").`;
    const share = exactNumber(number);
    if (share === null) return `"${p.slice(0, 40)}" has no share that can be read.`;
    out.push({ member, share: Number(formatExact(share)) });
  }
  return out;
}

/** A carry rounded to the Ledger's millionths, exactly. */
export function roundedCarry(carry: Ratio): { carry: Ratio; rounded: boolean } {
  const scaled = mul(carry, ratio(1_000_000));
  if (scaled.d === 1n) return { carry, rounded: false };
  const n = scaled.n >= 0n ? (2n * scaled.n + scaled.d) / (2n * scaled.d) : -((-2n * scaled.n + scaled.d) / (2n * scaled.d));
  return { carry: { ...ratio(n, 1_000_000) }, rounded: true };
}
