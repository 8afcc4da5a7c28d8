/**
 * One session at the table, played through the pane by roles and labels only, as a gamemaster
 * reads it: set-up from an empty workbook and its checklist filled in, deaths, events (one credited
 * twice by mistake, then taken back), a rename, a war, a disaster, the century end with a fault in
 * the middle, the second century, the session's end, cards bought and the packet. After each
 * click the question or the result it asked for is on screen and has the keyboard; no result of
 * an earlier step says what is no longer so. It prints, per task, the clicks it took, the eye's
 * travel (how far the eye moves down or up the screen from one control or answer to the next, and
 * how far the page is scrolled by hand to reach a control) and what a screen reader announces, with
 * the pane's height, and saves screenshots at 320 and 500 px, light and dark, under
 * test-output/screenshots/. Then the keyboard, forced colours, a narrow zoomed pane and a long question.
 */
import * as path from "path";
import type { Locator, Page } from "playwright-core";
import { EXAMPLE_CAMPAIGN } from "../../src/workbook/xlsx/example";
import { example, handKept, host, idle, inExcel, shots, systemColor, usePane, values } from "./harness";

usePane();

/** The pane as first shown is at most three screens of 720 px at 320 px wide. */
const MOST = 3 * 720;

const looks = [320, 500].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

/** Clicks per task, as played; a choice in a list counts as a click, typing does not. */
type Tally = Map<string, number>;

/** The most the eye travels for one task at 320 × 720 px (and at 500 px). */
const MOST_TRAVEL = 800;

class Table {
  readonly clicks: Tally = new Map();
  /** Pixels the eye travels per task (see look). */
  readonly travel: Tally = new Map();
  /** What a screen reader announces per task: live regions given new words (see listen). */
  readonly said: Tally = new Map();
  private task = "";
  /** Where the eye is: a height on the screen. */
  private eye = 0;
  /** Each task's moves of the eye, for a task over the limit to show where its travel goes. */
  readonly moves = new Map<string, string[]>();
  constructor(
    readonly page: Page,
    readonly name: (step: string) => string,
  ) {}

  begin(task: string): void {
    this.task = task;
    this.clicks.set(task, 0);
    this.travel.set(task, 0);
    this.said.set(task, 0);
    this.moves.set(task, []);
  }

  private count(): void {
    this.clicks.set(this.task, (this.clicks.get(this.task) ?? 0) + 1);
  }

  /**
   * The eye moves to `target`: scrolled into view by hand first when it is not (below the sticky
   * header, above the screen's foot), the scrolling counted, then the distance on screen from where
   * the eye was.
   */
  async look(target: Locator): Promise<void> {
    const moved = await target.evaluate((e) => {
      const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const r = e.getBoundingClientRect();
      // What is in the sticky header (its buttons, End century floating there) is always in view.
      const held = e.closest("header") !== null || getComputedStyle(e).position === "fixed";
      const by = held ? 0 : r.top < header ? r.top - header : r.bottom > window.innerHeight ? Math.min(r.bottom - window.innerHeight, r.top - header) : 0;
      window.scrollBy(0, by);
      const name = (e.getAttribute("aria-label") ?? e.textContent).trim().slice(0, 16);
      return { scrolled: Math.abs(by), at: e.getBoundingClientRect().top, name };
    });
    this.travel.set(this.task, (this.travel.get(this.task) ?? 0) + moved.scrolled + Math.abs(moved.at - this.eye));
    this.moves
      .get(this.task)
      ?.push(`${Math.round(this.eye)}→${Math.round(moved.at)} ${moved.name}${moved.scrolled > 0 ? ` (scrolled ${Math.round(moved.scrolled)})` : ""}`);
    this.eye = moved.at;
  }

  /** The eye moves to what the pane put where the keyboard is: a question or an answer. */
  async read(what: Locator): Promise<void> {
    const at = await what.evaluate((e) => e.getBoundingClientRect().top);
    this.travel.set(this.task, (this.travel.get(this.task) ?? 0) + Math.abs(at - this.eye));
    this.moves.get(this.task)?.push(`${Math.round(this.eye)}→${Math.round(at)} (answer)`);
    this.eye = at;
  }

