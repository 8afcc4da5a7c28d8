/**
 * One session at the table, played through the pane by roles and labels only, as a gamemaster
 * reads it: set-up from an empty workbook and its checklist filled in, deaths, events (one credited
 * twice by mistake, then taken back), a rename, a war, a disaster, the century end with a fault in
 * the middle, the second century, the session's end, cards bought and the packet. After each
 * click the question or the result it asked for is on screen and has the keyboard; no result of
 * an earlier step says what is no longer so. It prints the clicks each task took and the pane's
 * height, and saves screenshots at 320 and 500 px, light and dark, under test-output/screenshots/.
 */
import * as path from "path";
import type { Locator, Page } from "playwright-core";
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { host, idle, inExcel, shots, usePane, values } from "./harness";

usePane();

/** The pane as first shown is at most three screens of 720 px at 320 px wide. */
const MOST = 3 * 720;

const looks = [320, 500].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

/** Clicks per task, as played; a choice in a list counts as a click, typing does not. */
type Tally = Map<string, number>;

class Table {
  readonly clicks: Tally = new Map();
  private task = "";
  constructor(
    readonly page: Page,
    readonly name: (step: string) => string,
  ) {}

  begin(task: string): void {
    this.task = task;
    this.clicks.set(task, 0);
  }

  private count(): void {
    this.clicks.set(this.task, (this.clicks.get(this.task) ?? 0) + 1);
  }

  /** Clicks what a role and a name say, and waits for the pane to be idle. */
  async press(target: Locator): Promise<void> {
    this.count();
    await target.click();
    await idle(this.page);
  }

  async choose(target: Locator, option: string): Promise<void> {
    this.count();
    await target.selectOption(option);
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole("button", { name, exact: typeof name === "string" });
  }

  tab(name: string): Locator {
    return this.page.getByRole("tab", { name });
  }

  /** A control by its label, within the tab on screen (or the top of the pane). */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true }).filter({ visible: true });
  }

  /** Opens a folded card by its heading (the line that unfolds it), when it is folded. */
  async open(heading: string): Promise<void> {
    const summary = this.page.locator("summary").filter({ has: this.page.getByRole("heading", { name: heading, exact: true }) });
    if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open))) await this.press(summary);
  }

  async shot(step: string): Promise<void> {
    await this.page.screenshot({ path: path.join(shots, `${this.name(step)}.png`) });
  }
}

/** Where the keyboard is, and whether `what` (a question or a result) is on screen, below the sticky header, and holds the focus. */
async function answered(page: Page, what: Locator): Promise<void> {
  const box = what.filter({ visible: true }).first();
  await box.waitFor({ state: "visible" });
  const seen = await box.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const top = r.top >= header - 1 && r.top < window.innerHeight;
    const whole = r.bottom <= window.innerHeight + 1 || r.height > window.innerHeight - header;
    return { top, whole, focus: e.contains(document.activeElement) || e.parentElement?.contains(document.activeElement) === true };
  });
  expect(seen).toEqual({ top: true, whole: true, focus: true });
}

/** The text of every result on screen. */
function results(page: Page): Promise<string[]> {
  return page.$$eval("div.result", (boxes) => boxes.filter((b) => (b as HTMLElement).offsetParent !== null && b.textContent !== "").map((b) => b.textContent));
}

/** What the gamemaster types into a table in Excel: rows under its headers, then the pane is told. */
async function typeRows(page: Page, table: string, rows: readonly (readonly unknown[])[]): Promise<void> {
  await page.evaluate(
    async ({ name, rows }) => {
      const h = window.godsTestHost;
      const t = h?.book.table(name);
      if (!h || !t) throw new Error(`no table ${name}`);
      for (const row of rows) {
        row.forEach((v, c) => (t.sheet.cell(t.top + 1 + t.bodyRows, t.left + c).value = v as string | number | null));
        t.bodyRows++;
      }
      await h.book.changed(t.sheet.name, "A1");
    },
    { name: table, rows: rows.map((r) => [...r]) },
  );
}

