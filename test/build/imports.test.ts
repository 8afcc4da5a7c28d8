/** No module of src/ imports, through any chain of imports, a module that imports it back. */
import * as fs from "fs";
import * as path from "path";

const SRC = path.join(__dirname, "..", "..", "src");

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? modules(p) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** The modules of src/ a module imports (type-only imports too: a cycle of them still ties two modules together). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|import\s+"(\.[^"]+)"/g)) {
    const spec = m[1] ?? m[2];
    if (spec === undefined) continue;
    const base = path.resolve(path.dirname(file), spec);
    const target = [`${base}.ts`, path.join(base, "index.ts")].find((p) => fs.existsSync(p));
    if (target !== undefined) found.push(target);
  }
  return found;
}

/** A cycle among the modules, as a list of their paths, or none. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const cycle = visit(next);
        if (cycle !== undefined) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.get(node) !== undefined) continue;
    const cycle = visit(node);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe("the modules' imports", () => {
  test("form no cycle", () => {
    const graph = new Map(modules(SRC).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(50);
    const cycle = findCycle(graph);
    expect(cycle?.map((p) => path.relative(SRC, p))).toBeUndefined();
  });

  test("a cycle is found when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", []],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
    expect(
      findCycle(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toBeUndefined();
  });
});
