/**
 * A credit writes at the Ledger's end without walking the whole sheet: the rows from the first
 * changed one are found from the end of the part. What it writes is exactly what walking the
 * whole sheet writes, and a part that is not plain enough (a comment among the rows, a row
 * without its number, rows out of order) is walked whole as before.
 */
import { writeLedgerBody, type LedgerBody } from "../../src/workbook/xlsx/package/ledger";
import { EMPTY_STYLESHEET, StyleBook } from "../../src/workbook/xlsx/package/styles";
import { rootQuick, rowsFromEnd, sheetDataQuick } from "../../src/workbook/xlsx/package/xml";

const HEADERS = ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"];
const FORMATS = ["0", "@", "@", "@", "#,##0.000###", "#,##0", "0.000###", "@"];

const row = (century: number, god: string, earned: number): (string | number)[] => [
  century,
  "century-end",
  "",
  god,
  earned,
  Math.floor(earned),
  earned % 1,
  String(earned % 1),
];

/** A Ledger sheet as the add-in writes it: headers in row 1, `n` rows under them, a note further down. */
function sheet(n: number, prefix = "", between = ""): string {
  const p = prefix === "" ? "" : `${prefix}:`;
  const cell = (r: number, c: number, v: string | number) =>
    typeof v === "number"
      ? `<${p}c r="${String.fromCharCode(65 + c)}${r}" s="1"><${p}v>${v}</${p}v></${p}c>`
      : `<${p}c r="${String.fromCharCode(65 + c)}${r}" t="inlineStr"><${p}is><${p}t>${v}</${p}t></${p}is></${p}c>`;
  const rows = [`<${p}row r="1">${HEADERS.map((h, c) => cell(1, c, h)).join("")}</${p}row>`];
  for (let r = 2; r <= n + 1; r++)
    rows.push(
      `<${p}row r="${r}">${row(r - 1, "Ares", 1.25 * r)
        .map((v, c) => cell(r, c, v))
        .join("")}</${p}row>`,
    );
  const ns =
    prefix === ""
      ? 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
      : `xmlns:${prefix}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`;
  return `<?xml version="1.0" encoding="UTF-8"?><${p}worksheet ${ns}><${p}dimension ref="A1:H${n + 1}"/><${p}sheetData>${rows.join("")}${between}</${p}sheetData><${p}pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></${p}worksheet>`;
}

function body(oldRows: number, rows: (string | number)[][], unchanged: number): LedgerBody {
  return { top: 1, left: 1, width: HEADERS.length, rows, oldRows, unchanged, newHeaders: [], formats: FORMATS };
}

const styles = () => new StyleBook(EMPTY_STYLESHEET);
const ledger = (n: number) => Array.from({ length: n }, (_, i) => row(i + 1, "Ares", 1.25 * (i + 2)));

describe("the Ledger's end, found from the end", () => {
  test.each([
    ["three credits added", 40, 43, 40],
    ["the latest credit taken back", 40, 39, 39],
    ["the latest rows written anew", 40, 40, 37],
    ["the first credit of a book", 0, 5, 0],
  ])("%s: the same part as walking every row", (_what, before, after, unchanged) => {
    const rows = [...ledger(Math.min(before, after)), ...Array.from({ length: Math.max(0, after - before) }, (_, i) => row(99, `God ${i}`, 7.5))];
    // The quick way applies to this part…
    const text = sheet(before);
    const root = rootQuick(text);
    const data = root && sheetDataQuick(text, root);
    expect(data && rowsFromEnd(text, data, unchanged + 2)).toBeDefined();
    const quick = writeLedgerBody(text, body(before, rows, unchanged), styles());
    // A comment before the end of the rows makes the writer walk them all.
    const comment = "<!-- kept -->";
    const walked = writeLedgerBody(sheet(before, "", comment), body(before, rows, unchanged), styles());
    expect(quick).toBe(walked.replace(comment, ""));
    expect(quick).toContain(`<dimension ref="A1:H${Math.max(before, after) + 1}"/>`);
  });

  test("a prefixed part (x:row) is found so too", () => {
    const text = sheet(10, "x");
    const root = rootQuick(text);
    const data = root && sheetDataQuick(text, root);
    expect(data?.name).toBe("x:sheetData");
    const tail = data && rowsFromEnd(text, data, 9);
    expect(tail?.rows.map((r) => r.row)).toEqual([9, 10, 11]);
    expect(text.slice(tail?.at ?? 0, (tail?.at ?? 0) + 12)).toBe('<x:row r="9"');
  });

  test.each([
    ["a comment among the rows", (t: string) => t.replace('<row r="10">', '<!-- <row r="99"> --><row r="10">')],
    ["a row without its number", (t: string) => t.replace('<row r="10">', "<row>")],
    ["rows out of order", (t: string) => t.replace('<row r="10">', '<row r="12">')],
    ["CDATA in a row", (t: string) => t.replace("<t>Ares</t>", "<t><![CDATA[Ares</row>]]></t>")],
  ])("%s: not found from the end; the whole part is walked", (_what, change) => {
    const text = change(sheet(10));
    const root = rootQuick(text);
    const data = root && sheetDataQuick(text, root);
    expect(data && rowsFromEnd(text, data, 2)).toBeUndefined();
  });
});
