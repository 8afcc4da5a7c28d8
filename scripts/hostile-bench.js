/**
 * `node scripts/hostile-bench.js` (after `npm run build:cli`): builds hostile workbooks (a part
 * whose declared size lies, a deflate bomb spread over many parts, a sheet nested millions deep,
 * a cell at row 50,000,000, a cell in column ZZZZZZZZ) and runs `gods century-end` on each in
 * its own process, printing its exit code, wall time and peak memory (resident set, from
 * /usr/bin/time). Not a test: it only prints figures. A first run on an honest campaign gives
 * the baseline.
 */
"use strict";
const { execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const zlib = require("zlib");

const root = path.resolve(__dirname, "..");
const bin = path.join(root, "bin", "gods.js");
const { openPackage, savePackage } = require(path.join(root, "build", "workbook", "xlsx", "package", "zip.js"));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-hostile-bench-"));
const base = path.join(dir, "base.xlsx");
execFileSync(process.execPath, [bin, "init", base, "--example"]);
const pkg = openPackage(fs.readFileSync(base), base);

function le(values) {
  return Buffer.concat(
    values.map(([v, n]) => {
      const b = Buffer.alloc(n);
      if (n === 2) b.writeUInt16LE(v);
      else b.writeUInt32LE(v >>> 0);
      return b;
    }),
  );
}

/** A zip whose sizes and CRCs say whatever the entries say. */
function zip(entries) {
  const chunks = [];
  const central = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.concat([
      le([
        [0x04034b50, 4],
        [20, 2],
        [0, 2],
        [8, 2],
        [0, 2],
        [0x21, 2],
        [e.crc, 4],
        [e.packed.length, 4],
        [e.size, 4],
        [name.length, 2],
        [0, 2],
      ]),
      name,
      e.packed,
    ]);
    central.push(
      le([
        [0x02014b50, 4],
        [20, 2],
        [20, 2],
        [0, 2],
        [8, 2],
        [0, 2],
        [0x21, 2],
        [e.crc, 4],
        [e.packed.length, 4],
        [e.size, 4],
        [name.length, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [0, 4],
        [offset, 4],
      ]),
      name,
    );
    chunks.push(local);
    offset += local.length;
  }
  const dirBytes = Buffer.concat(central);
  return Buffer.concat([
    ...chunks,
    dirBytes,
    le([
      [0x06054b50, 4],
      [0, 2],
      [0, 2],
      [entries.length, 2],
      [entries.length, 2],
      [dirBytes.length, 4],
      [offset, 4],
      [0, 2],
    ]),
  ]);
}

const honest = (name, data) => ({ name, packed: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length });
const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: zlib.constants.Z_FULL_FLUSH });
const bomb = (mib) => Buffer.concat([...Array.from({ length: mib }, () => block), zlib.deflateRawSync(Buffer.alloc(0))]);
const sheet = [...pkg.parts.keys()].find((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n));
const entries = (replace) => [...pkg.parts].map(([n, d]) => replace[n] ?? honest(n, d));
const editedSheets = (change) => {
  const parts = new Map(pkg.parts);
  for (const [n, d] of parts) if (/^xl\/worksheets\/[^/]+\.xml$/.test(n)) parts.set(n, Buffer.from(change(Buffer.from(d).toString())));
  return Buffer.from(savePackage(parts, pkg));
};

const cases = [
  ["honest example campaign", fs.readFileSync(base)],
  ["1 GiB part declared as 1000 bytes", zip(entries({ [sheet]: { name: sheet, packed: bomb(1024), crc: 0, size: 1000 } }))],
  [
    "ten 190 MiB parts (1.9 GiB in all)",
    zip([
      ...entries({}),
      ...Array.from({ length: 10 }, (_, i) => ({
        name: `xl/media/bomb${i}.bin`,
        packed: bomb(190),
        crc: zlib.crc32(Buffer.alloc(190 << 20)),
        size: 190 << 20,
      })),
    ]),
  ],
  ["a sheet nested 30 million elements deep (180 MB)", zip(entries({ [sheet]: honest(sheet, Buffer.from(`<worksheet><sheetData>${"<x>".repeat(30e6)}`)) }))],
  ["a cell at row 50,000,000", editedSheets((x) => x.replace("</sheetData>", '<row r="50000000"><c r="A50000000"><v>1</v></c></row></sheetData>'))],
  ["a cell in column ZZZZZZZZ", editedSheets((x) => x.replace(/(<row r="2"[^>]*>)/, '$1<c r="ZZZZZZZZ2"><v>1</v></c>'))],
];

for (const [name, bytes] of cases) {
  const file = path.join(dir, "case.xlsx");
  fs.writeFileSync(file, bytes);
  const run = spawnSync("/usr/bin/time", ["-f", "%e %M", process.execPath, bin, "century-end", file, "--century", "1"], { encoding: "utf8" });
  const [seconds, kb] = run.stderr.trim().split("\n").pop().split(" ").map(Number);
  const said =
    run.status === 0
      ? "written"
      : run.stderr
          .trim()
          .split("\n")[0]
          .replace(/^gods century-end: /, "")
          .slice(0, 90);
  console.log(`${name}: file ${(bytes.length / 1024).toFixed(0)} KB, exit ${run.status}, ${seconds.toFixed(2)} s, peak ${(kb / 1024).toFixed(0)} MB — ${said}`);
}
fs.rmSync(dir, { recursive: true, force: true });
