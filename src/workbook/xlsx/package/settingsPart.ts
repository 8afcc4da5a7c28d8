/**
 * The add-in's settings part (a web extension part) read from its bytes, in one pass, without
 * making a string of the whole part: a value may take megabytes, and a part of a workbook under a
 * megabyte may unpack to 200 MB. Markup is ASCII and a value can never hold "<", so tags are
 * found by searching bytes; a value is only measured (where its quotes stand), and decoded later,
 * when it is read and small enough. The places found are byte offsets, so an edit is spliced into
 * the bytes: the rest of the part is never built again.
 */
import { XmlProblem } from "./xml";

/** An attribute of a start tag: its name and where its value stands between its quotes. */
export interface ByteAttr {
  readonly name: string;
  /** where `name="value"` begins */
  readonly start: number;
  readonly valueStart: number;
  readonly valueEnd: number;
  /** the quote it is written with: " or ' */
  readonly quote: string;
}

/** An element found in the bytes: where its tags stand, and its start tag's attributes. */
export interface ByteElement {
  readonly name: string;
  readonly start: number;
  readonly openEnd: number;
  /** where its end tag begins (= openEnd for an empty element) */
  closeStart: number;
  end: number;
  readonly selfClosing: boolean;
  readonly attrs: readonly ByteAttr[];
}

/** The list of properties of a settings part, and each property in it, in order. */
export interface SettingsLayout {
  readonly list?: ByteElement;
  readonly properties: readonly ByteElement[];
}

/** The longest name (of an element or attribute) read: the part's are a few dozen characters. */
const NAME_BYTES = 1_000;
/** How deep elements may nest: the part Excel writes nests four deep. */
const DEPTH = 100;
/** How many tags a settings part may hold: a few per setting, and the add-in keeps hundreds of settings at most. */
const TAGS = 2_000_000;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;

const isSpace = (c: number | undefined): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

const localOf = (name: string): string => name.slice(name.indexOf(":") + 1);

/** A short name's bytes as text; a longer one is no name of this part's. */
function nameAt(b: Buffer, start: number, end: number): string {
  if (end - start > NAME_BYTES) throw new XmlProblem("a name in the add-in's settings is too long");
  return b.toString("utf8", start, end).trim();
}

function skipPast(b: Buffer, from: number, marker: string): number {
  const at = b.indexOf(marker, from, "latin1");
  if (at < 0) throw new XmlProblem(`a "${marker}" is missing`);
  return at + marker.length;
}

type Tag = { kind: "open" | "empty"; element: ByteElement } | { kind: "close"; name: string; start: number; end: number };

/** The next start or end tag at or after `from`, past comments, CDATA and processing instructions. */
function nextTag(b: Buffer, from: number): Tag | undefined {
  let i = b.indexOf(LT, from);
  while (i >= 0) {
    const next = b[i + 1];
    if (next === BANG && b[i + 2] === 0x2d && b[i + 3] === 0x2d) i = skipPast(b, i + 4, "-->");
    else if (next === BANG && b.toString("latin1", i, i + 9) === "<![CDATA[") i = skipPast(b, i + 9, "]]>");
    else if (next === QUESTION) i = skipPast(b, i + 2, "?>");
    else if (next === BANG) i = skipPast(b, i + 2, ">");
    else if (next === SLASH) {
      const close = b.indexOf(GT, i);
      if (close < 0) throw new XmlProblem("an end tag is not closed");
      return { kind: "close", name: nameAt(b, i + 2, close), start: i, end: close + 1 };
    } else return startTag(b, i);
    i = b.indexOf(LT, i);
  }
  return undefined;
}

