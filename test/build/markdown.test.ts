import { markdownToHtml } from "../../scripts/markdown";

describe("the help pages' Markdown converter", () => {
  const html = markdownToHtml(
    [
      "# GODS.X",
      "",
      "Text with `code <b>` and **bold** and [a link](TOLL.md).",
      "",
      "| a | b |",
      "| --- | --- |",
      "| 1 | `2` |",
      "",
      "- one item that wraps",
      "  onto a second line",
      "- two",
      "",
      "```",
      "=GODS.TOLL(7) < 8",
      "```",
    ].join("\n"),
    "X",
  );

  test("headings, paragraphs, inline code escaped, links to .html", () => {
    expect(html).toContain("<title>GODS.X</title>");
    expect(html).toContain("<h1>GODS.X</h1>");
    expect(html).toContain('<p>Text with <code>code &lt;b&gt;</code> and <strong>bold</strong> and <a href="TOLL.html">a link</a>.</p>');
  });

  test("tables, wrapped list items and code blocks", () => {
    expect(html).toContain("<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody>");
    expect(html).toContain("<tr><td>1</td><td><code>2</code></td></tr>");
    expect(html).toContain("<li>one item that wraps onto a second line</li>\n<li>two</li>");
    expect(html).toContain("<pre><code>=GODS.TOLL(7) &lt; 8</code></pre>");
  });
});
