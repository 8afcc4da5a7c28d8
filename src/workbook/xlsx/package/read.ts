/**
 * Reading a campaign workbook for the `gods` command straight from its package, without loading
 * the workbook into exceljs: only the parts that hold the tables the century end reads are parsed,
 * each as a stream (xmlScanner.ts), keeping nothing but those tables' cells. It gives what the exceljs
 * reader (../read.ts) gives for ordinary files, plus the problems the file itself has: merged
 * cells and formulas with no saved result in those tables, and rows typed just under a table.
 */
import { areaRef, cellAddress, columnLetter, quoteSheet, parseArea, type Area } from "../../model/address";
import { tableError, rowsUnderTable, type Problem } from "../../model/problems";
import type { RawCell, RawTable, RawWorkbook } from "../../model/raw";
import { DEATH_SHEET, GENERATED_SHEET, HISTORY_HEADERS, READ_TABLES, SEAL_SHEET, STORY_SHEETS, type TableSpec } from "../../model/schema";
import { Block, checkInExcel, scanSheet, type SheetScan } from "./readSheet";
import { LazyCells } from "./lazyCells";
import { attribute, getPart, parseXml, readRelationships, unescapeOoxml, type Relationship } from "./readXml";
import { FileProblem, PartMap, type Package } from "./zip";
import { findPart } from "./parts";
import { WorkbookCells } from "./cellParts";
import { readAddinSettings } from "./addinSettings";
import { readJournal } from "../../read/journal";
import { checkedJournal } from "../../actions/rederive";
import { HEAD_FORMULA_CHARS, isHeadName } from "../../read/head";
import { readSeal } from "../../read/seal";
import type { HandSheet } from "../../actions/adopt/types";

/** A sheet as the workbook lists it. */
interface SheetEntry {
  readonly name: string;
  /** its part; undefined when the workbook names none */
  readonly part: string | undefined;
  /** "worksheet", or "chartsheet" and the like, which hold no cells */
  readonly kind: string;
  /** hidden or very hidden */
  readonly hidden?: boolean;
}

interface Book {
  /** in the workbook's order */
  readonly sheets: readonly SheetEntry[];
  /** the formula of each workbook name that keeps the book's head (read/head.ts): one, as the add-in writes it */
  readonly heads: readonly string[];
  readonly date1904: boolean;
  readonly sharedStrings: string;
  readonly styles: string;
}

/** An Excel table (a table part). */
interface TablePart {
  readonly name: string;
  readonly area: Area;
  /** 0 when the table has no header row (its headers are then only in the table part) */
  readonly headerRows: number;
  readonly totalsRows: number;
  readonly columns: readonly string[];
}

/** Sheets larger than this are let go of once read (a Deaths log of a million rows is over 100 MB of text). */
const RELEASE_ABOVE = 16 * 1024 * 1024;

/** No message echoes more than this many characters of a cell. */
const ECHO = 200;
/** Merged ranges and formulas named one by one per table; the rest are counted in one more problem. */
const NAMED = 10;

const clip = (text: string): string => (text.length > ECHO ? `${text.slice(0, ECHO - 1)}…` : text);

const TRUE = (value: string | undefined): boolean => value === "1" || value === "true";

function damaged(detail: string): FileProblem {
  return new FileProblem(`The workbook is damaged: ${detail}. Open it in Excel or LibreOffice, save it again, and try again.`);
}

