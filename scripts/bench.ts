/**
 * `npm run bench`: figures for the biggest campaign we plan for, on this machine. Prints one line
 * per figure, then a JSON object with all of them on the last line. Not a test: nothing here
 * passes or fails.
 */
import { execFileSync } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { calculateCentury } from "../src/engine/century";
import { readCampaign } from "../src/workbook/read/campaign";
import { centuryInput, planCenturyEnd } from "../src/workbook/actions/centuryEnd";
import { EXAMPLE_CAMPAIGN } from "../src/workbook/xlsx/example";
import { INPUT_TABLES } from "../src/workbook/model/schema";
import { creditEvent, endCentury } from "../src/workbook/office/actions";
import { writePacket } from "../src/workbook/office/between";
import { main as gods } from "../src/cli/main";
import { describeProblem } from "../src/workbook/model/problems";
import { generatedTitle } from "../src/workbook/model/schema";
import { isErrorCell, type RawCell } from "../src/workbook/model/raw";
import { readPackage } from "../src/workbook/xlsx/package/read";
import * as fns from "../src/functions/functions";
import { bigDeathsLog, huge, memoryWorkbook, rawWorkbook, sized, writeXlsx, type Rows } from "../test/support/campaigns";
import { openPackage } from "../src/workbook/xlsx/package/zip";
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
 * The floor for reading a file: unzipping it (fflate) and scanning every XML part once with
 * saxes, doing nothing with what is read, in a process of its own: milliseconds.
 */
function floorMs(file: string): number {
  const script = `const fs=require("fs");const {unzipSync}=require(${JSON.stringify(require.resolve("fflate"))});const {SaxesParser}=require(${JSON.stringify(require.resolve("saxes"))});
const t=performance.now();const files=unzipSync(fs.readFileSync(process.argv[1]));
for(const [n,b] of Object.entries(files)){if(!/\\.(xml|rels)$/.test(n))continue;const p=new SaxesParser({xmlns:false,position:false});const d=new TextDecoder();for(let i=0;i<b.length;i+=1<<20)p.write(d.decode(b.subarray(i,i+(1<<20)),{stream:true}));p.close();}
process.stdout.write(String(performance.now()-t));`;
  const t = now();
  execFileSync(process.execPath, ["-e", script, file], { encoding: "utf8" });
  return now() - t;
}

