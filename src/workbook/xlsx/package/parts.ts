/**
 * The package's own bookkeeping, read and changed as text: part names, relationships
 * (`_rels/*.rels`) and content types (`[Content_Types].xml`).
 */
import { appendInside, applyEdits, attr, childElements, escapeAttr, prefixOf, qualified, rootElement, type Edit } from "./xml";

export const CONTENT_TYPES = "[Content_Types].xml";

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
/** Relationship types, as Transitional Open XML (what Excel, LibreOffice and most libraries write) names them. */
export const REL_TYPE = {
  officeDocument: `${REL}/officeDocument`,
  worksheet: `${REL}/worksheet`,
  styles: `${REL}/styles`,
  table: `${REL}/table`,
  calcChain: `${REL}/calcChain`,
  drawing: `${REL}/drawing`,
  chart: `${REL}/chart`,
} as const;
export const RELATIONSHIPS_NS = REL;

export const CONTENT_TYPE = {
  worksheet: "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml",
  table: "application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml",
  styles: "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml",
  relationships: "application/vnd.openxmlformats-package.relationships+xml",
  drawing: "application/vnd.openxmlformats-officedocument.drawing+xml",
  chart: "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
} as const;

/** The folder of a part, with a trailing slash ("" at the package's root). */
export function folderOf(part: string): string {
  return part.slice(0, part.lastIndexOf("/") + 1);
}

/** The relationships part that belongs to a part: xl/workbook.xml → xl/_rels/workbook.xml.rels. */
export function relsPathOf(part: string): string {
  return `${folderOf(part)}_rels/${part.slice(part.lastIndexOf("/") + 1)}.rels`;
}

/** The part a .rels part belongs to: xl/_rels/workbook.xml.rels → xl/workbook.xml; _rels/.rels → the package. */
export function sourceOfRels(relsPart: string): string | undefined {
  const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(relsPart);
  if (!m) return undefined;
  return `${m[1] ?? ""}${m[2] ?? ""}`;
}

/**
 * A relationship's target as a part name: "/xl/worksheets/sheet1.xml" (from the package's root)
 * and "worksheets/sheet1.xml" or "../comments1.xml" (from the source part's folder) alike.
 */
export function resolveTarget(sourcePart: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A target with a stray "%" is taken as written.
  }
  const joined = decoded.startsWith("/") ? decoded.slice(1) : folderOf(sourcePart) + decoded;
  const out: string[] = [];
  for (const seg of joined.split("/")) {
    if (seg === "..") out.pop();
    else if (seg !== "." && seg !== "") out.push(seg);
  }
  return out.join("/");
}

/** How a source part names a target part: relative to the source's folder, as Excel writes it. */
export function relativeTarget(sourcePart: string, targetPart: string): string {
  const from = folderOf(sourcePart)
    .split("/")
    .filter((s) => s !== "");
  const to = targetPart.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}

/** Finds a part by name, ignoring case as the package format says names are compared. */
export function findPart(parts: ReadonlyMap<string, unknown>, name: string): string | undefined {
  if (parts.has(name)) return name;
  // Every part's name in lower case, made once per set of parts (and again when it changes size):
  // a workbook of hundreds of sheets asks for each one's relationships.
  let index = LOWER.get(parts);
  if (index === undefined || index.size !== parts.size) {
    index = { size: parts.size, names: new Map<string, string>() };
    for (const key of parts.keys()) if (!index.names.has(key.toLowerCase())) index.names.set(key.toLowerCase(), key);
    LOWER.set(parts, index);
  }
  const found = index.names.get(name.toLowerCase());
  return found !== undefined && parts.has(found) ? found : undefined;
}

const LOWER = new WeakMap<ReadonlyMap<string, unknown>, { size: number; names: Map<string, string> }>();

export interface Relationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly external: boolean;
  /** the part it points to (for an internal one) */
  readonly part: string;
  /** where its element sits in the .rels text */
  readonly start: number;
  readonly end: number;
}

/** A relationships part: read once, changed by appending and removing, written back as text. */
export class Relationships {
  readonly list: Relationship[] = [];
  private readonly edits: Edit[] = [];
  private readonly added: string[] = [];
  private changedFlag = false;

