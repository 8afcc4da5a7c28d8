/**
 * Just enough XML for editing a workbook's parts in place: find elements by their place in the
 * text, read and change attributes of one start tag, and splice new text in. Nothing is parsed
 * into a tree and written back out, so attributes, namespaces, comments and spacing we do not
 * know about stay exactly as the producing program wrote them.
 */
import { localOf, type Span } from "./xmlText";

export * from "./xmlText";

export class XmlProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "XmlProblem";
  }
}

/** A change to a part's text: the stretch start..end replaced by `text`. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

interface Tag {
  readonly kind: "open" | "close" | "empty";
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** The next start or end tag at or after `from`, skipping comments, CDATA and processing instructions. */
function nextTag(text: string, from: number): Tag | undefined {
  let i = text.indexOf("<", from);
  while (i >= 0) {
    const next = text.charCodeAt(i + 1);
    if (next === 0x21 /* ! */ && text.startsWith("<!--", i)) i = skipPast(text, i, "-->");
    else if (next === 0x21 && text.startsWith("<![CDATA[", i)) i = skipPast(text, i, "]]>");
    else if (next === 0x3f /* ? */) i = skipPast(text, i, "?>");
    else if (next === 0x21) i = skipPast(text, i, ">");
    else if (next === 0x2f /* / */) {
      const close = text.indexOf(">", i);
      if (close < 0) throw new XmlProblem("an end tag is not closed");
      return { kind: "close", name: text.slice(i + 2, close).trim(), start: i, end: close + 1 };
    } else return startTag(text, i);
    i = text.indexOf("<", i);
  }
  return undefined;
}

function skipPast(text: string, from: number, marker: string): number {
  const at = text.indexOf(marker, from);
  if (at < 0) throw new XmlProblem(`a "${marker}" is missing`);
  return at + marker.length;
}

/** XML's white space: space, tab, line feed, carriage return. */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** A start tag from its "<": attribute values may hold ">", so quotes are followed. */
function startTag(text: string, at: number): Tag {
  const n = text.length;
  let i = at + 1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 0x3e /* > */ || c === 0x2f /* / */) break;
  }
  const name = text.slice(at + 1, i);
  if (name === "") throw new XmlProblem("a tag has no name");
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) throw new XmlProblem(`the tag <${name}> is not closed`);
    const c = text.charCodeAt(i);
    if (c === 0x3e) return { kind: "open", name, start: at, end: i + 1 };
    if (c === 0x2f && text.charCodeAt(i + 1) === 0x3e) return { kind: "empty", name, start: at, end: i + 2 };
    const eq = text.indexOf("=", i);
    if (eq < 0) throw new XmlProblem(`an attribute of <${name}> has no value`);
    let q = eq + 1;
    while (q < n && isSpace(text.charCodeAt(q))) q++;
    const quote = text[q];
    if (quote !== '"' && quote !== "'") throw new XmlProblem(`an attribute of <${name}> is not quoted`);
    const close = text.indexOf(quote, q + 1);
    if (close < 0) throw new XmlProblem(`an attribute of <${name}> is not closed`);
    i = close + 1;
  }
}

/** The element whose start tag is `open`, found by following nesting to its end tag. */
function elementFrom(text: string, open: Tag): Span {
  const tag = text.slice(open.start, open.end);
  const base = { name: open.name, local: localOf(open.name), start: open.start, openEnd: open.end, tag };
  if (open.kind === "empty") return { ...base, closeStart: open.end, end: open.end, selfClosing: true };
  let depth = 1;
  let at = open.end;
  for (;;) {
    const t = nextTag(text, at);
    if (t === undefined) throw new XmlProblem(`<${open.name}> is not closed`);
    if (t.kind === "open") depth++;
    else if (t.kind === "close" && --depth === 0) {
      if (t.name !== open.name) throw new XmlProblem(`<${open.name}> is closed by </${t.name}>`);
      return { ...base, closeStart: t.start, end: t.end, selfClosing: false };
    }
    at = t.end;
  }
}