/** `gods century-end` on the million-row Deaths log, in its own process: seconds and peak memory, and its time ÷ the floor's. */
async function millionDeathsFigures(): Promise<{ seconds: number; mb: number; vsFloor: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-million-"));
  try {
    const file = path.join(dir, "million.xlsx");
    await bigDeathsLog(file);
    const main = path.join(root, "build", "cli", "main.js");
    const script = `require(${JSON.stringify(main)}).main(["century-end", process.argv[1], "--century", "1", "--json", "--accept-warnings"], { out: () => undefined, err: (t) => process.stderr.write(t + "\\n") }).then((code) => process.stdout.write(JSON.stringify({ code, maxRSS: process.resourceUsage().maxRSS })))`;
    const t = now();
    const out = JSON.parse(execFileSync(process.execPath, ["-e", script, file], { encoding: "utf8", maxBuffer: 1 << 20 })) as { code: number; maxRSS: number };
    const seconds = (now() - t) / 1000;
    const mb = out.maxRSS / 1024;
    // The same file, the same run: the gods command as a gamemaster runs it, against the floor.
    const cli = path.join(root, "bin", "gods.js");
    const own = median(
      [0, 1, 2].map(() => timeProcess([cli, "century-end", file, "--century", "1", "--accept-warnings", "--out", path.join(dir, "out.xlsx")])),
    );
    const floor = median([0, 1, 2].map(() => floorMs(file)));
    console.log(
      `gods century-end with a 1,000,000-row Deaths log (${round(fs.statSync(file).size / 1024 / 1024)} MB file): ${round(seconds)} s, peak memory ${round(mb, 0)} MB, exit ${out.code}`,
    );
    console.log(
      `the same file unzipped and every XML part scanned once with saxes (the floor), median of 3: ${round(floor / 1000)} s; gods century-end as run, median of 3: ${round(own / 1000)} s; ratio ${round(own / floor)}`,
    );
    return { seconds: round(seconds), mb: round(mb, 0), vsFloor: round(own / floor) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- At size: a long campaign and a wide one -------------------------------------------------

const quiet = { out: (): void => undefined, err: (): void => undefined };

/** A fingerprint of the code under src/: a long campaign played by this code is kept for the next run. */
function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hash.update(path.relative(root, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(path.join(root, "src"));
  return hash.digest("hex").slice(0, 12);
}

/** The long campaign's campaign: 12 characters and 8 races (each with a Limit, so growth stays bounded), three events. */
function longTables(): Record<string, Rows> {
  const t = sized(12, 8);
  t.Races = (t.Races ?? []).map((r, i) => [...r, i === 0 ? "Limit" : Number(r[1]) + 20]);
  t.Sources?.push(
    ["Sphere 0", "Feast", "count", 1, "no", null, "event"],
    ["Sphere 1", "Omen", "count", 0.5, "yes", null, "event"],
    ["Sphere 2", "Duel", "count", 2, "no", null, "event"],
  );
  return t;
}

const LONG = 200;

/**
 * A long campaign played through the command line, century by century: each century a growth,
 * three events and its end. Its files at 10 and at 200 centuries are kept in build-bench/ while
 * the code under src/ is the same (playing it takes minutes).
 */
async function longCampaign(): Promise<{ at10: string; at200: string }> {
  const dir = path.join(root, "build-bench", `long-${sourceFingerprint()}`);
  const at10 = path.join(dir, "c10.xlsx");
  const at200 = path.join(dir, `c${LONG}.xlsx`);
  if (fs.existsSync(at10) && fs.existsSync(at200)) return { at10, at200 };
  for (const old of fs.readdirSync(path.join(root, "build-bench")).filter((n) => n.startsWith("long-")))
    fs.rmSync(path.join(root, "build-bench", old), { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "playing.xlsx");
  await writeXlsx(longTables(), file);
  const t = now();
  for (let c = 1; c <= LONG; c++) {
    for (const args of [
      ["growth", file],
      ["event", file, "Feast"],
      ["event", file, "Omen"],
      ["event", file, "Duel"],
    ])
      await gods(args, quiet);
    const code = await gods(["century-end", file, "--century", String(c), "--accept-warnings"], quiet);
    if (code !== 0) throw new Error(`the long campaign's century ${c} did not end (exit ${code})`);
    if (c === 10) fs.copyFileSync(file, at10);
    if (c % 50 === 0) console.log(`  playing the long campaign: century ${c} of ${LONG} (${round((now() - t) / 1000, 0)} s)`);
  }
  fs.renameSync(file, at200);
  return { at10, at200 };
}

/** A command on a file as a gamemaster runs it (node bin/gods.js, its own process): median of 3 wall-clock ms. */
function commandMs(args: readonly string[]): number {
  const cli = path.join(root, "bin", "gods.js");
  return median([0, 1, 2].map(() => timeProcess([cli, ...args])));
}

/** A command's peak memory in MB (its code in a process of its own, without the worker thread of bin/gods.js). */
function commandMb(args: readonly string[]): number {
  const main = path.join(root, "build", "cli", "main.js");
  const script = `require(${JSON.stringify(main)}).main(JSON.parse(process.argv[1]), { out: () => undefined, err: () => undefined }).then(() => process.stdout.write(String(process.resourceUsage().maxRSS)))`;
  return round(Number(execFileSync(process.execPath, ["-e", script, JSON.stringify(args)], { encoding: "utf8" })) / 1024, 0);
}

/**
 * The bytes a command wrote anew: of each part it changed, what the part holds that the part
 * before did not, counted tag by tag (a row kept where it was costs nothing, wherever it moved
 * to), plus each new part whole.
 */
function bytesWritten(before: string, after: string): number {
  const a = openPackage(new Uint8Array(fs.readFileSync(before)), before);
  const b = openPackage(new Uint8Array(fs.readFileSync(after)), after);
  let total = 0;
  for (const name of b.parts.keys()) {
    const was = a.parts.get(name);
    const now = b.parts.get(name) as Uint8Array;
    if (was !== undefined && Buffer.from(was).equals(Buffer.from(now))) continue;
    const tokens = (bytes: Uint8Array | undefined) => (bytes === undefined ? [] : new TextDecoder().decode(bytes).split("<"));
    const left = new Map<string, number>();
    for (const t of tokens(was)) left.set(t, (left.get(t) ?? 0) + 1);
    for (const t of tokens(now)) {
      const n = left.get(t) ?? 0;
      if (n > 0) left.set(t, n - 1);
      else total += t.length + 1;
    }
  }
  return total;
}

/** A workbook file as the in-memory Excel: its tables, the add-in's sheets it reads, the others by their titles, the book's head. */
function memoryOf(file: string): MemoryWorkbook {
  const raw = readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file));
  const book = new MemoryWorkbook();
  const value = (c: RawCell | undefined): string | number | boolean | null => (c === undefined ? null : isErrorCell(c) ? c.error : c);
  const grid = (rows: readonly (readonly RawCell[])[]) => {
    const width = Math.max(1, ...rows.map((r) => r.length));
    return rows.map((r) => Array.from({ length: width }, (_, i) => value(r[i] ?? null)));
  };
  const tables = [...raw.tables.values()];
  for (const name of raw.sheetNames) {
    const table = tables.find((t) => t.sheet === name);
    if (table !== undefined) book.put(name, grid([table.headers, ...table.rows]), table.isTable ? { table: table.name } : {});
    else book.put(name, grid(raw.generatedCells?.get(name) ?? [[generatedTitle(name) ?? null]]));
  }
  if (raw.bookHead !== undefined) book.names.set("godsbook", { name: "GodsBook", formula: raw.bookHead, visible: false });
  return book;
}

/** The largest request and answer, in KB, of what `act` sends Excel through Microsoft's own client library. */
async function excelSizes(
  book: MemoryWorkbook,
  act: (excel: RealExcel) => Promise<unknown>,
): Promise<{ requestKb: number; responseKb: number; syncs: number }> {
  const excel = new RealExcel(book);
  await act(excel);
  const kb = (n: number) => round(n / 1024, 1);
  return {
    requestKb: kb(Math.max(...excel.requests.map((r) => r.bytes))),
    responseKb: kb(Math.max(...excel.requests.map((r) => r.responseBytes))),
    syncs: excel.syncs,
  };
}

/** A century end inside Excel, its warnings accepted as the gamemaster would after reading them. */
async function endCenturyAccepted(excel: RealExcel, century: number): Promise<void> {
  const first = await endCentury(excel.run, century);
  if ((first.unaccepted ?? []).length > 0) await endCentury(excel.run, century, { accepted: (first.unaccepted ?? []).map(describeProblem) });
}

interface SizeFigures {
  longCenturyEndRatio: number;
  bytesPerCredit10: number;
  bytesPerCredit200: number;
  widePacketVsCenturyEnd: number;
  longExcelRequestKbMax: number;
  longExcelResponseKbMax: number;
  wideExcelRequestKbMax: number;
  wideExcelResponseKbMax: number;
}

async function sizeFigures(): Promise<SizeFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "gods-size-"));
  try {
    const { at10, at200 } = await longCampaign();
    const long: Record<number, { end: number; event: number; packet: number; mb: number; bytes: number }> = {};
    for (const [centuries, file] of [
      [10, at10],
      [LONG, at200],
    ] as const) {
      const out = path.join(work, "out.xlsx");
      const next = String(centuries + 1);
      const end = commandMs(["century-end", file, "--century", next, "--accept-warnings", "--out", out]);
      const mb = commandMb(["century-end", file, "--century", next, "--accept-warnings", "--out", out]);
      const event = commandMs(["event", file, "Feast", "--again", "--out", out]);
      const packet = commandMs(["packet", file, "--out", out]);
      if ((await gods(["event", file, "Feast", "--again", "--out", out], quiet)) !== 0) throw new Error("the long campaign's event failed");
      const bytes = bytesWritten(file, out);
      long[centuries] = { end, event, packet, mb, bytes };
      console.log(
        `long campaign at ${centuries} centuries (${round(fs.statSync(file).size / 1024 / 1024)} MB): century end ${round(end / 1000)} s (peak ${mb} MB), event ${round(event / 1000)} s, packet ${round(packet / 1000)} s; an event wrote ${bytes.toLocaleString("en")} bytes anew`,
      );
    }
    const ten = long[10] as { end: number; bytes: number };
    const most = long[LONG] as { end: number; bytes: number };
    console.log(`long campaign: century end at ${LONG} centuries ÷ at 10: ${round(most.end / ten.end)}`);

    // Inside Excel: the long campaign's next century end and an event, through Microsoft's library.
    const longEnd = await excelSizes(memoryOf(at200), (excel) => endCenturyAccepted(excel, LONG + 1));
    const longEvent = await excelSizes(memoryOf(at200), (excel) => creditEvent(excel.run, "Feast", { again: true }));
    console.log(
      `long campaign inside Excel: century end largest request ${longEnd.requestKb} KB, answer ${longEnd.responseKb} KB (${longEnd.syncs} round trips); event ${longEvent.requestKb} KB, ${longEvent.responseKb} KB (${longEvent.syncs} round trips)`,
    );

    // The wide campaign: 1,000 characters, 500 races.
    const wideFile = path.join(work, "wide.xlsx");
    await writeXlsx(sized(1000, 500), wideFile);
    const paid = path.join(work, "wide-paid.xlsx");
    const wideEnd = commandMs(["century-end", wideFile, "--century", "1", "--accept-warnings", "--out", paid]);
    const wideEndMb = commandMb(["century-end", wideFile, "--century", "1", "--accept-warnings", "--out", paid]);
    const widePacket = commandMs(["packet", paid, "--out", path.join(work, "wide-packet.xlsx")]);
    const widePacketMb = commandMb(["packet", paid, "--out", path.join(work, "wide-packet.xlsx")]);
    console.log(
      `wide campaign (1,000 characters, 500 races): century end ${round(wideEnd / 1000)} s (peak ${wideEndMb} MB), packet ${round(widePacket / 1000)} s (peak ${widePacketMb} MB); packet ÷ century end ${round(widePacket / wideEnd)}`,
    );
    const wideBook = memoryWorkbook(sized(1000, 500));
    const wideExcelEnd = await excelSizes(wideBook, (excel) => endCenturyAccepted(excel, 1));
    const wideExcelPacket = await excelSizes(wideBook, (excel) => writePacket(excel.run));
    console.log(
      `wide campaign inside Excel: century end largest request ${wideExcelEnd.requestKb} KB, answer ${wideExcelEnd.responseKb} KB (${wideExcelEnd.syncs} round trips); packet ${wideExcelPacket.requestKb} KB, ${wideExcelPacket.responseKb} KB (${wideExcelPacket.syncs} round trips)`,
    );
    return {
      longCenturyEndRatio: round(most.end / ten.end),
      bytesPerCredit10: ten.bytes,
      bytesPerCredit200: most.bytes,
      widePacketVsCenturyEnd: round(widePacket / wideEnd),
      longExcelRequestKbMax: Math.max(longEnd.requestKb, longEvent.requestKb),
      longExcelResponseKbMax: Math.max(longEnd.responseKb, longEvent.responseKb),
      wideExcelRequestKbMax: Math.max(wideExcelEnd.requestKb, wideExcelPacket.requestKb),
      wideExcelResponseKbMax: Math.max(wideExcelEnd.responseKb, wideExcelPacket.responseKb),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
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

/** Each function that takes a range, given a whole column (1,048,576 cells): ms a call. */
function wholeColumnFigures(): Record<string, number> {
  const rows = 1_048_576;
  const column = (...values: unknown[]): unknown[][] => Array.from({ length: rows }, (_, i) => [i < values.length ? values[i] : null]);
  // The columns are Excel's to make: they are built once, before the clock starts, and each call
  // is timed alone (building two columns of a million cells takes about as long as a call did).
  const names = column("Vorn", "Atheism");
  const shares = column(60, 40);
  const dice = column(6, 5, 1, 4);
  const costs = column(0.75, 2);
  const resistances = column("F-2", "X/2");
  const limits = column(3, 1, 0);
  const calls: Record<string, () => unknown> = {
    CULT: (): unknown => fns.cult(names as never, shares as never, "Vorn", 10),
    PANTHEONCHECK: (): unknown => fns.pantheoncheck(names as never, shares as never),
    DICESUCCESSES: (): unknown => fns.dicesuccesses(dice as never),
    POWERCOST: (): unknown => fns.powercost(10, costs as never),
    RESIST: (): unknown => fns.resist(10, "F", resistances as never),
    OCCUPY: (): unknown => fns.occupy("barbarian", limits as never),
  };
  const out: Record<string, number> = {};
  for (const [name, call] of Object.entries(calls)) {
    call();
    out[name] = round(timeMedian(3, call), 1);
  }
  console.log(
    `functions given a whole column (1,048,576 cells), ms a call: ${Object.entries(out)
      .map(([n, ms]) => `${n} ${ms}`)
      .join(", ")}`,
  );
  return out;
}

/** The budgets the build's tests hold the two bundles to (test/build/build.test.ts, test/browser/taskpane.test.ts). */
const FUNCTIONS_BUDGET_KIB = 40;
const PANE_BUDGET_KIB = 200;

function bundleFigures(): { functions: number; taskpane: number } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "gods-bundle-"));
  try {
    execFileSync(process.execPath, [path.join(root, "node_modules", "webpack", "bin", "webpack.js"), "--mode", "production", "--output-path", out], {
      cwd: root,
      stdio: "pipe",
    });
    const bytes = (f: string) => (fs.existsSync(path.join(out, f)) ? fs.statSync(path.join(out, f)).size : 0);
    const functions = round(bytes("functions.js") / 1024);
    // The pane's first load: its bundle, which holds the ribbon command too (each tab's cards and the tools used less often load later).
    const taskpane = round(bytes("taskpane.js") / 1024);
    const later = fs
      .readdirSync(out)
      .filter((f) => f.endsWith(".js") && f !== "functions.js" && f !== "taskpane.js")
      .map((f) => `${f.replace(/\.js$/, "")} ${round(bytes(f) / 1024)}`)
      .join(", ");
    console.log(
      `minified bundles: functions ${bytes("functions.js").toLocaleString("en")} bytes (${functions} KiB, budget ${FUNCTIONS_BUDGET_KIB} KiB), the pane's first load ${bytes("taskpane.js").toLocaleString("en")} bytes (${taskpane} KiB, budget ${PANE_BUDGET_KIB} KiB); loaded later, KiB: ${later}`,
    );
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
  const wholeColumn = wholeColumnFigures();
  const bundles = bundleFigures();
  const size = await sizeFigures();
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
      fn_whole_column_ms: wholeColumn,
      bundle_kb: bundles,
      long_century_end_ratio: size.longCenturyEndRatio,
      bytes_per_credit_10: size.bytesPerCredit10,
      bytes_per_credit_200: size.bytesPerCredit200,
      wide_packet_vs_century_end: size.widePacketVsCenturyEnd,
      long_excel_request_kb_max: size.longExcelRequestKbMax,
      long_excel_response_kb_max: size.longExcelResponseKbMax,
      wide_excel_request_kb_max: size.wideExcelRequestKbMax,
      wide_excel_response_kb_max: size.wideExcelResponseKbMax,
      million_vs_floor: million.vsFloor,
      pane_first_load_kb: bundles.taskpane,
    }),
  );
}

bench().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
