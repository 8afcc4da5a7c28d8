/**
 * A streaming XML scanner for the parts of a workbook: start tags with their attributes, text and
 * end tags, in order, the text of a part fed a piece at a time. Written for speed on large sheets
 * (a Ledger of ten thousand rows, a Deaths log of a million) with string searches rather than a
 * character-by-character state machine, it still refuses what is not well-formed XML: a tag not
 * closed or closed by another name, a second root element, text outside the root, an attribute
 * twice or unquoted or holding "<", an unknown entity or a bare "&", a character XML forbids, a
 * document type declaration. Line breaks are normalised as XML says (CR LF and CR become LF; in an
 * attribute value every literal line break and tab becomes a space). Namespaces are not resolved:
 * names keep their prefix.
 */

import { decodeReferences } from "./xmlText";

export type Attributes = Readonly<Record<string, string>>;

/** What a scan reports; with `local`, element names come without their prefix ("x:row" → "row"). */
export interface ScanHandlers {
  readonly open: (name: string, attributes: Attributes) => void;
  readonly text: (text: string) => void;
  readonly close: (name: string) => void;
  readonly local?: boolean;
}

/** Why the text is not well-formed XML, in a few words. */
export class NotXml extends Error {}

/** Characters XML 1.0 does not allow anywhere (literal or by reference). */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** What in a stretch of text needs a closer look: an entity, a line break to normalise, "]]>", a character XML forbids. */
const TEXT_SPECIAL = /[&\r\]\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** Characters that cannot be in a name, by code (below 128; what white space and "/" ">" end is checked where they end it). */
const NAME_STOP = new Uint8Array(128);
for (const ch of "<&\"'=!?") NAME_STOP[ch.charCodeAt(0)] = 1;

/** A character XML allows by reference: not NUL, not half of a surrogate pair, none it forbids. */
function allowedByReference(code: number): boolean {
  if (code < 1 || (code >= 0xd800 && code <= 0xdfff)) return false;
  return !(code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : code === 0xfffe || code === 0xffff);
}

/** Text with its references decoded; an unknown entity or a bare "&" is no XML. */
const decode = (text: string): string => decodeReferences(text, fail, allowedByReference);

/** The attributes of a tag that has none. */
const NONE: Attributes = Object.freeze({});

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** A scan of one document, fed text in pieces; `end` says it is all there. */
export class XmlScanner {
  private pending = "";
  /** pieces that came while what was left over waits for more text */
  private readonly waiting: string[] = [];
  private waitingLength = 0;
  /** how long the text left over must grow to before it is scanned again */
  private retryAt = 0;
  private readonly stack: string[] = [];
  /** the names reported for the open elements (without prefix, when asked) */
  private readonly reported: string[] = [];
  private rootSeen = false;
  /** a CR at the end of the last piece of text, whose LF may come with the next */
  private lastCr = false;
  /** the last two characters of text since the last tag */
  private textTail = "";

  constructor(
    private readonly handlers: ScanHandlers,
    private readonly maxDepth: number,
    private readonly tooDeep: () => Error,
  ) {}

  write(piece: string): void {
    if (this.pending !== "") {
      // A tag, comment or CDATA section longer than a piece (an attribute of megabytes) is
      // scanned again only once the text after its start has doubled: scanning it again at every
      // piece would cost the square of its length.
      this.waiting.push(piece);
      this.waitingLength += piece.length;
      if (this.pending.length + this.waitingLength < this.retryAt) return;
    }
    // What was left over is joined to the pieces, not added with +: V8 keeps `a + b` as a pair of
    // strings, and every character read from a pair goes through it, a cost on each of a large
    // sheet's millions of reads; join copies them into one string.
    const text = this.pending === "" ? piece : [this.pending, ...this.waiting].join("");
    this.waiting.length = 0;
    this.waitingLength = 0;
    this.pending = text.slice(this.scan(text, false));
    this.retryAt = 2 * this.pending.length;
  }

  end(): void {
    if (this.waiting.length > 0) this.pending = [this.pending, ...this.waiting].join("");
    this.waiting.length = 0;
    const done = this.scan(this.pending, true);
    if (done < this.pending.length) throw new NotXml("the text ends inside a tag");
    if (this.stack.length > 0) throw new NotXml(`<${this.stack[this.stack.length - 1] ?? ""}> is not closed`);
    if (!this.rootSeen) throw new NotXml("there is no root element");
  }