/**
 * The contrast of every greyed button on screen (WCAG's ratio): its words against its own
 * background, and its edge against the card it stands on. The lowest of each.
 */
function greyedContrast(page: Page): Promise<{ buttons: number; text: number; edge: number }> {
  return page.evaluate(() => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (css: string) => {
      const [r = 0, g = 0, b = 0] = rgb(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
    };
    const under = (e: Element): string => {
      for (let p = e.parentElement; p !== null; p = p.parentElement) {
        const bg = getComputedStyle(p).backgroundColor;
        if (!/rgba\(.*, 0\)$|transparent/.test(bg)) return bg;
      }
      return "rgb(255, 255, 255)";
    };
    const greyed = [...document.querySelectorAll<HTMLButtonElement>("button:disabled")].filter((b) => b.offsetParent !== null);
    const text = greyed.map((b) => ratio(getComputedStyle(b).color, getComputedStyle(b).backgroundColor));
    const edge = greyed.map((b) => ratio(getComputedStyle(b).borderTopColor, under(b)));
    return { buttons: greyed.length, text: Math.min(...text), edge: Math.min(...edge) };
  });
}

/** The pane's height and where the century's end is, as first shown. */
async function firstShown(page: Page): Promise<{ height: number; endTop: number }> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const end = [...document.querySelectorAll("button")].find((b) => /^End century/.test(b.textContent));
    return { height: document.documentElement.scrollHeight, endTop: Math.round(end?.getBoundingClientRect().top ?? 9999) };
  });
}

