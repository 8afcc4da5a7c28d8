/**
 * The add-in's settings as a workbook file keeps them: Excel saves what an add-in stores with
 * `workbook.settings` in the add-in's web extension part (xl/webextensions/webextensionN.xml),
 * one `<we:property name="…" value="…"/>` each, the value written as JSON (a text setting as a
 * JSON string). The command line reads them for the journal (read/journal.ts), and writes the
 * journal's marks when it finishes or takes back an action that stopped inside Excel. Every other
 * property, and every other part, stays as it was.
 */
import { copyParts } from "./zip";
import {
  appendInside,
  attr,
  attrLength,
  childElements,
  decodePart,
  encodePart,
  escapeAttr,
  prefixOf,
  qualified,
  rootElement,
  setAttr,
  applyEdits,
  type Edit,
} from "./xml";
import { XmlProblem } from "./xml";

/** A web extension part, by the name Excel gives it. */
export const WEB_EXTENSION = /^xl\/webextensions\/webextension\d*\.xml$/i;

export interface AddinSetting {
  readonly key: string;
  /** the setting as the add-in stored it: its text for a text setting, JSON otherwise ("" when it is too large to read) */
  readonly value: string;
  /** the part it is in */
  readonly part: string;
  /** how many characters its value takes in the part, when that is more than any setting the add-in writes: its value is then not read */
  readonly tooLarge?: number;
}

/**
 * The most characters a setting's value may take in the part, as the file holds it (entities
 * not yet decoded), to be read: the add-in's records are a few kilobytes, and Excel carries at
 * most a few megabytes in the request that writes one. A larger value is not decoded nor parsed,
 * so a file whose settings hold megabytes costs no more than reading past them.
 */
export const SETTING_TEXT_CHARS = 16_000_000;

/** The most characters of a setting's name to be read: the add-in's keys are a few dozen; a longer name is no key of its. */
const SETTING_NAME_CHARS = 1_000;

/** A property's value as the add-in stored it. */
function settingValue(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : json;
  } catch {
    return json;
  }
}

interface Property {
  /** its name, decoded; undefined when it is longer than any key of the add-in's */
  readonly name: string | undefined;
  /** the characters its value takes in the part */
  readonly valueChars: number;
  readonly start: number;
  readonly end: number;
  readonly tag: string;
}

/**
 * The properties of one web extension part: its `properties` element and each property in it.
 * Names are decoded, values are not: each value is decoded once, when it is read.
 */
function propertiesOf(text: string): { list?: ReturnType<typeof childElements>[number]; items: Property[] } {
  const root = rootElement(text);
  const list = childElements(text, root).find((e) => e.local === "properties");
  if (list === undefined) return { items: [] };
  const items = childElements(text, list)
    .filter((e) => e.local === "property")
    .map((e) => {
      const nameChars = attrLength(e.tag, "name") ?? 0;
      return {
        name: nameChars > SETTING_NAME_CHARS ? undefined : (attr(e.tag, "name") ?? ""),
        valueChars: attrLength(e.tag, "value") ?? 0,
        start: e.start,
        end: e.end,
        tag: e.tag,
      };
    });
  return { list, items };
}

/**
 * Every add-in setting the file's web extension parts hold; a part that is not well-formed is
 * passed over, and so is a property whose name is longer than any key. A value longer than
 * SETTING_TEXT_CHARS is not read: the setting says how large it is instead.
 */
export function readAddinSettings(parts: ReadonlyMap<string, Uint8Array>): AddinSetting[] {
  const out: AddinSetting[] = [];
  for (const part of parts.keys()) {
    if (!WEB_EXTENSION.test(part)) continue;
    const bytes = parts.get(part) as Uint8Array;
    try {
      for (const p of propertiesOf(decodePart(bytes)).items) {
        if (p.name === undefined) continue;
        if (p.valueChars > SETTING_TEXT_CHARS) out.push({ key: p.name, value: "", part, tooLarge: p.valueChars });
        else out.push({ key: p.name, value: settingValue(attr(p.tag, "value") ?? ""), part });
      }
    } catch (e) {
      if (!(e instanceof XmlProblem)) throw e;
    }
  }
  return out;
}

/**
 * The edits that set settings (a value) or remove them (null) in a part's text: a property
 * changed where it stands, a new one at the end of the list. `part` holds the add-in's own settings.
 */
function settingEdits(text: string, changes: ReadonlyMap<string, string | null>): Edit[] {
  const { list, items } = propertiesOf(text);
  if (list === undefined) throw new XmlProblem("the add-in's settings part has no list of properties");
  const edits: Edit[] = [];
  const seen = new Set<string>();
  for (const p of items) {
    if (p.name === undefined || !changes.has(p.name)) continue;
    seen.add(p.name);
    const value = changes.get(p.name);
    edits.push({ start: p.start, end: p.end, text: value === null || value === undefined ? "" : setAttr(p.tag, "value", JSON.stringify(value)) });
  }
  const tag = qualified(prefixOf(list), "property");
  const added = [...changes]
    .filter(([key, value]) => !seen.has(key) && value !== null)
    .map(([key, value]) => `<${tag} name="${escapeAttr(key)}" value="${escapeAttr(JSON.stringify(value))}"/>`);
  if (added.length > 0) edits.push(appendInside(list, added.join("")));
  return edits;
}

/** The part's new text with settings set (a value) or removed (null). */
export function withAddinSettings(text: string, changes: ReadonlyMap<string, string | null>): string {
  return applyEdits(text, settingEdits(text, changes));
}

const UTF8 = new TextEncoder();

/** Bytes with edits (whose places are byte offsets: the text is one byte a character) spliced in. */
function spliceBytes(bytes: Uint8Array, edits: readonly Edit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new XmlProblem("two edits of one part overlap");
    pieces.push(bytes.subarray(at, e.start), UTF8.encode(e.text));
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

/** The package's parts with settings changed in `part`; every other part the same bytes. */
export function writeAddinSettings(parts: ReadonlyMap<string, Uint8Array>, part: string, changes: ReadonlyMap<string, string | null>): Map<string, Uint8Array> {
  const out = copyParts(parts);
  const bytes = parts.get(part);
  if (bytes === undefined) throw new XmlProblem(`the add-in's settings part ${part} is missing`);
  const text = decodePart(bytes);
  const edits = settingEdits(text, changes);
  // A part of plain ASCII declared as UTF-8 (as Excel writes the add-in's settings) has one byte a
  // character: the edits go into its bytes, and a part of megabytes is not built and encoded again.
  const declared = /^\s*<\?xml[^?>]*?encoding\s*=\s*["']([^"']*)["']/.exec(text.slice(0, 200))?.[1];
  const ascii = bytes.length === text.length && bytes[0] !== 0xff && bytes[0] !== 0xfe && (declared === undefined || declared.toLowerCase() === "utf-8");
  out.set(part, ascii ? spliceBytes(bytes, edits) : encodePart(applyEdits(text, edits)));
  return out;
}
