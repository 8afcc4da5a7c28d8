/**
 * A Ledger typed by hand in the shape without Kind (Century, God, Earned, Paid, Carry, and maybe
 * Exact Carry): taken as the history of the centuries it lists, with words that say so; what each
 * god carries at its end is carried into the next century end, which seals it and adds the columns
 * it lacks at its right.
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { handWorked, type Rows } from "../support/campaigns";
import { gods } from "../support/cli";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-hand-ledger-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
/** The hand-worked campaign, with the Counts of century 2 typed, and a Ledger sheet of these rows. */
async function campaignWith(ledger: Rows): Promise<string> {
  const file = path.join(dir, `campaign-${++files}.xlsx`);
  const wb = new ExcelJS.Workbook();
  const tables = handWorked();
  (tables.Counts as Rows).push([2, "Hearths", 0]);
  for (const [name, rows] of Object.entries({ ...tables, Ledger: ledger })) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  await wb.xlsx.writeFile(file);
  return file;
}

/** Century 1 paid by hand: Ares carried 0.79 (his 22.79 earned by the gamemaster's own reckoning). */
const CENTURY_1: Rows = [
  [1, "Ares", 22.79, 22, 0.79],
  [1, "Hestia", 24.34, 24, 0.34],
  [1, "Demons", 2.85, 2, 0.85],
];

const WORDS = (columns: string) =>
  `Ledger table: the Ledger is typed by hand, with no Kind column and no seal: its 3 rows are taken as the history of century 1, each row a god's century end, and what each god carries at the end of them is carried on (Ares 0.79, Hestia 0.34, Demons 0.85). Look them over: as they stand, they decide what the next credit pays. The next credit seals them and adds ${columns} at the Ledger's right.`;

describe("a Ledger typed by hand in the older shape", () => {
  test("is named as history typed by hand, not as an older version's; accepted, century 2 pays on its carries and seals it", async () => {
    const file = await campaignWith([["Century", "God", "Earned", "Paid", "Carry"], ...CENTURY_1]);
    const held = await gods("century-end", file, "--century", "2", "--json");
    expect(held.code).toBe(3);
    const json = JSON.parse(held.out) as { warnings: string[] };
    expect(json.warnings).toEqual([WORDS("the Kind, What and Exact Carry columns")]);
    expect(held.out).not.toContain("older version");

    const paid = await gods("century-end", file, "--century", "2", "--json", "--accept-warnings");
    expect(paid.code).toBe(0);
    // Ares: 0.79 carried + 9.6 earned = 10.39 → 10 paid, 0.39 carried on; Hestia and the Demons as worked by hand.
    expect((JSON.parse(paid.out) as { recipients: unknown }).recipients).toEqual([
      { god: "Ares", earned: 9.6, paid: 10, carry: 0.39 },
      { god: "Hestia", earned: 20.34, paid: 20, carry: 0.68 },
      { god: "Demons", earned: 1.65, paid: 2, carry: 0.5 },
    ]);
    const ledger = readPackage(openPackage(new Uint8Array(fs.readFileSync(file)), file)).tables.get("ledger");
    expect(ledger?.headers).toEqual(["Century", "God", "Earned", "Paid", "Carry", "Kind", "What", "Exact Carry"]);
    expect(ledger?.rows.slice(0, 3)).toEqual(CENTURY_1.map((r) => [...r, "century-end", null, String(r[4] as number)]));

    // Sealed: the next credit has nothing to say of the Ledger.
    const event = await gods("event", file, "Feast", "--json");
    expect(event.code).toBe(0);
    expect((JSON.parse(event.out) as { warnings: unknown }).warnings).toEqual([]);
  });

  test("with its Exact Carry column, the words name only the columns it lacks", async () => {
    const file = await campaignWith([["Century", "God", "Earned", "Paid", "Carry", "Exact Carry"], ...CENTURY_1.map((r) => [...r, String(r[4] as number)])]);
    const held = await gods("century-end", file, "--century", "2", "--json");
    expect(held.code).toBe(3);
    expect((JSON.parse(held.out) as { warnings: string[] }).warnings).toEqual([WORDS("the Kind and What columns")]);
  });

  test("a Ledger with its Kind column and no seal is still named as a seal missing", async () => {
    const file = await campaignWith([
      ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry"],
      ...CENTURY_1.map((r) => [r[0] ?? null, "century-end", null, ...r.slice(1)]),
    ]);
    const held = await gods("century-end", file, "--century", "2", "--json");
    expect(held.code).toBe(3);
    expect((JSON.parse(held.out) as { warnings: string[] }).warnings).toEqual([expect.stringMatching(/^Ledger table: the Ledger has no seal/)]);
  });
});
