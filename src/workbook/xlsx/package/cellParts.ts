/**
 * What a sheet's cells refer to across the workbook: the shared strings, and whether a cell's
 * style shows a date. Each part is read once, and only when a kept cell first needs it.
 */
import { getPart, parseXml, unescapeOoxml } from "./readXml";
import type { CellSource } from "./readSheet";
import type { Package } from "./zip";

/** Where the workbook keeps its shared strings and styles, and its date system. */
export interface WorkbookParts {
  readonly date1904: boolean;
  readonly sharedStrings: string;
  readonly styles: string;
}

/** Every text of the shared-string table, rich text joined, phonetic guides left out. */
function readSharedStrings(pkg: Package, part: string): string[] {
  const bytes = getPart(pkg, part);
  const strings: string[] = [];
  if (bytes === undefined) return strings;
  let text = "";
  let inT = false;
  let inPhonetic = false;
  parseXml(part, bytes, {
    open(name) {
      if (name === "si") text = "";
      else if (name === "t") inT = !inPhonetic;
      else if (name === "rPh") inPhonetic = true;
    },
    text(t) {
      if (inT) text += t;
    },
    close(name) {
      if (name === "t") inT = false;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "si") strings.push(unescapeOoxml(text));
    },
  });
  return strings;
}

/**
 * Whether a number format shows a date or time: a letter d, m, y, h or s outside quoted text,
 * [brackets] (colours, conditions, locales, elapsed-time markers are read with what follows),
 * escaped characters and the spacing codes _x and *x.
 */
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\\./g, "")
    .replace(/[_*]./g, "");
  return /[dmyhs]/i.test(bare);
}

/** Excel's built-in formats that show dates and times: 14–22 (dates, times) and 45–47 (minutes and seconds). */
const isBuiltInDate = (id: number): boolean => (id >= 14 && id <= 22) || (id >= 45 && id <= 47);

/** For each cell style (cellXfs, by index), whether it shows a date. */
function readDateStyles(pkg: Package, part: string): boolean[] {
  const bytes = getPart(pkg, part);
  if (bytes === undefined) return [];
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  parseXml(part, bytes, {
    open(name, attrs) {
      if (name === "numFmt") formats.set(Number(attrs["numFmtId"]), attrs["formatCode"] ?? "");
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) styleFormats.push(Number(attrs["numFmtId"] ?? 0) || 0);
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return styleFormats.map((id) => {
    const custom = formats.get(id);
    return custom !== undefined ? isDateFormat(custom) : isBuiltInDate(id);
  });
}

/** Shared strings and styles, each read once, and only when a kept cell first needs them. */
export class WorkbookCells implements CellSource {
  private strings: string[] | undefined;
  private dates: boolean[] | undefined;

  constructor(
    private readonly pkg: Package,
    private readonly book: WorkbookParts,
  ) {}

  get date1904(): boolean {
    return this.book.date1904;
  }

  sharedString(index: number): string | null {
    this.strings ??= readSharedStrings(this.pkg, this.book.sharedStrings);
    return this.strings[index] ?? null;
  }

  isDateStyle(style: number): boolean {
    this.dates ??= readDateStyles(this.pkg, this.book.styles);
    return this.dates[style] === true;
  }
}
