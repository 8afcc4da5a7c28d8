/**
 * Campaigns kept by hand, as a gamemaster lays them out in sheets of their own making: titles
 * over the headers (merged or not), headers in row 2 or 3, cards as one column per sphere, one
 * Deaths sheet per century with a totals row and dates typed as text, shares typed as text
 * ("Solara 40%, Vorn 25%"), a name with a trailing space, kinds typed "Greater", formulas with
 * their saved values, and a mana sheet per century with what was paid and the fraction carried.
 *
 * `vyr()` is the workbook committed as test/fixtures/hand-kept.xlsx (docs/adopt.md). Century 3,
 * the first the add-in pays after it is brought in at century 2, by hand:
 *   Strength: Elves 20 + 3·2 = 26; Dwarves 15 + 3 + 6 = 24; Orcs 12, in turmoil → 0.
 *   Deaths of century 3: war 6, water 4; all 10.
 *   Solara (Sun 3): Sunlit faithful 0.05·3 × Elves 26·40% = 0.15 × 10.4 = 1.56; 0.3 + 1.56 = 1.86 → 1, carry 0.86
 *   Vorn (War 2, Sea 1): War dead 0.5·2 × 6 = 6; Warriors' prayers 0.1·2 × (26·25% + 24·60% = 20.9)
 *     = 4.18; Drowned 0.25 × 4 = 1 → 11.18; 0.79 + 11.18 = 11.97 → 11, carry 0.97
 *   Kettu (Sun 1, Death 2): Sunlit faithful 0.05 × 24·40% = 0.48; All the dead (flat) 0.1 × 10 = 1;
 *     Damned 0.2·2 × Elves 26·20% = 0.4 × 5.2 = 2.08 → 3.56; 0.65 + 3.56 = 4.21 → 4, carry 0.21
 *   Demons (Death 1): All the dead 1; Damned 0.2 × 5.2 = 1.04 → 2.04; 0.5 + 2.04 = 2.54 → 2, carry 0.54
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { savePackage } from "../../src/workbook/xlsx/package/zipSave";

type Cell = string | number | null | { formula: string; result: number | string };

export interface SheetSpec {
  readonly name: string;
  /** title rows above the headers: each a text, merged across the headers' width when `merged` */
  readonly titles: readonly (string | null)[];
  readonly merged: boolean;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** A workbook of sheets laid out by hand. */
