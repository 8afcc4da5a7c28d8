/**
 * Hostile or damaged packages, built here small on disk: a part whose declared size lies, a
 * deflate bomb, a wrong CRC-32, a DOCTYPE hiding a second root element, text that is not UTF-8.
 * Each is refused in one sentence, reading no more than the limits, and the file is unchanged.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as zlib from "zlib";
import { handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { openPackage, FileProblem, PART_LIMIT } from "../../src/workbook/xlsx/package/zip";

let dir: string;
let parts: Map<string, Uint8Array>;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-hostile-"));
  const file = path.join(dir, "base.xlsx");
  await writeXlsx(handWorked(), file);
  parts = new Map(openPackage(fs.readFileSync(file), file).parts);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Entry {
  readonly name: string;
  /** the deflated bytes, as stored */
  readonly packed: Uint8Array;
  readonly crc: number;
  readonly size: number;
}

const honest = (name: string, data: Uint8Array): Entry => ({ name, packed: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length });

const le = (...values: [number, 2 | 4][]) =>
  Buffer.concat(
    values.map(([v, n]) => {
      const b = Buffer.alloc(n);
      if (n === 2) b.writeUInt16LE(v);
      else b.writeUInt32LE(v >>> 0);
      return b;
    }),
  );

/** A zip written field by field, so that its sizes and CRCs say whatever a test wants; `tail` lies after the end record. */
function zip(entries: readonly Entry[], tail = Buffer.alloc(0)): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.concat([
      le([0x04034b50, 4], [20, 2], [0, 2], [8, 2], [0, 2], [0x21, 2], [e.crc, 4], [e.packed.length, 4], [e.size, 4], [name.length, 2], [0, 2]),
      name,
      e.packed,
    ]);
    central.push(
      le(
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
      ),
      name,
    );
    chunks.push(local);
    offset += local.length;
  }
  const dirBytes = Buffer.concat(central);
  return Buffer.concat([
    ...chunks,
    dirBytes,
    le([0x06054b50, 4], [0, 2], [0, 2], [entries.length, 2], [entries.length, 2], [dirBytes.length, 4], [offset, 4], [0, 2]),
    tail,
  ]);
}

/** The campaign's parts with some replaced or added, as entries. */
function campaignWith(replaced: Record<string, Entry>): Entry[] {
  const added = Object.values(replaced).filter((e) => !parts.has(e.name));
  return [...[...parts].map(([name, data]) => replaced[name] ?? honest(name, data)), ...added];
}

/** `mib` MiB of zeros deflated without ever holding them: one flushed block of 1 MiB, repeated, then an empty final block. */
function bomb(mib: number): Uint8Array {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => block), zlib.deflateRawSync(Buffer.alloc(0))]);
}

const sheetPart = () => [...parts.keys()].find((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)) as string;

async function refused(name: string, bytes: Buffer, message: RegExp): Promise<void> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const started = Date.now();
  const r = await gods("century-end", file, "--century", "1");
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(r.code).toBe(2);
  expect(r.err.trim().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(message);
  expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  expect(fs.existsSync(`${file}.lock`)).toBe(false);
}

