#!/usr/bin/env node
"use strict";
const path = require("path");
const fs = require("fs");

// A reader that stops early (gods … | head -1) closes the pipe: end quietly, with the command's
// exit code. The file was written before anything was printed.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

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
    // Something gods did not foresee: one line, and the details only when asked for (GODS_DEBUG=1).
    const message = error && error.message ? error.message : String(error);
    process.stderr.write(
      `gods: something went wrong that gods did not foresee (${message}). The workbook is never left half-written: look at it before running again. GODS_DEBUG=1 shows the details.\n`,
    );
    if (process.env.GODS_DEBUG) process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    process.exitCode = 2;
  });
