/**
 * The task pane in a real browser (see harness.ts): each state is saved as a 320 px wide
 * screenshot under test-output/screenshots/ for a person to look at.
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import * as path from "path";
import type { Page } from "playwright-core";
import { turmoil } from "../../src/engine/pantheon";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { INPUT_TABLES } from "../../src/workbook/model/schema";
import { edit, rawWorkbook, type Tables } from "../support/campaigns";
import type { HostSetup } from "./excelTestHost";
import {
  browser,
  click,
  dist,
  example,
  handKept,
  host,
  idle,
  inExcel,
  loadPane,
  newPage,
  OFFICE_DIST,
  OFFICE_JS,
  origin,
  payCentury,
  pressEndCentury,
  reveal,
  revealing,
  shot,
  systemColor,
  usePane,
  values,
} from "./harness";

usePane();

// ---- The tests ---------------------------------------------------------------------------

describe("the built page", () => {
  test("loads only its own scripts and Office.js, under a Content-Security-Policy, and no inline script", () => {
    const html = fs.readFileSync(path.join(dist, "taskpane.html"), "utf8");
    const csp = /<meta\s+http-equiv="?Content-Security-Policy"?\s+content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' https:\/\/appsforoffice\.microsoft\.com;/);
    // Scripts are never inline nor evaluated; only styles may be inline (Excel on the web's Office.js sets them).
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline';/);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attrs, body] of scripts) {
      expect(body?.trim()).toBe("");
      expect(attrs).toMatch(/\ssrc=/);
    }
    // The build leaves out the quotes where HTML allows.
    const sources = scripts.map(([, attrs]) => /\ssrc="?([^"\s>]+)/.exec(attrs ?? "")?.[1]);
    expect(sources).toEqual([OFFICE_JS, "functions.js", "taskpane.js"]);
  });

  test("the pane's first load stays within 200 KiB and the functions' within 40 KiB, without exceljs; what is used less often is a file of its own; the ribbon's function is registered", () => {
    const size = (file: string) => fs.statSync(path.join(dist, file)).size;
    const pane = fs.readFileSync(path.join(dist, "taskpane.js"), "utf8");
    expect(size("taskpane.js")).toBeLessThanOrEqual(200 * 1024);
    // The same bound as the build's own test (test/build/build.test.ts).
    expect(size("functions.js")).toBeLessThanOrEqual(40 * 1024);
    // Loaded on first use (src/taskpane/later.ts): the referee's tools, those between sessions, the example's file,
    // the cards of the Century, Between and Ledger tabs, the Play tab's folded cards, what settles a stopped action,
    // and what plans and writes (the century end, the credits, the set-up, the deaths), loaded on the first press.
    for (const later of [
      "write.js",
      "referee.js",
      "between.js",
      "example.js",
      "tab-century.js",
      "tab-between.js",
      "tab-book.js",
      "card-referee.js",
      "card-debit.js",
      "card-pantheons.js",
      "settle.js",
    ])
      expect([later, size(later) > 1000]).toEqual([later, true]);
    // The example workbook (a zip, "UEsDB" in base64) is not in the first load.
    expect(pane).not.toContain('"UEsDB');
    // Strings only exceljs carries: the pane gets the example as a finished file instead.
    expect(pane).not.toMatch(/openxmlformats|ExcelJS|jszip/i);
    const manifest = fs.readFileSync(path.join(dist, "manifest.xml"), "utf8");
    const names = [...manifest.matchAll(/<FunctionName>([^<]+)<\/FunctionName>/g)].map((m) => m[1]);
    expect(names).toEqual(["endCentury"]);
    // One bundle, so one copy of the actions: the pane and the ribbon share their lock.
    expect(pane).toContain('associate("endCentury"');
    expect(fs.existsSync(path.join(dist, "commands.js"))).toBe(false);
  });
});

describe("outside Excel", () => {
  test("the pane says it runs inside Excel and how to load it, without a script error", async () => {
    const { page } = await newPage();
    await page.route("https://appsforoffice.microsoft.com/lib/1/hosted/**", (route) => {
      const file = path.join(OFFICE_DIST, new URL(route.request().url()).pathname.replace("/lib/1/hosted/", ""));
      return fs.existsSync(file) ? route.fulfill({ path: file, contentType: "text/javascript" }) : route.fulfill({ status: 404, body: "" });
    });
    await page.goto(`${origin}/taskpane.html`);
    await page.waitForSelector("#outside:not([hidden])");
    const text = await page.textContent("#outside");
    expect(text).toMatch(/runs inside Excel only/);
    expect(text).toMatch(/npm start/);
    expect(text).toMatch(/Upload My Add-in/);
    expect(await page.isVisible("#app")).toBe(false);
    await shot(page, "01-outside-excel");
  });
});

describe("in a plain browser, where Office.js cannot load", () => {
  test("the page loads with no script error and says where it runs", async () => {
    const { page } = await newPage();
    // An empty script stands in for an Office.js that could not be fetched: no Office, no CustomFunctions.
    await page.route("https://appsforoffice.microsoft.com/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
    await page.goto(`${origin}/taskpane.html`);
    await page.waitForSelector("#outside:not([hidden])");
    expect(await page.textContent("#outside")).toMatch(/runs inside Excel only/);
    expect(await page.evaluate(() => typeof (window as unknown as { CustomFunctions?: unknown }).CustomFunctions)).toBe("undefined");
  });
});

describe("inside Excel", () => {
  test("set up: a fresh workbook gets a welcome, not errors; set up adds the tables in 3 round trips; the example opens as a new workbook", async () => {
    const page = await inExcel({});
    expect(await page.textContent("#tables-summary")).toBe("Tables: 0 of 7 found");
    expect(await page.isVisible("#welcome")).toBe(true);
    expect(await page.textContent("#welcome")).toMatch(/This workbook is not a campaign yet/);
    expect(await page.textContent("#state")).toBe("Not a campaign yet");
    // The missing tables are the welcome's to tell: no wall of errors.
    expect(await page.isVisible("#problems-box")).toBe(false);
    // The session's actions wait, saying why.
    expect(await page.isDisabled("#end-century")).toBe(true);
    expect(await page.textContent("#century-reason")).toBe("Set up the workbook first, at the top of the pane.");
    expect(await page.isDisabled("#record-deaths")).toBe(true);

    expect(await click(page, "#create-tables")).toBe(3);
    expect(await page.textContent("#setup-result")).toMatch(
      /Added 7 tables, each on a sheet of its own: Gods, Cards, Sources, Races, Pantheon, Deaths, Counts/,
    );
    expect(await page.textContent("#tables-summary")).toBe("Tables: 7 of 7 found");
    expect(await page.isVisible("#welcome")).toBe(false);
    for (const spec of INPUT_TABLES) {
      expect(await host(page, (h) => h.book.tables.map((t) => t.name))).toContain(spec.name);
      expect((await values(page, spec.name))[0]).toEqual(spec.columns.map((c) => c.header));
    }
    // An empty campaign is not "ready to pay": the status says what to fill, and the century end waits for it.
    expect(await page.textContent("#state")).toBe("Century 1 · 5 tables to fill");
    expect(await page.isDisabled("#end-century")).toBe(true);
    expect(await page.textContent("#century-reason")).toBe("Fill Gods, Cards, Sources, Races, Pantheon first (a row at least each, see the list above).");

    const fresh = await inExcel({});
    await fresh.click("#open-example");
    await idle(fresh);
    expect(await fresh.textContent("#setup-result")).toMatch(/opened in a new workbook/);
    const created = await host(fresh, (h) => h.created);
    expect(created).toHaveLength(1);
    // The workbook Excel is asked to open holds the example campaign, one table per input.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(created[0] as string, "base64") as unknown as ExcelJS.Buffer);
    for (const spec of INPUT_TABLES) {
      const ws = wb.getWorksheet(spec.name);
      expect(ws?.getTable(spec.name)).toBeDefined();
      // Rows and cells counted from 1, empty cells as holes.
      const rows =
        ws
          ?.getSheetValues()
          .slice(2)
          .map((r) => Array.from((r as unknown[]).slice(1), (v) => v ?? null)) ?? [];
      const expected = (EXAMPLE_CAMPAIGN[spec.name] ?? []).map((r) => {
        const row = [...r];
        while (row.length > 0 && row[row.length - 1] === null) row.pop();
        return row;
      });
      expect(rows).toEqual(expected);
    }
  });

  test("the first load fetches the pane's two scripts only, until a tool used less often loads its own; the time to the status on screen is reported", async () => {
    const { page } = await newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      // Files named by number hold code that several later files share (the journal, for one): counted with them.
      const file = path.basename(new URL(r.url()).pathname);
      if (r.url().startsWith(origin) && file.endsWith(".js") && !/^\d+\.js$/.test(file)) scripts.push(file);
    });
    await loadPane(page, { tables: example() } as HostSetup);
    await idle(page);
    await page.waitForSelector("#state");
    const ms = await page.evaluate(() => performance.now());
    expect(await page.textContent("#state")).toBe("Century 1 · ready to end");
    expect(scripts).toEqual(["functions.js", "taskpane.js"]);
    const kb = (file: string) => Math.round(fs.statSync(path.join(dist, file)).size / 102.4) / 10;
    console.log(
      `The pane's first load: taskpane.js ${kb("taskpane.js")} KB and functions.js ${kb("functions.js")} KB; the campaign's status on screen ${Math.round(ms)} ms after the page began to load.`,
    );
    // The referee's card loads its code when unfolded; the war's preview needs the referee's tools: their file comes then, once.
    await page.selectOption("#war-a", "Ultra-Dwarves");
    await page.selectOption("#war-b", "Low Elves");
    await page.click("#war-show");
    await idle(page);
    await page.click("#war-show");
    await idle(page);
    expect(scripts).toEqual(["functions.js", "taskpane.js", "card-referee.js", "referee.js"]);
    // A tab's cards load when it is first opened, and come at once from then on.
    await page.click("#tab-book");
    await page.waitForSelector("#panel-book:not([hidden])");
    await page.click("#tab-play");
    await page.click("#tab-book");
    await page.waitForSelector("#panel-book:not([hidden])");
    expect(scripts).toEqual(["functions.js", "taskpane.js", "card-referee.js", "referee.js", "tab-book.js"]);
    // Its cards show the campaign at once: the latest credits' list is drawn.
    expect(await page.isVisible("#credits-none")).toBe(true);
  });

  test("records deaths, counts them quickly, ends the century in 4 round trips and shows what each god collects", async () => {
    const page = await inExcel(example());
    expect(await page.textContent("#state")).toBe("Century 1 · ready to end");
    await page.fill("#death-cause", "war");
    await page.fill("#death-units", "3");
    await page.click("details.more summary");
    await page.selectOption("#death-race", "Low Elves");
    await page.fill("#death-note", "ambush at the ford");
    expect(await click(page, "#record-deaths")).toBe(3);
    expect(await page.textContent("#deaths-result")).toMatch(/Recorded 3 war deaths of the Low Elves in century 1; war deaths this century: 24\./);
    await page.click('button[aria-label="Add 1 water death"]');
    await idle(page);
    await page.click('button[aria-label="Add 5 water deaths"]');
    await idle(page);
    const deaths = await values(page, "Deaths");
    expect(deaths.slice(-2)).toEqual([
      [1, "war", 3, "Low Elves", "ambush at the ford"],
      [1, "water", 6, "", "tally"],
    ]);
    expect(await page.textContent("#tally-body")).toMatch(/water11/);
    // The live preview follows the tables: what each god would collect if the century ended now.
    const tables = example();
    tables.Deaths?.push(...deaths.slice(-2));
    const expected = planCenturyEnd(rawWorkbook(tables), 1).payments;
    const asShown = (p: (typeof expected)[number]) => [p.god, fmt(p.carryIn), fmt(p.earned), fmt(p.paid), fmt(p.carry)];
    const previewRows = await page.$$eval("#preview-body tbody tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(previewRows).toEqual(expected.map(asShown));

    // Paying needs a look first: the confirmation shows the same table, then pays in 4 round trips (two reads, the claim, the write).
    expect(await payCentury(page)).toBe(4);
    const result = await page.textContent("#century-result");
    expect(result).toMatch(/Century 1 is paid/);
    // The same numbers as the command line's calculation on the same tables.
    const rows = await page.$$eval("#century-result .payments tbody tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows).toEqual(expected.map(asShown));
    expect(await page.textContent("#state")).toBe("Century 2 · ready to end");
    // The next century's button asks again before paying; the latest century can be redone.
    expect(await page.textContent("#end-century")).toBe("End century 2…");
    expect(await page.textContent("#redo-century")).toBe("Redo century 1…");
    expect((await values(page, "Ledger")).length).toBe(1 + expected.length);
    await shot(page, "05-century-ended", "#century-title");

    expect(await click(page, "#regenerate")).toBe(3);
    expect(await page.textContent("#worksheets-result")).toMatch(/Worksheets of century 2 written; nobody was paid/);
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).toEqual(expect.arrayContaining(["C2 Death Worksheet", "C2 Century-End Worksheet"]));
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).not.toContain("C2 Mana");
    expect((await values(page, "Ledger")).length).toBe(1 + expected.length);
    await shot(page, "06-worksheets-only", "#worksheets-result");

    // The session packet: two reads, one more for the titles of century 2's worksheets (made
    // above, and listed in no seal since nobody was paid), and one write; the Ledger as it was.
    expect(await click(page, "#packet")).toBe(4);
    expect(await page.textContent("#packet-result")).toMatch(/Wrote Earth Summary, Character Sheets, Charts for century 2: print them/);
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).toContain("Earth Summary");
    expect((await values(page, "Ledger")).length).toBe(1 + expected.length);
  });

  test("a century calculated again asks with, and says after, what to hand out or take back at the box", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    const reads = await host(page, (h) => h.excel.runs);
    // Ten war deaths of century 1 typed late: Vorn's century 1 is worth 17.5 more (War 3 cards × 0.5, Death 1 card × 0.25).
    await page.evaluate(async () => {
      const h = window.godsTestHost;
      const deaths = h?.book.sheet("Deaths");
      const table = h?.book.table("Deaths");
      if (!h || !deaths || !table) return;
      const rows = h.book.values("Deaths").length;
      deaths.cell(rows, 0).value = 1;
      deaths.cell(rows, 1).value = "war";
      deaths.cell(rows, 2).value = 10;
      table.bodyRows++;
      await h.book.changed("Deaths", `A${rows + 1}:C${rows + 1}`);
    });
    // Once the edit has settled, the pane reads the campaign again.
    await page.waitForFunction((before) => (window.godsTestHost?.excel.runs ?? 0) > before, reads, { timeout: 10000 });
    await idle(page);
    await page.click("#redo-century");
    await page.waitForSelector("#century-confirm:not([hidden])");
    expect(await page.textContent("#century-question")).toMatch(/hand out or take back only the difference, for 1 character\./);
    const asked = await page.$$eval("#century-pay tbody tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(asked.find((r) => r[0] === "Vorn")).toEqual(["Vorn", "45", "63", "hand out 18 more"]);
    expect(asked.find((r) => r[0] === "Solara")).toEqual(["Solara", "21", "21", "nothing"]);
    await shot(page, "07-redo-question", "#century-confirm");
    expect(await click(page, "#century-yes")).toBe(4);
    expect(await page.textContent("#century-result")).toMatch(/^Century 1 is calculated again/);
    const told = await page.$$eval("#century-result tbody tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(told.find((r) => r[0] === "Vorn")).toEqual(["Vorn", "45", "63", "hand out 18 more"]);
  });

  test("a broken pantheon is a problem that leads to its cell, and stops the century end", async () => {
    const tables = example();
    const row = tables.Pantheon?.findIndex((r) => r[0] === "Low Elves" && r[1] === "Solara") ?? -1;
    (tables.Pantheon?.[row] as unknown[])[2] = 40;
    const page = await inExcel(tables);
    // One wording for one wrong pantheon, in the problems and in the pantheon tools alike.
    const problem = page.locator("#problems button", { hasText: "pantheon of Low Elves cannot be used" });
    expect(await problem.textContent()).toMatch(
      /Pantheon table, row 5, column Share: the pantheon of Low Elves cannot be used: The shares add up to 90; they must add up to 100.*Go to Pantheon!C5/,
    );
    await shot(page, "07-broken-pantheon");
    expect(await click(page, "#problems button >> nth=0")).toBe(1);
    expect(await host(page, (h) => h.book.selected)).toEqual({ sheet: "Pantheon", address: "C5" });

    // Nobody is paid while the campaign has an error: the button says why it waits.
    expect(await page.isDisabled("#end-century")).toBe(true);
    expect(await page.textContent("#century-reason")).toBe("Fix the 1 problem listed under Problems first: nobody is paid while the campaign has one.");
    expect(await page.textContent("#state")).toBe("Century 1 · 1 problem to fix");
    expect(await host(page, (h) => h.book.sheets.some((s) => s.name.startsWith("C1 ")))).toBe(false);

    await page.selectOption("#pantheon-race", "Low Elves");
    expect(await page.textContent("#pantheon-current")).toMatch(/The pantheon of Low Elves cannot be used: The shares add up to 90/);
    expect(await click(page, "#apply-cult")).toBe(2);
    expect(await page.textContent("#cult-result")).toMatch(/Nothing was written:.*cannot be used/);
    await shot(page, "08-broken-pantheon-cult-refused", "#pantheon-current");
  });

  test("pantheon tools: a cult, turmoil, a checked change and an obliteration", async () => {
    const page = await inExcel(example());
    await page.selectOption("#pantheon-race", "Low Elves");
    await page.selectOption("#cult-deity", "Kettu");
    await page.fill("#cult-points", "10");
    expect(await click(page, "#apply-cult")).toBe(3);
    expect(await page.textContent("#cult-result")).toMatch(
      /Cult of Kettu among the Low Elves: Solara 50% → 42\.8571%, Kettu 30% → 40%, Diabolism 20% → 17\.1429%\./,
    );
    const pantheon = await values(page, "Pantheon");
    expect(pantheon.filter((r) => r[0] === "Low Elves")).toEqual([
      ["Low Elves", "Solara", 42.8571],
      ["Low Elves", "Kettu", 40],
      ["Low Elves", "Diabolism", 17.1429],
    ]);
    await shot(page, "09-cult", "#pantheons-title");

    await page.selectOption("#pantheon-race", "Cave Trolls");
    expect(await click(page, "#toggle-turmoil")).toBe(3);
    expect((await values(page, "Races")).find((r) => r[0] === "Cave Trolls")?.[5]).toBe("yes");
    expect(await page.textContent("#turmoil-state")).toMatch(/The Cave Trolls are in religious turmoil/);
    expect(await page.textContent("#toggle-turmoil")).toBe("End the turmoil of the Cave Trolls");
    await page.selectOption("#turmoil-roll", "4");
    expect(await page.textContent("#turmoil-effect")).toBe(`A roll of 4: ${turmoil(4)}.`);
    expect(await page.textContent("#turmoil-result")).toMatch(/^The Cave Trolls are in religious turmoil: they give no worship for this century\./);
    await shot(page, "10-turmoil", "fieldset:has(#toggle-turmoil)");

    await page.selectOption("#pantheon-race", "Low Elves");
    await page.fill('#proposal input[data-member="Kettu"]', "38");
    await page.fill('#proposal input[data-member="Diabolism"]', "19.1429");
    expect(await click(page, "#check-change")).toBe(2);
    expect(await page.textContent("#check-verdict")).toMatch(/^Diabolism vetoes the change: its share would go from 17\.1429% to 19\.1429%/);
    await page.fill('#proposal input[data-member="Kettu"]', "35");
    await page.fill('#proposal input[data-member="Diabolism"]', "22.1429");
    await click(page, "#check-change");
    expect(await page.textContent("#check-verdict")).toBe("Diabolism accepts this change.");
    await shot(page, "11-change-checked", "fieldset:has(#check-change)");

    await page.selectOption("#obliterate-god", "Vorn");
    await page.click("#obliterate");
    expect(await page.textContent("#obliterate-question")).toMatch(/^Obliterate Vorn\?/);
    await shot(page, "12-obliterate-confirm", "fieldset:has(#obliterate)");
    expect(await click(page, "#obliterate-yes")).toBe(3);
    const result = await page.textContent("#obliterate-result");
    expect(result).toMatch(/Vorn is obliterated/);
    expect(result).toMatch(/Ash Orcs: Atheism joins with 80%\./);
    expect(result).toMatch(/Cards: its 2 rows were removed\./);
    const after = await values(page, "Pantheon");
    expect(after.filter((r) => r[1] === "Vorn")).toEqual([]);
    expect(after.filter((r) => r[0] === "Ultra-Dwarves")).toEqual([
      ["Ultra-Dwarves", "Solara", 90],
      ["Ultra-Dwarves", "Atheism", 10],
    ]);
    expect(after).toContainEqual(["Ash Orcs", "Atheism", 80]);
    expect((await values(page, "Cards")).filter((r) => r[0] === "Vorn")).toEqual([]);
    await shot(page, "13-obliterated", "fieldset:has(#obliterate)");
  });

  test("mana inflation: the average of the Gods table's Mana column and the engine's factor", async () => {
    const tables = example();
    tables.Gods = (tables.Gods ?? []).map((r, i) => [...r, i === 0 ? "Mana" : ([60, 70, 40, 55, 80][i - 1] ?? null)]);
    const page = await inExcel(tables);
    expect(await page.textContent("#mana-body")).toMatch(/Average per character61Characters5Factor0\.5Halve every mana source \(factor 0\.5\)\./);
    await shot(page, "14-mana-inflation", "#mana-title");
  });

  test("the Great Council: quorum, a measure's 7 votes and a Supreme Deity's every greater god, from the Gods table", async () => {
    // The example's Gods table names 2 greater gods (Solara, Vorn): a Supreme Deity needs both.
    const page = await inExcel(example());
    expect(await page.textContent("#council-seats")).toBe("The Gods table names 2 greater gods. A meeting needs 7 present; a measure needs 7 votes.");
    await page.fill("#council-present", "2");
    expect(await page.textContent("#council-answer")).toBe("No quorum: the Council needs 7 greater gods present, and ends when fewer remain.");
    // More present than the table's 2 greater gods: refused in the engine's words.
    await page.fill("#council-present", "9");
    expect(await page.textContent("#council-answer")).toMatch(/cannot be more greater gods present \(9\) than there are greater gods \(2\)/);
    const tables = example();
    tables.Gods = [...(tables.Gods ?? []), ...["Ares", "Hera", "Zeus", "Thor", "Odin", "Ra", "Isis"].map((g) => [g, "greater"])];
    const full = await inExcel(tables);
    await full.fill("#council-present", "9");
    expect(await full.textContent("#council-answer")).toBe("The Council is in session.");
    await full.fill("#council-votes", "6");
    expect(await full.textContent("#council-answer")).toBe("The vote fails. (It needs 7 votes, however many are present.)");
    await full.fill("#council-votes", "7");
    expect(await full.textContent("#council-answer")).toBe("The vote carries. (It needs 7 votes, however many are present.)");
    await full.selectOption("#council-kind", "supreme deity");
    expect(await full.textContent("#council-answer")).toBe("The vote fails. (It needs all 9 greater gods.)");
    // Two of the 9 are shamed: still a meeting, but only 7 may vote.
    await full.selectOption("#council-kind", "measure");
    await full.fill("#council-barred", "2");
    expect(await full.textContent("#council-answer")).toBe("The vote carries. (It needs 7 votes, however many are present; 7 of them may vote.)");
    await full.fill("#council-votes", "8");
    expect(await full.textContent("#council-answer")).toMatch(/more votes \(8\) than greater gods present who may vote \(7: 9 present, 2 barred\)/);
    await full.fill("#council-votes", "");
    await full.fill("#council-present", "7");
    await full.fill("#council-barred", "1");
    expect(await full.textContent("#council-answer")).toBe("The Council is in session.");
    await shot(full, "22-council", "#council-title");
  });

  test("the ribbon's End century button opens the pane's question and pays nothing by itself", async () => {
    const page = await inExcel(example());
    expect(await host(page, (h) => [...h.actions.keys()])).toEqual(["endCentury"]);
    // As Excel does, the test waits for event.completed(), not for what the function returns.
    const completed = await pressEndCentury(page);
    expect(completed).toBe(1);
    await page.waitForSelector("#century-confirm:not([hidden])");
    await idle(page);
    expect(await host(page, (h) => h.shown)).toBe(1);
    // Asked, not paid: no Ledger yet, and the focus on the question's words.
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).not.toContain("Ledger");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("century-question");
    expect(await page.textContent("#century-yes")).toBe("Pay century 1");
    await shot(page, "15-ribbon-century-question", "#century-title");
    await click(page, "#century-yes");
    expect(await page.textContent("#century-result")).toMatch(/Century 1 is paid/);
  });

  test("a warning that changes pay is named in the question, and Yes says it pays despite it; a new one is asked about before paying", async () => {
    const tables = example();
    // No count of Cities on Earth for century 1: Harvest's holders would be paid 0 for it.
    tables.Counts = (tables.Counts ?? []).filter((r) => !(r[0] === 1 && r[1] === "Cities on Earth"));
    const page = await inExcel(tables);
    await page.click("#end-century");
    await page.waitForSelector("#century-confirm:not([hidden])");
    expect(await page.textContent("#century-warnings")).toMatch(/Changes pay: Counts table: "Cities on Earth" has no count for century 1/);
    expect(await page.textContent("#century-yes")).toBe("Pay century 1 despite 1 warning");
    await shot(page, "19-century-question-pay-warning", "#century-title");
    // Meanwhile someone types a sphere Sources spells otherwise: nothing is paid, the question comes back with it.
    await host(page, (h) => {
      const cards = h.book.sheet("Cards");
      if (cards !== undefined) cards.cell(7, 1).value = "Seas";
    });
    await page.click("#century-yes");
    await idle(page);
    await page.waitForSelector("#century-confirm:not([hidden])");
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).not.toContain("Ledger");
    expect(await page.textContent("#century-question")).toMatch(
      /^Nothing was paid yet: the tables say something new that changes what someone is paid\. Pay century 1\?/,
    );
    expect(await page.textContent("#century-warnings")).toMatch(
      /Changes pay: Cards table, row 8, column Sphere: the sphere "Seas" has no row in the Sources table, so Kettu's 1 card in it earns no mana\. Did you mean "Sea"\?/,
    );
    expect(await page.textContent("#century-yes")).toBe("Pay century 1 despite 2 warnings");
    await click(page, "#century-yes");
    expect(await page.textContent("#century-result")).toMatch(/Century 1 is paid/);
  });

  test("the book by hand: a god renamed everywhere is asked first, then keeps its account", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    expect(await page.isDisabled("#reseal")).toBe(true);
    await page.selectOption("#rename-from", "Kettu");
    await page.fill("#rename-to", "Kettu the Wise");
    await page.click("#rename");
    await page.waitForSelector("#rename-confirm:not([hidden])");
    expect(await page.textContent("#rename-question")).toMatch(/^Rename Kettu to Kettu the Wise everywhere/);
    await shot(page, "20-book-rename-question", "#book-title");
    await click(page, "#rename-yes");
    expect(await page.textContent("#rename-result")).toMatch(/"Kettu" is now "Kettu the Wise" everywhere/);
    expect(await host(page, (h) => h.book.values("Ledger").map((r) => r[3]))).toContain("Kettu the Wise");
    await shot(page, "21-book-renamed", "#book-title");
  });

  test("a deleted Ledger: Start the Ledger again asks what it loses, Cancel writes nothing, Yes starts it once and century 2 pays the carry", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    expect(await page.isHidden("#restart-form")).toBe(true);
    // The gamemaster deletes the Ledger, its hidden seal and C1 Mana; the book's head remains.
    await host(page, (h) => {
      const book = h.book;
      for (const name of ["Ledger", "Ledger Seal", "C1 Mana"])
        book.sheets.splice(
          book.sheets.findIndex((s) => s.name === name),
          1,
        );
      book.tables.splice(
        book.tables.findIndex((t) => t.name === "Ledger"),
        1,
      );
    });
    await click(page, "#refresh");
    await page.waitForSelector("#restart-form:not([hidden])");
    // The problem says the pane's way on, not the command line's.
    const problem = await page.textContent("#problems");
    expect(problem).toMatch(/the Ledger and its seal are gone/);
    expect(problem).toMatch(/start the book again with Start the Ledger again… below: its question says what that loses \(every account opens at 0/);
    expect(problem).not.toMatch(/gods |--accept|FILE|run the command/);
    expect(await page.textContent("#restart")).toBe("Start the Ledger again…");
    expect(await page.isDisabled("#end-century")).toBe(true);
    // What each account kept: a number below 1, or below 0 for what it owed; text is refused before anything is read.
    const vorn = '#restart-rows input[data-god="Vorn"]';
    const syncs = await host(page, (h) => h.excel.syncs);
    await page.fill(vorn, "a little");
    await page.click("#restart");
    expect(await page.textContent("#restart-result")).toBe(
      'Vorn: write what its account had kept as a number, such as 0.9 (or -2.5 for what it owed). "a little" is not one.',
    );
    await page.fill(vorn, "1.5");
    await page.click("#restart");
    expect(await page.textContent("#restart-result")).toMatch(/^Vorn: an account keeps less than 1 mana .*1\.5 is 1 or more\.$/);
    expect(await host(page, (h) => h.excel.syncs)).toBe(syncs);

    await page.fill(vorn, "0.9");
    await click(page, "#restart");
    await page.waitForSelector("#restart-confirm:not([hidden])");
    expect(await page.textContent("#restart-question")).toMatch(/^Start the Ledger again at century 1\? Put it back from a saved copy/);
    const lost = await page.locator("#restart-lost li").allTextContents();
    expect(lost[0]).toMatch(/^The \d+ rows the deleted Ledger held are not brought back \(its latest credit: the end of century 1\)\./);
    expect(lost[1]).toBe("Every account opens at 0 except Vorn 0.9.");
    expect(lost[2]).toBe("Centuries up to 1 were paid in the lost Ledger: none of them can be ended again, and the next century end is century 2.");
    expect(lost.join("\n")).not.toMatch(/gods |--|FILE/);
    await shot(page, "40-restart-question", "#restart-title");
    // Cancel: nothing written.
    const asked = await host(page, (h) => h.excel.syncs);
    await page.click("#restart-no");
    expect(await page.isHidden("#restart-confirm")).toBe(true);
    expect(await host(page, (h) => h.excel.syncs)).toBe(asked);
    expect(await values(page, "Ledger")).toEqual([]);

    // Yes, and Excel's answer to the request that wrote the Ledger is lost: the book is started once, and said so.
    await click(page, "#restart");
    await host(page, (h) => {
      h.excel.afterSync = () => {
        if (h.book.sheet("Ledger") !== undefined) {
          delete h.excel.afterSync;
          throw Object.assign(new Error("The connection was lost before Excel answered."), { code: "GeneralException" });
        }
      };
    });
    await click(page, "#restart-yes");
    expect(await page.textContent("#restart-result")).toMatch(
      /^The Ledger starts again at century 1: Vorn carries 0\.9; the other \d+ open at 0\. The next century end is century 2\.Centuries up to 1 were paid in the lost Ledger/,
    );
    const ledger = await values(page, "Ledger");
    const accounts = ledger.slice(1).map((r) => r[3]);
    expect(new Set(accounts).size).toBe(accounts.length);
    expect(ledger.slice(1).every((r) => r[0] === 1 && r[1] === "opening")).toBe(true);
    expect(ledger.find((r) => r[3] === "Vorn")?.slice(4)).toEqual([0.9, 0, 0.9, "0.9"]);
    // The way to start it again is gone with the problem; the header and the century box are at century 2.
    expect(await page.isHidden("#restart-form")).toBe(true);
    expect(await page.textContent("#state")).toBe("Century 2 · ready to end");
    expect(await page.textContent("#century-title")).toBe("Century 2 in play");
    await shot(page, "41-restart-done", "#restart-result");
    // Century 2: Vorn earns 20.145; with the 0.9 given, 21.045: 21 to his box, 0.045 kept.
    await payCentury(page);
    expect(
      (await values(page, "Ledger"))
        .filter((r) => r[3] === "Vorn")
        .at(-1)
        ?.slice(4),
    ).toEqual([20.145, 21, 0.045, "0.045"]);
  });

  test("mana lost: a debit is asked first, the account owes what it could not cover, and the next century end pays the debt first", async () => {
    const page = await inExcel(example());
    await payCentury(page); // Vorn carries 0.645
    expect(await page.isVisible("#owing-none")).toBe(true);
    await page.selectOption("#debit-god", "Vorn");
    await page.fill("#debit-mana", "0");
    await page.click("#debit");
    expect(await page.textContent("#debit-result")).toMatch(/^Mana: write how much mana Vorn loses/);
    await page.fill("#debit-mana", "5");
    await page.fill("#debit-what", "Lord's loss");
    await page.click("#debit");
    await page.waitForSelector("#debit-confirm:not([hidden])");
    expect(await page.textContent("#debit-question")).toMatch(/^Take 5 mana from Vorn's account for "Lord's loss" in century 2\?/);
    await shot(page, "24-debit-question", "#debit-title");
    expect(await click(page, "#debit-yes")).toBe(4);
    expect(await page.textContent("#debit-result")).toMatch(/Took 5 mana from Vorn \("Lord's loss"\) in century 2.*Vorn owes 4\.355 mana/);
    expect(await page.textContent("#owing")).toBe("Vornowes 4.355");
    expect((await values(page, "Ledger")).at(-1)).toEqual([2, "debit", "Lord's loss", "Vorn", -5, 0, -4.355, "-4.355"]);
    await shot(page, "25-debit-owed", "#debit-title");
    // The same debit again is asked as a repeat.
    await page.fill("#debit-mana", "5");
    await page.fill("#debit-what", "lord's loss");
    await page.click("#debit");
    expect(await page.textContent("#debit-question")).toMatch(/^Vorn was just debited for "lord's loss"\. Did it lose mana for it again\?/);
    await page.click("#debit-no");
    // Century 2: Vorn earns 20.145; 4.355 pays the debt, 15 reach his box.
    expect(await page.textContent("#preview-body")).toContain("owes 4.355");
    await payCentury(page);
    expect(await page.isVisible("#owing-none")).toBe(true);
    expect(
      (await values(page, "Ledger"))
        .filter((r) => r[3] === "Vorn")
        .at(-1)
        ?.slice(4, 6),
    ).toEqual([20.145, 15]);
  });

  test("the theme follows Office's when the gamemaster comes back to the pane, without asking Excel anything", async () => {
    const page = await inExcel(example(), { officeTheme: { bodyBackgroundColor: "#ffffff", bodyForegroundColor: "#000000" } });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    const before = await host(page, (h) => h.excel.syncs);
    // Office's theme set to black in its settings: the pane changes once it gets the focus again.
    await page.evaluate(() => {
      Object.assign(Office.context, { officeTheme: { bodyBackgroundColor: "#262626", bodyForegroundColor: "#ffffff" } });
      window.dispatchEvent(new Event("focus"));
    });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgb(255, 255, 255)");
    // The focus also reads the campaign again (an edit Excel did not report): the theme itself costs nothing.
    expect((await host(page, (h) => h.excel.syncs)) - before).toBeLessThanOrEqual(2);
  });

  test("a century paid on two computers whose copies lagged: named, payments held, then put right by a referee", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    // Another referee's Excel paid century 1 too, on its own copy; the copies have since met.
    await page.evaluate(() =>
      window.godsTestHost?.book.settings.set(
        "gods.paid.other",
        JSON.stringify([
          {
            credit: "century-end|1|",
            at: Date.now() + 60_000,
            handed: [
              ["Solara", 21],
              ["Vorn", 45],
              ["Mirelle", 14],
              ["Kettu", 13],
              ["Demons", 4],
            ],
          },
        ]),
      ),
    );
    await click(page, "#refresh");
    expect(await page.isVisible("#twice-title")).toBe(true);
    expect(await page.textContent("#twice")).toMatch(
      /^The end of century 1 was paid on 2 computers .*: this computer at \d\d:\d\d handed out Solara 21, Vorn 45, Mirelle 14, Kettu 13, Demons 4; another computer at \d\d:\d\d handed out Solara 21, .* The Ledger holds it once, as this computer at \d\d:\d\d wrote it, and keeps it so\. Take back out of the boxes what another computer at \d\d:\d\d handed out: Solara 21, Vorn 45, Mirelle 14, Kettu 13, Demons 4\./,
    );
    // Payments wait until it is put right.
    expect(await page.isDisabled("#credit-event")).toBe(true);
    await page.click("#twice button.settle");
    expect(await page.textContent("#twice-question")).toBe(
      "Have these come back out of the boxes: Solara 21, Vorn 45, Mirelle 14, Kettu 13, Demons 4? The Ledger keeps it once as it is. Payments then go on, on every computer.",
    );
    await shot(page, "26-paid-twice", "#twice-title");
    await click(page, "#twice-yes");
    expect(await page.textContent("#twice-result")).toContain("Recorded as put right: payments go on.");
    expect(await page.isVisible("#twice-title")).toBe(false);
    // Payments go on.
    await page.selectOption("#event-name", "Race destroyed");
    await page.click("#credit-event");
    expect(await click(page, "#event-yes")).toBe(4);
    expect(await page.textContent("#event-result")).toMatch(/Credited "Race destroyed"/);
  });

  test("every control has a name, and the century can be ended with the keyboard alone", async () => {
    const page = await inExcel(example());
    const unnamed = await page.$$eval("#app button, #app input, #app select", (controls) =>
      controls
        .filter((c) => {
          const input = c as HTMLInputElement;
          const named =
            (input.labels?.length ?? 0) > 0 || (c.getAttribute("aria-label") ?? "") !== "" || (c.tagName === "BUTTON" && c.textContent.trim() !== "");
          // A tab list keeps one tab in the Tab order; the arrow keys reach the others.
          return !named || (input.tabIndex < 0 && c.getAttribute("role") !== "tab");
        })
        .map((c) => c.outerHTML),
    );
    expect(unnamed).toEqual([]);
    // The first Tab reaches the skip link, which leads to the session's actions.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("next");
    await page.focus("#end-century");
    await page.keyboard.press("Enter");
    // The question takes the focus on its words: Enter there pays nobody; Tab reaches Pay just under them.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("century-question");
    await page.keyboard.press("Enter");
    expect(await page.isVisible("#century-confirm")).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("century-yes");
    await page.keyboard.press("Enter");
    // The answer opens on what to hand out; each account's table is folded under it.
    await page.waitForSelector("#century-result-title");
    await idle(page);
    // The result is announced: the focus moves to its heading.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("century-result-title");
  });

  test("where Excel can hold a batch until a cell edit ends, the century end simply waits for it", async () => {
    const page = await inExcel(example());
    await host(page, (h) => (h.excel.editingFor = 1));
    await payCentury(page);
    expect(await page.textContent("#century-result")).toMatch(/Century 1 is paid/);
    expect(await host(page, (h) => h.excel.delayed)).toBe(1);
  });

  test("a cell edit that lasts holds the century end: after 3 s the pane says how to end it, and goes on once it ends", async () => {
    const { page } = await newPage();
    await page.clock.install({ time: new Date("2026-11-23T20:00:00Z") });
    await loadPane(page, { tables: example() } as HostSetup);
    await idle(page);
    // Time moves only when the test moves it.
    await page.clock.pauseAt(new Date("2026-11-23T20:01:00Z"));
    await host(page, (h) => {
      h.excel.editLasts = true;
      h.excel.editingFor = 1;
    });
    await page.click("#end-century");
    await page.click("#century-yes");
    await page.waitForFunction(() => window.godsTestHost?.excel.delayed === 1);
    await page.clock.runFor(2999);
    expect(await page.textContent("#progress-text")).toBe("Reading the campaign tables…");
    await page.clock.runFor(1);
    expect(await page.textContent("#progress-text")).toBe(
      "Still waiting for Excel. If you are typing in a cell, press Enter or click another cell in the sheet: Excel holds the add-in's work until the edit ends, and clicking in this pane does not end it.",
    );
    // Still one action under way: nothing else can start meanwhile.
    expect(await page.isDisabled("#record-deaths")).toBe(true);
    await shot(page, "16-waiting-for-cell-edit");
    // The gamemaster presses Enter in the sheet.
    await host(page, (h) => {
      h.excel.endEdit();
    });
    await idle(page);
    expect(await page.textContent("#century-result")).toMatch(/Century 1 is paid/);
    expect(await page.textContent("#progress-text")).toMatch(/^Up to date with the workbook/);
    expect((await values(page, "Ledger")).length).toBeGreaterThan(1);
  });

  test("an Excel that refuses while a cell is being edited, although asked to wait: the pane waits, tries again, and says so", async () => {
    const page = await inExcel(example(), { ignoresDelayForCellEdit: true });
    await host(page, (h) => (h.excel.editingFor = 1));
    await page.click("#end-century");
    await page.click("#century-yes");
    await page.waitForSelector("#progress-text >> text=A cell is being edited");
    await idle(page);
    expect(await page.textContent("#century-result")).toMatch(/Century 1 is paid/);
    expect(await host(page, (h) => h.excel.delayed)).toBe(0);
  });

  test("a century end that stops at the Ledger says truly what happened; one confirmed step finishes it", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    await page.evaluate(() => {
      const sheet = window.godsTestHost?.book.sheet("Ledger");
      if (sheet) sheet.protected = true;
    });
    await payCentury(page);
    const text = await page.textContent("#century-result");
    expect(text).toMatch(
      /^The end of century 2 stopped at \d\d:\d\d while it was being recorded\. Nothing is lost and nothing was written twice: press the same button again, or Finish it at the top of the pane, and the rest is written as it was meant\. Why it stopped: Excel refused the change: a sheet or the workbook is protected/,
    );
    // The pane reads the campaign again at once: the action left open is shown with its one step.
    await page.waitForSelector("#stopped-box:not([hidden])");
    expect(await page.textContent("#stopped-text")).toMatch(
      /^The end of century 2 stopped part-way at \d\d:\d\d\. It was recording what it does\. Finishing it writes the rest as it was meant/,
    );
    expect(await page.textContent("#stopped-settle")).toBe("Finish it…");
    await shot(page, "18-century-end-stopped-part-way", "#stopped-title");
    await page.evaluate(() => {
      const sheet = window.godsTestHost?.book.sheet("Ledger");
      if (sheet) sheet.protected = false;
    });
    await page.click("#stopped-settle");
    await page.click("#stopped-yes");
    await idle(page);
    expect(await page.textContent("#stopped-result")).toMatch(/^Finished the end of century 2, which had stopped part-way at \d\d:\d\d: century 2 paid: /);
    expect(await page.isHidden("#stopped-box")).toBe(true);
    expect((await values(page, "Ledger")).filter((r) => r[0] === 2).length).toBeGreaterThan(0);
  });

  test("an event whose answer was lost is told as credited; the same click again writes nothing, and is never asked as a second event", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    await idle(page);
    const rows = (await values(page, "Ledger")).length;
    // The event's write (its run's fourth request, after two reads and the claim) is carried out, and its answer lost.
    await host(page, (h) => {
      h.excel.afterSync = (n) => {
        if (n === 4) {
          delete h.excel.afterSync;
          throw Object.assign(new Error("The connection was lost before Excel answered."), { code: "GeneralException" });
        }
      };
    });
    await page.selectOption("#event-name", "Race destroyed");
    await page.click("#credit-event");
    await click(page, "#event-yes");
    expect(await page.textContent("#event-result")).toMatch(/^Credited "Race destroyed" in century 2/);
    const credited = (await values(page, "Ledger")).length;
    expect(credited).toBeGreaterThan(rows);
    // The gamemaster, unsure, clicks again: it is asked as the same click, and nothing more is written.
    await page.click("#credit-event");
    expect(await page.textContent("#event-question")).toMatch(/^Try "Race destroyed" again\? The click before met a fault on its way to Excel/);
    await shot(page, "31-event-same-click-again", "#event-question");
    await click(page, "#event-yes");
    expect(await page.textContent("#event-result")).toMatch(
      /^Already done at \d\d:\d\d: the event "Race destroyed" in century 2 credited: .*Nothing more was written\.$/,
    );
    expect((await values(page, "Ledger")).length).toBe(credited);
    // A third click is a new one: asked whether it happened again.
    await page.click("#credit-event");
    expect(await page.textContent("#event-question")).toMatch(/^"Race destroyed" was the last credit already\. Did it happen again\?/);
  });

  test("an Excel failure is told in plain words, never as an exception", async () => {
    const page = await inExcel(example());
    await page.evaluate(() => {
      if (window.godsTestHost)
        window.godsTestHost.failNext = Object.assign(new Error("RichApi.Error: AccessDenied at t.processRequest (excel.js:1:2)"), { code: "AccessDenied" });
    });
    await payCentury(page);
    const text = await page.textContent("#century-result");
    expect(text).toMatch(
      /^Nothing was written: Excel refused the change: a sheet or the workbook is protected.*Unprotect Sheet\)\. It was writing C1 Death Worksheet, C1 Century-End Worksheet, C1 Mana, Heaven Events, Earth Events, Distribution Points \(what each god collects at the box\) and the Ledger\. Then press “End century 1…” again\.$/,
    );
    await page.evaluate(() => {
      if (window.godsTestHost) window.godsTestHost.failNext = new TypeError("Cannot read properties of undefined (reading 'values')");
    });
    await click(page, "#refresh");
    const other = await page.textContent("#campaign-result");
    expect(other).toMatch(/^Something went wrong and the action did not finish/);
    for (const t of [text, other]) expect(t).not.toMatch(/Error|undefined|\bat\b.*\.js/);
    await shot(page, "17-plain-error", "#century-title");
  });
});

describe("the pane as a gamemaster sees it, at 320 and 500 px, light and dark", () => {
  const looks = [320, 500].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

  test.each(looks)("$width px, $theme: welcome, a campaign, an event, a century paid, with no horizontal scroll", async ({ width, theme }) => {
    const name = (step: string) => `pane-${width}-${theme}-${step}`;
    const open = async (tables: Tables) => {
      const page = await inExcel(tables, theme === "dark" ? { officeTheme: { bodyBackgroundColor: "#292929", bodyForegroundColor: "#ffffff" } } : {});
      await page.setViewportSize({ width, height: 720 });
      return page;
    };
    const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    const empty = await open({});
    expect(await empty.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    expect(await noSideScroll(empty)).toBe(true);
    await shot(empty, name("1-welcome"));

    const page = await open(example());
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, name("2-ready"));
    // The session's actions come first: the first of them shows without scrolling.
    expect(await page.evaluate(() => (document.getElementById("deaths-title")?.getBoundingClientRect().top ?? 9999) < window.innerHeight)).toBe(true);

    await page.selectOption("#event-name", "God obliterated");
    await page.click("#credit-event");
    expect(await page.textContent("#event-question")).toBe('Credit "God obliterated" in century 1? It credits Vorn 2, Demons 1.');
    await shot(page, name("3-event-question"), "#event-title");
    expect(await click(page, "#event-yes")).toBe(4);
    expect(await page.textContent("#event-result")).toMatch(/Credited "God obliterated" in century 1.*Collect now: Vorn 2, Demons 1\./);
    expect(await page.textContent("#credits")).toMatch(/^The event "God obliterated" in century 1Vorn 2 \(paid 2\), Demons 1 \(paid 1\)/);
    await shot(page, name("4-event-credited"), "#event-title");

    await page.click("#end-century");
    await page.waitForSelector("#century-confirm:not([hidden])");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, name("5-century-question"), "#century-title");
    expect(await click(page, "#century-yes")).toBe(4);
    expect(await page.textContent("#century-result")).toMatch(/Century 1 is paid/);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, name("6-century-paid"), "#century-title");
    // Century 2's preview: under each name, a line of what it earned so far, ending on what it would earn now.
    const lines = await page.$$eval("#preview-body .payments svg.trend", (svgs) => svgs.map((s) => s.getAttribute("aria-label")));
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Vorn earned \(net\) 47\.645 in century 1; [\d.]+ if this century ended now$/);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, name("7-preview-lines"), "#preview-body");
  });
});

describe("the Earth map referee's card", () => {
  test("a war is shown (reading only), asked, then written in one round trip more", async () => {
    const page = await inExcel(example());
    await page.selectOption("#war-a", "Ultra-Dwarves");
    await page.selectOption("#war-b", "Low Elves");
    expect(await click(page, "#war-show")).toBe(2);
    expect(await page.textContent("#referee-question")).toMatch(
      /^War in century 1 between the Ultra-Dwarves and the Low Elves: the Ultra-Dwarves lost 3, the Low Elves lost 7\..* Write it\?$/,
    );
    expect(await page.textContent("#referee-preview")).toMatch(
      /Deaths: 3 war of the Ultra-Dwarves.*Deaths: 7 war of the Low Elves.*Ultra-Dwarves: Units 40 → 37.*Low Elves: Units 65 → 58/,
    );
    const before = (await values(page, "Deaths")).length;
    expect((await values(page, "Deaths")).length).toBe(before);
    await shot(page, "pane-320-light-7-war-question", "#referee-title");
    expect(await click(page, "#referee-yes")).toBe(3);
    expect((await values(page, "Deaths")).slice(-2)).toEqual([
      [1, "war", 3, "Ultra-Dwarves", "war: Ultra-Dwarves vs Low Elves"],
      [1, "war", 7, "Low Elves", "war: Ultra-Dwarves vs Low Elves"],
    ]);
    expect(await page.textContent("#referee-result")).toMatch(/War in century 1 between the Ultra-Dwarves and the Low Elves/);
    // The same war again at once is refused, naming why.
    expect(await click(page, "#war-show")).toBe(2);
    expect(await page.textContent("#referee-result")).toMatch(/Nothing can be written:/);
  });
});

describe("the Earth map referee's disaster", () => {
  test("a flood that names cities: deaths and cities before resistances, the cities and Culture shown, then written", async () => {
    const page = await inExcel(example());
    await page.fill("#disaster-elements", "W");
    // Sea Folk (W/2, 30 units, 2 cities, civilized): 20 → 10 deaths; 4 cities → 2, their last.
    const row = page.locator("#disaster-hits tr", { hasText: "Sea Folk" });
    await row.locator('input[data-kind="deaths"]').fill("20");
    await row.locator('input[data-kind="cities"]').fill("4");
    expect(await click(page, "#disaster-show")).toBe(2);
    expect(await page.textContent("#referee-question")).toBe("Write the disaster in century 1?");
    const lines = (await page.textContent("#referee-preview")) ?? "";
    expect(lines).toMatch(/Units 30 → 20.*Deaths: 10 water of the Sea Folk.*Sea Folk: Cities 2 → 0.*Sea Folk: Culture civilized → barbarian/);
    // The race's line says its Units before and after: the change is not listed a second time.
    expect(lines.match(/Units 30 → 20/g)).toHaveLength(1);
    await shot(page, "23-disaster-cities", "#hits-title");
    expect(await click(page, "#referee-yes")).toBe(3);
    const races = await values(page, "Races");
    expect(races.find((r) => r[0] === "Sea Folk")?.slice(0, 5)).toEqual(["Sea Folk", 20, 0, 0, "barbarian"]);
  });

  test("a great city the power destroys is typed in its own box", async () => {
    const page = await inExcel(
      edit((t) => {
        const sea = t.Races?.find((r) => r[0] === "Sea Folk");
        if (sea) sea[3] = 1;
      }, example()),
    );
    await page.fill("#disaster-elements", "W");
    // Sea Folk (W/2): 2 great cities named → 1 after resistances; they hold 1.
    const row = page.locator("#disaster-hits tr", { hasText: "Sea Folk" });
    await row.locator('input[data-kind="great"]').fill("2");
    expect(await page.getAttribute('#disaster-hits tr:has-text("Sea Folk") input[data-kind="great"]', "aria-label")).toBe(
      "Great cities of the Sea Folk the power destroys, before resistances",
    );
    expect(await click(page, "#disaster-show")).toBe(2);
    expect(await page.textContent("#referee-preview")).toMatch(/Sea Folk: Great Cities 1 → 0/);
    expect(await click(page, "#referee-yes")).toBe(3);
    expect((await values(page, "Races")).find((r) => r[0] === "Sea Folk")?.slice(0, 4)).toEqual(["Sea Folk", 30, 2, 0]);
  });
});

describe("a workbook that only uses GODS functions: the pane hidden", () => {
  /** Counts the page's timers still to fire: intervals, and timeouts not yet run nor cleared. */
  function countTimers(): void {
    const live = new Map<number, string>();
    const [setT, clearT, setI, clearI] = [
      window.setTimeout.bind(window),
      window.clearTimeout.bind(window),
      window.setInterval.bind(window),
      window.clearInterval.bind(window),
    ];
    Object.assign(window, {
      setTimeout: (handler: () => void, ms?: number) => {
        const id = setT(() => {
          live.delete(id);
          handler();
        }, ms);
        live.set(id, "timeout");
        return id;
      },
      clearTimeout: (id?: number) => {
        if (id !== undefined) live.delete(id);
        clearT(id);
      },
      setInterval: (handler: () => void, ms?: number) => {
        const id = setI(handler, ms);
        live.set(id, "interval");
        return id;
      },
      clearInterval: (id?: number) => {
        if (id !== undefined) live.delete(id);
        clearI(id);
      },
      godsTimers: () => [...live.values()],
    });
  }

  /** The page as Excel starts it to calculate a GODS function: the pane not shown. */
  async function hiddenPane(): Promise<Page> {
    const { page } = await newPage();
    await page.clock.install({ time: new Date("2026-11-23T20:00:00Z") });
    await page.addInitScript(countTimers);
    await loadPane(page, { tables: example(), hidden: true } as HostSetup);
    await page.waitForSelector("#app:not([hidden])");
    return page;
  }

  /** A referee types 10 war deaths of century 1 under the Deaths table; `told`: Excel reports the change. */
  const addWarDeaths = (page: Page, told: boolean) =>
    page.evaluate(async (tell) => {
      const h = window.godsTestHost;
      const deaths = h?.book.sheet("Deaths");
      const table = h?.book.table("Deaths");
      if (!h || !deaths || !table) return;
      const rows = h.book.values("Deaths").length;
      deaths.cell(rows, 0).value = 1;
      deaths.cell(rows, 1).value = "war";
      deaths.cell(rows, 2).value = 10;
      table.bodyRows++;
      if (tell) await h.book.changed("Deaths", `A${rows + 1}:C${rows + 1}`);
    }, told);
  const timers = (page: Page) => page.evaluate(() => (window as unknown as { godsTimers: () => string[] }).godsTimers());
  const requests = (page: Page) => host(page, (h) => ({ runs: h.excel.runs, syncs: h.excel.syncs, handlers: h.book.changeHandlers.length }));
  const vorn = (page: Page) =>
    page.$$eval("#preview-body tbody tr", (trs) => trs.find((tr) => tr.children[0]?.textContent === "Vorn")?.children[2]?.textContent);

  test("reads, follows and ticks nothing until shown; hidden again it stops following, and catches up when shown", async () => {
    const page = await hiddenPane();
    // A minute of calculating GODS functions with the pane closed.
    await page.clock.runFor(60_000);
    expect(await requests(page)).toEqual({ runs: 0, syncs: 0, handlers: 0 });
    expect(await timers(page)).toEqual([]);

    // The gamemaster opens the pane: it reads the campaign, follows the workbook and ticks.
    await host(page, (h) => {
      h.setPane("Taskpane", true);
    });
    await idle(page);
    await page.waitForFunction(() => window.godsTestHost?.book.changeHandlers.length === 1);
    expect(await page.textContent("#state")).toBe("Century 1 · ready to end");
    expect(await vorn(page)).toBe("45.645");
    expect(await timers(page)).toEqual(["interval"]);
    const shown = await requests(page);
    expect(shown.runs).toBeGreaterThan(0);

    // Closed again; Office says so, though the page stays visible (as in Excel on the web).
    await host(page, (h) => {
      h.setPane("Hidden", false);
    });
    await page.waitForFunction(() => window.godsTestHost?.book.changeHandlers.length === 0);
    expect(await timers(page)).toEqual([]);
    const hidden = await requests(page);
    // A referee adds 10 war deaths meanwhile: Excel has nobody to tell, and nothing is read.
    await addWarDeaths(page, true);
    await page.clock.runFor(60_000);
    expect(await requests(page)).toEqual(hidden);

    // Shown again: read once, the new deaths in the preview, followed again.
    await host(page, (h) => {
      h.setPane("Taskpane", false);
    });
    await idle(page);
    await page.waitForFunction(() => window.godsTestHost?.book.changeHandlers.length === 1);
    expect(await vorn(page)).toBe("63.145");
    expect(await timers(page)).toEqual(["interval"]);
  });

  test("an edit Excel does not report (a dropdown on the web) shows once the pane gets the focus", async () => {
    const page = await hiddenPane();
    await host(page, (h) => {
      h.setPane("Taskpane", true);
    });
    await idle(page);
    await page.waitForFunction(() => window.godsTestHost?.book.changeHandlers.length === 1);
    expect(await vorn(page)).toBe("45.645");
    // 10 war deaths typed, and Excel tells nobody.
    await addWarDeaths(page, false);
    await page.clock.runFor(5_000);
    expect(await vorn(page)).toBe("45.645");
    // The gamemaster comes back to the pane: it reads the campaign again.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.clock.runFor(2_000);
    await idle(page);
    expect(await vorn(page)).toBe("63.145");
  });

  test("the ribbon's End century button shows the pane, which reads the campaign once and asks its question", async () => {
    const page = await hiddenPane();
    const completed = await pressEndCentury(page);
    expect(completed).toBe(1);
    await page.waitForSelector("#century-confirm:not([hidden])");
    await idle(page);
    expect(await host(page, (h) => h.shown)).toBe(1);
    // One read (two round trips) for both the pane being shown and the button's question.
    expect(await host(page, (h) => [h.excel.runs, h.excel.syncs])).toEqual([2, 3]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("century-question");
  });
});

