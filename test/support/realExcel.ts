/**
 * Runs the add-in's Office.js code through Microsoft's own Excel JavaScript library
 * (@microsoft/office-js, loaded in a Node `vm` context), with the in-memory workbook where Excel
 * would be.
 *
 * The add-in's batch gets a real `Excel.RequestContext` inside Microsoft's own `Excel.run`, so the
 * API surface, the load/sync rules, the client-side errors and the request each sync sends are the
 * library's. Only the other end of the wire is ours: each request (the exact JSON text Office.js
 * hands to Excel) is parsed and replayed on the memory workbook's proxies, and the answer goes back
 * as JSON text in the response format the library parses. Reads and writes both go through it.
 *
 * The protocol, as the library writes it (see `RequestPrettyPrinter` in the library's source):
 * a request is `{ Actions, ObjectPaths }`. An object path says how to reach an object from its
 * parent: the global object (the workbook), a property (`Worksheets`), an indexer (`getItem(key)`),
 * a method (`GetRangeByIndexes(...)`, `Add(...)`) or a reference id Excel gave out earlier. Every
 * action refers to one path: Instantiate (evaluate the path: this is when a method path such as
 * `Add` runs), SetProperty, Method, Query (a load) and Trace. The answer lists `{ ActionId, Value }`
 * results: loaded values under the names Excel uses (`Values`, `Name`), a collection's `_Items`,
 * and the `_Id` / `_ReferenceId` through which the library reaches an object again in a later
 * request; a null Value is Excel's null object (`getItemOrNullObject`). A failed action stops the
 * batch with `Body.Error = { Code, Message, Location, ActionIndex }`, which the library turns into
 * an `OfficeExtension.Error` thrown from `sync()`, as Excel's errors are.
 *
 * What the memory workbook does not model is never ignored: it comes back as an Excel error with
 * the code NotImplemented, naming what was asked for.
 */
import { readFileSync } from "fs";
import { createContext, runInContext } from "vm";
import type {
  NamedItemApi,
  NamedItemCollectionApi,
  MergedAreasApi,
  BorderEdge,
  CellInput,
  ChartApi,
  ChartCollectionApi,
  PageBreakCollectionApi,
  PageLayoutApi,
  RangeApi,
  SettingApi,
  SettingCollectionApi,
  TableApi,
  TableCollectionApi,
  WorkbookApi,
  WorksheetApi,
  WorksheetCollectionApi,
} from "../../src/workbook/office/api";
import { MemoryContext, MemoryWorkbook, type MemorySheet, type MemoryTable } from "./memoryExcel";

// ---------------------------------------------------------------------------------------------
// Loading Microsoft's library

/** The library's message helpers (OfficeExtension.RichApiMessageUtility), which the real executor uses. */
interface MessageUtility {
  /** The message Office.js hands to Excel; element 4 is the request body as JSON text. */
  buildMessageArrayForIRequestExecutor(customData: unknown, requestFlags: number, message: RequestMessage, sourceLibrary: string): unknown[];
  /** A response from Excel's answer text, as the real executor builds it. */
  buildResponseOnSuccess(body: string, headers: Record<string, string>): ExecutorResponse;
  /** A response for a request Excel refused, from Office's error number. */
  buildResponseOnError(officeJsErrorCode: number, message: string): ExecutorResponse;
}

interface RequestMessage {
  Url: string;
  Headers: Record<string, string>;
  Body: unknown;
}

interface ExecutorResponse {
  ErrorCode: string;
  ErrorMessage: string;
  Headers: Record<string, string> | null;
  Body: unknown;
}

interface RequestExecutor {
  executeAsync(customData: unknown, requestFlags: number, message: RequestMessage): Promise<ExecutorResponse>;
}

/** The request context's internals the harness sets: where requests go, and how Office errors are mapped. */
interface ContextInternals {
  _requestExecutor: RequestExecutor;
  m_requestUrlAndHeaderInfo: { url: string; headers: Record<string, string> };
  _processOfficeJsErrorResponse(officeJsErrorCode: number, response: ExecutorResponse): void;
}

export interface OfficeJsLibrary {
  readonly Excel: typeof Excel;
  readonly OfficeExtension: typeof OfficeExtension;
  readonly messages: MessageUtility;
}

/** An in-memory Web Storage, for the library's caches. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  /** Web Storage keeps text: whatever is given is stored as its text. */
  setItem(key: string, value: unknown): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** Just enough of a browser page for the library to load: it only looks these up. */
function browserGlobal(): Record<string, unknown> {
  const global: Record<string, unknown> = {
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    performance,
    navigator: { userAgent: "Node.js", language: "en-US" },
    location: {
      href: "https://localhost/taskpane.html",
      protocol: "https:",
      host: "localhost",
      hostname: "localhost",
      pathname: "/taskpane.html",
      search: "",
      hash: "",
    },
    document: {
      readyState: "complete",
      addEventListener: () => undefined,
      getElementsByTagName: () => [],
      createElement: () => ({ style: {}, setAttribute: () => undefined, appendChild: () => undefined }),
    },
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  };
  global.window = global;
  global.self = global;
  return global;
}

const isObject = (x: unknown): x is Record<string, unknown> => (typeof x === "object" || typeof x === "function") && x !== null;

let loaded: OfficeJsLibrary | undefined;

/**
 * Microsoft's Excel library, loaded once per process (3 MB of script; under Jest, once per test
 * file, each having its own modules): its `Excel` and `OfficeExtension`.
 */
export function officeJs(): OfficeJsLibrary {
  if (loaded) return loaded;
  const file = require.resolve("@microsoft/office-js/dist/excel-web-16.00.debug.js");
  const global = browserGlobal();
  createContext(global);
  runInContext(readFileSync(file, "utf8"), global, { filename: file });
  const excel = global.Excel;
  const extension = global.OfficeExtension;
  const messages = isObject(extension) ? extension.RichApiMessageUtility : undefined;
  if (!isObject(excel) || typeof excel.RequestContext !== "function" || typeof excel.run !== "function" || !isObject(extension) || !isObject(messages)) {
    throw new Error(`${file} did not define Excel.RequestContext, Excel.run and OfficeExtension.RichApiMessageUtility`);
  }
  // The vm boundary: the library's objects are the ones @types/office-js describes.
  loaded = {
    Excel: excel as unknown as typeof Excel,
    OfficeExtension: extension as unknown as typeof OfficeExtension,
    messages: messages as unknown as MessageUtility,
  };
  return loaded;
}

// ---------------------------------------------------------------------------------------------
// The wire format

/** ActionType numbers, as the library's RequestPrettyPrinter reads them. */
const ACTION_TYPES: Readonly<Record<number, string>> = {
  1: "Instantiate",
  2: "Query",
  3: "Method",
  4: "SetProperty",
  5: "Trace",
  6: "RecursiveQuery",
  7: "QueryAsJson",
  8: "EnsureUnchanged",
  9: "Update",
};

