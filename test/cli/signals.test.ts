/**
 * A gods command stopped by Ctrl+C (SIGINT) or a kill (SIGTERM) while it is busy: it ends within a
 * second, leaves the workbook as it was, and leaves no lock folder nor unfinished copy beside it.
 * Run as a gamemaster runs it: node bin/gods.js, a process of its own.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { bigDeathsLog } from "../support/campaigns";

const GODS = path.join(__dirname, "..", "..", "bin", "gods.js");
let dir: string;
let big: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-signals-"));
  big = path.join(dir, "million.xlsx");
  // A Deaths log of a million rows: its century end and packet take seconds.
  await bigDeathsLog(big);
}, 120_000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs gods, sends `signal` once it has been working `after` ms, and tells how it ended and how long after the signal. */
function stopped(args: string[], signal: NodeJS.Signals, after: number): Promise<{ code: number | null; ms: number; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [GODS, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    let sent = 0;
    const timer = setTimeout(() => {
      sent = Date.now();
      child.kill(signal);
    }, after);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, ms: sent === 0 ? -1 : Date.now() - sent, err });
    });
  });
}

describe("a command stopped while it works", () => {
  test.each([
    // (Each takes over three seconds here.)
    ["century-end", "SIGTERM", 143, 800],
    ["packet", "SIGINT", 130, 800],
  ] as const)(
    "gods %s, sent %s: ends within a second, the workbook as it was, no lock and no unfinished copy",
    async (command, signal, exit, after) => {
      const file = path.join(dir, `${command}.xlsx`);
      fs.copyFileSync(big, file);
      const before = fs.readFileSync(file);
      const args = command === "century-end" ? [command, file, "--century", "1", "--accept-warnings"] : [command, file];
      const r = await stopped(args, signal, after);
      // Stopped while it worked, not after it finished.
      expect(r.ms).toBeGreaterThanOrEqual(0);
      expect(r.code).toBe(exit);
      expect(r.ms).toBeLessThan(1000);
      expect(r.err).toContain(`gods: stopped (${signal}); the workbook was left as it was.`);
      expect(fs.readFileSync(file).equals(before)).toBe(true);
      expect(fs.readdirSync(dir).filter((n) => n.startsWith(path.basename(file)) && n !== path.basename(file))).toEqual([]);
    },
    60_000,
  );
});
