/** `gods fn` given more values than the function takes, and `gods help fn NAME`. */
import * as fs from "fs";
import * as path from "path";
import { gods } from "../support/cli";
import { functionNames } from "../../src/cli/fn";

describe("gods fn with too many values", () => {
  test("#VALUE! naming both counts and the values it takes, exit 1, as Excel refuses the call", async () => {
    const r = await gods("fn", "TOLL", "7", "1", "2", "3");
    expect(r).toEqual({ out: "#VALUE! TOLL takes at most 3 values (amount, mode, era), but was given 4.\n", err: "", code: 1 });
    const json = await gods("fn", "SURRENDER", "4", "5", "6", "--json");
    expect(JSON.parse(json.out)).toEqual({
      function: "GODS.SURRENDER",
      error: "#VALUE!",
      message: "SURRENDER takes at most 2 values (mana_held, mode), but was given 3.",
    });
    expect((await gods("fn", "LORDLOSS", "3", "4")).out).toBe("#VALUE! LORDLOSS takes at most 1 value (mana_held), but was given 2.\n");
    // As many as it takes, or a function whose last value may repeat: worked out.
    expect(await gods("fn", "TOLL", "7")).toEqual({ out: "3\n", err: "", code: 0 });
    expect((await gods("fn", "POWERCOST", "10", "0.5", "2", "1")).code).toBe(0);
  });
});

describe("gods help fn NAME", () => {
  test("prints the function's help page, its links as their words", async () => {
    const r = await gods("help", "fn", "RESISTLEVELS");
    expect(r.code).toBe(0);
    expect(r.out.split("\n").slice(0, 3)).toEqual(["# GODS.RESISTLEVELS", "", "`=GODS.RESISTLEVELS(reduction, elements, resistances, [kind])`"]);
    expect(r.out).toContain("(rules §8)");
    expect(r.out).not.toMatch(/\]\(/);
    // The same as gods fn NAME --help, and in any case, with or without GODS.
    expect((await gods("fn", "resistlevels", "--help")).out).toBe(r.out);
    expect((await gods("help", "fn", "GODS.ResistLevels")).out).toBe(r.out);
  });

  test("every function has its page", async () => {
    for (const name of functionNames()) {
      const r = await gods("help", "fn", name);
      expect([name, r.code, r.out.split("\n")[0]]).toEqual([name, 0, `# GODS.${name}`]);
    }
    expect(fs.existsSync(path.join(__dirname, "..", "..", "docs", "functions"))).toBe(true);
  });

  test("an unknown name: the likely one, exit 2", async () => {
    const r = await gods("help", "fn", "RESISTLEVEL");
    expect(r).toEqual({ out: "", err: '#NAME? There is no function GODS.RESISTLEVEL. Did you mean "RESISTLEVELS"?\n', code: 2 });
    // Without a name, the usage of gods fn, which says how to ask for one.
    expect((await gods("help", "fn")).out).toContain("gods help fn NAME prints that function's help");
  });
});