/** The workbook part: its sheets in order, the 1904 date setting, and where the shared strings and styles are. */
function readBook(pkg: Package): Book {
  const main = readRelationships(pkg, "").find((r) => r.kind === "officeDocument")?.part ?? "xl/workbook.xml";
  const bytes = getPart(pkg, main);
  if (bytes === undefined) throw damaged(`it has no workbook part (${main})`);
  const rels = new Map<string, Relationship>(readRelationships(pkg, main).map((r) => [r.id, r]));
  const sheets: SheetEntry[] = [];
  let date1904 = false;
  // The workbook's own names for the book's head, not ones bound to a sheet: all of them, since a
  // second copy another program left makes the head untrustworthy, whichever is taken.
  let inHead = false;
  const heads: string[] = [];
  parseXml(main, bytes, {
    open(name, attrs) {
      if (name === "workbookPr") date1904 = TRUE(attrs["date1904"]);
      if (name === "definedName") {
        inHead = isHeadName(attrs["name"]) && attrs["localSheetId"] === undefined;
        if (inHead) heads.push("=");
      }
      if (name !== "sheet") return;
      const rel = rels.get(attribute(attrs, "id") ?? "");
      const state = attrs["state"];
      sheets.push({
        name: attrs["name"] ?? "",
        part: rel?.part,
        kind: rel?.kind ?? "",
        ...(state === "hidden" || state === "veryHidden" ? { hidden: true } : {}),
      });
    },
    text(text) {
      // Kept up to one character past the longest head the add-in writes: a longer one is garbled
      // (read/head.ts), and holding megabytes of it would only cost memory.
      if (inHead) heads.push(`${heads.pop() ?? "="}${text}`.slice(0, HEAD_FORMULA_CHARS + 2));
    },
    close(name) {
      if (name === "definedName") inHead = false;
    },
  });
  const partOf = (kind: string, usual: string) => [...rels.values()].find((r) => r.kind === kind)?.part ?? usual;
  return {
    sheets,
    date1904,
    sharedStrings: partOf("sharedStrings", "xl/sharedStrings.xml"),
    styles: partOf("styles", "xl/styles.xml"),
    heads,
  };
}

function readTable(pkg: Package, part: string): TablePart | undefined {
  const bytes = getPart(pkg, part);
  if (bytes === undefined) return undefined;
  let table: Omit<TablePart, "columns"> | undefined;
  const columns: string[] = [];
  parseXml(part, bytes, {
    open(name, attrs) {
      if (name === "table") {
        const area = parseArea(attrs["ref"] ?? "");
        // Excel shows (and Office.js names) a table by its displayName; name is the same in ordinary files
        const tableName = attrs["displayName"] ?? attrs["name"];
        if (area === null || tableName === undefined) return;
        checkInExcel(`the table ${tableName.slice(0, 40)}`, attrs["ref"] ?? "", area);
        table = { name: tableName, area, headerRows: Number(attrs["headerRowCount"] ?? 1) || 0, totalsRows: Number(attrs["totalsRowCount"] ?? 0) || 0 };
      } else if (name === "tableColumn") columns.push(unescapeOoxml(attrs["name"] ?? ""));
    },
  });
  return table === undefined ? undefined : { ...table, columns };
}

/** One table to read: a spec's Excel table, or its sheet. */
interface Plan {
  readonly spec: TableSpec;
  readonly sheet: SheetEntry & { readonly part: string };
  /** undefined for a plain sheet */
  readonly table: TablePart | undefined;
  readonly block: Block;
}

/** Which tables to read, and where: for each name, an Excel table of that name first, else a sheet of that name. */
function planTables(pkg: Package, book: Book): Plan[] {
  const worksheets = book.sheets.filter((s): s is SheetEntry & { part: string } => s.kind === "worksheet" && s.part !== undefined);
  const tablesOf = new Map(
    worksheets.map((sheet) => [sheet, readRelationships(pkg, sheet.part).flatMap((r) => (r.kind === "table" ? (readTable(pkg, r.part) ?? []) : []))]),
  );
  const plans: Plan[] = [];
  for (const spec of READ_TABLES) {
    const key = spec.name.toLowerCase();
    let found: Plan | undefined;
    for (const [sheet, tables] of tablesOf) {
      const table = tables.find((t) => t.name.toLowerCase() === key);
      if (table === undefined) continue;
      const { area } = table;
      const others = tables.filter((t) => t !== table).map((t) => t.area);
      // The block stops above the totals row, which is not data; the watch for stray rows starts under it.
      found = { spec, sheet, table, block: new Block(area.top, area.bottom - table.totalsRows, area.left, area.right, area.bottom + 1, others) };
      break;
    }
    if (found === undefined) {
      const sheet = worksheets.find((s) => s.name.toLowerCase() === key && !GENERATED_SHEET.test(s.name));
      // A plain sheet: headers in row 1, as wide as row 1 is used, down to the last used row.
      if (sheet !== undefined) found = { spec, sheet, table: undefined, block: new Block(1, Infinity, 1, -1, Infinity) };
    }
    if (found !== undefined) plans.push(found);
  }
  return plans;
}

