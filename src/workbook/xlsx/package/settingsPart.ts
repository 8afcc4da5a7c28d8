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
  return Buffer.concat(pieces);
}

/** The most characters between a reference's "&" and its ";": "#x10FFFF" and "quot" are shorter. */
const LONGEST_REFERENCE = 12;

/**
 * An attribute's value decoded from the bytes start..end: its entities and character references
 * decoded in one pass into one buffer of UTF-8, the runs between them copied as they are, then
 * made text once (a value of sixteen million characters costs a few copies, not a string per
 * reference). As decodeEntities reads text: an unknown entity or a reference past Unicode stays
 * as written; a reference to half of a surrogate pair, which UTF-8 cannot hold, reads as U+FFFD.
 */
export function decodeValue(bytes: Uint8Array, start: number, end: number): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let amp = b.indexOf(0x26, start);
  if (amp < 0 || amp >= end) return b.toString("utf8", start, end);
  // Never longer than the value: every reference takes more bytes than the character it stands for.
  const out = Buffer.allocUnsafe(end - start);
  let o = 0;
  let at = start;
  while (amp >= 0 && amp < end) {
    // A short run is copied byte by byte: a call to copy costs more than a few bytes do.
    if (amp - at > 32) o += b.copy(out, o, at, amp);
    else for (let k = at; k < amp; k++) out[o++] = b[k] as number;
    let semi = -1;
    for (let k = amp + 1, stop = Math.min(end, amp + 2 + LONGEST_REFERENCE); k < stop; k++)
      if (b[k] === 0x3b /* ; */) {
        semi = k;
        break;
      }
    const code = semi < 0 ? -1 : referenceCode(b, amp + 1, semi);
    if (code < 0) {
      out[o++] = 0x26;
      at = amp + 1;
    } else {
      o = writeUtf8(out, o, code);
      at = semi + 1;
    }
    amp = b.indexOf(0x26, at);
  }
  if (at < end) o += b.copy(out, o, at, end);
  return out.toString("utf8", 0, o);
}

/** A code point written as UTF-8 at `o`; where the next byte goes. */
function writeUtf8(out: Buffer, o: number, code: number): number {
  let c = code;
  if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
  if (c < 0x80) out[o++] = c;
  else if (c < 0x800) {
    out[o++] = 0xc0 | (c >> 6);
    out[o++] = 0x80 | (c & 0x3f);
  } else if (c < 0x10000) {
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 0x3f);
    out[o++] = 0x80 | (c & 0x3f);
  } else {
    out[o++] = 0xf0 | (c >> 18);
    out[o++] = 0x80 | ((c >> 12) & 0x3f);
    out[o++] = 0x80 | ((c >> 6) & 0x3f);
    out[o++] = 0x80 | (c & 0x3f);
  }
  return o;
}

/** The code point a reference between "&" and ";" stands for (bytes from..to), or -1 when it is none. */
function referenceCode(b: Buffer, from: number, to: number): number {
  const length = to - from;
  if (b[from] !== 0x23 /* # */) {
    // The five entities XML names, told apart without making a string of each.
    const at = (text: string) => {
      if (length !== text.length) return false;
      for (let i = 0; i < length; i++) if (b[from + i] !== text.charCodeAt(i)) return false;
      return true;
    };
    if (b[from] === 0x71 && at("quot")) return 0x22;
    if (b[from] === 0x61) return at("amp") ? 0x26 : at("apos") ? 0x27 : -1;
    if (b[from] === 0x6c && at("lt")) return 0x3c;
    if (b[from] === 0x67 && at("gt")) return 0x3e;
    return -1;
  }
  const hex = b[from + 1] === 0x78; /* x */
  let n = 0;
  let digits = 0;
  for (let k = from + (hex ? 2 : 1); k < to; k++, digits++) {
    const c = b[k] as number;
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : hex && c >= 0x61 && c <= 0x66 ? c - 0x57 : hex && c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (d < 0) return -1;
    n = n * (hex ? 16 : 10) + d;
  }
  return digits > 0 && n <= 0x10ffff ? n : -1;
}
