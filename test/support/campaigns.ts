/**
 * The campaigns the tests and the benchmark use, and ways to hold them: as raw tables (what the
 * adapters produce), as an .xlsx file, or in the in-memory Excel stand-in.
 *
 * `handWorked()` is a small campaign whose mana is worked out by hand below. `huge(scale)` is
 * generated: at scale 1 it has 200 recipients (199 gods and the Demons pool), 500 races with 8
 * pantheon members each, 2,000 source rows and 100,000 death rows; scale 2 doubles every count.
 *
 * Century 1, by hand:
 *   Strength: Achaeans 20 + 3·1 = 23; Trojans 30 + 6·1 = 36; Amazons 10, but in turmoil → 0.
 *   Worshippers: Ares 23·50% = 11.5 (Amazons give 0); Hestia 23·30% + 36·0.75 = 6.9 + 27 = 33.9;
 *     Diabolism 23·20% = 4.6; Atheism 36·0.25 = 9 (goes to nobody).
 *   Deaths of century 1: war 10 + 4 = 14, plague 3; all 17. (The century-2 row is not counted.)
 *   Ares (War 2 cards, Hearth 1):
 *     Battle dead 14 × (0.5·2) = 14; Faithful 11.5 × (0.1·2 + 0.2·1) = 4.6; Hearths (flat) 4 × 1 = 4
 *     earned 22.6 → paid 22, carry 0.6
 *   Hestia (Hearth 3): Faithful 33.9 × 0.2·3 = 20.34; Hearths 4 × 1 = 4 → 24.34 → paid 24, carry 0.34
 *   Demons (Pit 1): Damned 4.6 × 0.25 = 1.15; All dead (flat) 17 × 0.1 = 1.7 → 2.85 → paid 2, carry 0.85
 *   Lilith is a demon: no payment of her own. The Feast source is an event: not counted.
 * Century 2 (deaths: war 5; no Hearths count → taken as 0, with a warning):
 *   Ares: 5 × 1 + 4.6 + 0 = 9.6; 0.6 + 9.6 = 10.2 → paid 10, carry 0.2
 *   Hestia: 20.34 + 0 = 20.34; 0.34 + 20.34 = 20.68 → paid 20, carry 0.68
 *   Demons: 1.15 + 5 × 0.1 = 1.65; 0.85 + 1.65 = 2.5 → paid 2, carry 0.5
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { savePackage } from "../../src/workbook/xlsx/package/zipSave";
import { isErrorCell, type RawCell, type RawTable, type RawWorkbook } from "../../src/workbook/model/raw";
import { INPUT_TABLES, SETTINGS } from "../../src/workbook/model/schema";
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { MemoryWorkbook } from "./memoryExcel";

export type Rows = RawCell[][];
export type Tables = Record<string, Rows>;

/** A header cell as an Excel table's column name (an error as its code, #N/A). */
export function headerName(h: RawCell): string {
  return isErrorCell(h) ? h.error : String(h);
}