  /** Starts counting what a screen reader hears: each live region given new words, once per change. */
  async listen(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { said: string[] };
      w.said = [];
      const region = (n: Node) =>
        (n instanceof Element ? n : n.parentElement)?.closest<HTMLElement>(
          '[role="alert"], [aria-live]:not([aria-live="off"]), [role="status"]:not([aria-live="off"])',
        );
      new MutationObserver((records) => {
        const regions = new Set<HTMLElement>();
        for (const r of records)
          for (const n of r.type === "characterData" ? [r.target] : [...r.addedNodes]) {
            const live = region(n);
            if ((n.textContent ?? "").trim() !== "" && live !== null && live !== undefined && live.getClientRects().length > 0) regions.add(live);
          }
        for (const live of regions) w.said.push(live.textContent.trim());
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }

  /** What was announced since the last call. */
  async heard(): Promise<string[]> {
    return this.page.evaluate(() => {
      const w = window as unknown as { said: string[] };
      const out = w.said;
      w.said = [];
      return out;
    });
  }

  /** Clicks what a role and a name say, and waits for the pane to be idle: one announcement at most, its answer or its failure. */
  async press(target: Locator): Promise<void> {
    this.count();
    await this.heard();
    await this.look(target);
    await target.click();
    await idle(this.page);
    const said = await this.heard();
    this.said.set(this.task, (this.said.get(this.task) ?? 0) + said.length);
    expect(said.length).toBeLessThanOrEqual(1);
  }

  async choose(target: Locator, option: string): Promise<void> {
    this.count();
    await this.look(target);
    await target.selectOption(option);
  }

  /** The question or answer `what` is on screen with the keyboard (see answered); the eye goes there. */
  async answered(what: Locator): Promise<void> {
    await answered(this.page, what);
    await this.read(what.filter({ visible: true }).first());
  }

  /** Types into a field (no click counted; the eye goes there). */
  async type(target: Locator, text: string): Promise<void> {
    await this.look(target);
    await target.fill(text);
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
    await t.listen();
    const heights: Record<string, number> = {};

    // ---- Set-up from an empty workbook, and the checklist filled in
    t.begin("set-up");
    heights["empty workbook"] = (await firstShown(page)).height;
    await t.press(t.button("Set up this workbook"));
    await t.answered(page.getByText(/^Added 7 tables/));
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 1 · 5 tables to fill/);
    // The header is one line, its words whole.
    expect(
      await page
        .getByRole("banner")
        .evaluate((h) => [h.getBoundingClientRect().height <= 40, [...h.querySelectorAll("p")].every((p) => p.scrollWidth <= p.clientWidth)]),
    ).toEqual([true, true]);
    const checklist = page.getByRole("list").filter({ hasText: "Go to the table" });
    expect(await checklist.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Gods no row yet Go to the table\s*Example row, by column — God: Vorn · Kind: greater/),
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
    // The pane follows the workbook: the last row typed, it reads the tables again by itself and the checklist goes.
    await page
      .getByRole("banner")
      .getByText(/Century 1 · ready to end/)
      .waitFor();
    await idle(page);
    expect(await checklist.isVisible()).toBe(false);
    const start = await firstShown(page);
    heights["campaign, as first shown"] = start.height;
    // The one primary action is on the first screen, and so is the quick count's first button, in the Play tab as first shown.
    expect(start.endTop).toBeLessThan(720 - 32);
    expect(
      await page
        .getByRole("button", { name: /^Add 1 / })
        .first()
        .evaluate((b) => b.getBoundingClientRect().bottom),
    ).toBeLessThanOrEqual(720);
    await t.shot("2-ready");

    // ---- During play: deaths
    t.begin("deaths");
    await t.type(t.field("Cause"), "war");
    await t.type(t.field("Units"), "3");
    await t.press(page.getByText("Race and note"));
    await t.choose(t.field("Race (optional, chosen again for each death)"), "Low Elves");
    await t.press(t.button("Record the deaths"));
    await t.answered(page.getByText(/^Recorded 3 war deaths of the Low Elves in century 1/));
    // The next death's cause and race are chosen again.
    // (The race folds back with the note, to be opened again for the next death.)
    expect(await page.getByLabel("Race (optional, chosen again for each death)", { exact: true }).inputValue()).toBe("");
    expect(await t.field("Cause").inputValue()).toBe("");

    // ---- An event, credited twice by mistake
    t.begin("event");
    await t.choose(t.field("Event"), "Race destroyed");
    await t.press(t.button("Credit the event…"));
    await t.answered(page.getByRole("group", { name: /^Credit "Race destroyed" in century 1\?/ }));
    await t.shot("3-event-question");
    await t.press(t.button("Credit it"));
    await t.answered(page.getByText(/^Credited "Race destroyed" in century 1/));
    t.begin("event again, by mistake");
    await t.press(t.button("Credit the event…"));
    await t.answered(page.getByRole("group", { name: /was the last credit already\. Did it happen again\?/ }));
    await t.press(t.button("Yes, it happened again"));
    await t.answered(page.getByText(/^Credited "Race destroyed #2" in century 1/));

    // ---- The book: the mistake undone
    t.begin("undo");
    await t.press(t.tab("Ledger"));
    await t.press(t.button(/^Undo the event "Race destroyed #2"/));
    await t.answered(page.getByRole("group", { name: /^Take back the event "Race destroyed #2"/ }));
    await t.press(t.button("Take it back"));
    await t.answered(page.getByText(/^Took back the event "Race destroyed #2"/));
    // The credit taken back is no longer told as credited anywhere.
    expect((await results(page)).join(" ")).not.toMatch(/Credited "Race destroyed #2"/);
    await t.press(t.tab("Play"));
    expect((await results(page)).join(" ")).not.toMatch(/Credited "Race destroyed #2"/);

    // ---- A rename
    t.begin("rename");
    await t.press(t.tab("Ledger"));
    await t.choose(t.field("God"), "Mirelle");
    await t.type(t.field("New name"), "Mirella");
    await t.press(t.button("Rename everywhere…"));
    await t.answered(page.getByRole("group", { name: /^Rename Mirelle to Mirella everywhere/ }));
    await t.press(t.button("Rename Mirelle"));
    await t.answered(page.getByText(/^"Mirelle" is now "Mirella" everywhere/));
    await t.press(t.tab("Play"));
    expect((await results(page)).join(" ")).not.toMatch(/Mirelle/);

    // ---- The Earth map referee: a war and a disaster
    t.begin("war");
    await t.open("Earth map referee");
    await t.choose(t.field("Side A"), "Ultra-Dwarves");
    await t.choose(t.field("Side B"), "Low Elves");
    await t.press(t.button("Show the war…"));
    await t.answered(page.getByRole("group", { name: /^War in century 1 between the Ultra-Dwarves and the Low Elves/ }));
    await t.shot("4-war-question");
    await t.press(t.button("Write the war"));
    await t.answered(page.getByText(/^War in century 1 between the Ultra-Dwarves and the Low Elves/));
    t.begin("disaster");
    await t.type(t.field("Elements of the power"), "W");
    await t.type(t.field("Sea Folk"), "4");
    await t.press(t.button("Show the disaster…"));
    await t.answered(page.getByRole("group", { name: /^Write the disaster in century 1\?$/ }));
    await t.shot("4-disaster-question");
    await t.press(t.button("Write the disaster"));
    await t.answered(
      page
        .locator("div.result")
        .filter({ visible: true })
        .filter({ hasText: /Sea Folk/ }),
    );

    // ---- The century end, with a fault in the middle
    // From where the disaster left the pane: its End century is one press away, in the header.
    t.begin("century end");
    expect(await t.button("End century 1…").evaluate((b) => b.getBoundingClientRect().bottom <= 40)).toBe(true);
    await t.shot("5-century-from-below");
    await t.press(t.button("End century 1…"));
    await t.answered(page.getByRole("group", { name: /^Pay century 1\?/ }));
    await t.shot("5-century-question");
    const ledger = (await values(page, "Ledger")).length;
    await page.evaluate(() => {
      if (window.godsTestHost) window.godsTestHost.failNext = Object.assign(new Error("RichApi.Error"), { code: "AccessDenied" });
    });
    await t.press(t.button(/^Pay century 1/));
    const failure = page.getByRole("alert");
    await t.answered(failure);
    // One cause, and the button to press.
    expect(await failure.textContent()).toMatch(/^Nothing was written: Excel refused the change: .*Then press “End century 1…” again\.$/);
    expect(await page.getByRole("status").textContent()).not.toMatch(/Up to date/);
    await t.shot("6-century-fault");
    t.begin("century end, again");
    await t.press(t.button("End century 1…"));
    await t.press(t.button(/^Pay century 1/));
    await t.answered(page.getByRole("heading", { name: "Century 1 is paid" }));
    expect(await page.getByRole("status").textContent()).toMatch(/Up to date/);
    const paid = (await values(page, "Ledger")).length;
    expect(paid).toBeGreaterThan(ledger);
    await t.shot("7-century-paid");

    // ---- The second century: nothing of the first is told as news
    t.begin("second century");
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 2 · ready to end/);
    expect((await results(page)).join(" ")).not.toMatch(/in century 1|Recorded/);
    await t.type(t.field("Cause"), "plague");
    await t.type(t.field("Units"), "2");
    await t.press(t.button("Record the deaths"));
    await t.answered(page.getByText(/^Recorded 2 plague deaths in century 2/));
    await t.press(t.button("End century 2…"));
    await t.press(t.button(/^Pay century 2/));
    await t.answered(page.getByRole("heading", { name: "Century 2 is paid" }));
    expect((await results(page)).join(" ")).not.toMatch(/Century 1 is paid|Recorded 2 plague/);

    // ---- Between sessions
    t.begin("session end");
    await t.press(t.tab("Between"));
    await t.type(t.field("Solara"), "12");
    await t.press(t.button("Record the session's end…"));
    await t.answered(page.getByRole("group", { name: /^Record the mana of/ }));
    await t.press(t.button("Record"));
    await t.answered(page.getByText(/^Recorded the mana of/));
    t.begin("cards bought");
    await t.choose(t.field("Character"), "Solara");
    await t.choose(t.field("Sphere"), "Harvest");
    await t.press(t.button("Show what changes…"));
    await t.answered(page.getByRole("group", { name: /^Solara buys 1 Harvest card/ }));
    await t.shot("8-cards-question");
    await t.press(t.button("Apply"));
    await t.answered(
      page
        .locator("div.result")
        .filter({ visible: true })
        .filter({ hasText: /Harvest/ }),
    );
    t.begin("session packet");
    await t.press(t.button("Write the session packet"));
    await t.answered(page.getByText(/^Wrote Earth Summary, Character Sheets, Charts for century 3/));
    expect(await host(page, (h) => h.book.sheets.map((s) => s.name))).toContain("Earth Summary");
    await t.shot("9-packet");

    // A read in the background (the workbook changed under the pane) says nothing.
    await page.evaluate(() => window.godsTestHost?.book.changed("Gods", "A1"));
    await page.waitForTimeout(2000);
    await idle(page);
    expect(await t.heard()).toEqual([]);

    // Every task is at most two clicks from the top: its tab, then its card when folded; the
    // pane as first shown is at most three screens tall.
    console.log(
      [
        `A session through the pane at ${width} × 720 px, ${theme}: per task, clicks (choices in a list count, typing does not), eye travel, announcements`,
        ...[...t.clicks].map(
          ([task, n]) =>
            `  ${task.padEnd(26)} ${String(n).padStart(2)} clicks ${String(Math.round(t.travel.get(task) ?? 0)).padStart(5)} px ${t.said.get(task) ?? 0} said${
              (t.travel.get(task) ?? 0) > MOST_TRAVEL ? `   ${(t.moves.get(task) ?? []).join(", ")}` : ""
            }`,
        ),
        ...Object.entries(heights).map(([what, h]) => `  pane height, ${what}: ${h} px`),
      ].join("\n"),
    );
    for (const [what, height] of Object.entries(heights)) expect([what, height <= MOST]).toEqual([what, true]);
    // Every task: the eye travels at most 800 px.
    const over = [...t.travel].map(([task, px]) => [task, Math.round(px)] as const).filter(([, px]) => px > MOST_TRAVEL);
    expect(over).toEqual([]);
  });
});