describe("Heaven timers in the pane", () => {
  test("a timer counts down, survives the pane being reopened, and says when it ends", async () => {
    const { page } = await newPage();
    await page.clock.install({ time: new Date("2026-11-23T20:00:00Z") });
    await loadPane(page, { tables: example() } as HostSetup);
    await idle(page);
    await page.selectOption("#timer-kind", "disengage");
    await page.fill("#timer-who", "Vorn");
    await page.click("#timer-start");
    expect(await page.textContent("#timers")).toBe("Vorn: Disengaged (stays away)10:00Stop");
    await page.clock.fastForward("04:00");
    expect(await page.textContent("#timers .left")).toBe("6:00");
    await page.reload();
    await idle(page);
    expect(await page.textContent("#timers .left")).toBe("6:00");
    await page.clock.fastForward("06:01");
    await reveal(page, "#timers");
    await page.waitForSelector("#timers li.over");
    expect(await page.textContent("#timers-news")).toBe("Vorn may come back to the locale.");
    await shot(page, "pane-320-light-8-timers", "#timers-title");
    await page.click('#timers button[aria-label="Clear the timer of Vorn"]');
    expect(await page.isVisible("#timers-none")).toBe(true);
  });

  test("each workbook keeps its own timers, within Office's storage partition", async () => {
    if (browser === undefined) throw new Error("Chromium was not started (see beforeAll).");
    // Two workbooks in one browser: same origin, same storage.
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const first = revealing(await context.newPage());
    const second = revealing(await context.newPage());
    const open = async (page: Page, documentUrl: string) => {
      await loadPane(page, { tables: example(), partitionKey: "part1/", documentUrl } as HostSetup);
      await idle(page);
    };
    await open(first, "https://example.org/campaigns/first.xlsx");
    await first.selectOption("#timer-kind", "disengage");
    await first.fill("#timer-who", "Vorn");
    await first.click("#timer-start");
    expect(await first.evaluate(() => Object.keys(localStorage))).toContain("part1/gods.heavenTimers:https://example.org/campaigns/first.xlsx");
    await open(second, "https://example.org/campaigns/second.xlsx");
    expect(await second.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("heavenTimers")))).toEqual([
      "part1/gods.heavenTimers:https://example.org/campaigns/first.xlsx",
    ]);
    expect(await second.isVisible("#timers-none")).toBe(true);
    await context.close();
  });
});

