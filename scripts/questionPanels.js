/* The task pane's questions before a click writes (src/taskpane/confirm.ts asks them) all have the
   same markup: the question, Yes and Cancel, then what the question lists. taskpane.html writes each one
   as <question-panel name="event" yes="Credit it">…what it lists…</question-panel>, and the build
   puts the panel's markup there, with its ids (event-confirm, event-question, event-yes, event-no).
   With list="ID" the panel lists its lines in <ul id="ID">; with result, the answer's box
   (event-result) follows the panel. Other blocks the page repeats are written once here too: a
   side of a war (<war-side side="a">) and a table of the guided start (<checklist-row table="Gods">). */
"use strict";

const fs = require("fs");
const path = require("path");

/* Cards of the page kept in files of their own under src/taskpane/parts/, so that no file of the
   page grows past a few hundred lines: <pane-part src="between.html"></pane-part>, on a line of its
   own, is that file's markup, indented as the placeholder was. */
const PART = /^([ \t]*)<pane-part src="([a-z]+\.html)"><\/pane-part>$/gm;

/** The page with every <pane-part> placeholder made the part's markup; a placeholder written otherwise stops the build. */
function withParts(html, folder) {
  const joined = html.replace(PART, (_, indent, file) =>
    fs
      .readFileSync(path.join(folder, file), "utf8")
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => (line === "" ? line : indent + line))
      .join("\n"),
  );
  // A part may hold parts of its own (the play tab holds the pantheons card).
  const out = joined === html ? html : withParts(joined, folder);
  if (out.includes("<pane-part"))
    throw new Error('taskpane.html has a <pane-part> that is not written as <pane-part src="name.html"></pane-part>, on a line of its own.');
  return out;
}

const PANEL =
  /^([ \t]*)<question-panel name="([a-z]+)" yes="([^"<>]+)"( list="[a-z-]+")?( result)?>(?:<\/question-panel>|\n([\s\S]*?)\n\1<\/question-panel>)$/gm;

/**
 * The markup of one question panel, indented as its placeholder was: the question's words, its
 * buttons just under them (the eye goes from the question to Yes without crossing a long list),
 * then `inner` (its own lines) and the list, to read before pressing.
 */
function questionPanel(indent, name, yes, inner, list, result) {
  const lines = [
    `<div id="${name}-confirm" class="confirm" role="group" aria-labelledby="${name}-question" hidden>`,
    `  <h3 id="${name}-question" class="question" tabindex="-1"></h3>`,
    `  <div class="buttons">`,
    `    <button id="${name}-yes" type="button" class="primary">${yes}</button>`,
    `    <button id="${name}-no" type="button">Cancel</button>`,
    `  </div>`,
    ...(inner === undefined ? [] : inner.split("\n").map((line) => line.slice(indent.length))),
    ...(list === undefined ? [] : [`  <ul id="${/"([a-z-]+)"/.exec(list)[1]}" class="preview-list" tabindex="0"></ul>`]),
    `</div>`,
    ...(result === undefined ? [] : [`<div id="${name}-result" class="result" aria-live="polite"></div>`]),
  ];
  return lines.map((line) => indent + line).join("\n");
}

const WAR_SIDE = /^([ \t]*)<war-side side="([a-z])"><\/war-side>$/gm;

/** One side of a war: the race, and the units it sends (all of them when empty). */
function warSide(indent, side) {
  const id = `war-${side}`;
  const lines = [
    `<div class="pair">`,
    `  <div>`,
    `    <label for="${id}">Side ${side.toUpperCase()}</label>`,
    `    <select id="${id}"></select>`,
    `  </div>`,
    `  <div class="narrow">`,
    `    <label for="${id}-strength">Units sent</label>`,
    `    <input id="${id}-strength" type="number" min="1" step="1" inputmode="numeric" placeholder="all" />`,
    `  </div>`,
    `</div>`,
  ];
  return lines.map((line) => indent + line).join("\n");
}

const CHECKLIST_ROW = /^([ \t]*)<checklist-row table="([A-Za-z]+)" example="([^"<>]+)"><\/checklist-row>$/gm;

/** A table of the guided start: its name, its rows (the pane writes how many), the link that selects it, and what one row looks like. */
function checklistRow(indent, table, example) {
  const key = table.toLowerCase();
  const lines = [
    `<li id="check-${key}" data-table="${table}">`,
    `  <strong>${table}</strong> <span id="rows-${key}" class="rows">–</span>`,
    `  <button type="button" class="link" data-go="${table}">Go to the table</button>`,
    `  <span class="example">Example row, by column — ${example}</span>`,
    `</li>`,
  ];
  return lines.map((line) => indent + line).join("\n");
}

/** The page with every <question-panel> placeholder made the panel's markup; a placeholder written otherwise stops the build. */
function withQuestionPanels(html) {
  const out = html
    .replace(PANEL, (_, indent, name, yes, list, result, inner) => questionPanel(indent, name, yes, inner, list, result))
    .replace(WAR_SIDE, (_, indent, side) => warSide(indent, side))
    .replace(CHECKLIST_ROW, (_, indent, table, example) => checklistRow(indent, table, example));
  for (const tag of ["question-panel", "war-side", "checklist-row"])
    if (out.includes(`<${tag}`))
      throw new Error(`taskpane.html has a <${tag}> that is not written as scripts/questionPanels.js reads it, on a line of its own.`);
  return out;
}

/** The page as the build makes it: its parts joined in, its question panels written out. */
function builtPage(html, folder) {
  return withQuestionPanels(withParts(html, folder));
}

module.exports = { withQuestionPanels, withParts, builtPage };
