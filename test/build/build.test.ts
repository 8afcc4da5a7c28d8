/**
 * Builds the add-in into a temporary folder and checks what Excel will load: functions.json
 * (generated from the JSDoc, never written by hand) and the manifest's links to the build.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { FunctionSpec } from "../../src/functions/runner";
import * as allSpecs from "../../src/functions/specs";

const root = path.resolve(__dirname, "..", "..");
let out: string;

interface Parameter {
  name: string;
  description?: string;
  optional?: boolean;
  repeating?: boolean;
  dimensionality?: string;
}
interface FunctionMeta {
  id: string;
  name: string;
  description?: string;
  helpUrl?: string;
  parameters: Parameter[];
}

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "gods-build-"));
  execFileSync(process.execPath, [path.join(root, "node_modules", "webpack", "bin", "webpack.js"), "--mode", "production", "--output-path", out], {
    cwd: root,
    stdio: "pipe",
  });
});

afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
});

function metadata(): FunctionMeta[] {
  return (JSON.parse(fs.readFileSync(path.join(out, "functions.json"), "utf8")) as { functions: FunctionMeta[] }).functions;
}

function manifest(): string {
  return fs.readFileSync(path.join(out, "manifest.xml"), "utf8");
}

describe("a hosted build (ADDIN_URL)", () => {
  test("points the manifest, its AppDomain, the help pages and the pane at the hosting address; refuses a plain http one", () => {
    const hosted = fs.mkdtempSync(path.join(os.tmpdir(), "gods-hosted-"));
    const webpackBin = path.join(root, "node_modules", "webpack", "bin", "webpack.js");
    try {
      const env = { ...process.env, ADDIN_URL: "https://gm.example.org/gods" };
      execFileSync(process.execPath, [webpackBin, "--mode", "production", "--output-path", hosted], { cwd: root, stdio: "pipe", env });
      for (const file of ["manifest.xml", "functions.json", "taskpane.html"]) expect(fs.readFileSync(path.join(hosted, file), "utf8")).not.toMatch(/localhost/);
      const xml = fs.readFileSync(path.join(hosted, "manifest.xml"), "utf8");
      expect([...xml.matchAll(/<AppDomain>([^<]*)<\/AppDomain>/g)].map((m) => m[1])).toEqual(["https://gm.example.org"]);
      expect(xml).toContain('DefaultValue="https://gm.example.org/gods/functions.json"');
      const fns = (JSON.parse(fs.readFileSync(path.join(hosted, "functions.json"), "utf8")) as { functions: FunctionMeta[] }).functions;
      for (const f of fns) expect(f.helpUrl).toBe(`https://gm.example.org/gods/docs/functions/${f.id}.html`);
      expect(() =>
        execFileSync(process.execPath, [webpackBin, "--mode", "production", "--output-path", hosted], {
          cwd: root,
          stdio: "pipe",
          env: { ...env, ADDIN_URL: "http://gm.example.org/" },
        }),
      ).toThrow(/ADDIN_URL must start with https:\/\//);
    } finally {
      fs.rmSync(hosted, { recursive: true, force: true });
    }
  });
});

describe("functions.json", () => {
  test("lists the four functions, each with a description and help page, and every parameter described", () => {
    const fns = metadata();
    const ids = fns.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(["TOLL", "WARCASUALTIES", "GROWTH", "RESIST"]));
    for (const f of fns) {
      expect(f.name).toBe(f.id);
      expect(f.description?.length).toBeGreaterThan(20);
      expect(f.parameters.length).toBeGreaterThan(0);
      for (const p of f.parameters) expect(p.description?.length).toBeGreaterThan(5);
      // The help link points at a page the build produced.
      const page = new URL(f.helpUrl ?? "").pathname;
      expect(fs.existsSync(path.join(out, page))).toBe(true);
    }
  });

  test("the help pages' links to the rules notes lead to pages the build produced", () => {
    const pages = fs.readdirSync(path.join(out, "docs", "functions")).filter((f) => f.endsWith(".html"));
    let links = 0;
    for (const f of pages) {
      const html = fs.readFileSync(path.join(out, "docs", "functions", f), "utf8");
      for (const [, href] of html.matchAll(/href="?(\.\.\/rules\/[^"#\s>]+)/g)) {
        expect([f, href, fs.existsSync(path.join(out, "docs", "functions", href as string))]).toEqual([f, href, true]);
        links++;
      }
    }
    expect(links).toBeGreaterThanOrEqual(pages.length - 1);
  });

  test("optional arguments and the resistance range are declared as Excel needs them", () => {
    const byId = new Map(metadata().map((f) => [f.id, f]));
    expect(byId.get("TOLL")?.parameters.map((p) => p.optional ?? false)).toEqual([false, true, true]);
    expect(byId.get("WARCASUALTIES")?.parameters.map((p) => p.name)).toEqual(["strength", "military", "enemy_military", "enemy_strength"]);
    expect(byId.get("RESIST")?.parameters.find((p) => p.name === "resistances")?.dimensionality).toBe("matrix");
  });

  test("every function's parameters in functions.json are its signature's: names, optional and repeating, in order", () => {
    const fns = metadata();
    const specs = Object.values(allSpecs) as FunctionSpec[];
    expect(fns.map((f) => f.id).sort()).toEqual(specs.map((s) => s.name).sort());
    for (const f of fns) {
      const spec = specs.find((s) => s.name === f.id) as FunctionSpec;
      const declared = f.parameters.map((p) => ({ name: p.name, optional: p.optional ?? false, repeating: p.repeating ?? false }));
      const signature = spec.params.map((p) => ({ name: p.name, optional: p.optional, repeating: p.repeating ?? false }));
      expect({ id: f.id, parameters: declared }).toEqual({ id: f.id, parameters: signature });
    }
  });

  test("every function in functions.json is registered by the bundle, and the CLI finds it", () => {
    const bundle = fs.readFileSync(path.join(out, "functions.js"), "utf8");
    for (const f of metadata()) expect(bundle).toContain(`associate("${f.id}"`);
  });

  test("the functions bundle stays within its 40 KiB", () => {
    // The functions take about 39 KiB minified; a library pulled in by mistake would add tens of KiB.
    expect(fs.statSync(path.join(out, "functions.js")).size).toBeLessThanOrEqual(40 * 1024);
  });
});

describe("manifest.xml", () => {
  test("is well-formed XML (xmllint)", () => {
    execFileSync("xmllint", ["--noout", path.join(root, "manifest.xml")], { stdio: "pipe" });
  });

  test("every resid resolves to a resource", () => {
    const xml = manifest();
    const ids = new Set([...xml.matchAll(/<bt:(?:Image|Url|String) id="([^"]+)"/g)].map((m) => m[1]));
    const used = [...xml.matchAll(/resid="([^"]+)"/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(5);
    for (const id of used) expect(ids).toContain(id);
    for (const id of used) expect((id ?? "").length).toBeLessThanOrEqual(32);
  });

  test("every URL shares one origin and names a file the build produced", () => {
    const xml = manifest();
    const urls = [...xml.matchAll(/DefaultValue="(https?:\/\/[^"]+)"/g)].map((m) => new URL(m[1] ?? ""));
    expect(new Set(urls.map((u) => u.origin)).size).toBe(1);
    for (const u of urls) expect(fs.existsSync(path.join(out, u.pathname))).toBe(true);
  });

  test("custom functions: script, metadata and namespace", () => {
    const xml = manifest();
    const url = (id: string) => new RegExp(`<bt:Url id="${id}" DefaultValue="([^"]+)"`).exec(xml)?.[1] ?? "";
    expect(url("Functions.Metadata.Url")).toMatch(/\/functions\.json$/);
    expect(url("Functions.Script.Url")).toMatch(/\/functions\.js$/);
    const ns = /<bt:String id="Functions.Namespace" DefaultValue="([^"]+)"/.exec(xml)?.[1];
    expect(ns).toBe("GODS");
    expect(ns).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
  });

  test("the shared runtime is declared, with a long lifetime, and required", () => {
    const xml = manifest();
    expect(xml).toMatch(/<Runtimes>\s*<Runtime resid="Taskpane.Url" lifetime="long"\/>\s*<\/Runtimes>/);
    expect(xml).toMatch(/<Set Name="SharedRuntime" MinVersion="1.1"\/>/);
    expect(xml).toContain('<Page>\n              <SourceLocation resid="Taskpane.Url"/>');
    expect(xml).toContain("<Permissions>ReadWriteDocument</Permissions>");
  });
});
