/**
 * The campaign file on disk, handled so that nothing is ever lost: the real file behind a link,
 * a lock that makes a second `gods` command on the same campaign wait, a refusal while Excel or
 * LibreOffice has the file open, a check that nobody changed the file between reading and
 * writing, and a write that either replaces the whole file (same mode and owner, flushed to
 * disk) or leaves it exactly as it was. What a stopped run left behind (its lock, a temporary
 * file) is cleared by the next one.
 */
import { AsyncLocalStorage } from "async_hooks";
import { createHash, randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import * as lockfile from "proper-lockfile";
import { parentPort } from "worker_threads";
import { CampaignFileError } from "./filePaths";
import { openElsewhere } from "./openElsewhere";

export { CampaignFileError, checkNotTheWorkbook, checkWritable, realFile } from "./filePaths";

/**
 * Tells the thread that runs the command (bin/gods.js) of a lock taken or given back, of an
 * unfinished copy made or gone, and of a program's process group and its working folder (the
 * PDF's LibreOffice), so that when the command is stopped (Ctrl+C, a kill) it ends and removes
 * what the command left. Told before the thing exists where its name is known beforehand.
 */
export function tell(message: {
  lock?: string;
  unlock?: string;
  temp?: string;
  untemp?: string;
  group?: number;
  ungroup?: number;
  dir?: string;
  undir?: string;
}): void {
  parentPort?.postMessage(message);
}

/** How long a second command waits for the first to finish with the same campaign. */
const LOCK_WAIT_MS = 60_000;
/**
 * A lock not refreshed for this long belongs to a run that was stopped; a run refreshes its lock
 * every UPDATE_MS while it works, so a long run keeps it.
 */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

/** The lock a run holds, as writeFile sees it: lost when it could not be refreshed in time. */
interface Held {
  lost?: string;
  /** the lock folder as taken: another run that took it over has made a new one */
  lockPath?: string;
  taken?: fs.BigIntStats;
  /** set when the folder is another run's: releasing then leaves it */
  keep?: boolean;
}
const held = new AsyncLocalStorage<Held>();

/**
 * Refuses a workbook another program has open (its lock file beside it): that program would
 * write its own copy over this change at its next save, and with it the Ledger.
 */
export function checkNotOpenElsewhere(real: string, shown = path.basename(real)): void {
  const elsewhere = openElsewhere(real, shown);
  if (elsewhere !== undefined) throw new CampaignFileError(elsewhere);
}

export interface LockOptions {
  /** the file that will be written (the campaign itself unless --out names another) */
  readonly target?: string;
  /** where a line for the gamemaster goes (a leftover cleared; waiting, unless onWait is given) */
  readonly say?: (line: string) => void;
  /** told once when the command has to wait for another one */
  readonly onWait?: () => void;
  /** for tests: how old an unrefreshed lock must be to be stale, how often it is refreshed */
  readonly staleMs?: number;
  readonly updateMs?: number;
}

const canWriteIn = (folder: string): boolean => {
  try {
    fs.accessSync(folder, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock folder's age in milliseconds, or undefined when there is none. */
function lockAge(lockPath: string): number | undefined {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The file whose lock a run takes: the campaign, or the output when the campaign's folder cannot be written. */
export function lockedFile(real: string, target: string): string {
  return target === real || canWriteIn(path.dirname(real)) ? real : target;
}

/**
 * Runs `work` while holding the campaign's lock (a folder FILE.lock beside it, refreshed while
 * the work goes on). Another gods command on the same campaign waits for it, saying so once, up
 * to a minute, then gives up saying so. When the campaign's folder cannot be written (a
 * read-only folder, with --out elsewhere), the output file is locked instead: nobody can write
 * the campaign in place there, so it is the output that two runs could both write.
 */
export async function withLock<T>(real: string, work: () => Promise<T>, given: LockOptions | (() => void) = {}): Promise<T> {
  const options: LockOptions = typeof given === "function" ? { onWait: given } : given;
  const target = options.target ?? real;
  const say = options.say ?? (() => undefined);
  const stale = options.staleMs ?? STALE_MS;
  const locked = lockedFile(real, target);
  const lockPath = `${locked}.lock`;
  const state: Held = {};
  let release: (() => Promise<void>) | undefined;
  let waited = false;
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (release === undefined) {
    const age = lockAge(lockPath);
    try {
      release = await lockfile.lock(locked, {
        realpath: false,
        stale,
        update: options.updateMs ?? UPDATE_MS,
        retries: 0,
        onCompromised: (e) => (state.lost = /ENOENT/.test(e.message) ? "its lock folder was removed" : "it could not be refreshed in time"),
        // Releasing removes the lock folder, unless another run has made it its own meanwhile.
        fs: {
          ...fs,
          // The thread that removes what a stopped run left is told of the folder before it is
          // made, not once the lock is taken: a stop between the two would leave it behind, and
          // the next command would wait for it to go stale.
          mkdir: (p: string, done: (e: NodeJS.ErrnoException | null) => void) => {
            tell({ lock: p });
            fs.mkdir(p, (e) => {
              if (e !== null) tell({ unlock: p });
              done(e);
            });
          },
          rmdir: (p: string, done: (e: Error | null) => void) => {
            if (state.keep === true) done(null);
            else fs.rmdir(p, done);
          },
        },
      });
      state.lockPath = lockPath;
      tell({ lock: lockPath });
      state.taken = fs.statSync(lockPath, { bigint: true });
      if (age !== undefined && age > stale) say(`Removed ${path.basename(lockPath)}, a lock left by a gods command that was stopped before it finished.`);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code !== "ELOCKED") {
        const reason = code === "EACCES" || code === "EPERM" || code === "EROFS" ? "its folder cannot be written" : (e as Error).message;
        throw new CampaignFileError(`${path.basename(locked)} could not be locked for writing (${reason}). Nothing was changed.`);
      }
      if (Date.now() > deadline)
        throw new CampaignFileError(
          `another gods command has been working on ${path.basename(locked)} for over a minute; wait for it to finish, then try again.`,
        );
      if (!waited)
        (
          options.onWait ??
          (() => {
            say(`another gods command is working on ${path.basename(locked)}; waiting for it to finish…`);
          })
        )();
      waited = true;
      await sleep(200);
    }
  }
  try {
    checkNotOpenElsewhere(target);
    removeLeftovers(target, say);
    return await held.run(state, work);
  } finally {
    state.keep = lockLost(state) === TAKEN_OVER;
    await release().catch(() => undefined);
    tell({ unlock: lockPath });
  }
}

/**
 * Why the lock is no longer this run's, or undefined while it is. The refresh runs on timers,
 * which a long synchronous step holds back; so the folder itself is looked at too: a run that
 * took the lock over as stale made a new one.
 */
function lockLost(state: Held | undefined): string | undefined {
  if (state === undefined) return undefined;
  if (state.lost !== undefined) return state.lost;
  if (state.lockPath === undefined || state.taken === undefined) return undefined;
  let now: fs.BigIntStats;
  try {
    now = fs.statSync(state.lockPath, { bigint: true });
  } catch {
    return "its lock folder is gone";
  }
  return now.ino === state.taken.ino && now.birthtimeNs === state.taken.birthtimeNs ? undefined : TAKEN_OVER;
}
const TAKEN_OVER = "another gods command took it over";

/** Temporary files are named FILE.<16 hex digits>.tmp beside the file they replace. */
const tempName = (target: string) => `${target}.${randomBytes(8).toString("hex")}.tmp`;
const OUR_TEMP = /^\.[0-9a-f]{16}\.tmp$/;
/** Earlier versions wrote through write-file-atomic, whose temporary files are FILE.<a 32-bit number>. */
const OLDER_TEMP = /^\.\d{7,10}$/;

/** True when the bytes end with a zip's end-of-directory record: a complete file, perhaps someone's copy. */
function looksComplete(file: string): boolean {
  try {
    const size = fs.statSync(file).size;
    if (size < 22) return false;
    const fd = fs.openSync(file, "r");
    try {
      const tail = Buffer.alloc(Math.min(size, 65_557));
      fs.readSync(fd, tail, 0, tail.length, size - tail.length);
      return tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) >= 0;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return true;
  }
}

/**
 * Removes the temporary files a stopped run left beside the file (under the lock, no other run
 * is writing one), saying so in a line. An older-style name is removed only when the file is
 * unfinished, so that a copy someone named FILE.2026 stays.
 */
function removeLeftovers(target: string, say: (line: string) => void): void {
  const folder = path.dirname(target);
  const name = path.basename(target);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return;
  }
  for (const other of names) {
    if (!other.startsWith(name)) continue;
    const rest = other.slice(name.length);
    const full = path.join(folder, other);
    if (!OUR_TEMP.test(rest) && !(OLDER_TEMP.test(rest) && !looksComplete(full))) continue;
    try {
      if (!fs.lstatSync(full).isFile()) continue;
      fs.unlinkSync(full);
      say(`Removed ${other}, an unfinished copy left by a gods command that was stopped before it finished.`);
    } catch {
      // Not ours to remove after all (no permission): it stays, harmless.
    }
  }
}

const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What was read, to check before writing that the file is still the same. */
export interface ReadFile {
  readonly real: string;
  readonly bytes: Buffer;
  readonly hash: string;
}

export function readFile(real: string): ReadFile {
  const bytes = fs.readFileSync(real);
  return { real, bytes, hash: digest(bytes) };
}

const changedMessage = (target: string) =>
  `${path.basename(target)} was changed by someone else while it was being worked on, so this result was not written. Run the command again.`;

/** Throws when `target` no longer holds what was read. */
function checkUnchanged(target: string, read: ReadFile | undefined): void {
  if (read !== undefined && fs.existsSync(target) && digest(fs.readFileSync(target)) !== read.hash) throw new CampaignFileError(changedMessage(target));
}

/** Whether nothing wrote to the file between two looks at it. */
const sameFile = (a: fs.BigIntStats, b: fs.BigIntStats): boolean => a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

/** Writes the temporary file in full and flushes it to disk, with the mode and owner of the file it replaces. */
function writeTemp(temp: string, target: string, bytes: Uint8Array): void {
  const before = fs.existsSync(target) ? fs.statSync(target) : undefined;
  const fd = fs.openSync(temp, "wx", before === undefined ? 0o666 : before.mode & 0o7777);
  try {
    for (let at = 0; at < bytes.length;) at += fs.writeSync(fd, bytes, at, bytes.length - at);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (before !== undefined) {
    fs.chmodSync(temp, before.mode & 0o7777);
    try {
      fs.chownSync(temp, before.uid, before.gid);
    } catch {
      // Only the system's administrator may give a file away: it stays the writer's, as any save would.
    }
  }
}

/**
 * Replaces `target` with `bytes` atomically: a temporary file in the same folder, written and
 * flushed, then renamed over it, keeping its mode and owner; the temporary file is removed if
 * anything fails. When `target` is the file that was read, it must still hold what was read: it
 * is checked first, and again once the temporary file is on disk, right before the rename.
 */
export function writeFile(target: string, bytes: Uint8Array, read?: ReadFile): Promise<void> {
  // Settled at once, but a refusal still comes back as a rejected promise, never a throw.
  return new Promise((resolve) => {
    replaceFile(target, bytes, read);
    resolve();
  });
}

function replaceFile(target: string, bytes: Uint8Array, read: ReadFile | undefined): void {
  checkUnchanged(target, read);
  const temp = tempName(target);
  tell({ temp });
  try {
    writeTemp(temp, target, bytes);
    // The last check, then the rename at once. Reading and hashing the file takes a while, so
    // its times are taken before and again right before the rename: a write meanwhile changes
    // them, and only the microseconds between that last look and the rename are left.
    const seen = read !== undefined && fs.existsSync(target) ? fs.statSync(target, { bigint: true }) : undefined;
    checkUnchanged(target, read);
    if (seen !== undefined && !sameFile(seen, fs.statSync(target, { bigint: true }))) throw new CampaignFileError(changedMessage(target));
    const lost = lockLost(held.getStore());
    if (lost !== undefined)
      throw new CampaignFileError(
        `the lock on ${path.basename(target)} was lost while working (${lost}), so this result was not written. Run the command again.`,
      );
    fs.renameSync(temp, target);
    tell({ untemp: temp });
  } catch (e) {
    fs.rmSync(temp, { force: true });
    tell({ untemp: temp });
    if (e instanceof CampaignFileError) throw e;
    const code = (e as { code?: string }).code;
    const reason =
      code === "ENOENT"
        ? "its folder does not exist"
        : code === "EACCES" || code === "EPERM"
          ? "permission denied"
          : code === "ENOSPC"
            ? "the disk is full"
            : (e as Error).message;
    throw new CampaignFileError(`could not write ${target} (${reason}). Nothing was changed.`);
  }
  syncFolder(path.dirname(target));
}

/** Flushes the folder, so that the rename itself survives a power cut (where the system allows it). */
function syncFolder(folder: string): void {
  try {
    const fd = fs.openSync(folder, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some systems cannot flush a folder; the rename is still atomic.
  }
}
