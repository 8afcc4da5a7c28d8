/**
 * `npm run package -- --url ADDRESS`: the zip a host puts at that address, and the manifest
 * beside it that each gamemaster adds to Excel.
 */
import { execFileSync, spawnSync } from "child_process";
import { unzipSync } from "fflate";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const root = path.resolve(__dirname, "..", "..");
const script = path.join(root, "scripts", "package.js");
const ADDRESS = "https://example.org/gods/";
let dir: string;
let zip: Record<string, Uint8Array>;

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-package-"));
  execFileSync(process.execPath, [script, "--url", ADDRESS, "--dist", path.join(dir, "dist"), "--out", path.join(dir, "out", "gods-addin.zip")], {
    cwd: root,
    stdio: "pipe",
  });
  zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(dir, "out", "gods-addin.zip"))));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the zip holds the manifest, every address in it at the chosen one and naming a file of the zip", () => {
  const manifest = text(zip["manifest.xml"]);
  const links = [...manifest.matchAll(/DefaultValue="(https?:\/\/[^"]+)"/g)].map((m) => m[1] ?? "");
  // Icons, the pane, the functions' script and metadata, the help pages.
  expect(links.length).toBeGreaterThanOrEqual(9);
  for (const link of links) {
    expect(link.startsWith(ADDRESS)).toBe(true);
    expect(Object.keys(zip)).toContain(link.slice(ADDRESS.length));
  }
  expect([...manifest.matchAll(/<AppDomain>([^<]*)<\/AppDomain>/g)].map((m) => m[1])).toEqual(["https://example.org"]);
  // Nothing else in it is a web address, but the XML namespaces.
  const others = [...manifest.matchAll(/https?:\/\/[^"<\s]+/g)].map((m) => m[0]).filter((u) => !u.startsWith(ADDRESS) && u !== "https://example.org");
  expect(others.every((u) => /^http:\/\/(schemas\.microsoft\.com|www\.w3\.org)\//.test(u))).toBe(true);
  // The manifest beside the zip is the same file, for the gamemasters.
  expect(fs.readFileSync(path.join(dir, "out", "manifest.xml"), "utf8")).toBe(manifest);
});

test("the zip holds the whole build for that address, byte for byte", () => {
  const built = (sub = ""): string[] =>
    fs.readdirSync(path.join(dir, "dist", sub), { withFileTypes: true }).flatMap((e) => {
      const rel = sub === "" ? e.name : `${sub}/${e.name}`;
      return e.isDirectory() ? built(rel) : [rel];
    });
  expect(Object.keys(zip).sort()).toEqual(built().sort());
  for (const file of ["taskpane.html", "taskpane.js", "taskpane.css", "functions.js", "functions.json", "assets/icon-80.png", "docs/functions/TOLL.html"]) {
    expect(Object.keys(zip)).toContain(file);
  }
  for (const [name, bytes] of Object.entries(zip)) expect(Buffer.from(bytes).equals(fs.readFileSync(path.join(dir, "dist", name)))).toBe(true);
  const functions = JSON.parse(text(zip["functions.json"])) as { functions: { id: string; helpUrl: string }[] };
  for (const f of functions.functions) expect(f.helpUrl).toBe(`${ADDRESS}docs/functions/${f.id}.html`);
  for (const name of Object.keys(zip).filter((n) => /\.(html|json|xml|js)$/.test(n)))
    expect([name, text(zip[name]).includes("localhost")]).toEqual([name, false]);
});

test("an address that is not https, or none, is refused in a sentence and nothing is written", () => {
  const out = path.join(dir, "refused", "gods-addin.zip");
  for (const args of [["--url", "http://example.org/gods/"], ["--url", "example.org"], []]) {
    const run = spawnSync(process.execPath, [script, ...args, "--out", out], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^(--url must (start with https:\/\/|be a web address)|Usage: npm run package -- --url https:\/\/)/);
  }
  expect(fs.existsSync(path.join(dir, "refused"))).toBe(false);
});
