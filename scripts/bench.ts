/**
 * `npm run bench`: figures for the biggest campaign we plan for, on this machine. Prints one line
 * per figure, then a JSON object with all of them on the last line. Not a test: nothing here
 * passes or fails.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { calculateCentury } from "../src/engine/century";
import { readCampaign } from "../src/workbook/read/campaign";
import { centuryInput, planCenturyEnd } from "../src/workbook/actions/centuryEnd";
import { EXAMPLE_CAMPAIGN } from "../src/workbook/xlsx/example";
import { INPUT_TABLES } from "../src/workbook/model/schema";
import { endCentury } from "../src/workbook/office/actions";
import * as fns from "../src/functions/functions";
import { handWorked, huge, memoryWorkbook, rawWorkbook, sized, writeXlsx, type Rows } from "../test/support/campaigns";
import { openPackage, savePackage } from "../src/workbook/xlsx/package/zip";
import { RealExcel } from "../test/support/realExcel";
import { MemoryExcel, MemoryWorkbook } from "../test/support/memoryExcel";

const root = path.resolve(__dirname, "..", "..");
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function timeMedian(runs: number, f: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = now();
    f();
    times.push(now() - t);
  }
  return median(times);
}

const round = (x: number, digits = 2): number => Number(x.toFixed(digits));

function engineFigures(): { engineMs: number; scaling: number; pipelineMs: number } {
  const inputs = [1, 2].map((scale) => {
    const raw = rawWorkbook(huge(scale));
    const { campaign } = readCampaign(raw);
    return { raw, input: centuryInput(campaign, 1) };
  });
  const [one, two] = inputs as [(typeof inputs)[0], (typeof inputs)[0]];
  calculateCentury(one.input); // warm-up
  const engineMs = timeMedian(5, () => calculateCentury(one.input));
  const engine2Ms = timeMedian(5, () => calculateCentury(two.input));
  const pipelineMs = timeMedian(5, () => planCenturyEnd(one.raw, 1));
  console.log(`engine, one century end of the huge campaign (median of 5): ${round(engineMs)} ms`);
  console.log(`engine on twice that campaign: ${round(engine2Ms)} ms, ratio ${round(engine2Ms / engineMs)}`);
  console.log(`reading + validation + engine + plan of the sheets (median of 5): ${round(pipelineMs)} ms`);
  return { engineMs, scaling: engine2Ms / engineMs, pipelineMs };
}

async function writeCampaignFile(tables: Record<string, Rows>, file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(tables)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  await wb.xlsx.writeFile(file);
}

function timeProcess(args: string[]): number {
  const t = now();
  execFileSync(process.execPath, args, { stdio: "pipe", cwd: root });
  return now() - t;
}

async function cliFigures(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-bench-"));
  try {
    const file = path.join(dir, "huge.xlsx");
    await writeCampaignFile(huge(1), file);
    const bare = `const E=require(${JSON.stringify(require.resolve("exceljs"))});(async()=>{const w=new E.Workbook();await w.xlsx.readFile(process.argv[1]);await w.xlsx.writeFile(process.argv[2]);})()`;
    const cli = path.join(root, "bin", "gods.js");
    const bareTimes: number[] = [];
    const cliTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      bareTimes.push(timeProcess(["-e", bare, file, path.join(dir, "bare.xlsx")]));
      cliTimes.push(timeProcess([cli, "century-end", file, "--century", "1", "--out", path.join(dir, "out.xlsx")]));
    }
    const size = fs.statSync(file).size / 1024 / 1024;
    console.log(`huge campaign as .xlsx: ${round(size)} MB`);
    console.log(`bare exceljs read + write of it (median of 3, own process): ${round(median(bareTimes) / 1000)} s`);
    console.log(`gods century-end on it (median of 3, own process): ${round(median(cliTimes) / 1000)} s`);
    return median(cliTimes) / median(bareTimes);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A campaign whose Deaths log has a million rows, as an .xlsx file: the hand-worked tables as
 * plain sheets, with the Deaths sheet's XML written directly (exceljs would need minutes and
 * gigabytes to write it).
 */
