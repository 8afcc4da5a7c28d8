/**
 * Reads the rows of one input table by its column specification, turning each cell into what
 * the rules need and collecting a problem, in a gamemaster's words, for every cell that is wrong.
 */
import { exactNumber, isBlank, YES_NO_WORDS, yesNo } from "../../engine/cells";
import type { Ratio } from "../../engine/exact";
import { cellAddress } from "./address";
import { isBlankRow, isErrorCell, type RawCell, type RawTable } from "./raw";
import { tableError, type Problem, type Severity } from "./problems";
import { LEDGER, namesColumn, normalizeHeader, type TableSpec } from "./schema";
import { escapeControls, NAME_LENGTH, unwritableIn, WHAT_LENGTH } from "./names";

export { escapeControls, NAME_LENGTH } from "./names";

/** At most this much of a cell's text is ever repeated in a message. */
export const SHOWN_LENGTH = 200;

/** Numbers in a campaign stay below this; anything larger is a typo, and beyond it a double is no longer exact in whole units. */
export const LARGEST_NUMBER = 1e15;

function shown(value: RawCell): string {
  if (typeof value === "string") {
    const text = escapeControls(value.length > SHOWN_LENGTH ? value.slice(0, SHOWN_LENGTH) : value);
    return value.length > SHOWN_LENGTH ? `"${text}…" (${value.length.toLocaleString("en")} characters)` : `"${text}"`;
  }
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (isErrorCell(value)) return `the error ${value.error}`;
  return String(value);
}

/** The position of a column among a table's headers, matched as headers match (case and spaces aside); -1 when it has none. */
export function columnIndex(table: { readonly headers: readonly RawCell[] }, header: string): number {
  const key = normalizeHeader(header);
  return table.headers.findIndex((h) => normalizeHeader(h) === key);
}

/** The address of a cell of a table, by sheet row and column header (the first column when the header is missing). */
export function addressIn(raw: RawTable, row: number, header: string | undefined): string {
  const col = header === undefined ? -1 : columnIndex(raw, header);
  return cellAddress(raw.sheet, row, raw.firstColumn + Math.max(0, col));
}

/** How far down a plain sheet its headers are looked for, under titles. */
const TITLE_ROWS = 10;

/**
 * A plain sheet whose headers stand lower, under a title (a sheet kept by hand): what to do, or
 * nothing when no row near the top holds every column the table needs.
 */
function headersLower(raw: RawTable, spec: TableSpec): string {
  if (raw.isTable) return "";
  // (The sheet is read as wide as its row 1: under a title in A1, only the first column of the headers.)
  const names = new Set(spec.columns.map((c) => normalizeHeader(c.header)));
  const needed = spec.columns.filter((c) => c.required).map((c) => normalizeHeader(c.header));
  const at = raw.rows.slice(0, TITLE_ROWS).findIndex((cells) => {
    const keys = cells.map(normalizeHeader).filter((k) => k !== "");
    return keys.length > 0 && keys.every((k) => names.has(k)) && keys.some((k) => needed.includes(k));
  });
  if (at < 0) return "";
  const row = raw.headerRow + 1 + at;
  const above = row - 1 === 1 ? "row 1" : `rows 1 to ${row - 1}`;
  return ` Its headers seem to be in row ${row}, under a title: delete ${above}, so that they are in row 1, or bring the sheet in as it is with gods adopt (see docs/adopt.md).`;
}

export class TableReader {
  private readonly index = new Map<string, number>();
  readonly ok: boolean;

  constructor(
    readonly raw: RawTable,
    readonly spec: TableSpec,
    private readonly problems: Problem[],
  ) {
    raw.headers.forEach((h, i) => {
      const k = normalizeHeader(h);
      if (k !== "" && !this.index.has(k)) this.index.set(k, i);
    });
    let ok = true;
    for (const c of spec.columns) {
      if (c.required && !this.index.has(normalizeHeader(c.header))) {
        const have = raw.headers.filter(namesColumn).map((h) => String(h));
        problems.push(
          tableError(
            spec.name,
            `there is no ${c.header} column. The ${spec.name} table needs the columns ${spec.columns
              .filter((x) => x.required)
              .map((x) => x.header)
              .join(", ")}; it has ${have.length ? have.join(", ") : "no headers"} (headers are in row ${raw.headerRow}).${ok ? headersLower(raw, spec) : ""}`,
            { row: raw.headerRow, address: cellAddress(raw.sheet, raw.headerRow, raw.firstColumn) },
          ),
        );
        ok = false;
      }
    }
    this.ok = ok;
  }

