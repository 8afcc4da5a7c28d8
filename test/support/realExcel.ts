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
 * parent: the global object (the workbook), a property (`Worksheets`), an indexer (`getItem(key)`)
 * or a method (`GetRangeByIndexes(...)`, `Add(...)`). Every action refers to one path: Instantiate
 * (evaluate the path: this is when a method path such as `Add` runs), SetProperty, Method, Query
 * (a load) and Trace. The answer lists `{ ActionId, Value }` results; a failed action stops the
 * batch with `Body.Error = { Code, Message, Location, ActionIndex }`, which the library turns into
 * an `OfficeExtension.Error` thrown from `sync()`, as Excel's errors are.
 *
 * What the memory workbook does not model is never ignored: it comes back as an Excel error with
 * the code NotImplemented, naming what was asked for.
 */
import { readFileSync } from "fs";
import { createContext, runInContext } from "vm";
import type { BorderEdge, CellInput, ContextApi, RangeApi, TableApi, TableCollectionApi, WorkbookApi, WorksheetApi, WorksheetCollectionApi } from "../../src/workbook/office/api";
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
  setItem(key: string, value: string): void {
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
    location: { href: "https://localhost/taskpane.html", protocol: "https:", host: "localhost", hostname: "localhost", pathname: "/taskpane.html", search: "", hash: "" },
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

/** Microsoft's Excel library, loaded once per process (3 MB of script): its `Excel` and `OfficeExtension`. */
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
  loaded = { Excel: excel as unknown as typeof Excel, OfficeExtension: extension as unknown as typeof OfficeExtension, messages: messages as unknown as MessageUtility };
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
  /** for each argument that is an Office.js object, its object path id */
  ReferencedObjectPathIds?: (number | null)[];
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
  if (typeof value !== "number" || !Number.isInteger(value)) throw excelError("InvalidArgument", `${what} must be a whole number, not ${JSON.stringify(value)}.`);
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
 * A 2-D array of cell inputs. A null cell is refused: Excel leaves such a cell as it is, which the
 * memory workbook does not model, and it is what an undefined, NaN or Infinity becomes in JSON.
 */
function cells(value: unknown, what: string): CellInput[][] {
  if (!Array.isArray(value) || !value.every((row): row is unknown[] => Array.isArray(row))) {
    throw notModelled(`${what} given as ${JSON.stringify(value)?.slice(0, 60)} (only a 2-D array is modelled)`);
  }
  for (const row of value) {
    for (const cell of row) {
      if (cell === null) throw notModelled(`a null cell in ${what} (Excel leaves it unchanged; undefined, NaN and Infinity arrive as null)`);
      if (typeof cell !== "string" && typeof cell !== "number" && typeof cell !== "boolean") throw excelError("InvalidArgument", `${what} holds ${JSON.stringify(cell)}.`);
    }
  }
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
  RangeFormat: RangeApi["format"];
  RangeFont: RangeApi["format"]["font"];
  RangeFill: RangeApi["format"]["fill"];
  RangeBorderCollection: RangeApi["format"]["borders"];
  RangeBorder: ReturnType<RangeApi["format"]["borders"]["getItem"]>;
}

type Kind = keyof Targets;

/** Lets getItem take the ids the harness hands out as well as names, as Excel's getItem does. */
interface Scope {
  sheetName(key: string): string;
  tableName(key: string): string;
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
}

/** An evaluated object path: its class, with the memory object's members bound to it. */
interface Node {
  readonly kind: Kind;
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
}

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

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
    properties: { Worksheets: (wb) => node("WorksheetCollection", wb.worksheets), Tables: (wb) => node("TableCollection", wb.tables) },
  },
  WorksheetCollection: {
    indexer: (sheets, key, scope) => node("Worksheet", sheets.getItem(scope.sheetName(text(key, "The worksheet's key")))),
    methods: { Add: (sheets, [name]) => node("Worksheet", sheets.add(text(name, "The new sheet's name"))) },
    load: (sheets, properties) => sheets.load(properties),
    items: { kind: "Worksheet", list: (sheets) => sheets.items.map((s) => node("Worksheet", s)) },
  },
  Worksheet: {
    properties: { Tables: (ws) => node("TableCollection", ws.tables), FreezePanes: (ws) => node("WorksheetFreezePanes", ws.freezePanes) },
    methods: {
      GetRange: (ws, [address]) => {
        if (address === null) throw notModelled("getRange() without an address");
        return node("Range", ws.getRange(text(address, "The address")));
      },
      GetRangeByIndexes: (ws, [row, column, rows, columns]) =>
        node("Range", ws.getRangeByIndexes(integer(row, "startRow"), integer(column, "startColumn"), integer(rows, "rowCount"), integer(columns, "columnCount"))),
      GetUsedRange: (ws, [valuesOnly]) => {
        // The memory workbook's used range only counts values, so that is the only one modelled.
        if (valuesOnly !== true) throw notModelled("getUsedRange() counting formatted cells (only getUsedRange(true))");
        return node("Range", ws.getUsedRange(true));
      },
    },
    // showGridlines goes on the wire as "Gridlines" (the library's Worksheet_ShowGridlines_Set).
    setters: { Gridlines: (ws, value) => (ws.showGridlines = bool(value, "showGridlines")) },
    calls: { Delete: (ws) => ws.delete(), Activate: (ws) => ws.activate() },
    load: (ws, properties) => ws.load(properties),
    readable: { name: readable("Name", (ws) => ws.name) },
  },
  WorksheetFreezePanes: {
    calls: { FreezeRows: (panes, [count]) => panes.freezeRows(integer(count, "The row count")) },
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
    setters: { Name: (table, value) => (table.name = text(value, "The table's name")), Style: (table, value) => (table.style = text(value, "The table's style")) },
    load: (table, properties) => loadMemory(table, properties, "a table"),
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
      Add: (columns, [index, values, name]) => {
        if (name !== null) throw notModelled("columns.add with a name");
        columns.add(optionalInteger(index, "The column index"), cells(values, "the new column"));
        return node("TableColumn", null);
      },
    },
  },
  TableColumn: {},
  Range: {
    properties: { Format: (range) => node("RangeFormat", range.format) },
    methods: { GetEntireRow: (range) => node("Range", range.getEntireRow()) },
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
      Select: (range) => range.select(),
    },
    load: (range, properties) => range.load(properties),
    readable: {
      values: readable("Values", (r) => r.values),
      rowIndex: readable("RowIndex", (r) => r.rowIndex),
      columnIndex: readable("ColumnIndex", (r) => r.columnIndex),
    },
  },
  RangeFormat: {
    properties: {
      Font: (format) => node("RangeFont", format.font),
      Fill: (format) => node("RangeFill", format.fill),
      Borders: (format) => node("RangeBorderCollection", format.borders),
    },
    setters: { ColumnWidth: (format, value) => (format.columnWidth = number(value, "columnWidth")) },
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
};

