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

/** Every attribute of a start tag by its qualified name, values decoded. */
export function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = /([^\s=<>/]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  const nameEnd = tag.search(/[\s/>]/);
  re.lastIndex = nameEnd < 0 ? tag.length : nameEnd;
  for (let m = re.exec(tag); m !== null; m = re.exec(tag)) found.set(m[1] as string, decodeEntities(m[3] ?? m[4] ?? ""));
  return found;
}

/** One attribute of a start tag (decoded), by qualified name. */
export function attr(tag: string, name: string): string | undefined {
  return attributes(tag).get(name);
}

/** One attribute by local name, whatever its prefix (for r:id written as r:id or as ns1:id). */
export function attrLocal(tag: string, local: string): string | undefined {
  for (const [name, value] of attributes(tag)) if (localOf(name) === local && name.includes(":")) return value;
  return undefined;
}

/** Where one attribute sits in a start tag: the whole `name="value"` stretch. */
function attrRange(tag: string, name: string): { start: number; end: number } | undefined {
  const re = /([^\s=<>/]+)\s*=\s*("[^"]*"|'[^']*')/g;
  const nameEnd = tag.search(/[\s/>]/);
  re.lastIndex = nameEnd < 0 ? tag.length : nameEnd;
  for (let m = re.exec(tag); m !== null; m = re.exec(tag)) if (m[1] === name) return { start: m.index, end: m.index + m[0].length };
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
  for (const [name, value] of attributes(tag)) {
    if (value !== uri) continue;
    if (name === "xmlns") return "";
    if (name.startsWith("xmlns:")) return name.slice(6);
  }
  return undefined;
}

const NAMED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith("#x")) return safeCodePoint(parseInt(body.slice(2), 16), whole);
    if (body.startsWith("#")) return safeCodePoint(parseInt(body.slice(1), 10), whole);
    return NAMED[body] ?? whole;
  });
}

function safeCodePoint(n: number, fallback: string): string {
  return Number.isFinite(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;
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