/** Each table: the header row first. */
export function handWorked(): Tables {
  return {
    Gods: [
      ["God", "Kind"],
      ["Ares", "greater"],
      ["Hestia", "lesser"],
      ["Lilith", "demon"],
    ],
    Cards: [
      ["God", "Sphere", "Cards"],
      ["Ares", "War", 2],
      ["Ares", "Hearth", 1],
      ["Hestia", "Hearth", 3],
      ["Demons", "Pit", 1],
    ],
    Sources: [
      ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"],
      ["War", "Battle dead", "deaths", 0.5, "no", "war", null],
      ["War", "Faithful", "worship", 0.1, null, null, null],
      ["Hearth", "Faithful", "worship", 0.2, "no", null, "century-end"],
      ["Hearth", "Hearths", "count", 1, "yes", null, null],
      ["Hearth", "Feast", "count", 3, "no", null, "event"],
      ["Pit", "Damned", "diabolism", 0.25, "no", null, null],
      ["Pit", "All dead", "deaths", 0.1, "yes", "any", null],
    ],
    Races: [
      ["Race", "Units", "Cities", "Great Cities", "Culture", "Turmoil", "Military"],
      ["Achaeans", 20, 1, 0, "civilized", "no", 3],
      ["Trojans", 30, 0, 1, "civilized", null, 2],
      ["Amazons", 10, null, null, "barbarian", "yes", 4],
    ],
    Pantheon: [
      ["Race", "Member", "Share"],
      ["Achaeans", "Ares", 50],
      ["Achaeans", "Hestia", 30],
      ["Achaeans", "Diabolism", 20],
      ["Trojans", "Hestia", 0.75],
      ["Trojans", "Atheism", 0.25],
      ["Amazons", "Ares", 100],
    ],
    Deaths: [
      ["Century", "Cause", "Units", "Race", "Note"],
      [1, "war", 10, "Achaeans", "siege"],
      [1, "War", 4, "Trojans", null],
      [1, "plague", 3, "Trojans", null],
      [2, "war", 5, "Amazons", null],
    ],
    Counts: [
      ["Century", "Source", "Count"],
      [1, "Hearths", 4],
    ],
  };
}

/** The example campaign of `gods init --example`, each table with its headers, as laid out for a new workbook. */
export function exampleTables(): Tables {
  const tables: Tables = {};
  for (const spec of [...INPUT_TABLES, SETTINGS]) {
    const headers = spec.columns.map((c) => c.header);
    tables[spec.name] = [headers, ...(EXAMPLE_CAMPAIGN[spec.name] ?? []).map((r) => headers.map((_, i) => r[i] ?? null))];
  }
  return tables;
}

export function rawWorkbook(tables: Tables): RawWorkbook {
  const map = new Map<string, RawTable>();
  for (const [name, [headers = [], ...rows]] of Object.entries(tables)) {
    map.set(name.toLowerCase(), { name, sheet: name, headerRow: 1, firstColumn: 1, headers, rows, isTable: false });
  }
  return { tables: map, sheetNames: Object.keys(tables) };
}

/** One sheet per table; as Excel tables when `asTables`. */
export async function writeXlsx(tables: Tables, file: string, asTables = false): Promise<void> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(tables)) {
    const ws = wb.addWorksheet(name);
    const [headers = [], ...body] = rows;
    if (asTables) {
      ws.addTable({
        name,
        ref: "A1",
        headerRow: true,
        columns: headers.map((h) => ({ name: headerName(h) })),
        rows: body.length ? body.map((r) => r.map((v) => (typeof v === "object" && v !== null ? null : v))) : [headers.map(() => null)],
      });
    } else {
      rows.forEach((r) => ws.addRow(r.map((v) => (typeof v === "object" && v !== null ? { error: v.error } : v))));
    }
  }
  await wb.xlsx.writeFile(file);
}

export function memoryWorkbook(tables: Tables, asTables = true): MemoryWorkbook {
  const book = new MemoryWorkbook();
  for (const [name, rows] of Object.entries(tables)) {
    // Excel hands error cells to add-ins as their text, such as "#N/A".
    const values = rows.map((r) => r.map((v) => (typeof v === "object" && v !== null ? v.error : v)));
    book.put(name, values, asTables ? { table: name } : {});
  }
  return book;
}

/** A copy of the tables with one change. */
export function edit(change: (t: Tables) => void, base: Tables = handWorked()): Tables {
  const copy = JSON.parse(JSON.stringify(base)) as Tables;
  change(copy);
  return copy;
}

const BASES = ["worship", "deaths", "count", "diabolism"] as const;
const CAUSES = [
  "war",
  "fire",
  "water",
  "plague",
  "famine",
  "starvation",
  "earthquake",
  "storm",
  "ice",
  "beasts",
  "murder",
  "sacrifice",
  "old age",
  "madness",
  "heresy",
];

