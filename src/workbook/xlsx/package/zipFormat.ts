/**
 * The zip format's bytes as the package reads and writes them: little-endian fields, the central
 * directory's entries, and the CRC-32 every entry carries.
 */
import * as zlib from "zlib";

/** Where an entry lies in a zip file. */
export interface StoredEntry {
  /** the local header and the compressed data (and its trailing descriptor), in the file */
  readonly start: number;
  readonly end: number;
  /** the entry's central directory record */
  readonly central: Uint8Array;
}

export const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/**
 * Where each entry lies in a zip file, from its central directory; undefined for what this
 * simple reading does not cover (zip64, several disks, an odd layout), and the package is then
 * saved by compressing every part again.
 */
export function locate(bytes: Uint8Array): Map<string, StoredEntry> | undefined {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = u16(bytes, eocd + 10);
  let at = u32(bytes, eocd + 16);
  if (u16(bytes, eocd + 4) !== 0 || count === 0xffff || at === 0xffffffff) return undefined;
  const entries = new Map<string, StoredEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (u32(bytes, at) !== 0x02014b50) return undefined;
    const flags = u16(bytes, at + 8);
    const compressed = u32(bytes, at + 20);
    const nameLength = u16(bytes, at + 28);
    const length = 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    const local = u32(bytes, at + 42);
    if (compressed === 0xffffffff || local === 0xffffffff || u32(bytes, local) !== 0x04034b50) return undefined;
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    let end = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28) + compressed;
    // A descriptor after the data (flag bit 3) holds the sizes: 12 bytes, or 16 with its signature.
    if ((flags & 8) !== 0) end += u32(bytes, end) === 0x08074b50 ? 16 : 12;
    if (end > bytes.length) return undefined;
    entries.set(name, { start: local, end, central: bytes.slice(at, at + length) });
    at += length;
  }
  return entries;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Uint8Array): number {
  // Node's own (from 20.15) is native; the table below serves older ones.
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (native !== undefined) return native(data) >>> 0;
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = (CRC_TABLE[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Little-endian fields, as zip headers hold them. */
export function fields(...values: readonly [number, 2 | 4][]): Uint8Array {
  const out = new Uint8Array(values.reduce((n, [, size]) => n + size, 0));
  let at = 0;
  for (const [v, size] of values) {
    for (let i = 0; i < size; i++) out[at + i] = (v >>> (8 * i)) & 0xff;
    at += size;
  }
  return out;
}
