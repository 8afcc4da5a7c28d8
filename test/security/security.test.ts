/**
 * The add-in reads and writes one workbook and nothing else: its page may load only its own files
 * and Office.js, its bundles make no network request, its manifest asks for no more than it
 * needs, and nothing it writes from a name can run as a formula. npm installs no package the
 * command does not load, and the command line's packages stay out of the add-in's bundles.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import { builtinModules } from "module";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import ts from "typescript";
import { main } from "../../src/cli/main";
import { edit, writeXlsx } from "../support/campaigns";

const root = path.resolve(__dirname, "..", "..");
let out: string;

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "gods-security-"));
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules", "webpack", "bin", "webpack.js"), "--mode", "production", "--output-path", out, "--json", path.join(out, "stats.json")],
    {
      cwd: root,
      stdio: "pipe",
    },
  );
});
afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
});

const OFFICE = "https://appsforoffice.microsoft.com";

function csp(html: string): Map<string, string[]> {
  const content = /<meta\s+http-equiv="?Content-Security-Policy"?\s+content="([^"]+)"/i.exec(html)?.[1];
  if (content === undefined) throw new Error("the page has no Content-Security-Policy");
  return new Map(
    content
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** A package's name from what an import names: "@noble/hashes/sha2" is "@noble/hashes". */
const packageName = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** The package a file of node_modules belongs to (the innermost, for a package inside another). */
const packageOfPath = (file: string) => packageName(file.split(`${path.sep}node_modules${path.sep}`).pop()?.split(path.sep).join("/") ?? "");

/**
 * The packages a source text loads when it runs: what its imports, re-exports, import() and
 * require() name, less relative paths and Node's own modules. Imports of types alone are left
 * out: they compile away.
 */
function packagesOf(text: string): string[] {
  const source = ts.createSourceFile("file.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword && ts.isStringLiteral(node.moduleSpecifier))
      specs.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specs.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))
    ) {
      const [first] = node.arguments;
      if (first !== undefined && ts.isStringLiteralLike(first)) specs.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const isNodes = (spec: string) => spec.startsWith("node:") || builtinModules.includes(spec);
  return [...new Set(specs.filter((s) => !s.startsWith(".") && !s.startsWith("/") && !isNodes(s)).map(packageName))];
}

/** The .ts and .js files under a folder. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.(ts|js)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** What the npm package runs: bin/ and the sources the command line's build compiles into build/. */
function shippedFiles(): string[] {
  const config = ts.readConfigFile(path.join(root, "tsconfig.cli.json"), (f) => ts.sys.readFile(f));
  const compiled = ts.parseJsonConfigFileContent(config.config, ts.sys, root).fileNames.map((f) => path.resolve(f));
  return [...compiled, ...sourceFiles(path.join(root, "bin"))];
}

/** The packages named and, as installed, every package they depend on. */
function withTheirDependencies(names: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    Object.keys(manifest.dependencies ?? {}).forEach(visit);
  };
  names.forEach(visit);
  return found;
}

type BundledModule = { nameForCondition?: string; modules?: BundledModule[] };
const flatten = (modules: BundledModule[]): BundledModule[] => modules.flatMap((m) => [m, ...flatten(m.modules ?? [])]);

