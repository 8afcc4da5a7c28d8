/**
 * The command line's manners: warnings that change pay stop the write (exit 3) until accepted,
 * --dry-run writes nothing, --help and --version, --json answers with one object also on
 * failure, a workbook open in another program is refused, a closed pipe ends quietly.
 */
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as lockfile from "proper-lockfile";
import { handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { stringContaining, stringMatching } from "../support/matchers";

const root = path.resolve(__dirname, "..", "..");
let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-manners-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let count = 0;
/** The hand-worked campaign (its century 2 has no count of Hearths) on a new file, century 1 paid when asked. */
async function campaign(paid = false): Promise<string> {
  const file = path.join(dir, `c${++count}.xlsx`);
  await writeXlsx(handWorked(), file);
  if (paid) expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
  return file;
}

const HEARTHS =
  'Counts table: "Hearths" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Hearths, Count), or accept 0.';

describe("a warning that changes pay", () => {
  test("stops the write with exit 3, naming it and the way on; --accept-warnings pays", async () => {
    const file = await campaign(true);
    const before = fs.readFileSync(file);
    const held = await gods("century-end", file, "--century", "2");
    expect(held.code).toBe(3);
    expect(held.out).toBe("");
    expect(held.err).toBe(
      `A warning changes what someone would be paid, so nothing was written. Read it, correct the workbook, and run the command again; or, to pay as it stands, add --accept-warnings.\n- ${HEARTHS}\n`,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const json = await gods("century-end", file, "--century", "2", "--json");
    expect(json.code).toBe(3);
    expect(json.err).toBe("");
    expect(JSON.parse(json.out)).toEqual({
      error: stringMatching(/^A warning changes what someone would be paid/),
      problems: [{ table: "Counts", row: null, column: null, message: HEARTHS.replace(/^Counts table: /, "") }],
      warnings: [HEARTHS],
    });
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const paid = await gods("century-end", file, "--century", "2", "--accept-warnings");
    expect(paid.code).toBe(0);
    expect(paid.out).toContain(`Warning: ${HEARTHS}`);
    expect(fs.readFileSync(file).equals(before)).toBe(false);
  });
});

describe("a warning that changes pay, on a dry run", () => {
  test("the figures are shown with the warnings, as they would be paid once accepted; exit 3 says a real run would stop", async () => {
    const file = await campaign(true);
    const before = fs.readFileSync(file);
    const accepted = await gods("century-end", file, "--century", "2", "--dry-run", "--accept-warnings");
    expect(accepted.code).toBe(0);
    // Hestia: 20.34 earned, 20 paid, 0.68 kept (worked by hand in test/workbook/centuryEnd.test.ts).
    expect(accepted.out).toMatch(/^Century 2: mana for each god\nGod +Before +Earned +Paid +Kept\n[\s\S]*\nHestia +0\.34 +20\.34 +20 +0\.68\n/);
    expect(accepted.out).toContain(`Warning: ${HEARTHS}\nDry run: nothing was written to ${file}.\n`);

    const dry = await gods("century-end", file, "--century", "2", "--dry-run");
    expect(dry).toEqual({
      code: 3,
      out: accepted.out,
      err: `A warning changes what someone would be paid: without --dry-run nothing would be written. Read it and correct the workbook, or, to pay as it stands, add --accept-warnings:\n- ${HEARTHS}\n`,
    });
    const json = await gods("century-end", file, "--century", "2", "--dry-run", "--json");
    expect(json.code).toBe(3);
    expect(json.err).toBe("");
    expect(JSON.parse(json.out)).toEqual(JSON.parse((await gods("century-end", file, "--century", "2", "--dry-run", "--json", "--accept-warnings")).out));
    expect(JSON.parse(json.out)).toMatchObject({
      century: 2,
      recipients: [{ god: "Ares" }, { god: "Hestia", earned: 20.34, paid: 20 }, { god: "Demons" }],
      warnings: [HEARTHS],
    });
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});

describe("--dry-run", () => {
  test("century-end, event, era-end and undo show the same summary and write nothing", async () => {
    const file = path.join(dir, "example.xlsx");
    expect((await gods("init", file, "--example")).code).toBe(0);
    const fresh = fs.readFileSync(file);
    const century = await gods("century-end", file, "--century", "1", "--dry-run");
    expect(century.code).toBe(0);
    expect(century.out).toMatch(/^Century 1: mana for each god\n/);
    expect(century.out).toContain(`Dry run: nothing was written to ${file}.`);
    expect(fs.readFileSync(file).equals(fresh)).toBe(true);

    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
    const paid = fs.readFileSync(file);
    const event = await gods("event", file, "God obliterated", "--dry-run", "--json");
    expect(event.code).toBe(0);
    expect(JSON.parse(event.out)).toMatchObject({ event: "God obliterated", times: 1, credit: "God obliterated", century: 2, warnings: [] });
    // The example counts its era-end sources in century 2, so century 1's era counts 0: accepted.
    const era = await gods("era-end", file, "--century", "1", "--dry-run", "--accept-warnings");
    expect(era.code).toBe(0);
    expect(era.out).toContain("Dry run: nothing was written");
    expect(fs.readFileSync(file).equals(paid)).toBe(true);

    expect((await gods("event", file, "God obliterated")).code).toBe(0);
    const credited = fs.readFileSync(file);
    const undo = await gods("undo", file, "--dry-run");
    expect(undo.code).toBe(0);
    expect(undo.out).toMatch(/^Would take back the event "God obliterated" in century 2:/);
    expect(undo.out).toContain("Take 2 mana back out of Vorn's box at the distribution point");
    expect(undo.out).toContain("Take 1 mana back out of Demons's box at the distribution point");
    expect(fs.readFileSync(file).equals(credited)).toBe(true);

    const json = JSON.parse((await gods("undo", file, "--json")).out) as { takeBack: unknown; warnings: unknown };
    expect(json.takeBack).toEqual([
      { god: "Vorn", mana: 2 },
      { god: "Demons", mana: 1 },
    ]);
    expect(json.warnings).toEqual([]);
  });
});

describe("help, version and JSON errors", () => {
  test("gods CMD --help prints that command's usage and exits 0; gods --version its version", async () => {
    for (const command of ["century-end", "event", "era-end", "undo", "war", "disaster", "growth", "packet", "init", "fn"]) {
      const r = await gods(command, "--help");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^Usage:\\n  gods ${command} `));
      expect(r.err).toBe("");
    }
    expect((await gods("war", "campaign.xlsx", "-h")).code).toBe(0);
    const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    expect(await gods("--version")).toEqual({ out: `gods ${version.version}\n`, err: "", code: 0 });
    expect((await gods("help", "undo")).out).toMatch(/^Usage:\n {2}gods undo FILE\.xlsx/);
  });

  test("with --json a refusal is one JSON object on stdout, with the same exit code", async () => {
    const bad = await gods("event", "x.xlsx", "Feast", "--times", "0", "--json");
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("");
    expect(JSON.parse(bad.out)).toEqual({ error: "gods event: --times needs a whole number, 1 or more.", problems: [], warnings: [] });
    const missing = await gods("century-end", path.join(dir, "nowhere.xlsx"), "--century", "1", "--json");
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.out)).toMatchObject({ error: stringMatching(/^gods century-end: there is no file /) });
    const unknown = await gods("payday", "--json");
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.out)).toMatchObject({ error: 'gods: unknown command "payday". gods help lists every command.' });

    // Errors in the workbook: each as {table, row, column, message}.
    const file = await campaign();
    const broken = path.join(dir, "broken.xlsx");
    const tables = handWorked();
    (tables.Cards as unknown[][])[1] = ["Ares", "War", "two"];
    await writeXlsx(tables, broken);
    const r = await gods("century-end", broken, "--century", "1", "--json");
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toEqual({
      error: "Century 1 was not calculated: the workbook has 1 problem to fix first. Nothing was written.",
      problems: [{ table: "Cards", row: 2, column: "Cards", message: stringContaining('"two" is not a number') }],
      warnings: [stringContaining("The Deaths row 5 is dated century 2, the next century")],
    });
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe("a workbook open in another program", () => {
  test.each([
    ["LibreOffice", (name: string) => `.~lock.${name}#`, ",Ann,gm-laptop,24.11.2026 10:02,file:///home/ann/.config/libreoffice/4;"],
    ["Excel", (name: string) => `~$${name}`, "\u0003Ann"],
  ])("open in %s: refused in one sentence naming it, the file unchanged; deleting a stale lock file lets it go on", async (program, lockName, content) => {
    const file = await campaign();
    const lock = path.join(dir, lockName(path.basename(file)));
    fs.writeFileSync(lock, content);
    const before = fs.readFileSync(file);
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^gods century-end: .*c\\d+\\.xlsx is open in ${program}`));
    expect(r.err).toContain(`delete the lock file ${path.basename(lock)} beside the workbook`);
    if (program === "LibreOffice") expect(r.err).toContain("(by Ann on gm-laptop since 24.11.2026 10:02)");
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    // A dry run writes nothing: it goes ahead while the other program has the file open.
    const dry = await gods("century-end", file, "--century", "1", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("Dry run: nothing was written");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    fs.rmSync(lock);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
  });

  test("while another gods holds the campaign's lock, the command says it is waiting", async () => {
    const file = await campaign();
    const release = await lockfile.lock(fs.realpathSync(file), { realpath: false, stale: 30_000 });
    const run = gods("century-end", file, "--century", "1");
    await new Promise((resolve) => setTimeout(resolve, 600));
    await release();
    const r = await run;
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^gods century-end: another gods command is working on c\d+\.xlsx; waiting for it to finish…\n$/);
  });
});

describe("a closed pipe", () => {
  test("gods … | head -1 writes the file and ends quietly", async () => {
    execFileSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(root, "tsconfig.cli.json")], { cwd: root });
    const file = await campaign();
    const before = fs.readFileSync(file);
    const r = spawnSync(
      "bash",
      ["-c", `set -o pipefail; "${process.execPath}" "${path.join(root, "bin", "gods.js")}" century-end "${file}" --century 1 | head -1`],
      { encoding: "utf8" },
    );
    expect(r.stdout).toBe("Century 1: mana for each god\n");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(fs.readFileSync(file).equals(before)).toBe(false);
  });
});

describe("a word mistyped", () => {
  test("a misspelt command gets one line with the likely one, not the whole help", async () => {
    const r = await gods("centry-end", "c.xlsx", "--century", "1");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe('gods: unknown command "centry-end". Did you mean "century-end"? gods help lists every command.\n');
    const far = await gods("frobnicate");
    expect(far.err).toBe('gods: unknown command "frobnicate". gods help lists every command.\n');
    const json = await gods("centry-end", "--json");
    expect(JSON.parse(json.out)).toEqual({
      error: 'gods: unknown command "centry-end". Did you mean "century-end"? gods help lists every command.',
      problems: [],
      warnings: [],
    });
  });

  test("the century typed without --century: named as the century, with the option to write", async () => {
    const hint = "gods century-end: 4 looks like the century; give it as --century 4 (for example gods century-end campaign.xlsx --century 4).\n";
    for (const args of [
      ["c.xlsx", "4"],
      ["4", "c.xlsx"],
    ]) {
      const r = await gods("century-end", ...args);
      expect(r).toEqual({ out: "", err: hint, code: 2 });
    }
    const json = await gods("century-end", "c.xlsx", "4", "--json");
    expect(JSON.parse(json.out)).toEqual({ error: hint.trim(), problems: [], warnings: [] });
    // Two files, or a century given as well: still one workbook file too many.
    expect((await gods("century-end", "c.xlsx", "d.xlsx")).err).toMatch(/^gods century-end needs exactly one workbook file\.\n\nUsage:/);
    expect((await gods("century-end", "c.xlsx", "4", "--century", "4")).err).toMatch(/^gods century-end needs exactly one workbook file\./);
  });

  test("a misspelt option gets the likely one", async () => {
    const r = await gods("century-end", "c.xlsx", "--centry", "4");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^gods century-end: unknown option --centry\. Did you mean --century\?\n\nUsage:\n {2}gods century-end FILE\.xlsx --century N/);
    expect(JSON.parse((await gods("century-end", "c.xlsx", "--centry=4", "--json")).out)).toEqual({
      error: "gods century-end: unknown option --centry. Did you mean --century?",
      problems: [],
      warnings: [],
    });
    expect((await gods("event", "c.xlsx", "Feast", "--dryrun")).err).toMatch(/^gods event: unknown option --dryrun\. Did you mean --dry-run\?\n/);
    expect((await gods("war", "c.xlsx", "A", "B", "--Military", "A=2")).err).toMatch(/^gods war: unknown option --Military\. Did you mean --military\?\n/);
    expect((await gods("undo", "c.xlsx", "--frobnicate")).err).toMatch(/^gods undo: unknown option --frobnicate\.\n\nUsage:/);
  });

  test("gods fn … --json answers one object; --json is no argument of the function", async () => {
    expect(JSON.parse((await gods("fn", "TOLL", "7", "--json")).out)).toEqual({ function: "GODS.TOLL", result: 3 });
    const bad = await gods("fn", "TOLL", "2.5", "--json");
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toEqual({
      function: "GODS.TOLL",
      error: "#VALUE!",
      message: expect.stringMatching(/^TOLL: amount must be a whole number/) as unknown,
    });
    const range = JSON.parse((await gods("fn", "--json", "PANTHEONCHECK", '[["Vorn"],["Atheism"]]', "[[60],[40]]")).out) as {
      function: string;
      result: unknown;
    };
    expect(range.function).toBe("GODS.PANTHEONCHECK");
    const unknown = await gods("fn", "TOLLL", "7", "--json");
    expect(JSON.parse(unknown.out)).toEqual({ function: "TOLLL", error: "#NAME?", message: 'There is no function GODS.TOLLL. Did you mean "TOLL"?' });
    // Without --json, as before.
    expect((await gods("fn", "TOLL", "7")).out).toBe("3\n");
  });

  test("gods session-end for Demons says the pool is no character, naming the demons to give", async () => {
    const file = await campaign();
    const r = await gods("session-end", file, "--mana", "Demons=12", "--date", "2026-03-14");
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "Demons is the demons' shared pool of mana sources, not a character: a session's end records what each character holds, so give each demon by name (Lilith).",
    );
  });
});

describe("what a command loads", () => {
  test("only what it needs: gods fn and gods help load none of the workbook's reading and writing", () => {
    execFileSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(root, "tsconfig.cli.json")], { cwd: root });
    const loaded = (...argv: string[]) => {
      const script = `require(${JSON.stringify(path.join(root, "build", "cli", "main.js"))}).main(${JSON.stringify(argv)}, { out: () => undefined, err: () => undefined }).then(() => process.stdout.write(JSON.stringify(Object.keys(require.cache))))`;
      return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as string[];
    };
    // The words of a problem (src/workbook/words.ts) are fine; reading, planning and writing a workbook are not.
    const workbook = (mods: string[]) => mods.filter((m) => /[\\/]build[\\/]workbook[\\/](xlsx|read|plan|actions|office)[\\/]|exceljs|fflate|saxes/.test(m));
    expect(workbook(loaded("fn", "TOLL", "7"))).toEqual([]);
    expect(workbook(loaded("help"))).toEqual([]);
    expect(loaded("help").length).toBeLessThan(15);
    // A command on a file loads the file's code, and still not exceljs (only gods init writes with it).
    expect(loaded("century-end", path.join(dir, "none.xlsx"), "--century", "1").some((m) => /exceljs/.test(m))).toBe(false);
  });
});

describe("what reaches the terminal", () => {
  test("control and escape characters someone typed are written out, never sent raw", async () => {
    execFileSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(root, "tsconfig.cli.json")], { cwd: root });
    const file = await campaign(true);
    const before = fs.readFileSync(file);
    const r = spawnSync(process.execPath, [path.join(root, "bin", "gods.js"), "debit", file, "Ar\u001b[2Jes", "5", "--what", "Lord\u0007s \u009b31m loss"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Ar\\u001B[2Jes");
    expect(r.stderr + r.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F\u009B]/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});

describe("the first century end", () => {
  test("one that would leave earlier deaths unpaid is refused; --first-century says the campaign starts there", async () => {
    const file = await campaign();
    const skipped = await gods("century-end", file, "--century", "2");
    expect(skipped.code).toBe(2);
    expect(skipped.err).toContain("century 2 would be the campaign's first century end, but the Deaths or Counts table has rows for century 1");
    expect((await gods("century-end", file, "--century", "2", "--first-century", "--accept-warnings")).code).toBe(0);
    const older = await gods("century-end", file, "--century", "1");
    expect(older.code).toBe(2);
    expect(older.err).toContain("century 1 was never paid: the campaign's first century end was century 2");
  });
});
