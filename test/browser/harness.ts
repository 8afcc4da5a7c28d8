/**
 * The task pane in a real browser, for the browser tests: headless Chromium (Debian's
 * /usr/bin/chromium, driven by playwright-core) loads the production build from a local http
 * server. Inside "Excel" the page gets a test host (excelTestHost.ts, bundled here) that plays
 * Excel over an in-memory workbook; outside Excel it gets the real office.js. A test file calls
 * usePane() once, then opens pages with inExcel or newPage.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import { chromium, type Browser, type Page } from "playwright-core";
import webpack from "webpack";
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { readHandSheets } from "../../src/workbook/xlsx";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { INPUT_TABLES, SETTINGS } from "../../src/workbook/model/schema";
import type { Tables } from "../support/campaigns";
import type { HostSetup, TestHost } from "./excelTestHost";

export const root = path.resolve(__dirname, "..", "..");
export const shots = path.join(root, "test-output", "screenshots");
export const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
export const OFFICE_DIST = path.join(root, "node_modules", "@microsoft", "office-js", "dist");
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".png": "image/png",
  ".json": "application/json",
};

let work: string;
export let dist: string;
let hostScript: string;
// Undefined until beforeAll has started them (and still, when it failed part-way).
let server: http.Server | undefined;
export let origin: string;
export let browser: Browser | undefined;

async function bundleHost(out: string): Promise<string> {
  const compiler = webpack({
    mode: "development",
    devtool: false,
    target: "web",
    entry: path.join(__dirname, "excelTestHost.ts"),
    output: { path: out, filename: "excel-test-host.js" },
    resolve: { extensions: [".ts", ".js"] },
    module: { rules: [{ test: /\.ts$/, loader: "ts-loader", options: { transpileOnly: true, configFile: path.join(root, "tsconfig.json") } }] },
  });
  await new Promise<void>((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err) reject(err);
      else if (stats?.hasErrors()) reject(new Error(stats.toString("errors-only")));
      else resolve();
    });
  });
  return fs.readFileSync(path.join(out, "excel-test-host.js"), "utf8");
}

function serve(dir: string): Promise<http.Server> {
  const s = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    s.listen(0, "127.0.0.1", () => {
      resolve(s);
    }),
  );
}

/** Builds the pane, starts its server and Chromium before the file's tests, and checks every page it opened for script errors after each. */
export function usePane(): void {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "gods-pane-"));
    dist = path.join(work, "dist");
    // GODS_PANE_DIST=dist runs the tests on a production build made before (npx webpack --mode production), copied.
    const made = process.env.GODS_PANE_DIST;
    if (made !== undefined && made !== "") fs.cpSync(path.resolve(root, made), dist, { recursive: true });
    else
      execFileSync(process.execPath, [path.join(root, "node_modules", "webpack", "bin", "webpack.js"), "--mode", "production", "--output-path", dist], {
        cwd: root,
        stdio: "pipe",
      });
    hostScript = await bundleHost(path.join(work, "host"));
    server = await serve(dist);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
    fs.mkdirSync(shots, { recursive: true });
    // The production build takes a minute and a half on two busy cores.
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  });

  afterEach(async () => {
    for (const p of open) {
      expect(p.errors).toEqual([]);
      await p.page.close();
    }
    open = [];
  });
}

// ---- Opening the pane --------------------------------------------------------------------

export interface Pane {
  readonly page: Page;
  /** console errors and uncaught exceptions in the page */
  readonly errors: string[];
}

let open: Pane[] = [];

/**
 * Chooses the tab and unfolds the cards around what `selector` names, as a gamemaster would before
 * using it (the pane shows one tab at a time, its cards folded but for the most used).
 */
export async function reveal(page: Page, selector: string): Promise<void> {
  // A Playwright selector's own steps (" >> nth=0") are not CSS: the element is the first the CSS part names.
  await page.evaluate(
    async (sel) => {
      // A list's rows may not be drawn yet (their tab not opened): their box is what to reveal.
      const found = document.querySelector(sel) ?? document.querySelector(sel.split(/\s+/)[0] ?? sel);
      if (!(found instanceof HTMLElement)) return;
      const panel = found.closest<HTMLElement>('[role="tabpanel"]');
      if (panel?.hidden === true) document.querySelector<HTMLElement>(`[aria-controls="${panel.id}"]`)?.click();
      // A summary is clicked to fold or unfold its own card: only the cards around that one open here.
      const from = found.tagName === "SUMMARY" ? found.parentElement?.parentElement : found.parentElement;
      const opened: HTMLElement[] = [];
      for (let d = from?.closest("details") ?? null; d !== null; d = d.parentElement?.closest("details") ?? null) {
        d.open = true;
        opened.push(d);
      }
      // A tab's cards, and a folded card's, load when first shown: wait until they are wired.
      // Watched, not polled: a test may have stopped the page's clock.
      const ready = () => panel?.hidden !== true && opened.every((d) => d.dataset.loading === undefined);
      if (!ready())
        await new Promise<void>((resolve) => {
          const watch = new MutationObserver(() => {
            if (!ready()) return;
            watch.disconnect();
            resolve();
          });
          for (const e of [panel, ...opened]) if (e !== null) watch.observe(e, { attributes: true });
        });
    },
    selector.split(" >> ")[0] ?? selector,
  );
}