describe("the mana book in the pane", () => {
  test("the same event twice asks whether it happened again; undo takes it back; the era's end waits for its century", async () => {
    const page = await inExcel(example());
    expect(await page.isVisible("#era")).toBe(true);
    // Before the first century ends, Era Aleph's end may be credited.
    expect(await page.textContent("#era-text")).toMatch(/^Era Aleph's end can be credited before century 1 ends/);
    // The button is named as its question's Yes.
    expect(await page.textContent("#credit-era")).toBe("Credit the era's end…");
    await page.selectOption("#event-name", "Race destroyed");
    await page.fill("#event-times", "2");
    expect(await page.textContent("#event-preview")).toBe("Credits Vorn 1, Mirelle 1, Kettu 0.5.");
    await page.click("#credit-event");
    await click(page, "#event-yes");
    await page.fill("#event-times", "1");
    await page.click("#credit-event");
    expect(await page.textContent("#event-question")).toMatch(/^"Race destroyed" was the last credit already\. Did it happen again\?/);
    expect(await page.textContent("#event-yes")).toBe("Yes, it happened again");
    await click(page, "#event-yes");
    expect((await values(page, "Ledger")).map((r) => r[2])).toEqual([
      "What",
      "Race destroyed ×2",
      "Race destroyed ×2",
      "Race destroyed ×2",
      "Race destroyed #2",
      "Race destroyed #2",
      "Race destroyed #2",
    ]);

    await page.click("#undo-credit");
    expect(await page.textContent("#undo-question")).toMatch(/^Take back the event "Race destroyed #2" in century 1\?/);
    expect(await click(page, "#undo-yes")).toBe(4);
    expect(await page.textContent("#undo-result")).toMatch(
      /Took back the event "Race destroyed #2" in century 1.*Nothing to take back from the boxes: it paid no whole mana\./,
    );
    expect((await values(page, "Ledger")).length).toBe(4);

    // Any century end may close an era; before the era's last (the example's Era Centrum has 2), the question says so.
    await payCentury(page);
    // Not the era's last century: the pane says so, and the question warns before crediting it.
    expect(await page.textContent("#era-text")).toMatch(/^Century 1 ended last, and by the Settings table it does not close an era/);
    await page.click("#credit-era");
    expect(await page.textContent("#era-warnings")).toMatch(/Changes pay: Ledger table: century 1 is Era Centrum's 1st century of 2 .*the era is not over/);
    await page.click("#era-no");
    await payCentury(page);
    // Due now: offered in the century box at the top of the pane, above End century 3, and no longer in the Century tab.
    expect(await page.isDisabled("#era-due-credit")).toBe(false);
    expect(await page.textContent("#era-due-credit")).toBe("Credit the era's end…");
    expect(await page.textContent("#era-due-text")).toMatch(/^Century 2 closed an era: credit the era ending with century 2 before century 3 is paid\./);
    expect(await page.isHidden("#credit-era")).toBe(true);
    await page.click("#era-due-credit");
    expect(await page.textContent("#era-question")).toMatch(/^Credit the era's end \(the era ending with century 2\)\?/);
    expect(await page.textContent("#era-yes")).toBe("Credit the era's end");
    expect(await click(page, "#era-yes")).toBe(4);
    expect(await page.textContent("#era-result")).toMatch(/Credited the era ending with century 2.*Collect now: Solara 18, Kettu 2\./);
  });

  test("the preview follows edits made in the sheet, once they settle", async () => {
    const page = await inExcel(example());
    const vorn = () => page.$$eval("#preview-body tbody tr", (trs) => trs.find((tr) => tr.children[0]?.textContent === "Vorn")?.children[2]?.textContent);
    expect(await vorn()).toBe("45.645");
    // A referee adds 10 war deaths by hand; Excel tells the pane.
    await page.evaluate(async () => {
      const h = window.godsTestHost;
      const deaths = h?.book.sheet("Deaths");
      if (!h || !deaths) return;
      const rows = h.book.values("Deaths").length;
      deaths.cell(rows, 0).value = 1;
      deaths.cell(rows, 1).value = "war";
      deaths.cell(rows, 2).value = 10;
      const table = h.book.table("Deaths");
      if (table) table.bodyRows++;
      await h.book.changed("Deaths", `A${rows + 1}:C${rows + 1}`);
    });
    // War deaths pay Vorn 0.5 per War card (3 cards), Death 0.25 per card on all deaths (1 card): +17.5.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll("#preview-body tbody tr")].some(
          (tr) => tr.children[0]?.textContent === "Vorn" && tr.children[2]?.textContent === "63.145",
        ),
      undefined,
      { timeout: 10000 },
    );
  });
});

/** A number as the pane shows it. */
function fmt(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 4 });
}