describe("a session at the table, through the pane", () => {
  test.each(looks)("$width px, $theme", async ({ width, theme }) => {
    const page = await inExcel({}, theme === "dark" ? { officeTheme: { bodyBackgroundColor: "#292929", bodyForegroundColor: "#ffffff" } } : {});
    await page.setViewportSize({ width, height: 720 });
    const t = new Table(page, (step) => `play-${width}-${theme}-${step}`);
    const heights: Record<string, number> = {};

    // ---- Set-up from an empty workbook, and the checklist filled in
    t.begin("set-up");
    heights["empty workbook"] = (await firstShown(page)).height;
    await t.press(t.button("Set up this workbook"));
    await answered(page, page.getByText(/^Added 7 tables/));
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 1 · 5 tables to fill/);
    // The header is one line, its words whole.
    expect(
      await page
        .getByRole("banner")
        .evaluate((h) => [h.getBoundingClientRect().height <= 40, [...h.querySelectorAll("p")].every((p) => p.scrollWidth <= p.clientWidth)]),
    ).toEqual([true, true]);
    const checklist = page.getByRole("list").filter({ hasText: "Go to the table" });
    expect(await checklist.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Gods no row yet Go to the table\s*One row: Vorn · greater/),
      expect.stringMatching(/^Cards no row yet/),
      expect.stringMatching(/^Sources no row yet/),
      expect.stringMatching(/^Races no row yet/),
      expect.stringMatching(/^Pantheon no row yet/),
    ]);
    expect(await t.button(/^End century 1/).isDisabled()).toBe(true);
    // Greyed, yet readable: words at 4.5:1, the edge at 3:1, in both themes.
    const greyed = await greyedContrast(page);
    expect(greyed.buttons).toBeGreaterThan(0);
    expect(greyed.text).toBeGreaterThanOrEqual(4.5);
    expect(greyed.edge).toBeGreaterThanOrEqual(3);
    await t.shot("1-checklist");
    t.begin("filling the checklist");
    for (const table of ["Gods", "Cards", "Sources", "Races", "Pantheon"]) {
      await t.press(checklist.getByRole("listitem").filter({ hasText: table }).getByRole("button", { name: "Go to the table" }));
      expect(await host(page, (h) => h.book.selected?.sheet)).toBe(table);
      await typeRows(page, table, EXAMPLE_CAMPAIGN[table] ?? []);
    }
    await t.press(t.button("Check again"));
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 1 · ready to end/);
    expect(await checklist.isVisible()).toBe(false);
    const start = await firstShown(page);
    heights["campaign, as first shown"] = start.height;
    // The one primary action is on the first screen.
    expect(start.endTop).toBeLessThan(720 - 32);
    await t.shot("2-ready");

    // ---- During play: deaths
    t.begin("deaths");
    await t.field("Cause").fill("war");
    await t.field("Units").fill("3");
    await t.press(page.getByText("Race and note"));
    await t.choose(t.field("Race (optional, chosen again for each death)"), "Low Elves");
    await t.press(t.button("Record the deaths"));
    await answered(page, page.getByText(/^Recorded 3 war deaths of the Low Elves in century 1/));
    // The next death's race is chosen again.
    expect(await t.field("Race (optional, chosen again for each death)").inputValue()).toBe("");

    // ---- An event, credited twice by mistake
    t.begin("event");
    await t.choose(t.field("Event"), "Race destroyed");
    await t.press(t.button("Credit the event…"));
    await answered(page, page.getByRole("group", { name: /^Credit "Race destroyed" in century 1\?/ }));
    await t.shot("3-event-question");
    await t.press(t.button("Credit it"));
    await answered(page, page.getByText(/^Credited "Race destroyed" in century 1/));
    t.begin("event again, by mistake");
    await t.press(t.button("Credit the event…"));
    await answered(page, page.getByRole("group", { name: /was the last credit already\. Did it happen again\?/ }));
    await t.press(t.button("Yes, it happened again"));
    await answered(page, page.getByText(/^Credited "Race destroyed #2" in century 1/));

    // ---- The book: the mistake undone
    t.begin("undo");
    await t.press(t.tab("Ledger"));
    await t.press(t.button(/^Undo the event "Race destroyed #2"/));
    await answered(page, page.getByRole("group", { name: /^Take back the event "Race destroyed #2"/ }));
    await t.press(t.button("Take it back"));
    await answered(page, page.getByText(/^Took back the event "Race destroyed #2"/));
    // The credit taken back is no longer told as credited anywhere.
    expect((await results(page)).join(" ")).not.toMatch(/Credited "Race destroyed #2"/);
    await t.press(t.tab("Play"));
    expect((await results(page)).join(" ")).not.toMatch(/Credited "Race destroyed #2"/);

    // ---- A rename
    t.begin("rename");
    await t.press(t.tab("Ledger"));
    await t.choose(t.field("God"), "Mirelle");
    await t.field("New name").fill("Mirella");
    await t.press(t.button("Rename everywhere…"));
    await answered(page, page.getByRole("group", { name: /^Rename Mirelle to Mirella everywhere/ }));
    await t.press(t.button("Rename Mirelle"));
    await answered(page, page.getByText(/^"Mirelle" is now "Mirella" everywhere/));
    await t.press(t.tab("Play"));
    expect((await results(page)).join(" ")).not.toMatch(/Mirelle/);

    // ---- The Earth map referee: a war and a disaster
    t.begin("war");
    await t.open("Earth map referee");
    await t.choose(t.field("Side A"), "Ultra-Dwarves");
    await t.choose(t.field("Side B"), "Low Elves");
    await t.press(t.button("Show the war…"));
    await answered(page, page.getByRole("group", { name: /^War in century 1 between the Ultra-Dwarves and the Low Elves/ }));
    await t.shot("4-war-question");
    await t.press(t.button("Write the war"));
    await answered(page, page.getByText(/^War in century 1 between the Ultra-Dwarves and the Low Elves/));
    t.begin("disaster");
    await t.field("Elements of the power").fill("W");
    await t.field("Sea Folk").fill("4");
    await t.press(t.button("Show the disaster…"));
    await answered(page, page.getByRole("group", { name: /Write it\?$/ }));
    await t.press(t.button("Write the disaster"));
    await answered(
      page,
      page
        .locator("div.result")
        .filter({ visible: true })
        .filter({ hasText: /Sea Folk/ }),
    );

    // ---- The century end, with a fault in the middle
    t.begin("century end");
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await t.press(t.button("End century 1…"));
    await answered(page, page.getByRole("group", { name: /^Pay century 1\?/ }));
    await t.shot("5-century-question");
    const ledger = (await values(page, "Ledger")).length;
    await page.evaluate(() => {
      if (window.godsTestHost) window.godsTestHost.failNext = Object.assign(new Error("RichApi.Error"), { code: "AccessDenied" });
    });
    await t.press(t.button(/^Pay century 1/));
    const failure = page.getByRole("alert");
    await answered(page, failure);
    // One cause, and the button to press.
    expect(await failure.textContent()).toMatch(/^Nothing was written: Excel refused the change: .*Then press “End century 1…” again\.$/);
    expect(await page.getByRole("status").textContent()).not.toMatch(/Up to date/);
    await t.shot("6-century-fault");
    await t.press(t.button("End century 1…"));
    await t.press(t.button(/^Pay century 1/));
    await answered(page, page.getByRole("heading", { name: "Century 1 is paid" }));
    expect(await page.getByRole("status").textContent()).toMatch(/Up to date/);
    const paid = (await values(page, "Ledger")).length;
    expect(paid).toBeGreaterThan(ledger);
    await t.shot("7-century-paid");

    // ---- The second century: nothing of the first is told as news
    t.begin("second century");
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 2 · ready to end/);
    expect((await results(page)).join(" ")).not.toMatch(/in century 1|Recorded/);
    await t.field("Cause").fill("plague");
    await t.field("Units").fill("2");
    await t.press(t.button("Record the deaths"));
    await answered(page, page.getByText(/^Recorded 2 plague deaths in century 2/));
    await t.press(t.button("End century 2…"));
    await t.press(t.button(/^Pay century 2/));
    await answered(page, page.getByRole("heading", { name: "Century 2 is paid" }));
    expect((await results(page)).join(" ")).not.toMatch(/Century 1 is paid|Recorded 2 plague/);

    // ---- Between sessions
    t.begin("session end");
    await t.press(t.tab("Between"));
    await t.field("Solara").fill("12");
    await t.press(t.button("Record the session's end…"));
    await answered(page, page.getByRole("group", { name: /^Record the mana of/ }));
    await t.press(t.button("Record"));
    await answered(page, page.getByText(/^Recorded the mana of/));
    t.begin("cards bought");
    await t.choose(t.field("Character"), "Solara");
    await t.choose(t.field("Sphere"), "Harvest");
    await t.press(t.button("Show what changes…"));
    await answered(page, page.getByRole("group", { name: /^Solara buys 1 Harvest card/ }));
    await t.shot("8-cards-question");
    await t.press(t.button("Apply"));
    await answered(
      page,
      page
        .locator("div.result")
        .filter({ visible: true })
        .filter({ hasText: /Harvest/ }),
    );
    t.begin("session packet");
    await t.press(t.button("Write the session packet"));
    await answered(page, page.getByText(/^Wrote Earth Summary, Character Sheets, Charts for century 3/));
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).toContain("Earth Summary");
    await t.shot("9-packet");

    // Every task is at most two clicks from the top: its tab, then its card when folded; the
    // pane as first shown is at most three screens tall.
    for (const [what, height] of Object.entries(heights)) expect([what, height <= MOST]).toEqual([what, true]);
    console.log(
      [
        `A session through the pane at ${width} px, ${theme}: clicks per task (choices in a list count, typing does not)`,
        ...[...t.clicks].map(([task, n]) => `  ${task.padEnd(26)} ${n}`),
        ...Object.entries(heights).map(([what, h]) => `  pane height, ${what}: ${h} px`),
      ].join("\n"),
    );
  });
});