/** ObjectPathType numbers. */
const PATH_TYPES: Readonly<Record<number, string>> = {
  1: "GlobalObject",
  2: "NewObject",
  3: "Method",
  4: "Property",
  5: "Indexer",
  6: "ReferenceId",
  7: "NullObject",
};

interface WireArguments {
  Arguments?: unknown[];
  /** for each argument: the object path id of an Office.js object, 0 for plain data (or an array of these) */
  ReferencedObjectPathIds?: unknown[];
}

interface QueryInfo {
  Select?: string[];
  Expand?: string[];
  Top?: number;
  Skip?: number;
}

interface WireAction {
  Id: number;
  ActionType: number;
  Name: string;
  ObjectPathId: number;
  ArgumentInfo?: WireArguments;
  QueryInfo?: QueryInfo;
  /** object paths the host may release after this action; nothing to release in memory */
  L?: number[];
}

interface WirePath {
  Id: number;
  ObjectPathType: number;
  Name: string;
  ParentObjectPathId?: number;
  ArgumentInfo?: WireArguments;
}

interface WireRequest {
  Actions: WireAction[];
  ObjectPaths: Record<string, WirePath>;
}

interface WireAnswer {
  Results: { ActionId: number; Value: unknown }[];
  /** the Trace actions reached, so the library can attach their messages to an error */
  TraceIds: number[];
  Error?: { Code: string; Message: string; Location: string; ActionIndex: number; HttpStatusCode: number };
}

function parseRequest(text: string): WireRequest {
  const body: unknown = JSON.parse(text);
  if (!isObject(body) || !Array.isArray(body.Actions) || !isObject(body.ObjectPaths)) throw new Error(`Not an Office.js request: ${text.slice(0, 200)}`);
  // The library wrote it; its shape is the one above.
  return body as unknown as WireRequest;
}

// ---------------------------------------------------------------------------------------------
// Errors the workbook answers with

type ExcelError = Error & { code: string };

function excelError(code: string, message: string): ExcelError {
  return Object.assign(new Error(message), { code });
}

/** Errors of the memory workbook carry Excel's error code, as do the harness's own. */
function isExcelError(e: unknown): e is ExcelError {
  return e instanceof Error && typeof (e as { code?: unknown }).code === "string";
}

/** What the memory workbook does not model: an error, never a silent no-op. */
function notModelled(what: string): ExcelError {
  return excelError("NotImplemented", `The in-memory workbook behind the Office.js harness does not model ${what}.`);
}

/** The HTTP status Excel gives these codes; the library keeps it on the error. */
const HTTP_STATUS: Readonly<Record<string, number>> = { ItemNotFound: 404, NotImplemented: 501, GeneralException: 500 };

// Arguments arrive as parsed JSON: checked before they reach the memory workbook.
function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw excelError("InvalidArgument", `${what} must be text, not ${JSON.stringify(value)}.`);
  return value;
}

function integer(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw excelError("InvalidArgument", `${what} must be a whole number, not ${JSON.stringify(value)}.`);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== "number") throw excelError("InvalidArgument", `${what} must be a number, not ${JSON.stringify(value)}.`);
  return value;
}

function bool(value: unknown, what: string): boolean {
  if (typeof value !== "boolean") throw excelError("InvalidArgument", `${what} must be true or false, not ${JSON.stringify(value)}.`);
  return value;
}

/** An optional argument left out in JavaScript arrives as null: JSON has no undefined. */
function optionalInteger(value: unknown, what: string): number | undefined {
  return value === null ? undefined : integer(value, what);
}

/**
 * A 2-D array of cell inputs. A null cell is passed on to the memory workbook as it came: in Excel
 * it leaves the cell unchanged. An undefined, NaN or Infinity in the add-in's array arrives as null
 * too, because that is what JSON makes of them.
 */
function cells(value: unknown, what: string): CellInput[][] {
  if (!Array.isArray(value) || !value.every((row): row is unknown[] => Array.isArray(row))) {
    // JSON has no text for undefined (nor for a function).
    const shown = JSON.stringify(value) as string | undefined;
    throw notModelled(`${what} given as ${(shown ?? "undefined").slice(0, 60)} (only a 2-D array is modelled)`);
  }
  for (const row of value) {
    for (const cell of row) {
      if (cell !== null && typeof cell !== "string" && typeof cell !== "number" && typeof cell !== "boolean")
        throw excelError("InvalidArgument", `${what} holds ${JSON.stringify(cell)}.`);
    }
  }
  // The memory workbook takes null cells at run time, as Excel does; the API's type leaves them out.
  return value as CellInput[][];
}

const EDGES: readonly BorderEdge[] = ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight", "InsideVertical", "InsideHorizontal"];

