/**
 * The Ledger proves itself: every hand forgery of the book is refused by row (or by account, when
 * its rows are gone) before anything is written, and every legitimate edit still passes.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { resavedByLibreOffice } from "../support/libreoffice";
import { PYTHON } from "../support/python";

const EDIT = path.join(__dirname, "..", "support", "python", "ledger_edit.py");
let dir: string;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-seal-"));
  base = path.join(dir, "base.xlsx");
  expect((await gods("init", base, "--example")).code).toBe(0);
  expect((await gods("century-end", base, "--century", "1")).code).toBe(0);
  expect((await gods("event", base, "God obliterated")).code).toBe(0);
  expect((await gods("century-end", base, "--century", "2")).code).toBe(0);
  expect((await gods("event", base, "Race destroyed")).code).toBe(0);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** The base campaign edited by hand with openpyxl (see test/support/python/ledger_edit.py). */
function edited(edit: string, arg?: string): string {
  const file = path.join(dir, `${++n}-${edit}.xlsx`);
  execFileSync(PYTHON, [EDIT, base, file, edit, ...(arg === undefined ? [] : [arg])], { stdio: "pipe" });
  return file;
}

interface Answer {
  error?: string;
  problems?: { table: string; row: number | null; message: string }[];
}

/** The next credit on the file: its JSON answer and exit code, and whether the file changed. */
async function nextCredit(file: string): Promise<{ code: number; answer: Answer; unchanged: boolean }> {
  const before = fs.readFileSync(file);
  const r = await gods("event", file, "God obliterated", "--json", "--accept-warnings");
  return { code: r.code, answer: JSON.parse(r.out) as Answer, unchanged: fs.readFileSync(file).equals(before) };
}

describe("forgeries of the book", () => {
  test.each([
    ["plus100-first", undefined, /row \d+|this row/, "Earned and Paid +100 on an old row"],
    ["plus100-latest", undefined, /this row/, "Earned and Paid +100 on the latest row"],
    ["event-2-to-50", undefined, /this row/, "an event credit of 2 made 50"],
    ["duplicate-event", undefined, /added or copied by hand/, "an event row copied"],
    ["forged-event", undefined, /this row|added/, "a forged event row that adds up"],
    ["zeus", undefined, /Zeus/, "a row for a god who is not in Gods"],
    ["delete-first-of", "Vorn", /deleted by hand|changed by hand/, "a god's first row deleted"],
    ["delete-middle-of", "Vorn", /deleted by hand|does not add up/, "a god's middle row deleted"],
    ["delete-latest-credit", undefined, /deleted by hand/, "the latest credit (an event) deleted"],
    ["delete-account", "Vorn", /whole account/, "a god's whole account deleted"],
    ["ledger-gone", undefined, /no Ledger/, "the Mana sheets renamed and the Ledger deleted"],
    ["rename-in-gods", "Kettu", /Kettuus/, "a god renamed in Gods alone"],
    ["carry-plus-0.3", undefined, /this row|does not add up|not a fraction/, "the latest carry raised by 0.3"],
    ["exact-carry-1e-10", undefined, /Exact Carry|does not add up|this row/, "an Exact Carry off by 1e-10"],
    ["rename-latest-what", undefined, /this row/, "the What of the latest credit renamed"],
  ] as [string, string | undefined, RegExp, string][])("%s (%s): refused, naming it, the file unchanged — %s", async (edit, arg, message) => {
    const file = edited(edit, arg);
    const { code, answer, unchanged } = await nextCredit(file);
    expect([edit, code]).toEqual([edit, 2]);
    expect(unchanged).toBe(true);
    const ledger = (answer.problems ?? []).filter((p) => p.table === "Ledger");
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.map((p) => p.message).join(" ")).toMatch(message);
  });
});

describe("legitimate edits of the book", () => {
  test.each([["save-only"], ["sort-by-god"], ["fraction-typed"]])("%s: the next credit goes through", async (edit) => {
    const file = edited(edit);
    const { code, answer } = await nextCredit(file);
    expect([edit, code, answer.error ?? null]).toEqual([edit, 0, null]);
  });

  test("saved again by LibreOffice: the next credit goes through", async () => {
    const file = path.join(dir, "libreoffice.xlsx");
    resavedByLibreOffice(base, file);
    const { code, answer } = await nextCredit(file);
    expect([code, answer.error ?? null]).toEqual([0, null]);
  });
});