/** Binds a class's members to one memory object. */
function node<K extends Kind>(kind: K, target: Targets[K]): Node {
  const spec: Spec<Targets[K]> = SPECS[kind];
  const member = <F>(members: Readonly<Record<string, F>> | undefined, name: string, what: string): F => {
    const found = members !== undefined && Object.prototype.hasOwnProperty.call(members, name) ? members[name] : undefined;
    if (found === undefined) throw notModelled(`${kind}.${what}`);
    return found;
  };
  return {
    kind,
    property: (name) => member(spec.properties, name, lowerFirst(name))(target),
    method: (name, args, scope) => member(spec.methods, name, `${lowerFirst(name)}()`)(target, args, scope),
    item: (key, scope) => {
      if (spec.indexer === undefined) throw notModelled(`${kind}.getItem()`);
      return spec.indexer(target, key, scope);
    },
    set: (name, value) => member(spec.setters, name, `${lowerFirst(name)} (set)`)(target, value),
    call: (name, args) => member(spec.calls, name, `${lowerFirst(name)}()`)(target, args),
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
  };
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

/** Replays one request on the memory workbook, action by action, as Excel would carry it out. */
class Interpreter implements Scope {
  private readonly nodes = new Map<number, Node>();
  private readonly answer: WireAnswer = { Results: [], TraceIds: [] };

  constructor(
    private readonly memory: MemoryContext,
    private readonly ids: Ids,
    private readonly request: WireRequest,
  ) {}

  async run(): Promise<WireAnswer> {
    for (const [index, action] of this.request.Actions.entries()) {
      try {
        const value = await this.perform(action);
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

  private async perform(action: WireAction): Promise<unknown> {
    switch (action.ActionType) {
      case 1:
        return this.instantiate(action.ObjectPathId);
      case 2:
        return this.query(this.nodeAt(action.ObjectPathId), action.QueryInfo);
      case 3:
        this.nodeAt(action.ObjectPathId).call(action.Name, this.argumentsOf(action.ArgumentInfo));
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

  /**
   * Evaluates an object path: the moment a method path (worksheets.add, rows.add) runs. A sheet's or
   * table's id comes back, so the library can reach it again by id in a later request.
   */
  private async instantiate(pathId: number): Promise<unknown> {
    const path = this.pathAt(pathId);
    const made = this.evaluate(path);
    this.nodes.set(path.Id, made);
    // Also checks that the object exists, as Excel does here: getItem of a missing sheet fails now.
    return made.kind === "Worksheet" || made.kind === "Table" ? { _Id: await this.idOf(made) } : undefined;
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
      default:
        throw notModelled(`the ${PATH_TYPES[path.ObjectPathType] ?? `#${path.ObjectPathType}`} object path`);
    }
  }

  /** Answers a load with the memory objects' values, after a memory sync so their load rules hold. */
  private async query(target: Node, info: QueryInfo | undefined): Promise<unknown> {
    const select = this.selection(target, info);
    if (target.itemKind === undefined) return this.describe(target, select);
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
    if (Select === undefined || Select.length === 0 || Select.includes("*")) throw notModelled(`loading every property of ${kind} (name the properties to load)`);
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

  private argumentsOf(info: WireArguments | undefined): Args {
    // Passing an Office.js object (say a Range to tables.add) sends its path id: not modelled.
    if (info?.ReferencedObjectPathIds?.some((id) => id !== null && id !== 0)) throw notModelled("Office.js objects as arguments");
    return info?.Arguments ?? [];
  }

  private pathAt(id: number): WirePath {
    const path = this.request.ObjectPaths[String(id)];
    if (path === undefined) throw new Error(`The request refers to object path ${id}, which it does not define.`);
    return path;
  }

  private parentOf(path: WirePath): Node {
    if (path.ParentObjectPathId === undefined) throw new Error(`Object path ${path.Id} (${PATH_TYPES[path.ObjectPathType]}) has no parent.`);
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

/** One round trip: the request as sent (JSON text) and the sizes both ways. */
export interface RequestRecord {
  /** bytes of the request body as Office.js sends it (UTF-8) */
  readonly bytes: number;
  readonly actions: number;
  /** bytes of the answer's body */
  responseBytes: number;
  /** the request body, exactly as the library serialised it */
  readonly text: string;
}

/** Office's error number for "the user is editing a cell"; the library maps it to InvalidOperationInCellEditMode. */
const OOE_INVALID_API_CALL_IN_CONTEXT = 5004;

/** Runs batches through Microsoft's Excel.run against a memory workbook, recording every request. */
export class RealExcel {
  /** every request that reached Excel, in order; a sync with nothing queued sends none */
  readonly requests: RequestRecord[] = [];
  runs = 0;
  /** when set, the next runs fail at their first sync as if the user were editing a cell */
  editingFor = 0;
  private readonly ids = new Ids();

  constructor(readonly book: MemoryWorkbook = new MemoryWorkbook()) {}

  /** Round trips to Excel so far. */
  get syncs(): number {
    return this.requests.length;
  }

  run = async <T>(batch: (context: ContextApi) => Promise<T>): Promise<T> => {
    const library = officeJs();
    this.runs++;
    const editing = this.editingFor > 0;
    if (editing) this.editingFor--;
    // A fresh context per run, as Excel.run makes; its requests go to this harness, not to Office.
    const context = new library.Excel.RequestContext() as Excel.RequestContext & ContextInternals;
    context.m_requestUrlAndHeaderInfo = { url: "__localDocument", headers: {} };
    const memory = new MemoryContext(this.book);
    let refuse = editing;
    context._requestExecutor = {
      executeAsync: async (customData, requestFlags, message) => {
        // The text the real executor (OfficeJsRequestExecutor) sends to Excel.
        const text = library.messages.buildMessageArrayForIRequestExecutor(customData, requestFlags, message, "officejs")[4];
        if (typeof text !== "string") throw new Error("Office.js built no request text.");
        const request = parseRequest(text);
        const record: RequestRecord = { bytes: Buffer.byteLength(text), actions: request.Actions.length, responseBytes: 0, text };
        this.requests.push(record);
        if (refuse) {
          // Refused by Office, handled as the real executor handles a failed call.
          refuse = false;
          const response = library.messages.buildResponseOnError(OOE_INVALID_API_CALL_IN_CONTEXT, "Excel is in cell-editing mode.");
          context._processOfficeJsErrorResponse(OOE_INVALID_API_CALL_IN_CONTEXT, response);
          return response;
        }
        const answer = JSON.stringify(await new Interpreter(memory, this.ids, request).run());
        record.responseBytes = Buffer.byteLength(answer);
        return library.messages.buildResponseOnSuccess(answer, {});
      },
    };
    // Microsoft's Excel.run with our context: it syncs what the batch leaves queued and rethrows its errors.
    return library.Excel.run(context, (c) => batch(c));
  };
}
