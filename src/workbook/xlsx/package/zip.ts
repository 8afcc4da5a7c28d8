/**
 * An .xlsx file as its package: the parts (files) in the zip, by name, in the order the file
 * holds them. The command line edits a workbook part by part, so that every part it does not
 * own leaves exactly as it came in: when saving, a part that was not changed is copied from the
 * original file as it is stored there, compressed bytes and all; only changed and new parts are
 * compressed again. fflate unpacks; Node's zlib packs.
 */
import * as zlib from "zlib";
import { Unzip, UnzipInflate } from "fflate";
import { FileProblem } from "./fileProblem";
import { checkText } from "./partText";
import { crc32, locate, u16, u32, type StoredEntry } from "./zipFormat";

export { FileProblem } from "./fileProblem";

export interface Package {
  /** every part, by its name inside the zip (no leading slash), in the file's order; a PartMap (each unpacked when first read) when opened from a file */
  readonly parts: ReadonlyMap<string, Uint8Array>;
  /** where each part is stored in the file it came from, when the file's directory could be read */
  readonly stored?: Stored;
}

/** The file a package was opened from, and where each of its parts lies in it. */
interface Stored {
  readonly bytes: Uint8Array;
  readonly entries: ReadonlyMap<string, StoredEntry>;
  /** the parts as unpacked: a part saved unchanged (never replaced) is copied as stored */
  readonly unpacked: PartMap;
}

/**
 * No part may unpack to more than this, and all the parts together to no more than
 * TOTAL_LIMIT: bounds on memory and time for odd or hostile files. Bytes are counted as they
 * are unpacked; the sizes the zip declares are not trusted.
 */
export const PART_LIMIT = 200 * 1024 * 1024;
export const TOTAL_LIMIT = 512 * 1024 * 1024;

/** The bounds unpacking keeps to, in bytes (smaller in tests). */
export interface Limits {
  readonly part: number;
  readonly total: number;
}
const LIMITS: Limits = { part: PART_LIMIT, total: TOTAL_LIMIT };

/** Why unpacking stopped: a part grew past a limit, or a part is damaged. */
class TooLarge extends Error {
  constructor(
    readonly part: string,
    readonly whole: boolean,
  ) {
    super(part);
  }
}
class Damaged extends Error {
  constructor(readonly part: string) {
    super(part);
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);

/** "EncryptionInfo" as a stream name inside an OLE file (UTF-16): what a password-protected .xlsx holds. */
function hasEncryptionInfo(bytes: Uint8Array): boolean {
  const name = "EncryptionInfo".split("").flatMap((ch) => [ch.charCodeAt(0), 0]);
  const limit = Math.min(bytes.length, 1 << 20);
  outer: for (let i = 0; i + name.length <= limit; i++) {
    for (let j = 0; j < name.length; j++) if (bytes[i + j] !== name[j]) continue outer;
    return true;
  }
  return false;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 1000) / 1000;

const text = (bytes: Uint8Array | undefined): string => (bytes === undefined ? "" : new TextDecoder().decode(bytes));

/** Opens an .xlsx (or .xlsm) file's package, or says in a sentence why it is not one. */
export function openPackage(bytes: Uint8Array, file: string, limits: Limits = LIMITS): Package {
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
  const located = locate(bytes);
  let parts: PartMap;
  try {
    // A zip whose directory could be read is unpacked part by part, each when first read: a
    // command reads the parts it needs and copies the rest as they are stored. Any other zip
    // (zip64, an odd layout, another method) is unpacked whole by fflate.
    parts =
      located !== undefined && [...located.values()].every((e) => [0, 8].includes(u16(e.central, 10)))
        ? new PartMap(new Map([...located].map(([name, entry]) => [name, { stored: entry }])), { bytes, file, limits, used: 0 })
        : PartMap.of(checked(unpackStreaming(bytes, limits), file));
    if (text(parts.get("mimetype")).startsWith("application/vnd.oasis.opendocument")) {
      throw new FileProblem(
        `${file} is an OpenDocument spreadsheet (.ods). In LibreOffice, use File › Save As › Excel 2007-365 (.xlsx), then try again with that file.`,
      );
    }
    if (parts.get("[Content_Types].xml") === undefined || ![...parts.keys()].some((n) => /^xl\/workbook\d*\.xml$/.test(n))) {
      throw new FileProblem(`${file} is a zip file but not an Excel workbook. Open it in Excel or LibreOffice and save it as an .xlsx workbook.`);
    }
  } catch (e) {
    throw unpackProblem(e, file, limits);
  }
  return { parts, ...(located === undefined || !parts.lazy ? {} : { stored: { bytes, entries: located, unpacked: parts } }) };
}

/** Why a file could not be unpacked, in one sentence for the gamemaster. */
function unpackProblem(e: unknown, file: string, limits: Limits): Error {
  if (e instanceof FileProblem) return e;
  if (e instanceof TooLarge) {
    return new FileProblem(
      e.whole
        ? `${file} unpacks to over ${mb(limits.total)} MB in all (reading stopped at ${e.part}), too large to work on safely. Move old rows out of the campaign's tables, save, and try again.`
        : `${file} holds a part (${e.part}) over ${mb(limits.part)} MB once unpacked, too large to work on safely. Move old rows out of the campaign's tables, save, and try again.`,
    );
  }
  if (e instanceof Damaged) {
    return new FileProblem(
      `${file} is damaged: its part ${e.part} does not unpack to what the file says it holds. If it was copied or downloaded, copy it again; otherwise open it in Excel and save it again.`,
    );
  }
  return new FileProblem(
    `${file} is damaged or incomplete (it could not be unpacked). If it was copied or downloaded, copy it again; otherwise open it in Excel and save it again.`,
  );
}

/** A part of the package: where the file stores it, and its bytes once unpacked (or new bytes). */
interface Slot {
  readonly stored?: StoredEntry;
  bytes?: Uint8Array;
}

/** The file parts are unpacked from, and how much has been unpacked so far (against the total limit). */
interface Source {
  readonly bytes: Uint8Array;
  readonly file: string;
  readonly limits: Limits;
  used: number;
}

/**
 * A package's parts by name, in order, each unpacked (and checked: its size and CRC-32 against
 * the zip's, the limits, its text) the first time it is read. Going through every part unpacks
 * every part; `with` makes a new set of parts that shares the unchanged ones, unpacked or not,
 * so that saving copies a part nobody read from the file as it is stored.
 */
export class PartMap extends Map<string, Uint8Array> {
  private readonly slots: Map<string, Slot>;