async function millionDeathsFile(file: string): Promise<void> {
  await writeXlsx(handWorked(), file);
  const pkg = openPackage(new Uint8Array(fs.readFileSync(file)), file);
  const order = Object.keys(handWorked());
  const part = `xl/worksheets/sheet${order.indexOf("Deaths") + 1}.xml`;
  const causes = ["war", "plague", "fire", "water", "famine"];
  const rows: string[] = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Century</t></is></c><c r="B1" t="inlineStr"><is><t>Cause</t></is></c><c r="C1" t="inlineStr"><is><t>Units</t></is></c></row>',
  ];
  for (let r = 2; r <= 1_000_001; r++)
    rows.push(
      `<row r="${r}"><c r="A${r}"><v>1</v></c><c r="B${r}" t="inlineStr"><is><t>${String(causes[r % 5])}</t></is></c><c r="C${r}"><v>${1 + (r % 4)}</v></c></row>`,
    );
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join("")}</sheetData></worksheet>`;
  const parts = new Map(pkg.parts);
  parts.set(part, new TextEncoder().encode(xml));
  fs.writeFileSync(file, savePackage(parts));
}

/** `gods century-end` on the million-row Deaths log, in its own process: seconds and peak memory. */
async function millionDeathsFigures(): Promise<{ seconds: number; mb: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-million-"));
  try {
    const file = path.join(dir, "million.xlsx");
    await millionDeathsFile(file);
    const main = path.join(root, "build", "cli", "main.js");
    const script = `require(${JSON.stringify(main)}).main(["century-end", process.argv[1], "--century", "1", "--json"], { out: () => undefined, err: (t) => process.stderr.write(t + "\\n") }).then((code) => process.stdout.write(JSON.stringify({ code, maxRSS: process.resourceUsage().maxRSS })))`;
    const t = now();
    const out = JSON.parse(execFileSync(process.execPath, ["-e", script, file], { encoding: "utf8", maxBuffer: 1 << 20 })) as { code: number; maxRSS: number };
    const seconds = (now() - t) / 1000;
    const mb = out.maxRSS / 1024;
    console.log(
      `gods century-end with a 1,000,000-row Deaths log (${round(fs.statSync(file).size / 1024 / 1024)} MB file): ${round(seconds)} s, peak memory ${round(mb, 0)} MB, exit ${out.code}`,
    );
    return { seconds: round(seconds), mb: round(mb, 0) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function memoryBook(tables: Record<string, readonly (readonly unknown[])[]>): MemoryWorkbook {
  const book = new MemoryWorkbook();
  for (const [name, rows] of Object.entries(tables)) book.put(name, rows as (string | number | boolean | null)[][], { table: name });
  return book;
}

async function syncFigures(): Promise<{ example: number; huge: number }> {
  const example: Record<string, unknown[][]> = {};
  for (const spec of INPUT_TABLES) example[spec.name] = [spec.columns.map((c) => c.header), ...(EXAMPLE_CAMPAIGN[spec.name] ?? []).map((r) => [...r])];
  const small = new MemoryExcel(memoryBook(example));
  await endCentury(small.run, 1);
  const big = new MemoryExcel(memoryBook(huge(1)));
  await endCentury(big.run, 1);
  console.log(`context.sync calls for one century end through the Office.js adapter: example ${small.syncs}, huge ${big.syncs}`);
  return { example: small.syncs, huge: big.syncs };
}

/**
 * What Excel itself would receive, measured by Microsoft's own Excel client library (Office.js in
 * Node, answered by the in-memory workbook): the largest request of a century end on the huge
 * campaign, and every request of one on a campaign of 20 gods and 40 races.
 */
async function excelRequestFigures(): Promise<{
  maxKb: number;
  responseMaxKb: number;
  sessionKb: number;
  sessionSyncs: number;
  hugeSyncs: number;
  hugeTotalMb: number;
}> {
  const kb = (bytes: number) => round(bytes / 1024, 1);
  const big = new RealExcel(memoryWorkbook(huge(1)));
  await endCentury(big.run, 1);
  const maxBytes = Math.max(...big.requests.map((r) => r.bytes));
  // What Excel answers: the reads of the huge campaign's 100,000 Deaths rows come in windows.
  const maxResponse = Math.max(...big.requests.map((r) => r.responseBytes));
  const hugeTotal = big.requests.reduce((sum, r) => sum + r.bytes, 0);
  const session = new RealExcel(memoryWorkbook(sized(20, 40)));
  await endCentury(session.run, 1);
  const sessionBytes = session.requests.reduce((sum, r) => sum + r.bytes, 0);
  console.log(
    `Excel requests, huge campaign's century end: ${big.requests.map((r) => `${kb(r.bytes)} KB`).join(", ")} (largest ${kb(maxBytes)} KB; ${big.syncs} round trips)`,
  );
  console.log(
    `Excel's answers, huge campaign's century end: ${big.requests.map((r) => `${kb(r.responseBytes)} KB`).join(", ")} (largest ${kb(maxResponse)} KB)`,
  );
  console.log(
    `Excel requests, 20 gods and 40 races: ${session.requests.map((r) => `${kb(r.bytes)} KB`).join(", ")} (all ${kb(sessionBytes)} KB; ${session.syncs} round trips)`,
  );
  return {
    maxKb: kb(maxBytes),
    responseMaxKb: kb(maxResponse),
    sessionKb: kb(sessionBytes),
    sessionSyncs: session.syncs,
    hugeSyncs: big.syncs,
    hugeTotalMb: round(hugeTotal / 1024 / 1024),
  };
}

