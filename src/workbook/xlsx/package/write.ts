/**
 * Carrying a century-end plan out on a workbook's package, for the `gods` command: the three
 * generated sheets and the Ledger are written, and every part the add-in does not own leaves
 * byte for byte as it came in, so charts, pivot tables, pictures, comments, macros and whatever
 * else the gamemaster's workbook holds survive.
 *
 * The parts that change, and why:
 * - the generated sheets' parts (new ones added, same-named ones rewritten in place from their
 *   first changed row, sheetTail.ts);
 * - the Ledger's sheet (only the Ledger's cells) and its table part (its range), or a new Ledger
 *   sheet with a new table part;
 * - xl/workbook.xml (the sheet list, print areas, the book's head, recalculation on open:
 *   workbookPart.ts), its relationships and [Content_Types].xml (the new parts);
 * - xl/styles.xml (the cell formats we use, appended);
 * - xl/calcChain.xml is removed: it lists formula cells in calculation order, and with cells
 *   changed a stale one makes Excel repair the file. Excel rebuilds it.
 */
import { LEDGER } from "../../model/schema";
import { headFormula } from "../../read/head";
import type { RawCell, RawTable, RawWorkbook } from "../../model/raw";
import type { WorkbookPlan } from "../../plan/types";
import { tableBody, tablePrint, type PlanValue, type SheetPlan, type TableLayout, LEDGER_TITLE } from "../../plan/layout";
import { firstChange, type LedgerPlan } from "../../plan/ledger";
import { areaRef } from "../../model/address";
import { CellsInTheWay, resizeTable, writeLedgerBody } from "./ledger";
import { CONTENT_TYPE, findPart, folderOf, REL_TYPE } from "./parts";
import { explained, PackageSession } from "./session";
import { generatedSheetXml, newTableSheetXml, printArea, printTitles, STRICT_MAIN_NS, tableXml } from "./sheet";
import { sheetTail, unchangedRows } from "./sheetTail";
import { EMPTY_STYLESHEET, StyleBook } from "./styles";
import { addCharts, chartPartsOf } from "./charts";
import { allTables, findTable, uniqueName } from "./tables";
import { definedNames, PRINT_AREA, PRINT_TITLES, sheetElement, workbookXml } from "./workbookPart";
import { namespaceOn, prefixOf, type Span } from "./xml";
import { FileProblem, type Package } from "./zip";

/**
 * Writes a century-end plan into a workbook's package and returns the new set of parts: the
 * package's parts in their order (a few changed, calcChain gone), then the new parts. Parts not
 * changed are the very same Uint8Arrays that came in.
 */
export function writePlan(pkg: Package, raw: RawWorkbook, plan: WorkbookPlan): Map<string, Uint8Array> {
  return explained(() => {
    const writer = new PackageWriter(new PackageSession(pkg.parts));
    for (const sheet of plan.sheets) writer.writeGeneratedSheet(sheet, raw.generatedCells?.get(sheet.name));
    writer.writeLedger(raw.tables.get(LEDGER.name.toLowerCase()), plan.ledger);
    if (plan.head !== undefined) writer.setHead(headFormula(plan.head));
    writer.removeCalcChain();
    return writer.finish();
  }, CellsInTheWay);
}

/**
 * Writes generated sheets and, when given, the Ledger's new content into a package's parts: what
 * finishing an action that stopped inside Excel writes of the book.
 */
export function writeBook(
  parts: ReadonlyMap<string, Uint8Array>,
  existing: RawTable | undefined,
  ledger: LedgerPlan | undefined,
  sheets: readonly SheetPlan[],
  head?: string,
): Map<string, Uint8Array> {
  return explained(() => {
    const writer = new PackageWriter(new PackageSession(parts));
    for (const sheet of sheets) writer.writeGeneratedSheet(sheet);
    if (ledger !== undefined) writer.writeLedger(existing, ledger);
    if (head !== undefined) writer.setHead(head);
    writer.removeCalcChain();
    return writer.finish();
  }, CellsInTheWay);
}

/**
 * Writes generated sheets that go with no credit (the session packet) into a workbook's package:
 * each sheet is added, or its part rewritten in place, and the Ledger is left as it is.
 */
export function writeSheets(pkg: Package, sheets: readonly SheetPlan[]): Map<string, Uint8Array> {
  return explained(() => {
    const writer = new PackageWriter(new PackageSession(pkg.parts));
    for (const sheet of sheets) writer.writeGeneratedSheet(sheet);
    writer.removeCalcChain();
    return writer.finish();
  });
}

/**
 * New tables, each on a sheet of its own laid out as Excel's pane makes it (a table part, its
 * headers, its rows, printed one page wide): the sheet list, the relationships, the content types
 * and the cell styles gain what they need, and every other part stays as it came.
 */
export function writeNewTables(
  parts: ReadonlyMap<string, Uint8Array>,
  tables: readonly { layout: TableLayout; rows: readonly (readonly PlanValue[])[] }[],
): Map<string, Uint8Array> {
  return explained(() => {
    const writer = new PackageWriter(new PackageSession(parts), false);
    for (const t of tables) writer.addTable(t.layout, t.rows);
    return writer.finish();
  });
}

