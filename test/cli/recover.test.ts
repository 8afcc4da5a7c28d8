/**
 * `gods recover` on a workbook Excel saved while an action of the pane was under way: every other
 * command refuses it, naming the action; recover finishes it as it was meant (it stopped while
 * being recorded) or takes it back (it stopped before changing anything), and the campaign goes on.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { endCentury } from "../../src/workbook/office/actions";
import { readPackage, openPackage } from "../../src/workbook/xlsx";
import { readAddinSettings } from "../../src/workbook/xlsx/package/addinSettings";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";
import { RealExcel } from "../support/realExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { gods } from "../support/cli";
import { loadWorkbook, readWorkbook } from "../support/exceljsReader";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-recover-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The example campaign with its first century end cut at `actions` operations of its write request, saved as a file. */
async function savedPartWay(name: string, actions: number): Promise<{ file: string; writeActions: number }> {
  const excel = new RealExcel(memoryWorkbook(exampleTables()));
  // Two reads and the claim, then the write.
  excel.fault = { at: 4, kind: "cut", actions };
  await expect(endCentury(excel.run, 1)).rejects.toThrow();
  const writeActions = excel.faulted?.of ?? 0;
  const file = path.join(dir, `${name}.xlsx`);
  await saveMemoryWorkbook(excel.book, file);
  return { file, writeActions };
}

const ledgerOf = async (file: string) => readWorkbook(await loadWorkbook(file)).tables.get("ledger")?.rows ?? [];

/** The first cut of the write request at which the century end's commit has begun: found by halving. */
async function commitBegins(): Promise<number> {
  const probe = await savedPartWay("probe", 1);
  let [low, high] = [1, probe.writeActions];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const { file } = await savedPartWay("probe", mid);
    const committing = readPackage(openPackage(fs.readFileSync(file), file)).journal?.open[0]?.reached !== undefined;
    if (committing) high = mid;
    else low = mid + 1;
  }
  return low;
}

describe("a file saved while the century end was being recorded", () => {
  test.each([
    ["just after its commit began", 0],
    ["with only its last sheets left to put in place", -1],
  ])("%s: refused by every other command, finished by gods recover as the pane would have, with the same Ledger and sheets", async (_, where) => {
    const begins = await commitBegins();
    const probe = await savedPartWay("probe", 1);
    const { file } = await savedPartWay("recording", where === 0 ? begins + 1 : probe.writeActions - 10);
    const raw = readPackage(openPackage(fs.readFileSync(file), file));
    expect(raw.journal?.open.map((o) => o.reached !== undefined)).toEqual([true]);

    const refused = await gods("century-end", file, "--century", "2");
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/the end of century 1 stopped part-way at \d\d:\d\d inside Excel: finish it first \(with gods recover\)/);
    const before = fs.readFileSync(file);

    const dry = await gods("recover", file, "--dry-run");
    // Its rows written before the cut are made to count by the finish: their mana is shown, and waits to be accepted.
    expect(dry.code).toBe(where === 0 ? 3 : 0);
    if (where === 0) expect(dry.out).toMatch(/Mana it moves: Solara is credited 21\.05 mana, /);
    expect(dry.out).toMatch(/^The end of century 1 stopped inside Excel while it was being recorded: it is finished as it was meant \(century 1 paid: /);
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const done = await gods("recover", file, "--accept-warnings");
    expect(done.code).toBe(0);
    if (where === 0) expect(done.out).toMatch(/Hand 21 mana to Solara's box/);
    // Exactly what it writes, as the dry run listed it: the sheets renamed into place, and the Ledger's rows with what each is paid.
    expect(done.out).toMatch(where === 0 ? /- Sheet "~.. C1 Mana" renamed "C1 Mana"\./ : /- Sheet "~.. Charts" renamed "Charts"\./);
    const listed = dry.out.split("\n").filter((l) => l.startsWith("- "));
    expect(done.out.split("\n").filter((l) => l.startsWith("- "))).toEqual(listed);
    if (where === 0)
      expect(dry.out).toMatch(/- Ledger rows 2 to 6 hold its rows already, left as they are: "Solara" \(century-end century 1\) earned 21.05, paid 21, /);
    // As a century end that met no fault leaves it.
    const clean = new MemoryExcel(memoryWorkbook(exampleTables()));
    await endCentury(clean.run, 1);
    const cleanFile = path.join(dir, "clean.xlsx");
    await saveMemoryWorkbook(clean.book, cleanFile);
    expect(await ledgerOf(file)).toEqual(await ledgerOf(cleanFile));
    const after = readPackage(openPackage(fs.readFileSync(file), file));
    expect(after.sheetNames.filter((n) => n.startsWith("~"))).toEqual([]);
    expect(after.sheetNames).toEqual(expect.arrayContaining(["C1 Death Worksheet", "C1 Century-End Worksheet", "C1 Mana", "Ledger Seal"]));
    expect(after.journal?.open ?? []).toEqual([]);
    const settings = readAddinSettings(openPackage(fs.readFileSync(file), file).parts).map((s) => s.key);
    expect(settings.filter((k) => k.startsWith("gods.op.") || k.startsWith("gods.commit."))).toEqual([]);
    expect(settings).toContain("gods.done.gods-command");
    // The campaign goes on: the seal proves the Ledger, and century 2 ends.
    const next = await gods("century-end", file, "--century", "2", "--accept-warnings");
    expect(next.code).toBe(0);
    expect((await gods("recover", file)).out).toMatch(/^No action stopped part-way/);
  });
});

describe("a file saved before the century end changed anything", () => {
  test("gods recover takes it back: its hidden sheets go, nothing else changes, and the century can end", async () => {
    const { file } = await savedPartWay("begun", 20);
    const raw = readPackage(openPackage(fs.readFileSync(file), file));
    expect(raw.journal?.open.map((o) => o.reached)).toEqual([undefined]);
    expect(raw.sheetNames.some((n) => n.startsWith("~"))).toBe(true);
    const done = await gods("recover", file, "--json");
    expect(done.code).toBe(0);
    expect(JSON.parse(done.out)).toMatchObject({ recovered: "the end of century 1", step: "taken back" });
    const after = readPackage(openPackage(fs.readFileSync(file), file));
    expect(after.sheetNames).toEqual(["Gods", "Cards", "Sources", "Races", "Pantheon", "Deaths", "Counts", "Settings"]);
    expect(after.journal?.open ?? []).toEqual([]);
    expect((await gods("century-end", file, "--century", "1")).code).toBe(0);
  });
});
