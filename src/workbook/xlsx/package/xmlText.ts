/**
 * The text inside a part's XML: an element's prefix and namespaces, attributes read and set, a
 * text's entities decoded, and text escaped for an element or an attribute as Excel writes it.
 */
/** An element's place in a part's text. */
export interface Span {
  /** its qualified name, as written ("x:row" or "row") */
  readonly name: string;
  /** its name without prefix */
  readonly local: string;
  /** where its start tag begins */
  readonly start: number;
  /** just after its start tag */
  readonly openEnd: number;
  /** the start tag's text */
  readonly tag: string;
  /** where its end tag begins (= openEnd for an empty element) */
  readonly closeStart: number;
  /** just after its end tag */
  readonly end: number;
  readonly selfClosing: boolean;
}

/** A qualified name without its prefix: "x:row" is "row". */
export const localOf = (name: string): string => name.slice(name.indexOf(":") + 1);

/** The prefix an element was written with, "" for none. */
export function prefixOf(span: Span): string {
  const colon = span.name.indexOf(":");
  return colon < 0 ? "" : span.name.slice(0, colon);
}

/** A name with the prefix the surrounding document uses for its main namespace. */
export function qualified(prefix: string, local: string): string {
  return prefix === "" ? local : `${prefix}:${local}`;
}

/**
 * Each attribute of a start tag in order: its qualified name and where its value stands, the
 * value not decoded. Decoding waits until a value is asked for, and decodes that one only: a tag
 * may hold megabytes in one attribute (the add-in's settings), and looking up its neighbour must
 * not cost a decoding of it.
 */
function* rawAttributes(tag: string): Generator<{ name: string; start: number; valueStart: number; valueEnd: number; end: number }> {
  const n = tag.length;
  let i = 1;
  while (i < n && !isSpace(tag.charCodeAt(i)) && tag[i] !== "/" && tag[i] !== ">") i++;
  for (;;) {
    while (i < n && isSpace(tag.charCodeAt(i))) i++;
    if (i >= n || tag[i] === ">" || tag[i] === "/") return;
    const eq = tag.indexOf("=", i);
    if (eq < 0) return;
    const name = tag.slice(i, eq).trim();
    let q = eq + 1;
    while (q < n && isSpace(tag.charCodeAt(q))) q++;
    const quote = tag[q];
    if (quote !== '"' && quote !== "'") return;
    const close = tag.indexOf(quote, q + 1);
    if (close < 0) return;
    yield { name, start: i, valueStart: q + 1, valueEnd: close, end: close + 1 };
    i = close + 1;
  }
}

/** XML's white space: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Every attribute of a start tag by its qualified name, values decoded. */
export function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const a of rawAttributes(tag)) found.set(a.name, decodeEntities(tag.slice(a.valueStart, a.valueEnd)));
  return found;
}

/** One attribute of a start tag (decoded), by qualified name: only its own value is decoded. */
export function attr(tag: string, name: string): string | undefined {
  let found: { valueStart: number; valueEnd: number } | undefined;
  // The last one written wins, as a Map of them all would have it.
  for (const a of rawAttributes(tag)) if (a.name === name) found = a;
  return found === undefined ? undefined : decodeEntities(tag.slice(found.valueStart, found.valueEnd));
}

/** How many characters an attribute's value takes in the tag, before decoding; undefined when it has none. */
export function attrLength(tag: string, name: string): number | undefined {
  let length: number | undefined;
  for (const a of rawAttributes(tag)) if (a.name === name) length = a.valueEnd - a.valueStart;
  return length;
}

/** One attribute by local name, whatever its prefix (for r:id written as r:id or as ns1:id). */
export function attrLocal(tag: string, local: string): string | undefined {
  for (const a of rawAttributes(tag)) if (localOf(a.name) === local && a.name.includes(":")) return decodeEntities(tag.slice(a.valueStart, a.valueEnd));
  return undefined;
}

/** Where one attribute sits in a start tag: the whole `name="value"` stretch. */
function attrRange(tag: string, name: string): { start: number; end: number } | undefined {
  for (const a of rawAttributes(tag)) if (a.name === name) return { start: a.start, end: a.end };
  return undefined;
}

/** The start tag with one attribute set: changed where it stands, or added at the end. */
export function setAttr(tag: string, name: string, value: string): string {
  const written = `${name}="${escapeAttr(value)}"`;
  const at = attrRange(tag, name);
  if (at !== undefined) return tag.slice(0, at.start) + written + tag.slice(at.end);
  const close = tag.endsWith("/>") ? tag.length - 2 : tag.length - 1;
  const before = tag.slice(0, close).replace(/\s+$/, "");
  return `${before} ${written}${tag.slice(close)}`;
}

/** The start tag without one attribute. */
export function removeAttr(tag: string, name: string): string {
  const at = attrRange(tag, name);
  if (at === undefined) return tag;
  return tag.slice(0, at.start).replace(/\s+$/, "") + tag.slice(at.end);
}

/** The decoded text directly inside an element (character data and CDATA; nested tags ignored). */
export function textOf(text: string, span: Span): string {
  const inner = text.slice(span.openEnd, span.closeStart);
  let out = "";
  let i = 0;
  while (i < inner.length) {
    const lt = inner.indexOf("<", i);
    const stop = lt < 0 ? inner.length : lt;
    out += decodeEntities(inner.slice(i, stop));
    if (lt < 0) break;
    if (inner.startsWith("<![CDATA[", lt)) {
      const close = inner.indexOf("]]>", lt);
      out += inner.slice(lt + 9, close < 0 ? inner.length : close);
      i = close < 0 ? inner.length : close + 3;
    } else {
      const close = inner.indexOf(">", lt);
      i = close < 0 ? inner.length : close + 1;
    }
  }
  return out;
}

