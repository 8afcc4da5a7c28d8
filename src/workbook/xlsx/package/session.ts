/**
 * One package being edited, as both writers see it (the century end's, write.ts, and the table
 * edits', edits.ts): the parts as they came in, each decoded once; the parts changed or made since,
 * as text; relationships and content types; the workbook part and its sheets; and the new set of
 * parts, in which a part nobody changed is the very same Uint8Array that came in.
 */
import { CONTENT_TYPE, CONTENT_TYPES, ContentTypes, findPart, REL_TYPE, Relationships, relsPathOf } from "./parts";
import {
  attr,
  attrLocal,
  child,
  childElements,
  decodePart,
  encodePart,
  insertChild,
  prefixOf,
  qualified,
  rootElement,
  setAttr,
  XmlProblem,
  type Edit,
  type Span,
} from "./xml";
import { FileProblem, PartMap } from "./zip";

/** The order of a workbook part's children, as the schema fixes it. */
export const WORKBOOK_ORDER = [
  "fileVersion",
  "fileSharing",
  "workbookPr",
  "workbookProtection",
  "bookViews",
  "sheets",
  "functionGroups",
  "externalReferences",
  "definedNames",
  "calcPr",
  "oleSize",
  "customWorkbookViews",
  "pivotCaches",
  "smartTagPr",
  "smartTagTypes",
  "webPublishing",
  "fileRecoveryPr",
  "webPublishObjects",
  "extLst",
];

/** A sheet as the workbook part lists it. */
export interface SheetEntry {
  readonly name: string;
  readonly sheetId: number;
  readonly relId: string;
  /** its place in the sheet list (what a defined name's localSheetId counts) */
  readonly index: number;
}

/** A part's name, its text, and its root element. */
export interface XmlPart {
  readonly part: string;
  readonly text: string;
  readonly root: Span;
}

/**
 * Runs a writer and says in the gamemaster's terms what stopped it: a part it must edit that is
 * not well-formed XML, or an error of one of the kinds `plain`, whose message already says it.
 */
export function explained<T>(write: () => T, ...plain: (new (...args: never[]) => Error)[]): T {
  try {
    return write();
  } catch (e) {
    if (e instanceof XmlProblem) throw new FileProblem(`The workbook is damaged inside (${e.message}). Open it in Excel and save it again, then try again.`);
    if (e instanceof Error && plain.some((kind) => e instanceof kind)) throw new FileProblem(e.message);
    throw e;
  }
}

/** The edit of the workbook part that asks for a full recalculation when the workbook opens. */
export function recalculationOnOpen(text: string, root: Span): Edit {
  const calc = child(text, root, "calcPr");
  if (calc === undefined) return insertChild(text, root, WORKBOOK_ORDER, "calcPr", `<${qualified(prefixOf(root), "calcPr")} fullCalcOnLoad="1"/>`);
  return { start: calc.start, end: calc.openEnd, text: setAttr(calc.tag, "fullCalcOnLoad", "1") };
}

/** A sheet the workbook lists with no part behind it. */
const noContent = (sheet: string): FileProblem =>
  new FileProblem(`The sheet "${sheet}" has no content in the file: open the workbook in Excel and save it again.`);

export class PackageSession {
  /** parts whose text we changed or made, by name */
  private readonly texts = new Map<string, string>();
  /** parts as they came in, decoded when first read */
  private readonly decoded = new Map<string, string>();
  /** new parts, in the order they were made */
  readonly added: string[] = [];
  readonly removed = new Set<string>();
  private readonly relationships = new Map<string, Relationships>();
  private types: ContentTypes | undefined;
  private main: XmlPart | undefined;
  private list: { span: Span | undefined } | undefined;
  private entries: SheetEntry[] | undefined;
  private byName: Map<string, string> | undefined;

  constructor(readonly parts: ReadonlyMap<string, Uint8Array>) {}

  // ---- parts ----

  /** A part's text as it now stands (changed or made, or as it came in). */
  read(part: string): string | undefined {
    return this.texts.get(part) ?? this.original(part);
  }

  /** A part's text as it came in. */
  private original(part: string): string | undefined {
    let text = this.decoded.get(part);
    if (text === undefined) {
      const bytes = this.parts.get(part);
      if (bytes === undefined) return undefined;
      text = decodePart(bytes);
      this.decoded.set(part, text);
    }
    return text;
  }

