/**
 * The rows of a hand-kept sheet turned into rows of the campaign's tables, one kind of table at a
 * time (gods and their cards, races and their pantheons, deaths, counts, sources, a mana sheet's
 * carries), over what rows.ts worked out of the sheet: its data rows, its columns and how a cell
 * that cannot be read is named.
 */
import { exactNumber, isBlank } from "../../../engine/cells";
import type { Ratio } from "../../../engine/exact";
import { ATHEISM, DEMONS, DIABOLISM, nameKey } from "../../../engine/names";
import { areaRef, columnLetter, quoteSheet } from "../../model/address";
import type { RawCell } from "../../model/raw";
import type { EditRow } from "../../plan/edits";
import type { PlanValue } from "../../plan/layout";
import { cardMark, plain, sharesOf, shownCell, text } from "./cells";
import { centuryHeader, nearMember, sphereOf } from "./shape";
import type { ColumnSource, HandSheet, SheetMapping } from "./types";

const GOD_KINDS = ["greater", "lesser", "spirit", "demon"];

/** A basis as gamemasters write it ("Worshippers", "death"), as the Sources table spells it. */
const BASIS_WORDS: Readonly<Record<string, string>> = {
  worshippers: "worship",
  worshipper: "worship",
  worshipers: "worship",
  worshiper: "worship",
  death: "deaths",
  dead: "deaths",
  counts: "count",
  diabolists: "diabolism",
  diabolist: "diabolism",
};

/** The table a mana sheet's rows go to, for messages. */
export const MANA = "Mana";

/** What the reading of one sheet hands to the readers of its rows. */
export interface RowReader {
  readonly table: SheetMapping["readAs"];
  readonly sheet: HandSheet;
  readonly m: SheetMapping;
  readonly data: readonly { row: number; cells: readonly RawCell[] }[];
  readonly first: number | undefined;
  readonly last: number | undefined;
  readonly gods: ReadonlyMap<string, string>;
  readonly carries: { god: string; carry: Ratio; century: number; address: string }[];
  readonly guesses: string[];
  readonly at: (row: number, column: number) => string;
  readonly problem: (table: string, row: number, column: number, header: string, message: string) => void;
  readonly range: (column: number) => string;
  readonly bring: (target: string, columns: readonly ColumnSource[], row: number, values: EditRow, key: string) => void;
  readonly fromColumn: (field: string) => ColumnSource[];
  readonly godName: (target: string, row: number, column: number, typed: string, specials: readonly string[]) => string | undefined;
  readonly whole: (target: string, row: number, column: number, what: string) => number | undefined;
  readonly number: (target: string, row: number, column: number, what: string) => number | undefined;
  readonly centuryFrom: readonly ColumnSource[];
  readonly centuryOf: (target: string, row: number) => number | undefined;
  readonly columnsOf: (field: string) => number;
  readonly columnOfHeader: (header: string) => number;
  /** a row left out, and why (said with the rows skipped) */
  readonly skip: (row: number, why: string) => void;
}

/**
 * The columns of a sheet of counts or deaths kept with a column per century ("Century 1", "C2"):
 * each column's century (from its header), and where Century and the numbers come from.
 */
function centuryColumns(reader: RowReader): { columns: { column: number; century: number }[]; from: ColumnSource[] } {
  const { sheet, m, first, last } = reader;
  const columns = (m.centuries ?? []).flatMap((h) => {
    const century = centuryHeader(h);
    const column = reader.columnOfHeader(h);
    return century === undefined || column < 0 ? [] : [{ column, century }];
  });
  if (columns.length === 0) return { columns, from: [] };
  const left = Math.min(...columns.map((c) => c.column)) + 1;
  const right = Math.max(...columns.map((c) => c.column)) + 1;
  const what = m.readAs === "Counts" ? "Count" : "Units";
  return {
    columns,
    from: [
      { column: "Century", from: `the headers of ${quoteSheet(sheet.name)}!${areaRef({ top: m.headerRow, left, bottom: m.headerRow, right })}` },
      {
        column: what,
        from: `${quoteSheet(sheet.name)}!${areaRef({ top: first ?? m.headerRow + 1, left, bottom: last ?? m.headerRow + 1, right })} (one column per century)`,
      },
    ],
  };
}

