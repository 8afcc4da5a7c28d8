/**
 * The worked example kept by hand (test/fixtures/hand-kept.xlsx, built by handKept.ts) as Excel
 * holds it once opened: each sheet's values (a formula's as saved) and its merged areas, in the
 * in-memory workbook the pane's tests run against.
 */
import * as fs from "fs";
import * as path from "path";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { readHandSheets } from "../../src/workbook/xlsx";
import { MemoryWorkbook } from "./memoryExcel";

/** The fixture, from the tests, or from their build for `npm run faults` (build-bench/test/support). */
export const HAND_KEPT =
  [path.resolve(__dirname, "..", "fixtures", "hand-kept.xlsx"), path.resolve(__dirname, "..", "..", "..", "test", "fixtures", "hand-kept.xlsx")].find((f) =>
    fs.existsSync(f),
  ) ?? path.resolve(__dirname, "..", "fixtures", "hand-kept.xlsx");

export function handKeptBook(file = HAND_KEPT): MemoryWorkbook {
  const book = new MemoryWorkbook();
  for (const s of readHandSheets(openPackage(new Uint8Array(fs.readFileSync(file)), file))) {
    book.put(
      s.name,
      s.rows.map((r) => r.map((v) => (v !== null && typeof v === "object" ? v.error : v))),
    );
    for (const m of s.merges) book.sheet(s.name)?.merged.push({ top: m.top - 1, left: m.left - 1, rows: m.bottom - m.top + 1, columns: m.right - m.left + 1 });
  }
  return book;
}
