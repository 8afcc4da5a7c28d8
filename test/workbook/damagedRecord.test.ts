/**
 * Inside Excel, a record of an unfinished action that is damaged or asks for what its action
 * could not do: the pane names it, offers one step (set it aside), and that step writes one
 * setting and nothing else; the record is never carried out.
 */
import { endCentury } from "../../src/workbook/office/actions";
import { settleStopped } from "../../src/workbook/office/settle";
import { readStatus } from "../../src/workbook/office/tools";
import { exampleTables, memoryWorkbook } from "../support/campaigns";
import { MemoryExcel } from "../support/memoryExcel";

test("a take-back that names the Gods table as its own sheet: named, set aside, and every sheet kept", async () => {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  expect((await endCentury(excel.run, 1)).written).toBe(true);
  const record = {
    computer: "mwzabcdef123456",
    at: Date.now() - 3_600_000,
    action: "century-end",
    words: "the end of century 2",
    done: "century 2 paid",
    temps: [["Gods", "Gods"]],
    items: [],
  };
  excel.book.settings.set("gods.op.crafted9", JSON.stringify(record));
  const sheets = excel.book.sheets.map((s) => s.name);
  const gods = excel.book.values("Gods");

  const status = await readStatus(excel.run);
  expect(status.stopped).toEqual([
    {
      id: "gods.op.crafted9",
      step: "set aside",
      underWay: false,
      message: expect.stringMatching(
        /^The add-in's record of an unfinished action \(crafted9\) .* is damaged or not its own \(it names as its own a sheet/,
      ) as string,
    },
  ]);

  const settled = await settleStopped(excel.run, "gods.op.crafted9");
  expect(settled.settled).toBe("set aside");
  expect(settled.status.stopped).toEqual([]);
  expect(excel.book.sheets.map((s) => s.name)).toEqual(sheets);
  expect(excel.book.values("Gods")).toEqual(gods);
  // Kept as it was, with a mark beside it.
  expect(excel.book.settings.get("gods.op.crafted9")).toBe(JSON.stringify(record));
  expect(JSON.parse(excel.book.settings.get("gods.aside.crafted9") ?? "null")).toMatchObject({ why: expect.stringMatching(/never writes/) as string });
  // The campaign goes on.
  expect((await endCentury(excel.run, 2, { unpaid: true })).problems.filter((p) => p.severity === "error")).toEqual([]);
});

test("while a damaged record is in the workbook, no action writes: the pane says to set it aside first", async () => {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  excel.book.settings.set("gods.op.crafted8", "{not a record");
  const before = excel.book.sheets.map((s) => s.name);
  const outcome = await endCentury(excel.run, 1);
  expect(outcome.written).toBe(false);
  expect(outcome.problems.map((p) => p.message).join(" ")).toMatch(/is damaged or not its own .*set it aside/i);
  expect(excel.book.sheets.map((s) => s.name)).toEqual(before);
  expect(excel.book.sheet("Ledger")).toBeUndefined();
});