  constructor(
    slots: Map<string, Slot> = new Map(),
    private readonly source?: Source,
  ) {
    super();
    this.slots = slots;
  }

  /** Parts already in hand. */
  static of(parts: Iterable<readonly [string, Uint8Array]>): PartMap {
    return new PartMap(new Map([...parts].map(([name, bytes]) => [name, { bytes }])));
  }

  /** Whether parts are unpacked when first read (from a file whose directory could be read). */
  get lazy(): boolean {
    return this.source !== undefined;
  }

  override get size(): number {
    return this.slots.size;
  }

  override has(name: string): boolean {
    return this.slots.has(name);
  }

  override get(name: string): Uint8Array | undefined {
    const slot = this.slots.get(name);
    if (slot === undefined) return undefined;
    if (slot.bytes === undefined) {
      const { stored } = slot;
      if (stored === undefined || this.source === undefined) return undefined;
      try {
        slot.bytes = unpackPart(this.source, name, stored);
      } catch (e) {
        throw unpackProblem(e, this.source.file, this.source.limits);
      }
    }
    return slot.bytes;
  }

  /** Lets go of a part's unpacked bytes (a large sheet read once): read again, it is unpacked again. */
  release(name: string): void {
    const slot = this.slots.get(name);
    if (slot?.stored !== undefined && this.source !== undefined) delete slot.bytes;
  }

  /** The part's bytes if it has been unpacked (or is new), without unpacking it. */
  peek(name: string): Uint8Array | undefined {
    return this.slots.get(name)?.bytes;
  }

  /** Where the file this map was opened from stores the part, when the part is that one, unchanged. */
  storedAt(name: string): StoredEntry | undefined {
    return this.slots.get(name)?.stored;
  }

  override set(name: string, bytes: Uint8Array): this {
    this.slots.set(name, { bytes });
    return this;
  }

  override delete(name: string): boolean {
    return this.slots.delete(name);
  }

  override clear(): void {
    this.slots.clear();
  }

  override keys(): MapIterator<string> {
    return this.slots.keys();
  }

  override *entries(): MapIterator<[string, Uint8Array]> {
    for (const name of this.slots.keys()) yield [name, this.get(name) as Uint8Array];
  }

  override *values(): MapIterator<Uint8Array> {
    for (const name of this.slots.keys()) yield this.get(name) as Uint8Array;
  }

