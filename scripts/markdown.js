/* A small Markdown-to-HTML converter for the function help pages (headings, paragraphs, lists,
   tables, code blocks, inline code, bold and links): enough for docs/functions, no dependency. */
"use strict";

function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function inline(text) {
  return (
    escapeHtml(text)
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      // A picture: ![words](file.png), its words as the image's alternative text.
      .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (m, alt, src) => `<img src="${src}" alt="${alt}" width="320">`)
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, label, href) => `<a href="${href.replace(/\.md(#|$)/, ".html$1")}">${label}</a>`)
  );
}

function cells(line) {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());
}

function markdownToHtml(source, title) {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const code = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(" ");
      out.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
      i++;
    } else if (/^\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i++) rows.push(lines[i]);
      const [head, , ...body] = rows;
      out.push(
        "<table><thead><tr>" +
          cells(head)
            .map((c) => `<th>${inline(c)}</th>`)
            .join("") +
          "</tr></thead><tbody>",
      );
      for (const row of body)
        out.push(
          "<tr>" +
            cells(row)
              .map((c) => `<td>${inline(c)}</td>`)
              .join("") +
            "</tr>",
        );
      out.push("</tbody></table>");
    } else if (/^\s*[-*] /.test(line)) {
      out.push("<ul>");
      while (i < lines.length && /^\s*[-*] /.test(lines[i])) {
        const item = [lines[i].replace(/^\s*[-*] /, "")];
        // An item may wrap onto indented lines of its own.
        for (i++; i < lines.length && /^\s+\S/.test(lines[i]) && !/^\s*[-*] /.test(lines[i]); i++) item.push(lines[i].trim());
        out.push(`<li>${inline(item.join(" "))}</li>`);
      }
      out.push("</ul>");
    } else if (line.trim() === "") {
      i++;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() !== "" && !/^(#|\||```|\s*[-*] )/.test(lines[i]); i++) para.push(lines[i]);
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>GODS.${escapeHtml(title)}</title>
<style>body{font-family:"Segoe UI",system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;line-height:1.5}
code,pre{font-family:Consolas,monospace;background:#f3f2f1}pre{padding:.75rem;overflow:auto}table{border-collapse:collapse}
td,th{border:1px solid #c8c6c4;padding:.25rem .5rem;text-align:left}</style></head>
<body>
${out.join("\n")}
</body></html>
`;
}

module.exports = { markdownToHtml };