describe("a session begun from records kept by hand, through the pane", () => {
  test("320 px, light: Bring in my records, then century 3 paid from what each account carried", async () => {
    const setup = handKept();
    const page = await inExcel(setup.tables, setup);
    await page.setViewportSize({ width: 320, height: 720 });
    const t = new Table(page, (step) => `play-adopt-320-light-${step}`);
    await t.listen();

    // ---- The gamemaster's own sheets brought in, century 2 the last paid by hand
    t.begin("bring in my records");
    await t.press(t.button("Bring in my records"));
    await t.type(t.field("The last century you paid by hand"), "2");
    await t.press(t.button("Read my sheets"));
    const question = page.getByRole("group", { name: /^Bring in your records as shown below, with century 2 the last paid by hand\?/ });
    await t.answered(question);
    await t.shot("1-question");
    await t.press(t.button("Bring them in"));
    await t.answered(page.getByRole("heading", { name: "Your records are brought in" }));
    expect(await page.getByText(/^The Ledger opens at century 2: /).textContent()).toBe(
      "The Ledger opens at century 2: Solara carries 0.3, Vorn carries 0.79, Kettu carries 0.65, Demons carries 0.5.",
    );
    expect(await page.getByRole("banner").textContent()).toMatch(/Century 3 · ready to end/);
    await t.shot("2-brought-in");

    // ---- Century 3 paid: what each account carried at century 2, and what it earned
    t.begin("century end");
    await t.press(t.button("End century 3…"));
    await t.answered(page.getByRole("group", { name: /^Pay century 3\?/ }));
    await t.press(t.button(/^Pay century 3/));
    await t.answered(page.getByRole("heading", { name: "Century 3 is paid" }));
    const ledger = await values(page, "Ledger");
    // The hand computation of test/support/handKept.ts: carried at century 2, plus earned in century 3.
    expect(ledger.filter((r) => r[0] === 3).map((r) => [r[3], r[5], r[6]])).toEqual([
      ["Solara", 1, 0.86],
      ["Vorn", 11, 0.97],
      ["Kettu", 4, 0.21],
      ["Demons", 2, 0.54],
    ]);
    await t.shot("3-century-paid");

    console.log(
      [
        "Records kept by hand brought in through the pane at 320 × 720 px, light: per task, clicks (choices in a list count, typing does not), eye travel, announcements",
        ...[...t.clicks].map(
          ([task, n]) =>
            `  ${task.padEnd(26)} ${String(n).padStart(2)} clicks ${String(Math.round(t.travel.get(task) ?? 0)).padStart(5)} px ${t.said.get(task) ?? 0} said   ${(t.moves.get(task) ?? []).join(", ")}`,
        ),
      ].join("\n"),
    );
    for (const task of t.travel.keys()) expect([task, Math.round(t.travel.get(task) ?? Infinity) <= MOST_TRAVEL]).toEqual([task, true]);
  });
});

