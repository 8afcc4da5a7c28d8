/**
 * Names holding control characters: nobody can see them, the terminal may act on them, and a
 * writer drops them (so an account would be lost). Each is refused naming the cell, and the
 * message shows the character written out, never raw.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { edit, handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { openPackage } from "../../src/workbook/xlsx/package/zip";
import { savePackage } from "../../src/workbook/xlsx/package/zipSave";
import { escapeControls } from "../../src/workbook/model/tableReader";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-names-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes the campaign with every part's text changed, and returns its file. */
async function withParts(name: string, change: (xml: string) => string): Promise<string> {
  const file = path.join(dir, name);
  await writeXlsx(handWorked(), file);
  const pkg = openPackage(fs.readFileSync(file), file);
  const parts = new Map(pkg.parts);
  let hits = 0;
  for (const [part, data] of parts) {
    if (!part.endsWith(".xml")) continue;
    const before = Buffer.from(data).toString("utf8");
    const after = change(before);
    if (after === before) continue;
    hits++;
    parts.set(part, Buffer.from(after));
  }
  expect(hits).toBeGreaterThan(0);
  fs.writeFileSync(file, savePackage(parts, pkg));
  return file;
}

const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

test("a god's name holding _x000B_ (a vertical tab, as the file writes it) is refused naming the cell", async () => {
  const file = await withParts("vt.xlsx", (xml) => xml.replace(/>Hestia</g, ">Hes_x000B_tia<"));
  const before = fs.readFileSync(file);
  const r = await gods("century-end", file, "--century", "1");
  expect(r.code).toBe(2);
  expect(r.err).toContain(
    'Gods table, row 3, column God: the name in Gods!A3 holds an invisible control character (U+000B), shown here as "Hes\\u000Btia"; retype it.',
  );
  expect(r.err).not.toMatch(RAW_CONTROL);
  expect(fs.readFileSync(file).equals(before)).toBe(true);
  expect(fs.existsSync(`${file}.lock`)).toBe(false);
});

test("an escape of the escape (_x005F_x000B_) is the text _x000B_ itself, no control character", async () => {
  const file = await withParts("literal.xlsx", (xml) => xml.replace(/>Hestia</g, ">Hestia_x005F_x000B_<"));
  const r = await gods("century-end", file, "--century", "1");
  expect(r.err).not.toMatch(/control character/);
});

test.each([
  ["a tab in a race", "Races", 1, 0, "Achaeans\t", "Races table, row 2, column Race: the name in Races!A2 holds an invisible control character (U+0009)"],
  [
    "a line break in a source",
    "Sources",
    1,
    1,
    "Battle\ndead",
    "Sources table, row 2, column Source: the name in Sources!B2 holds an invisible control character (U+000A)",
  ],
])("%s is refused, shown escaped", async (name, table, row, col, value, message) => {
  const file = path.join(dir, `${name.replace(/\W+/g, "-")}.xlsx`);
  await writeXlsx(
    edit((t) => (((t[table] as unknown[][])[row] as unknown[])[col] = value)),
    file,
  );
  const r = await gods("century-end", file, "--century", "1");
  expect(r.code).toBe(2);
  expect(r.err).toContain(message);
  expect(r.err).not.toMatch(RAW_CONTROL);
});

test.each([
  [
    "an escape sequence in a cause",
    />war</g,
    ">war_x001B_[2J<",
    'Deaths table, row 2, column Cause: the name in Deaths!B2 holds an invisible control character (U+001B), shown here as "war\\u001B[2J"',
  ],
  [
    "DEL in a god",
    />Ares</g,
    ">Ares\u007f<",
    'Gods table, row 2, column God: the name in Gods!A2 holds an invisible control character (U+007F), shown here as "Ares\\u007F"',
  ],
  [
    "NUL in a god, as the file escapes it",
    />Ares</g,
    ">A_x0000_res<",
    "Gods table, row 2, column God: the name in Gods!A2 holds an invisible control character (U+0000)",
  ],
])("%s (written into the file) is refused, shown escaped", async (name, find, replace, message) => {
  const file = await withParts(`${name.replace(/\W+/g, "-")}.xlsx`, (xml) => xml.replace(find, replace));
  const r = await gods("century-end", file, "--century", "1");
  expect(r.code).toBe(2);
  expect(r.err).toContain(message);
  expect(r.err).not.toMatch(RAW_CONTROL);
});

test("a note may run over several lines", async () => {
  const file = path.join(dir, "note.xlsx");
  await writeXlsx(
    edit((t) => (((t.Deaths as unknown[][])[1] as unknown[])[4] = "first line\nsecond line")),
    file,
  );
  const r = await gods("century-end", file, "--century", "1");
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
});

test("escapeControls writes out every character below U+0020 and DEL, and leaves the rest", () => {
  expect(escapeControls("a\u0000b\u001fc\u007fd é")).toBe("a\\u0000b\\u001Fc\\u007Fd é");
});