/** A header as a column name for a problem. */
function headerText(headers: readonly RawCell[], index: number): string | undefined {
  const h = headers[index];
  const text = typeof h === "string" ? h.trim() : typeof h === "number" ? String(h) : "";
  return text === "" ? undefined : clip(text);
}

/** A block's rows as its header row and the rows under it (sliced off, not taken apart one by one: a log has a hundred thousand). */
function split(rows: RawCell[][]): { headers: RawCell[]; body: RawCell[][] } {
  return { headers: rows[0] ?? [], body: rows.slice(1) };
}

/** The table as the rules read it, and the problems of its cells. */
function finish(plan: Plan, scan: SheetScan): { raw: RawTable; problems: Problem[] } {
  const { spec, sheet, table, block } = plan;
  let raw: RawTable;
  let area: Area; // the cells read, header row included
  if (table !== undefined) {
    const last = table.area.bottom - table.totalsRows;
    const rows = block.rows(last);
    // A table without a header row keeps its column names in the table part only.
    const { headers, body } = table.headerRows > 0 ? split(rows) : { headers: table.columns.slice(0, block.width), body: rows };
    const headerRow = table.headerRows > 0 ? table.area.top : table.area.top - 1;
    raw = { name: table.name, sheet: sheet.name, headerRow, firstColumn: table.area.left, headers, rows: body, isTable: true };
    area = { top: table.area.top, left: table.area.left, bottom: last, right: table.area.right };
  } else {
    const last = Math.max(scan.lastUsedRow, 1);
    const { headers, body } = split(block.rows(last));
    raw = { name: sheet.name, sheet: sheet.name, headerRow: 1, firstColumn: 1, headers, rows: body, isTable: false };
    area = { top: 1, left: 1, bottom: last, right: block.right };
  }
  if (block.width === 0) return { raw, problems: [] };

  const problems: Problem[] = [];
  const at = (row: number, column: number, address: string, message: string): Problem => {
    const header = headerText(raw.headers, column - area.left);
    return tableError(spec.name, message, { row, ...(header !== undefined ? { column: header } : {}), address });
  };
  const range = (a: Area) => `${quoteSheet(sheet.name)}!${areaRef(a)}`;

  // Merged cells: only the first cell of a merged range holds its value, so the rows it spans
  // would not each carry it. Refused, naming the range.
  const merged = scan.merges.filter((m) => m.top <= area.bottom && m.bottom >= area.top && m.left <= area.right && m.right >= area.left);
  for (const m of merged.slice(0, NAMED)) {
    // In a plain sheet's row 1, where its column names are read, a merge is most often a title
    // over headers kept lower down: typing its value in each cell would make every column that name.
    const inHeaders = table === undefined && m.top <= area.top;
    problems.push(
      at(
        Math.max(m.top, area.top),
        Math.max(m.left, area.left),
        range(m),
        inHeaders
          ? `cells ${areaRef(m)} are merged in row 1, where the add-in reads the sheet's column names, one in each cell. If row 1 is a title over the headers, delete that row, so that the headers are in row 1; otherwise unmerge the cells and type each column's name in its own cell. A sheet kept with a title or merged headers can also be brought in as it is with gods adopt (see docs/adopt.md).`
          : `cells ${areaRef(m)} are merged; a merged cell keeps its value in its first cell only, so the others would read as empty. Unmerge them and type the value in each cell.`,
      ),
    );
  }
  if (merged.length > NAMED) {
    problems.push(
      tableError(
        spec.name,
        `${merged.length - NAMED} more ranges of cells in the ${spec.name} table are merged; unmerge every merged cell of the table and type the value in each cell.`,
      ),
    );
  }

  // Formulas with no saved result (as files written by scripts have): their value is unknown here.
  for (const f of block.missing) {
    const formula = f.formula === "" ? "" : ` (${clip(`=${f.formula}`)})`;
    problems.push(
      at(
        f.row,
        f.column,
        cellAddress(sheet.name, f.row, f.column),
        `cell ${columnLetter(f.column)}${f.row} holds a formula${formula} with no saved result; open and save the file in Excel or LibreOffice once, then try again.`,
      ),
    );
  }
  if (block.missingCount > block.missing.length) {
    problems.push(
      tableError(
        spec.name,
        `${block.missingCount - block.missing.length} more cells of the ${spec.name} table hold formulas with no saved result; open and save the file in Excel or LibreOffice once, then try again.`,
      ),
    );
  }

  // Rows typed right under a table are not in it: they would be left out without a word.
  if (block.underFirst > 0) {
    problems.push(rowsUnderTable(spec.name, sheet.name, block.underFirst, block.underLast, area.left, area.right));
  }
  return { raw, problems };
}

