/* Draws the add-in's icons (a golden sun on a deep blue disc) as PNG files in assets/.
   Run once with `node scripts/make-icons.js`; the PNGs are committed. */
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y, size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
function sun(x, y, size) {
  // 4×4 supersampling for smooth edges.
  let cover = [0, 0, 0, 0];
  for (let sy = 0; sy < 4; sy++)
    for (let sx = 0; sx < 4; sx++) {
      const u = (x + (sx + 0.5) / 4) / size - 0.5;
      const v = (y + (sy + 0.5) / 4) / size - 0.5;
      const r = Math.hypot(u, v);
      const angle = Math.atan2(v, u);
      const ray = 0.3 + 0.06 * Math.max(0, Math.cos(angle * 8)) ** 3;
      let c = null;
      if (r < 0.16) c = [255, 200, 60];
      else if (r < ray && r < 0.36) c = [240, 170, 40];
      else if (r < 0.48) c = [32, 42, 96];
      if (c) cover = [cover[0] + c[0], cover[1] + c[1], cover[2] + c[2], cover[3] + 1];
    }
  if (cover[3] === 0) return [0, 0, 0, 0];
  return [cover[0] / cover[3], cover[1] / cover[3], cover[2] / cover[3], Math.round((cover[3] / 16) * 255)];
}
for (const size of [16, 32, 64, 80, 128]) {
  fs.writeFileSync(path.join(__dirname, "..", "assets", `icon-${size}.png`), png(size, sun));
}
console.log("icons written to assets/");