  /** Reports text; `cut` when it is the end of a piece of text, which the next piece may go on from. */
  private emitText(raw: string, cut = false): void {
    if (raw === "") return;
    if (this.stack.length === 0) {
      if (raw.trim() !== "") throw new NotXml("text outside the root element");
      return;
    }
    if (!this.lastCr && this.textTail === "" && !TEXT_SPECIAL.test(raw)) {
      // Plain text, as nearly all of a sheet's is. Its end is kept only where the next piece may
      // go on from it: a tag after it starts afresh.
      if (cut) this.textTail = raw.slice(-2);
      this.handlers.text(raw);
      return;
    }
    if (FORBIDDEN.test(raw)) throw new NotXml("a character XML does not allow");
    // "]]>" may not stand in text, even cut between two pieces.
    if ((this.textTail + raw).includes("]]>")) throw new NotXml('"]]>" in text');
    this.textTail = raw.slice(-2);
    let text = raw;
    if (this.lastCr && text.charCodeAt(0) === 0x0a) text = text.slice(1);
    this.lastCr = text.charCodeAt(text.length - 1) === 0x0d;
    if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
    if (text !== "") this.handlers.text(text.includes("&") ? decode(text) : text);
  }

  /** Scans what it can of `s`; how far it got (the rest waits for more text, unless `final`). */
  private scan(s: string, final: boolean): number {
    let at = 0;
    const n = s.length;
    while (at < n) {
      const lt = s.indexOf("<", at);
      if (lt < 0) {
        // Text up to the end: an entity cut in two waits for the rest.
        if (final) {
          this.emitText(s.slice(at));
          return n;
        }
        const amp = s.lastIndexOf("&");
        const cut = amp >= at && s.indexOf(";", amp) < 0 ? amp : n;
        this.emitText(s.slice(at, cut), true);
        return cut;
      }
      if (lt > at) this.emitText(s.slice(at, lt));
      this.lastCr = false;
      this.textTail = "";
      const next = s.charCodeAt(lt + 1);
      if (Number.isNaN(next)) return final ? fail("the text ends inside a tag") : lt;
      if (next === 0x21 /* ! */) {
        if (s.startsWith("<!--", lt)) {
          const close = s.indexOf("-->", lt + 4);
          if (close < 0) return final ? fail("a comment is not closed") : lt;
          at = close + 3;
          continue;
        }
        if (s.startsWith("<![CDATA[", lt)) {
          const close = s.indexOf("]]>", lt + 9);
          if (close < 0) return final ? fail("a CDATA section is not closed") : lt;
          if (this.stack.length === 0) fail("CDATA outside the root element");
          const data = s.slice(lt + 9, close);
          if (FORBIDDEN.test(data)) fail("a character XML does not allow");
          if (data !== "") this.handlers.text(data.includes("\r") ? data.replace(/\r\n?/g, "\n") : data);
          at = close + 3;
          continue;
        }
        if (n - lt < 9 && !final) return lt;
        return fail(s.startsWith("<!DOCTYPE", lt) ? "a document type declaration" : "a declaration XML does not allow here");
      }
      if (next === 0x3f /* ? */) {
        const close = s.indexOf("?>", lt + 2);
        if (close < 0) return final ? fail("a processing instruction is not closed") : lt;
        at = close + 2;
        continue;
      }
      if (next === 0x2f /* / */) {
        // The end tag of the element open: its name, then perhaps space, then ">".
        const open = this.stack[this.stack.length - 1];
        let close = -1;
        if (open !== undefined && s.startsWith(open, lt + 2)) {
          let j = lt + 2 + open.length;
          while (j < n && isSpace(s.charCodeAt(j))) j++;
          if (j < n && s.charCodeAt(j) === 0x3e) close = j;
          else if (j >= n && !final) return lt;
        }
        if (close < 0) {
          const end = s.indexOf(">", lt + 2);
          if (end < 0) return final ? fail("an end tag is not closed") : lt;
          const name = s.slice(lt + 2, end).trimEnd();
          return fail(open === undefined ? `</${name.slice(0, 40)}> closes nothing` : `<${open}> is closed by </${name.slice(0, 40)}>`);
        }
        this.stack.pop();
        this.handlers.close(this.reported.pop() as string);
        at = close + 1;
        continue;
      }
      const end = this.startTag(s, lt, final);
      if (end < 0) return lt;
      at = end;
    }
    return n;
  }