function edge(value: unknown): BorderEdge {
  const found = EDGES.find((e) => e === value);
  if (found === undefined) throw notModelled(`the border ${JSON.stringify(value)}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// What each Office.js class can do in the memory workbook

type Args = readonly unknown[];

/** Office.js's class names for the objects the add-in reaches, each with the memory object behind it. */
interface Targets {
  Workbook: WorkbookApi;
  SettingCollection: SettingCollectionApi;
  Setting: SettingApi;
  NamedItemCollection: NamedItemCollectionApi;
  NamedItem: NamedItemApi;
  WorksheetCollection: WorksheetCollectionApi;
  Worksheet: WorksheetApi;
  WorksheetFreezePanes: WorksheetApi["freezePanes"];
  TableCollection: TableCollectionApi;
  Table: TableApi;
  TableRowCollection: TableApi["rows"];
  /** a row from getItemAt; null for a row just added, which the memory workbook cannot point at */
  TableRow: { delete(): void } | null;
  TableColumnCollection: TableApi["columns"];
  /** a column just added: nothing more can be done with it */
  TableColumn: null;
  Range: RangeApi;
  /** the merged areas of a range ("Range.getMergedAreasOrNullObject", ExcelApi 1.13) */
  RangeAreas: MergedAreasApi;
  RangeFormat: RangeApi["format"];
  RangeFont: RangeApi["format"]["font"];
  RangeFill: RangeApi["format"]["fill"];
  RangeBorderCollection: RangeApi["format"]["borders"];
  RangeBorder: ReturnType<RangeApi["format"]["borders"]["getItem"]>;
  PageLayout: PageLayoutApi;
  PageBreakCollection: PageBreakCollectionApi;
  /** a page break just added: nothing more is done with it */
  PageBreak: null;
  HeaderFooterGroup: PageLayoutApi["headersFooters"];
  HeaderFooter: PageLayoutApi["headersFooters"]["defaultForAllPages"];
  ChartCollection: ChartCollectionApi;
  Chart: ChartApi;
  ChartTitle: ChartApi["title"];
  ChartLegend: ChartApi["legend"];
}

type Kind = keyof Targets;

/** What a member needs from the request being carried out. */
interface Scope {
  /** getItem takes the ids the harness hands out as well as names, as Excel's getItem does */
  sheetName(key: string): string;
  tableName(key: string): string;
  /** a range of a sheet, by 0-based position, for the ranges the library derives from others */
  range(sheet: string, top: number, left: number, rows: number, columns: number): Node;
}

/** One property a load can read: its name in the answer, and how to read it from memory. */
interface Readable<T> {
  readonly key: string;
  read(target: T): unknown;
}

/** A class's members, by the names on the wire. Whatever is not listed is not modelled. */
interface Spec<T> {
  /** navigation properties: ObjectPathType Property */
  readonly properties?: Readonly<Record<string, (target: T) => Node>>;
  /** methods returning an object: ObjectPathType Method, run when the path is instantiated */
  readonly methods?: Readonly<Record<string, (target: T, args: Args, scope: Scope) => Node>>;
  /** getItem(key): ObjectPathType Indexer */
  readonly indexer?: (target: T, key: unknown, scope: Scope) => Node;
  /** SetProperty actions */
  readonly setters?: Readonly<Record<string, (target: T, value: unknown) => void>>;
  /** Method actions */
  readonly calls?: Readonly<Record<string, (target: T, args: Args) => void>>;
  /** loads properties on the memory object (the caller then syncs the memory context) */
  readonly load?: (target: T, properties: string) => void;
  /** what a load can read, by the name load() takes */
  readonly readable?: Readonly<Record<string, Readable<T>>>;
  /** a collection's items, and their class */
  readonly items?: { readonly kind: Kind; list(target: T): Node[] };
  /** for an *OrNullObject result: what to load (then sync) before asking whether it is Excel's null object */
  readonly nullable?: { readonly load: string; isNull(target: T): boolean };
}

/** An evaluated object path: its class, with the memory object's members bound to it. */
interface Node {
  readonly kind: Kind;
  /** the memory object, for a member that takes this one as an argument */
  readonly target: unknown;
  property(name: string): Node;
  method(name: string, args: Args, scope: Scope): Node;
  item(key: unknown, scope: Scope): Node;
  set(name: string, value: unknown): void;
  call(name: string, args: Args): void;
  load(properties: readonly string[]): void;
  read(property: string): { key: string; value: unknown };
  /** for a collection, its items' class */
  readonly itemKind: Kind | undefined;
  items(): Node[];
  /** loads what isNull() needs (the caller then syncs); false when the class has no null object */
  prepareNullCheck(): boolean;
  isNull(): boolean;
}

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** Nodes, to tell an argument that was an Office.js object from plain data. */
const NODES = new WeakSet();

const isNode = (x: unknown): x is Node => typeof x === "object" && x !== null && NODES.has(x);

interface Rect {
  top: number;
  left: number;
  rows: number;
  columns: number;
}

/**
 * Where a memory range is: its sheet and 0-based rectangle. Memory ranges have area() (the memory
 * workbook's tables.add uses it), which RangeApi does not declare.
 */
function areaOf(range: unknown): { sheet: MemorySheet; rect: Rect } {
  const area: unknown = typeof range === "object" && range !== null ? (range as { area?: unknown }).area : undefined;
  if (typeof area !== "function") throw notModelled("a range derived from this object");
  return area.call(range) as { sheet: MemorySheet; rect: Rect };
}

/** Loads through the memory object's own load(), which TableApi does not declare but the memory table has. */
function loadMemory(target: object, properties: string, what: string): void {
  const load: unknown = (target as { load?: unknown }).load;
  if (typeof load !== "function") throw notModelled(`loading ${what}`);
  load.call(target, properties);
}

/** A readable property whose memory getter must give a value: a setter-only property reads as undefined. */
function readable<T>(key: string, read: (target: T) => unknown): Readable<T> {
  return {
    key,
    read: (target) => {
      const value = read(target);
      if (value === undefined) throw notModelled(`reading ${key}`);
      return value;
    },
  };
}

const SPECS: { readonly [K in Kind]: Spec<Targets[K]> } = {
  Workbook: {
    properties: {
      Worksheets: (wb) => node("WorksheetCollection", wb.worksheets),
      Tables: (wb) => node("TableCollection", wb.tables),
      Settings: (wb) => node("SettingCollection", wb.settings),
      Names: (wb) => node("NamedItemCollection", wb.names),
    },
  },
  NamedItemCollection: {
    methods: {
      Add: (names, [name, reference, comment]) => {
        if (comment !== null && comment !== undefined) throw notModelled("a comment on a defined name");
        return node("NamedItem", names.add(text(name, "The name"), text(reference, "The name's formula")));
      },
      GetItemOrNullObject: (names, [name]) => node("NamedItem", names.getItemOrNullObject(text(name, "The name"))),
    },
  },
  RangeAreas: {
    load: (areas, properties) => areas.load(properties),
    readable: { address: readable("Address", (areas) => areas.address) },
    nullable: { load: "address", isNull: (areas) => areas.isNullObject },
  },
  NamedItem: {
    setters: {
      Formula: (item, value) => (item.formula = text(value, "formula")),
      Visible: (item, value) => (item.visible = bool(value, "visible")),
    },
    load: (item, properties) => item.load(properties),
    readable: { formula: readable("Formula", (item) => item.formula) },
    nullable: { load: "formula", isNull: (item) => item.isNullObject },
  },
  SettingCollection: {
    methods: {
      Add: (settings, [key, value]) => {
        const name = text(key, "The setting's key");
        // Excel stores any JSON value; the memory workbook stores text.
        if (typeof value !== "string") throw notModelled(`a setting whose value is not text (${JSON.stringify(value)})`);
        settings.add(name, value);
        return node("Setting", settings.getItemOrNullObject(name));
      },
      GetItemOrNullObject: (settings, [key]) => node("Setting", settings.getItemOrNullObject(text(key, "The setting's key"))),
    },
    load: (settings, properties) => settings.load(properties),
    items: { kind: "Setting", list: (settings) => settings.items.map((s) => node("Setting", s)) },
  },
  Setting: {
    calls: {
      Delete: (setting) => {
        setting.delete();
      },
    },
    load: (setting, properties) => setting.load(properties),
    readable: { key: readable("Key", (s) => s.key), value: readable("Value", (s) => s.value) },
    nullable: { load: "value", isNull: (s) => s.isNullObject },
  },
  WorksheetCollection: {
    indexer: (sheets, key, scope) => node("Worksheet", sheets.getItem(scope.sheetName(text(key, "The worksheet's key")))),
    methods: { Add: (sheets, [name]) => node("Worksheet", sheets.add(text(name, "The new sheet's name"))) },
    load: (sheets, properties) => sheets.load(properties),
    items: { kind: "Worksheet", list: (sheets) => sheets.items.map((s) => node("Worksheet", s)) },
  },
  Worksheet: {
    properties: {
      Tables: (ws) => node("TableCollection", ws.tables),
      FreezePanes: (ws) => node("WorksheetFreezePanes", ws.freezePanes),
      PageLayout: (ws) => node("PageLayout", ws.pageLayout),
      Charts: (ws) => node("ChartCollection", ws.charts),
      HorizontalPageBreaks: (ws) => node("PageBreakCollection", ws.horizontalPageBreaks),
    },
    methods: {
      GetRange: (ws, [address]) => {
        if (address === null) throw notModelled("getRange() without an address");
        return node("Range", ws.getRange(text(address, "The address")));
      },
      GetRangeByIndexes: (ws, [row, column, rows, columns]) =>
        node(
          "Range",
          ws.getRangeByIndexes(integer(row, "startRow"), integer(column, "startColumn"), integer(rows, "rowCount"), integer(columns, "columnCount")),
        ),
      GetUsedRange: (ws, [valuesOnly]) => {
        // The memory workbook's used range only counts values, so that is the only one modelled.
        if (valuesOnly !== true) throw notModelled("getUsedRange() counting formatted cells (only getUsedRange(true))");
        return node("Range", ws.getUsedRange(true));
      },
    },
    // showGridlines goes on the wire as "Gridlines" (the library's Worksheet_ShowGridlines_Set).
    setters: {
      Name: (ws, value) => (ws.name = text(value, "name")),
      Gridlines: (ws, value) => (ws.showGridlines = bool(value, "showGridlines")),
      Visibility: (ws, value) => (ws.visibility = text(value, "visibility")),
    },
    calls: {
      Delete: (ws) => {
        ws.delete();
      },
      Activate: (ws) => {
        ws.activate();
      },
    },
    load: (ws, properties) => ws.load(properties),
    readable: { name: readable("Name", (ws) => ws.name), visibility: readable("Visibility", (ws) => ws.visibility) },
  },
  WorksheetFreezePanes: {
    calls: {
      FreezeRows: (panes, [count]) => {
        panes.freezeRows(integer(count, "The row count"));
      },
    },
  },
  TableCollection: {
    indexer: (tables, key, scope) => node("Table", tables.getItem(scope.tableName(text(key, "The table's key")))),
    methods: { Add: (tables, [address, hasHeaders]) => node("Table", tables.add(text(address, "The table's address"), bool(hasHeaders, "hasHeaders"))) },
    load: (tables, properties) => tables.load(properties),
    items: { kind: "Table", list: (tables) => tables.items.map((t) => node("Table", t)) },
  },
  Table: {
    properties: {
      Worksheet: (table) => node("Worksheet", table.worksheet),
      Rows: (table) => node("TableRowCollection", table.rows),
      Columns: (table) => node("TableColumnCollection", table.columns),
    },
    methods: { GetRange: (table) => node("Range", table.getRange()) },
    setters: {
      Name: (table, value) => (table.name = text(value, "The table's name")),
      Style: (table, value) => (table.style = text(value, "The table's style")),
    },
    load: (table, properties) => {
      loadMemory(table, properties, "a table");
    },
    readable: { name: readable("Name", (t) => t.name), showTotals: readable("ShowTotals", (t) => t.showTotals) },
  },
  TableRowCollection: {
    methods: {
      Add: (rows, [index, values, alwaysInsert]) => {
        if (alwaysInsert !== null) throw notModelled("rows.add with alwaysInsert");
        rows.add(optionalInteger(index, "The row index"), cells(values, "the new rows"));
        return node("TableRow", null);
      },
      GetItemAt: (rows, [index]) => node("TableRow", rows.getItemAt(integer(index, "The row index"))),
    },
  },
  TableRow: {
    calls: {
      Delete: (row) => {
        if (row === null) throw notModelled("using a table row just added");
        row.delete();
      },
    },
  },
  TableColumnCollection: {
    methods: {
      // "TableColumnCollection.add(index, values, name)": values or a name (ExcelApi 1.4) or neither.
      Add: (columns, [index, values, name]) => {
        const at = optionalInteger(index, "The column index");
        const given = values === null ? undefined : cells(values, "the new column");
        if (name === null) columns.add(at, given);
        else columns.add(at, given, text(name, "The new column's name"));
        return node("TableColumn", null);
      },
    },
  },
  TableColumn: {},
  Range: {
    properties: { Format: (range) => node("RangeFormat", range.format) },
    methods: {
      GetEntireRow: (range) => node("Range", range.getEntireRow()),
      GetMergedAreasOrNullObject: (range) => node("RangeAreas", range.getMergedAreasOrNullObject()),
      GetRowsBelow: (range, [count]) => node("Range", range.getRowsBelow(integer(count, "The count of rows"))),
      // The library writes an array of over 1,500 cells in chunks of rows: getRow(i).getBoundingRect(getRow(j)).
      GetRow: (range, [index], scope) => {
        const { sheet, rect } = areaOf(range);
        const row = integer(index, "The row");
        if (row < 0 || row >= rect.rows) throw excelError("InvalidArgument", `The range has no row ${row}.`);
        return scope.range(sheet.name, rect.top + row, rect.left, 1, rect.columns);
      },
      GetBoundingRect: (range, [other], scope) => {
        if (!isNode(other) || other.kind !== "Range") throw excelError("InvalidArgument", "getBoundingRect takes a range.");
        const a = areaOf(range);
        const b = areaOf(other.target);
        if (a.sheet !== b.sheet) throw excelError("InvalidArgument", "The two ranges are on different sheets.");
        const top = Math.min(a.rect.top, b.rect.top);
        const left = Math.min(a.rect.left, b.rect.left);
        const bottom = Math.max(a.rect.top + a.rect.rows, b.rect.top + b.rect.rows);
        const right = Math.max(a.rect.left + a.rect.columns, b.rect.left + b.rect.columns);
        return scope.range(a.sheet.name, top, left, bottom - top, right - left);
      },
      // "Range.getIntersection" (ExcelApi 1.1): the cells both ranges hold; none is an error.
      GetIntersection: (range, [other], scope) => {
        if (!isNode(other) || other.kind !== "Range") throw excelError("InvalidArgument", "getIntersection takes a range.");
        const a = areaOf(range);
        const b = areaOf(other.target);
        const top = Math.max(a.rect.top, b.rect.top);
        const left = Math.max(a.rect.left, b.rect.left);
        const bottom = Math.min(a.rect.top + a.rect.rows, b.rect.top + b.rect.rows);
        const right = Math.min(a.rect.left + a.rect.columns, b.rect.left + b.rect.columns);
        if (a.sheet !== b.sheet || bottom <= top || right <= left) throw excelError("InvalidArgument", "The ranges do not intersect.");
        return scope.range(a.sheet.name, top, left, bottom - top, right - left);
      },
    },
    setters: {
      Values: (range, value) => (range.values = cells(value, "values")),
      Formulas: (range, value) => (range.formulas = cells(value, "formulas")),
      NumberFormat: (range, value) => (range.numberFormat = cells(value, "numberFormat")),
    },
    calls: {
      Clear: (range, [applyTo]) => {
        // The memory workbook clears contents only; Excel's clear() with no argument clears formats too.
        if (applyTo !== "Contents") throw notModelled(`clear(${JSON.stringify(applyTo)}) (only clear("Contents"))`);
        range.clear("Contents");
      },
      Delete: (range, [shift]) => {
        if (shift !== "Up") throw notModelled(`delete(${JSON.stringify(shift)}) (only delete("Up"))`);
        range.delete("Up");
      },
      Select: (range) => {
        range.select();
      },
      Merge: (range, [across]) => {
        range.merge(across === null || across === undefined ? false : bool(across, "across"));
      },
      // Sent before a chunked write: the whole array must fit the range.
      _ValidateArraySize: (range, [rows, columns]) => {
        const { rect } = areaOf(range);
        if (rect.rows !== integer(rows, "rows") || rect.columns !== integer(columns, "columns")) {
          throw excelError("InvalidArgument", `An array of ${String(rows)}×${String(columns)} does not fit a range of ${rect.rows}×${rect.columns}.`);
        }
      },
    },
    load: (range, properties) => range.load(properties),
    readable: {
      values: readable("Values", (r) => r.values),
      rowIndex: readable("RowIndex", (r) => r.rowIndex),
      columnIndex: readable("ColumnIndex", (r) => r.columnIndex),
      rowCount: readable("RowCount", (r) => r.rowCount),
      columnCount: readable("ColumnCount", (r) => r.columnCount),
    },
  },
  RangeFormat: {
    properties: {
      Font: (format) => node("RangeFont", format.font),
      Fill: (format) => node("RangeFill", format.fill),
      Borders: (format) => node("RangeBorderCollection", format.borders),
    },
    setters: {
      ColumnWidth: (format, value) => (format.columnWidth = number(value, "columnWidth")),
      HorizontalAlignment: (format, value) => (format.horizontalAlignment = text(value, "horizontalAlignment")),
      ShrinkToFit: (format, value) => (format.shrinkToFit = bool(value, "shrinkToFit")),
      WrapText: (format, value) => (format.wrapText = bool(value, "wrapText")),
      VerticalAlignment: (format, value) => (format.verticalAlignment = text(value, "verticalAlignment")),
      RowHeight: (format, value) => (format.rowHeight = number(value, "rowHeight")),
      IndentLevel: (format, value) => (format.indentLevel = number(value, "indentLevel")),
    },
  },
  RangeFont: {
    setters: {
      Bold: (font, value) => (font.bold = bool(value, "bold")),
      Italic: (font, value) => (font.italic = bool(value, "italic")),
      Size: (font, value) => (font.size = number(value, "size")),
      Color: (font, value) => (font.color = text(value, "color")),
    },
  },
  RangeFill: {
    setters: { Color: (fill, value) => (fill.color = text(value, "color")) },
  },
  RangeBorderCollection: {
    indexer: (borders, key) => node("RangeBorder", borders.getItem(edge(key))),
  },
  RangeBorder: {
    setters: { Style: (border, value) => (border.style = text(value, "style")), Color: (border, value) => (border.color = text(value, "color")) },
  },
  PageLayout: {
    properties: { HeadersFooters: (layout) => node("HeaderFooterGroup", layout.headersFooters) },
    setters: {
      Orientation: (layout, value) => (layout.orientation = text(value, "orientation")),
      Zoom: (layout, value) => (layout.zoom = zoomOptions(value)),
    },
    calls: {
      SetPrintTitleRows: (layout, [rows]) => {
        layout.setPrintTitleRows(text(rows, "The print title rows"));
      },
      SetPrintArea: (layout, [area]) => {
        layout.setPrintArea(text(area, "The print area"));
      },
    },
  },
  ChartCollection: {
    methods: {
      Add: (charts, [type, source, seriesBy]) => {
        if (!isNode(source) || source.kind !== "Range") throw excelError("InvalidArgument", "A chart's source data is a range.");
        // Only a line chart by columns is modelled: what the add-in draws.
        if (type !== "Line" || seriesBy !== "Columns") throw notModelled(`a chart of type ${String(type)} by ${String(seriesBy)}`);
        return node("Chart", charts.add("Line", source.target as RangeApi, "Columns"));
      },
    },
  },
  Chart: {
    properties: { Title: (chart) => node("ChartTitle", chart.title), Legend: (chart) => node("ChartLegend", chart.legend) },
    calls: {
      SetPosition: (chart, [start, end]) => {
        chart.setPosition(text(start, "The chart's first cell"), text(end, "The chart's last cell"));
      },
    },
  },
  ChartTitle: { setters: { Text: (title, value) => (title.text = text(value, "The chart's title")) } },
  ChartLegend: { setters: { Position: (legend, value) => (legend.position = text(value, "The legend's position")) } },
  PageBreakCollection: {
    methods: {
      // "PageBreakCollection.add(pageBreakRange)": a Range or its address; the adapter gives the address.
      Add: (breaks, [range]) => {
        breaks.add(text(range, "The page break's range"));
        return node("PageBreak", null);
      },
    },
  },
  PageBreak: {},
  HeaderFooterGroup: {
    properties: { DefaultForAllPages: (group) => node("HeaderFooter", group.defaultForAllPages) },
  },
  HeaderFooter: {
    setters: {
      LeftFooter: (footer, value) => (footer.leftFooter = text(value, "leftFooter")),
      CenterHeader: (footer, value) => (footer.centerHeader = text(value, "centerHeader")),
      CenterFooter: (footer, value) => (footer.centerFooter = text(value, "centerFooter")),
      RightFooter: (footer, value) => (footer.rightFooter = text(value, "rightFooter")),
    },
  },
};

/** PageLayoutZoomOptions as they come over the wire: an object of numbers (or nulls). */
function zoomOptions(value: unknown): PageLayoutApi["zoom"] {
  if (typeof value !== "object" || value === null) throw excelError("InvalidArgument", "The zoom options are an object.");
  const out: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number } = {};
  for (const [key, v] of Object.entries(value)) {
    if (key !== "horizontalFitToPages" && key !== "verticalFitToPages" && key !== "scale") throw notModelled(`the zoom option ${key}`);
    if (v !== null) out[key] = number(v, key);
  }
  return out;
}

/** Binds a class's members to one memory object. */
function node<K extends Kind>(kind: K, target: Targets[K]): Node {
  const spec: Spec<Targets[K]> = SPECS[kind];
  const member = <F>(members: Readonly<Record<string, F>> | undefined, name: string, what: string): F => {
    const found = members !== undefined && Object.prototype.hasOwnProperty.call(members, name) ? members[name] : undefined;
    if (found === undefined) throw notModelled(`${kind}.${what}`);
    return found;
  };
  const made: Node = {
    kind,
    target,
    property: (name) => member(spec.properties, name, lowerFirst(name))(target),
    method: (name, args, scope) => member(spec.methods, name, `${lowerFirst(name)}()`)(target, args, scope),
    item: (key, scope) => {
      if (spec.indexer === undefined) throw notModelled(`${kind}.getItem()`);
      return spec.indexer(target, key, scope);
    },
    set: (name, value) => {
      member(spec.setters, name, `${lowerFirst(name)} (set)`)(target, value);
    },
    call: (name, args) => {
      member(spec.calls, name, `${lowerFirst(name)}()`)(target, args);
    },
    load: (properties) => {
      if (spec.load === undefined) throw notModelled(`loading ${kind}`);
      spec.load(target, properties.join(","));
    },
    read: (property) => {
      const r = member(spec.readable, property, property);
      return { key: r.key, value: r.read(target) };
    },
    itemKind: spec.items?.kind,
    items: () => {
      if (spec.items === undefined) throw notModelled(`${kind}.items`);
      return spec.items.list(target);
    },
    prepareNullCheck: () => {
      if (spec.nullable === undefined) return false;
      spec.load?.(target, spec.nullable.load);
      return true;
    },
    isNull: () => spec.nullable?.isNull(target) ?? false,
  };
  NODES.add(made);
  return made;
}

// ---------------------------------------------------------------------------------------------
// Ids

/**
 * The ids Excel gives worksheets and tables, which the library uses to reach an object again in a
 * later request (a collection's items, a sheet just added). Stable across runs, like Excel's, and
 * never a valid name: neither a sheet's nor a table's name may hold ':'.
 */
class Ids {
  private readonly byObject = new WeakMap<MemorySheet | MemoryTable, string>();
  private readonly byId = new Map<string, MemorySheet | MemoryTable>();
  private next = 1;

  of(object: MemorySheet | MemoryTable, prefix: "sheet" | "table"): string {
    let id = this.byObject.get(object);
    if (id === undefined) {
      id = `${prefix}:${this.next++}`;
      this.byObject.set(object, id);
      this.byId.set(id, object);
    }
    return id;
  }

  find(id: string): MemorySheet | MemoryTable | undefined {
    return this.byId.get(id);
  }
}

// ---------------------------------------------------------------------------------------------
// Carrying out a request

/**
 * What lives as long as one Excel.run: the memory context, and the references Excel keeps for
 * ranges. Inside Excel.run the library asks Excel to keep every range it creates (`_KeepReference`,
 * then the range is instantiated again); the answer carries a `_ReferenceId`, through which a
 * later request reaches the same range (a ReferenceId object path), and Excel.run releases them at
 * its end (`workbook._RemoveReference`) in a request of its own that nobody waits for.
 */
class Session {
  readonly references = new Map<string, Node>();
  private next = 1;
  constructor(readonly memory: MemoryContext) {}
  keep(target: Node): string {
    const id = `reference:${this.next++}`;
    this.references.set(id, target);
    return id;
  }
}

/** Replays one request on the memory workbook, action by action, as Excel would carry it out. */
class Interpreter implements Scope {
  private readonly nodes = new Map<number, Node>();
  /** the reference id of each object path Excel was asked to keep */
  private readonly kept = new Map<number, string>();
  private readonly answer: WireAnswer = { Results: [], TraceIds: [] };
  private readonly memory: MemoryContext;

  constructor(
    private readonly session: Session,
    private readonly ids: Ids,
    private readonly request: WireRequest,
  ) {
    this.memory = session.memory;
  }

  /** Carries out the request's actions in order; with `limit`, only that many, then stops as Excel stops at a failing one. */
  async run(limit?: number): Promise<WireAnswer> {
    for (const [index, action] of this.request.Actions.entries()) {
      if (limit !== undefined && index >= limit) {
        this.answer.Error = {
          Code: "GeneralException",
          Message: "The request stopped part-way.",
          Location: this.where(action),
          ActionIndex: index,
          HttpStatusCode: 500,
        };
        break;
      }
      try {
        const value = await this.perform(action);
        // The memory workbook queues commands until a sync, as Office.js does; Excel carries each
        // action out in turn, so each is flushed here: its errors belong to it, and the next sees it.
        await this.memory.sync();
        if (value !== undefined) this.answer.Results.push({ ActionId: action.Id, Value: value });
      } catch (e) {
        // Anything else is a bug of the harness: let it surface as itself.
        if (!isExcelError(e)) throw e;
        // Excel stops at the failing action; what ran before it stays done.
        this.answer.Error = { Code: e.code, Message: e.message, Location: this.where(action), ActionIndex: index, HttpStatusCode: HTTP_STATUS[e.code] ?? 400 };
        break;
      }
    }
    return this.answer;
  }

  /** The action's result value; undefined when Excel sends none. */
  private async perform(action: WireAction): Promise<unknown> {
    switch (action.ActionType) {
      case 1:
        return this.instantiate(action.ObjectPathId);
      case 2:
        return this.query(action.ObjectPathId, action.QueryInfo);
      case 3:
        this.call(action);
        return undefined;
      case 4: {
        const [value] = this.argumentsOf(action.ArgumentInfo);
        this.nodeAt(action.ObjectPathId).set(action.Name, value);
        return undefined;
      }
      case 5:
        this.answer.TraceIds.push(action.Id);
        return undefined;
      default:
        throw notModelled(`the ${ACTION_TYPES[action.ActionType] ?? `#${action.ActionType}`} action`);
    }
  }

  private call(action: WireAction): void {
    const target = this.nodeAt(action.ObjectPathId);
    const args = this.argumentsOf(action.ArgumentInfo);
    // The two reference methods every Office.js host has, besides the class's own methods.
    if (action.Name === "_KeepReference" && (target.kind === "Range" || target.kind === "RangeAreas")) {
      this.kept.set(action.ObjectPathId, this.session.keep(target));
    } else if (action.Name === "_RemoveReference" && target.kind === "Workbook") {
      this.session.references.delete(text(args[0], "The reference id"));
    } else {
      target.call(action.Name, args);
    }
  }

  /**
   * Evaluates an object path: the moment a method path (worksheets.add, rows.add) runs. The answer
   * says what the library needs to reach the object again later: a sheet's or table's id, a kept
   * range's reference id; or null for Excel's null object (a missing getItemOrNullObject item).
   */
  private async instantiate(pathId: number): Promise<unknown> {
    // The library instantiates a path a second time after asking Excel to keep it: same object.
    let made = this.nodes.get(pathId);
    if (made === undefined) {
      made = this.evaluate(this.pathAt(pathId));
      this.nodes.set(pathId, made);
    }
    if (await this.isNull(made)) return null;
    const answer: Record<string, unknown> = {};
    // Also checks that the object exists, as Excel does here: getItem of a missing sheet fails now.
    if (made.kind === "Worksheet" || made.kind === "Table") answer._Id = await this.idOf(made);
    const reference = this.kept.get(pathId);
    if (reference !== undefined) answer._ReferenceId = reference;
    return Object.keys(answer).length > 0 ? answer : undefined;
  }

  private evaluate(path: WirePath): Node {
    switch (path.ObjectPathType) {
      case 1:
        return node("Workbook", this.memory.workbook);
      case 4:
        return this.parentOf(path).property(path.Name);
      case 3:
        return this.parentOf(path).method(path.Name, this.argumentsOf(path.ArgumentInfo), this);
      case 5:
        return this.parentOf(path).item(this.argumentsOf(path.ArgumentInfo)[0], this);
      case 6: {
        const kept = this.session.references.get(path.Name);
        if (kept === undefined) throw excelError("InvalidReference", `The reference ${path.Name} was released or never given out.`);
        this.kept.set(path.Id, path.Name);
        return kept;
      }
      default:
        throw notModelled(`the ${PATH_TYPES[path.ObjectPathType] ?? `#${path.ObjectPathType}`} object path`);
    }
  }

  private async isNull(target: Node): Promise<boolean> {
    if (!target.prepareNullCheck()) return false;
    await this.memory.sync();
    return target.isNull();
  }

  /** Answers a load with the memory objects' values, after a memory sync so their load rules hold. */
  private async query(pathId: number, info: QueryInfo | undefined): Promise<unknown> {
    const target = this.nodeAt(pathId);
    const select = this.selection(target, info);
    if (target.itemKind === undefined) {
      if (await this.isNull(target)) return null;
      const answer = await this.describe(target, select);
      const reference = this.kept.get(pathId);
      return reference === undefined ? answer : { ...answer, _ReferenceId: reference };
    }
    target.load(select.map((p) => `items/${p}`));
    await this.memory.sync();
    const items: Record<string, unknown>[] = [];
    for (const item of target.items()) items.push(await this.describe(item, select));
    // A collection's items come back as _Items; each item's _Id lets the library reach it by getItem(id).
    return { _Items: items };
  }

  /** Only named, modelled properties: an answer missing some would look loaded to the library. */
  private selection(target: Node, info: QueryInfo | undefined): string[] {
    const kind = target.itemKind ?? target.kind;
    const { Select, ...rest } = info ?? {};
    const options = Object.keys(rest);
    if (options.length > 0) throw notModelled(`load options ${options.join(", ")} on ${target.kind}`);
    if (Select === undefined || Select.length === 0 || Select.includes("*"))
      throw notModelled(`loading every property of ${kind} (name the properties to load)`);
    const unknown = Select.find((p) => SPECS[kind].readable?.[p] === undefined);
    if (unknown !== undefined) throw notModelled(`loading ${kind}.${unknown}`);
    return Select;
  }

  private async describe(target: Node, select: readonly string[]): Promise<Record<string, unknown>> {
    target.load(select);
    await this.memory.sync();
    const answer: Record<string, unknown> = {};
    if (target.kind === "Worksheet" || target.kind === "Table") answer._Id = await this.idOf(target);
    for (const p of select) {
      const { key, value } = target.read(p);
      answer[key] = value;
    }
    return answer;
  }

  /** A sheet's or table's id, from its name; reading the name fails as Excel would for a missing one. */
  private async idOf(target: Node): Promise<string> {
    target.load(["name"]);
    await this.memory.sync();
    const name = target.read("name").value;
    const book = this.memory.book;
    const object = typeof name === "string" ? (target.kind === "Worksheet" ? book.sheet(name) : book.table(name)) : undefined;
    if (object === undefined) throw new Error(`The harness found no ${target.kind} named ${String(name)} in the memory workbook.`);
    return this.ids.of(object, target.kind === "Worksheet" ? "sheet" : "table");
  }

  sheetName(key: string): string {
    const found = this.ids.find(key);
    // A sheet deleted since keeps its id, but getItem(id) must then fail: its name may be taken again.
    return found !== undefined && this.memory.book.sheets.some((s) => s === found) ? found.name : key;
  }

  tableName(key: string): string {
    const found = this.ids.find(key);
    return found !== undefined && this.memory.book.tables.some((t) => t === found) ? found.name : key;
  }

  range(sheet: string, top: number, left: number, rows: number, columns: number): Node {
    return node("Range", this.memory.workbook.worksheets.getItem(sheet).getRangeByIndexes(top, left, rows, columns));
  }

  /** An Office.js object passed as an argument travels as its object path id: it becomes that path's node. */
  private argumentsOf(info: WireArguments | undefined): Args {
    const args = info?.Arguments ?? [];
    const ids = info?.ReferencedObjectPathIds ?? [];
    return args.map((arg, i) => {
      const id: unknown = ids[i];
      if (id === undefined || id === null || id === 0) return arg;
      if (typeof id !== "number") throw notModelled("Office.js objects inside an array argument");
      return this.nodeAt(id);
    });
  }

  private pathAt(id: number): WirePath {
    const path = this.request.ObjectPaths[String(id)];
    if (path === undefined) throw new Error(`The request refers to object path ${id}, which it does not define.`);
    return path;
  }

  private parentOf(path: WirePath): Node {
    if (path.ParentObjectPathId === undefined)
      throw new Error(`Object path ${path.Id} (${PATH_TYPES[path.ObjectPathType] ?? `#${path.ObjectPathType}`}) has no parent.`);
    return this.nodeAt(path.ParentObjectPathId);
  }

  /** The library instantiates every path (parents first) before an action uses it. */
  private nodeAt(id: number): Node {
    const found = this.nodes.get(id);
    if (found === undefined) throw new Error(`Object path ${id} was used before it was instantiated.`);
    return found;
  }

  /** Where an action failed, as Excel's error location says it: Class.member. */
  private where(action: WireAction): string {
    if (action.ActionType !== 1) {
      const owner = this.nodes.get(action.ObjectPathId)?.kind ?? "?";
      return `${owner}.${action.ActionType === 2 ? "load" : lowerFirst(action.Name)}`;
    }
    const path = this.request.ObjectPaths[String(action.ObjectPathId)];
    if (path === undefined) return "?";
    const owner = path.ParentObjectPathId === undefined ? "" : `${this.nodes.get(path.ParentObjectPathId)?.kind ?? "?"}.`;
    return path.ObjectPathType === 5 ? `${owner}getItem` : path.ObjectPathType === 1 ? "Workbook" : `${owner}${lowerFirst(path.Name)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The harness

/** One request sent to Excel: its text as sent, and the sizes both ways. */
export interface RequestRecord {
  /** bytes of the request body as Office.js sends it (UTF-8) */
  readonly bytes: number;
  readonly actions: number;
  /** bytes of the answer's body */
  responseBytes: number;
  /** Excel.run's closing request that releases the ranges it kept; the add-in does not wait for it */
  readonly cleanup: boolean;
  /** the error Excel answered with, if it did: its code, where and why */
  error?: { readonly code: string; readonly location: string; readonly message: string };
  /** the request body, exactly as the library serialised it */
  readonly text: string;
}

/**
 * A fault in one request, as Excel on the web can meet it: refused with nothing carried out
 * (throttled, the connection down when it was sent), carried out in full with its answer lost
 * (the connection dropped on the way back), or carried out in part: its first `actions`
 * operations, then an error (a co-author's edit, the workbook losing focus).
 */
export interface RequestFault {
  /** which request, counting from 1 every request that is not Excel.run's clean-up, over every run */
  readonly at: number;
  readonly kind: "refused" | "lost" | "cut";
  /** for a cut: how many of its operations are carried out (half of them when not given) */
  readonly actions?: number;
}

/** Excel.run's options the harness honours (Excel.RunOptions). */
export interface RealRunOptions {
  /** ask Excel to hold the batch while a cell is being edited, instead of refusing it (ExcelApi 1.11) */
  readonly delayForCellEdit?: boolean;
}

/** Office's error number for "the user is editing a cell"; the library maps it to InvalidOperationInCellEditMode. */
const OOE_INVALID_API_CALL_IN_CONTEXT = 5004;

/** The request flag Excel.run sets for delayForCellEdit (the library's onBeforeExcelRun). */
const DELAY_FOR_CELL_EDIT_FLAG = 64;

/** A request made only of releasing references: Excel.run's clean-up. */
function isCleanup(request: WireRequest): boolean {
  const methods = request.Actions.filter((a) => a.ActionType !== 1);
  return methods.length > 0 && methods.every((a) => a.ActionType === 3 && a.Name === "_RemoveReference");
}

/** What one run's requests share. */
interface RunState {
  readonly library: OfficeJsLibrary;
  readonly context: Excel.RequestContext & ContextInternals;
  readonly session: Session;
  /** the run's requests so far, clean-up aside */
  requests: number;
}

/** Runs batches through Microsoft's Excel.run against a memory workbook, recording every request. */
export class RealExcel {
  /** every request that reached Excel, in order; a sync with nothing queued sends none */
  readonly requests: RequestRecord[] = [];
  runs = 0;
  /** while set, the user is editing a cell: Excel refuses that many requests, as MemoryExcel does */
  editingFor = 0;
  /** batches Excel held until the cell edit ended (delayForCellEdit) */
  delayed = 0;
  /** called after each request Excel carried out without error, with the run's count of requests (as MemoryExcel's) */
  afterSync?: (count: number) => void;
  /** a fault to meet, in the request it names */
  fault?: RequestFault;
  /** the requests sent so far that are not clean-ups, over every run: where a fault is counted */
  sent = 0;
  /** what the fault did, once it was met: the operations of that request carried out, of how many */
  faulted?: { readonly carried: number; readonly of: number };
  private readonly ids = new Ids();

  constructor(readonly book: MemoryWorkbook = new MemoryWorkbook()) {}

  /** Round trips the add-in waited for: every request but Excel.run's clean-up ones. */
  get syncs(): number {
    return this.requests.filter((r) => !r.cleanup).length;
  }

  /** The batch gets Microsoft's own RequestContext: what the add-in sees of it is a ContextApi. */
  run = async <T>(batch: (context: Excel.RequestContext) => Promise<T>, options: RealRunOptions = {}): Promise<T> => {
    const library = officeJs();
    this.runs++;
    // A fresh context per run, as Excel.run makes; its requests come here instead of going to Office.
    const context = new library.Excel.RequestContext() as Excel.RequestContext & ContextInternals;
    context.m_requestUrlAndHeaderInfo = { url: "__localDocument", headers: {} };
    const run: RunState = { library, context, session: new Session(new MemoryContext(this.book)), requests: 0 };
    const answering = new Set<Promise<ExecutorResponse>>();
    context._requestExecutor = {
      executeAsync: (customData, requestFlags, message) => {
        const answer = this.execute(run, customData, requestFlags, message);
        answering.add(answer);
        return answer;
      },
    };
    try {
      // Microsoft's Excel.run with our context (as its previousObjects): it syncs what the batch
      // leaves queued, rethrows the batch's errors and releases the references it kept.
      return await library.Excel.run({ delayForCellEdit: options.delayForCellEdit === true, previousObjects: context }, (c) => batch(c));
    } finally {
      // Excel.run does not wait for its clean-up request; this waits for its answer, so that the
      // record of requests is complete when run() returns.
      await Promise.allSettled(answering);
    }
  };

  /** Answers one request, as Excel would: its text is the real executor's. */
  private async execute(run: RunState, customData: unknown, requestFlags: number, message: RequestMessage): Promise<ExecutorResponse> {
    const { library, context } = run;
    const text = library.messages.buildMessageArrayForIRequestExecutor(customData, requestFlags, message, "officejs")[4];
    if (typeof text !== "string") throw new Error("Office.js built no request text.");
    const request = parseRequest(text);
    const record: RequestRecord = { bytes: Buffer.byteLength(text), actions: request.Actions.length, responseBytes: 0, cleanup: isCleanup(request), text };
    this.requests.push(record);
    if (!record.cleanup) run.requests++;
    if (this.editingFor > 0) {
      if ((requestFlags & DELAY_FOR_CELL_EDIT_FLAG) !== 0) {
        // Excel waits for the edit to end, then carries the request out.
        this.delayed++;
        this.editingFor = 0;
      } else {
        // Refused by Office, and handled as the real executor handles a failed call.
        this.editingFor--;
        const response = library.messages.buildResponseOnError(OOE_INVALID_API_CALL_IN_CONTEXT, "Excel is in cell-editing mode.");
        context._processOfficeJsErrorResponse(OOE_INVALID_API_CALL_IN_CONTEXT, response);
        return response;
      }
    }
    if (!record.cleanup) this.sent++;
    const fault = !record.cleanup && this.fault?.at === this.sent ? this.fault : undefined;
    if (fault?.kind === "refused") {
      this.faulted = { carried: 0, of: request.Actions.length };
      const refused: WireAnswer = {
        Results: [],
        TraceIds: [],
        Error: { Code: "ServiceNotAvailable", Message: "Excel could not take the request now.", Location: "", ActionIndex: 0, HttpStatusCode: 503 },
      };
      record.error = { code: "ServiceNotAvailable", location: "", message: "refused" };
      return library.messages.buildResponseOnSuccess(JSON.stringify(refused), {});
    }
    const limit = fault?.kind === "cut" ? (fault.actions ?? Math.floor(request.Actions.length / 2)) : undefined;
    const answer = await new Interpreter(run.session, this.ids, request).run(limit);
    if (fault !== undefined) {
      this.faulted = { carried: limit ?? request.Actions.length, of: request.Actions.length };
      if (fault.kind === "lost") {
        // Carried out in full; the answer never arrives: the library sees a failed request.
        const lost: WireAnswer = {
          Results: [],
          TraceIds: [],
          Error: { Code: "GeneralException", Message: "The connection was lost before Excel answered.", Location: "", ActionIndex: 0, HttpStatusCode: 500 },
        };
        record.error = { code: "GeneralException", location: "", message: "answer lost" };
        return library.messages.buildResponseOnSuccess(JSON.stringify(lost), {});
      }
    }
    if (answer.Error !== undefined) record.error = { code: answer.Error.Code, location: answer.Error.Location, message: answer.Error.Message };
    else if (!record.cleanup) this.afterSync?.(run.requests);
    const answerText = JSON.stringify(answer);
    record.responseBytes = Buffer.byteLength(answerText);
    // Parsed back from text, as the real executor does with Excel's answer.
    return library.messages.buildResponseOnSuccess(answerText, {});
  }
}
