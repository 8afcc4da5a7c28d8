/**
 * Reading the XML parts of an .xlsx package (for read.ts): a streaming scan (xmlScanner.ts) that
 * never holds a whole part as one string, part names, and the relationships between parts.
 */
import { findPart, resolveTarget } from "./parts";
import { NotXml, XmlScanner } from "./xmlScanner";
import { FileProblem, type Package } from "./zip";

export type Attributes = Readonly<Record<string, string>>;

/** What a parse reports; element names come without their namespace prefix ("x:row" → "row"). */
/** Plain functions, not methods: parseXml calls them on their own, never on the object. */
export interface XmlHandlers {
  readonly open?: (name: string, attributes: Attributes) => void;
  readonly text?: (text: string) => void;
  readonly close?: (name: string) => void;
}

/** The text is decoded and parsed a megabyte at a time, so a 200 MB sheet never becomes one string. */
const CHUNK = 1 << 20;

/** How deep elements may nest in a part: a sheet's cells lie five deep, rich text a little deeper. */
const MAX_DEPTH = 100;

/** An attribute by its name without prefix: "r:id", "id" or any other prefix for "id". */
export function attribute(attributes: Attributes, name: string): string | undefined {
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  const suffix = `:${name}`;
  for (const key of Object.keys(attributes)) if (key.endsWith(suffix)) return attributes[key];
  return undefined;
}

/** OOXML writes characters XML cannot hold as _xHHHH_ (a line break in a header is _x000a_). */
export function unescapeOoxml(text: string): string {
  return text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** Excel writes UTF-8; a byte-order mark says when a part was written as UTF-16 instead. */
function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return "utf-8";
}

/**
 * Parses one part, calling the handlers as elements open and close. A part that is not
 * well-formed XML is a damaged file, said in a sentence; an error thrown by a handler is passed
 * on unchanged.
 */
export function parseXml(partName: string, bytes: Uint8Array, handlers: XmlHandlers): void {
  const { open, text, close } = handlers;
  // Element names come without their prefix; a handler left out costs nothing.
  const scanner = new XmlScanner(
    { open: open ?? (() => undefined), text: text ?? (() => undefined), close: close ?? (() => undefined), local: true },
    // Excel nests a few elements deep; a part nested thousands deep would only grow the stack of names.
    MAX_DEPTH,
    () =>
      new FileProblem(
        `The workbook is damaged: its part ${partName} nests elements over ${MAX_DEPTH} deep, which Excel never does. Open it in Excel or LibreOffice, save it again, and try again.`,
      ),
  );
  const encoding = encodingOf(bytes);
  const decoder = new TextDecoder(encoding);
  try {
    for (let i = 0; i < bytes.length;) {
      let end = Math.min(i + CHUNK, bytes.length);
      // A UTF-8 piece is cut just after a ">" (a byte no other character's bytes hold): it then
      // ends with a tag, nearly always, and the scanner has nothing left over to copy in front of
      // the next piece.
      if (encoding === "utf-8" && end < bytes.length) {
        const gt = bytes.lastIndexOf(0x3e, end - 1);
        if (gt >= i) end = gt + 1;
      }
      scanner.write(decoder.decode(bytes.subarray(i, end), { stream: true }));
      i = end;
    }
    const rest = decoder.decode();
    if (rest !== "") scanner.write(rest);
    scanner.end();
  } catch (e) {
    // Only the scanner's own refusal means the XML is damaged: a handler's error (a FileProblem, or a bug) passes as it is.
    if (!(e instanceof NotXml)) throw e;
    throw new FileProblem(
      `The workbook is damaged: its part ${partName} is not readable XML (${e.message.slice(0, 200)}). Open it in Excel or LibreOffice, save it again, and try again.`,
    );
  }
}

/** A part's bytes by name; part names are case-insensitive, so a differently-cased name is found too. */
export function getPart(pkg: Package, name: string): Uint8Array | undefined {
  const found = findPart(pkg.parts, name);
  return found === undefined ? undefined : pkg.parts.get(found);
}

export interface Relationship {
  readonly id: string;
  /** the last word of the relationship's type: "worksheet", "table", "sharedStrings", "styles" … */
  readonly kind: string;
  /** the part it points at, as a name in the package */
  readonly part: string;
}

/** The relationships of a part (from its _rels/….rels part), leaving out links to outside the file. */
export function readRelationships(pkg: Package, partName: string): Relationship[] {
  const slash = partName.lastIndexOf("/");
  const relsName = `${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`;
  const bytes = getPart(pkg, relsName);
  if (bytes === undefined) return [];
  const found: Relationship[] = [];
  parseXml(relsName, bytes, {
    open(name, attrs) {
      if (name !== "Relationship" || attrs["TargetMode"] === "External") return;
      const { Id: id, Type: type, Target: target } = attrs;
      if (id === undefined || type === undefined || target === undefined) return;
      found.push({ id, kind: type.slice(type.lastIndexOf("/") + 1), part: resolveTarget(partName, target) });
    },
  });
  return found;
}