  /** A start tag at `lt`: its end, or -1 when the text stops inside it. */
  private startTag(s: string, lt: number, final: boolean): number {
    const n = s.length;
    let i = lt + 1;
    let improper = false;
    let colon = -1;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (isSpace(c) || c === 0x3e /* > */ || c === 0x2f /* / */) break;
      if (NAME_STOP[c] === 1) improper = true;
      if (c === 0x3a /* : */ && colon < 0) colon = i;
      i++;
    }
    if (i >= n) return final ? fail("the text ends inside a tag") : -1;
    const name = s.slice(lt + 1, i);
    if (improper || name === "") fail(`a tag with no proper name (<${name.slice(0, 40)})`);
    const shown = colon < 0 || this.handlers.local !== true ? name : s.slice(colon + 1, i);
    // A tag without attributes, as most of a sheet's are: no object of its own.
    const c0 = s.charCodeAt(i);
    if (c0 === 0x3e /* > */) {
      this.begin(name, shown, NONE, false);
      return i + 1;
    }
    const attributes: Record<string, string> = {};
    // the first attribute cannot be there twice: nothing to look up
    let first = true;
    for (;;) {
      const spaced = i < n && isSpace(s.charCodeAt(i));
      while (i < n && isSpace(s.charCodeAt(i))) i++;
      if (i >= n) return final ? fail(`<${name}> is not closed`) : -1;
      const c = s.charCodeAt(i);
      if (c === 0x3e /* > */) {
        this.begin(name, shown, attributes, false);
        return i + 1;
      }
      if (c === 0x2f /* / */) {
        if (i + 1 >= n) return final ? fail(`<${name}> is not closed`) : -1;
        if (s.charCodeAt(i + 1) !== 0x3e) fail(`a "/" inside <${name}>`);
        this.begin(name, shown, attributes, true);
        return i + 2;
      }
      if (!spaced) fail(`no space between attributes of <${name}>`);
      // The attribute's name, up to "=" (with space before it, perhaps).
      const from = i;
      let bad = false;
      while (i < n) {
        const k = s.charCodeAt(i);
        if (k === 0x3d /* = */ || isSpace(k)) break;
        if (NAME_STOP[k] === 1 || k === 0x3e || k === 0x2f) bad = true;
        i++;
      }
      const key = s.slice(from, i);
      while (i < n && isSpace(s.charCodeAt(i))) i++;
      if (i >= n) return final ? fail(`<${name}> is not closed`) : -1;
      if (s.charCodeAt(i) !== 0x3d) fail(`an attribute of <${name}> has no value`);
      if (bad || key === "") fail(`an attribute of <${name}> has no proper name`);
      const eq = i;
      let q = eq + 1;
      while (q < n && isSpace(s.charCodeAt(q))) q++;
      if (q >= n) return final ? fail(`<${name}> is not closed`) : -1;
      const quote = s[q];
      if (quote !== '"' && quote !== "'") fail(`an attribute of <${name}> is not quoted`);
      const code = s.charCodeAt(q);
      let close = q + 1;
      // Up to the closing quote, noting on the way what needs a closer look: "<", an entity,
      // white space to normalise, a character XML forbids (all below U+0020, or U+FFFE, U+FFFF).
      let special = false;
      for (; close < n; close++) {
        const k = s.charCodeAt(close);
        if (k === code) break;
        if (k < 0x20 || k === 0x3c /* < */ || k === 0x26 /* & */ || k >= 0xfffe) special = true;
      }
      if (close >= n) return final ? fail(`an attribute of <${name}> is not closed`) : -1;
      let value = s.slice(q + 1, close);
      if (special) {
        if (value.includes("<")) fail(`"<" in an attribute of <${name}>`);
        if (FORBIDDEN.test(value)) fail("a character XML does not allow");
        if (/[\t\n\r]/.test(value)) value = value.replace(/\r\n|[\t\n\r]/g, " ");
        if (value.includes("&")) value = decode(value);
      }
      if (!first && Object.prototype.hasOwnProperty.call(attributes, key)) fail(`the attribute ${key.slice(0, 40)} twice in <${name}>`);
      attributes[key] = value;
      first = false;
      i = close + 1;
    }
  }

  private begin(name: string, shown: string, attributes: Attributes, empty: boolean): void {
    if (this.stack.length === 0) {
      if (this.rootSeen) fail("a second root element");
      this.rootSeen = true;
    }
    if (this.stack.length + 1 > this.maxDepth) throw this.tooDeep();
    this.handlers.open(shown, attributes);
    if (empty) this.handlers.close(shown);
    else {
      this.stack.push(name);
      this.reported.push(shown);
    }
  }
}

function fail(why: string): never {
  throw new NotXml(why);
}