  setText(part: string, text: string): void {
    this.texts.set(part, text);
  }

  /** A new part, with its content type. */
  create(part: string, text: string, contentType: string): void {
    this.texts.set(part, text);
    this.added.push(part);
    this.contentTypes.override(part, contentType);
  }

  /** `prefixN.ext` with the smallest N no part (old or new) has, compared ignoring case. */
  newPartName(prefix: string, ext: string): string {
    const taken = new Set([...this.parts.keys(), ...this.added].map((n) => n.toLowerCase()));
    for (let n = 1; ; n++) {
      const name = `${prefix}${n}${ext}`;
      if (!taken.has(name.toLowerCase())) return name;
    }
  }

  /** The new set of parts: the package's in their order (changed ones encoded, removed ones gone), then the new ones. */
  result(): Map<string, Uint8Array> {
    const list: [string, Uint8Array | undefined][] = [];
    for (const name of this.parts.keys()) {
      if (this.removed.has(name)) continue;
      const text = this.texts.get(name);
      // A part nobody changed stays as it came in: not even unpacked when nobody read it.
      list.push([name, text === undefined ? undefined : encodePart(text)]);
    }
    for (const name of this.added) if (!this.removed.has(name)) list.push([name, encodePart(this.texts.get(name) as string)]);
    if (this.parts instanceof PartMap) return this.parts.with(list);
    return new Map(list.map(([name, bytes]) => [name, bytes ?? (this.parts.get(name) as Uint8Array)]));
  }

  // ---- relationships and content types ----

  /** A part's relationships (the package's own for ""), read once. */
  rels(source: string): Relationships {
    let rels = this.relationships.get(source);
    if (rels === undefined) {
      const path = findPart(this.parts, relsPathOf(source));
      const text = path === undefined || this.removed.has(path) ? undefined : this.read(path);
      rels = new Relationships(source, text);
      this.relationships.set(source, rels);
    }
    return rels;
  }

  /** A rewritten part loses its relationships: what hung off its old content does not belong to the new. */
  dropRels(part: string): void {
    const rels = findPart(this.parts, relsPathOf(part));
    if (rels !== undefined) this.removed.add(rels);
    this.relationships.delete(part);
  }

  /** Refuses a package without [Content_Types].xml: reading it is the check. */
  checkContentTypes(): void {
    if (this.types === undefined) this.types = this.readContentTypes();
  }

  /** [Content_Types].xml, read when first wanted (table edits never change it). */
  get contentTypes(): ContentTypes {
    this.checkContentTypes();
    return this.types as ContentTypes;
  }

  private readContentTypes(): ContentTypes {
    const text = this.read(CONTENT_TYPES);
    if (text === undefined) throw new FileProblem("The workbook has no [Content_Types].xml part: it is not a complete Excel workbook.");
    return new ContentTypes(text);
  }

  /** The bookkeeping written last: every changed relationships part, parts left unreached dropped, content types. */
  saveBookkeeping(): void {
    for (const [source, rels] of this.relationships) {
      if (!rels.changed) continue;
      const path = relsPathOf(source);
      const existing = findPart(this.parts, path);
      // A rewritten part's relationships were dropped; new ones of its new content take their place.
      if (existing !== undefined) this.removed.delete(existing);
      if (existing === undefined && !this.texts.has(path)) {
        this.added.push(path);
        if (!this.contentTypes.hasDefault("rels")) this.contentTypes.override(path, CONTENT_TYPE.relationships);
      }
      this.texts.set(existing ?? path, rels.toXml());
    }
    this.collectOrphans();
    if (this.contentTypes.changed) this.texts.set(CONTENT_TYPES, this.contentTypes.toXml());
  }

  /**
   * Parts that only our removed relationships led to (calcChain, and what hung off a rewritten
   * generated sheet) go too, with their own relationships and content types. A part nothing
   * pointed at before stays: it is not ours to judge.
   */
  private collectOrphans(): void {
    const before = this.reachable((part) => this.original(part));
    const after = this.reachable((part) => (this.removed.has(part) ? undefined : this.read(part)));
    for (const part of before) {
      if (after.has(part) || !this.parts.has(part)) continue;
      this.removed.add(part);
      this.contentTypes.remove(part);
      const rels = findPart(this.parts, relsPathOf(part));
      if (rels !== undefined) {
        this.removed.add(rels);
        this.contentTypes.remove(rels);
      }
    }
    for (const part of this.removed) this.contentTypes.remove(part);
  }

