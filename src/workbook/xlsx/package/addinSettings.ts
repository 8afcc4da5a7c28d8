/**
 * The add-in's settings as a workbook file keeps them: Excel saves what an add-in stores with
 * `workbook.settings` in the add-in's web extension part (xl/webextensions/webextensionN.xml),
 * one `<we:property name="…" value="…"/>` each, the value written as JSON (a text setting as a
 * JSON string). The command line reads them for the journal (read/journal.ts), and writes the
 * journal's marks when it finishes or takes back an action that stopped inside Excel. Every other
 * property, and every other part, stays as it was.
 */
import { ASIDE_PREFIX, OP_PREFIX } from "../../read/journal";
import { copyParts } from "./zip";
import { decodePart, encodePart, escapeAttr, XmlProblem } from "./xml";
import { decodeValue, settingsLayout, spliceBytes, type ByteAttr, type ByteEdit, type ByteElement, type SettingsLayout } from "./settingsPart";

/** A web extension part, by the name Excel gives it. */
export const WEB_EXTENSION = /^xl\/webextensions\/webextension\d*\.xml$/i;

export interface AddinSetting {
  readonly key: string;
  /** the setting as the add-in stored it: its text for a text setting, JSON otherwise ("" when it is too large to read) */
  readonly value: string;
  /** the part it is in */
  readonly part: string;
  /** how many bytes its value takes in the part, when that is more than any setting the add-in writes: its value is then not read */
  readonly tooLarge?: number;
  /** not read because the values read before it, with it, would take more than SETTINGS_BUDGET (its size is tooLarge) */
  readonly pastBudget?: boolean;
}

/**
 * The most bytes a setting's value may take in the part, as the file holds it (entities not yet
 * decoded; one byte a character for the add-in's own text), to be read: the add-in's records are a
 * few kilobytes, and Excel carries at most a few megabytes in the request that writes one. A
 * larger value is not decoded nor parsed, only measured, so a file whose settings hold megabytes
 * costs no more than a search through its bytes.
 */
export const SETTING_TEXT_CHARS = 8_000_000;

/**
 * The most bytes of values read from all the settings together: as much as one value may take.
 * Each value is read while it fits (decoding and parsing cost about half a second for each eight
 * million characters); one that does not fit is only measured, so that settings of megabytes
 * each cost no more than one of them.
 */
export const SETTINGS_BUDGET = SETTING_TEXT_CHARS;

/** The most characters of a setting's name to be read: the add-in's keys are a few dozen; a longer name is no key of its. */
const SETTING_NAME_CHARS = 1_000;

/**
 * The most bytes of a settings part written in UTF-16 (Excel writes UTF-8) to be read: it is read
 * as text and written back as UTF-8, so a larger one is passed over, as a part that is not
 * well-formed is.
 */
const UTF16_BYTES = 32 * 1024 * 1024;

/** A settings part as UTF-8 bytes, and where its properties stand in them. */
interface Laid {
  readonly utf8: Uint8Array;
  readonly layout: SettingsLayout;
}

/** Each part's layout, found once however many times the settings are read in one command. */
const laidOut = new WeakMap<Uint8Array, Laid>();

/** Where the properties of a settings part stand (its bytes made UTF-8 first, for a part written in UTF-16). */
function laid(bytes: Uint8Array): Laid {
  const known = laidOut.get(bytes);
  if (known !== undefined) return known;
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16 && bytes.length > UTF16_BYTES) throw new XmlProblem("the add-in's settings part is written in UTF-16 and too large to read");
  const utf8 = utf16 ? encodePart(decodePart(bytes)) : bytes;
  const found = { utf8, layout: settingsLayout(utf8) };
  laidOut.set(bytes, found);
  return found;
}

/** An attribute of an element by name: the last one written, as a reader of all of them would keep. */
function attrOf(e: ByteElement, name: string): ByteAttr | undefined {
  let found: ByteAttr | undefined;
  for (const a of e.attrs) if (a.name === name) found = a;
  return found;
}

/** An attribute's value, decoded. */
const textOf = (utf8: Uint8Array, a: ByteAttr): string => decodeValue(utf8, a.valueStart, a.valueEnd);

/** A property's name, decoded; undefined when it is longer than any key of the add-in's. */
function nameOf(utf8: Uint8Array, e: ByteElement): string | undefined {
  const a = attrOf(e, "name");
  if (a === undefined) return "";
  return a.valueEnd - a.valueStart > SETTING_NAME_CHARS ? undefined : textOf(utf8, a);
}

/** A property's value as the add-in stored it: a text setting is a JSON string, any other value its JSON as written (not parsed here). */
function settingValue(json: string): string {
  const first = /^\s*(.)/.exec(json.slice(0, 64))?.[1];
  if (first !== '"') return json;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : json;
  } catch {
    return json;
  }
}

/** Each part's settings, read once however many times they are asked for in one command, with how much of the budget was left before and after. */
const readOnce = new WeakMap<Uint8Array, { readonly left: number; readonly after: number; readonly settings: Omit<AddinSetting, "part">[] }>();