  has(header: string): boolean {
    return this.columnOf(header) !== undefined;
  }

  /** Every row that holds something, with a reader for its cells. */
  *rows(): Generator<RowReader> {
    for (let i = 0; i < this.raw.rows.length; i++) {
      const cells = this.raw.rows[i] ?? [];
      if (isBlankRow(cells)) continue;
      yield new RowReader(this, cells, this.raw.headerRow + 1 + i, i);
    }
  }

  // Column lookups happen for every cell of every row: remember each header's position.
  private readonly positions = new Map<string, number | undefined>();

  columnOf(header: string): number | undefined {
    if (this.positions.has(header)) return this.positions.get(header);
    const position = this.index.get(this.key(header));
    this.positions.set(header, position);
    return position;
  }

  // Each header the code asks for, as headers match: worked out once, not for every cell.
  private readonly keys = new Map<string, string>();

  key(header: string): string {
    let key = this.keys.get(header);
    if (key === undefined) this.keys.set(header, (key = normalizeHeader(header)));
    return key;
  }

  address(row: number, header: string | undefined): string {
    const col = header === undefined ? undefined : this.columnOf(header);
    return cellAddress(this.raw.sheet, row, this.raw.firstColumn + (col ?? 0));
  }

  report(severity: Severity, row: number | undefined, header: string | undefined, message: string, changesPay = false, more: Partial<Problem> = {}): void {
    const p: Problem = {
      ...more,
      severity,
      ...(changesPay ? { changesPay } : {}),
      table: this.spec.name,
      message,
      ...(row === undefined ? {} : { row }),
      ...(header === undefined ? {} : { column: header }),
      address: this.address(row ?? this.raw.headerRow, header),
    };
    this.problems.push(p);
  }
}

export class RowReader {
  constructor(
    private readonly table: TableReader,
    private readonly cells: readonly RawCell[],
    /** the sheet row the user sees */
    readonly row: number,
    /** among the rows under the headers, from 0: how edits name the row */
    readonly index: number,
  ) {}

  private cell(header: string): RawCell {
    const i = this.table.columnOf(header);
    return i === undefined ? null : (this.cells[i] ?? null);
  }

  has(header: string): boolean {
    return this.table.has(header);
  }

  /** Whether the cell holds nothing (or the table has no such column). */
  isEmpty(header: string): boolean {
    return isBlank(this.cell(header));
  }

  address(header: string): string {
    return this.table.address(this.row, header);
  }

  error(header: string | undefined, message: string): void {
    this.table.report("error", this.row, header, message);
  }

  warn(header: string | undefined, message: string): void {
    this.table.report("warning", this.row, header, message);
  }

  /** A warning that changes what someone is paid: the write waits until the gamemaster accepts it. */
  warnPay(header: string | undefined, message: string, more: Partial<Problem> = {}): void {
    this.table.report("warning", this.row, header, message, true, more);
  }

  /** Text, trimmed. A required empty cell is a problem; numbers are read as their text. A cell that cannot be text is a problem of the given severity. */
  text(header: string, required = true, severity: Severity = "error"): string | undefined {
    const v = this.cell(header);
    if (isBlank(v)) {
      if (required) this.error(header, "this cell is empty; every row needs one.");
      return undefined;
    }
    if (isErrorCell(v)) {
      this.table.report(severity, this.row, header, `holds ${shown(v)}.`);
      return undefined;
    }
    const raw = String(v);
    // A note may run over several lines; nothing else may hold a control character (one typed
    // from a script, or written _x000B_ in the file), which nobody can see and every writer drops,
    // nor any other character a workbook file cannot keep.
    const key = this.table.key(header);
    const bad = unwritableIn(raw, key === "note");
    if (bad !== undefined) {
      const control = Number.parseInt(bad.slice(2), 16) < 0x80;
      this.table.report(
        severity,
        this.row,
        header,
        `the name in ${this.address(header)} holds ${control ? "an invisible control character" : "a character no workbook file can keep"} (${bad}), shown here as ${shown(raw)}; retype it.`,
      );
      return undefined;
    }
    const text = raw.trim();
    const longest = this.table.spec === LEDGER && key === "what" ? WHAT_LENGTH : NAME_LENGTH;
    if (text.length > longest && key !== "note") {
      this.table.report(
        severity,
        this.row,
        header,
        `holds ${text.length.toLocaleString("en")} characters, beginning ${shown(text)}; a name or word here is at most ${longest}. Was something pasted into the wrong cell?`,
      );
      return undefined;
    }
    return text;
  }

