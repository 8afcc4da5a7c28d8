/**
 * Every hint that shows a custom function's call shows one a cell can hold: the function exists,
 * takes that many values, and, each value left to fill given a sample, answers without an error.
 */
import * as fs from "fs";
import * as path from "path";
import { runFunction } from "../../src/cli/fn";
import { errorsIn } from "../../src/workbook/model/problems";
import type { RawCell } from "../../src/workbook/model/raw";
import { readCampaign } from "../../src/workbook/read/campaign";
import { planWar, type WarOrder } from "../../src/workbook/actions/war";
import { exampleTables, rawWorkbook } from "../support/campaigns";

const root = path.resolve(__dirname, "..", "..");

/** Every file under `dir` whose name ends with one of `ends`. */
function files(dir: string, ends: readonly string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full, ends) : ends.some((x) => e.name.endsWith(x)) ? [full] : [];
  });
}

/** The calls a text shows: GODS.NAME(values…). */
const CALL = /GODS\.([A-Z]+)\(([^()]*)\)/g;

/** Samples for the values a hint leaves to fill, by the function's parameter name. */
const SAMPLE: Readonly<Record<string, string>> = { roll: "4", diplomacy: "2", enemy_aggression: "1" };

/** A call with its values to fill given samples, evaluated as gods fn would. */
function evaluated(call: RegExpMatchArray): string {
  const [, name = "", values = ""] = call;
  const args = values.split(",").map((v) => v.trim());
  return runFunction(
    name,
    args.map((a) => SAMPLE[a] ?? a),
  ).text;
}

describe("hints that show a call", () => {
  test("only the war's diplomacy hint shows one, among the messages of the workbook, the pane and the command line", () => {
    const shown = ["src/workbook", "src/cli", "src/taskpane"].flatMap((d) =>
      files(path.join(root, d), [".ts", ".html"]).filter((f) => /GODS\.[A-Z]+\(/.test(fs.readFileSync(f, "utf8"))),
    );
    expect(shown.map((f) => path.relative(root, f))).toEqual([path.join("src", "workbook", "actions", "war.ts")]);
  });

  const war = (cells: Readonly<Record<number, RawCell>>, order: WarOrder) => {
    const t = exampleTables();
    const trolls = t.Races?.find((r) => r[0] === "River Men");
    if (trolls === undefined) throw new Error("the example has no River Men");
    for (const [column, value] of Object.entries(cells)) trolls[Number(column)] = value;
    const { campaign, problems } = readCampaign(rawWorkbook(t));
    const p = planWar(campaign, problems, order);
    expect(errorsIn(p.problems)).toEqual([]);
    return (p.details ?? []).join("\n");
  };

  test.each([
    ["the enemy's Aggression in the table", {}],
    ["a barbarian enemy: its culture's +2 in the value", { 4: "barbarian" }],
    ["no Aggression in the table: left to fill", { 7: null }],
  ])("the diplomacy hint is a valid call: %s", (_, cells) => {
    const text = war(cells, { a: { race: "Cave Trolls" }, b: { race: "River Men", military: 9 } });
    const calls = [...text.matchAll(CALL)];
    expect(calls.map((c) => c[1])).toEqual(["DIPLOMACY"]);
    for (const call of calls) {
      const result = evaluated(call);
      expect(["TRUE", "FALSE"]).toContain(result);
    }
  });
});