describe("between sessions", () => {
  test("the session's end: a row per character prefilled from the Gods table's Mana, asked, then recorded", async () => {
    const tables = example();
    tables.Gods = (tables.Gods ?? []).map((r, i) => [...r, i === 0 ? "Mana" : ([12, 30, null, 4, 9][i - 1] ?? null)]);
    const page = await inExcel(tables);
    // The Between tab's cards draw their rows once it is opened.
    await reveal(page, "#session-rows");
    expect(await page.inputValue("#session-mana-0")).toBe("12");
    expect(await page.inputValue("#session-mana-2")).toBe("");
    await page.fill("#session-date", "2026-03-14");
    await page.fill("#session-mana-1", "44");
    await page.fill("#session-mana-2", "7");
    await page.click("#session-record");
    await page.waitForSelector("#session-confirm:not([hidden])");
    expect(await page.textContent("#session-question")).toBe(
      "Record the mana of 5 characters (76 in all) for the session of 2026-03-14, in the Sessions table and the Gods table's Mana column?",
    );
    await shot(page, "pane-320-light-27-session-question", "#session-title");
    await click(page, "#session-yes");
    expect(await page.textContent("#session-result")).toMatch(
      /^Recorded the mana of 5 characters at the end of the session of 2026-03-14 \(century 1 in play\)\./,
    );
    expect((await values(page, "Sessions")).slice(1)).toEqual([
      ["2026-03-14", 1, "Solara", 12],
      ["2026-03-14", 1, "Vorn", 44],
      ["2026-03-14", 1, "Mirelle", 7],
      ["2026-03-14", 1, "Kettu", 4],
      ["2026-03-14", 1, "Azhrak", 9],
    ]);
    expect((await values(page, "Gods")).map((r) => r[2])).toEqual(["Mana", 12, 44, 7, 4, 9]);
    expect(await page.textContent("#mana-body")).toContain("Average per character15.2");
    await shot(page, "pane-320-light-28-session-recorded", "#session-title");
  });

  test("cards bought: the multipliers and the latest paid century previewed, then applied to the Cards table", async () => {
    const page = await inExcel(example());
    await payCentury(page);
    await page.selectOption("#buy-god", "Solara");
    await page.selectOption("#buy-sphere", "Harvest");
    expect(await page.textContent("#buy-held")).toBe("Holds 1 Harvest card now.");
    await page.fill("#buy-change", "1");
    const before = JSON.stringify(await values(page, "Cards"));
    await click(page, "#buy-show");
    await page.waitForSelector("#cards-confirm:not([hidden])");
    expect(await page.textContent("#cards-question")).toBe("Solara buys 1 Harvest card: 1 → 2 in the Cards table. Apply it?");
    // What the card would have earned is read under the buttons; each source's multiplier folds under it.
    expect(await page.textContent("#buy-earned")).toMatch(/^In century 1, the latest paid, Solara would have earned .* with these cards instead of .*: \+/);
    expect(await page.locator("#buy-preview").evaluate((list) => list.closest("details")?.open)).toBe(false);
    expect(await page.textContent("#buy-preview")).toMatch(/^Worship ×0\.05 → ×0\.1Cities on Earth ×0\.5 → ×1/);
    expect(JSON.stringify(await values(page, "Cards"))).toBe(before);
    await shot(page, "pane-320-light-29-cards-question", "#buy-title");
    await click(page, "#cards-yes");
    expect((await values(page, "Cards")).find((r) => r[0] === "Solara" && r[1] === "Harvest")).toEqual(["Solara", "Harvest", 2, ""]);
    expect(await page.textContent("#buy-held")).toBe("Holds 2 Harvest cards now.");
    await shot(page, "pane-320-light-30-cards-applied", "#buy-title");
    // A card gained during the session (a promotion): it waits, and the card says so.
    await page.check("#buy-waiting");
    await click(page, "#buy-show");
    await page.waitForSelector("#cards-confirm:not([hidden])");
    expect(await page.textContent("#cards-question")).toBe("Solara buys 1 Harvest card: 2 → 3 in the Cards table, earning from the next session. Apply it?");
    await click(page, "#cards-yes");
    expect((await values(page, "Cards")).find((r) => r[0] === "Solara" && r[1] === "Harvest")).toEqual(["Solara", "Harvest", 3, 1]);
    expect(await page.textContent("#buy-held")).toBe("Holds 3 Harvest cards now (1 of them earns from the next session).");
    await shot(page, "pane-320-light-31-cards-waiting", "#buy-title");
  });
});