/**
 * The settings one part holds (none when it is not well-formed), their values read while `left`
 * bytes of the budget remain; and what remains after them.
 */
function settingsIn(bytes: Uint8Array, left: number): { after: number; settings: Omit<AddinSetting, "part">[] } {
  const known = readOnce.get(bytes);
  if (known !== undefined && known.left === left) return known;
  const settings: Omit<AddinSetting, "part">[] = [];
  let after = left;
  try {
    const { utf8, layout } = laid(bytes);
    const named = layout.properties.map((p) => ({ p, key: nameOf(utf8, p) }));
    // A record set aside is never read again: its value is not decoded, and takes none of the budget.
    const aside = new Set(named.flatMap(({ key }) => (key?.startsWith(ASIDE_PREFIX) === true ? [`${OP_PREFIX}${key.slice(ASIDE_PREFIX.length)}`] : [])));
    for (const { p, key } of named) {
      if (key === undefined) continue;
      if (aside.has(key)) {
        settings.push({ key, value: "" });
        continue;
      }
      const value = attrOf(p, "value");
      const size = value === undefined ? 0 : value.valueEnd - value.valueStart;
      if (size > SETTING_TEXT_CHARS) settings.push({ key, value: "", tooLarge: size });
      else if (size > after) settings.push({ key, value: "", tooLarge: size, pastBudget: true });
      else {
        after -= size;
        settings.push({ key, value: settingValue(value === undefined ? "" : textOf(utf8, value)) });
      }
    }
  } catch (e) {
    if (!(e instanceof XmlProblem)) throw e;
  }
  readOnce.set(bytes, { left, after, settings });
  return { after, settings };
}

/**
 * Every add-in setting the file's web extension parts hold; a part that is not well-formed is
 * passed over, and so is a property whose name is longer than any key. A value longer than
 * SETTING_TEXT_CHARS is not read, nor one that would take the values read past SETTINGS_BUDGET:
 * the setting says how large it is instead.
 */
export function readAddinSettings(parts: ReadonlyMap<string, Uint8Array>): AddinSetting[] {
  const out: AddinSetting[] = [];
  let left = SETTINGS_BUDGET;
  for (const part of parts.keys()) {
    if (!WEB_EXTENSION.test(part)) continue;
    const read = settingsIn(parts.get(part) as Uint8Array, left);
    left = read.after;
    for (const s of read.settings) out.push({ ...s, part });
  }
  return out;
}

/** A value written into an attribute quoted with `quote`. */
const quoted = (value: string, quote: string): string => (quote === "'" ? escapeAttr(value).replace(/'/g, "&apos;") : escapeAttr(value));

/**
 * The edits that set settings (a value) or remove them (null) in a part's UTF-8 bytes: a property
 * changed where it stands (its value only), a new one at the end of the list.
 */
function settingEdits(utf8: Uint8Array, layout: SettingsLayout, changes: ReadonlyMap<string, string | null>): ByteEdit[] {
  const { list, properties } = layout;
  if (list === undefined) throw new XmlProblem("the add-in's settings part has no list of properties");
  const edits: ByteEdit[] = [];
  const seen = new Set<string>();
  for (const p of properties) {
    const key = nameOf(utf8, p);
    if (key === undefined || !changes.has(key)) continue;
    seen.add(key);
    const value = changes.get(key);
    const old = attrOf(p, "value");
    if (value === null || value === undefined) edits.push({ start: p.start, end: p.end, text: "" });
    else if (old !== undefined) edits.push({ start: old.valueStart, end: old.valueEnd, text: quoted(JSON.stringify(value), old.quote) });
    else {
      const at = p.openEnd - (p.selfClosing ? 2 : 1);
      edits.push({ start: at, end: at, text: ` value="${escapeAttr(JSON.stringify(value))}"` });
    }
  }
  const colon = list.name.indexOf(":");
  const tag = colon < 0 ? "property" : `${list.name.slice(0, colon)}:property`;
  const added = [...changes]
    .filter(([key, value]) => !seen.has(key) && value !== null)
    .map(([key, value]) => `<${tag} name="${escapeAttr(key)}" value="${escapeAttr(JSON.stringify(value))}"/>`)
    .join("");
  if (added !== "")
    edits.push(
      list.selfClosing
        ? { start: list.openEnd - 2, end: list.openEnd, text: `>${added}</${list.name}>` }
        : { start: list.closeStart, end: list.closeStart, text: added },
    );
  return edits;
}

/**
 * The package's parts with settings changed in `part`; every other part the same bytes. The edits
 * are spliced into the part's bytes (made UTF-8 first when it was written in UTF-16), so a part of
 * megabytes is never built again as text: what it held besides stays byte for byte.
 */
export function writeAddinSettings(parts: ReadonlyMap<string, Uint8Array>, part: string, changes: ReadonlyMap<string, string | null>): Map<string, Uint8Array> {
  const out = copyParts(parts);
  const bytes = parts.get(part);
  if (bytes === undefined) throw new XmlProblem(`the add-in's settings part ${part} is missing`);
  const { utf8, layout } = laid(bytes);
  out.set(part, spliceBytes(utf8, settingEdits(utf8, layout, changes)));
  return out;
}
