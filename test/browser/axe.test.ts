/**
 * Accessibility as a tool checks it: axe-core (Deque's rules for WCAG 2.1 A and AA, the engine
 * behind Accessibility Insights) run over the pane in the states a session passes through, light
 * and dark, with every tab shown (its cards loaded) and every card unfolded, so that nothing folded
 * away is missed.
 */
import * as fs from "fs";
import * as path from "path";
import type { Page } from "playwright-core";
import { dist, example, handKept, host, idle, inExcel, origin, payCentury, usePane } from "./harness";

usePane();

// Served beside the pane: its Content Security Policy allows scripts of its own origin only.
beforeAll(() => {
  fs.copyFileSync(require.resolve("axe-core/axe.min.js"), path.join(dist, "axe.min.js"));
});
const DARK = { officeTheme: { bodyBackgroundColor: "#292929", bodyForegroundColor: "#ffffff" } };

interface Violation {
  readonly id: string;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/** Every tab's panel shown and every card unfolded at once, then axe's WCAG A and AA rules: the rules broken, each with where. */
async function violations(page: Page): Promise<string[]> {
  // Each tab's cards load when it is first opened: open each, so that what they draw is checked too.
  for (const tab of ["tab-century", "tab-between", "tab-book", "tab-play"]) {
    await page.click(`#${tab}`);
    await page.waitForSelector(`#${(await page.getAttribute(`#${tab}`, "aria-controls")) ?? ""}:not([hidden])`);
  }
  await page.evaluate(() => {
    for (const panel of Array.from(document.querySelectorAll<HTMLElement>('[role="tabpanel"]'))) panel.hidden = false;
    for (const d of Array.from(document.querySelectorAll("details"))) d.open = true;
  });
  // The Play tab's folded cards load when unfolded.
  await page.waitForFunction(() => document.querySelector("details[data-loading]") === null);
  if ((await page.evaluate(() => typeof (window as { axe?: unknown }).axe)) === "undefined") await page.addScriptTag({ url: `${origin}/axe.min.js` });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  });
  return result.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
}

describe.each([
  ["light", {}],
  ["dark", DARK],
])("axe finds nothing to fix, %s", (_, theme) => {
  test("on a workbook with no tables yet: the set-up and the checklist", async () => {
    const page = await inExcel({}, theme);
    expect(await violations(page)).toEqual([]);
  });

  test("on the example campaign, ready to pay, and with the century's question open", async () => {
    const page = await inExcel(example(), theme);
    await page.getByRole("button", { name: /^End century 1/ }).click();
    await idle(page);
    expect(await violations(page)).toEqual([]);
  });

  test("on sheets kept by hand, with the proposal to bring them in asked and every sheet's choices open", async () => {
    const setup = handKept();
    const page = await inExcel(setup.tables, { ...setup, ...theme });
    await page.click("#adopt-records");
    await page.fill("#adopt-century", "2");
    await page.click("#adopt-read");
    await idle(page);
    await page.waitForSelector("#adopt-confirm:not([hidden]) .adopt-sheet select", { state: "attached" });
    expect(await violations(page)).toEqual([]);
  });

  test("with the Ledger and its seal deleted: Start the Ledger again, its table of what each account kept, and its question", async () => {
    const page = await inExcel(example(), theme);
    await payCentury(page);
    // Deleted by hand, C1 Mana left behind: the problem that names it offers the way to start again.
    await host(page, (h) => {
      for (const name of ["Ledger", "Ledger Seal"])
        h.book.sheets.splice(
          h.book.sheets.findIndex((s) => s.name === name),
          1,
        );
      h.book.tables.splice(
        h.book.tables.findIndex((t) => t.name === "Ledger"),
        1,
      );
    });
    await page.click("#refresh");
    await idle(page);
    await page.waitForSelector("#restart-form:not([hidden])");
    // Its problem is the Mana sheet's, which says the pane's way on too.
    expect(await page.textContent("#problems")).toMatch(/Start the Ledger again… below starts it again without paying a century twice/);
    await page.fill('#restart-rows input[data-god="Vorn"]', "0.9");
    await page.click("#restart");
    await idle(page);
    await page.waitForSelector("#restart-confirm:not([hidden])");
    expect(await violations(page)).toEqual([]);
  });

  test("after a century is paid: the money table and the next century", async () => {
    const page = await inExcel(example(), theme);
    await payCentury(page);
    await idle(page);
    expect(await violations(page)).toEqual([]);
  });
});