describe("bringing in records kept by hand", () => {
  test("the proposal is asked, a column's header changed and asked again, then brought in: the Ledger opens with the carries, their sheets unchanged", async () => {
    const setup = handKept();
    const page = await inExcel(setup.tables, setup);
    const names = (setup.sheets ?? []).map((s) => s.name);
    const theirs = async () => Promise.all(names.map(async (n) => [n, await values(page, n)] as const));
    const before = await theirs();
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await shot(page, "adopt-1-welcome");

    await page.click("#adopt-records");
    await page.waitForSelector("#adopt-ask:not([hidden])");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("adopt-century");
    await page.fill("#adopt-century", "2");
    await click(page, "#adopt-read");
    const question = page.getByRole("group", { name: /^Bring in your records as shown below, with century 2 the last paid by hand\?/ });
    expect(await question.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("adopt-question");
    // Each sheet folded under how it is read; nothing written yet.
    expect(await page.locator(".adopt-sheet > summary").allTextContents()).toEqual([
      "'Gods' → Gods",
      "'Rates' → Sources",
      "'Earth' → Races",
      "'Deaths C1' → Deaths, century 1",
      "'Deaths C2' → Deaths, century 2",
      "'Deaths C3' → Deaths, century 3",
      "'Mana C1' → Mana, century 1",
      "'Mana C2' → Mana, century 2",
    ]);
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).toEqual(names);
    expect(await noSideScroll()).toBe(true);
    await shot(page, "adopt-2-question", "#adopt-confirm");

    // Deaths C1's notes left out: its Note column is "not brought in", with the keyboard.
    const fold = page.locator(".adopt-sheet").filter({ hasText: "'Deaths C1'" });
    await fold.locator("summary").focus();
    await page.keyboard.press("Enter");
    const note = fold.getByLabel("Note", { exact: true });
    expect(await note.inputValue()).toBe("Note");
    expect(await note.locator("option").allTextContents()).toEqual(["not brought in", "Date", "Cause", "Race", "Units", "Note"]);
    // A column the table needs offers no "not brought in".
    expect(await fold.getByLabel("Cause", { exact: true }).locator("option").allTextContents()).toEqual(["Date", "Cause", "Race", "Units", "Note"]);
    await note.focus();
    await note.selectOption({ label: "not brought in" });
    await idle(page);
    // Worked out again and asked again, the fold still open and the keyboard back on the list it changed.
    expect(await question.isVisible()).toBe(true);
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value)).toBe("");
    expect(await fold.getByLabel("Note", { exact: true }).evaluate((s) => s === document.activeElement)).toBe(true);
    const proposal = (await page.textContent("#adopt-proposal")) ?? "";
    expect(proposal).toContain(
      "from 'Deaths C1' (2 rows)Century ← 1, from the sheet's name 'Deaths C1'Cause ← 'Deaths C1'!B3:B4Units ← 'Deaths C1'!D3:D4Race ← 'Deaths C1'!C3:C4Note ← 'Deaths C1'!A3:A4from",
    );
    expect(proposal).toContain("Note ← 'Deaths C2'!A3:A4 and 'Deaths C2'!E3:E4");
    expect(await noSideScroll()).toBe(true);
    await shot(page, "adopt-3-changed", ".adopt-sheet >> nth=2");
    // At 200 % zoom nothing of the question scrolls sideways.
    await page.setViewportSize({ width: 160, height: 360 });
    const over = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("#adopt-confirm *")]
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
    );
    expect([over, await noSideScroll()]).toEqual([[], true]);
    await page.setViewportSize({ width: 320, height: 640 });

    expect(await click(page, "#adopt-yes")).toBeGreaterThan(0);
    // What was written: each account's carry on a line, the tables and their rows folded under it.
    const answer = page.locator("#adopt-result > details.folds");
    expect(await answer.locator("summary h3").textContent()).toBe("Your records are brought in");
    expect(await answer.locator("p.strong").textContent()).toBe(
      "The Ledger opens at century 2: Solara carries 0.3, Vorn carries 0.79, Kettu carries 0.65, Demons carries 0.5.",
    );
    const tables = answer.locator("details");
    expect(await tables.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await tables.locator("summary").textContent()).toBe("From your sheets: 32 rows in 6 tables");
    expect(await tables.locator("li").allTextContents()).toEqual([
      "Gods: 3 rows",
      "Cards: 6 rows",
      "Sources: 6 rows",
      "Races: 3 rows",
      "Pantheon: 8 rows",
      "Deaths: 6 rows",
    ]);
    expect(await answer.locator("p.hint").textContent()).toBe("Your sheets were not changed. The next century end is 3.");
    // The next step stays in view at 320 px, under the answer.
    expect(await page.locator("#end-century").isVisible()).toBe(true);
    expect(await page.evaluate(() => (document.getElementById("end-century")?.getBoundingClientRect().bottom ?? Infinity) <= window.innerHeight)).toBe(true);
    // The welcome has gone with the missing tables; the answer is still on screen, and has the keyboard.
    expect(await page.locator("#adopt-result").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.getElementById("adopt-result")?.contains(document.activeElement))).toBe(true);
    await shot(page, "adopt-4-brought-in");
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 3/);
    // The Ledger opens with one credit of what each account carried at century 2.
    const ledger = await values(page, "Ledger");
    expect(ledger.slice(1).map((r) => r.slice(0, 7))).toEqual([
      [2, "opening", "brought in at century 2", "Solara", 0.3, 0, 0.3],
      [2, "opening", "brought in at century 2", "Vorn", 0.79, 0, 0.79],
      [2, "opening", "brought in at century 2", "Kettu", 0.65, 0, 0.65],
      [2, "opening", "brought in at century 2", "Demons", 0.5, 0, 0.5],
    ]);
    // Century 1's deaths came without their notes, as chosen; the others with theirs.
    const deaths = await values(page, "Deaths");
    expect(deaths.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      [1, "war", "3 Mar"],
      [1, "Water", "12 Apr"],
      [2, "war", "2 Jan"],
      [2, "plague", "9 May — the grey cough"],
      [3, "war", "1 Feb — the long siege"],
      [3, "water", "20 Feb"],
    ]);
    // How each sheet was read is kept, the choice with it; their sheets are as they were.
    const adopted = await values(page, "Adopted");
    expect(adopted[0]).toEqual(["Sheet", "Read As", "Key"]);
    const kept = adopted.find((r) => r[0] === "Deaths C1" && r[1] === "mapping");
    expect(JSON.parse(String(kept?.[2])) as { columns: Record<string, string> }).toMatchObject({ columns: { Cause: "Cause", Dead: "Units", Date: "Date" } });
    expect((JSON.parse(String(kept?.[2])) as { columns: Record<string, string> }).columns.Note).toBeUndefined();
    expect(await theirs()).toEqual(before);
  });

  test("a column read from the wrong header: its problems under the question, without Bring them in, until it is put right", async () => {
    const setup = handKept();
    const page = await inExcel(setup.tables, setup);
    await page.click("#adopt-records");
    await page.fill("#adopt-century", "2");
    await click(page, "#adopt-read");
    const fold = page.locator(".adopt-sheet").filter({ hasText: "'Deaths C1'" });
    await fold.locator("summary").click();
    await fold.getByLabel("Units", { exact: true }).selectOption("Note");
    await idle(page);
    expect(await page.textContent("#adopt-question")).toBe(
      "Your sheets cannot be brought in as read: 1 problem under the proposal. Change how a column is read or leave a sheet out below, or correct your sheets and read them again.",
    );
    expect(await page.isVisible("#adopt-yes")).toBe(false);
    expect(await page.textContent("#adopt-result")).toMatch(
      /^Nothing was written\. Correct these first:.*"border raid" is not a number of units.*'Deaths C1'!E3$/,
    );
    // Put right in the same list: asked again, with its Yes.
    await fold.getByLabel("Units", { exact: true }).selectOption("Units");
    await idle(page);
    expect(await page.textContent("#adopt-question")).toMatch(/^Bring in your records as shown below/);
    expect([await page.isVisible("#adopt-yes"), await page.textContent("#adopt-result")]).toEqual([true, ""]);
    expect(await host(page, (h) => h.book.sheets.length)).toBe(setup.sheets?.length);
  });

  test("dark, then in forced colours: a sheet's lists of headers read against their background and keep their edge", async () => {
    const setup = handKept();
    const page = await inExcel(setup.tables, { ...setup, officeTheme: { bodyBackgroundColor: "#292929", bodyForegroundColor: "#ffffff" } });
    await page.setViewportSize({ width: 320, height: 720 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.click("#adopt-records");
    await page.fill("#adopt-century", "2");
    await click(page, "#adopt-read");
    const fold = page.locator(".adopt-sheet").filter({ hasText: "'Deaths C1'" });
    await fold.locator("summary").click();
    const note = fold.getByLabel("Note", { exact: true });
    const look = () =>
      note.evaluate((e) => {
        const c = getComputedStyle(e);
        return { color: c.color, background: c.backgroundColor, edge: `${c.borderTopStyle} ${c.borderTopColor}` };
      });
    const lum = (css: string) => {
      const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [x = 0, y = 0] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const dark = await look();
    expect(ratio(dark.color, dark.background)).toBeGreaterThanOrEqual(4.5);
    await shot(page, "adopt-dark-choices", ".adopt-sheet >> nth=3");
    await page.emulateMedia({ forcedColors: "active" });
    const system = (name: string) => systemColor(page, name);
    const forced = await look();
    expect(forced.color).toBe(await system("FieldText"));
    expect(forced.edge).toMatch(/^solid /);
    expect(forced.edge).not.toContain(forced.background);
    await shot(page, "adopt-forced-choices", ".adopt-sheet >> nth=3");
  });
});
