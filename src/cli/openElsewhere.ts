/**
 * A workbook open in Excel or LibreOffice: both keep the whole file in memory and write it all
 * back when the gamemaster saves, so a change written by `gods` meanwhile would be lost. Each
 * leaves a small file beside the workbook while it has it open; finding one, the command stops.
 * The program may have crashed and left its file behind: nothing tells for sure, so the message
 * says what the file holds and how to clear it.
 */
import * as fs from "fs";
import * as path from "path";

/** Text from a file the gamemaster did not write, safe to print: no control characters, not too long. */
function printable(text: string): string {
  const plain = text.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  return plain.length > 80 ? `${plain.slice(0, 80)}…` : plain;
}

/** Excel's owner file: "~$" before the workbook's name. */
function excelOwnerFile(file: string): string | undefined {
  const owner = path.join(path.dirname(file), `~$${path.basename(file)}`);
  return fs.existsSync(owner) ? owner : undefined;
}

/** The user name an Excel owner file holds: its first byte is the length, the name follows. */
function excelUser(owner: string): string {
  try {
    const bytes = fs.readFileSync(owner).subarray(0, 200);
    const length = bytes[0] ?? 0;
    return length > 0 && length < bytes.length ? printable(bytes.subarray(1, 1 + length).toString("latin1")) : "";
  } catch {
    return "";
  }
}

/**
 * LibreOffice's lock file holds "Name,user,host,date time,profile;": who opened the file, on
 * which computer, and when.
 */
function libreOfficeHolder(lock: string): string {
  try {
    const fields = fs.readFileSync(lock, "utf8").slice(0, 1000).split(";")[0]?.split(",") ?? [];
    const [name, user, host, when] = fields.map(printable);
    const who = user || name;
    return [who ? `by ${who}` : "", host ? `on ${host}` : "", when ? `since ${when}` : ""].filter((p) => p !== "").join(" ");
  } catch {
    return "";
  }
}

/**
 * Why `file` must not be written now, in one sentence, or undefined when no spreadsheet program
 * has it open. `shown` is the file as the gamemaster named it.
 */
export function openElsewhere(file: string, shown = path.basename(file)): string | undefined {
  const name = path.basename(file);
  const loLock = path.join(path.dirname(file), `.~lock.${name}#`);
  const owner = excelOwnerFile(file);
  const found = fs.existsSync(loLock)
    ? { program: "LibreOffice", lock: loLock, who: libreOfficeHolder(loLock) }
    : owner !== undefined
      ? { program: "Excel", lock: owner, who: excelUser(owner) }
      : undefined;
  if (found === undefined) return undefined;
  const { program, lock, who } = found;
  return (
    `${shown} is open in ${program}${who ? ` (${who.startsWith("by ") ? who : `by ${who}`})` : ""}, so it was left as it is: ${program} would write its own copy over this change when it next saves. ` +
    `Close the workbook there first, then run the command again. If ${program} is not running any more (after a crash), delete the lock file ${path.basename(lock)} beside the workbook and try again.`
  );
}