/**
 * Every table the add-in reads (the names in READ_TABLES), from an opened package: Excel
 * tables by name first, then plain sheets by name. Each sheet part that holds one is read once;
 * the shared strings and styles only if a kept cell needs them.
 */
export function readPackage(pkg: Package): RawWorkbook {
  const book = readBook(pkg);
  const plans = planTables(pkg, book);
  const cells = new WorkbookCells(pkg, book);

  const scans = new Map<string, SheetScan>();
  for (const part of new Set(plans.map((p) => p.sheet.part))) {
    const bytes = getPart(pkg, part);
    const sheet = plans.find((p) => p.sheet.part === part)?.sheet.name ?? part;
    if (bytes === undefined) throw damaged(`the sheet ${sheet} has no part (${part})`);
    const blocks = plans.filter((p) => p.sheet.part === part).map((p) => p.block);
    scans.set(part, scanSheet(part, bytes, blocks, cells, sheet));
    // A large sheet's text is not kept once its cells are: a command that writes it unpacks it again.
    if (bytes.length > RELEASE_ABOVE && pkg.parts instanceof PartMap) pkg.parts.release(findPart(pkg.parts, part) ?? part);
  }

  // The sheets the add-in generates, read back: whole, the Ledger's seal (first), the Death
  // Worksheets (what each paid century counted) and the History; and the title (A1) of each
  // other sheet named as the add-in names its own, unless the seal lists it as the add-in's (a
  // title tells the add-in's sheet from a gamemaster's sheet of the same name). The sheets the
  // seal lists are not even unpacked: a command reads what it needs, not the campaign's age.
  const generatedCells = new LazyCells();
  const sheetTitles = new Map<string, RawCell>();
  const generated = book.sheets.filter(
    (s): s is SheetEntry & { part: string } => s.kind === "worksheet" && s.part !== undefined && GENERATED_SHEET.test(s.name),
  );
  const whole = (name: string) => DEATH_SHEET.test(name) || name === SEAL_SHEET || name === STORY_SHEETS.history;
  const sealFirst = [...generated.filter((s) => s.name === SEAL_SHEET), ...generated.filter((s) => s.name !== SEAL_SHEET)];
  let listed: ReadonlySet<string> = new Set();
  // The centuries whose counts the seal keeps: their Death Worksheets need no reading.
  let counted: ReadonlyMap<number, unknown> = new Map();
  for (const sheet of sealFirst) {
    if (!whole(sheet.name) && listed.has(sheet.name.toLowerCase())) continue;
    const death = DEATH_SHEET.exec(sheet.name);
    if (death !== null && counted.has(Number(death[1])) && listed.has(sheet.name.toLowerCase())) continue;
    const all = whole(sheet.name);
    const right = sheet.name === STORY_SHEETS.history ? HISTORY_HEADERS.length : 4;
    const read = (): RawCell[][] | undefined => {
      const bytes = getPart(pkg, sheet.part);
      if (bytes === undefined) return undefined;
      const block = new Block(1, all ? Infinity : 1, 1, all ? right : 1, Infinity);
      const scan = scanSheet(sheet.part, bytes, [block], cells, sheet.name);
      return block.rows(all ? scan.lastUsedRow : 1);
    };
    if (sheet.name === STORY_SHEETS.history) {
      // The History is read when a command first asks for it (the century end, the packet, a
      // rename): every other command leaves it unread, however many centuries it holds.
      generatedCells.defer(sheet.name, () => {
        const rows = read() ?? [];
        sheetTitles.set(sheet.name, rows[0]?.[0] ?? null);
        return rows;
      });
      continue;
    }
    const rows = read();
    if (rows === undefined) continue;
    sheetTitles.set(sheet.name, rows[0]?.[0] ?? null);
    if (all) generatedCells.set(sheet.name, rows);
    if (sheet.name === SEAL_SHEET) {
      const seal = readSeal(rows);
      listed = seal?.sheets ?? listed;
      counted = seal?.counted ?? counted;
    }
  }

  const tables = new Map<string, RawTable>();
  const problems: Problem[] = [];
  for (const plan of plans) {
    const scan = scans.get(plan.sheet.part);
    if (scan === undefined) continue;
    const done = finish(plan, scan);
    tables.set(plan.spec.name.toLowerCase(), done.raw);
    for (const p of done.problems) problems.push(p);
  }
  // The add-in's journal, when Excel saved the file with an action of the add-in under way.
  const journal = readJournal(readAddinSettings(pkg.parts), Date.now());
  return checkedJournal({
    tables,
    sheetNames: book.sheets.map((s) => s.name),
    visibleSheets: book.sheets.filter((s) => s.hidden !== true).map((s) => s.name),
    ...(problems.length > 0 ? { problems } : {}),
    ...(generatedCells.size > 0 ? { generatedCells } : {}),
    ...(sheetTitles.size > 0 ? { sheetTitles } : {}),
    ...(journal === undefined ? {} : { journal }),
    ...(book.heads[0] === undefined ? {} : { bookHead: book.heads[0] }),
    ...(book.heads.length > 1 ? { headCopies: book.heads.length } : {}),
  });
}

