/**
 * The help pages in docs/functions are checked against the functions themselves: every page
 * documents the arguments the function really takes, and every worked example written with
 * plain values, and every `gods fn` line, gives what the page says.
 */
import * as fs from "fs";
import * as path from "path";
import { formatResult, runFunction } from "../../src/cli/fn";
import { evaluate, type FunctionSpec } from "../../src/functions/runner";
import * as specs from "../../src/functions/specs";

const DOCS = path.join(__dirname, "..", "..", "docs", "functions");
const ALL_DOCS = path.join(__dirname, "..", "..", "docs");
const SPECS = new Map((Object.values(specs) as unknown as FunctionSpec[]).map((s) => [s.name, s]));
const pages = [...SPECS.keys()].map((name) => [name, fs.readFileSync(path.join(DOCS, `${name}.md`), "utf8")] as const);

/** Splits a command line the way a shell would for these pages: spaces, and '…' quoting. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? "");
}

/** Splits a formula's arguments at commas outside quotes; an argument left out (`7, , 1`) is "". */
function formulaArguments(text: string): string[] {
  if (text.trim() === "") return [];
  const args: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === "," && !quoted) {
      args.push(current.trim());
      current = "";
    } else current += ch;
  }
  return [...args, current.trim()];
}

/** A literal argument as Excel reads it (one left out is empty); undefined when it is a range or a formula. */
function literal(arg: string): unknown {
  if (arg === "") return null;
  if (/^"[^"]*"$/.test(arg)) return arg.slice(1, -1);
  if (/^(TRUE|FALSE)$/i.test(arg)) return arg.toUpperCase() === "TRUE";
  const pct = /^(-?\d+(?:\.\d+)?)%$/.exec(arg);
  if (pct) return Number(pct[1]) / 100;
  if (/^-?\d+(?:\.\d+)?$/.test(arg)) return Number(arg);
  return undefined;
}

describe.each(pages)("docs/functions/%s.md", (name, page) => {
  const spec = SPECS.get(name) as FunctionSpec;

  test("shows the signature with the function's own argument names, and a table of them", () => {
    const signature = new RegExp("`=GODS\\." + name + "\\(([^)]*)\\)`").exec(page)?.[1] ?? "";
    expect(signature).not.toBe("");
    for (const p of spec.params) {
      expect(signature).toContain(p.optional && p.repeating !== true ? `[${p.name}]` : p.name);
      expect(page).toMatch(new RegExp(`^\\| ${p.name} \\|`, "m"));
    }
    expect(page).toContain("## Examples");
    expect(page).toContain("## Errors");
    // The rule it computes, cited from the project's own rules notes.
    expect(page).toMatch(/\[rules §\d+\]\(\.\.\/rules\/\d\d-[a-z-]+\.md\)/);
  });

  test("every worked example written with plain values gives what the page says", () => {
    const rows = [...page.matchAll(/^\| `=GODS\.(\w+)\((.*)\)` \| ([^|]*) \|/gm)];
    let checked = 0;
    for (const [, fn = "", args = "", expected = ""] of rows) {
      const values = formulaArguments(args).map(literal);
      if (fn !== name || values.some((v) => v === undefined)) continue;
      const text = formatResult(evaluate(spec, values)).text.replace(/[\t\n]/g, ", ");
      expect(`${fn}(${args}) = ${text}`).toBe(`${fn}(${args}) = ${expected.trim().replace(/\(empty\)/g, "")}`);
      checked++;
    }
    if (!["CULT", "OBLITERATE", "PANTHEONCHECK", "PANTHEONCHANGE", "DICESUCCESSES", "EXPLODE"].includes(name)) {
      expect(checked).toBeGreaterThanOrEqual(3);
    }
  });

  test("its `gods fn` example prints what the page says", () => {
    const inline = [...page.matchAll(/`gods fn ([^`]+)` prints `([^`]*)`/g)].map((m) => [m[1] as string, m[2] as string]);
    const blocks = [...page.matchAll(/```\n\$ gods fn ([^\n]+)\n([\s\S]*?)```/g)].map((m) => [m[1] as string, (m[2] as string).trimEnd()]);
    const examples: [string, string][] = [...inline, ...blocks] as [string, string][];
    expect(examples.length).toBeGreaterThan(0);
    for (const [command, printed] of examples) {
      const [fn, ...args] = shellWords(command);
      expect(fn).toBe(name);
      expect(runFunction(fn as string, args).text).toBe(printed);
    }
  });
});

/** Every Markdown page under docs/, by its path from docs/. */
function allPages(dir = ALL_DOCS): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? allPages(path.join(dir, e.name)) : e.name.endsWith(".md") ? [path.join(dir, e.name)] : []));
}

describe("the docs cite the project's own pages", () => {
  test.each(allPages().map((p) => [path.relative(ALL_DOCS, p), p]))(
    "%s cites no rule text outside the repository, and its links lead to pages that exist",
    (_, file) => {
      const page = fs.readFileSync(file, "utf8");
      expect(page).not.toMatch(/RULES\.md/);
      for (const [, target] of page.matchAll(/\]\(([^)\s#]+\.md)(#[^)]*)?\)/g)) {
        expect([target, fs.existsSync(path.resolve(path.dirname(file), target as string))]).toEqual([target, true]);
      }
    },
  );

  test("each section of the rules notes cites the functions that compute it, and each function's page cites its section", () => {
    const notes = fs.readdirSync(path.join(ALL_DOCS, "rules")).filter((f) => /^\d\d-/.test(f));
    expect(notes).toHaveLength(13);
    for (const [name, page] of pages) {
      for (const [, note] of page.matchAll(/\(\.\.\/rules\/(\d\d-[a-z-]+\.md)\)/g)) {
        if (/toll/.test(note as string) && !["TOLL", "SURRENDER"].includes(name)) continue; // the toll is cited in passing
        expect([name, fs.readFileSync(path.join(ALL_DOCS, "rules", note as string), "utf8")]).toEqual([
          name,
          expect.stringContaining(`(../functions/${name}.md)`),
        ]);
      }
    }
  });
});
