#!/usr/bin/env node
"use strict";
const path = require("path");
const fs = require("fs");

const entry = path.join(__dirname, "..", "build", "cli", "main.js");
if (!fs.existsSync(entry)) {
  process.stderr.write("gods is not built yet: run `npm ci` (or `npm run build:cli`) in the project folder first.\n");
  process.exit(2);
}
require(entry)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    process.stderr.write(`gods: ${error && error.stack ? error.stack : error}\n`);
    process.exitCode = 2;
  });