/** The document's root element. */
export function rootElement(text: string): Span {
  const t = nextTag(text, 0);
  if (t === undefined || t.kind === "close") throw new XmlProblem("there is no root element");
  return elementFrom(text, t);
}

/** The elements directly inside `parent`, in order. */
export function childElements(text: string, parent: Span): Span[] {
  const found: Span[] = [];
  let at = parent.openEnd;
  for (;;) {
    const t = nextTag(text, at);
    if (t === undefined || t.start >= parent.closeStart) return found;
    if (t.kind === "close") throw new XmlProblem(`</${t.name}> closes nothing inside <${parent.name}>`);
    const child = elementFrom(text, t);
    found.push(child);
    at = child.end;
  }
}

/**
 * Finding a worksheet's last rows without walking all of them: a Ledger of thousands of rows, or
 * the seal, gains rows at its end, and only those rows (and the few before them) are looked at.
 * Each function answers undefined when the text is not as plain as the add-in and Excel write it
 * (a comment or CDATA where it would mislead, a row without its number, rows out of order), and
 * the caller then walks the whole part as before.
 */

/** Whether a stretch of text holds nothing a quick search could mistake for markup. */
const plain = (text: string, from: number, to: number): boolean => {
  const part = text.slice(from, to);
  return !part.includes("<!--") && !part.includes("<![CDATA[");
};

/** The root element, its end tag found from the end of the text. */
export function rootQuick(text: string): Span | undefined {
  const open = nextTag(text, 0);
  if (open === undefined || open.kind !== "open") return undefined;
  const closing = `</${open.name}>`;
  const closeStart = text.lastIndexOf(closing);
  if (closeStart < open.end || text.slice(closeStart + closing.length).trim() !== "") return undefined;
  return {
    name: open.name,
    local: localOf(open.name),
    start: open.start,
    openEnd: open.end,
    tag: text.slice(open.start, open.end),
    closeStart,
    end: closeStart + closing.length,
    selfClosing: false,
  };
}

/** A worksheet's sheetData, found by the small elements before it and its end tag from the root's end. */
export function sheetDataQuick(text: string, root: Span): Span | undefined {
  let at = root.openEnd;
  for (;;) {
    const t = nextTag(text, at);
    if (t === undefined || t.start >= root.closeStart || t.kind === "close") return undefined;
    if (localOf(t.name) !== "sheetData") {
      at = elementFrom(text, t).end;
      continue;
    }
    const tag = text.slice(t.start, t.end);
    const base = { name: t.name, local: "sheetData", start: t.start, openEnd: t.end, tag };
    if (t.kind === "empty") return { ...base, closeStart: t.end, end: t.end, selfClosing: true };
    const closing = `</${t.name}>`;
    const closeStart = text.lastIndexOf(closing, root.closeStart);
    if (closeStart < t.end || !plain(text, closeStart, root.closeStart)) return undefined;
    return { ...base, closeStart, end: closeStart + closing.length, selfClosing: false };
  }
}