/** The widest a sheet kept by hand is read: columns A to BL. */
const HAND_COLUMNS = 64;

/**
 * Every worksheet as it is, each cell from A1 (for bringing a campaign kept by hand in): all but
 * those `skip` names. A sheet named as the add-in names its own ("C2 Mana") may be the
 * gamemaster's: the planner tells them apart by their title. Trailing empty cells of each row
 * are left off.
 */
export function readHandSheets(pkg: Package, skip: (name: string) => boolean = () => false): HandSheet[] {
  const book = readBook(pkg);
  const cells = new WorkbookCells(pkg, book);
  const out: HandSheet[] = [];
  for (const sheet of book.sheets) {
    if (sheet.kind !== "worksheet" || sheet.part === undefined || skip(sheet.name)) continue;
    const bytes = getPart(pkg, sheet.part);
    if (bytes === undefined) throw damaged(`the sheet ${sheet.name} has no part (${sheet.part})`);
    const block = new Block(1, Infinity, 1, HAND_COLUMNS, Infinity);
    const scan = scanSheet(sheet.part, bytes, [block], cells, sheet.name);
    const rows = block.rows(scan.lastUsedRow).map((r) => {
      let end = r.length;
      while (end > 0 && (r[end - 1] === null || r[end - 1] === "")) end--;
      return r.slice(0, end);
    });
    out.push({ name: sheet.name, rows, merges: scan.merges, unsaved: block.missing.map((m) => ({ row: m.row, column: m.column })) });
  }
  return out;
}