  private number(header: string, required: boolean, what: string, severity: Severity = "error"): Ratio | undefined | null {
    const v = this.cell(header);
    if (isBlank(v)) {
      if (required) this.table.report(severity, this.row, header, `this cell is empty; it needs ${what}.`);
      return null;
    }
    const r = exactNumber(v);
    if (r === null) {
      this.table.report(severity, this.row, header, `${shown(v)} is not a number; it needs ${what}.`);
      return undefined;
    }
    const size = r.n < 0n ? -r.n : r.n;
    if (size >= BigInt(LARGEST_NUMBER) * r.d) {
      this.table.report(severity, this.row, header, `${shown(v)} is too large: numbers in a campaign stay below 1,000,000,000,000,000. Is it a typo?`);
      return undefined;
    }
    return r;
  }

  /** A whole number ≥ min; empty gives the fallback when not required. */
  whole(header: string, options: { required?: boolean; min?: number; fallback?: number; what?: string } = {}): number | undefined {
    const { required = true, min = 0, fallback = 0 } = options;
    const v = this.cell(header);
    // The common case, a whole number typed as a number, needs no exact reading.
    if (typeof v === "number" && Number.isSafeInteger(v) && v >= min && v < LARGEST_NUMBER) return v;
    const what = options.what ?? `a whole number, ${min} or more`;
    const r = this.number(header, required, what);
    if (r === null) return required ? undefined : fallback;
    if (r === undefined) return undefined;
    const n = Number(r.n) / Number(r.d);
    if (r.d !== 1n || n < min || !Number.isSafeInteger(n)) {
      this.error(header, `${n} is not ${what}.`);
      return undefined;
    }
    return n;
  }

  /** An exact number ≥ 0. */
  decimal(header: string, what = "a number, 0 or more"): Ratio | undefined {
    return this.optionalDecimal(header, what, "error", true) ?? undefined;
  }

  /** An exact number ≥ 0 that may be left empty (null); a problem of the given severity otherwise (undefined). */
  optionalDecimal(header: string, what: string, severity: Severity, required = false): Ratio | null | undefined {
    const r = this.number(header, required, what, severity);
    if (r === null || r === undefined) return r;
    if (r.n < 0n) {
      this.table.report(severity, this.row, header, `${Number(r.n) / Number(r.d)} is negative; it needs ${what}.`);
      return undefined;
    }
    return r;
  }

  /** An exact number of either sign that must be there (a Ledger's amounts, where a debit is below 0). */
  signedDecimal(header: string, what: string): Ratio | undefined {
    return this.number(header, true, what) ?? undefined;
  }

  /** A whole number of either sign (Military, Aggression) that may be left empty (null); a problem of the given severity otherwise (undefined). */
  optionalSigned(header: string, what: string, severity: Severity): number | null | undefined {
    const r = this.number(header, false, what, severity);
    if (r === null || r === undefined) return r;
    const n = Number(r.n) / Number(r.d);
    if (r.d !== 1n || !Number.isSafeInteger(n)) {
      this.table.report(severity, this.row, header, `${n} is not ${what}.`);
      return undefined;
    }
    return n;
  }

  yesNo(header: string): boolean | undefined {
    const v = this.cell(header);
    const answer = isErrorCell(v) ? null : yesNo(v);
    if (answer === null) this.error(header, `${shown(v)} should be ${YES_NO_WORDS}.`);
    return answer ?? undefined;
  }

  /** One word from a list (case ignored); empty gives the fallback. */
  choice<T extends string>(header: string, options: readonly T[], fallback: T | undefined): T | undefined {
    const v = this.cell(header);
    if (isBlank(v)) {
      if (fallback === undefined) this.error(header, `this cell is empty; write one of ${options.join(", ")}.`);
      return fallback;
    }
    const k = isErrorCell(v) ? undefined : String(v).trim().toLowerCase().replace(/\s+/g, "-");
    const found = options.find((o) => o === k);
    if (found === undefined) this.error(header, `${shown(v)} is not one of ${options.join(", ")}.`);
    return found;
  }
}
