/**
 * SHA-256 of a text (its UTF-8 bytes), synchronous and the same in Node and in the browser, for
 * the Ledger's seal: each credit's digest, so that a row changed, added or deleted by hand is
 * found. The hashing is @noble/hashes' (audited, plain JavaScript); the bytes are ours, see below.
 */
import { sha256 as digest } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/** Room for a text's UTF-8 bytes: grown when a longer text comes. */
let buffer = new Uint8Array(256);

/**
 * The text's UTF-8 bytes, in `buffer`; their number. Half of a surrogate pair standing alone is
 * written as its own three bytes (0xD800 as ED A0 80), as the seal has always digested it:
 * TextEncoder would write U+FFFD instead, and every seal over such a name would no longer match.
 * (TextEncoder is not in the engine's types anyway: it has no DOM or Node types.)
 */
function utf8(text: string): number {
  // At most 3 bytes a UTF-16 unit (a pair of units is 4 bytes for the two).
  const room = text.length * 3;
  if (buffer.length < room) buffer = new Uint8Array(Math.max(room, buffer.length * 2));
  const out = buffer;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 63);
      out[n++] = 0x80 | (c & 63);
    } else {
      out[n++] = 0xf0 | (c >> 18);
      out[n++] = 0x80 | ((c >> 12) & 63);
      out[n++] = 0x80 | ((c >> 6) & 63);
      out[n++] = 0x80 | (c & 63);
    }
  }
  return n;
}

/**
 * The SHA-256 digest of `text`, as 64 lowercase hex digits.
 *
 * @example sha256("abc") // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export function sha256(text: string): string {
  const length = utf8(text); // first: it may replace the buffer with a larger one
  return bytesToHex(digest(buffer.subarray(0, length)));
}
