/**
 * `npm run faults`: every action of the pane that writes, with each of its requests meeting each
 * fault, then what a gamemaster does next (test/support/faults.ts). Prints the verdicts by action
 * and fault, every trial that was not clean, and last one JSON line with the totals. Not a test:
 * nothing here passes or fails (test/workbook/faults.test.ts asserts the same trials).
 */
import { actionCases, summary, trialsOf, type Trial } from "../test/support/faults";

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const trials: Trial[] = [];
  for (const action of await actionCases()) {
    if (only.length > 0 && !only.includes(action.name)) continue;
    trials.push(...(await trialsOf(action)));
  }
  const { lines, totals } = summary(trials);
  for (const line of lines) console.log(line);
  const bad = trials.filter((t) => t.verdict !== "clean");
  if (bad.length > 0) console.log("");
  for (const t of bad)
    console.log(`${t.verdict}: ${t.action}, request ${t.request} ${t.fault}${t.cut === undefined ? "" : ` (${t.cut})`}, then ${t.next}: ${t.detail}`);
  console.log(JSON.stringify(totals));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
