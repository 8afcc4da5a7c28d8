/**
 * What lies beside the campaign file: Excel's or LibreOffice's mark that it is open there, the
 * lock and temporary files of a run that was stopped, a read-only folder; and what is not a
 * file at all. Each is answered in one line, and the workbook is left as it was when refused.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as lockfile from "proper-lockfile";
import { handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { readFile, withLock, writeFile } from "../../src/cli/campaignFile";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-safety-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function campaign(name: string, folder = dir): Promise<string> {
  const file = path.join(folder, name);
  await writeXlsx(handWorked(), file);
  return file;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter((l) => l !== "");

describe("open in another program", () => {
  test("LibreOffice's lock file beside it: refused naming the program, who holds it, and how to clear a stale one", async () => {
    const file = await campaign("lo.xlsx");
    // A control character in the lock file is not echoed raw.
    fs.writeFileSync(path.join(dir, ".~lock.lo.xlsx#"), "Ann Smith,ann,ghost-pc\u001b[2J,24.11.2026 03:00,file:///home/ann/.config/libreoffice/4;");
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toContain(
      "lo.xlsx is open in LibreOffice (by ann on ghost-pc [2J since 24.11.2026 03:00), so it was left as it is: LibreOffice would write its own copy over this change when it next saves. Close the workbook there first, then run the command again.",
    );
    expect(r.err).toContain("If LibreOffice is not running any more (after a crash), delete the lock file .~lock.lo.xlsx# beside the workbook and try again.");
    expect(r.err).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test("Excel's owner file beside it: refused naming Excel and the user it holds", async () => {
    const file = await campaign("xl.xlsx");
    const owner = Buffer.alloc(165);
    owner[0] = 3;
    owner.write("bob", 1, "latin1");
    fs.writeFileSync(path.join(dir, "~$xl.xlsx"), owner);
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(lines(r.err)).toEqual([
      "gods century-end: xl.xlsx is open in Excel (by bob), so it was left as it is: Excel would write its own copy over this change when it next saves. Close the workbook there first, then run the command again. If Excel is not running any more (after a crash), delete the lock file ~$xl.xlsx beside the workbook and try again.",
    ]);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test("the output named by --out is the one checked: a campaign open elsewhere may still be written to another file", async () => {
    const file = await campaign("shown.xlsx");
    fs.writeFileSync(path.join(dir, ".~lock.shown.xlsx#"), "Ann,ann,pc,now,x;");
    const out = path.join(dir, "shown-out.xlsx");
    expect((await gods("century-end", file, "--century", "1", "--out", out)).code).toBe(0);
    fs.writeFileSync(path.join(dir, ".~lock.shown-out.xlsx#"), "Ann,ann,pc,now,x;");
    const r = await gods("century-end", file, "--century", "1", "--out", out);
    expect(r.code).toBe(2);
    expect(r.err).toContain("shown-out.xlsx is open in LibreOffice");
  });
});

describe("what a stopped run left behind", () => {
  test("a lock left by a stopped run is removed, saying so in one line, and the run goes on", async () => {
    const file = await campaign("stale.xlsx");
    fs.mkdirSync(`${file}.lock`);
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(`${file}.lock`, old, old);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(0);
    expect(lines(r.err)).toEqual(["gods century-end: Removed stale.xlsx.lock, a lock left by a gods command that was stopped before it finished."]);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test("unfinished temporary files are removed, each in one line; complete copies and short suffixes stay", async () => {
    const file = await campaign("temps.xlsx");
    const whole = fs.readFileSync(file);
    const ours = `${file}.0123456789abcdef.tmp`;
    const older = `${file}.3735928559`;
    const copy = `${file}.1234567890`;
    const backup = `${file}.2026`;
    fs.writeFileSync(ours, whole.subarray(0, 100));
    fs.writeFileSync(older, whole.subarray(0, 100));
    fs.writeFileSync(copy, whole);
    fs.writeFileSync(backup, whole.subarray(0, 100));
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(0);
    expect(lines(r.err).sort()).toEqual([
      "gods century-end: Removed temps.xlsx.0123456789abcdef.tmp, an unfinished copy left by a gods command that was stopped before it finished.",
      "gods century-end: Removed temps.xlsx.3735928559, an unfinished copy left by a gods command that was stopped before it finished.",
    ]);
    expect([ours, older, copy, backup].map((f) => fs.existsSync(f))).toEqual([false, false, true, true]);
  });

  test("a successful run leaves nothing beside the file", async () => {
    const file = await campaign("clean.xlsx");
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("clean.xlsx") && f !== "clean.xlsx")).toEqual([]);
  });
});

describe("the lock", () => {
  test("a run that finds the campaign locked says once that it waits, then goes on", async () => {
    const file = await campaign("wait.xlsx");
    const release = await lockfile.lock(file, { realpath: false });
    const run = gods("century-end", file, "--century", "1");
    await sleep(700);
    await release();
    const r = await run;
    expect(r.code).toBe(0);
    expect(lines(r.err)).toEqual(["gods century-end: another gods command is working on wait.xlsx; waiting for it to finish…"]);
  });

  test("a caller may be told of the wait by a function of its own, once", async () => {
    const file = await campaign("told.xlsx");
    const release = await lockfile.lock(file, { realpath: false });
    let told = 0;
    const done = withLock(
      file,
      () => Promise.resolve("done"),
      () => told++,
    );
    await sleep(700);
    await release();
    expect(await done).toBe("done");
    expect(told).toBe(1);
  });

  test("a run longer than the stale time keeps its lock by refreshing it, and writes", async () => {
    const file = await campaign("long.xlsx");
    const read = readFile(file);
    await withLock(
      file,
      async () => {
        await sleep(4_500);
        // Another run would find the lock fresh, though it was taken over twice the stale time ago.
        expect(await lockfile.check(file, { realpath: false, stale: 2_000 })).toBe(true);
        await writeFile(file, read.bytes, read);
      },
      // The shortest times proper-lockfile allows.
      { staleMs: 2_000, updateMs: 1_000 },
    );
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test("a run whose lock was taken away does not write", async () => {
    const file = await campaign("lost.xlsx");
    const read = readFile(file);
    const done = withLock(
      file,
      async () => {
        fs.rmSync(`${file}.lock`, { recursive: true });
        await sleep(1_500);
        await writeFile(file, new Uint8Array([1, 2, 3]), read);
      },
      { staleMs: 2_000, updateMs: 1_000 },
    );
    await expect(done).rejects.toThrow(
      "the lock on lost.xlsx was lost while working (its lock folder was removed), so this result was not written. Run the command again.",
    );
    expect(fs.readFileSync(file).equals(read.bytes)).toBe(true);
  });
});

describe("a lock taken over", () => {
  test("a run whose lock another run took over while it was busy does not write, and leaves the other's lock", async () => {
    const file = await campaign("taken.xlsx");
    const read = readFile(file);
    const done = withLock(file, async () => {
      // No timer runs between these steps, as in a long synchronous step: only the folder tells.
      fs.rmSync(`${file}.lock`, { recursive: true });
      fs.writeFileSync(path.join(dir, "spacer"), "a new inode in between");
      fs.mkdirSync(`${file}.lock`);
      await writeFile(file, new Uint8Array([1, 2, 3]), read);
    });
    await expect(done).rejects.toThrow(
      "the lock on taken.xlsx was lost while working (another gods command took it over), so this result was not written. Run the command again.",
    );
    expect(fs.readFileSync(file).equals(read.bytes)).toBe(true);
    expect(fs.existsSync(`${file}.lock`)).toBe(true);
    fs.rmSync(`${file}.lock`, { recursive: true });
  });
});

describe("what is not a file", () => {
  test("a named pipe is called what it is, not a folder, and nothing waits on it", async () => {
    const fifo = path.join(dir, "pipe.xlsx");
    execFileSync("mkfifo", [fifo]);
    const r = await gods("century-end", fifo, "--century", "1");
    expect(r.code).toBe(2);
    expect(lines(r.err)).toEqual([`gods century-end: ${fifo} is not a regular file (it is a named pipe), so it is not a workbook file.`]);
    const out = await gods("century-end", await campaign("to-pipe.xlsx"), "--century", "1", "--out", fifo);
    expect(out.code).toBe(2);
    expect(out.err).toContain("is not a regular file (it is a named pipe)");
  });
});
