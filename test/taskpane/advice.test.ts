/**
 * The problems' words that send a gamemaster to a button of the pane name a button the pane has,
 * under the heading they give: every such phrase in the workbook code's messages is found and
 * looked up in the page as the build makes it (a label the cards write at run time, in the card's code).
 */
import * as fs from "fs";
import * as path from "path";
import { builtPage } from "../../scripts/questionPanels";

const root = path.join(__dirname, "..", "..");
const PAGE = path.join(root, "src", "taskpane");
const html = builtPage(fs.readFileSync(path.join(PAGE, "taskpane.html"), "utf8"), path.join(PAGE, "parts"));
const cards = fs
  .readdirSync(path.join(PAGE, "cards"))
  .map((f) => fs.readFileSync(path.join(PAGE, "cards", f), "utf8"))
  .join("\n");

/** Every .ts file under a folder, as text. */
function sources(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") ? fs.readFileSync(path.join(dir, e.name), "utf8") : ""))
    .join("\n");
}
const words = sources(path.join(root, "src", "workbook"));

/** The text of an element, its tags taken out. */
const text = (markup: string) => markup.replace(/<[^>]*>/g, "").replace(/\s+/g, " ");

/** Whether the pane has a button (or tab) that reads `label`, in its markup or written by a card. */
function hasButton(label: string): boolean {
  const inPage = [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].some(
    (m) =>
      text(m[1] ?? "")
        .trim()
        .replace(/…$/, "") === label,
  );
  return inPage || cards.includes(`"${label}"`) || cards.includes(`"${label}…"`);
}

/** The markup of the card whose heading reads `heading`. */
function cardOf(heading: string): string {
  const at = html.indexOf(`>${heading}</h2>`);
  expect(at).toBeGreaterThan(0);
  const start = html.lastIndexOf("<details", at);
  return html.slice(start, html.indexOf("</details>", at));
}

describe("buttons the problems' words name", () => {
  test('each "or X in the pane" names a button the pane has', () => {
    const named = [...words.matchAll(/or ([A-Z][A-Za-z' ]+?) in the pane/g)].map((m) => m[1] as string);
    expect(new Set(named)).toEqual(new Set(["Add the missing tables", "Credit the era's end", "Undo the latest credit"]));
    for (const label of named) expect(hasButton(label)).toBe(true);
  });

  test('each "in the pane, X under Y" names a button of the card headed Y', () => {
    const named = [...words.matchAll(/in the pane, ([A-Z][A-Za-z' ]+?) under ([A-Z][A-Za-z' ]+?)[);.]/g)].map((m) => [m[1] as string, m[2] as string] as const);
    expect(named.length).toBeGreaterThanOrEqual(4);
    for (const [label, heading] of named) {
      expect([label, heading]).toEqual(["Keep the edits", "Ledger edited by hand"]);
      expect(text(cardOf(heading))).toContain(`${label}…`);
    }
  });

  test("Put right, named for a double payment, is in the Ledger tab's Ledger edited by hand, where the card writes it", () => {
    expect(words).toContain("in the Ledger tab, under Ledger edited by hand: Put right");
    expect(html).toMatch(/role="tab"[^>]*>Ledger<\/button>/);
    expect(cardOf("Ledger edited by hand")).toContain('id="twice"');
    expect(cards).toContain('text: "Put right…"');
    // No heading the pane lacks is named any more.
    expect(words).not.toMatch(/Correct the book\)|The book by hand ›/);
  });
});
