/**
 * Carrying a century-end plan out on a workbook's package, for the `gods` command: the three
 * generated sheets and the Ledger are written, and every part the add-in does not own leaves
 * byte for byte as it came in, so charts, pivot tables, pictures, comments, macros and whatever
 * else the gamemaster's workbook holds survive.
 *
 * The parts that change, and why:
 * - the generated sheets' parts (new ones added, same-named ones rewritten in place);
 * - the Ledger's sheet (only the Ledger's cells) and its table part (its range), or a new Ledger
 *   sheet with a new table part;
 * - xl/workbook.xml (the sheet list, print areas, recalculation on open), its relationships and
 *   [Content_Types].xml (the new parts);
 * - xl/styles.xml (the cell formats we use, appended);
 * - xl/calcChain.xml is removed: it lists formula cells in calculation order, and with cells
 *   changed a stale one makes Excel repair the file. Excel rebuilds it.
 */
import { LEDGER } from "../../model/schema";
import type { RawTable, RawWorkbook } from "../../model/raw";
import type { WorkbookPlan } from "../../plan/types";
import { tableBody, tablePrint, type PlanValue, type SheetPlan, LEDGER_TITLE } from "../../plan/layout";
import { firstChange, type LedgerPlan } from "../../plan/ledger";
import { areaRef, type Area } from "../../model/address";
import { CellsInTheWay, resizeTable, tableArea, writeLedgerBody } from "./ledger";
import { CONTENT_TYPE, CONTENT_TYPES, ContentTypes, findPart, folderOf, REL_TYPE, Relationships, RELATIONSHIPS_NS, relsPathOf } from "./parts";
import { generatedSheetXml, newTableSheetXml, printArea, printTitles, STRICT_MAIN_NS, tableXml } from "./sheet";
import { EMPTY_STYLESHEET, StyleBook } from "./styles";
import {
  appendInside,
  applyEdits,
  attr,
  attrLocal,
  child,
  childElements,
  currentText,
  decodePart,
  encodePart,
  escapeAttr,
  escapeText,
  insertChild,
  namespaceOn,
  prefixFor,
  prefixOf,
  qualified,
  rootElement,
  setAttr,
  xmlSafe,
  XmlProblem,
  type Edit,
  type Span,
} from "./xml";
import { FileProblem, type Package } from "./zip";

