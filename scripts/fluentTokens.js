/* Fluent 2's design tokens for the task pane, from Microsoft's @fluentui/tokens: the light and the
   dark theme's value of every token the pane's stylesheet uses, as CSS custom properties put in
   front of it at build time. The pane then looks like Office without a UI library in its bundle. */
"use strict";
const { webLightTheme, webDarkTheme } = require("@fluentui/tokens");

/** The tokens a stylesheet names with var(--token). */
function usedTokens(css) {
  return [...new Set([...css.matchAll(/var\(--([A-Za-z0-9]+)\)/g)].map((m) => m[1]))].sort();
}

function block(selector, theme, names) {
  const missing = names.filter((n) => theme[n] === undefined);
  if (missing.length > 0) throw new Error(`taskpane.css uses Fluent tokens that do not exist: ${missing.join(", ")}`);
  return `${selector} {\n${names.map((n) => `  --${n}: ${theme[n]};`).join("\n")}\n}\n`;
}

/** The stylesheet with Fluent's light tokens on :root and its dark ones under data-theme="dark". */
function withFluentTokens(css) {
  const names = usedTokens(css);
  return `/* Fluent 2 tokens (@fluentui/tokens): light, then dark */\n${block(":root", webLightTheme, names)}${block(':root[data-theme="dark"]', webDarkTheme, names)}\n${css}`;
}

module.exports = { withFluentTokens, usedTokens };