/** Brings the sheet's data rows into the table its mapping names. */
export function readRows(reader: RowReader): void {
  const { table, sheet, m, data, first, last, gods, at, problem, range, bring, fromColumn, godName, whole, number, centuryFrom, centuryOf, columnsOf } = reader;
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
        const sphereColumns = (m.spheres ?? []).map((h) => reader.columnOfHeader(h));
        // Where the grid of cards lies (only worked out when the sheet has one: a long form has no sphere column).
        const left = sphereColumns.length === 0 ? 1 : Math.min(...sphereColumns) + 1;
        const right = sphereColumns.length === 0 ? 1 : Math.max(...sphereColumns) + 1;
        const grid =
          sphereColumns.length === 0
            ? ""
            : `${quoteSheet(sheet.name)}!${areaRef({ top: first ?? m.headerRow + 1, left, bottom: last ?? m.headerRow + 1, right })}`;
        for (const [i, sphere] of (m.spheres ?? []).entries()) {
          const c = sphereColumns[i] ?? -1;
          // A mark ("x", "yes", a tick) is one card, a dash or "no" none: the proposal lists it as a guess.
          const mark = cardMark(cells[c] ?? null);
          const n = mark === "one" ? 1 : mark === "none" ? 0 : whole("Cards", row, c, "a number of cards");
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
            { God: god, Sphere: sphereOf(sphere), Cards: n },
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
          const c = reader.columnOfHeader(header);
          const v = number("Pantheon", row, c, "a share (40, 40% or 0.4)");
          // A header that is no god's name, but near one, was proposed as that god's shares (a guess).
          const near = gods.has(nameKey(header))
            ? undefined
            : nearMember(header, new Map([...gods, [nameKey(DIABOLISM), DIABOLISM], [nameKey(ATHEISM), ATHEISM]]));
          if (v !== undefined && v !== 0) shares.push({ member: near ?? header, share: v, column: c });
        }
        const typedShares = m.shares === undefined ? -1 : reader.columnOfHeader(m.shares);
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
          // "Demons" as a member: the worship that goes to the demons' pool, which is Diabolism's.
          const demons = nameKey(s.member) === nameKey(DEMONS);
          const said = `'${sheet.name}': "${s.member.trim()}" as a member of a pantheon was read as ${DIABOLISM}, whose worship goes to the demons' pool.`;
          if (demons && !reader.guesses.includes(said)) reader.guesses.push(said);
          const member = demons ? DIABOLISM : godName("Pantheon", row, s.column, s.member, [DIABOLISM, ATHEISM]);
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
      const wide = centuryColumns(reader);
      for (const { row, cells } of data) {
        const note = [columnsOf("Date"), columnsOf("Note")]
          .map((c) => (c < 0 ? "" : text(cells[c] ?? null)))
          .filter((t) => t !== "")
          .join(" — ");
        const race = columnsOf("Race") < 0 ? "" : text(cells[columnsOf("Race")] ?? null);
        const noteFrom = [columnsOf("Date"), columnsOf("Note")]
          .filter((c) => c >= 0)
          .map(range)
          .join(" and ");
        // One death row for each century of the row: its Century cell, the sheet's name, or each column of a century.
        const each =
          wide.columns.length > 0
            ? wide.columns.map((w) => ({ century: w.century, units: whole("Deaths", row, w.column, "a number of units") }))
            : [{ century: centuryOf("Deaths", row), units: whole("Deaths", row, columnsOf("Dead"), "a number of units") }];
        const [centuryCol = [], unitsCol = []] = wide.columns.length > 0 ? wide.from.map((f) => [f]) : [centuryFrom, fromColumn("Dead")];
        if (wide.columns.length === 0 && each[0]?.century !== undefined && isBlank(cells[columnsOf("Dead")] ?? null))
          reader.skip(row, `no Units in ${columnLetter(columnsOf("Dead") + 1)}${row}`);
        for (const { century, units } of each) {
          if (century === undefined || units === undefined) {
            if (century === undefined && columnsOf("Century") >= 0 && isBlank(cells[columnsOf("Century")] ?? null))
              problem("Deaths", row, columnsOf("Century"), m.columns["Century"] ?? "Century", "no century: type the century these deaths belong to.");
            continue;
          }
          if (wide.columns.length > 0 && units === 0) continue;
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
          bring(
            "Deaths",
            [...centuryCol, ...fromColumn("Cause"), ...unitsCol, ...fromColumn("Race"), ...(noteFrom === "" ? [] : [{ column: "Note", from: noteFrom }])],
            row,
            values,
            `${k}#${n}`,
          );
        }
      }
      break;
    }
    case "Counts": {
      const wide = centuryColumns(reader);
      for (const { row, cells } of data) {
        const src = text(cells[columnsOf("Source")] ?? null);
        const each =
          wide.columns.length > 0
            ? wide.columns.map((w) => ({ century: w.century, count: number("Counts", row, w.column, "a count"), from: wide.from.map((f) => [f]) }))
            : [
                {
                  century: centuryOf("Counts", row),
                  count: number("Counts", row, columnsOf("Count"), "a count"),
                  from: [[...centuryFrom], fromColumn("Count")],
                },
              ];
        if (wide.columns.length === 0 && isBlank(cells[columnsOf("Count")] ?? null))
          reader.skip(row, `no Count in ${columnLetter(columnsOf("Count") + 1)}${row}`);
        for (const { century, count, from } of each) {
          if (century === undefined || count === undefined) continue;
          bring(
            "Counts",
            [from[0] ?? [], fromColumn("Source"), from[1] ?? []].flat(),
            row,
            { Century: century, Source: src, Count: count },
            `${century}|${nameKey(src)}`,
          );
        }
      }
      break;
    }
    case "Settings": {
      for (const { row, cells } of data) {
        const setting = text(cells[columnsOf("Setting")] ?? null);
        bring(
          "Settings",
          [...fromColumn("Setting"), ...fromColumn("Value")],
          row,
          { Setting: setting, Value: plain(cells[columnsOf("Value")] ?? null) },
          nameKey(setting),
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
          const word = typeof v === "string" && (f === "Basis" || f === "Timing" || f === "Flat") ? v.toLowerCase() : v;
          values[f] = f === "Basis" && typeof word === "string" ? (BASIS_WORDS[word] ?? word) : word;
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
        const century = columnsOf("Century") >= 0 ? centuryOf(MANA, row) : m.century;
        if (century === undefined && columnsOf("Century") >= 0) {
          if (isBlank(cells[columnsOf("Century")] ?? null))
            problem(MANA, row, columnsOf("Century"), m.columns["Century"] ?? "Century", "no century: type the century this carry was left at.");
          continue;
        }
        if (century === undefined) {
          problem(
            MANA,
            row,
            c,
            m.columns["Carry"] ?? "Carry",
            `the sheet's name gives no century, so what it carries cannot be placed; name the sheet like "Mana C2".`,
          );
          break;
        }
        reader.carries.push({ god, carry, century, address: at(row, c) });
      }
      break;
    }
  }
}
