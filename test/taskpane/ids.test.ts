/** The pane's element ids are typed once (src/taskpane/ids.ts): each must be in the page, and the page's in the list. */
import * as fs from "fs";
import * as path from "path";
import { builtPage, withParts, withQuestionPanels } from "../../scripts/questionPanels";
import { IDS } from "../../src/taskpane/ids";

// The page as the build makes it: each question panel's markup in place of its placeholder.
const PAGE = path.join(__dirname, "..", "..", "src", "taskpane");
const html = builtPage(fs.readFileSync(path.join(PAGE, "taskpane.html"), "utf8"), path.join(PAGE, "parts"));
const inPage = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string);

describe("the pane's element ids", () => {
  test("every id the code looks up is in taskpane.html, once", () => {
    const missing = IDS.filter((id) => !inPage.includes(id));
    expect(missing).toEqual([]);
    const twice = inPage.filter((id, i) => inPage.indexOf(id) !== i);
    expect(twice).toEqual([]);
  });

  test("every id of the page is in the typed list", () => {
    expect(inPage.filter((id) => !(IDS as readonly string[]).includes(id))).toEqual([]);
    expect(IDS.length).toBe(inPage.length);
  });

  test("every question panel has its question, yes and no (and a payment's its warnings)", () => {
    for (const q of ["century", "event", "undo", "era", "referee", "obliterate", "rename", "reseal"]) {
      for (const part of ["confirm", "question", "yes", "no"]) expect(inPage).toContain(`${q}-${part}`);
    }
    for (const q of ["century", "event", "era"]) expect(inPage).toContain(`${q}-warnings`);
  });

  test("a question panel written otherwise stops the build, rather than a page without its buttons", () => {
    expect(() => withQuestionPanels('  <question-panel name="event"></question-panel>\n')).toThrow(/question-panel/);
    expect(withQuestionPanels('  <question-panel name="event" yes="Credit it"></question-panel>\n')).toContain(
      '<button id="event-yes" type="button" class="primary">Credit it</button>',
    );
    // What the question lists, and the answer's box after it, written once here rather than in every card.
    const listed = withQuestionPanels('  <question-panel name="cards" yes="Apply" list="buy-preview" result></question-panel>\n');
    expect(listed).toMatch(
      /<h3 id="cards-question" class="question" tabindex="-1"><\/h3>\n\s*<div class="buttons">[\s\S]*?<\/div>\n\s*<ul id="buy-preview" class="preview-list" tabindex="0"><\/ul>\n\s*<\/div>/,
    );
    expect(listed).toMatch(/<\/div>\n\s*<div id="cards-result" class="result" aria-live="polite"><\/div>\n$/);
  });

  test("a war's sides and the guided start's tables are written once, each with its label", () => {
    expect(html).toContain('<label for="war-b-strength">Units sent</label>');
    for (const table of ["gods", "cards", "sources", "races", "pantheon"]) expect(inPage).toContain(`rows-${table}`);
    expect(() => withQuestionPanels('  <war-side side="a" extra></war-side>\n')).toThrow(/war-side/);
  });

  test("a card kept in a part of its own is in the page, and a part written otherwise stops the build", () => {
    // The Great Council is in the part between sessions; the pantheons in a part the play tab's part holds.
    expect(html).toContain('<h2 id="council-title">');
    expect(html).toContain('<h2 id="pantheons-title">');
    expect(html).not.toContain("<pane-part");
    expect(() => withParts('  <pane-part src="nowhere"></pane-part>\n', path.join(PAGE, "parts"))).toThrow(/pane-part/);
  });
});