class PackageWriter {
  private readonly workbook: string;
  private readonly workbookText: string;
  private readonly workbookRoot: Span;
  /** `<sheet>` elements to append to the sheet list */
  private readonly newSheets: string[] = [];
  /** generated sheets whose name differed only in case, by sheet index */
  private readonly renamed = new Map<number, string>();
  /** print areas and print titles (the built-in defined names of a sheet) by sheet index */
  private readonly printNames = new Map<number, Map<string, string>>();
  private readonly styles: StyleBook;
  private readonly stylesPart: string;
  private nextSheetId: number;
  /** the book's head to write, when a credit changes it */
  private head: string | undefined;

  /** recalculate: ask Excel to recalculate on opening (values changed that formulas may read) */
  constructor(
    private readonly session: PackageSession,
    private readonly recalculate = true,
  ) {
    const parts = session.parts;
    // A package without content types is refused before anything else.
    session.checkContentTypes();
    const { part: workbook, text, root } = session.workbook;
    this.workbook = workbook;
    this.workbookText = text;
    this.workbookRoot = root;
    const ns = namespaceOn(this.workbookRoot.tag, prefixOf(this.workbookRoot));
    if (ns === STRICT_MAIN_NS) {
      throw new FileProblem("The workbook is saved as Strict Open XML. In Excel, use File › Save As › Excel Workbook (.xlsx), then try again.");
    }
    if (session.sheetList === undefined) throw new FileProblem("The workbook lists no sheets: open it in Excel and save it again.");
    this.nextSheetId = Math.max(0, ...session.sheets.map((s) => s.sheetId)) + 1;

    const wbRels = session.rels(workbook);
    const stylesRel = wbRels.ofType(REL_TYPE.styles)[0];
    const stylesPart = stylesRel === undefined ? undefined : findPart(parts, stylesRel.part);
    if (stylesPart === undefined) {
      // A workbook with no stylesheet (a few minimal writers make them): it gets one.
      // Named as Excel names it: some readers (openpyxl) look for the stylesheet only there.
      const usual = `${folderOf(workbook)}styles.xml`;
      this.stylesPart = findPart(parts, usual) === undefined ? usual : session.newPartName(`${folderOf(workbook)}styles`, ".xml");
      session.create(this.stylesPart, EMPTY_STYLESHEET, CONTENT_TYPE.styles);
      wbRels.add(REL_TYPE.styles, this.stylesPart);
    } else this.stylesPart = stylesPart;
    this.styles = new StyleBook(session.read(this.stylesPart) as string);
  }

  /**
   * A generated sheet: the same-named sheet's part rewritten, or a new sheet at the end. `read`,
   * the sheet's cells as they were read: the rows the plan leaves as they were stay in the part
   * as they are, and only the rest is written (the seal and the History gain rows at their end).
   */
  writeGeneratedSheet(plan: SheetPlan, read?: readonly (readonly RawCell[])[]): void {
    const existing = this.session.findSheet(plan.name);
    const part = existing === undefined ? this.session.newPartName(`${folderOf(this.workbook)}worksheets/sheet`, ".xml") : this.session.sheetPart(existing);
    // What hung off the old sheet (a comment, a printer setting) belonged to the old content; its
    // charts are drawn again in the same parts.
    const oldCharts = existing === undefined ? undefined : chartPartsOf(this.session, part);
    if (existing !== undefined) this.session.dropRels(part);
    const same = existing === undefined || read === undefined || (plan.charts ?? []).length > 0 ? 0 : unchangedRows(plan, read);
    const old = same === 0 ? undefined : this.session.read(part);
    const tail = old === undefined ? undefined : sheetTail(old, plan, this.styles, same);
    const xml = tail ?? generatedSheetXml(plan, this.styles, addCharts(this.session, part, plan, oldCharts));
    // A hidden sheet (the Ledger's seal) has no print area: LibreOffice would print it all the same.
    const names = new Map(plan.hidden === true ? [] : [[PRINT_AREA, printArea(plan)]]);
    const titles = plan.hidden === true ? undefined : printTitles(plan.name, plan.print);
    if (titles !== undefined) names.set(PRINT_TITLES, titles);
    if (existing === undefined) {
      this.printNames.set(this.addSheet(plan.name, xml, part, plan.hidden === true), names);
      return;
    }
    this.session.setText(part, xml);
    // "c1 mana" becomes "C1 Mana": the readers know generated sheets by their exact name.
    if (existing.name !== plan.name) this.renamed.set(existing.index, plan.name);
    this.printNames.set(existing.index, names);
  }

