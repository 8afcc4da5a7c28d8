/**
 * What the command line says of a workbook stays readable whatever the file holds: a refusal or
 * a warning of a thousand rows prints twenty and counts the rest; --json still gives every one.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { edit, exampleTables, handWorked, memoryWorkbook, writeXlsx } from "../support/campaigns";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-bounded-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("long lists of problems", () => {
  test("a thousand errors: twenty lines and the count of the rest; --json gives all", async () => {
    const file = path.join(dir, "errors.xlsx");
    await writeXlsx(
      edit((t) => {
        for (let i = 0; i < 1000; i++) t.Cards?.push([`Nobody ${i}`, "War", 1]);
      }),
      file,
    );
    const r = await gods("century-end", file, "--century", "1");
    expect(r.code).toBe(2);
    const lines = r.err.trim().split("\n");
    expect(lines).toHaveLength(22);
    expect(lines[1]).toMatch(/^- Cards table, row 6, column God: "Nobody 0" is not in the Gods table\./);
    expect(lines[21]).toBe("- … and 980 more (--json lists every one).");
    const json = JSON.parse((await gods("century-end", file, "--century", "1", "--json")).out) as { problems: unknown[] };
    expect(json.problems).toHaveLength(1000);
  });

  test("a thousand warnings: twenty lines and the count of the rest", async () => {
    const file = path.join(dir, "warnings.xlsx");
    await writeXlsx(
      edit((t) => {
        for (let i = 0; i < 1000; i++) t.Cards?.push(["Ares", `Nowhere ${i}`, 1]);
      }, handWorked()),
      file,
    );
    const held = await gods("century-end", file, "--century", "1");
    expect(held.code).toBe(3);
    expect(held.err.trim().split("\n")).toHaveLength(22);
    const paid = await gods("century-end", file, "--century", "1", "--accept-warnings");
    expect(paid.code).toBe(0);
    const warned = paid.out.split("\n").filter((l) => l.startsWith("Warning: "));
    expect(warned).toHaveLength(21);
    expect(warned[20]).toMatch(/^Warning: … and \d+ more \(--json lists every one\)\.$/);
  });
});

describe("an action left open inside Excel", () => {
  test("whose line of what it did is 100,000 characters long: gods recover says it in at most 400", async () => {
    const book = memoryWorkbook(exampleTables());
    const done = `century 1 paid: ${"Solara 1, ".repeat(10_000)}`;
    book.settings.set(
      "gods.op.000001",
      JSON.stringify({
        computer: "laptop",
        at: Date.UTC(2026, 10, 23, 21, 5),
        action: "century-end",
        words: "the end of century 1",
        done,
        temps: [],
        items: [],
      }),
    );
    book.settings.set("gods.commit.000001", "0");
    const file = path.join(dir, "long-done.xlsx");
    await saveMemoryWorkbook(book, file);
    const dry = await gods("recover", file, "--dry-run");
    expect(dry.err).toBe("");
    expect(dry.out).toMatch(
      /^The end of century 1 stopped inside Excel while it was being recorded: it is finished as it was meant \(century 1 paid: Solara 1, .*…\)\./,
    );
    expect(dry.out.length).toBeLessThan(1000);
  });
});
