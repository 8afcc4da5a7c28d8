/**
 * The in-memory workbook saved as an .xlsx file, as Excel would save it at that moment: every
 * sheet with its values in order (hidden ones hidden), its Excel tables, and the add-in's
 * settings in a web extension part, where Excel keeps what an add-in stores with
 * workbook.settings (each value written as JSON), and its defined names (the book's head among them). For testing what the command line makes of a
 * workbook saved while an action of the pane was under way.
 */
import ExcelJS from "exceljs";
import { unzipSync, zipSync, strToU8, strFromU8 } from "fflate";
import { cellAt, type MemoryWorkbook } from "./memoryExcel";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The add-in's web extension part with these settings. */
export function webExtensionXml(settings: ReadonlyMap<string, string>): string {
  const properties = [...settings].map(([k, v]) => `<we:property name="${escape(k)}" value="${escape(JSON.stringify(v))}"/>`).join("");
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{6D3A1F25-7C9B-4C3E-9A51-0A7E2B6C4D11}">` +
    `<we:reference id="6d3a1f25-7c9b-4c3e-9a51-0a7e2b6c4d11" version="0.1.0.0" store="developer" storeType="Registry"/>` +
    `<we:alternateReferences/><we:properties>${properties}</we:properties><we:bindings/>` +
    `<we:snapshot xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></we:webextension>`
  );
}

/** A defined name as workbook.xml holds it: its formula without the "=", hidden unless it shows. */
function definedName(n: { name: string; formula: string; visible: boolean }, sheet?: number): string {
  const scope = sheet === undefined ? "" : ` localSheetId="${sheet}"`;
  return `<definedName name="${escape(n.name)}"${scope}${n.visible ? "" : ' hidden="1"'}>${escape(n.formula.replace(/^=/, ""))}</definedName>`;
}

/** Saves the workbook to `file`. */
export async function saveMemoryWorkbook(book: MemoryWorkbook, file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  for (const sheet of book.sheets) {
    const ws = wb.addWorksheet(sheet.name, { state: sheet.visibility === "Visible" ? "visible" : "hidden" });
    const tables = book.tables.filter((t) => t.sheet === sheet);
    const inTable = (r: number, c: number) => tables.some((t) => r >= t.top && r <= t.top + t.bodyRows && c >= t.left && c < t.left + t.columns);
    for (const [key, cell] of sheet.cells) {
      const [r, c] = cellAt(key);
      if (cell.value === null || cell.value === "" || inTable(r, c)) continue;
      ws.getCell(r + 1, c + 1).value = cell.value;
    }
    for (const t of tables) {
      const at = (r: number, c: number) => sheet.peek(r, c)?.value ?? null;
      const headers = Array.from({ length: t.columns }, (_, c) => String(at(t.top, t.left + c) ?? `Column${c + 1}`));
      const rows = Array.from({ length: t.bodyRows }, (_, r) => Array.from({ length: t.columns }, (_, c) => at(t.top + 1 + r, t.left + c)));
      ws.addTable({
        name: t.name,
        ref: `${String.fromCharCode(65 + t.left)}${t.top + 1}`,
        headerRow: true,
        columns: headers.map((name) => ({ name })),
        rows: rows.length > 0 ? rows : [headers.map(() => null)],
      });
    }
  }
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  const parts = unzipSync(bytes);
  // The defined names, as Excel saves them: the workbook's own, then those bound to a sheet (by its place).
  const names = [
    ...[...book.names.values()].map((n) => definedName(n)),
    ...book.sheets.flatMap((sheet, index) => [...sheet.names.values()].map((n) => definedName(n, index))),
  ].join("");
  if (names !== "") {
    const workbook = strFromU8(parts["xl/workbook.xml"] as Uint8Array);
    parts["xl/workbook.xml"] = strToU8(
      workbook.includes("</definedNames>")
        ? workbook.replace("</definedNames>", `${names}</definedNames>`)
        : workbook.replace("</sheets>", `</sheets><definedNames>${names}</definedNames>`),
    );
  }
  if (book.settings.size > 0) {
    parts["xl/webextensions/webextension1.xml"] = strToU8(webExtensionXml(book.settings));
    const types = strFromU8(parts["[Content_Types].xml"] as Uint8Array);
    parts["[Content_Types].xml"] = strToU8(
      types.replace("</Types>", `<Override PartName="/xl/webextensions/webextension1.xml" ContentType="application/vnd.ms-office.webextension+xml"/></Types>`),
    );
  }
  const { writeFileSync } = await import("fs");
  writeFileSync(file, zipSync(parts));
}
