/**
 * The lint keeps the layers apart (eslint.config.js): each case is an import a module must not
 * make, linted as if it stood in that module, and one it may make.
 */
import { ESLint } from "eslint";
import * as path from "path";

const ROOT = path.join(__dirname, "..", "..");
// The config is handed over as it is: ESLint's own loading of it needs an import jest's sandbox lacks.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require("../../eslint.config.js") as ESLint.Options["overrideConfig"];
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config ?? null });

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
