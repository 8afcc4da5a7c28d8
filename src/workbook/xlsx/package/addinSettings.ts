/**
 * The add-in's settings as a workbook file keeps them: Excel saves what an add-in stores with
 * `workbook.settings` in the add-in's web extension part (xl/webextensions/webextensionN.xml),
 * one `<we:property name="…" value="…"/>` each, the value written as JSON (a text setting as a
 * JSON string). The command line reads them for the journal (read/journal.ts), and writes the
 * journal's marks when it finishes or takes back an action that stopped inside Excel. Every other
 * property, and every other part, stays as it was.
 */
import { copyParts } from "./zip";
import { appendInside, attr, childElements, decodePart, encodePart, escapeAttr, prefixOf, qualified, rootElement, setAttr, applyEdits, type Edit } from "./xml";
import { XmlProblem } from "./xml";

/** A web extension part, by the name Excel gives it. */
export const WEB_EXTENSION = /^xl\/webextensions\/webextension\d*\.xml$/i;

export interface AddinSetting {
  readonly key: string;
  /** the setting as the add-in stored it: its text for a text setting, JSON otherwise */
  readonly value: string;
  /** the part it is in */
  readonly part: string;
}

/** A property's value as the add-in stored it. */
function settingValue(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : json;
  } catch {
    return json;
  }
}

/** The properties of one web extension part: its `properties` element and each property in it. */
function propertiesOf(text: string): {
  list?: ReturnType<typeof childElements>[number];
  items: { name: string; value: string; start: number; end: number; tag: string }[];
} {
  const root = rootElement(text);
  const list = childElements(text, root).find((e) => e.local === "properties");
  if (list === undefined) return { items: [] };
  const items = childElements(text, list)
    .filter((e) => e.local === "property")
    .map((e) => ({ name: attr(e.tag, "name") ?? "", value: attr(e.tag, "value") ?? "", start: e.start, end: e.end, tag: e.tag }));
  return { list, items };
}

/** Every add-in setting the file's web extension parts hold; a part that is not well-formed is passed over. */
export function readAddinSettings(parts: ReadonlyMap<string, Uint8Array>): AddinSetting[] {
  const out: AddinSetting[] = [];
  for (const part of parts.keys()) {
    if (!WEB_EXTENSION.test(part)) continue;
    const bytes = parts.get(part) as Uint8Array;
    try {
      for (const p of propertiesOf(decodePart(bytes)).items) out.push({ key: p.name, value: settingValue(p.value), part });
    } catch (e) {
      if (!(e instanceof XmlProblem)) throw e;
    }
  }
  return out;
}

/**
 * The part's new text with settings set (a value) or removed (null): a property changed where it
 * stands, a new one at the end of the list. `part` holds the add-in's own settings.
 */
export function withAddinSettings(text: string, changes: ReadonlyMap<string, string | null>): string {
  const { list, items } = propertiesOf(text);
  if (list === undefined) throw new XmlProblem("the add-in's settings part has no list of properties");
  const edits: Edit[] = [];
  const seen = new Set<string>();
  for (const p of items) {
    if (!changes.has(p.name)) continue;
    seen.add(p.name);
    const value = changes.get(p.name);
    edits.push({ start: p.start, end: p.end, text: value === null || value === undefined ? "" : setAttr(p.tag, "value", JSON.stringify(value)) });
  }
  const tag = qualified(prefixOf(list), "property");
  const added = [...changes]
    .filter(([key, value]) => !seen.has(key) && value !== null)
    .map(([key, value]) => `<${tag} name="${escapeAttr(key)}" value="${escapeAttr(JSON.stringify(value))}"/>`);
  if (added.length > 0) edits.push(appendInside(list, added.join("")));
  return applyEdits(text, edits);
}

/** The package's parts with settings changed in `part`; every other part the same bytes. */
export function writeAddinSettings(parts: ReadonlyMap<string, Uint8Array>, part: string, changes: ReadonlyMap<string, string | null>): Map<string, Uint8Array> {
  const out = copyParts(parts);
  const bytes = parts.get(part);
  if (bytes === undefined) throw new XmlProblem(`the add-in's settings part ${part} is missing`);
  out.set(part, encodePart(withAddinSettings(decodePart(bytes), changes)));
  return out;
}