/** The declared namespace of a prefix ("" for the default) on one start tag, if declared there. */
export function namespaceOn(tag: string, prefix: string): string | undefined {
  return attr(tag, prefix === "" ? "xmlns" : `xmlns:${prefix}`);
}

/** The prefix a start tag declares for a namespace, if any ("" for a default declaration). */
export function prefixFor(tag: string, uri: string): string | undefined {
  for (const a of rawAttributes(tag)) {
    if (a.name !== "xmlns" && !a.name.startsWith("xmlns:")) continue;
    if (decodeEntities(tag.slice(a.valueStart, a.valueEnd)) !== uri) continue;
    return a.name === "xmlns" ? "" : a.name.slice(6);
  }
  return undefined;
}

/** The most characters between "&" and ";" of a reference read as one ("#x0010FFFF" and a few zeros more). */
const LONGEST_REFERENCE = 12;

/**
 * What to do with "&" that starts no reference XML knows: leave it as written (a lenient reading
 * of text already checked), or refuse the text, saying why (the scanner's strict reading).
 */
export type Unknown = "keep" | ((why: string) => never);

/**
 * A text with its entities and character references decoded, in one pass from left to right, the
 * characters written into one buffer: no regular expression, no string made per reference, so a
 * text of millions of references costs one reading of it. An unknown entity or a reference past
 * Unicode stays as written.
 */
export function decodeEntities(s: string): string {
  return decodeReferences(s, "keep");
}

/** decodeEntities, with what to do about an "&" that starts no known reference. */
export function decodeReferences(s: string, unknown: Unknown, allowed: (code: number) => boolean = () => true): string {
  let amp = s.indexOf("&");
  if (amp < 0) return s;
  // Never longer than the text: every reference is longer than the character it stands for.
  const out = new Uint16Array(s.length);
  let o = 0;
  let at = 0;
  while (amp >= 0) {
    for (let k = at; k < amp; k++) out[o++] = s.charCodeAt(k);
    // A reference is short: its ";" is looked for among the next few characters only.
    let semi = -1;
    for (let k = amp + 1, stop = Math.min(s.length, amp + 2 + LONGEST_REFERENCE); k < stop; k++)
      if (s.charCodeAt(k) === 0x3b /* ; */) {
        semi = k;
        break;
      }
    const code = semi < 0 ? -1 : referenceCode(s, amp + 1, semi);
    if (code < 0 || !allowed(code)) {
      if (unknown !== "keep") {
        if (semi < 0 && s.indexOf(";", amp) < 0) unknown("a bare & (write &amp;)");
        unknown(`an unknown entity &${s.slice(amp + 1, semi < 0 ? amp + 21 : semi).slice(0, 20)};`);
      }
      // Not a reference: the "&" stays, and the search goes on after it.
      out[o++] = 0x26;
      at = amp + 1;
    } else {
      if (code > 0xffff) {
        out[o++] = 0xd800 + ((code - 0x10000) >> 10);
        out[o++] = 0xdc00 + ((code - 0x10000) & 0x3ff);
      } else out[o++] = code;
      at = semi + 1;
    }
    amp = s.indexOf("&", at);
  }
  for (let k = at; k < s.length; k++) out[o++] = s.charCodeAt(k);
  return stringOf(out, o);
}

/** The first `length` code units of a buffer as a string, in slices small enough to pass as arguments. */
function stringOf(units: Uint16Array, length: number): string {
  const SLICE = 8192;
  if (length <= SLICE) return String.fromCharCode(...units.subarray(0, length));
  const pieces: string[] = [];
  for (let k = 0; k < length; k += SLICE) pieces.push(String.fromCharCode(...units.subarray(k, Math.min(length, k + SLICE))));
  return pieces.join("");
}

/** The code point a reference between "&" and ";" stands for (s[from..to)), or -1 when it is none. */
function referenceCode(s: string, from: number, to: number): number {
  const length = to - from;
  if (s.charCodeAt(from) !== 0x23 /* # */) {
    // The five entities XML names, told apart without slicing the text.
    if (length === 4 && s.startsWith("quot", from)) return 0x22;
    if (length === 3 && s.startsWith("amp", from)) return 0x26;
    if (length === 2 && s.startsWith("lt", from)) return 0x3c;
    if (length === 2 && s.startsWith("gt", from)) return 0x3e;
    if (length === 4 && s.startsWith("apos", from)) return 0x27;
    return -1;
  }
  const hex = s.charCodeAt(from + 1) === 0x78; /* x */
  let n = 0;
  let digits = 0;
  for (let k = from + (hex ? 2 : 1); k < to; k++, digits++) {
    const c = s.charCodeAt(k);
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : hex && c >= 0x61 && c <= 0x66 ? c - 0x57 : hex && c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (d < 0) return -1;
    n = n * (hex ? 16 : 10) + d;
  }
  return digits > 0 && n <= 0x10ffff ? n : -1;
}

/**
 * Text with every character XML 1.0 forbids taken out: control characters other than tab and
 * line breaks, unpaired surrogate halves, and U+FFFE/U+FFFF. Such a character in a part makes
 * Excel refuse the whole file.
 */
export function xmlSafe(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}

/** Text for character data: legal characters only, markup characters escaped. */
export function escapeText(s: string): string {
  return xmlSafe(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text for a double-quoted attribute value; line breaks and tabs kept as references so they survive. */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

/**
 * Spreadsheet text as Excel reads it back: Excel turns "_x0041_" in a cell into "A", so a literal
 * "_xHHHH_" is written with its underscore escaped ("_x005F_"), and the text reads back as typed.
 */
export function excelString(s: string): string {
  return s.replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1");
}