  override [Symbol.iterator](): MapIterator<[string, Uint8Array]> {
    return this.entries();
  }

  override forEach(callback: (value: Uint8Array, key: string, map: Map<string, Uint8Array>) => void, thisArg?: unknown): void {
    for (const [name, bytes] of this.entries()) callback.call(thisArg, bytes, name, this);
  }

  /**
   * A new set of parts in the order given: each name with `undefined` is this map's part as it
   * is (unpacked or not), each with bytes a new or changed part.
   */
  with(list: Iterable<readonly [string, Uint8Array | undefined]>): PartMap {
    const slots = new Map<string, Slot>();
    for (const [name, bytes] of list) {
      const own = this.slots.get(name);
      if (bytes === undefined && own !== undefined) slots.set(name, own);
      else if (bytes !== undefined) slots.set(name, { bytes });
    }
    return new PartMap(slots, this.source);
  }
}

/** A copy of `parts` to change: the same parts, unpacked or not. */
export function copyParts(parts: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  return parts instanceof PartMap ? parts.with([...parts.keys()].map((name) => [name, undefined])) : new Map(parts);
}

/** zlib's own piece size, the least a part is unpacked into. */
const INFLATE_CHUNK = 16 * 1024;

/**
 * Unpacks one stored part with Node's native inflate (several times fflate's pure JavaScript
 * speed on large sheets), stopping at the limit whatever size the zip declares, then checks it
 * against the zip's size and CRC-32, and its text.
 */
function unpackPart(source: Source, name: string, entry: StoredEntry): Uint8Array {
  const { bytes, limits } = source;
  const method = u16(entry.central, 10);
  const limit = Math.min(limits.part, limits.total - source.used);
  const tooLarge = () => new TooLarge(name, limit < limits.part);
  const start = entry.start + 30 + u16(bytes, entry.start + 26) + u16(bytes, entry.start + 28);
  const data = bytes.subarray(start, start + u32(entry.central, 20));
  let part: Uint8Array;
  if (method === 0) {
    if (data.length > limit) throw tooLarge();
    part = data.slice();
  } else {
    if (limit <= 0) throw tooLarge();
    // Unpacked into one buffer the size the zip declares (a byte over it, for zlib to see the
    // end), then used as it is: no pieces joined, no copy. A declared size that is not the truth
    // only means more pieces, and fails the size check below.
    const declared = u32(entry.central, 24);
    const chunkSize = declared < limit ? Math.max(declared + 1, INFLATE_CHUNK) : INFLATE_CHUNK;
    try {
      const out = zlib.inflateRawSync(data, { maxOutputLength: limit, chunkSize });
      part = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    } catch (e) {
      if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || e instanceof RangeError) throw tooLarge();
      throw new Damaged(name);
    }
  }
  if (part.length !== u32(entry.central, 24) || crc32(part) !== u32(entry.central, 16)) throw new Damaged(name);
  source.used += part.length;
  checkText(name, part, source.file);
  return part;
}

/** Every part of an unpacked zip, each of its texts checked. */
function checked(entries: Record<string, Uint8Array>, file: string): [string, Uint8Array][] {
  for (const [name, part] of Object.entries(entries)) checkText(name, part, file);
  return Object.entries(entries);
}

/**
 * Unpacks a zip this simple reading could not locate (zip64, an odd layout) with fflate's
 * streaming unzip, counting bytes as they come and stopping at the limits.
 */
function unpackStreaming(bytes: Uint8Array, limits: Limits): Record<string, Uint8Array> {
  // A file cut short has no end record: what it holds cannot be all the workbook.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(END_RECORD) < 0) throw new Error("no end record");
  const out: Record<string, Uint8Array> = {};
  const unfinished = new Set<string>();
  let total = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    unfinished.add(file.name);
    file.ondata = (err, chunk, final) => {
      if (failure !== undefined) return;
      if (err !== null) {
        failure = new Damaged(file.name);
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (size > limits.part || total > limits.total) {
        failure = new TooLarge(file.name, size <= limits.part);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) {
        out[file.name] = concat(chunks, size);
        unfinished.delete(file.name);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const step = 1 << 16;
  for (let at = 0; at < bytes.length && failure === undefined; at += step) unzip.push(bytes.subarray(at, at + step), at + step >= bytes.length);
  if (failure !== undefined) throw failure;
  if (unfinished.size > 0) throw new Error("a part is cut short");
  return out;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const END_RECORD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
