/**
 * The part of Excel's JavaScript API the adapter uses, as interfaces that Office.js's own
 * classes satisfy. The adapter is typed against these alone, so the in-memory Excel of the
 * tests implements exactly this surface, and any new use shows up there as a type error.
 * A member newer than ExcelApi 1.1 names its requirement set, as Microsoft's reference gives
 * it: the manifest asks for the newest of them (test/build/requirements.test.ts checks that).
 */

export type CellInput = string | number | boolean;

export interface ContextApi {
  readonly workbook: WorkbookApi;
  sync(): Promise<unknown>;
}

export interface WorkbookApi {
  readonly tables: TableCollectionApi;
  readonly worksheets: WorksheetCollectionApi;
  /** settings stored in the workbook file (ExcelApi 1.4) */
  readonly settings: SettingCollectionApi;
  /** the workbook's defined names (ExcelApi 1.1) */
  readonly names: NamedItemCollectionApi;
}

export interface NamedItemCollectionApi {
  /** a name for a formula, scoped to the workbook ("NamedItemCollection.add", ExcelApi 1.4) */
  add(name: string, reference: string, comment?: string): NamedItemApi;
  /** ExcelApi 1.4 */
  getItemOrNullObject(name: string): NamedItemApi;
}

export interface NamedItemApi {
  readonly isNullObject: boolean;
  /** the name's formula, "=…" (set: ExcelApi 1.7) */
  formula: unknown;
  /** shown in Excel's list of names (ExcelApi 1.1) */
  visible: boolean;
  load(properties: string): NamedItemApi;
}

export interface SettingCollectionApi {
  add(key: string, value: string): unknown;
  getItemOrNullObject(key: string): SettingApi;
  /** every setting of the workbook, once loaded ("items/key,items/value") */
  readonly items: SettingApi[];
  load(properties: string): unknown;
}

export interface SettingApi {
  readonly key: string;
  readonly value: unknown;
  readonly isNullObject: boolean;
  load(properties: string): SettingApi;
  delete(): void;
}

export interface TableCollectionApi {
  readonly items: TableApi[];
  load(properties: string): unknown;
  getItem(name: string): TableApi;
  /** `address` with its sheet's name: a table's address without one means the active sheet. */
  add(address: string, hasHeaders: boolean): TableApi;
}

export interface TableApi {
  name: string;
  style: string;
  readonly showTotals: boolean;
  /** ExcelApi 1.2 */
  readonly worksheet: WorksheetApi;
  getRange(): RangeApi;
  /** several rows at once, and no index to add them at the end: ExcelApi 1.4 */
  readonly rows: { add(index: number | undefined, values: CellInput[][]): unknown; getItemAt(index: number): { delete(): void } };
  /** no index to add it at the end, and a name: ExcelApi 1.4 */
  readonly columns: { add(index: number | undefined, values: CellInput[][] | undefined, name?: string): unknown };
}

export interface WorksheetCollectionApi {
  readonly items: WorksheetApi[];
  load(properties: string): unknown;
  getItem(name: string): WorksheetApi;
  add(name: string): WorksheetApi;
  /** told of every change to any worksheet (ExcelApi 1.9); the handler is kept after the batch */
  readonly onChanged?: { add(handler: (event: unknown) => Promise<unknown>): HandlerApi };
}

/**
 * An event handler once added ("OfficeExtension.EventHandlerResult"): remove() takes effect at
 * the next sync of the request context it was added in, which Excel.run can run a batch in again.
 */
export interface HandlerApi {
  readonly context: object;
  remove(): void;
}

export interface WorksheetApi {
  /** set to rename the sheet ("Worksheet.name", ExcelApi 1.1) */
  name: string;
  /** ExcelApi 1.8 */
  showGridlines: boolean;
  /** "Visible", "Hidden" or "VeryHidden" ("Worksheet.visibility"; set: ExcelApi 1.2) */
  visibility: string;
  readonly tables: TableCollectionApi;
  /** ExcelApi 1.7 */
  readonly freezePanes: { freezeRows(count: number): void };
  load(properties: string): WorksheetApi;
  getRange(address: string): RangeApi;
  /** ExcelApi 1.7 */
  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): RangeApi;
  /** with valuesOnly: ExcelApi 1.2 */
  getUsedRange(valuesOnly: boolean): RangeApi;
  delete(): void;
  activate(): void;
  /** print set-up (ExcelApi 1.9) */
  readonly pageLayout: PageLayoutApi;
  /** the sheet's manual page breaks between rows ("Worksheet.horizontalPageBreaks", ExcelApi 1.9) */
  readonly horizontalPageBreaks: PageBreakCollectionApi;
  /** the sheet's charts (ExcelApi 1.1) */
  readonly charts: ChartCollectionApi;
}