/** The element holding the keyboard: its id, or its tag and words. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement;
    return e === null ? "" : e.id !== "" ? e.id : `${e.tagName.toLowerCase()}: ${e.textContent.trim().slice(0, 40)}`;
  });
}

describe("the keyboard, forced colours, a narrow pane and a long question", () => {
  test("Home and End in the tab list, Escape cancels a question and gives the keyboard back, every fold is reached with Tab", async () => {
    const page = await inExcel(example());
    await page.setViewportSize({ width: 320, height: 720 });
    await page.getByRole("tab", { name: "Play" }).focus();
    await page.keyboard.press("End");
    expect([await focused(page), await page.getByRole("tab", { name: "Ledger" }).getAttribute("aria-selected")]).toEqual(["tab-book", "true"]);
    await page.waitForSelector("#panel-book:not([hidden])");
    await page.keyboard.press("Home");
    expect([await focused(page), await page.getByRole("tab", { name: "Play" }).getAttribute("aria-selected")]).toEqual(["tab-play", "true"]);

    // The century's question: the focus starts on its words; Escape closes it and gives the keyboard back to End century.
    await page.getByRole("button", { name: "End century 1…" }).focus();
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe("century-question");
    expect(await page.getByRole("group", { name: /^Pay century 1\?/ }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.locator("#century-confirm").isHidden()).toBe(true);
    expect(await focused(page)).toBe("end-century");
    // A question in a card: the same.
    await page.getByRole("button", { name: "Credit the event…" }).focus();
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe("event-question");
    await page.keyboard.press("Escape");
    expect([await page.locator("#event-confirm").isHidden(), await focused(page)]).toEqual([true, "credit-event"]);
    // A question left open closes when another tab is chosen.
    await page.getByRole("button", { name: "Credit the event…" }).click();
    await page.getByRole("tab", { name: "Century" }).click();
    await page.getByRole("tab", { name: "Play" }).click();
    expect(await page.locator("#event-confirm").isHidden()).toBe(true);

    // Every card's fold, in every tab, is reached by Tab from the tab list.
    const reached: Record<string, string[]> = {};
    for (const name of ["Play", "Century", "Between", "Ledger"]) {
      const tab = page.getByRole("tab", { name });
      await tab.click();
      const panel = page.locator(`#${(await tab.getAttribute("aria-controls")) ?? ""}`);
      await panel.waitFor({ state: "visible" });
      const folds = await panel.locator("details.card:visible > summary").allTextContents();
      const seen: string[] = [];
      const trail: string[] = [];
      await tab.focus();
      for (let i = 0; i < 400 && !folds.every((f) => seen.includes(f)); i++) {
        await page.keyboard.press("Tab");
        const on = await page.evaluate(() => (document.activeElement?.tagName === "SUMMARY" ? document.activeElement.textContent : null));
        trail.push(await focused(page));
        if (on !== null && !seen.includes(on)) seen.push(on);
      }
      const missed = folds.filter((f) => !seen.includes(f));
      reached[name] = missed.length === 0 ? [] : [...missed, ...trail.slice(0, 60)];
    }
    expect(reached).toEqual({ Play: [], Century: [], Between: [], Ledger: [] });
  });

  test("in forced colours the chosen tab, the focus ring, greyed buttons and warnings stay distinct, in the system's colours", async () => {
    const tables = example();
    // No count of Cities on Earth: a warning to show.
    tables.Counts = (tables.Counts ?? []).filter((r, i) => i === 0 || r[1] !== "Cities on Earth");
    const page = await inExcel(tables);
    await page.setViewportSize({ width: 320, height: 720 });
    await page.emulateMedia({ forcedColors: "active" });
    expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => {
          const c = getComputedStyle(e);
          return {
            color: c.color,
            underline: `${c.borderBottomStyle} ${c.borderBottomWidth} ${c.borderBottomColor}`,
            edge: `${c.borderLeftStyle} ${c.borderLeftWidth} ${c.borderLeftColor}`,
            outline: `${c.outlineStyle} ${c.outlineColor}`,
          };
        });
    const system = (name: string) => systemColor(page, name);
    const [chosen, other] = [await look('[role="tab"][aria-selected="true"]'), await look('[role="tab"][aria-selected="false"]')];
    expect(chosen.underline).not.toBe(other.underline);
    expect(chosen.underline).toContain(await system("Highlight"));
    // The focus ring.
    await page.getByRole("tab", { name: "Play" }).focus();
    await page.keyboard.press("ArrowRight");
    expect((await look(":focus-visible")).outline).toBe(`solid ${await system("Highlight")}`);
    await page.keyboard.press("ArrowLeft");
    // A greyed button against a live one.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>("#end-century")?.setAttribute("disabled", ""));
    expect((await look("#end-century:disabled")).color).toBe(await system("GrayText"));
    expect((await look("#record-deaths")).color).not.toBe(await system("GrayText"));
    await page.evaluate(() => document.querySelector<HTMLButtonElement>("#end-century")?.removeAttribute("disabled"));
    // A warning is edged, where a plain line is not.
    await page.locator("#problems-box summary").click();
    const warning = await look("#problems li.warning .problem-text, #problems li.warning .problem-link");
    expect(warning.edge).toMatch(/^solid 4px /);
    await page.getByRole("button", { name: "End century 1…" }).click();
    expect((await look("#century-warnings li")).edge).toMatch(/^solid 4px /);
    await page.screenshot({ path: path.join(shots, "forced-colours-320.png") });
  });

  test("at 200 % zoom (160 CSS px wide) nothing scrolls sideways, in any tab, with every card and a question open", async () => {
    const page = await inExcel(example());
    await page.setViewportSize({ width: 160, height: 360 });
    const wide = () =>
      page.evaluate(() => {
        for (const d of document.querySelectorAll<HTMLDetailsElement>("#app details")) d.open = true;
        const over = [...document.querySelectorAll<HTMLElement>("#app *")]
          .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          // What scrolls inside a box of its own (a wide table) is not the pane scrolling sideways.
          .filter((e) => {
            for (let p = e.parentElement; p !== null && p.id !== "app"; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return false;
            return true;
          })
          .slice(0, 5)
          .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
        return { sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth, over };
      });
    for (const name of ["Play", "Century", "Between", "Ledger"]) {
      const tab = page.getByRole("tab", { name });
      await tab.click();
      await page.locator(`#${(await tab.getAttribute("aria-controls")) ?? ""}`).waitFor({ state: "visible" });
      await page.waitForTimeout(100);
      expect([name, await wide()]).toEqual([name, { sideways: 0, over: [] }]);
    }
    await page.getByRole("tab", { name: "Play" }).click();
    await page.getByRole("button", { name: "End century 1…" }).click();
    expect(["question", await wide()]).toEqual(["question", { sideways: 0, over: [] }]);
    await page.screenshot({ path: path.join(shots, "zoom-160-question.png") });
  });

  test("with 40 gods the century's question fits the screen with Pay in view, the focus on its words", async () => {
    const tables = example();
    const gods = Array.from({ length: 40 }, (_, i) => `God ${String(i + 1).padStart(2, "0")}`);
    tables.Gods = [...(tables.Gods ?? []), ...gods.map((g) => [g, "lesser"])];
    tables.Cards = [...(tables.Cards ?? []), ...gods.map((g, i) => [g, ["War", "Sea", "Harvest", "Sun", "Death"][i % 5] ?? "War", 1])];
    const page = await inExcel(tables);
    await page.setViewportSize({ width: 320, height: 720 });
    await page.getByRole("button", { name: "End century 1…" }).click();
    await idle(page);
    const question = page.getByRole("group", { name: /^Pay century 1\?/ });
    const fits = await question.evaluate((q) => {
      const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const pay = q.querySelector("#century-yes")?.getBoundingClientRect();
      return {
        top: q.getBoundingClientRect().top >= header - 1,
        pay: pay !== undefined && pay.bottom <= window.innerHeight && pay.top >= header,
        height: Math.round(q.getBoundingClientRect().height),
      };
    });
    console.log(`With 45 gods the century's question is ${fits.height} px tall at 320 × 720 px, its list scrolling inside.`);
    expect([fits.top, fits.pay]).toEqual([true, true]);
    expect(await focused(page)).toBe("century-question");
    await page.screenshot({ path: path.join(shots, "long-question-320.png") });
  });
});