/** The page, whose clicks and typing first reveal what they act on (see reveal). */
export function revealing(page: Page): Page {
  for (const name of [
    "click",
    "fill",
    "selectOption",
    "check",
    "isVisible",
    "isHidden",
    "isDisabled",
    "textContent",
    "inputValue",
    "$eval",
    "$$eval",
  ] as const) {
    const original = (page[name] as (selector: string, ...rest: unknown[]) => Promise<unknown>).bind(page);
    Object.assign(page, {
      [name]: async (selector: string, ...rest: unknown[]) => {
        await reveal(page, selector);
        return original(selector, ...rest);
      },
    });
  }
  return page;
}

export async function newPage(): Promise<Pane> {
  if (browser === undefined) throw new Error("Chromium was not started (see beforeAll).");
  const page = revealing(await browser.newPage({ viewport: { width: 320, height: 640 } }));
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const pane = { page, errors };
  open.push(pane);
  return pane;
}

/** The pane inside "Excel", on a workbook holding these tables. */
export async function inExcel(tables: Tables, setup: Partial<HostSetup> = {}): Promise<Page> {
  const { page } = await newPage();
  await loadPane(page, { tables, ...setup } as HostSetup);
  await idle(page);
  return page;
}

/** Loads the pane in `page`, with the test host standing in for Office.js and Excel as `setup` says. */
export async function loadPane(page: Page, setup: HostSetup): Promise<void> {
  await page.addInitScript((s: HostSetup) => (window.godsTestSetup = s), setup);
  await page.addInitScript({ content: hostScript });
  await page.route(OFFICE_JS, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await page.goto(`${origin}/taskpane.html`);
}

/** Presses the ribbon's End century button as Excel does, waiting for event.completed(); how often it was called. */
export function pressEndCentury(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let calls = 0;
        window.godsTestHost?.actions.get("endCentury")?.({
          completed: () => {
            calls++;
            resolve(calls);
          },
        });
      }),
  );
}

export async function idle(page: Page): Promise<void> {
  await page.waitForSelector('#app[aria-busy="false"]');
}

export function host<T>(page: Page, read: (h: TestHost) => T): Promise<T> {
  return page.evaluate<T>(`(${read.toString()})(window.godsTestHost)`);
}

/** A screenshot of what the gamemaster sees, scrolled to `focus` (the top of the pane without it). */
export async function shot(page: Page, name: string, focus?: string): Promise<void> {
  if (focus === undefined)
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
  else
    await page
      .locator(focus)
      .first()
      .evaluate((e) => {
        e.scrollIntoView({ block: "start" });
      });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** Clicks a button and waits for the action to finish; returns the round trips it cost. */
export async function click(page: Page, selector: string): Promise<number> {
  const before = await host(page, (h) => h.excel.syncs);
  await page.click(selector);
  await idle(page);
  return (await host(page, (h) => h.excel.syncs)) - before;
}

/** Ends the century in play: the button shows what will be paid, and paying needs a second click. */
export async function payCentury(page: Page): Promise<number> {
  const before = await host(page, (h) => h.excel.syncs);
  await page.click("#end-century");
  await page.waitForSelector("#century-confirm:not([hidden])");
  // Looking costs nothing: the preview comes from what the pane read already.
  expect(await host(page, (h) => h.excel.syncs)).toBe(before);
  return click(page, "#century-yes");
}

export function example(): Tables {
  const tables: Tables = {};
  for (const spec of [...INPUT_TABLES, SETTINGS])
    tables[spec.name] = [spec.columns.map((c) => c.header), ...(EXAMPLE_CAMPAIGN[spec.name] ?? []).map((r) => [...r])];
  return tables;
}

/**
 * The hand-kept workbook of the worked example (test/fixtures/hand-kept.xlsx) as Excel holds it
 * once opened: the gamemaster's sheets, each with its values (a formula's as saved) and merged
 * areas, and no table of the add-in's.
 */
export function handKept(): Partial<HostSetup> & Pick<HostSetup, "tables"> {
  const file = path.join(root, "test", "fixtures", "hand-kept.xlsx");
  const sheets = readHandSheets(openPackage(new Uint8Array(fs.readFileSync(file)), file)).map((s) => ({
    name: s.name,
    rows: s.rows.map((r) => r.map((v) => (v !== null && typeof v === "object" ? v.error : v))),
    merged: s.merges.map((m) => ({ top: m.top - 1, left: m.left - 1, rows: m.bottom - m.top + 1, columns: m.right - m.left + 1 })),
  }));
  return { tables: {}, sheets };
}

export function values(page: Page, sheet: string): Promise<(string | number | boolean | null)[][]> {
  return page.evaluate((name) => window.godsTestHost?.book.values(name) ?? [], sheet);
}

/** What a system colour (forced colours' CanvasText, Highlight…) computes to on this page, to compare a control's colours with. */
export function systemColor(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => {
    const probe = document.createElement("span");
    probe.style.color = n;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, name);
}