describe("correcting the book on purpose", () => {
  test("gods ledger reseal records the reason in the accounts it touches; the next credit then goes through", async () => {
    const file = edited("plus100-first");
    expect((await nextCredit(file)).code).toBe(2);
    const none = await gods("ledger", "reseal", file);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/needs --because/);
    const r = await gods("ledger", "reseal", file, "--because", "Solara won the dispute over century 1");
    expect(r.code).toBe(0);
    expect(r.out).toContain('The book is corrected ("Solara won the dispute over century 1")');
    expect(r.out).toContain("A correction row records it in the account of Solara.");
    const after = await nextCredit(file);
    expect([after.code, after.answer.error ?? null]).toEqual([0, null]);
    // Nothing left to correct: a second reseal is refused.
    const again = await gods("ledger", "reseal", file, "--because", "once more");
    expect(again.code).toBe(2);
    expect(again.err).toContain("the Ledger agrees with its seal: there is nothing to correct.");
    // The correction is not an undoable credit, and no arithmetic was mended by it.
    const dump = execFileSync(
      PYTHON,
      [
        "-c",
        `import openpyxl,sys; ws=openpyxl.load_workbook(sys.argv[1])["Ledger"]; print([[c.value for c in r] for r in ws.iter_rows(min_row=2) if r[1].value=="correction"])`,
        file,
      ],
      { encoding: "utf8" },
    );
    expect(dump).toContain("'correction', 'Solara won the dispute over century 1', 'Solara', 0, 0");
  });
});

describe("renaming a god everywhere", () => {
  const cellsOf = (file: string, sheet: string, column: string) =>
    JSON.parse(
      execFileSync(
        PYTHON,
        [
          "-c",
          `import openpyxl,sys,json; ws=openpyxl.load_workbook(sys.argv[1])[sys.argv[2]]; h=[c.value for c in ws[1]]; i=h.index(sys.argv[3]); print(json.dumps([r[i].value for r in ws.iter_rows(min_row=2)]))`,
          file,
          sheet,
          column,
        ],
        { encoding: "utf8" },
      ),
    ) as unknown[];

  test("gods rename keeps the account and its carry; the next credit goes through", async () => {
    const file = path.join(dir, "rename.xlsx");
    fs.copyFileSync(base, file);
    const r = await gods("rename", file, "Kettu", "Kettu the Wise");
    expect(r.code).toBe(0);
    // Two centuries ended: Kettu's two mana rows of the Campaign History are renamed too.
    expect(r.out).toMatch(
      /^"Kettu" is now "Kettu the Wise" everywhere: 1 row of Gods, 2 rows of Cards, 2 rows of Pantheon, \d+ rows of Ledger, 2 rows of Campaign History;/,
    );
    expect(cellsOf(file, "Gods", "God")).toContain("Kettu the Wise");
    expect(cellsOf(file, "Ledger", "God")).not.toContain("Kettu");
    const next = await gods("event", file, "God obliterated", "--json");
    expect([next.code, (JSON.parse(next.out) as Answer).error ?? null]).toEqual([0, null]);
    const kettu = (JSON.parse(next.out) as { recipients: { god: string; carry: number }[] }).recipients.find((p) => p.god === "Kettu the Wise");
    // Kettu's fraction is still carried, under the new name.
    expect(kettu?.carry).toBeGreaterThan(0);
  });

  test("a rename begun in Gods alone is refused, then finished by gods rename", async () => {
    const file = edited("rename-in-gods", "Kettu");
    expect((await nextCredit(file)).code).toBe(2);
    const r = await gods("rename", file, "Kettu", "Kettuus");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/rows of Ledger, 2 rows of Campaign History; the account and what it kept go with it\./);
    expect((await nextCredit(file)).code).toBe(0);
  });

  test("a name already taken, or the game's own names, are refused", async () => {
    const file = path.join(dir, "rename-bad.xlsx");
    fs.copyFileSync(base, file);
    const before = fs.readFileSync(file);
    expect((await gods("rename", file, "Kettu", "Vorn")).err).toContain('"Vorn" is already a god with an account of its own');
    expect((await gods("rename", file, "Kettu", "Demons")).err).toContain(`"Demons" is the game's own word`);
    expect((await gods("rename", file, "Nobody", "Somebody")).err).toContain('there is no god "Nobody"');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});
