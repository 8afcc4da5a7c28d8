import { execFileSync, spawnSync } from "child_process";
import * as path from "path";
import { gods } from "../support/cli";
import { parseArgument, runFunction } from "../../src/cli/fn";

const root = path.resolve(__dirname, "..", "..");

describe("gods fn", () => {
  test("docs/rules examples", async () => {
    expect(await gods("fn", "TOLL", "7")).toEqual({ out: "3\n", err: "", code: 0 });
    expect((await gods("fn", "WARCASUALTIES", "43", "8", "2")).out).toBe("7\n");
    expect((await gods("fn", "WARCASUALTIES", "65", "2", "8")).out).toBe("3\n");
    expect((await gods("fn", "GROWTH", "100", "0.07")).out).toBe("7\n");
    expect((await gods("fn", "RESIST", "10", "F", '[["F-2"],["X/2"]]')).out).toBe("3\n");
    expect((await gods("fn", "gods.toll", "7", "lost")).out).toBe("4\n");
  });

  test("an error prints as #VALUE! message on one line, exit code 1", async () => {
    const r = await gods("fn", "TOLL", "2.5");
    expect(r.code).toBe(1);
    expect(r.out).toBe("#VALUE! TOLL: amount must be a whole number of mana, 0 or more, not 2.5.\n");
  });

  test("an unknown function is named", async () => {
    const r = await gods("fn", "TOLLS", "7");
    expect(r.code).toBe(1);
    expect(r.out).toBe('#NAME? There is no function GODS.TOLLS. Did you mean "TOLL"?\n');
    // Nothing close: every known function is listed.
    expect((await gods("fn", "ZZZZZZ", "7")).out).toMatch(/^#NAME\? There is no function GODS\.ZZZZZZ\. Known: .*TOLL/);
  });

  test("arguments read like cell values", () => {
    expect(parseArgument("7")).toBe(7);
    expect(parseArgument("F-2")).toBe("F-2");
    expect(parseArgument('"7"')).toBe("7");
    expect(parseArgument("TRUE")).toBe(true);
    expect(parseArgument('[["F-2"],["X/2"]]')).toEqual([["F-2"], ["X/2"]]);
    expect(parseArgument("#N/A")).toMatchObject({ code: "#N/A" });
    expect(runFunction("TOLL", ["#N/A"])).toEqual({ text: "#N/A", code: 1 });
    expect(runFunction("TOLL", ["TRUE"]).text).toMatch(/not TRUE/);
  });

  test('a bare null is the word null, as "null" is (Era Null, where no mana is lost on the way); "" leaves an argument out', async () => {
    // Era Centrum's toll on 7 sent is 4 (3 arrive); in Era Null all 7 arrive.
    expect(await gods("fn", "TOLL", "7", "received", "null")).toEqual({ out: "7\n", err: "", code: 0 });
    expect((await gods("fn", "TOLL", "7", "received", '"null"')).out).toBe("7\n");
    expect((await gods("fn", "TOLL", "7", "lost", "null")).out).toBe("0\n");
    expect((await gods("fn", "TOLL", "7", "", "null")).out).toBe("7\n");
    expect((await gods("fn", "TOLL", "7", "received", "")).out).toBe("3\n");
    expect(parseArgument("null")).toBe("null");
    expect(parseArgument(" null ")).toBe("null");
    // Where a word does not fit, it is named rather than read as an empty cell (0 mana).
    expect(await gods("fn", "TOLL", "null")).toEqual({
      out: '#VALUE! TOLL: amount must be a whole number of mana, 0 or more, not "null".\n',
      err: "",
      code: 1,
    });
    // Inside a range a null is an empty cell, as JSON writes one.
    expect(parseArgument('[["F-2"],[null]]')).toEqual([["F-2"], [null]]);
  });

  test("usage and unknown commands exit 2", async () => {
    expect((await gods()).code).toBe(2);
    expect((await gods("help")).code).toBe(0);
    expect((await gods("fn")).code).toBe(2);
    const r = await gods("frobnicate");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown command "frobnicate"/);
  });

  test("the installed command: `npx gods fn WARCASUALTIES 43 8 2` prints 7", () => {
    execFileSync("npx", ["tsc", "-p", "tsconfig.cli.json"], { cwd: root, stdio: "pipe" });
    const out = execFileSync("npx", ["--no-install", "gods", "fn", "WARCASUALTIES", "43", "8", "2"], { cwd: root, encoding: "utf8" });
    expect(out).toBe("7\n");
    const bad = spawnSync(process.execPath, [path.join(root, "bin", "gods.js"), "fn", "GROWTH", "-4"], { encoding: "utf8" });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe("#VALUE! GROWTH: units must be a whole number of units, 0 or more, not -4.\n");
  });
});