/** Where a row element's number is, in its start tag. */
const ROW_NUMBER = /\sr\s*=\s*["'](\d+)["']/;

/**
 * The rows of `sheetData` numbered `from` or more, in order, found from its end, and where they
 * begin (the end of the last row numbered below `from`, or the start of the rows).
 */
export function rowsFromEnd(text: string, sheetData: Span, from: number): { at: number; rows: { span: Span; row: number }[] } | undefined {
  if (sheetData.selfClosing) return { at: sheetData.openEnd, rows: [] };
  const open = `<${sheetData.name.includes(":") ? `${sheetData.name.slice(0, sheetData.name.indexOf(":"))}:` : ""}row`;
  const rows: { span: Span; row: number }[] = [];
  let end = sheetData.closeStart;
  for (;;) {
    const start = text.lastIndexOf(open, end - 1);
    if (start < sheetData.openEnd) return text.slice(sheetData.openEnd, end).trim() === "" ? { at: sheetData.openEnd, rows } : undefined;
    const after = text[start + open.length];
    if (after !== " " && after !== ">" && after !== "/" && after !== "\t" && after !== "\n" && after !== "\r") return undefined;
    let span: Span;
    try {
      const tag = startTag(text, start);
      span = elementFrom(text, tag);
    } catch {
      return undefined;
    }
    // Only space between this row and the one after it (or the end of sheetData), and nothing in it a search could mistake.
    if (span.end > end || text.slice(span.end, end).trim() !== "" || !plain(text, span.start, span.end)) return undefined;
    const number = ROW_NUMBER.exec(span.tag);
    const row = number === null ? NaN : Number(number[1]);
    const next = rows[0]?.row;
    if (!Number.isInteger(row) || (next !== undefined && row >= next)) return undefined;
    if (row < from) return { at: span.end, rows };
    rows.unshift({ span, row });
    end = span.start;
  }
}

/** The first element with this local name among `parent`'s children that come before `before` (its small first children, not its rows). */
export function childBefore(text: string, parent: Span, before: Span, local: string): Span | undefined {
  let at = parent.openEnd;
  for (;;) {
    const t = nextTag(text, at);
    if (t === undefined || t.start >= before.start || t.kind === "close") return undefined;
    const span = elementFrom(text, t);
    if (span.local === local) return span;
    at = span.end;
  }
}

/** The first row element of `sheetData` numbered `row` or more, found from its start, with its number; undefined when rows lack their numbers. */
export function rowFromStart(text: string, sheetData: Span, row: number): { span: Span; row: number } | undefined {
  let at = sheetData.openEnd;
  for (;;) {
    const t = nextTag(text, at);
    if (t === undefined || t.start >= sheetData.closeStart || t.kind === "close") return undefined;
    const span = elementFrom(text, t);
    const number = ROW_NUMBER.exec(span.tag);
    if (span.local !== "row" || number === null) return undefined;
    if (Number(number[1]) >= row) return { span, row: Number(number[1]) };
    at = span.end;
  }
}

/** The first element directly inside `parent` with this local name. */
export function child(text: string, parent: Span, local: string): Span | undefined {
  return childElements(text, parent).find((c) => c.local === local);
}

/** The elements directly inside `parent` with this local name. */
export function childrenNamed(text: string, parent: Span, local: string): Span[] {
  return childElements(text, parent).filter((c) => c.local === local);
}

/** Applies edits (which must not overlap) to a text. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new XmlProblem("two edits of one part overlap");
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * Inserts `inner` as the last content of an element. An element written as one empty tag
 * (`<sheets/>`) is opened up into a start and an end tag.
 */
export function appendInside(span: Span, inner: string): Edit {
  if (!span.selfClosing) return { start: span.closeStart, end: span.closeStart, text: inner };
  const open = span.tag.replace(/\s*\/>$/, ">");
  return { start: span.start, end: span.end, text: `${open}${inner}</${span.name}>` };
}

/**
 * Inserts a new child into a parent whose children come in a fixed order (as the schema says):
 * just before the first existing child that must come after it, else at the end.
 */
export function insertChild(text: string, parent: Span, order: readonly string[], local: string, xml: string): Edit {
  if (parent.selfClosing) return appendInside(parent, xml);
  const rank = order.indexOf(local);
  const after = childElements(text, parent).find((c) => order.indexOf(c.local) > rank);
  const at = after === undefined ? parent.closeStart : after.start;
  return { start: at, end: at, text: xml };
}

const UTF8 = new TextEncoder();

/** A part's bytes as text: UTF-8, or UTF-16 when it starts with a byte order mark. */
export function decodePart(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}

/** A changed part as UTF-8 bytes; its XML declaration, if any, says so. */
export function encodePart(text: string): Uint8Array {
  const fixed = text.replace(/^(\s*<\?xml[^?]*?encoding\s*=\s*)(["'])[^"']*\2/, "$1$2UTF-8$2");
  return UTF8.encode(fixed);
}
