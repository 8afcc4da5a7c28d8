/* The files that declare the GODS custom functions, in order: the `export * from "./declarations/…"`
   lines of src/functions/functions.ts. The functions metadata plugin (webpack.config.js) reads the
   JSDoc of each file, and scripts/rules-coverage.js its @customfunction tags. */
"use strict";
const fs = require("fs");
const path = require("path");

const FUNCTIONS = path.resolve(__dirname, "..", "src", "functions", "functions.ts");

/** The declaration files, absolute, in the order functions.ts lists them. */
function declarationFiles() {
  const source = fs.readFileSync(FUNCTIONS, "utf8");
  const files = [...source.matchAll(/^export \* from "\.\/(declarations\/[\w-]+)";$/gm)].map((m) => path.join(path.dirname(FUNCTIONS), `${m[1]}.ts`));
  if (files.length === 0) throw new Error(`${FUNCTIONS} lists no declaration files (export * from "./declarations/…").`);
  return files;
}

module.exports = { declarationFiles, FUNCTIONS };
