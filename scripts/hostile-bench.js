/**
 * `node scripts/hostile-bench.js` (after `npm run build:cli`): builds hostile workbooks (a part
 * whose declared size lies, a deflate bomb spread over many parts, a sheet nested millions deep,
 * a cell at row 50,000,000, a cell in column ZZZZZZZZ; and, each under a megabyte, settings
 * holding 12 MB of quotes, a journal record of 45 MB or of 200 MB, thirteen of 16 MB, twenty-six
 * of 8 MB, a book's head of 10 MB) and runs `gods century-end` on each in its own process (and on
 * the others, the commands that are their way forward, in turn), printing its exit code, wall
 * time, processor time and peak memory (resident set, from /usr/bin/time). Not a test: it only prints figures. A first run on an honest campaign
 * gives the baseline. Words after the command choose the cases whose name holds them.
 */
"use strict";
const { execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const zlib = require("zlib");

const root = path.resolve(__dirname, "..");
const bin = path.join(root, "bin", "gods.js");
const { openPackage } = require(path.join(root, "build", "workbook", "xlsx", "package", "zip.js"));
const { savePackage } = require(path.join(root, "build", "workbook", "xlsx", "package", "zipSave.js"));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-hostile-bench-"));
const base = path.join(dir, "base.xlsx");
execFileSync(process.execPath, [bin, "init", base, "--example"]);
// Century 1 paid: a Ledger, its seal and the book's head.
execFileSync(process.execPath, [bin, "century-end", base, "--century", "1", "--accept-warnings"]);
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

/** The add-in's settings part with these properties. */
const settings = (properties) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{6D3A1F25-7C9B-4C3E-9A51-0A7E2B6C4D11}"><we:reference id="6d3a1f25-7c9b-4c3e-9a51-0a7e2b6c4d11" version="0.1.0.0" store="developer" storeType="Registry"/><we:alternateReferences/><we:properties>${properties}</we:properties><we:bindings/></we:webextension>`,
  );
const withParts = (extra) => Buffer.from(savePackage(new Map([...pkg.parts, ...Object.entries(extra)]), pkg));
/** The same, every part packed as tightly as deflate can (a settings part of 200 MB then fits in a file of half a megabyte). */
const packedTight = (extra) =>
  zip(
    [...new Map([...pkg.parts, ...Object.entries(extra)])].map(([n, d]) => ({
      name: n,
      packed: zlib.deflateRawSync(d, { level: 9 }),
      crc: zlib.crc32(d),
      size: d.length,
    })),
  );
/** A record in the add-in's settings as Excel writes it, of `items` short strings (about 20 bytes each in the part). */
const recordProperty = (key, items, at = 1) =>
  `<we:property name="${key}" value="${JSON.stringify({
    computer: "mwzabcdef123456",
    at,
    action: "century-end",
    words: "w",
    done: "d",
    temps: [],
    items: Array(items).fill("abcdefg"),
  })
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")}"/>`;
const record = JSON.stringify({
  computer: "mwzabcdef123456",
  at: 1,
  action: "century-end",
  words: "w",
  done: "d",
  temps: [],
  items: Array(4_500_000).fill("abcdefg"),
});
const workbookXml = Buffer.from(pkg.parts.get("xl/workbook.xml")).toString();
const century2 = ["century-end", "FILE", "--century", "2", "--accept-warnings"];
const hostile = [
  [
    "settings holding 12 MB of quotes",
    withParts({ "xl/webextensions/webextension1.xml": settings(`<we:property name="gods.note" value="${"&quot;".repeat(2_000_000)}"/>`) }),
    [century2, ["session-end", "FILE", "--mana", "Vorn=3"], ["recover", "FILE"]],
  ],
  [
    "a journal record of 45 MB",
    withParts({
      "xl/webextensions/webextension1.xml": settings(
        `<we:property name="gods.op.crafted1" value="${JSON.stringify(record).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"/>`,
      ),
    }),
    [century2, ["session-end", "FILE", "--mana", "Vorn=3"], ["recover", "FILE"], ["recover", "FILE", "--accept-warnings"], century2],
  ],
  [
    "a journal record of 200 MB",
    () => packedTight({ "xl/webextensions/webextension1.xml": settings(recordProperty("gods.op.crafted1", 10_000_000)) }),
    [century2, ["recover", "FILE"], ["recover", "FILE", "--accept-warnings"], century2],
  ],
  [
    "thirteen journal records of 16 MB each",
    () =>
      packedTight({
        "xl/webextensions/webextension1.xml": settings(Array.from({ length: 13 }, (_, i) => recordProperty(`gods.op.crafted${i}`, 790_000, i + 1)).join("")),
      }),
    [century2, ["recover", "FILE"], ["recover", "FILE", "--accept-warnings"], century2],
  ],
  [
    "twenty-six journal records of 8 MB each",
    () =>
      packedTight({
        "xl/webextensions/webextension1.xml": settings(Array.from({ length: 26 }, (_, i) => recordProperty(`gods.op.crafted${i}`, 395_000, i + 1)).join("")),
      }),
    [century2, ["recover", "FILE"], ["recover", "FILE", "--accept-warnings"], century2],
  ],
  [
    "a book's head of 10 MB",
    withParts({ "xl/workbook.xml": Buffer.from(workbookXml.replace(/(<definedName name="GodsBook"[^>]*>)[^<]*/, `$1"${"a".repeat(10_000_000)}"`)) }),
    [century2, ["session-end", "FILE", "--mana", "Vorn=3"], ["recover", "FILE"], ["ledger", "reseal", "FILE", "--because", "the head was garbled"], century2],
  ],
];

/** Runs gods on `file` in a process of its own: exit code, wall and processor seconds, peak memory, and its first line. */
function measure(args) {
  const run = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", process.execPath, bin, ...args], { encoding: "utf8" });
  const [seconds, user, system, kb] = run.stderr.trim().split("\n").pop().split(" ").map(Number);
  const said = (run.status === 0 ? run.stdout : run.stderr)
    .trim()
    .split("\n")[0]
    .replace(/^gods [a-z-]+: /, "")
    .slice(0, 90);
  return `exit ${run.status}, ${seconds.toFixed(2)} s (processor ${(user + system).toFixed(2)} s), peak ${(kb / 1024).toFixed(0)} MB — ${said}`;
}

/** `node scripts/hostile-bench.js head` runs only the cases whose name holds "head". */
const only = process.argv.slice(2).join(" ").toLowerCase();
const chosen = (name) => name.toLowerCase().includes(only);

for (const [name, bytes] of cases.filter(([name]) => chosen(name))) {
  const file = path.join(dir, "case.xlsx");
  fs.writeFileSync(file, bytes);
  console.log(`${name}: file ${(bytes.length / 1024).toFixed(0)} KB, ${measure(["century-end", file, "--century", "2", "--accept-warnings"])}`);
}
for (const [name, made, commands] of hostile.filter(([name]) => chosen(name))) {
  // The largest are made only when chosen, one at a time.
  const bytes = typeof made === "function" ? made() : made;
  const file = path.join(dir, "case.xlsx");
  fs.writeFileSync(file, bytes);
  // One after another on the same file: the way forward each names is taken, then the campaign goes on.
  for (const command of commands) {
    const args = command.map((a) => (a === "FILE" ? file : a));
    console.log(`${name} (file ${(bytes.length / 1024).toFixed(0)} KB), gods ${command.filter((a) => a !== "FILE").join(" ")}: ${measure(args)}`);
  }
}
fs.rmSync(dir, { recursive: true, force: true });
