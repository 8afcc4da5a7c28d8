/**
 * The in-memory Excel is at least as strict as Excel where the add-in could trip: each test here
 * pins one behaviour the stand-in takes from Microsoft's documents (named in memoryExcel.ts).
 */
import type { ContextApi } from "../../src/workbook/office/api";
import { MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";

async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return String((e as { code?: unknown }).code);
  }
  return "no error";
}

function book(): MemoryWorkbook {
  const b = new MemoryWorkbook();
  b.put("Data", [
    ["Name", "Units", "Note"],
    ["a", 1, "keep"],
    ["b", 2, "keep"],
  ]);
  return b;
}

const on = (excel: MemoryExcel, batch: (context: ContextApi) => void) =>
  excel.run(async (context) => {
    batch(context);
    await context.sync();
  });

describe("a batch is carried out at sync, in order, and is not a transaction", () => {
  test("nothing happens before sync; a failing command rejects the sync with its code, earlier ones stay, later ones are dropped", async () => {
    const excel = new MemoryExcel(book());
    const code = await failure(
      excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem("Data");
        ws.getRange("A2").values = [["first"]];
        expect(excel.book.values("Data")[1]?.[0]).toBe("a");
        context.workbook.worksheets.getItem("Missing").getRange("A1").values = [["x"]];
        ws.getRange("A3").values = [["never"]];
        await context.sync();
      }),
    );
    expect(code).toBe("ItemNotFound");
    expect(excel.book.values("Data").map((r) => r[0])).toEqual(["Name", "first", "b"]);
  });

  test("a property can be read only after it was loaded and a sync ran; a load sees the commands before it", async () => {
    const excel = new MemoryExcel(book());
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Data").getRange("A2");
      expect(() => range.values).toThrow(/load/);
      range.values = [["changed"]];
      range.load("values");
      await context.sync();
      expect(range.values).toEqual([["changed"]]);
    });
  });

  test("while a cell is being edited every request is refused, unless Excel was asked to wait", async () => {
    const excel = new MemoryExcel(book());
    excel.editingFor = 1;
    expect(await failure(on(excel, (c) => c.workbook.worksheets.load("items/name")))).toBe("InvalidOperationInCellEditMode");
    excel.editingFor = 1;
    await excel.run(async (c) => c.sync(), { delayForCellEdit: true });
    expect(excel.delayed).toBe(1);
  });
});

describe("values, formulas and number formats", () => {
  test('null leaves a cell as it is, "" clears it', async () => {
    const excel = new MemoryExcel(book());
    await on(excel, (c) => (c.workbook.worksheets.getItem("Data").getRange("A2:C2").values = [[null, "", "new"]]));
    expect(excel.book.values("Data")[1]).toEqual(["a", "", "new"]);
  });

  test("an array must have exactly the range's rows and columns", async () => {
    const excel = new MemoryExcel(book());
    expect(await failure(on(excel, (c) => (c.workbook.worksheets.getItem("Data").getRange("A2:C2").values = [["x", "y"]])))).toBe("InvalidArgument");
  });
});

describe("sheets", () => {
  test("names: at most 31 characters, none of []:*?/\\, unique whatever the case", async () => {
    const excel = new MemoryExcel(book());
    expect(await failure(on(excel, (c) => c.workbook.worksheets.add("C100000000 Century-End Worksheet")))).toBe("InvalidArgument");
    expect(await failure(on(excel, (c) => c.workbook.worksheets.add("Deaths [old]")))).toBe("InvalidArgument");
    expect(await failure(on(excel, (c) => c.workbook.worksheets.add("a/b")))).toBe("InvalidArgument");
    expect(await failure(on(excel, (c) => c.workbook.worksheets.add("DATA")))).toBe("ItemAlreadyExists");
    await on(excel, (c) => c.workbook.worksheets.add("C99999999 Century-End Worksheet"));
    expect(excel.book.sheet("C99999999 Century-End Worksheet")).toBeDefined();
  });

  test("a protected sheet refuses changes to its cells", async () => {
    const excel = new MemoryExcel(book());
    (excel.book.sheet("Data") as { protected: boolean }).protected = true;
    expect(await failure(on(excel, (c) => (c.workbook.worksheets.getItem("Data").getRange("A2").values = [["x"]])))).toBe("AccessDenied");
    expect(excel.book.values("Data")[1]?.[0]).toBe("a");
  });
});

describe("tables", () => {
  function withTotals(): MemoryExcel {
    const b = new MemoryWorkbook();
    b.put(
      "T",
      [
        ["Name", "Units"],
        ["a", 1],
        ["b", 2],
        ["Total", 3],
      ],
      { table: "T", totals: true },
    );
    b.put("T", [["under the table"]], { top: 5 });
    return new MemoryExcel(b);
  }

  test("the totals row is in the table's range but not its body; new rows go above it and move what is below", async () => {
    const excel = withTotals();
    await excel.run(async (c) => {
      c.workbook.tables.load("items/name,items/showTotals");
      const t = c.workbook.tables.getItem("T");
      const range = t.getRange().load("values");
      await c.sync();
      expect(c.workbook.tables.items.map((x) => [x.name, x.showTotals])).toEqual([["T", true]]);
      expect(range.values).toHaveLength(4);
      t.rows.add(undefined, [["c", 5]]);
      await c.sync();
    });
    expect(excel.book.table("T")?.bodyRows).toBe(3);
    expect(excel.book.values("T").map((r) => r[0])).toEqual(["Name", "a", "b", "c", "Total", "", "under the table"]);
  });

  test("a filtered table refuses new rows", async () => {
    const excel = withTotals();
    (excel.book.table("T") as { filtered: boolean }).filtered = true;
    expect(await failure(on(excel, (c) => c.workbook.tables.getItem("T").rows.add(undefined, [["c", 5]])))).toBe("InvalidOperation");
  });
});