/** A start tag from its "<", its attributes measured, not decoded. */
function startTag(b: Buffer, at: number): Tag {
  const n = b.length;
  let i = at + 1;
  while (i < n && i - at <= NAME_BYTES && !isSpace(b[i]) && b[i] !== GT && b[i] !== SLASH) i++;
  const name = nameAt(b, at + 1, i);
  if (name === "") throw new XmlProblem("a tag has no name");
  const attrs: ByteAttr[] = [];
  for (;;) {
    while (i < n && isSpace(b[i])) i++;
    if (i >= n) throw new XmlProblem(`the tag <${name}> is not closed`);
    const c = b[i];
    const element = (selfClosing: boolean, end: number): ByteElement => ({ name, start: at, openEnd: end, closeStart: end, end, selfClosing, attrs });
    if (c === GT) return { kind: "open", element: element(false, i + 1) };
    if (c === SLASH && b[i + 1] === GT) return { kind: "empty", element: element(true, i + 2) };
    const eq = b.indexOf(EQUALS, i);
    if (eq < 0) throw new XmlProblem(`an attribute of <${name}> has no value`);
    let q = eq + 1;
    while (q < n && isSpace(b[q])) q++;
    const quote = b[q];
    if (quote !== 0x22 && quote !== 0x27) throw new XmlProblem(`an attribute of <${name}> is not quoted`);
    const close = b.indexOf(quote, q + 1);
    if (close < 0) throw new XmlProblem(`an attribute of <${name}> is not closed`);
    attrs.push({ name: nameAt(b, i, eq), start: i, valueStart: q + 1, valueEnd: close, quote: String.fromCharCode(quote) });
    i = close + 1;
  }
}

/** The layout, once nothing but comments and processing instructions follows the root element. */
function ended(b: Buffer, at: number, layout: SettingsLayout): SettingsLayout {
  if (nextTag(b, at) !== undefined) throw new XmlProblem("there is a second root element");
  return layout;
}

/**
 * The root's list of properties and the properties in it, found in one pass over the part's
 * bytes (UTF-8): every element is followed to its end tag, so a part that is not well-formed, or
 * nests or holds more than any settings part, is refused (XmlProblem) as a whole.
 */
export function settingsLayout(bytes: Uint8Array): SettingsLayout {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open: ByteElement[] = [];
  const properties: ByteElement[] = [];
  let list: ByteElement | undefined;
  let rooted = false;
  let at = 0;
  for (let count = 0; ; count++) {
    if (count > TAGS) throw new XmlProblem("the add-in's settings hold more elements than it ever writes");
    const t = nextTag(b, at);
    if (t === undefined) {
      if (!rooted) throw new XmlProblem("there is no root element");
      throw new XmlProblem(`<${open[open.length - 1]?.name ?? "?"}> is not closed`);
    }
    if (t.kind === "close") {
      const top = open.pop();
      if (top === undefined) throw new XmlProblem(`</${t.name}> closes nothing`);
      if (t.name !== top.name) throw new XmlProblem(`<${top.name}> is closed by </${t.name}>`);
      top.closeStart = t.start;
      top.end = t.end;
      at = t.end;
      if (open.length === 0) return ended(b, at, { ...(list === undefined ? {} : { list }), properties });
      continue;
    }
    const e = t.element;
    rooted = true;
    // The list is the root's first child named properties; its properties, the ones directly inside it.
    if (open.length === 1 && list === undefined && localOf(e.name) === "properties") list = e;
    else if (open.length === 2 && open[1] === list && localOf(e.name) === "property") properties.push(e);
    if (t.kind === "empty") {
      if (open.length === 0) return ended(b, e.openEnd, { properties });
    } else {
      if (open.length >= DEPTH) throw new XmlProblem(`elements nest over ${DEPTH} deep`);
      open.push(e);
    }
    at = e.openEnd;
  }
}

/** An edit of a part's bytes: start..end replaced by `text`, as UTF-8. */
export interface ByteEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Bytes with edits spliced in; every other byte as it was. */
export function spliceBytes(bytes: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new XmlProblem("two edits of one part overlap");
    pieces.push(bytes.subarray(at, e.start), Buffer.from(e.text, "utf8"));
    at = e.end;
  }
  pieces.push(bytes.subarray(at));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of pieces) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
