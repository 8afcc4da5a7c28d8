/* Makes the add-in ready to put on a web address: builds it for that address (every link of
   dist/ points there, the manifest's first of all), zips the build, and puts the manifest beside
   the zip for the gamemasters to add to Excel.
   Run with `npm run package -- --url https://example.org/gods/` (after `npm ci`). */
"use strict";
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { zipSync } = require("fflate");

const root = path.join(__dirname, "..");
const USAGE = "Usage: npm run package -- --url https://your.host/gods/ [--out release/gods-addin.zip] [--dist dist]";

/** The address, the build folder and the zip to write, from the command line. */
function options(argv) {
  const given = { dist: path.join(root, "dist"), out: path.join(root, "release", "gods-addin.zip") };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (!["--url", "--out", "--dist"].includes(name) || value === undefined) throw new Error(USAGE);
    given[name.slice(2)] = name === "--url" ? value : path.resolve(value);
  }
  if (given.url === undefined) throw new Error(USAGE);
  let url;
  try {
    url = new URL(given.url);
  } catch {
    throw new Error(`--url must be a web address such as https://example.org/gods/, not ${given.url}`);
  }
  if (url.protocol !== "https:") throw new Error(`--url must start with https:// (Office loads add-ins over https only), not ${given.url}`);
  return { ...given, url: url.href.endsWith("/") ? url.href : `${url.href}/` };
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesIn(dir, under = "") {
  return fs.readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((e) => {
    const rel = under === "" ? e.name : `${under}/${e.name}`;
    return e.isDirectory() ? filesIn(dir, rel) : [rel];
  });
}

function packageAddin(argv) {
  const { url, dist, out } = options(argv);
  execFileSync(process.execPath, [require.resolve("webpack/bin/webpack.js"), "--mode", "production", "--output-path", dist], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ADDIN_URL: url },
  });
  const manifest = fs.readFileSync(path.join(dist, "manifest.xml"), "utf8");
  // The build rewrites every link for the address; a manifest still pointing elsewhere would load nothing.
  const elsewhere = [...manifest.matchAll(/DefaultValue="(https?:\/\/[^"]+)"/g)].map((m) => m[1]).filter((u) => !u.startsWith(url));
  if (elsewhere.length > 0) throw new Error(`The built manifest still points elsewhere: ${elsewhere.join(", ")}`);
  const files = {};
  for (const rel of filesIn(dist).sort()) files[rel] = new Uint8Array(fs.readFileSync(path.join(dist, rel)));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, zipSync(files, { level: 9 }));
  const beside = path.join(path.dirname(out), "manifest.xml");
  fs.writeFileSync(beside, manifest);
  const shown = (p) => (p.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), p) : p);
  console.log(`Built for ${url}
- ${shown(out)}: ${Object.keys(files).length} files. Put them, as they are in the zip, at ${url}
  (${url}taskpane.html must open in a browser and say it runs inside Excel).
- ${shown(beside)}: give it to each gamemaster to add to Excel (README: "Installing the add-in").`);
}

try {
  packageAddin(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 2;
}
