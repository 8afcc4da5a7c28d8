/**
 * The lint keeps the layers apart (eslint.layers.js, part of eslint.config.js): each case is an
 * import a module must not make, linted as if it stood in that module, and one it may make. The
 * layer rules are linted alone, on sources plain enough for ESLint's own parser: the type-checked
 * rules' TypeScript program would take seconds to build for the same answer.
 */
import { ESLint, type Linter } from "eslint";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.join(__dirname, "..", "..");
// The configs are handed over as they are: ESLint's own loading of them needs an import jest's sandbox lacks.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const layers = require("../../eslint.layers.js") as Linter.Config[];
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [{ files: ["**/*.ts"] }, ...layers] });

test("the project's lint applies every layer rule", () => {
  // Read, not loaded: loading the whole config takes its plugins' seconds.
  const whole = fs.readFileSync(path.join(ROOT, "eslint.config.js"), "utf8");
  expect(whole).toMatch(/^const layers = require\("\.\/eslint\.layers\.js"\);$/m);
  expect(whole).toMatch(/^ {2}\.\.\.layers,$/m);
  expect(layers.length).toBeGreaterThan(5);
});

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the layers, as the lint keeps them", () => {
  test.each([
    ["src/engine/century.ts", 'import { x } from "../workbook";', "layer"],
    ["src/functions/runner.ts", 'import { x } from "../workbook/read/campaign";', "layer"],
    ["src/workbook/read/gods.ts", 'import { x } from "../actions/event";', "layer"],
    ["src/workbook/plan/ledger.ts", 'import { x } from "../actions/credit";', "layer"],
    ["src/workbook/actions/event.ts", 'import { x } from "../xlsx/package/zip";', "layer"],
    ["src/workbook/office/read.ts", 'import { x } from "../xlsx/package/zip";', "layer"],
    ["src/cli/main.ts", 'import { x } from "../workbook/read/campaign";', "façade"],
    ["src/cli/main.ts", 'import { x } from "../workbook/xlsx/package/zip";', "façade"],
    ["src/taskpane/state.ts", 'import { x } from "../workbook/office/actions";', "façade"],
    ["src/taskpane/state.ts", 'import { x } from "../workbook/xlsx";', "layer"],
    ["src/cli/main.ts", 'import { x } from "../workbook/office";', "layer"],
  ])("%s may not say %s", async (file, source, why) => {
    const found = await refusals(file, source);
    const reason = why === "layer" ? /own layer and those below/ : /through src\/workbook\/index\.ts/;
    expect(found.filter((m) => reason.test(m))).toHaveLength(1);
  });

  test.each([
    ["src/cli/main.ts", 'import { x } from "../workbook";'],
    ["src/cli/main.ts", 'import { x } from "../workbook/xlsx";'],
    ["src/taskpane/cards/events.ts", 'import { x } from "../../workbook/office";'],
    ["src/workbook/actions/event.ts", 'import { x } from "../read/campaign";'],
  ])("%s may say %s", async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });
});
