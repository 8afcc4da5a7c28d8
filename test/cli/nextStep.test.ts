/**
 * Commands that say the next step: a typo in an argument named as the argument's (with the name
 * likely meant), the century that would be right, the warnings that hold a payment listed, the
 * century in play named when --century is left out, and the game over after Era Omega's end.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { exampleTables, writeXlsx, type Rows } from "../support/campaigns";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-next-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The example campaign (Era Centrum of 2 centuries), with Era Omega of `omega` centuries when given. */
async function example(name: string, omega?: number): Promise<string> {
  const f = path.join(dir, name);
  const t = exampleTables();
  if (omega !== undefined) (t.Settings as Rows).push(["Era Omega length", omega]);
  await writeXlsx(t, f, true);
  return f;
}

async function ok(...argv: string[]): Promise<string> {
  const r = await gods(...argv);
  expect({ argv, err: r.err, code: r.code }).toEqual({ argv, err: "", code: 0 });
  return r.out;
}

describe("the end of the game on a file", () => {
  test("after Era Omega's end nothing is paid: exit 2, the game over, and the way back from an early end", async () => {
    const f = await example("over.xlsx", 1);
    await ok("century-end", f, "--century", "1");
    await ok("century-end", f, "--century", "2");
    await ok("era-end", f, "--century", "2");
    // Century 3, Era Omega's one century, has no deaths or counts of its own: accepted as it stands.
    await ok("century-end", f, "--century", "3", "--accept-warnings");
    await ok("era-end", f, "--century", "3", "--accept-warnings");
    const before = fs.readFileSync(f);
    const over =
      "the game is over: Era Omega, the last era, ended with century 3 (this row), and nothing is credited after it. If Era Omega ended too early, take its end back first (gods undo, or Undo the latest credit in the pane: the latest credit goes back first), then give Era Omega its length in the Settings table (Era Omega length).";
    for (const argv of [
      ["century-end", f, "--century", "4"],
      ["century-end", f, "--century", "4", "--accept-warnings"],
      ["event", f, "God obliterated"],
      ["era-end", f, "--century", "4"],
      ["debit", f, "Vorn", "2", "--what", "Lord's loss"],
    ]) {
      const r = await gods(...argv);
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      expect(r.err).toMatch(/Nothing was written\.\n- Ledger table, row \d+: the game is over:/);
      expect(r.err).toContain(over);
    }
    // Asked without --century: the game over is said, no century is offered.
    const bare = await gods("century-end", f);
    expect(bare.code).toBe(2);
    expect(bare.err).toBe(
      "gods century-end needs --century N, the century to end, but the game is over: Era Omega, the last era, ended with century 3, and nothing is paid after it.\n",
    );
    expect(fs.readFileSync(f).equals(before)).toBe(true);
    // Taken back, the era's end leaves century 4 to be paid (past Era Omega's length, which is said).
    expect(await ok("undo", f)).toMatch(/^Took back the era's end after century 3:/);
    const dry = await gods("century-end", f, "--century", "4", "--dry-run");
    expect(dry.err).not.toContain("the game is over");
    expect(dry.out).toMatch(/^Century 4: mana for each god\n/);
  });

  test("an Era Omega century without its length is paid: the reminder holds nothing", async () => {
    const f = await example("omega.xlsx");
    await ok("century-end", f, "--century", "1");
    await ok("century-end", f, "--century", "2");
    await ok("era-end", f, "--century", "2");
    const dry = await gods("century-end", f, "--century", "3", "--dry-run");
    // Held by its missing deaths and counts only, each listed; the reminder is a plain warning.
    expect(dry.code).toBe(3);
    expect(dry.out).toContain("Warning: Ledger table: century 3 is Era Omega's 1st century");
    const held = dry.err.split("\n").filter((l) => l.startsWith("- "));
    expect(held).toHaveLength(3);
    expect(held.join("\n")).not.toContain("no length");
    const all = dry.out.split("\n").filter((l) => l.startsWith("Warning: ")).length;
    expect(all).toBeGreaterThan(3);
    expect(dry.err.split("\n")[0]).toBe(
      `3 of the ${all} warnings change what someone would be paid: without --dry-run nothing would be written. Read them and correct the workbook, or, to pay as it stands, add --accept-warnings:`,
    );
    // Each one held is among those shown.
    for (const line of held) expect(dry.out).toContain(line.replace(/^- /, "Warning: "));
  });
});

describe("a typo in an argument is named as the argument's", () => {
  let f: string;
  beforeAll(async () => {
    f = await example("typos.xlsx");
    await ok("century-end", f, "--century", "1");
  });

  test.each([
    [
      ["debit", "Vron", "3", "--what", "Lord's loss"],
      'gods debit: GOD: "Vron" has no account: it is not a god of the Gods table, nor Demons. Did you mean "Vorn"?',
    ],
    [
      ["rename", "Vron", "Vornus"],
      'gods rename: OLD NAME: there is no god "Vron" in the Gods table, and no account of that name in the Ledger. Did you mean "Vorn"?',
    ],
    [["event", "God obliteratd"], 'gods event: EVENT: there is no event "God obliteratd". Did you mean "God obliterated"?'],
    [["cards", "Kettuu", "War", "+1"], 'gods cards: GOD: "Kettuu" is not in the Gods table. Did you mean "Kettu"?'],
    [["cards", "Kettu", "Warr", "+1"], 'gods cards: SPHERE: "Warr" is not a sphere of the Sources table. Did you mean "War"?'],
    [["session-end", "--mana", "Solar=4"], 'gods session-end: --mana: "Solar" is not in the Gods table. Did you mean "Solara"?'],
    [["war", "Ash Orks", "Low Elves"], 'gods war: RACE: "Ash Orks" is not in the Races table. Did you mean "Ash Orcs"?'],
    [["century-end", "--century", "3"], "gods century-end: --century: the Ledger's latest century is 1, so the next one is 2, not 3: give --century 2."],
    [
      ["event", "God obliterated", "--century", "5"],
      "gods event: --century: an event is credited in the century in play (2), not in century 5: give --century 2, or leave --century out.",
    ],
  ])("%j", async (argv, said) => {
    const before = fs.readFileSync(f);
    const [command, ...rest] = argv as [string, ...string[]];
    const r = await gods(command, f, ...rest);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toMatch(new RegExp(`^${said.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(r.err).not.toContain("the workbook has");
    expect(r.err.trimEnd().endsWith("Nothing was written.")).toBe(true);
    expect(fs.readFileSync(f).equals(before)).toBe(true);
  });

  test("two at once are listed by argument; in JSON each problem names its argument", async () => {
    const r = await gods("debit", f, "Vron", "-3", "--what", "loss");
    expect(r.err).toBe(
      'gods debit: 2 arguments need correcting. Nothing was written.\n- GOD: "Vron" has no account: it is not a god of the Gods table, nor Demons. Did you mean "Vorn"?\n- N: a debit takes more than 0 and at most 1,000,000 mana, not "-3".\n',
    );
    const json = JSON.parse((await gods("debit", f, "Vron", "3", "--what", "loss", "--json")).out) as { problems: { argument?: string }[] };
    expect(json.problems.map((p) => p.argument)).toEqual(["GOD"]);
  });
});

describe("the century that would be right", () => {
  test("an era's end asked for an earlier century names the latest, and the credits to take back first", async () => {
    const f = await example("late.xlsx");
    await ok("century-end", f, "--century", "1");
    await ok("century-end", f, "--century", "2");
    await ok("century-end", f, "--century", "3", "--accept-warnings");
    await ok("event", f, "God obliterated");
    const r = await gods("era-end", f, "--century", "2");
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "gods era-end: --century: century 3 has ended since century 2, and a century end cannot be taken back (undo takes back events, debits and era ends): the era can no longer end with century 2. It can end now, late, with century 3's counts: gods era-end --century 3, after taking back the credit made since it ended (gods undo, or Undo the latest credit in the pane). Nothing was written.\n",
    );
    // That advice works: the event taken back, the era ends with century 3.
    await ok("undo", f);
    expect((await gods("era-end", f, "--century", "3", "--accept-warnings")).code).toBe(0);
  });

  test("without --century the century in play is named, and nothing is picked: run twice, nothing is paid", async () => {
    const f = await example("bare.xlsx");
    const before = fs.readFileSync(f);
    const first = await gods("century-end", f);
    expect(first.code).toBe(2);
    expect(first.err).toBe(
      `gods century-end needs --century N, the century to end: no century has ended yet, so the century in play is 1 (gods century-end ${f} --century 1). It is never picked for you, so that a command run twice does not pay two centuries.\n`,
    );
    await ok("century-end", f, "--century", "1");
    const after = fs.readFileSync(f);
    expect((await gods("century-end", f)).err).toContain("the latest century end is 1, so the century in play is 2");
    expect((await gods("century-end", f)).code).toBe(2);
    expect(fs.readFileSync(f).equals(after)).toBe(true);
    expect(after.equals(before)).toBe(false);
    expect((await gods("era-end", f)).err).toBe(
      `gods era-end needs --century N: the century that closes the era, or 0 for Era Aleph's end, before the first century. An era ends right after its last century: the latest century end is 1 (gods era-end ${f} --century 1).\n`,
    );
  });
});