export function huge(scale = 1): Tables {
  const gods = 199 * scale;
  const spheres = 100 * scale;
  const races = 500 * scale;
  const deaths = 100_000 * scale;
  const names = 60;
  const sourceName = (j: number) => `${String(BASES[j % 4])} ${j}`;
  const t: Tables = {
    Gods: [["God", "Kind"]],
    Cards: [["God", "Sphere", "Cards"]],
    Sources: [["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"]],
    Races: [["Race", "Units", "Cities", "Great Cities", "Culture", "Turmoil"]],
    Pantheon: [["Race", "Member", "Share"]],
    Deaths: [["Century", "Cause", "Units", "Race", "Note"]],
    Counts: [["Century", "Source", "Count"]],
  };
  for (let g = 0; g < gods; g++) t.Gods?.push([`God ${g}`, ["greater", "lesser", "spirit"][g % 3] as string]);
  for (let s = 0; s < spheres; s++) {
    for (let k = 0; k < 20; k++) {
      const j = (s + k * 3) % names;
      const basis = BASES[j % 4] as string;
      t.Sources?.push([
        `Sphere ${s}`,
        sourceName(j),
        basis,
        [0.1, 0.25, 0.5, 1, 0.05][(s + k) % 5] as number,
        k % 7 === 0 ? "yes" : "no",
        basis === "deaths" ? (CAUSES[j % CAUSES.length] as string) : null,
        "century-end",
      ]);
    }
  }
  for (let g = 0; g < gods; g++) for (let k = 0; k < 5; k++) t.Cards?.push([`God ${g}`, `Sphere ${(g * 7 + k * 13) % spheres}`, 1 + ((g + k) % 3)]);
  t.Cards?.push(["Demons", "Sphere 0", 1], ["Demons", "Sphere 1", 2]);
  const shares = [20, 15, 15, 10, 10, 10, 10, 10];
  for (let r = 0; r < races; r++) {
    t.Races?.push([`Race ${r}`, 10 + (r % 191), r % 4, r % 9 === 0 ? 1 : 0, "civilized", r % 20 === 0 ? "yes" : "no"]);
    for (let m = 0; m < 8; m++) {
      const member = m === 7 ? (r % 2 ? "Diabolism" : "Atheism") : `God ${(r * 11 + m * 17) % gods}`;
      t.Pantheon?.push([`Race ${r}`, member, shares[m] as number]);
    }
  }
  // Members of one pantheon must differ: the stride above repeats only when gods divide it.
  for (let d = 0; d < deaths; d++) t.Deaths?.push([1, CAUSES[d % CAUSES.length] as string, 1 + (d % 4), `Race ${d % races}`, null]);
  for (let j = 2; j < names; j += 4) t.Counts?.push([1, sourceName(j), 3 + j]);
  return t;
}