  /** Every part reached from the package's root through relationships, reading .rels parts with `read`. */
  private reachable(read: (part: string) => string | undefined): Set<string> {
    const seen = new Set<string>();
    const queue = [""];
    while (queue.length > 0) {
      const source = queue.pop() as string;
      const relsPath = findPart(this.parts, relsPathOf(source)) ?? relsPathOf(source);
      const text = read(relsPath);
      if (text === undefined) continue;
      let rels: Relationships;
      try {
        rels = new Relationships(source, text);
      } catch {
        continue; // a damaged .rels part of someone else's: leave what it leads to alone
      }
      for (const rel of rels.list) {
        if (rel.external) continue;
        const part = findPart(this.parts, rel.part) ?? rel.part;
        if (seen.has(part)) continue;
        seen.add(part);
        queue.push(part);
      }
    }
    return seen;
  }

  // ---- the workbook part and its sheets ----

  /** The workbook part as it came in, found through the package's relationships. */
  get workbook(): XmlPart {
    if (this.main === undefined) {
      const office = this.rels("").ofType(REL_TYPE.officeDocument)[0];
      const part = office === undefined ? undefined : findPart(this.parts, office.part);
      if (part === undefined) throw new FileProblem("The workbook's main part could not be found: open it in Excel and save it again.");
      const text = this.read(part) as string;
      this.main = { part, text, root: rootElement(text) };
    }
    return this.main;
  }

  /** The workbook part's sheet list, if it has one. */
  get sheetList(): Span | undefined {
    if (this.list === undefined) {
      const { text, root } = this.workbook;
      this.list = { span: child(text, root, "sheets") };
    }
    return this.list.span;
  }

  /** The sheets as the workbook lists them (none without a sheet list); a writer appends the sheets it adds. */
  get sheets(): SheetEntry[] {
    if (this.entries === undefined) {
      const list = this.sheetList;
      const text = this.workbook.text;
      this.entries = (list === undefined ? [] : childElements(text, list))
        .filter((s) => s.local === "sheet")
        .map((s, index) => ({ name: attr(s.tag, "name") ?? "", sheetId: Number(attr(s.tag, "sheetId")) || 0, relId: attrLocal(s.tag, "id") ?? "", index }));
    }
    return this.entries;
  }

  /** A sheet by name, ignoring case as Excel does. */
  findSheet(name: string): SheetEntry | undefined {
    const key = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === key);
  }

  /** The worksheet part behind a sheet; a chart sheet of the same name cannot be written over. */
  sheetPart(sheet: SheetEntry): string {
    const behind = this.partBehind(sheet);
    if (behind === undefined) throw noContent(sheet.name);
    if (!behind.worksheet) throw new FileProblem(`"${sheet.name}" is a chart sheet or another kind of sheet, not a worksheet. Rename it, then try again.`);
    return behind.part;
  }

  /** Every worksheet part with content, by its sheet's name in lower case (of two names alike, the later). */
  worksheets(): ReadonlyMap<string, string> {
    if (this.byName === undefined) {
      const byName = new Map<string, string>();
      const list = this.sheetList;
      const rels = this.rels(this.workbook.part);
      for (const sheet of list === undefined ? [] : this.sheets) {
        const behind = this.partBehind(sheet, rels);
        if (behind?.worksheet === true) byName.set(sheet.name.toLowerCase(), behind.part);
      }
      this.byName = byName;
    }
    return this.byName;
  }

  /** The worksheet part of the sheet with this name. */
  worksheet(name: string): string {
    const part = this.worksheets().get(name.toLowerCase());
    if (part === undefined) throw noContent(name);
    return part;
  }

  /** The part behind a listed sheet (one in the package, or one made since), and whether it is a worksheet. */
  private partBehind(sheet: SheetEntry, rels = this.rels(this.workbook.part)): { part: string; worksheet: boolean } | undefined {
    const rel = rels.byId(sheet.relId);
    const part = rel === undefined || rel.external ? undefined : (findPart(this.parts, rel.part) ?? (this.texts.has(rel.part) ? rel.part : undefined));
    return rel === undefined || part === undefined ? undefined : { part, worksheet: rel.type.endsWith("/worksheet") };
  }
}
