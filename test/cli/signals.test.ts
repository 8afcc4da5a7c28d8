/**
 * A gods command stopped by Ctrl+C (SIGINT) or a kill (SIGTERM) while it is busy: it ends within a
 * second, leaves the workbook as it was, and leaves no lock folder nor unfinished copy beside it.
 * Run as a gamemaster runs it: node bin/gods.js, a process of its own.
 */
import { spawn, spawnSync } from "child_process";
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
    // (Each takes over five seconds here.) The signal comes once the command is at work: while its
    // thread is still loading the code (the first half second alone, longer on a loaded machine)
    // it cannot be stopped at once, and that moment is the next test's, for the lock alone.
    ["century-end", "SIGTERM", 143, 1500],
    ["packet", "SIGINT", 130, 1500],
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

describe("a command stopped at any moment, from its start to its end", () => {
  test("no lock folder is left, whenever the signal comes: the next command does not wait", async () => {
    const file = path.join(dir, "example.xlsx");
    const init = spawnSync(process.execPath, [GODS, "init", file, "--example"]);
    expect(init.status).toBe(0);
    const before = fs.readFileSync(file);
    // From before the command has loaded to after it has written: a signal while the lock is
    // being taken once left its folder behind, and the next command waited 30 s for it.
    for (const after of [50, 150, 250, 350, 450, 600, 800, 1000, 1300]) {
      fs.writeFileSync(file, before);
      const r = await stopped(["century-end", file, "--century", "1", "--accept-warnings"], "SIGTERM", after);
      // Stopped (143), done before the signal came (0), or ended by it before gods had begun (no code): never anything else.
      expect({ after, code: [0, 143, null].includes(r.code) }).toEqual({ after, code: true });
      expect({ after, left: fs.readdirSync(dir).filter((n) => n.startsWith("example.xlsx") && n !== "example.xlsx") }).toEqual({ after, left: [] });
      // The workbook as it was, or, when the signal came after the new copy was renamed into place, the complete one.
      if (r.code !== 0 && !fs.readFileSync(file).equals(before)) {
        const check = spawnSync(process.execPath, [GODS, "century-end", file, "--century", "2", "--dry-run"]);
        expect({ after, check: [0, 3].includes(check.status ?? -1) }).toEqual({ after, check: true });
      }
    }
    const next = spawnSync(process.execPath, [GODS, "century-end", file, "--century", "1", "--accept-warnings"], { encoding: "utf8" });
    expect(next.stderr).not.toContain("waiting");
  }, 120_000);
});