describe("security", () => {
  test("the task pane's Content-Security-Policy allows only its own files and Office.js", () => {
    const html = fs.readFileSync(path.join(out, "taskpane.html"), "utf8");
    const policy = csp(html);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
    expect([...scripts].sort()).toEqual(["'self'", OFFICE].sort());
    for (const [name, values] of policy) {
      if (name === "style-src") continue;
      for (const v of values) expect(["'self'", "'none'", OFFICE, "data:"]).toContain(v);
    }
    // Styles alone may be inline: Excel on the web's own Office.js sets style attributes on the
    // page (office-js issue 1687), and a policy that forbids them breaks it. Scripts never are.
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    // Every script the page runs is a file: none written inline.
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) expect(tag).toMatch(/^<script\b[^>]*\bsrc="?[^"\s>]+"?[^>]*><\/script>$/i);
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="?([^"\s>]+)"?/gi)].map((m) => m[1] ?? "");
    expect(sources.length).toBeGreaterThan(1);
    for (const src of sources) expect(src.startsWith(OFFICE) || !/^[a-z]+:/i.test(src)).toBe(true);
  });

  test("the bundles make no network request of their own", () => {
    const bundles = fs.readdirSync(out).filter((f) => f.endsWith(".js"));
    expect(bundles).toEqual(expect.arrayContaining(["functions.js", "taskpane.js"]));
    for (const f of bundles) {
      const code = fs.readFileSync(path.join(out, f), "utf8");
      for (const api of [/\bfetch\s*\(/, /XMLHttpRequest/, /WebSocket/, /EventSource/, /sendBeacon/, /importScripts/, /\beval\s*\(/, /new Function\s*\(/]) {
        expect({ bundle: f, uses: api.test(code) ? String(api) : null }).toEqual({ bundle: f, uses: null });
      }
    }
  });

  test("the manifest asks only for read and write access to the document", () => {
    const xml = fs.readFileSync(path.join(out, "manifest.xml"), "utf8");
    expect([...xml.matchAll(/<Permissions>([^<]*)<\/Permissions>/g)].map((m) => m[1])).toEqual(["ReadWriteDocument"]);
  });

  test("every runtime dependency is loaded by the code the package ships, and every package src/ or bin/ loads is declared", () => {
    const shipped = new Set(shippedFiles());
    expect([...shipped].some((f) => f.endsWith(path.join("src", "cli", "main.ts")))).toBe(true);
    const runtime = Object.keys(pkg.dependencies ?? {});
    const declared = new Set([...runtime, ...Object.keys(pkg.devDependencies ?? {})]);
    const loadedByShipped = new Set<string>();
    const loose: { file: string; loads: string; needs: string }[] = [];
    for (const file of new Set([...sourceFiles(path.join(root, "src")), ...shipped])) {
      for (const name of packagesOf(fs.readFileSync(file, "utf8"))) {
        const where = path.relative(root, file);
        if (shipped.has(file)) {
          loadedByShipped.add(name);
          // The installed command loads it from node_modules: npm must install it with the command.
          if (!runtime.includes(name)) loose.push({ file: where, loads: name, needs: "a runtime dependency" });
        } else if (!declared.has(name)) {
          // Code that only the add-in's bundles hold: webpack copies the package in at build time.
          loose.push({ file: where, loads: name, needs: "a dependency or a development dependency" });
        }
      }
    }
    expect({ loose, unused: runtime.filter((d) => !loadedByShipped.has(d)) }).toEqual({ loose: [], unused: [] });
  });

  test("the add-in's bundles hold none of the command line's packages: only what the engine loads, and build-time ones", () => {
    const stats = JSON.parse(fs.readFileSync(path.join(out, "stats.json"), "utf8")) as { modules: BundledModule[] };
    const bundled = [...new Set(flatten(stats.modules).flatMap((m) => (m.nameForCondition ? [m.nameForCondition] : [])))];
    const sources = bundled.filter((f) => !f.includes(`${path.sep}node_modules${path.sep}`));
    expect(sources.filter((f) => f.startsWith(path.join(root, "src", "engine")))).not.toEqual([]);
    expect(sources.filter((f) => f.startsWith(path.join(root, "src", "cli")))).toEqual([]);
    // The engine compiles without Node's or the browser's types, so what it loads runs in both.
    const engine = sourceFiles(path.join(root, "src", "engine")).flatMap((f) => packagesOf(fs.readFileSync(f, "utf8")));
    const shipped = new Set(shippedFiles());
    const buildTime = sources
      .filter((f) => !shipped.has(f))
      .flatMap((f) => packagesOf(fs.readFileSync(f, "utf8")))
      .filter((name) => pkg.devDependencies?.[name] !== undefined);
    const allowed = withTheirDependencies([...engine, ...buildTime]);
    const carried = [...new Set(bundled.filter((f) => !sources.includes(f)).map(packageOfPath))];
    expect(carried.filter((name) => !allowed.has(name))).toEqual([]);
  });

  test("the packages a file loads: its imports, re-exports, import() and require(), less Node's own and those of types alone", () => {
    const text = [
      'import ExcelJS from "exceljs";',
      'import type { Foo } from "type-only";',
      'import { type Bar, sha256 } from "@noble/hashes/sha2";',
      'export { unzip } from "fflate";',
      'export type { Baz } from "types-again";',
      'import * as fs from "fs";',
      'import { parseArgs } from "node:util";',
      'import { rm } from "fs/promises";',
      'import { here } from "./here";',
      'const lock = require("proper-lockfile");',
      'const later = () => import("@scope/pkg");',
      '// require("in-a-comment")',
      "const text = \"import x from 'in-a-string'\";",
    ].join("\n");
    expect(packagesOf(text).sort()).toEqual(["@noble/hashes", "@scope/pkg", "exceljs", "fflate", "proper-lockfile"]);
  });

  test("every formula in a generated workbook is one of ours, whatever the names say", async () => {
    const file = path.join(out, "names.xlsx");
    const hostile = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(1)", "-1+1", '=WEBSERVICE("http://x")'];
    await writeXlsx(
      edit((t) => {
        (t.Deaths as unknown[][]).forEach((r, i) => i > 0 && (r[1] = hostile[i % hostile.length]));
        (t.Gods as unknown[][])[2] = [hostile[0], "lesser"];
        (t.Cards as unknown[][])[3] = [hostile[0], "Hearth", 3];
        (t.Pantheon as unknown[][]).forEach((r) => r[1] === "Hestia" && (r[1] = hostile[0]));
      }),
      file,
    );
    expect(await main(["century-end", file, "--century", "1"], { out: () => undefined, err: () => undefined })).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    let formulas = 0;
    const texts: string[] = [];
    for (const ws of wb.worksheets) {
      ws.eachRow((row) => {
        row.eachCell((cell) => {
          if (cell.formula) {
            formulas++;
            expect(cell.formula).toMatch(/^(SUM\([A-Z]+\d+:[A-Z]+\d+\)|[A-Z]+\d+([*+]\d*\*?[A-Z]+\d+)*)$/);
          } else if (typeof cell.value === "string") texts.push(cell.value);
        });
      });
    }
    expect(formulas).toBeGreaterThan(10);
    for (const h of hostile.slice(0, 3)) expect(texts).toContain(h);
  });
});
