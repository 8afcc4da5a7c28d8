/** How the command line reads its arguments: positionals and --options, and what it says when one is wrong. */
import { parse } from "../../src/cli/args";

const SPEC = { valued: ["out", "century"], repeated: ["mana"], flags: ["json", "dry-run"] };

describe("reading the arguments", () => {
  test("options before, between and after the positionals; a value after the option or after =", () => {
    const parsed = parse(["--json", "c.xlsx", "--century", "3", "Vorn", "--out=o.xlsx", "--dry-run"], SPEC);
    expect(parsed).toEqual({
      positional: ["c.xlsx", "Vorn"],
      options: new Map<string, string | true>([
        ["json", true],
        ["century", "3"],
        ["out", "o.xlsx"],
        ["dry-run", true],
      ]),
      lists: new Map(),
    });
  });

  test("a repeated option keeps every value in order; a word with one dash is a positional", () => {
    const parsed = parse(["c.xlsx", "--mana", "Vorn=3", "Ares", "-1", "--mana=Hera=-2", "-12", "-x"], SPEC);
    expect(parsed).toMatchObject({ positional: ["c.xlsx", "Ares", "-1", "-12", "-x"], lists: new Map([["mana", ["Vorn=3", "Hera=-2"]]]) });
  });

  test("a value may start with a dash; after -- every word is a positional", () => {
    expect(parse(["--century", "-1", "c.xlsx"], SPEC)).toMatchObject({ positional: ["c.xlsx"], options: new Map([["century", "-1"]]) });
    expect(parse(["c.xlsx", "--", "--json", "-5"], SPEC)).toMatchObject({ positional: ["c.xlsx", "--json", "-5"], options: new Map() });
  });

  test.each([
    [["c.xlsx", "--century"], "--century needs a value."],
    [["c.xlsx", "--json=yes"], "--json takes no value."],
    [["c.xlsx", "--centry", "3"], "unknown option --centry. Did you mean --century?"],
    [["c.xlsx", "--JSON"], "unknown option --JSON. Did you mean --json?"],
    [["c.xlsx", "--bogus"], "unknown option --bogus."],
    [["--bogus", "--century"], "unknown option --bogus."],
  ])("%j: %s", (args, message) => {
    expect(parse(args, SPEC)).toBe(message);
  });
});
