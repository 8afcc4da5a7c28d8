/**
 * How what the add-in writes looks, decided once for both adapters (Office.js inside Excel, and
 * .xlsx files for the command line): named cell looks, generated sheets with their column widths
 * and print set-up, and new tables with their widths, formats and style.
 */
import { columnFormat, TABLE_STYLE, type TableSpec } from "../model/schema";

export type PlanValue = number | string | boolean | null;

/** Named looks; each adapter turns them into its own fonts, fills, borders and number formats. */
export type CellStyle =
  | "title"
  | "subtitle"
  | "section"
  | "header"
  | "text"
  | "integer"
  | "decimal"
  | "mana"
  | "total"
  | "totalInteger"
  | "totalMana"
  | "note"
  | "missing";

export interface StyleSpec {
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly size?: number;
  readonly color?: string;
  readonly fill?: string;
  readonly numberFormat?: string;
  readonly border?: "box" | "top";
  readonly align?: "left" | "right";
}

export const STYLES: Readonly<Record<CellStyle, StyleSpec>> = {
  title: { bold: true, size: 16, color: "202A60" },
  subtitle: { italic: true, color: "4A4A4A" },
  section: { bold: true, size: 12, color: "202A60" },
  header: { bold: true, fill: "DCE1F2", border: "box" },
  text: { border: "box", numberFormat: "@" },
  integer: { border: "box", numberFormat: "#,##0" },
  decimal: { border: "box", numberFormat: "#,##0.####" },
  mana: { border: "box", numberFormat: "#,##0.00##" },
  total: { bold: true, border: "box", fill: "F3F2F1" },
  totalInteger: { bold: true, border: "box", fill: "F3F2F1", numberFormat: "#,##0" },
  totalMana: { bold: true, border: "box", fill: "F3F2F1", numberFormat: "#,##0.00##" },
  note: { italic: true, color: "4A4A4A" },
  missing: { bold: true, color: "9C2A00", fill: "FFF1E6" },
};

export interface PlanCell {
  readonly value: PlanValue;
  /** an ordinary spreadsheet formula without the leading "=", with `value` as its result */
  readonly formula?: string;
  readonly style?: CellStyle;
}

export interface PrintSetup {
  readonly orientation: "portrait" | "landscape";
  /** pages across: 1 fits every column on one page's width */
  readonly pagesWide: number;
}

/** A generated sheet, from A1, without gridlines. */
export interface SheetPlan {
  readonly name: string;
  readonly columnWidths: readonly number[];
  /** rows from A1 down; null leaves a cell empty */
  readonly rows: readonly (readonly (PlanCell | null)[])[];
  readonly print: PrintSetup;
}

/** The print set-up of every generated sheet: portrait, every column on one page's width. */
export const WORKSHEET_PRINT: PrintSetup = { orientation: "portrait", pagesWide: 1 };

/**
 * A table the add-in creates, on a sheet of its own named like it, from A1: headers in bold with
 * the header row frozen, the given widths (characters) and number formats ("@" for text), and
 * the add-in's table style.
 */
export interface TableLayout {
  readonly name: string;
  readonly headers: readonly string[];
  readonly columnWidths: readonly number[];
  readonly columnFormats: readonly string[];
  readonly style: string;
}

/** The layout of a new input table. */
export function tableLayout(spec: TableSpec): TableLayout {
  const { columns } = spec;
  return {
    name: spec.name,
    headers: columns.map((c) => c.header),
    columnWidths: columns.map((c) => c.width),
    columnFormats: columns.map(columnFormat),
    style: TABLE_STYLE,
  };
}

/** An Excel table needs a row under its headers: a new empty table gets one blank row. */
export function tableBody(layout: TableLayout, rows: readonly (readonly PlanValue[])[]): PlanValue[][] {
  return rows.length > 0 ? rows.map((r) => layout.headers.map((_, i) => r[i] ?? null)) : [layout.headers.map(() => null)];
}


/** A rectangle of a sheet (0-based), all of whose cells share one key. */
export interface Block<K> {
  readonly key: K;
  readonly top: number;
  readonly left: number;
  readonly rows: number;
  readonly columns: number;
}

/**
 * The cells of a sheet grouped into as few rectangles as a simple sweep finds: runs of equal
 * keys along each row, stacked while the rows below repeat the same run. Inside Excel each
 * rectangle is formatted with one set of commands, which keeps a century end's requests small
 * whatever the campaign's size. Cells whose key is undefined are left out.
 */
export function blocks<K>(rows: readonly (readonly (PlanCell | null)[])[], keyOf: (cell: PlanCell | null) => K | undefined): Block<K>[] {
  const done: Block<K>[] = [];
  let open = new Map<string, Block<K>>();
  rows.forEach((cells, r) => {
    const next = new Map<string, Block<K>>();
    let start = 0;
    for (let c = 1; c <= cells.length; c++) {
      const key = keyOf(cells[start] ?? null);
      if (c < cells.length && keyOf(cells[c] ?? null) === key) continue;
      if (key !== undefined) {
        const id = `${start}:${c}:${String(key)}`;
        const above = open.get(id);
        next.set(id, above === undefined ? { key, top: r, left: start, rows: 1, columns: c - start } : { ...above, rows: above.rows + 1 });
        open.delete(id);
      }
      start = c;
    }
    done.push(...open.values());
    open = next;
  });
  return [...done, ...open.values()].sort((a, b) => a.top - b.top || a.left - b.left);
}
