/* The main job without Excel, on the example campaign: create it, end a century, credit two
   events, end the next century and the era it closes, write the session packet, show the mana of
   every god and where the workbook is. Run with `npm run demo` (after `npm ci`). */
"use strict";
const fs = require("fs");
const path = require("path");

const entry = path.join(__dirname, "..", "build", "cli", "main.js");
if (!fs.existsSync(entry)) {
  console.error("The gods command is not built yet: run `npm run build:cli` first (after `npm ci`; about 30 s).");
  process.exit(2);
}
const { main } = require(entry);

async function demo() {
  const dir = path.join(__dirname, "..", "demo-output");
  const file = path.join(dir, "example-campaign.xlsx");
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(file, { force: true });
  const steps = [
    ["init", file, "--example"],
    ["century-end", file, "--century", "1"],
    ["event", file, "God obliterated"],
    ["event", file, "Race destroyed", "--times", "2"],
    ["century-end", file, "--century", "2"],
    ["era-end", file, "--century", "2"],
    ["packet", file],
  ];
  for (const args of steps) {
    console.log(`\n$ gods ${args.map((a) => (a === file ? path.relative(process.cwd(), file) : a)).join(" ")}`);
    const code = await main(args);
    if (code !== 0) process.exit(code);
  }
  console.log(`\nThe workbook is at ${file}`);
  console.log(
    "Open it to see the Death Worksheets, the Century-End Worksheets, the mana calculations, the event worksheets, the distribution points, the Ledger, the Campaign History and its Charts, and the session packet: the Earth Summary and a Character Sheet for each god.",
  );
}

demo().catch((error) => {
  console.error(error);
  process.exit(2);
});
