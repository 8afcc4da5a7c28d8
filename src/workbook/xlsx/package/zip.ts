/**
 * An .xlsx file as its package: the parts (files) in the zip, by name, in the order the file
 * holds them. The command line edits a workbook part by part, so that every part it does not
 * own leaves exactly as it came in; fflate does the (de)compression, in memory.
 */
import { unzipSync, zipSync, type Zippable } from "fflate";

/** What a file could not be opened as, in one plain sentence for the gamemaster. */
export class FileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileProblem";
  }
}

export interface Package {
  /** every part, by its name inside the zip (no leading slash), in the file's order */
  readonly parts: ReadonlyMap<string, Uint8Array>;
}

/** No part may unpack to more than this: a bound on memory and time for odd or hostile files. */
export const PART_LIMIT = 200 * 1024 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);

/** "EncryptionInfo" as a stream name inside an OLE file (UTF-16): what a password-protected .xlsx holds. */
function hasEncryptionInfo(bytes: Uint8Array): boolean {
  const name = [..."EncryptionInfo"].flatMap((ch) => [ch.charCodeAt(0), 0]);
  const limit = Math.min(bytes.length, 1 << 20);
  outer: for (let i = 0; i + name.length <= limit; i++) {
    for (let j = 0; j < name.length; j++) if (bytes[i + j] !== name[j]) continue outer;
    return true;
  }
  return false;
}

const text = (bytes: Uint8Array | undefined): string => (bytes === undefined ? "" : new TextDecoder().decode(bytes));

/** Opens an .xlsx (or .xlsm) file's package, or says in a sentence why it is not one. */
export function openPackage(bytes: Uint8Array, file: string): Package {
  if (bytes.length === 0) throw new FileProblem(`${file} is empty: it is not an Excel workbook.`);
  if (startsWith(bytes, OLE)) {
    throw new FileProblem(
      hasEncryptionInfo(bytes)
        ? `${file} is protected by a password. Open it in Excel, remove the password (File › Info › Protect Workbook), save, and try again.`
        : `${file} is an old-style .xls workbook. Open it in Excel or LibreOffice and save it as an .xlsx workbook, then try again.`,
    );
  }
  if (!startsWith(bytes, ZIP)) {
    throw new FileProblem(`${file} is not an Excel workbook (a .csv or text file, perhaps). Open it in Excel or LibreOffice and save it as an .xlsx workbook.`);
  }
  let entries: Record<string, Uint8Array>;
  let oversized: string | undefined;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.originalSize > PART_LIMIT) oversized ??= f.name;
        return f.originalSize <= PART_LIMIT;
      },
    });
  } catch {
    throw new FileProblem(`${file} is damaged or incomplete (it could not be unpacked). If it was copied or downloaded, copy it again; otherwise open it in Excel and save it again.`);
  }
  if (oversized !== undefined) {
    throw new FileProblem(`${file} holds a part (${oversized}) over ${PART_LIMIT / 1024 / 1024} MB once unpacked, too large to work on safely. Move old rows out of the campaign's tables, save, and try again.`);
  }
  if (text(entries["mimetype"]).startsWith("application/vnd.oasis.opendocument")) {
    throw new FileProblem(`${file} is an OpenDocument spreadsheet (.ods). In LibreOffice, use File › Save As › Excel 2007-365 (.xlsx), then try again with that file.`);
  }
  if (entries["[Content_Types].xml"] === undefined || !Object.keys(entries).some((n) => /^xl\/workbook\d*\.xml$/.test(n))) {
    throw new FileProblem(`${file} is a zip file but not an Excel workbook. Open it in Excel or LibreOffice and save it as an .xlsx workbook.`);
  }
  return { parts: new Map(Object.entries(entries)) };
}

/** The package as an .xlsx file's bytes, its parts in the given order. */
export function savePackage(parts: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const files: Zippable = {};
  for (const [name, data] of parts) files[name] = [data, { level: 6 }];
  return zipSync(files);
}