export async function handKeptXlsx(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    s.titles.forEach((t, i) => {
      if (t === null) return;
      ws.getCell(i + 1, 1).value = t;
      ws.getCell(i + 1, 1).font = { bold: true, size: 14 };
      if (s.merged && s.headers.length > 1) ws.mergeCells(i + 1, 1, i + 1, s.headers.length);
    });
    const top = s.titles.length + 1;
    s.headers.forEach((h, c) => {
      ws.getCell(top, c + 1).value = h;
      ws.getCell(top, c + 1).font = { bold: true };
    });
    s.rows.forEach((r, i) => {
      r.forEach((v, c) => {
        if (v !== null) ws.getCell(top + 1 + i, c + 1).value = v;
      });
    });
    s.headers.forEach((_, c) => (ws.getColumn(c + 1).width = c === 0 ? 14 : 12));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const sum = (col: string, from: number, to: number, result: number): Cell => ({ formula: `SUM(${col}${from}:${col}${to})`, result });

/** The hand-kept campaign of the worked example: the Gods of Vyr, paid by hand up to century 2. */
export function vyr(): SheetSpec[] {
  const deaths = (century: number, rows: (readonly [string, string, string, number, string | null])[]): SheetSpec => ({
    name: `Deaths C${century}`,
    titles: [`Deaths of century ${century}`],
    merged: true,
    headers: ["Date", "Cause", "Race", "Units", "Note"],
    rows: [
      ...rows,
      [null, null, null, null, null],
      [
        "Total",
        null,
        null,
        sum(
          "D",
          3,
          2 + rows.length,
          rows.reduce((s, r) => s + r[3], 0),
        ),
        null,
      ],
    ],
  });
  const mana = (century: number, rows: (readonly [string, number, number, number])[]): SheetSpec => ({
    name: `Mana C${century}`,
    titles: [`Mana paid at the end of century ${century}`],
    merged: true,
    headers: ["God", "Earned", "Paid", "Carried"],
    rows: rows.map(([god, earned, paid, carried], i) => [
      god,
      earned,
      { formula: `INT(B${3 + i}+${(paid + carried - earned).toFixed(2)})`, result: paid },
      carried,
    ]),
  });
  return [
    {
      name: "Gods",
      titles: ["The Gods of Vyr, kept by hand"],
      merged: true,
      headers: ["God", "Kind", "War", "Sea", "Sun", "Death", "Notes"],
      rows: [
        ["Solara", "Greater", 0, 0, 3, 0, "the sun"],
        ["Vorn ", "greater", 2, 1, 0, 0, null],
        ["Kettu", "LESSER", 0, 0, 1, 2, "promoted in century 2"],
        ["Demons", null, 0, 0, 0, 1, "the demons' pool"],
        [null, null, null, null, null, null, null],
        ["Total", null, sum("C", 3, 6, 2), sum("D", 3, 6, 1), sum("E", 3, 6, 4), sum("F", 3, 6, 3), null],
      ],
    },
    {
      name: "Rates",
      titles: ["Mana sources of each sphere"],
      merged: false,
      headers: ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"],
      rows: [
        ["War", "War dead", "deaths", 0.5, "no", "war"],
        ["War", "Warriors' prayers", "worship", 0.1, "no", null],
        ["Sea", "Drowned", "deaths", 0.25, "no", "water"],
        ["Sun", "Sunlit faithful", "Worship", 0.05, "no", null],
        ["Death", "All the dead", "deaths", 0.1, "yes", "any"],
        ["Death", "Damned", "diabolism", 0.2, "no", null],
      ],
    },
    {
      name: "Earth",
      titles: ["Earth at the end of century 2", null],
      merged: false,
      headers: ["Race", "Units", "Cities", "Great cities", "Strength", "Worshipped by", "Turmoil"],
      rows: [
        ["Elves", 20, 2, 0, { formula: "B4+3*C4+6*D4", result: 26 }, "Solara 40%, Vorn 25%, Diabolism 20%, Atheism 15%", "no"],
        ["Dwarves", 15, 1, 1, { formula: "B5+3*C5+6*D5", result: 24 }, "vorn 60%, Kettu 40%", "no"],
        ["Orcs", 12, 0, 0, { formula: "B6+3*C6+6*D6", result: 12 }, "Kettu 50%, Diabolism 50%", "yes"],
        [null, null, null, null, null, null, null],
        ["Total", sum("B", 4, 6, 47), sum("C", 4, 6, 3), sum("D", 4, 6, 1), sum("E", 4, 6, 62), null, null],
      ],
    },
    deaths(1, [
      ["3 Mar", "war", "Elves", 4, "border raid"],
      ["12 Apr", "Water", "Dwarves", 2, null],
    ]),
    deaths(2, [
      ["2 Jan", "war", "Orcs", 5, null],
      ["9 May", "plague", "Elves", 3, "the grey cough"],
    ]),
    deaths(3, [
      ["1 Feb", "war", "Elves", 6, "the long siege"],
      ["20 Feb", "water", "Orcs", 4, null],
    ]),
    mana(1, [
      ["Solara", 1.2, 1, 0.2],
      ["Vorn", 5.4, 5, 0.4],
      ["Kettu", 0.9, 0, 0.9],
      ["Demons", 1.3, 1, 0.3],
    ]),
    mana(2, [
      ["Solara", 2.1, 2, 0.3],
      ["Vorn", 9.39, 9, 0.79],
      ["Kettu", 2.75, 3, 0.65],
      ["Demons", 2.2, 2, 0.5],
    ]),
  ];
}

/**
 * Adds rows of text and numbers under a worksheet part's last row, from sheet row `first`, as a
 * gamemaster typing on in a sheet: every other part of the file stays as it was.
 */
export function addRows(file: string, part: string, first: number, rows: readonly (readonly (string | number)[])[]): void {
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  const xml = new TextDecoder().decode(pkg.parts.get(part));
  const cols = ["A", "B", "C", "D", "E", "F", "G", "H"];
  const rowXml = rows
    .map((cells, k) => {
      const r = first + k;
      const inner = cells
        .map((v, i) =>
          typeof v === "number" ? `<c r="${cols[i] ?? "A"}${r}"><v>${v}</v></c>` : `<c r="${cols[i] ?? "A"}${r}" t="inlineStr"><is><t>${v}</t></is></c>`,
        )
        .join("");
      return `<row r="${r}">${inner}</row>`;
    })
    .join("");
  const parts = new Map(pkg.parts);
  const at = xml.includes("</sheetData>")
    ? xml.replace("</sheetData>", `${rowXml}</sheetData>`)
    : xml.replace("<sheetData/>", `<sheetData>${rowXml}</sheetData>`);
  parts.set(part, new TextEncoder().encode(at));
  fs.writeFileSync(file, savePackage(parts));
}
