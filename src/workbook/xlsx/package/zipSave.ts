/**
 * A package saved as an .xlsx file's bytes: parts the add-in did not change copied as the original
 * file stores them, the others compressed again with Node's zlib.
 */
import * as zlib from "zlib";
import { PartMap, type Package } from "./zip";
import { crc32, fields } from "./zipFormat";

/** Parts larger than this are packed at zlib's fastest level. */
const LARGE_PART = 256 * 1024;

/**
 * The package as an .xlsx file's bytes, its parts in the given order. A part that is the very
 * object `from` unpacked is copied as it is stored in `from`'s file; the others are compressed.
 */
export function savePackage(parts: ReadonlyMap<string, Uint8Array>, from?: Package): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const encoder = new TextEncoder();
  // Dates in new entries: 1 January 1980, the zip format's first day, so that the same input gives the same file.
  const [time, date] = [0, 0x21];
  for (const name of parts.keys()) {
    const stored = from?.stored;
    const entry = stored?.entries.get(name);
    // A part that is the file's own, unchanged: copied as stored, without unpacking it.
    const same =
      stored !== undefined &&
      entry !== undefined &&
      (parts instanceof PartMap ? parts.storedAt(name) === entry : stored.unpacked.peek(name) === parts.get(name));
    if (same) {
      chunks.push(stored.bytes.subarray(entry.start, entry.end));
      const record = entry.central.slice();
      record.set(fields([offset, 4]), 42);
      central.push(record);
      offset += entry.end - entry.start;
      continue;
    }
    const data = parts.get(name) as Uint8Array;
    const nameBytes = encoder.encode(name);
    // A large part (a long Ledger, its seal, the History) is packed at zlib's fastest level: a
    // few more bytes, a third of the time, whatever the campaign's age.
    const packed = new Uint8Array(zlib.deflateRawSync(data, { level: data.length > LARGE_PART ? 1 : 6 }));
    const crc = crc32(data);
    const utf8 = /[^\x20-\x7e]/.test(name) ? 0x800 : 0;
    // What the local header and the central directory both say of an entry: flags (UTF-8 name),
    // method 8 (deflate), time, date, CRC, sizes, the name's length and no extra field.
    const entryFields: [number, 2 | 4][] = [
      [utf8, 2],
      [8, 2],
      [time, 2],
      [date, 2],
      [crc, 4],
      [packed.length, 4],
      [data.length, 4],
      [nameBytes.length, 2],
      [0, 2],
    ];
    const local = fields([0x04034b50, 4], [20, 2], ...entryFields);
    chunks.push(local, nameBytes, packed);
    // Version made by and needed, then no comment, disk 0, no attributes, and where the entry starts.
    central.push(fields([0x02014b50, 4], [20, 2], [20, 2], ...entryFields, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]), nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directorySize = central.reduce((n, c) => n + c.length, 0);
  const end = fields([0x06054b50, 4], [0, 2], [0, 2], [parts.size, 2], [parts.size, 2], [directorySize, 4], [offset, 4], [0, 2]);
  const all = [...chunks, ...central, end];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