  /** `text` undefined: the source part has no relationships yet. */
  constructor(
    readonly source: string,
    private readonly text: string | undefined,
  ) {
    if (text === undefined) return;
    const root = rootElement(text);
    for (const el of childElements(text, root)) {
      if (el.local !== "Relationship") continue;
      const id = attr(el.tag, "Id") ?? "";
      const target = attr(el.tag, "Target") ?? "";
      const external = attr(el.tag, "TargetMode") === "External";
      this.list.push({
        id,
        type: attr(el.tag, "Type") ?? "",
        target,
        external,
        part: external ? "" : resolveTarget(source, target),
        start: el.start,
        end: el.end,
      });
    }
  }

  get changed(): boolean {
    return this.changedFlag;
  }

  /** Internal relationships of a type (compared by its last word, so Strict names match too). */
  ofType(type: string): Relationship[] {
    const word = type.slice(type.lastIndexOf("/"));
    return this.list.filter((r) => !r.external && r.type.endsWith(word));
  }

  byId(id: string): Relationship | undefined {
    return this.list.find((r) => r.id === id);
  }

  /** A new relationship to a part; returns its id, unused so far ("rIdN"). */
  add(type: string, targetPart: string): string {
    const taken = new Set(this.list.map((r) => r.id));
    let n = this.list.length + 1;
    for (const r of this.list) {
      const m = /^rId(\d+)$/.exec(r.id);
      if (m) n = Math.max(n, Number(m[1]) + 1);
    }
    while (taken.has(`rId${n}`)) n++;
    const id = `rId${n}`;
    const target = relativeTarget(this.source, targetPart);
    this.list.push({ id, type, target, external: false, part: targetPart, start: -1, end: -1 });
    this.added.push(`<Relationship Id="${id}" Type="${escapeAttr(type)}" Target="${escapeAttr(target)}"/>`);
    this.changedFlag = true;
    return id;
  }

  remove(rel: Relationship): void {
    const at = this.list.indexOf(rel);
    if (at < 0) return;
    this.list.splice(at, 1);
    if (rel.start >= 0) this.edits.push({ start: rel.start, end: rel.end, text: "" });
    this.changedFlag = true;
  }

  /** The part's new text. */
  toXml(): string {
    if (this.text === undefined) {
      return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${this.added.join("")}</Relationships>`;
    }
    const root = rootElement(this.text);
    const prefix = prefixOf(root);
    const added = prefix === "" ? this.added : this.added.map((r) => r.replace("<Relationship ", `<${qualified(prefix, "Relationship")} `));
    return applyEdits(this.text, [...this.edits, ...(added.length > 0 ? [appendInside(root, added.join(""))] : [])]);
  }
}

/** `[Content_Types].xml`: which content type each part has, by extension or by name. */
export class ContentTypes {
  private readonly edits: Edit[] = [];
  private readonly added: string[] = [];
  private readonly overrides = new Map<string, { start: number; end: number }>();
  private readonly defaults = new Set<string>();

  constructor(private readonly text: string) {
    const root = rootElement(text);
    for (const el of childElements(text, root)) {
      if (el.local === "Override") this.overrides.set((attr(el.tag, "PartName") ?? "").toLowerCase(), { start: el.start, end: el.end });
      if (el.local === "Default") this.defaults.add((attr(el.tag, "Extension") ?? "").toLowerCase());
    }
  }

  get changed(): boolean {
    return this.edits.length > 0 || this.added.length > 0;
  }

  hasDefault(extension: string): boolean {
    return this.defaults.has(extension.toLowerCase());
  }

  /** Names a part's content type (replacing an override it may already have). */
  override(part: string, contentType: string): void {
    this.remove(part);
    this.added.push(`<Override PartName="/${escapeAttr(part)}" ContentType="${escapeAttr(contentType)}"/>`);
  }

  remove(part: string): void {
    const key = `/${part}`.toLowerCase();
    const at = this.overrides.get(key);
    if (at === undefined) return;
    this.overrides.delete(key);
    this.edits.push({ ...at, text: "" });
  }

  toXml(): string {
    const root = rootElement(this.text);
    const prefix = prefixOf(root);
    const added = prefix === "" ? this.added : this.added.map((r) => r.replace("<Override ", `<${qualified(prefix, "Override")} `));
    return applyEdits(this.text, [...this.edits, ...(added.length > 0 ? [appendInside(root, added.join(""))] : [])]);
  }
}