function perCall(name: string, f: () => unknown, calls = 1_000_000): number {
  for (let i = 0; i < 20_000; i++) f();
  const t = now();
  for (let i = 0; i < calls; i++) f();
  const us = ((now() - t) * 1000) / calls;
  console.log(`${name}: ${round(us, 3)} µs a call (${calls.toLocaleString("en")} calls)`);
  return round(us, 3);
}

function functionFigures(): Record<string, number> {
  const codes = [["F-2, W/2, X-1, A+1, E*2"]];
  return {
    TOLL: perCall("GODS.TOLL(7)", () => fns.toll(7)),
    GROWTH: perCall("GODS.GROWTH(10)", () => fns.growth(10)),
    WARCASUALTIES: perCall("GODS.WARCASUALTIES(43, 8, 2)", () => fns.warcasualties(43, 8, 2)),
    RESIST: perCall('GODS.RESIST(10, "F", "F-2, W/2, X-1, A+1, E*2")', () => fns.resist(10, "F", codes)),
  };
}

function bundleFigures(): { functions: number; taskpane: number } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "gods-bundle-"));
  try {
    execFileSync(process.execPath, [path.join(root, "node_modules", "webpack", "bin", "webpack.js"), "--mode", "production", "--output-path", out], {
      cwd: root,
      stdio: "pipe",
    });
    const kb = (f: string) => (fs.existsSync(path.join(out, f)) ? fs.statSync(path.join(out, f)).size / 1024 : 0);
    const functions = round(kb("functions.js"));
    // The pane's bundle holds the ribbon command too.
    const taskpane = round(kb("taskpane.js"));
    console.log(`minified bundles: functions ${functions} KB, task pane ${taskpane} KB`);
    return { functions, taskpane };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function bench(): Promise<void> {
  console.log(`Benchmark on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  const engine = engineFigures();
  const cliVsIo = await cliFigures();
  console.log(`gods century-end / bare exceljs I/O: ${round(cliVsIo)}`);
  const million = await millionDeathsFigures();
  const syncs = await syncFigures();
  const excel = await excelRequestFigures();
  const fnUs = functionFigures();
  const bundles = bundleFigures();
  console.log(
    JSON.stringify({
      engine_ms: round(engine.engineMs),
      engine_scaling: round(engine.scaling),
      cli_vs_io: round(cliVsIo),
      cli_1m_deaths_s: million.seconds,
      cli_1m_deaths_mb: million.mb,
      syncs: Math.max(syncs.example, syncs.huge),
      excel_request_kb_max: excel.maxKb,
      excel_response_kb_max: excel.responseMaxKb,
      excel_session_kb: excel.sessionKb,
      excel_syncs_session: excel.sessionSyncs,
      excel_syncs_huge: excel.hugeSyncs,
      excel_huge_total_mb: excel.hugeTotalMb,
      fn_us: fnUs,
      bundle_kb: bundles,
    }),
  );
}

bench().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