/** The order of a workbook part's children, as the schema fixes it. */
const WORKBOOK_ORDER = [
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

const PRINT_AREA = "_xlnm.Print_Area";
/** The rows printed on top of every page of a sheet. */
const PRINT_TITLES = "_xlnm.Print_Titles";

/** A sheet as the workbook part lists it. */
interface SheetEntry {
  readonly name: string;
  readonly sheetId: number;
  readonly relId: string;
  /** its place in the sheet list (what a defined name's localSheetId counts) */
  readonly index: number;
}

/**
 * Writes a century-end plan into a workbook's package and returns the new set of parts: the
 * package's parts in their order (a few changed, calcChain gone), then the new parts. Parts not
 * changed are the very same Uint8Arrays that came in.
 */
export function writePlan(pkg: Package, raw: RawWorkbook, plan: WorkbookPlan): Map<string, Uint8Array> {
  try {
    const writer = new PackageWriter(pkg.parts);
    for (const sheet of plan.sheets) writer.writeGeneratedSheet(sheet);
    writer.writeLedger(raw.tables.get(LEDGER.name.toLowerCase()), plan.ledger);
    writer.removeCalcChain();
    return writer.finish();
  } catch (e) {
    // A part we must edit that is not well-formed XML: say so in the gamemaster's terms.
    if (e instanceof XmlProblem) throw new FileProblem(`The workbook is damaged inside (${e.message}). Open it in Excel and save it again, then try again.`);
    if (e instanceof CellsInTheWay) throw new FileProblem(e.message);
    throw e;
  }
}

class PackageWriter {
  /** parts whose text we changed or made, by name */
  private readonly texts = new Map<string, string>();
  /** new parts, in the order they were made */
  private readonly added: string[] = [];
  private readonly removed = new Set<string>();
  private readonly relationships = new Map<string, Relationships>();
  private readonly contentTypes: ContentTypes;
  private readonly workbook: string;
  private readonly workbookText: string;
  private readonly workbookRoot: Span;
  private readonly sheets: SheetEntry[];
  /** `<sheet>` elements to append to the sheet list */
  private readonly newSheets: string[] = [];
  /** generated sheets whose name differed only in case, by sheet index */
  private readonly renamed = new Map<number, string>();
  /** print areas and print titles (the built-in defined names of a sheet) by sheet index */
  private readonly printNames = new Map<number, Map<string, string>>();
  private readonly styles: StyleBook;
  private readonly stylesPart: string;
  private nextSheetId: number;

  constructor(private readonly parts: ReadonlyMap<string, Uint8Array>) {
    const types = this.read(CONTENT_TYPES);
    if (types === undefined) throw new FileProblem("The workbook has no [Content_Types].xml part: it is not a complete Excel workbook.");
    this.contentTypes = new ContentTypes(types);
    const office = this.rels("").ofType(REL_TYPE.officeDocument)[0];
    const workbook = office === undefined ? undefined : findPart(parts, office.part);
    if (workbook === undefined) throw new FileProblem("The workbook's main part could not be found: open it in Excel and save it again.");
    this.workbook = workbook;
    this.workbookText = this.read(workbook) as string;
    this.workbookRoot = rootElement(this.workbookText);
    const ns = namespaceOn(this.workbookRoot.tag, prefixOf(this.workbookRoot));
    if (ns === STRICT_MAIN_NS) {
      throw new FileProblem("The workbook is saved as Strict Open XML. In Excel, use File › Save As › Excel Workbook (.xlsx), then try again.");
    }
    const sheetList = child(this.workbookText, this.workbookRoot, "sheets");
    if (sheetList === undefined) throw new FileProblem("The workbook lists no sheets: open it in Excel and save it again.");
    this.sheets = childElements(this.workbookText, sheetList)
      .filter((s) => s.local === "sheet")
      .map((s, index) => ({ name: attr(s.tag, "name") ?? "", sheetId: Number(attr(s.tag, "sheetId")) || 0, relId: attrLocal(s.tag, "id") ?? "", index }));
    this.nextSheetId = Math.max(0, ...this.sheets.map((s) => s.sheetId)) + 1;

    const wbRels = this.rels(workbook);
    const stylesRel = wbRels.ofType(REL_TYPE.styles)[0];
    const stylesPart = stylesRel === undefined ? undefined : findPart(parts, stylesRel.part);
    if (stylesPart === undefined) {
      // A workbook with no stylesheet (a few minimal writers make them): it gets one.
      // Named as Excel names it: some readers (openpyxl) look for the stylesheet only there.
      const usual = `${folderOf(workbook)}styles.xml`;
      this.stylesPart = findPart(parts, usual) === undefined ? usual : this.newPartName(`${folderOf(workbook)}styles`, ".xml");
      this.create(this.stylesPart, EMPTY_STYLESHEET, CONTENT_TYPE.styles);
      wbRels.add(REL_TYPE.styles, this.stylesPart);
    } else this.stylesPart = stylesPart;
    this.styles = new StyleBook(this.read(this.stylesPart) as string);
  }

  /** A generated sheet: the same-named sheet's part rewritten, or a new sheet at the end. */
  writeGeneratedSheet(plan: SheetPlan): void {
    const existing = this.findSheet(plan.name);
    const xml = generatedSheetXml(plan, this.styles);
    // A hidden sheet (the Ledger's seal) has no print area: LibreOffice would print it all the same.
    const names = new Map(plan.hidden === true ? [] : [[PRINT_AREA, printArea(plan)]]);
    const titles = plan.hidden === true ? undefined : printTitles(plan.name, plan.print);
    if (titles !== undefined) names.set(PRINT_TITLES, titles);
    if (existing === undefined) {
      this.printNames.set(this.addSheet(plan.name, xml, undefined, plan.hidden === true), names);
      return;
    }
    const part = this.sheetPart(existing);
    this.texts.set(part, xml);
    // "c1 mana" becomes "C1 Mana": the readers know generated sheets by their exact name.
    if (existing.name !== plan.name) this.renamed.set(existing.index, plan.name);
    // What hung off the old sheet (a comment, a printer setting) belonged to the old content.
    const rels = findPart(this.parts, relsPathOf(part));
    if (rels !== undefined) this.removed.add(rels);
    this.relationships.delete(part);
    this.printNames.set(existing.index, names);
  }

  writeLedger(existing: RawTable | undefined, plan: LedgerPlan): void {
    if (existing === undefined) {
      this.addLedgerTable(plan.layout, plan.rows);
      return;
    }
    const width = plan.headers.length;
    if (width === 0) return;
    const { rows, formats } = plan;
    const newHeaders = plan.headers.slice(width - plan.added);
    const unchanged = firstChange(existing.rows, rows);
    const sheet = this.findSheet(existing.sheet);
    if (sheet === undefined) throw new Error(`the Ledger's sheet "${existing.sheet}" is not in the workbook`);
    const part = this.sheetPart(sheet);
    const text = this.read(part) as string;
    if (!existing.isTable) {
      this.texts.set(part, writeLedgerBody(text, { top: existing.headerRow, left: existing.firstColumn, width, rows, oldRows: existing.rows.length, unchanged, newHeaders, formats }, this.styles));
      return;
    }
    const table = this.findTable(part, existing.name);
    if (table === undefined) throw new Error(`the Ledger table "${existing.name}" has no table part on its sheet`);
    const { area, totalsRows } = table;
    // An Excel table always has a body row, even an empty one.
    const body = rows.length > 0 ? rows : [Array.from({ length: width }, (): PlanValue => null)];
    const right = area.left + width - 1;
    const totals = totalsRows > 0 ? { left: area.left, right: Math.max(area.right, right) } : undefined;
    const oldRows = area.bottom - area.top - totalsRows;
    this.texts.set(part, writeLedgerBody(text, { top: area.top, left: area.left, width, rows: body, oldRows, unchanged, newHeaders, formats, ...(totals ? { totals } : {}) }, this.styles));
    // The table keeps its own columns; its end moves, and it gains the columns the Ledger lacked.
    this.texts.set(table.part, resizeTable(table.text, { ...area, right: Math.max(area.right, right), bottom: area.top + body.length + totalsRows }, totalsRows, newHeaders));
  }

  /** calcChain lists formula cells in calculation order; with cells changed Excel wants it gone (it rebuilds it). */
  removeCalcChain(): void {
    const rels = this.rels(this.workbook);
    for (const rel of rels.ofType(REL_TYPE.calcChain)) rels.remove(rel);
  }

  /** The new set of parts. */
  finish(): Map<string, Uint8Array> {
    this.texts.set(this.workbook, this.workbookXml());
    if (this.styles.changed) this.texts.set(this.stylesPart, this.styles.toXml());
    for (const [source, rels] of this.relationships) {
      if (!rels.changed) continue;
      const path = relsPathOf(source);
      const existing = findPart(this.parts, path);
      if (existing === undefined && !this.texts.has(path)) {
        this.added.push(path);
        if (!this.contentTypes.hasDefault("rels")) this.contentTypes.override(path, CONTENT_TYPE.relationships);
      }
      this.texts.set(existing ?? path, rels.toXml());
    }
    this.collectOrphans();
    if (this.contentTypes.changed) this.texts.set(CONTENT_TYPES, this.contentTypes.toXml());

    const out = new Map<string, Uint8Array>();
    for (const [name, bytes] of this.parts) {
      if (this.removed.has(name)) continue;
      const text = this.texts.get(name);
      out.set(name, text === undefined ? bytes : encodePart(text));
    }
    for (const name of this.added) if (!this.removed.has(name)) out.set(name, encodePart(this.texts.get(name) as string));
    return out;
  }

  // ---- the workbook part ----

  private workbookXml(): string {
    const text = this.workbookText;
    const root = this.workbookRoot;
    const prefix = prefixOf(root);
    const edits: Edit[] = [];
    const sheetList = child(text, root, "sheets") as Span;
    childElements(text, sheetList)
      .filter((s) => s.local === "sheet")
      .forEach((s, index) => {
        const name = this.renamed.get(index);
        if (name !== undefined) edits.push({ start: s.start, end: s.openEnd, text: setAttr(s.tag, "name", xmlSafe(name)) });
      });
    if (this.newSheets.length > 0) edits.push(appendInside(sheetList, this.newSheets.join("")));

    // Print areas and titles: each generated sheet's own, replacing those it had.
    const names = child(text, root, "definedNames");
    const fresh: string[] = [];
    const existing = new Map<string, Span>();
    if (names !== undefined) {
      for (const d of childElements(text, names)) {
        const local = Number(attr(d.tag, "localSheetId"));
        const name = attr(d.tag, "name");
        if ((name === PRINT_AREA || name === PRINT_TITLES) && Number.isInteger(local)) existing.set(`${local}:${name}`, d);
      }
    }
    for (const [index, refs] of this.printNames) {
      for (const [name, ref] of refs) {
        const old = existing.get(`${index}:${name}`);
        if (old === undefined) fresh.push(`<${qualified(prefix, "definedName")} name="${name}" localSheetId="${index}">${escapeText(ref)}</${qualified(prefix, "definedName")}>`);
        else edits.push({ start: old.start, end: old.end, text: `${old.tag.replace(/\s*\/>$/, ">")}${escapeText(ref)}</${old.name}>` });
      }
    }
    if (fresh.length > 0) {
      if (names === undefined) {
        const tag = qualified(prefix, "definedNames");
        edits.push(insertChild(text, root, WORKBOOK_ORDER, "definedNames", `<${tag}>${fresh.join("")}</${tag}>`));
      } else edits.push(appendInside(names, fresh.join("")));
    }

    // Totals and the Ledger's new rows must show recalculated values when the workbook opens.
    const calc = child(text, root, "calcPr");
    if (calc === undefined) edits.push(insertChild(text, root, WORKBOOK_ORDER, "calcPr", `<${qualified(prefix, "calcPr")} fullCalcOnLoad="1"/>`));
    else edits.push({ start: calc.start, end: calc.openEnd, text: setAttr(calc.tag, "fullCalcOnLoad", "1") });
    return applyEdits(text, edits);
  }

  /** Adds a sheet at the end of the workbook, in a new part; returns its place in the sheet list. */
  private addSheet(name: string, xml: string, part = this.newPartName(`${folderOf(this.workbook)}worksheets/sheet`, ".xml"), hidden = false): number {
    this.create(part, xml, CONTENT_TYPE.worksheet);
    const relId = this.rels(this.workbook).add(REL_TYPE.worksheet, part);
    const root = this.workbookRoot;
    // r:id needs the relationships namespace: the root's prefix for it, or a declaration of our own.
    const r = prefixFor(root.tag, RELATIONSHIPS_NS);
    const id = r !== undefined && r !== "" ? `${r}:id="${escapeAttr(relId)}"` : `xmlns:r="${RELATIONSHIPS_NS}" r:id="${escapeAttr(relId)}"`;
    const sheetId = this.nextSheetId++;
    this.newSheets.push(`<${qualified(prefixOf(root), "sheet")} name="${escapeAttr(xmlSafe(name))}" sheetId="${sheetId}"${hidden ? ' state="hidden"' : ""} ${id}/>`);
    const entry = { name, sheetId, relId, index: this.sheets.length };
    this.sheets.push(entry);
    return entry.index;
  }

  private findSheet(name: string): SheetEntry | undefined {
    const key = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === key);
  }

  /** The worksheet part behind a sheet; a chart sheet of the same name cannot be written over. */
  private sheetPart(sheet: SheetEntry): string {
    const rel = this.rels(this.workbook).byId(sheet.relId);
    const part = rel === undefined || rel.external ? undefined : findPart(this.parts, rel.part) ?? (this.texts.has(rel.part) ? rel.part : undefined);
    if (rel === undefined || part === undefined) throw new FileProblem(`The sheet "${sheet.name}" has no content in the file: open the workbook in Excel and save it again.`);
    if (!rel.type.endsWith("/worksheet")) {
      throw new FileProblem(`"${sheet.name}" is a chart sheet or another kind of sheet, not a worksheet. Rename it, then try again.`);
    }
    return part;
  }

  // ---- the Ledger as a new table ----

  private addLedgerTable(layout: WorkbookPlan["ledger"]["layout"], rows: readonly (readonly PlanValue[])[]): void {
    const tables = this.allTables();
    const taken = new Set([...tables.names, ...this.definedNames()].map((n) => n.toLowerCase()));
    const name = uniqueName(layout.name, (n) => taken.has(n.toLowerCase()), "_");
    const sheetName = uniqueName(layout.name, (n) => this.findSheet(n) !== undefined, " ");
    const body = tableBody(layout, rows);
    const sheetPart = this.newPartName(`${folderOf(this.workbook)}worksheets/sheet`, ".xml");
    const tablePart = this.newPartName(`${folderOf(this.workbook)}tables/table`, ".xml");
    const relId = this.rels(sheetPart).add(REL_TYPE.table, tablePart);
    const ref = areaRef({ top: 1, left: 1, bottom: 1 + body.length, right: Math.max(1, layout.headers.length) });
    this.create(tablePart, tableXml(tables.nextId, name, ref, layout), CONTENT_TYPE.table);
    // The Ledger is printed like the generated sheets: its columns on one page's width, its
    // headers on every page. It has no print area: it grows, and every row of it is printed.
    const print = tablePrint(layout, layout.name === LEDGER.name ? LEDGER_TITLE : undefined);
    const index = this.addSheet(sheetName, newTableSheetXml(layout, body, this.styles, relId, print), sheetPart);
    const titles = printTitles(sheetName, print);
    if (titles !== undefined) this.printNames.set(index, new Map([[PRINT_TITLES, titles]]));
  }

  /** Every table the package holds (reached through any part's relationships): names, and the next free id. */
  private allTables(): { names: string[]; nextId: number } {
    const names: string[] = [];
    let nextId = 1;
    for (const relsPart of this.parts.keys()) {
      if (!relsPart.endsWith(".rels") || this.removed.has(relsPart)) continue;
      const source = sourceOfRels(relsPart);
      if (source === undefined) continue;
      for (const rel of this.rels(source).ofType(REL_TYPE.table)) {
        const part = findPart(this.parts, rel.part);
        const text = part === undefined ? undefined : this.read(part);
        if (text === undefined) continue;
        const root = rootElement(text);
        for (const n of [attr(root.tag, "name"), attr(root.tag, "displayName")]) if (n !== undefined) names.push(n);
        const id = Number(attr(root.tag, "id"));
        if (Number.isInteger(id)) nextId = Math.max(nextId, id + 1);
      }
    }
    return { names, nextId };
  }

  private definedNames(): string[] {
    const names = child(this.workbookText, this.workbookRoot, "definedNames");
    if (names === undefined) return [];
    return childElements(this.workbookText, names).map((d) => attr(d.tag, "name") ?? "");
  }

  /** The table part on a sheet whose name is `name`, with its range. */
  private findTable(sheetPart: string, name: string): { part: string; text: string; area: Area; totalsRows: number } | undefined {
    const key = name.toLowerCase();
    for (const rel of this.rels(sheetPart).ofType(REL_TYPE.table)) {
      const part = findPart(this.parts, rel.part);
      const text = part === undefined ? undefined : this.read(part);
      if (part === undefined || text === undefined) continue;
      const root = rootElement(text);
      if ((attr(root.tag, "name") ?? "").toLowerCase() !== key && (attr(root.tag, "displayName") ?? "").toLowerCase() !== key) continue;
      const found = tableArea(text);
      if (found !== undefined) return { part, text, area: found.area, totalsRows: found.totalsRows };
    }
    return undefined;
  }

  // ---- parts ----

  /** A part's text as it now stands (changed or as it came in). */
  private read(part: string): string | undefined {
    return currentText(this.parts, this.texts, part);
  }

  private rels(source: string): Relationships {
    let rels = this.relationships.get(source);
    if (rels === undefined) {
      const path = findPart(this.parts, relsPathOf(source));
      const text = path === undefined || this.removed.has(path) ? undefined : this.read(path);
      rels = new Relationships(source, text);
      this.relationships.set(source, rels);
    }
    return rels;
  }

  private create(part: string, text: string, contentType: string): void {
    this.texts.set(part, text);
    this.added.push(part);
    this.contentTypes.override(part, contentType);
  }

  /** `prefixN.ext` with the smallest N no part (old or new) has, compared ignoring case. */
  private newPartName(prefix: string, ext: string): string {
    const taken = new Set([...this.parts.keys(), ...this.added].map((n) => n.toLowerCase()));
    for (let n = 1; ; n++) {
      const name = `${prefix}${n}${ext}`;
      if (!taken.has(name.toLowerCase())) return name;
    }
  }

  /**
   * Parts that only our removed relationships led to (calcChain, and what hung off a rewritten
   * generated sheet) go too, with their own relationships and content types. A part nothing
   * pointed at before stays: it is not ours to judge.
   */
  private collectOrphans(): void {
    const before = this.reachable((part) => (this.parts.has(part) ? decodePart(this.parts.get(part) as Uint8Array) : undefined));
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
}

/** The part a .rels part belongs to: xl/_rels/workbook.xml.rels → xl/workbook.xml; _rels/.rels → the package. */
function sourceOfRels(relsPart: string): string | undefined {
  const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(relsPart);
  if (!m) return undefined;
  return `${m[1] ?? ""}${m[2] ?? ""}`;
}

/** `base`, or `base` with a number added, whichever is free. */
function uniqueName(base: string, taken: (name: string) => boolean, joiner: string): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const name = joiner === " " ? `${base} (${n})` : `${base}${joiner}${n}`;
    if (!taken(name)) return name;
  }
}
