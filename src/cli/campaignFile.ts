/**
 * The campaign file on disk, handled so that nothing is ever lost: the real file behind a link,
 * a lock that makes a second `gods` command on the same campaign wait, a check that nobody
 * changed the file between reading and writing, and a write that either replaces the whole file
 * (same mode and owner, flushed to disk) or leaves it exactly as it was.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import * as lockfile from "proper-lockfile";
import writeFileAtomic from "write-file-atomic";

/** A reason the command stops, in one plain sentence; nothing was written. */
export class CampaignFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CampaignFileError";
  }
}

/** How long a second command waits for the first to finish with the same campaign. */
const LOCK_WAIT_MS = 60_000;

/** The file behind a path, following links, as the one to read, lock and write. */
export function realFile(file: string): string {
  if (!fs.existsSync(file)) throw new CampaignFileError(`there is no file ${file}.`);
  const real = fs.realpathSync(file);
  if (!fs.statSync(real).isFile()) throw new CampaignFileError(`${file} is a folder, not a workbook file.`);
  return real;
}

/** Refuses a file the gamemaster made read-only: even where the system would let us, it is theirs to protect. */
export function checkWritable(file: string, shown = file): void {
  if (!fs.existsSync(file)) return;
  const mode = fs.statSync(file).mode;
  if ((mode & 0o222) === 0) {
    throw new CampaignFileError(`${shown} is read-only, so it was left as it is. Make it writable (or write elsewhere with --out OTHER.xlsx), then try again.`);
  }
  try {
    fs.accessSync(file, fs.constants.W_OK);
  } catch {
    throw new CampaignFileError(`${shown} cannot be written by you, so it was left as it is. Write elsewhere with --out OTHER.xlsx, or ask its owner.`);
  }
}

/** The lock files other programs keep beside a workbook they have open, and which program each is. */
function openElsewhere(real: string): { program: string; lock: string } | undefined {
  const dir = path.dirname(real);
  const name = path.basename(real);
  const candidates = [
    // Excel's owner file: "~$" and the name (for a long name, Word-style, its first two letters replaced).
    { program: "Excel", lock: `~$${name}` },
    { program: "Excel", lock: `~$${name.slice(2)}` },
    { program: "LibreOffice", lock: `.~lock.${name}#` },
  ];
  return candidates.find((c) => fs.existsSync(path.join(dir, c.lock)));
}

/** What LibreOffice's lock file says of who holds the file: "by NAME on HOST since TIME". */
function holder(lockFile: string): string {
  try {
    // "…,user,host,dd.mm.yyyy hh:mm,…": the fields LibreOffice writes.
    const fields = fs.readFileSync(lockFile, "utf8").split(",");
    const [, user, host, time] = fields;
    const parts = [user ? `by ${user}` : "", host ? `on ${host}` : "", time ? `since ${time}` : ""].filter((x) => x !== "");
    return parts.length === 0 ? "" : ` (${parts.join(" ").replace(/[\u0000-\u001f\u007f]/g, "?")})`;
  } catch {
    return "";
  }
}

/**
 * Refuses a workbook another program has open (its lock file beside it): that program would
 * write its own copy over this change at its next save, and with it the Ledger.
 */
export function checkNotOpenElsewhere(real: string, shown: string): void {
  const found = openElsewhere(real);
  if (found === undefined) return;
  const lockFile = path.join(path.dirname(real), found.lock);
  const who = found.program === "LibreOffice" ? holder(lockFile) : "";
  throw new CampaignFileError(
    `${shown} is open in ${found.program}${who}, so it was left as it is: ${found.program} would write its own copy over this change when it next saves. Close the workbook there first, then run the command again. If ${found.program} is not running any more (after a crash), delete the lock file ${found.lock} beside the workbook and try again.`,
  );
}

/**
 * Runs `work` while holding the campaign's lock (a lock folder beside it, FILE.lock). Another
 * gods command on the same campaign waits for it (`onWait` is told once), up to a minute, then
 * gives up saying so.
 */
export async function withLock<T>(real: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  let release: () => Promise<void>;
  const options = { realpath: false, stale: 30_000 };
  try {
    try {
      release = await lockfile.lock(real, { ...options, retries: 0 });
    } catch (e) {
      if ((e as { code?: string }).code !== "ELOCKED") throw e;
      onWait?.();
      release = await lockfile.lock(real, { ...options, retries: { retries: Math.ceil(LOCK_WAIT_MS / 200), factor: 1, minTimeout: 200, maxTimeout: 200 } });
    }
  } catch (e) {
    if ((e as { code?: string }).code === "ELOCKED") {
      throw new CampaignFileError(`another gods command has been working on ${path.basename(real)} for over a minute; wait for it to finish, then try again.`);
    }
    throw new CampaignFileError(`${path.basename(real)} could not be locked for writing (${(e as Error).message}).`);
  }
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
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

/**
 * Replaces `target` with `bytes` atomically: a temporary file in the same folder, flushed, then
 * renamed over it, keeping its mode and owner; the temporary file is removed if anything fails.
 * When `target` is the file that was read, it must still hold what was read.
 */
export async function writeFile(target: string, bytes: Uint8Array, read?: ReadFile): Promise<void> {
  if (read !== undefined && fs.existsSync(target) && digest(fs.readFileSync(target)) !== read.hash) {
    throw new CampaignFileError(`${path.basename(target)} was changed by someone else while it was being worked on, so this result was not written. Run the command again.`);
  }
  try {
    await writeFileAtomic(target, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { fsync: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const reason = code === "ENOENT" ? "its folder does not exist" : code === "EACCES" || code === "EPERM" ? "permission denied" : code === "ENOSPC" ? "the disk is full" : (e as Error).message;
    throw new CampaignFileError(`could not write ${target} (${reason}). Nothing was changed.`);
  }
}