  writeLedger(existing: RawTable | undefined, plan: LedgerPlan): void {
    if (existing === undefined) {
      this.addTable(plan.layout, plan.rows);
      return;
    }
    const width = plan.headers.length;
    if (width === 0) return;
    const { rows, formats } = plan;
    const newHeaders = plan.headers.slice(width - plan.added);
    const unchanged = firstChange(existing.rows, rows);
    const sheet = this.session.findSheet(existing.sheet);
    if (sheet === undefined) throw new Error(`the Ledger's sheet "${existing.sheet}" is not in the workbook`);
    const part = this.session.sheetPart(sheet);
    const text = this.session.read(part) as string;
    if (!existing.isTable) {
      this.session.setText(
        part,
        writeLedgerBody(
          text,
          { top: existing.headerRow, left: existing.firstColumn, width, rows, oldRows: existing.rows.length, unchanged, newHeaders, formats },
          this.styles,
        ),
      );
      return;
    }
    const table = findTable(this.session, part, existing.name);
    if (table === undefined) throw new Error(`the Ledger table "${existing.name}" has no table part on its sheet`);
    const { area, totalsRows } = table;
    // An Excel table always has a body row, even an empty one.
    const body = rows.length > 0 ? rows : [Array.from({ length: width }, (): PlanValue => null)];
    const right = area.left + width - 1;
    const totals = totalsRows > 0 ? { left: area.left, right: Math.max(area.right, right) } : undefined;
    const oldRows = area.bottom - area.top - totalsRows;
    this.session.setText(
      part,
      writeLedgerBody(
        text,
        { top: area.top, left: area.left, width, rows: body, oldRows, unchanged, newHeaders, formats, ...(totals ? { totals } : {}) },
        this.styles,
      ),
    );
    // The table keeps its own columns; its end moves, and it gains the columns the Ledger lacked.
    this.session.setText(
      table.part,
      resizeTable(table.text, { ...area, right: Math.max(area.right, right), bottom: area.top + body.length + totalsRows }, totalsRows, newHeaders),
    );
  }

  /** The workbook's name that keeps the book's head (read/head.ts): its formula, hidden, made when missing. */
  setHead(formula: string): void {
    this.head = formula;
  }

  /** calcChain lists formula cells in calculation order; with cells changed Excel wants it gone (it rebuilds it). */
  removeCalcChain(): void {
    const rels = this.session.rels(this.workbook);
    for (const rel of rels.ofType(REL_TYPE.calcChain)) rels.remove(rel);
  }

  /** The new set of parts. */
  finish(): Map<string, Uint8Array> {
    const changes = { newSheets: this.newSheets, renamed: this.renamed, printNames: this.printNames, head: this.head, recalculate: this.recalculate };
    this.session.setText(this.workbook, workbookXml(this.workbookText, this.workbookRoot, changes));
    if (this.styles.changed) this.session.setText(this.stylesPart, this.styles.toXml());
    this.session.saveBookkeeping();
    return this.session.result();
  }

  /** Adds a sheet at the end of the workbook, in a new part; returns its place in the sheet list. */
  private addSheet(name: string, xml: string, part = this.session.newPartName(`${folderOf(this.workbook)}worksheets/sheet`, ".xml"), hidden = false): number {
    this.session.create(part, xml, CONTENT_TYPE.worksheet);
    const relId = this.session.rels(this.workbook).add(REL_TYPE.worksheet, part);
    const sheetId = this.nextSheetId++;
    this.newSheets.push(sheetElement(this.workbookRoot, name, sheetId, relId, hidden));
    const entry = { name, sheetId, relId, index: this.session.sheets.length };
    this.session.sheets.push(entry);
    return entry.index;
  }

  // ---- a new table: the Ledger, or one a tool creates ----

  addTable(layout: TableLayout, rows: readonly (readonly PlanValue[])[]): void {
    const tables = allTables(this.session);
    const taken = new Set([...tables.names, ...definedNames(this.workbookText, this.workbookRoot)].map((n) => n.toLowerCase()));
    const name = uniqueName(layout.name, (n) => taken.has(n.toLowerCase()), "_");
    const sheetName = uniqueName(layout.name, (n) => this.session.findSheet(n) !== undefined, " ");
    const body = tableBody(layout, rows);
    const sheetPart = this.session.newPartName(`${folderOf(this.workbook)}worksheets/sheet`, ".xml");
    const tablePart = this.session.newPartName(`${folderOf(this.workbook)}tables/table`, ".xml");
    const relId = this.session.rels(sheetPart).add(REL_TYPE.table, tablePart);
    const ref = areaRef({ top: 1, left: 1, bottom: 1 + body.length, right: Math.max(1, layout.headers.length) });
    this.session.create(tablePart, tableXml(tables.nextId, name, ref, layout), CONTENT_TYPE.table);
    // The Ledger is printed like the generated sheets: its columns on one page's width, its
    // headers on every page. It has no print area: it grows, and every row of it is printed.
    const print = tablePrint(layout, layout.name === LEDGER.name ? LEDGER_TITLE : undefined);
    const index = this.addSheet(sheetName, newTableSheetXml(layout, body, this.styles, relId, print), sheetPart);
    const titles = printTitles(sheetName, print);
    if (titles !== undefined) this.printNames.set(index, new Map([[PRINT_TITLES, titles]]));
  }
}
