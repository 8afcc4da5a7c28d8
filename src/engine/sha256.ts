/**
 * SHA-256 of a text (its UTF-8 bytes), synchronous and the same in Node and in the browser, for
 * the Ledger's seal: each credit's digest, so that a row changed, added or deleted by hand is
 * found. (FIPS 180-4; the tests check the standard's vectors.)
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** Room for a text's UTF-8 bytes and its padding: grown when a longer text comes. */
let buffer = new Uint8Array(256);
const W = new Int32Array(64);
const H = new Int32Array(8);

/**
 * Writes `text` as UTF-8 (no TextEncoder: the engine has no DOM or Node types) and the padding
 * SHA-256 asks for into `buffer`; the number of bytes in all, a multiple of 64.
 */
function padded(text: string): number {
  // At most 3 bytes a UTF-16 unit (a pair of units is 4 bytes for the two), the 0x80 and the length.
  const room = text.length * 3 + 72;
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
  const bits = n * 8;
  out[n++] = 0x80;
  while (n % 64 !== 56) out[n++] = 0;
  // The length in bits, big-endian, in 8 bytes (texts here are far below 2^32 bits).
  out[n++] = 0;
  out[n++] = 0;
  out[n++] = 0;
  out[n++] = 0;
  out[n++] = (bits >>> 24) & 255;
  out[n++] = (bits >>> 16) & 255;
  out[n++] = (bits >>> 8) & 255;
  out[n++] = bits & 255;
  return n;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * The SHA-256 digest of `text`, as 64 lowercase hex digits. Written for speed with no allocation
 * per block (the seal digests every credit of the book at each command): 32-bit integers in
 * typed arrays, the rotations spelled out.
 */
export function sha256(text: string): string {
  const length = padded(text);
  const bytes = buffer;
  const w = W;
  const h = H;
  h[0] = 0x6a09e667;
  h[1] = 0xbb67ae85 | 0;
  h[2] = 0x3c6ef372;
  h[3] = 0xa54ff53a | 0;
  h[4] = 0x510e527f;
  h[5] = 0x9b05688c | 0;
  h[6] = 0x1f83d9ab;
  h[7] = 0x5be0cd19;
  for (let at = 0; at < length; at += 64) {
    for (let i = 0; i < 16; i++) {
      const j = at + 4 * i;
      w[i] = ((bytes[j] as number) << 24) | ((bytes[j + 1] as number) << 16) | ((bytes[j + 2] as number) << 8) | (bytes[j + 3] as number);
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15] as number;
      const y = w[i - 2] as number;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let a: number = h[0];
    let b: number = h[1];
    let c: number = h[2];
    let d: number = h[3];
    let e: number = h[4];
    let f: number = h[5];
    let g: number = h[6];
    let k: number = h[7];
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (k + s1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0;
    h[5] = (h[5] + f) | 0;
    h[6] = (h[6] + g) | 0;
    h[7] = (h[7] + k) | 0;
  }
  let out = "";
  for (let i = 0; i < 8; i++) {
    const x = h[i] as number;
    out += (HEX[(x >>> 24) & 255] as string) + (HEX[(x >>> 16) & 255] as string) + (HEX[(x >>> 8) & 255] as string) + (HEX[x & 255] as string);
  }
  return out;
}
