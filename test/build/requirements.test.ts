/**
 * The manifest asks Excel for what the code uses, and no more: the shared runtime, the functions'
 * error values with a message (CustomFunctions.Error, CustomFunctionsRuntime 1.2) and the newest
 * Excel API the adapter uses (each member of src/workbook/office/api.ts newer than ExcelApi 1.1
 * names its requirement set, as Microsoft's reference gives it). An Excel that lacks one of them
 * does not load the add-in at all, so a check at run time is worth making only for what such an
 * Excel could still lack.
 */
import * as fs from "fs";
import * as path from "path";

const root = path.resolve(__dirname, "..", "..");

function read(file: string): string {
  return fs.readFileSync(path.join(root, file), "utf8");
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

/** The requirement sets the manifest asks for, by name. */
function required(): Map<string, string> {
  const block = /<Requirements>([\s\S]*?)<\/Requirements>/.exec(read("manifest.xml"))?.[1] ?? "";
  return new Map([...block.matchAll(/<Set Name="([^"]+)" MinVersion="([^"]+)"\/>/g)].map((m) => [m[1] ?? "", m[2] ?? ""]));
}

/** Compares versions part by part: 1.10 comes after 1.9. */
function compare(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < Math.max(x?.length ?? 0, y?.length ?? 0); i++) {
    const d = (x?.[i] ?? 0) - (y?.[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Every Excel that has SharedRuntime 1.1 has ExcelApi 1.10 too (Microsoft's requirement set
 * tables: SharedRuntime 1.1 from Version 2002 on Windows, 16.35 on a Mac and Excel 2021's
 * Version 2108; ExcelApi 1.10 from Version 1907, 16.30 and Excel 2021's Version 1907).
 */
const WITH_SHARED_RUNTIME = "1.10";

test("the manifest asks for the shared runtime, the functions' error values and the newest Excel API the adapter uses", () => {
  const sets = required();
  expect(sets.get("SharedRuntime")).toBe("1.1");
  expect(read("src/functions/errors.ts")).toMatch(/new cf\.Error\(/);
  expect(sets.get("CustomFunctionsRuntime")).toBe("1.2");
  // A member checked at run time (the pane asks Excel first, and does without it) needs no more of the manifest.
  const used = [...read("src/workbook/office/api.ts").matchAll(/ExcelApi (\d+\.\d+)\b(?!, checked at run time)/g)].map((m) => m[1] ?? "").sort(compare);
  // Print set-up, change events and shrink-to-fit are the newest the adapter uses.
  expect(used.at(-1)).toBe("1.9");
  expect(sets.get("ExcelApi")).toBe(used.at(-1));
  // The pane opens the example with Excel.createWorkbook, older than that (ExcelApi 1.8).
  expect(read("src/taskpane/cards/setup.ts")).toContain("Excel.createWorkbook(");
  expect(compare("1.8", sets.get("ExcelApi") ?? "0")).toBeLessThanOrEqual(0);
});

test("a requirement checked at run time is one an Excel that loads the add-in could lack", () => {
  const sets = required();
  const guaranteed = (name: string): string | undefined => {
    const asked = sets.get(name);
    if (name !== "ExcelApi") return asked;
    return asked === undefined || compare(asked, WITH_SHARED_RUNTIME) < 0 ? WITH_SHARED_RUNTIME : asked;
  };
  const checks = sourceFiles(path.join(root, "src")).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/isSetSupported\(\s*"([^"]+)",\s*"([^"]+)"\s*\)/g)].map((m) => ({
      file: path.relative(root, file),
      set: m[1] ?? "",
      version: m[2] ?? "",
    })),
  );
  const needless = checks.filter((c) => {
    const floor = guaranteed(c.set);
    return floor !== undefined && compare(c.version, floor) <= 0;
  });
  expect(needless).toEqual([]);
  // One is left: reading merged cells, which bringing in records kept by hand does without where Excel lacks it.
  expect(checks).toEqual([{ file: path.join("src", "taskpane", "cards", "adopt.ts"), set: "ExcelApi", version: "1.13" }]);
  expect(read("src/workbook/office/api.ts")).toMatch(/getMergedAreasOrNullObject\(\): MergedAreasApi;/);
});
