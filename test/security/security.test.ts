/**
 * The add-in reads and writes one workbook and nothing else: its page may load only its own files
 * and Office.js, its bundles make no network request, its manifest asks for no more than it
 * needs, and nothing it writes from a name can run as a formula.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { main } from "../../src/cli/main";
import { edit, writeXlsx } from "../support/campaigns";

const root = path.resolve(__dirname, "..", "..");
let out: string;

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "gods-security-"));
  execFileSync(process.execPath, [path.join(root, "node_modules", "webpack", "bin", "webpack.js"), "--mode", "production", "--output-path", out], {
    cwd: root,
    stdio: "pipe",
  });
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

  test("the production dependencies are the command line's alone: none enters the add-in's bundles", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const deps = Object.keys(pkg.dependencies);
    expect(deps.sort()).toEqual(["exceljs", "fflate", "proper-lockfile"]);
    const marks: Record<string, RegExp> = {
      exceljs: /exceljs/i,
      fflate: /fflate|unzipSync/,
      "proper-lockfile": /proper-lockfile|\.lock\b.*stale/,
    };
    for (const f of fs.readdirSync(out).filter((x) => x.endsWith(".js"))) {
      const code = fs.readFileSync(path.join(out, f), "utf8");
      for (const d of deps) expect({ bundle: f, dependency: d, found: (marks[d] as RegExp).test(code) }).toEqual({ bundle: f, dependency: d, found: false });
    }
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
