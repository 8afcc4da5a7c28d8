/**
 * Plays Excel for the task pane in a browser test: bundled with webpack and injected before the
 * page's own scripts, it provides Office (onReady says Excel), Excel.run over an in-memory
 * workbook, Excel.createWorkbook, the ribbon's action registry and CustomFunctions. The test
 * reads and drives it through `window.godsTestHost`.
 */
import type { ContextApi } from "../../src/workbook/office/api";
import { MemoryContext, MemoryExcel, MemoryWorkbook, type RunOptions } from "../support/memoryExcel";

type Value = string | number | boolean | null;
/** A merged area, 0-based, as the in-memory Excel keeps it. */
interface MergedArea {
  readonly top: number;
  readonly left: number;
  readonly rows: number;
  readonly columns: number;
}

/** What the test puts in the workbook before the page loads: each table's rows, headers first. */
export interface HostSetup {
  readonly tables: Readonly<Record<string, Value[][]>>;
  /** sheets of the gamemaster's own, not tables: each its rows from A1 and its merged areas (0-based) */
  readonly sheets?: readonly { readonly name: string; readonly rows: Value[][]; readonly merged: readonly MergedArea[] }[];
  /** an Excel that refuses requests during a cell edit although asked to hold them (Excel.run's delayForCellEdit) */
  readonly ignoresDelayForCellEdit?: boolean;
  /** the page starts with the pane hidden, as when Excel loads it to calculate a GODS function (document.visibilityState "hidden") */
  readonly hidden?: boolean;
  /** the Office theme's colours, as Office.context.officeTheme gives them; absent on hosts that do not tell */
  readonly officeTheme?: { readonly bodyBackgroundColor: string; readonly bodyForegroundColor: string };
  /** Office.context.partitionKey (Excel on the web partitions an add-in's storage with it) */
  readonly partitionKey?: string;
  /** Office.context.document.url: the workbook's address */
  readonly documentUrl?: string;
}

export interface TestHost {
  readonly excel: MemoryExcel;
  readonly book: MemoryWorkbook;
  /** base64 workbooks the pane asked Excel to open */
  readonly created: string[];
  /** how often the add-in asked to show its pane */
  shown: number;
  /** the functions registered with Office.actions.associate */
  readonly actions: Map<string, (event: { completed: () => void }) => unknown>;
  /** the next Excel.run fails with this error, as Excel would */
  failNext: (Error & { code?: string }) | null;
  /**
   * Office shows or hides the pane: the add-in's onVisibilityModeChanged handlers are told, and
   * with `page` the page's own visibility changes too (Excel on the web leaves it visible).
   */
  setPane: (mode: "Taskpane" | "Hidden", page: boolean) => void;
}

declare global {
  interface Window {
    godsTestSetup?: HostSetup;
    godsTestHost?: TestHost;
  }
}

const setup: HostSetup = window.godsTestSetup ?? { tables: {} };
const book = new MemoryWorkbook();
for (const [name, rows] of Object.entries(setup.tables)) book.put(name, rows, { table: name });
for (const s of setup.sheets ?? []) {
  book.put(s.name, s.rows);
  book.sheet(s.name)?.merged.push(...s.merged);
}
const excel = new MemoryExcel(book);

// The page's own visibility, as the browser tells it (document.visibilityState).
let pageVisible = setup.hidden !== true;
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (pageVisible ? "visible" : "hidden") });
Object.defineProperty(document, "hidden", { configurable: true, get: () => !pageVisible });
const visibilityHandlers: ((message: { visibilityMode: string }) => void)[] = [];

const host: TestHost = {
  excel,
  book,
  created: [],
  shown: 0,
  actions: new Map(),
  failNext: null,
  setPane: (mode, page) => {
    if (page && pageVisible !== (mode === "Taskpane")) {
      pageVisible = mode === "Taskpane";
      document.dispatchEvent(new Event("visibilitychange"));
    }
    for (const handler of visibilityHandlers) handler({ visibilityMode: mode });
  },
};
window.godsTestHost = host;

type Batch<T> = (context: ContextApi) => Promise<T>;
/** Excel.run(batch), Excel.run(options, batch) or Excel.run(context, batch), as Office.js takes them. */
const run = async <T>(first: Batch<T> | RunOptions | MemoryContext, second?: Batch<T>): Promise<T> => {
  if (first instanceof MemoryContext) return excel.runIn(first, second as Batch<T>);
  const [options, batch] = typeof first === "function" ? [{}, first] : [first, second as Batch<T>];
  const failure = host.failNext;
  if (failure !== null) {
    host.failNext = null;
    throw failure;
  }
  return excel.run(batch, setup.ignoresDelayForCellEdit === true ? {} : options);
};

const ready = { host: "Excel", platform: "PC" };
/** The minor version of "1.8": versions compare part by part (1.17 is after 1.8). */
const minor = (version: string | undefined): number => Number((version ?? "1.1").split(".")[1] ?? 0);
/** The newest ExcelApi this Excel has. */
const supported = 17;

Object.assign(window, {
  Office: {
    HostType: { Excel: "Excel" },
    onReady: (callback?: (info: typeof ready) => void) => {
      callback?.(ready);
      return Promise.resolve(ready);
    },
    context: {
      requirements: { isSetSupported: (name: string, version?: string) => name === "ExcelApi" && minor(version) <= supported },
      ...(setup.officeTheme === undefined ? {} : { officeTheme: setup.officeTheme }),
      ...(setup.partitionKey === undefined ? {} : { partitionKey: setup.partitionKey }),
      ...(setup.documentUrl === undefined ? {} : { document: { url: setup.documentUrl } }),
    },
    actions: { associate: (id: string, fn: (event: { completed: () => void }) => unknown) => host.actions.set(id, fn) },
    addin: {
      showAsTaskpane: () => {
        host.shown++;
        host.setPane("Taskpane", true);
        return Promise.resolve();
      },
      onVisibilityModeChanged: (handler: (message: { visibilityMode: string }) => void) => {
        visibilityHandlers.push(handler);
        return Promise.resolve(() => Promise.resolve());
      },
    },
    VisibilityMode: { hidden: "Hidden", taskpane: "Taskpane" },
  },
  Excel: {
    run,
    createWorkbook: (base64: string) => {
      host.created.push(base64);
      return Promise.resolve();
    },
  },
  // The functions bundle registers its functions when it loads.
  CustomFunctions: { associate: () => undefined, Error: Error, ErrorCode: {} },
});
