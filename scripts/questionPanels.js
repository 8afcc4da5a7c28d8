/* The task pane's questions before a click writes (src/taskpane/confirm.ts asks them) all have the
   same markup: the question, what the question lists, Yes and Cancel. taskpane.html writes each one
   as <question-panel name="event" yes="Credit it">…what it lists…</question-panel>, and the build
   puts the panel's markup there, with its ids (event-confirm, event-question, event-yes, event-no). */
"use strict";

const fs = require("fs");
const path = require("path");

/* Cards of the page kept in files of their own under src/taskpane/parts/, so that no file of the
   page grows past a few hundred lines: <pane-part src="between.html"></pane-part>, on a line of its
   own, is that file's markup, indented as the placeholder was. */
const PART = /^([ \t]*)<pane-part src="([a-z]+\.html)"><\/pane-part>$/gm;

/** The page with every <pane-part> placeholder made the part's markup; a placeholder written otherwise stops the build. */
function withParts(html, folder) {
  const out = html.replace(PART, (_, indent, file) =>
    fs
      .readFileSync(path.join(folder, file), "utf8")
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => (line === "" ? line : indent + line))
      .join("\n"),
  );
  if (out.includes("<pane-part"))
    throw new Error('taskpane.html has a <pane-part> that is not written as <pane-part src="name.html"></pane-part>, on a line of its own.');
  return out;
}

const PANEL = /^([ \t]*)<question-panel name="([a-z]+)" yes="([^"<>]+)">(?:<\/question-panel>|\n([\s\S]*?)\n\1<\/question-panel>)$/gm;

/** The markup of one question panel, indented as its placeholder was, with `inner` (its own lines) between the question and the buttons. */
function questionPanel(indent, name, yes, inner) {
  const lines = [
    `<div id="${name}-confirm" class="confirm" role="group" aria-labelledby="${name}-question" hidden>`,
    `  <p id="${name}-question"></p>`,
    ...(inner === undefined ? [] : inner.split("\n").map((line) => line.slice(indent.length))),
    `  <div class="buttons">`,
    `    <button id="${name}-yes" type="button" class="primary">${yes}</button>`,
    `    <button id="${name}-no" type="button">Cancel</button>`,
    `  </div>`,
    `</div>`,
  ];
  return lines.map((line) => indent + line).join("\n");
}

/** The page with every <question-panel> placeholder made the panel's markup; a placeholder written otherwise stops the build. */
function withQuestionPanels(html) {
  const out = html.replace(PANEL, (_, indent, name, yes, inner) => questionPanel(indent, name, yes, inner));
  if (out.includes("<question-panel")) {
    throw new Error('taskpane.html has a <question-panel> that is not written as <question-panel name="…" yes="…">, on a line of its own.');
  }
  return out;
}

/** The page as the build makes it: its parts joined in, its question panels written out. */
function builtPage(html, folder) {
  return withQuestionPanels(withParts(html, folder));
}

module.exports = { withQuestionPanels, withParts, builtPage };
