/**
 * A quiet, quick set-up: the docs call the command as npm link installs it (gods, not the slow
 * npx gods), their links lead to pages that exist, and installing raises no install-script
 * advisory (the package has no install script of its own, and every dependency's is reviewed).
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const root = path.resolve(__dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const docs = [
  "README.md",
  "CONTRIBUTING.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

describe("the docs", () => {
  test("call the command gods, and say how to have it", () => {
    for (const file of docs) expect([file, read(file).match(/npx gods\b/g)]).toEqual([file, null]);
    expect(read("README.md")).toContain("npm link");
    expect(read("docs/commands.md")).toMatch(/npm link {2,}# then, anywhere: gods/);
  });

  test("every link to a page of the project leads to a file that exists", () => {
    for (const file of docs) {
      for (const [, target = ""] of read(file).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        expect([file, target, fs.existsSync(path.join(root, path.dirname(file), target))]).toEqual([file, target, true]);
      }
    }
  });

  test("the README says how long npm test takes, and names the fast lane", () => {
    const readme = read("README.md");
    expect(readme).toMatch(/npm test .*about 15 minutes on 2 cores/);
    expect(readme).toMatch(/npm run test:unit`? .*the fast lane/);
  });
});

describe("the install", () => {
  const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string>; allowScripts: Record<string, boolean> };

  test("the package has no install script: installed with npm link or npm install -g, npm has nothing to warn of", () => {
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) expect([script, pkg.scripts[script]]).toEqual([script, undefined]);
  });

  test("every dependency with an install script is reviewed in allowScripts", () => {
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const scripted = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript === true)
      .map(([where]) => where.replace(/^.*node_modules\//, ""));
    expect(scripted.length).toBeGreaterThan(0);
    for (const name of scripted) expect([name, typeof pkg.allowScripts[name]]).toEqual([name, "boolean"]);
  });

  test("npm test says what it runs as it goes, and ends with its time", () => {
    expect(pkg.scripts.test).toBe("bash scripts/timed.sh npm run test:all");
    expect(pkg.scripts["test:all"]).toContain("echo '== jest");
    // The checks run with an npm that only says what it was asked, its formatting check failing.
    const stub = fs.mkdtempSync(path.join(os.tmpdir(), "gods-npm-"));
    try {
      fs.writeFileSync(path.join(stub, "npm"), '#!/bin/sh\necho "npm $*"\n[ "$3" != "format:check" ]\n', { mode: 0o755 });
      const run = spawnSync("bash", ["scripts/timed.sh", "bash", "scripts/checks.sh"], {
        cwd: root,
        env: { ...process.env, PATH: `${stub}${path.delimiter}${process.env.PATH ?? ""}` },
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      const lines = run.stdout.split("\n");
      expect(lines[0]).toMatch(/^npm test: the test tools, then the checks .* about 15 minutes on 2 cores\. The fast lane is npm run test:unit\.$/);
      for (const step of ["lint", "formatting (Prettier)", "type-check", "build of the gods command", "build of the add-in (webpack)"]) {
        expect(lines).toContain(`   ${step}…`);
        expect(lines.some((l) => l.startsWith(`   ${step}: `) && / in \d+ s$/.test(l))).toBe(true);
      }
      expect(lines.filter((l) => /^   formatting \(Prettier\): FAILED \(exit 1\) in \d+ s$/.test(l))).toHaveLength(1);
      expect(lines.filter((l) => l !== "").at(-1)).toMatch(/^npm test: 0 min \d+ s \(\d+ s\), exit 1$/);
    } finally {
      fs.rmSync(stub, { recursive: true, force: true });
    }
  });
});
