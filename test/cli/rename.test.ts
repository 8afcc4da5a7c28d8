/**
 * `gods rename` on a workbook file: what its message says it changed is what changed, the
 * Campaign History's mana rows among them.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { PYTHON, pythonScript } from "../support/python";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-rename-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

type Cell = string | number | boolean | null;
const sheetsOf = (file: string) =>
  JSON.parse(execFileSync(PYTHON, [pythonScript("read_tables.py"), file], { encoding: "utf8", timeout: 60000 })) as Record<string, { rows: Cell[][] }>;

describe("gods rename", () => {
  test("names the Campaign History rows it renamed with the tables' rows; none before a century has ended", async () => {
    const file = path.join(dir, "example.xlsx");
    expect((await gods("init", file, "--example")).code).toBe(0);
    // No century ended: no History to rename.
    const early = await gods("rename", file, "Kettu", "Kettu the Wise", "--dry-run");
    expect(early.code).toBe(0);
    expect(early.out).not.toMatch(/Campaign History/);

    for (const century of ["1", "2"]) expect((await gods("century-end", file, "--century", century)).code).toBe(0);
    const historyOf = () => (sheetsOf(file)["Campaign History"]?.rows ?? []).filter((r) => r[1] === "mana").map((r) => [r[0], r[2]]);
    // A mana row per century for each character: Kettu's are those of centuries 1 and 2.
    expect(historyOf().filter(([, name]) => name === "Kettu")).toEqual([
      [1, "Kettu"],
      [2, "Kettu"],
    ]);
    const json = await gods("rename", file, "Kettu", "Kettu the Wise", "--dry-run", "--json");
    expect(JSON.parse(json.out)).toMatchObject({ changed: expect.arrayContaining([{ table: "Campaign History", rows: 2 }]) as unknown });
    const r = await gods("rename", file, "Kettu", "Kettu the Wise");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^"Kettu" is now "Kettu the Wise" everywhere: .*\d+ rows of Ledger, 2 rows of Campaign History; the account and what it kept go with it\.\n/,
    );
    expect(historyOf().filter(([, name]) => name === "Kettu the Wise")).toEqual([
      [1, "Kettu the Wise"],
      [2, "Kettu the Wise"],
    ]);
    expect(historyOf().some(([, name]) => name === "Kettu")).toBe(false);
  });
});
