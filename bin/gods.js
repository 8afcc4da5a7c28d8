#!/usr/bin/env node
"use strict";
const path = require("path");
const fs = require("fs");
const { isMainThread, parentPort, Worker, workerData } = require("worker_threads");

const root = path.join(__dirname, "..");
const entry = path.join(root, "build", "cli", "main.js");

/** Runs the command (in the worker thread): its exit code, or 2 with one line when something unforeseen stopped it. */
async function run(argv) {
  try {
    return await require(entry).main(argv);
  } catch (error) {
    // Something gods did not foresee: one line, and the details only when asked for (GODS_DEBUG=1).
    const message = error && error.message ? error.message : String(error);
    process.stderr.write(
      `gods: something went wrong that gods did not foresee (${message}). The workbook is never left half-written: look at it before running again. GODS_DEBUG=1 shows the details.\n`,
    );
    if (process.env.GODS_DEBUG) process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    return 2;
  }
}

if (!isMainThread) {
  run(workerData.argv).then((code) => parentPort.postMessage({ exit: code }));
} else {
  // A reader that stops early (gods … | head -1) closes the pipe: end quietly, with the command's
  // exit code. The file was written before anything was printed.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error) => {
      if (error && error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  if (!fs.existsSync(entry)) {
    process.stderr.write("gods is not built yet: run `npm run build:cli` in the project folder first (after `npm ci`; about 30 s).\n");
    process.exit(2);
  }
  const argv = process.argv.slice(2);
  if (["--version", "-v", "version"].includes(argv[0])) {
    // Answered here, without loading the command.
    process.stdout.write(`gods ${JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version}\n`);
  } else {
    // The command works in a thread of its own, so that Ctrl+C (SIGINT) or a kill (SIGTERM) stops
    // it at once, whatever it is busy computing: this thread then removes the lock and the
    // unfinished copy the command had made (it says which, as it makes them), and the workbook
    // stays as it was; a copy already renamed into place was complete. A program the command runs
    // (LibreOffice, printing the packet) is ended with its process group, and its folder removed.
    const held = { locks: new Set(), temps: new Set(), groups: new Set(), dirs: new Set() };
    const worker = new Worker(__filename, { workerData: { argv } });
    worker.on("message", (m) => {
      if (m.exit !== undefined) process.exitCode = m.exit;
      if (m.lock !== undefined) held.locks.add(m.lock);
      if (m.unlock !== undefined) held.locks.delete(m.unlock);
      if (m.temp !== undefined) held.temps.add(m.temp);
      if (m.untemp !== undefined) held.temps.delete(m.untemp);
      if (m.group !== undefined) held.groups.add(m.group);
      if (m.ungroup !== undefined) held.groups.delete(m.ungroup);
      if (m.dir !== undefined) held.dirs.add(m.dir);
      if (m.undir !== undefined) held.dirs.delete(m.undir);
    });
    worker.on("error", (error) => {
      process.stderr.write(`gods: something went wrong that gods did not foresee (${error && error.message ? error.message : error}).\n`);
      process.exitCode = 2;
    });
    let stopping = false;
    const stop = (signal, code) => {
      if (stopping) return;
      stopping = true;
      for (const group of held.groups) {
        try {
          process.kill(process.platform === "win32" ? group : -group, "SIGKILL");
        } catch {
          // It had ended already.
        }
      }
      worker.terminate().finally(() => {
        for (const dir of held.dirs) fs.rmSync(dir, { recursive: true, force: true });
        for (const temp of held.temps) fs.rmSync(temp, { force: true });
        for (const lock of held.locks) fs.rmSync(lock, { recursive: true, force: true });
        process.stderr.write(`gods: stopped (${signal}); the workbook was left as it was.\n`);
        process.exit(code);
      });
    };
    process.on("SIGINT", () => stop("SIGINT", 130));
    process.on("SIGTERM", () => stop("SIGTERM", 143));
  }
}
