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