/** A generated campaign shaped like huge(), at any size: `gods` gods, `races` races with 8 pantheon members, 10 death rows a race. */
export function sized(gods: number, races: number): Tables {
  const spheres = Math.max(10, Math.ceil(gods / 2));
  const bases = ["worship", "deaths", "count", "diabolism"];
  const causes = ["war", "fire", "water", "plague", "famine"];
  const names = 60;
  const sourceName = (j: number) => `${String(bases[j % 4])} ${j}`;
  const godRows: Rows = [["God", "Kind"]];
  const cards: Rows = [["God", "Sphere", "Cards"]];
  const sources: Rows = [["Sphere", "Source", "Basis", "Rate", "Flat", "Cause", "Timing"]];
  const raceRows: Rows = [["Race", "Units", "Cities", "Great Cities", "Culture", "Turmoil"]];
  const pantheon: Rows = [["Race", "Member", "Share"]];
  const deaths: Rows = [["Century", "Cause", "Units", "Race", "Note"]];
  const counts: Rows = [["Century", "Source", "Count"]];
  for (let g = 0; g < gods; g++) godRows.push([`God ${g}`, ["greater", "lesser", "spirit"][g % 3] ?? null]);
  for (let s = 0; s < spheres; s++) {
    for (let k = 0; k < 20; k++) {
      const j = (s + k * 3) % names;
      const basis = bases[j % 4] ?? null;
      sources.push([
        `Sphere ${s}`,
        sourceName(j),
        basis,
        [0.1, 0.25, 0.5, 1, 0.05][(s + k) % 5] ?? null,
        k % 7 === 0 ? "yes" : "no",
        basis === "deaths" ? (causes[j % causes.length] ?? null) : null,
        "century-end",
      ]);
    }
  }
  for (let g = 0; g < gods; g++) for (let k = 0; k < 5; k++) cards.push([`God ${g}`, `Sphere ${(g * 7 + k * 13) % spheres}`, 1 + ((g + k) % 3)]);
  cards.push(["Demons", "Sphere 0", 1]);
  const shares = [20, 15, 15, 10, 10, 10, 10, 10];
  for (let r = 0; r < races; r++) {
    raceRows.push([`Race ${r}`, 10 + (r % 191), r % 4, r % 9 === 0 ? 1 : 0, "civilized", r % 20 === 0 ? "yes" : "no"]);
    // The members of one pantheon differ: 17·m stays distinct modulo a number of gods that 17 does not divide.
    for (let m = 0; m < 8; m++)
      pantheon.push([`Race ${r}`, m === 7 ? (r % 2 ? "Diabolism" : "Atheism") : `God ${(r * 11 + m * 17) % gods}`, shares[m] ?? null]);
  }
  for (let d = 0; d < races * 10; d++) deaths.push([1, causes[d % causes.length] ?? null, 1 + (d % 4), `Race ${d % races}`, null]);
  for (let j = 2; j < names; j += 4) counts.push([1, sourceName(j), 3 + j]);
  return { Gods: godRows, Cards: cards, Sources: sources, Races: raceRows, Pantheon: pantheon, Deaths: deaths, Counts: counts };
}

/**
 * The warning the hand-worked campaign's century 2 has (no count of Hearths: it counts 0), as the
 * gamemaster accepts it before paying.
 */
export const HEARTHS_ACCEPTED: readonly string[] = [
  'Counts table: "Hearths" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Hearths, Count), or accept 0.',
];

/**
 * The hand-worked campaign with a Deaths log of `rows` rows, as an .xlsx file: its tables as
 * plain sheets, the Deaths sheet's XML written directly (exceljs would need minutes and gigabytes
 * to write a million rows).
 */
export async function bigDeathsLog(file: string, rows = 1_000_000): Promise<void> {
  await writeXlsx(handWorked(), file);
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  const order = Object.keys(handWorked());
  const part = `xl/worksheets/sheet${order.indexOf("Deaths") + 1}.xml`;
  const causes = ["war", "plague", "fire", "water", "famine"];
  const xml: string[] = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Century</t></is></c><c r="B1" t="inlineStr"><is><t>Cause</t></is></c><c r="C1" t="inlineStr"><is><t>Units</t></is></c></row>',
  ];
  for (let r = 2; r <= rows + 1; r++)
    xml.push(
      `<row r="${r}"><c r="A${r}"><v>1</v></c><c r="B${r}" t="inlineStr"><is><t>${String(causes[r % 5])}</t></is></c><c r="C${r}"><v>${1 + (r % 4)}</v></c></row>`,
    );
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${xml.join("")}</sheetData></worksheet>`;
  const parts = new Map([...pkg.parts.keys()].map((k) => [k, pkg.parts.get(k) as Uint8Array]));
  parts.set(part, new TextEncoder().encode(sheet));
  fs.writeFileSync(file, savePackage(parts));
}
