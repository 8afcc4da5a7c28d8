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
    const who = name || user;
    const parts = [who ? `by ${who}` : "", host ? `on ${host}` : "", when ? `since ${when}` : ""].filter((p) => p !== "");
    return parts.join(" ");
  } catch {
    return "";
  }
}

/**
 * Why `file` must not be written now, in one sentence, or undefined when no spreadsheet program
 * has it open.
 */
export function openElsewhere(file: string): string | undefined {
  const name = path.basename(file);
  const loLock = path.join(path.dirname(file), `.~lock.${name}#`);
  if (fs.existsSync(loLock)) {
    const holder = libreOfficeHolder(loLock);
    return (
      `${name} is open in LibreOffice${holder ? ` (${holder}, says its lock file)` : ""}: close it there first, or it will overwrite this change when it saves; ` +
      `if LibreOffice is not running (it crashed, say), delete the file ${path.basename(loLock)} beside it, then try again.`
    );
  }
  const owner = excelOwnerFile(file);
  if (owner !== undefined) {
    const user = excelUser(owner);
    return (
      `${name} is open in Excel${user ? ` (by ${user}, says its owner file)` : ""}: close it there first, or it will overwrite this change when it saves; ` +
      `if Excel is not running (it crashed, say), delete the hidden file ${path.basename(owner)} beside it, then try again.`
    );
  }
  return undefined;
}