/** "Excel.PageBreakCollection" (ExcelApi 1.9). */
export interface PageBreakCollectionApi {
  /** a page break above the range's top-left cell ("A21": the page ends with row 20) */
  add(pageBreakRange: string): unknown;
}

/** "Excel.ChartCollection" as far as the add-in uses it (ExcelApi 1.1). */
export interface ChartCollectionApi {
  /** a line chart drawn from `sourceData`, a series per column ("Excel.ChartType", "Excel.ChartSeriesBy") */
  add(type: "Line", sourceData: RangeApi, seriesBy: "Columns"): ChartApi;
}

/** "Excel.Chart" (ExcelApi 1.1): its title, its legend, and where it sits. */
export interface ChartApi {
  readonly title: { text: string };
  readonly legend: { position: string };
  /** the chart covers the cells from `startCell` to `endCell` ("A4", "H21") */
  setPosition(startCell: string, endCell: string): void;
}

/** A worksheet's print set-up ("Excel.PageLayout", ExcelApi 1.9). */
export interface PageLayoutApi {
  /** "Portrait" or "Landscape" */
  orientation: string;
  /** set as a whole object ("PageLayout.zoom": x.zoom = {...}, not x.zoom.scale = ...) */
  zoom: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };
  /** whole rows, "$1:$4" */
  setPrintTitleRows(rows: string): void;
  setPrintArea(area: string): void;
  readonly headersFooters: { readonly defaultForAllPages: { leftFooter: string; centerFooter: string; rightFooter: string; centerHeader: string } };
}

export type BorderEdge = "EdgeTop" | "EdgeBottom" | "EdgeLeft" | "EdgeRight" | "InsideVertical" | "InsideHorizontal";

export interface RangeApi {
  values: unknown[][];
  formulas: unknown[][];
  numberFormat: unknown[][];
  readonly rowIndex: number;
  readonly columnIndex: number;
  readonly rowCount: number;
  readonly columnCount: number;
  load(properties: string): RangeApi;
  /** one row of the range, from 0 (ExcelApi 1.1) */
  getRow(index: number): RangeApi;
  /** the merged areas that meet the range, or a null object when none does (ExcelApi 1.13, checked at run time) */
  getMergedAreasOrNullObject(): MergedAreasApi;
  /** the smallest range holding both (ExcelApi 1.1) */
  getBoundingRect(other: RangeApi | string): RangeApi;
  /** the cells both ranges hold; ranges that do not meet are an error (ExcelApi 1.1) */
  getIntersection(other: RangeApi | string): RangeApi;
  clear(applyTo: "Contents"): void;
  getEntireRow(): RangeApi;
  /** the rows right under the range, as many as asked, in its columns (ExcelApi 1.2) */
  getRowsBelow(count: number): RangeApi;
  delete(shift: "Up"): void;
  select(): void;
  /** merges the range's cells into one, or each row's cells when `across` ("Range.merge", ExcelApi 1.2) */
  merge(across?: boolean): void;
  /**
   * Lets Excel go of the range once the request that uses it is carried out: its release goes in
   * that request, not in one long request at the end of the run ("Range.untrack", ExcelApi 1.1).
   */
  untrack(): RangeApi;
  readonly format: {
    readonly font: { bold: boolean; italic: boolean; size: number; color: string };
    readonly fill: { color: string };
    /** ExcelApi 1.2 */
    columnWidth: number;
    /** "Left", "Right", "General"… */
    horizontalAlignment: string;
    /** text too long for its cell is shrunk to fit it ("RangeFormat.shrinkToFit", ExcelApi 1.9) */
    shrinkToFit: boolean;
    /** text goes on over more lines ("RangeFormat.wrapText", ExcelApi 1.1) */
    wrapText: boolean;
    /** "Top", "Center", "Bottom"… ("RangeFormat.verticalAlignment", ExcelApi 1.1) */
    verticalAlignment: string;
    /** the rows' height in points ("RangeFormat.rowHeight", ExcelApi 1.2) */
    rowHeight: number;
    /** text set in from the left, 0 to 250 ("RangeFormat.indentLevel", ExcelApi 1.9) */
    indentLevel: number;
    readonly borders: { getItem(edge: BorderEdge): { style: string; color: string } };
  };
}

/** "Excel.RangeAreas" as far as the add-in reads it: where its areas are. */
export interface MergedAreasApi {
  readonly isNullObject: boolean;
  /** each area with its sheet, joined by ", ": "'Deaths C1'!A1:E1, 'Deaths C1'!A9:C9" */
  readonly address: string;
  load(properties: string): MergedAreasApi;
}
