/** `gods event`, `gods era-end`, `gods debit` and `gods undo` on workbook files. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";
import { gods } from "../support/cli";

let dir: string;
let file: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-book-"));
  file = path.join(dir, "example.xlsx");
  expect((await gods("init", file, "--example")).code).toBe(0);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const ledger = async (f: string) => readWorkbook(await loadWorkbook(f)).tables.get("ledger");

describe("the mana book on a file", () => {
  test("an event, an era's end and an undo, with JSON as WORKBOOK.md gives it", async () => {
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);

    // God obliterated: the Death sphere's flat 2 for Vorn, the Demonic sphere's flat 1 for the Demons.
    const event = await gods("event", file, "god obliterated", "--json");
    expect(event.code).toBe(0);
    expect(JSON.parse(event.out)).toEqual({
      event: "God obliterated",
      times: 1,
      credit: "God obliterated",
      century: 2,
      recipients: [
        { god: "Solara", earned: 0, paid: 0, carry: 0.05 },
        { god: "Vorn", earned: 2, paid: 2, carry: 0.645 },
        { god: "Mirelle", earned: 0, paid: 0, carry: 0 },
        { god: "Kettu", earned: 0, paid: 0, carry: 0.075 },
        { god: "Demons", earned: 1, paid: 1, carry: 0.6 },
      ],
      warnings: [],
    });

    // Again by mistake: refused, the file unchanged; said to have happened again: credited.
    const before = fs.readFileSync(file);
    const twice = await gods("event", file, "God obliterated");
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(
      /^The event "God obliterated" was not credited: the workbook has 1 problem to fix first\. Nothing was written\.\n- Ledger table, row 7: "God obliterated" was the last credit/,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect((await gods("event", file, "God obliterated", "--again")).code).toBe(0);

    const undo = await gods("undo", file);
    expect(undo.code).toBe(0);
    expect(undo.out).toMatch(/^Took back the event "God obliterated #2" in century 2:/);
    expect((await ledger(file))?.rows.filter((r) => r[1] === "event")).toHaveLength(2);

    expect((await gods("century-end", file, "--century", "2")).code).toBe(0);
    const era = await gods("era-end", file, "--century", "2", "--json");
    expect(era.code).toBe(0);
    const parsed = JSON.parse(era.out) as { era: number; recipients: { god: string; earned: number }[] };
    expect(parsed.era).toBe(2);
    // Solara: Great Council flat 5 × 3 laws + Farmland 0.1 × 1 card × 24 squares; Kettu: 0.1 × 24.
    expect(parsed.recipients.map((r) => [r.god, r.earned])).toEqual([
      ["Solara", 17.4],
      ["Vorn", 0],
      ["Mirelle", 0],
      ["Kettu", 2.4],
      ["Demons", 0],
    ]);
    const rows = (await ledger(file))?.rows ?? [];
    expect(rows.map((r) => r[1])).toEqual([
      ...Array<string>(5).fill("century-end"),
      "event",
      "event",
      ...Array<string>(5).fill("century-end"),
      "era-end",
      "era-end",
    ]);
    const sheets = readWorkbook(await loadWorkbook(file)).sheetNames;
    expect(sheets).toEqual(expect.arrayContaining(["Heaven Events", "Earth Events", "Distribution Points"]));
  });

  test("an unknown event: exit 2, the known events listed, the file unchanged", async () => {
    const before = fs.readFileSync(file);
    const r = await gods("event", file, "Dragon slain");
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'gods event: EVENT: there is no event "Dragon slain". The known events: Artifact destroyed, Council law revoked, Demesne destroyed, God obliterated, Race destroyed. Nothing was written.',
    );
    // The typo is the argument's: the workbook is not said to have a problem.
    expect(r.err).not.toContain("the workbook has");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  test("arguments are checked before the file is opened", async () => {
    expect((await gods("event", file)).err).toMatch(/^gods event needs a workbook file and the event's name in quotes/);
    expect((await gods("event", file, "God obliterated", "--times", "0")).err).toBe("gods event: --times needs a whole number, 1 or more.\n");
    expect((await gods("era-end", file)).err).toBe(
      `gods era-end needs --century N: the century that closes the era, or 0 for Era Aleph's end, before the first century. An era ends right after its last century: the latest century end is 2 (gods era-end ${file} --century 2).\n`,
    );
    expect((await gods("era-end", file, "--century", "-1")).code).toBe(2);
    expect((await gods("undo", file, "--bogus")).err).toMatch(/^gods undo: unknown option --bogus\./);
    expect((await gods("debit", file, "Vorn")).err).toMatch(/^gods debit needs a workbook file, the character and the mana it loses/);
    expect((await gods("debit", file, "Vorn", "5")).err).toMatch(/^gods debit needs --what "REASON": why the mana is taken/);
  });
});

describe("a debit on a file", () => {
  test("Vorn loses 5: his carry goes first, he owes the rest, and the next century end pays the debt before his box", async () => {
    const f = path.join(dir, "debit.xlsx");
    expect((await gods("init", f, "--example")).code).toBe(0);
    expect((await gods("century-end", f, "--century", "1")).code).toBe(0); // Vorn carries 0.645
    const r = await gods("debit", f, "vorn", "5", "--what", "Lord's loss", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      debit: "Lord's loss",
      century: 2,
      recipients: [{ god: "Vorn", earned: -5, paid: 0, carry: -4.355 }],
      owes: [{ god: "Vorn", mana: 4.355 }],
      warnings: [],
    });
    // A second click is refused, the file unchanged; an unknown name is named with the nearest.
    const before = fs.readFileSync(f);
    const twice = await gods("debit", f, "Vorn", "5", "--what", "lord's loss");
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('Vorn was just debited for "lord\'s loss" (this row). If it really lost mana for it again, say so (--again');
    const typo = await gods("debit", f, "Vron", "5", "--what", "Surrender");
    expect(typo.code).toBe(2);
    expect(typo.err).toBe('gods debit: GOD: "Vron" has no account: it is not a god of the Gods table, nor Demons. Did you mean "Vorn"? Nothing was written.\n');
    expect(fs.readFileSync(f).equals(before)).toBe(true);

    // Century 2 earns Vorn 20.145: 4.355 pays the debt, 15 reach his box, 0.79 is carried.
    const c2 = await gods("century-end", f, "--century", "2");
    expect(c2.code).toBe(0);
    expect(c2.out).toMatch(/\nVorn\s+owes 4\.355\s+20\.145\s+15\s+0\.79\n/);
    const rows = (await ledger(f))?.rows ?? [];
    expect(rows.filter((row) => row[3] === "Vorn").map((row) => row.slice(1, 8))).toEqual([
      ["century-end", null, "Vorn", 45.645, 45, 0.645, "0.645"],
      ["debit", "Lord's loss", "Vorn", -5, 0, -4.355, "-4.355"],
      ["century-end", null, "Vorn", 20.145, 15, 0.79, "0.79"],
    ]);
  });
});

describe("an era's end on a file (the example's Era Centrum has 2 centuries)", () => {
  const fresh = async (name: string) => {
    const f = path.join(dir, name);
    expect((await gods("init", f, "--example")).code).toBe(0);
    return f;
  };
  const ERA_NOT_CREDITED =
    "- Ledger table: century 2, Era Centrum's last (Era Centrum length 2, counting from century 1), is paid, but the era's end is not credited: credit it first (gods era-end --century 2, or Credit the era's end in the pane), and century 3 begins Era Omega. Paid before it, century 3 would be Era Centrum's 3rd, and the era's end could no longer be credited with century 2's counts: its era-end sources would pay late, or never.";

  test("century 3 before the era's end: exit 3, the warning in the list, nothing written; credited first, it is no longer said", async () => {
    const f = await fresh("past.xlsx");
    expect((await gods("century-end", f, "--century", "1")).code).toBe(0);
    const last = await gods("century-end", f, "--century", "2");
    expect(last.code).toBe(0);
    expect(last.out).toContain(
      "Warning: Ledger table: century 2 is Era Centrum's last (century 2 of 2, counting from century 1; Era Centrum length 2): once it is paid, end the era with gods era-end --century 2, or Credit the era's end in the pane.",
    );
    const before = fs.readFileSync(f);
    const held = await gods("century-end", f, "--century", "3");
    expect(held.code).toBe(3);
    expect(held.err).toMatch(/^\d+ warnings change what someone would be paid, so nothing was written\./);
    expect(held.err.split("\n")).toContain(ERA_NOT_CREDITED);
    expect(fs.readFileSync(f).equals(before)).toBe(true);
    // The same in JSON, and on a dry run, which shows the figures with the warnings and writes nothing.
    const json = JSON.parse((await gods("century-end", f, "--century", "3", "--json")).out) as { problems: { message: string }[] };
    expect(json.problems.map((p) => p.message)).toContainEqual(ERA_NOT_CREDITED.replace("- Ledger table: ", ""));
    const dry = await gods("century-end", f, "--century", "3", "--dry-run");
    expect(dry.code).toBe(3);
    expect(dry.out).toMatch(/^Century 3: mana for each god\n/);
    expect(dry.out.split("\n")).toContain(ERA_NOT_CREDITED.replace("- ", "Warning: "));
    expect(fs.readFileSync(f).equals(before)).toBe(true);
    // The era's end first: century 3 is then held only by its own missing counts and deaths.
    expect((await gods("era-end", f, "--century", "2")).code).toBe(0);
    const after = await gods("century-end", f, "--century", "3");
    expect(after.code).toBe(3);
    expect(after.err).not.toContain("era's end is not credited");
    const paid = await gods("century-end", f, "--century", "3", "--accept-warnings");
    expect(paid.code).toBe(0);
    expect(paid.out).toContain(
      "Warning: Ledger table: century 3 is Era Omega's 1st century (counting from Era Centrum's end after century 2), and the rules give Era Omega no length, so its last century is not named: give it in the Settings table (Era Omega length), so that its end is not forgotten. Nobody's pay waits for it.",
    );
  });

  test("accepted with the others, century 3 is paid: the gamemaster has read it", async () => {
    const f = await fresh("accepted.xlsx");
    expect((await gods("century-end", f, "--century", "1")).code).toBe(0);
    expect((await gods("century-end", f, "--century", "2")).code).toBe(0);
    const r = await gods("century-end", f, "--century", "3", "--accept-warnings");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")).toContain(ERA_NOT_CREDITED.replace("- ", "Warning: "));
    // Its end can still be credited, late, with century 3's counts.
    const late = await gods("century-end", f, "--century", "4", "--dry-run");
    expect(late.out).toContain("Credit the era's end first, late, with century 3's counts (gods era-end --century 3, or Credit the era's end in the pane)");
  });

  test("an era's end before the era's last century: exit 3, said why, nothing written", async () => {
    const f = await fresh("early.xlsx");
    expect((await gods("century-end", f, "--century", "1")).code).toBe(0);
    const before = fs.readFileSync(f);
    const r = await gods("era-end", f, "--century", "1");
    expect(r.code).toBe(3);
    expect(r.err.split("\n")).toContain(
      "- Ledger table: century 1 is Era Centrum's 1st century of 2 (Era Centrum length 2, counting from century 1): the era is not over. Credited now, its end pays the era-end sources a century early, with century 1's counts, and century 2 begins Era Omega. Credit it after century 2, or give the era its true length in the Settings table (Era Centrum length).",
    );
    expect(fs.readFileSync(f).equals(before)).toBe(true);
  });

  test("Era Aleph's end before the first century; paying nobody, it is recorded, and century 1 follows", async () => {
    const f = await fresh("aleph.xlsx");
    // The example counts nothing for century 0: both era-end sources count 0, which is asked first.
    const held = await gods("era-end", f, "--century", "0");
    expect(held.code).toBe(3);
    expect(held.err).toContain('- Counts table: "Great Council" has no count for century 0');
    const r = await gods("era-end", f, "--century", "0", "--accept-warnings");
    expect(r.code).toBe(0);
    expect(r.out.split("\n").slice(0, 2)).toEqual([
      "Era Aleph's end: era-end mana",
      "Nobody was credited anything: the era's end is recorded with 0 for every recipient, so the era is over.",
    ]);
    const rows = (await ledger(f))?.rows ?? [];
    expect(rows.map((row) => row.slice(0, 6))).toEqual(
      ["Solara", "Vorn", "Mirelle", "Kettu", "Demons"].map((god) => [0, "era-end", "Era Aleph's end", god, 0, 0]),
    );
    expect((await gods("century-end", f, "--century", "1")).code).toBe(0);
    // Credited already, and too late anyway once a century has ended.
    const late = await gods("era-end", f, "--century", "0");
    expect(late.code).toBe(2);
    expect(late.err.split("\n").slice(0, 2)).toEqual([
      "Era Aleph's end was not credited: the workbook has 1 problem to fix first. Nothing was written.",
      "- Ledger table, row 2: Era Aleph's end is already credited (this row). To credit it anew, undo it first.",
    ]);
  });
});
