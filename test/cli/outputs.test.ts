/**
 * What a command writes never lands on the workbook it reads: an --out or --pdf that is the
 * workbook itself, a link to it, or another name of the same file (a hard link) is refused before
 * anything runs, in one plain sentence, and the workbook is left as it was. The PDF is written
 * beside its place and renamed into it, so a file that shares its bytes with another keeps them.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { exampleTables, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";

let dir: string;
let example: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-outputs-"));
  example = path.join(dir, "example.xlsx");
  await writeXlsx(exampleTables(), example);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A fresh copy of the campaign in a folder of its own, under `name`. */
function campaign(name = "camp.xlsx"): string {
  const folder = path.join(dir, `case-${++n}`);
  fs.mkdirSync(folder);
  const file = path.join(folder, name);
  fs.copyFileSync(example, file);
  return file;
}

/** Every command that takes --out, with the arguments it needs besides the file. */
const COMMANDS: readonly (readonly string[])[] = [
  ["century-end", "--century", "1"],
  ["event", "God obliterated"],
  ["era-end", "--century", "1"],
  ["debit", "Vorn", "5", "--what", "loss"],
  ["undo"],
  ["war", "River Men", "Ultra-Dwarves"],
  ["disaster", "River Men=5"],
  ["growth"],
  ["packet"],
  ["ledger", "reseal", "--because", "checked"],
  ["rename", "Vorn", "Vorne"],
  ["session-end", "--mana", "Vorn=3"],
  ["cards", "Vorn", "Hearth", "+1"],
  ["recover"],
];

/** Runs `gods CMD FILE ARGS…`, the ledger's action before the file. */
function run(command: readonly string[], file: string, ...more: string[]) {
  const [name, ...rest] = command;
  const args = name === "ledger" ? [name, rest[0] as string, file, ...rest.slice(1)] : [name as string, file, ...rest];
  return gods(...args, ...more);
}

describe("--out that is the workbook", () => {
  test.each(COMMANDS.map((c) => [c.join(" "), c] as const))("gods %s: the same path, a link to it and a hard link are refused", async (_name, command) => {
    const file = campaign();
    const before = fs.readFileSync(file);
    const link = path.join(path.dirname(file), "link.xlsx");
    fs.symlinkSync(file, link);
    const hard = path.join(path.dirname(file), "hard.xlsx");
    fs.linkSync(file, hard);
    const cases: [string, RegExp][] = [
      [file, / is the workbook itself; --out is for writing the result to another file/],
      [path.relative(process.cwd(), file), / is the workbook itself; /],
      [link, / is a link to the workbook .*camp\.xlsx; /],
      [hard, / is another name of the workbook .*camp\.xlsx \(a hard link: the same file\); /],
    ];
    for (const [out, said] of cases) {
      for (const dry of [[], ["--dry-run"]]) {
        const r = await run(command, file, "--out", out, ...dry);
        expect(r).toEqual({ code: 2, out: "", err: expect.stringMatching(said) as unknown });
        expect(r.err).toContain(`--out ${out} `);
        expect(r.err.trim().split("\n")).toHaveLength(1);
        expect(r.err).toMatch(/Nothing was written\.\n$/);
      }
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(["camp.xlsx", "hard.xlsx", "link.xlsx"]);
  });

  test("the workbook reached by a link is refused as --out of the workbook named by that link, and the other way round", async () => {
    const file = campaign();
    const link = path.join(path.dirname(file), "link.xlsx");
    fs.symlinkSync(file, link);
    expect((await gods("growth", link, "--out", file)).err).toMatch(/--out .*camp\.xlsx is the workbook itself; /);
    expect((await gods("growth", file, "--out", link)).err).toMatch(/--out .*link\.xlsx is a link to the workbook /);
  });

  test("another file is written as before", async () => {
    const file = campaign();
    const other = path.join(path.dirname(file), "other.xlsx");
    expect((await gods("growth", file, "--out", other)).code).toBe(0);
    expect(fs.existsSync(other)).toBe(true);
  });
});

describe("--pdf that is the workbook", () => {
  test("a workbook named .pdf, a link to it, a hard link: refused before LibreOffice is looked for", async () => {
    const file = campaign("camp.pdf");
    const before = fs.readFileSync(file);
    const folder = path.dirname(file);
    fs.symlinkSync(file, path.join(folder, "link.pdf"));
    fs.linkSync(file, path.join(folder, "hard.pdf"));
    const cases: [string, string][] = [
      [file, `--pdf ${file} is the workbook itself; the PDF would be written over the campaign: name another file for --pdf. Nothing was written.`],
      [
        path.join(folder, "link.pdf"),
        `--pdf ${path.join(folder, "link.pdf")} is a link to the workbook ${file}; the PDF would be written over the campaign: name another file for --pdf. Nothing was written.`,
      ],
      [
        path.join(folder, "hard.pdf"),
        `--pdf ${path.join(folder, "hard.pdf")} is another name of the workbook ${file} (a hard link: the same file); the PDF would be written over the campaign: name another file for --pdf. Nothing was written.`,
      ],
    ];
    for (const [pdf, said] of cases) {
      const r = await gods("packet", file, "--pdf", pdf);
      expect(r).toEqual({ code: 2, out: "", err: `gods packet: ${said}\n` });
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(folder).sort()).toEqual(["camp.pdf", "hard.pdf", "link.pdf"]);
  });

  test("a --pdf that is a folder is refused", async () => {
    const file = campaign();
    const folder = path.join(path.dirname(file), "print.pdf");
    fs.mkdirSync(folder);
    expect(await gods("packet", file, "--pdf", folder)).toEqual({
      code: 2,
      out: "",
      err: `gods packet: --pdf ${folder} is a folder: name the file to write. Nothing was written.\n`,
    });
  });
});