describe("sizes are counted, not trusted", () => {
  test("a 1 GiB part declared as 1000 bytes is refused once the part limit is read", async () => {
    const packed = bomb(1024);
    expect(packed.length).toBeLessThan(2_000_000);
    const bytes = zip(campaignWith({ [sheetPart()]: { name: sheetPart(), packed, crc: 0, size: 1000 } }));
    await refused(
      "liar.xlsx",
      bytes,
      new RegExp(`liar\\.xlsx holds a part \\(${sheetPart().replace(/\./g, "\\.")}\\) over ${PART_LIMIT / 1024 / 1024} MB once unpacked`),
    );
  });

  test("the same through the streaming reader (a zip whose directory cannot be located)", () => {
    const bytes = zip(campaignWith({ [sheetPart()]: { name: sheetPart(), packed: bomb(64), crc: 0, size: 1000 } }), Buffer.alloc(70_000));
    expect(() => openPackage(bytes, "far.xlsx", { part: 16 << 20, total: 1 << 30 })).toThrow(
      /far\.xlsx holds a part \(xl\/worksheets\/.*\) over 16 MB once unpacked/,
    );
  });

  test("parts each under the limit but over the total together are refused once read, in either reader", () => {
    const media = (name: string): Entry => ({ name, packed: bomb(8), crc: zlib.crc32(Buffer.alloc(8 << 20)), size: 8 << 20 });
    const whole = campaignWith({ "xl/media/a.bin": media("xl/media/a.bin"), "xl/media/b.bin": media("xl/media/b.bin") });
    const limits = { part: 10 << 20, total: 12 << 20 };
    // A zip whose directory is read unpacks a part when it is first read.
    const lazy = openPackage(zip(whole), "sum.xlsx", limits);
    expect(lazy.parts.get("xl/media/a.bin")?.length).toBe(8 << 20);
    expect(() => lazy.parts.get("xl/media/b.bin")).toThrow(/sum\.xlsx unpacks to over 12 MB in all \(reading stopped at xl\/media\/b\.bin\)/);
    expect(() => openPackage(zip(whole, Buffer.alloc(70_000)), "sum.xlsx", limits)).toThrow(
      /sum\.xlsx unpacks to over 12 MB in all \(reading stopped at xl\/media\/b\.bin\)/,
    );
  });

  test("a part whose CRC-32 or size differs from the zip's is damaged, named", async () => {
    const name = sheetPart();
    const good = honest(name, parts.get(name) as Uint8Array);
    await refused(
      "crc.xlsx",
      zip(campaignWith({ [name]: { ...good, crc: (good.crc ^ 1) >>> 0 } })),
      /crc\.xlsx is damaged: its part xl\/worksheets\/.* does not unpack to what the file says it holds/,
    );
    await refused("size.xlsx", zip(campaignWith({ [name]: { ...good, size: good.size - 1 } })), /size\.xlsx is damaged: its part xl\/worksheets\//);
  });

  test("a part no command reads is neither unpacked nor checked: it leaves as the file stored it", async () => {
    const packed = bomb(1024);
    const bytes = zip(campaignWith({ "xl/media/huge.bin": { name: "xl/media/huge.bin", packed, crc: 0, size: 1000 } }));
    const file = path.join(dir, "unread.xlsx");
    fs.writeFileSync(file, bytes);
    const started = Date.now();
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    const after = fs.readFileSync(file);
    expect(after.includes(Buffer.from(packed.subarray(0, 4096)))).toBe(true);
  });

  test("an honest zip written the same way opens", () => {
    expect(openPackage(zip(campaignWith({})), "fine.xlsx").parts.size).toBe(parts.size);
  });
});

describe("every reader finds the same text", () => {
  test("a DOCTYPE whose entity holds a fake <workbook> is refused", async () => {
    const name = "xl/workbook.xml";
    const xml = Buffer.from(parts.get(name) as Uint8Array).toString("utf8");
    const hostile = xml.replace(/^(<\?xml[^>]*\?>)?/, `$1<!DOCTYPE workbook [<!ENTITY fake "<workbook><sheets/></workbook>">]>`);
    expect(hostile).toContain("<!DOCTYPE");
    await refused(
      "doctype.xlsx",
      zip(campaignWith({ [name]: honest(name, Buffer.from(hostile)) })),
      /doctype\.xlsx has a part \(xl\/workbook\.xml\) with a document type declaration, which Excel never writes/,
    );
  });

  test("text that is not valid UTF-8 is refused, not read as U+FFFD", async () => {
    const name = sheetPart();
    const xml = Buffer.from(parts.get(name) as Uint8Array);
    const at = xml.indexOf(">", xml.indexOf("<", 40)) + 1;
    const broken = Buffer.concat([xml.subarray(0, at), Buffer.from([0xc3, 0x28]), xml.subarray(at)]);
    await refused("utf8.xlsx", zip(campaignWith({ [name]: honest(name, broken) })), /utf8\.xlsx has a part \(.*\) whose text is not valid UTF-8/);
  });

  test("FileProblem is what the refusals are", () => {
    expect(() => openPackage(zip(campaignWith({ "xl/x.xml": honest("xl/x.xml", Buffer.from("<!DOCTYPE a><a/>")) })), "t.xlsx").parts.get("xl/x.xml")).toThrow(
      FileProblem,
    );
  });
});
