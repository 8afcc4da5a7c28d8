/**
 * Writing the Ledger's new body into the sheet that already holds it, as text edits of that
 * sheet's part: only the Ledger's cells change (its columns, from the row under its headers
 * down), every other cell of the sheet stays exactly as it was, and an Excel table around the
 * Ledger is stretched or shrunk to the new body.
 */
import { areaRef, columnLetter, parseArea, type Area } from "../../model/address";
import type { PlanValue } from "../../plan/layout";
import { cellXml } from "./sheet";
import type { StyleBook } from "./styles";
import { cellsOf, holdsSomething, prefixed, rowXml, type Cell } from "./cells";
import {
  applyEdits,
  attr,
  child,
  childBefore,
  childElements,
  escapeAttr,
  prefixOf,
  rootElement,
  rootQuick,
  rowFromStart,
  rowsFromEnd,
  setAttr,
  sheetDataQuick,
  XmlProblem,
  type Edit,
  type Span,
} from "./xml";

export interface LedgerBody {
  /** sheet row of the header row, and sheet column of the first column (1-based) */
  readonly top: number;
  readonly left: number;
  /** how many Ledger columns are written */
  readonly width: number;
  /** the new body, each row `width` values */
  readonly rows: readonly (readonly PlanValue[])[];
  /** how many rows the old body had */
  readonly oldRows: number;
  /** how many rows at the body's top are unchanged: they are left exactly as they are */
  readonly unchanged: number;
  /** headers of columns the Ledger gains, written at the right end of its header row */
  readonly newHeaders: readonly string[];
  /** each written column's number format */
  readonly formats: readonly string[];
  /**
   * An Excel table's totals row: it sits under the body, so it moves with the body's end.
   * `left`/`right` are the table's columns (all of them move, not only the Ledger's).
   */
  readonly totals?: { readonly left: number; readonly right: number };
}

/** Cells of the gamemaster's where the Ledger must grow. */
export class CellsInTheWay extends Error {}

/** A cell moved to another place: the same content under a new address. */
function readdressed(cell: Cell, ref: string): string {
  return setAttr(cell.span.tag, "r", ref) + cell.xml.slice(cell.span.tag.length);
}

/** Gives a cell its address when the file left it implied by its place. */
function addressed(cell: Cell, row: number): string {
  return attr(cell.span.tag, "r") === undefined ? readdressed(cell, `${columnLetter(cell.column)}${row}`) : cell.xml;
}

/** The sheet part with the Ledger's new body written in. */
export function writeLedgerBody(text: string, body: LedgerBody, styles: StyleBook): string {
  const { top, left, width, rows: values, oldRows, totals, newHeaders } = body;
  const firstRow = top + 1;
  const firstWritten = newHeaders.length > 0 ? top : firstRow + Math.min(body.unchanged, oldRows, values.length);
  // A credit adds rows at the Ledger's end: only its last rows are looked at, however long the
  // book (the whole sheet is walked when the part is not as plainly written, or columns are added).
  const quick = newHeaders.length > 0 ? undefined : quickRows(text, firstWritten, firstRow);
  const root = quick?.root ?? rootElement(text);
  const sheetData = quick?.sheetData ?? child(text, root, "sheetData");
  if (sheetData === undefined) throw new XmlProblem("the Ledger's sheet has no cell data");
  const prefix = prefixOf(sheetData);
  const right = left + width - 1;
  const headerFrom = right - newHeaders.length + 1;
  const oldBodyEnd = top + oldRows;
  const newBodyEnd = top + values.length;
  const oldTotalsRow = totals === undefined ? undefined : oldBodyEnd + 1;
  const newTotalsRow = totals === undefined ? undefined : newBodyEnd + 1;
  const lastRow = Math.max(oldBodyEnd, newBodyEnd, oldTotalsRow ?? 0, newTotalsRow ?? 0);

  // The rows as the file holds them, with their numbers (a row without one follows the last):
  // all of them, or, quickly, those from the first written on (the rows above stay as they are).
  const numbered: { span: Span; row: number }[] = [];
  let implied = false;
  if (quick !== undefined) for (const r of quick.rows) numbered.push(r);
  else {
    const rowElements = childElements(text, sheetData).filter((r) => r.local === "row");
    let previous = 0;
    for (const span of rowElements) {
      const r = Number(attr(span.tag, "r"));
      previous = Number.isInteger(r) && r > 0 ? r : previous + 1;
      numbered.push({ span, row: previous });
    }
    // Inserting a row between rows whose numbers are only implied would renumber them: give every row its number.
    implied = rowElements.some((r) => attr(r.tag, "r") === undefined);
  }
  const byRow = new Map(numbered.map((n) => [n.row, n.span]));

  const oldTotalsSpan = oldTotalsRow === undefined ? undefined : byRow.get(oldTotalsRow);
  const oldTotals =
    oldTotalsSpan === undefined || totals === undefined ? [] : cellsOf(text, oldTotalsSpan).filter((c) => c.column >= totals.left && c.column <= totals.right);
  // Each column's look comes from the Ledger's first row as it was, so a decorated Ledger keeps its look.
  const template = new Map<number, number>();
  const firstSpan = byRow.get(firstRow) ?? (quick?.first?.row === firstRow ? quick.first.span : undefined);
  if (firstSpan !== undefined && oldRows > 0) {
    for (const c of cellsOf(text, firstSpan)) {
      const s = Number(attr(c.span.tag, "s"));
      if (c.column >= left && c.column <= right && Number.isInteger(s)) template.set(c.column, s);
    }
  }
  const styleFor = (column: number, existing: Cell | undefined): number | undefined => {
    const format = body.formats[column - left] ?? "General";
    const own = existing === undefined ? NaN : Number(attr(existing.span.tag, "s"));
    const base = Number.isInteger(own) ? own : template.get(column);
    if (base !== undefined) return styles.likeWithFormat(base, format);
    return format === "General" ? undefined : styles.formatStyle(format);
  };

  /** The row's cells after the change, in column order. */
  const rebuild = (row: number, span: Span | undefined): string => {
    const inBody = row >= firstRow && row <= newBodyEnd;
    const wasBody = row >= firstRow && row <= oldBodyEnd;
    const isHeader = row === top && newHeaders.length > 0;
    const owned = (column: number): boolean =>
      (isHeader && column >= headerFrom && column <= right) ||
      ((inBody || wasBody) && column >= left && column <= right) ||
      (totals !== undefined && (row === oldTotalsRow || row === newTotalsRow) && column >= totals.left && column <= totals.right);
    const existing = span === undefined ? [] : cellsOf(text, span);
    const kept: { column: number; xml: string }[] = [];
    const at = new Map<number, Cell>();
    for (const c of existing) {
      if (owned(c.column)) at.set(c.column, c);
      else kept.push({ column: c.column, xml: addressed(c, row) });
    }
    const written: { column: number; xml: string }[] = [];
    if (isHeader) {
      // A new header looks like the header before it.
      const look = existing.filter((c) => c.column < headerFrom && c.column >= left).pop();
      const s = look === undefined ? undefined : Number(attr(look.span.tag, "s"));
      newHeaders.forEach((h, i) =>
        written.push({
          column: headerFrom + i,
          xml: cellXml(`${columnLetter(headerFrom + i)}${row}`, h, s !== undefined && Number.isInteger(s) ? s : undefined),
        }),
      );
    } else if (inBody) {
      const line = values[row - firstRow] ?? [];
      for (let col = left; col <= right; col++) {
        const xml = cellXml(`${columnLetter(col)}${row}`, line[col - left] ?? null, styleFor(col, at.get(col)));
        if (xml !== "") written.push({ column: col, xml });
      }
    } else if (row === newTotalsRow) {
      for (const c of oldTotals) written.push({ column: c.column, xml: readdressed(c, `${columnLetter(c.column)}${row}`) });
    } else if (wasBody) {
      // A row the shorter body no longer reaches: its Ledger cells are emptied, their look kept.
      for (const [col, c] of at) {
        const s = attr(c.span.tag, "s");
        if (col <= right && row !== oldTotalsRow && s !== undefined) written.push({ column: col, xml: `<c r="${columnLetter(col)}${row}" s="${s}"/>` });
      }
    }
    const cells = [...kept, ...written.map((w) => ({ column: w.column, xml: prefixed(w.xml, prefix) }))].sort((a, b) => a.column - b.column);
    const inner = cells.map((c) => c.xml).join("");
    return rowXml(text, span, row, inner, prefix);
  };

  if (newHeaders.length > 0) {
    // The columns the Ledger gains must be free: nothing of the gamemaster's is written over.
    for (const { span, row } of numbered) {
      if (row < top || row > lastRow) continue;
      const taken = cellsOf(text, span).find((c) => c.column >= headerFrom && c.column <= right && holdsSomething(c));
      if (taken !== undefined) {
        throw new CellsInTheWay(
          `The Ledger gains the columns ${newHeaders.join(", ")} at its right (${columnLetter(headerFrom)} to ${columnLetter(right)}), but cell ${columnLetter(taken.column)}${row} there holds something. Move what is in those columns elsewhere, then run again. Nothing was written.`,
        );
      }
    }
  }

  const pieces: string[] = [];
  const missing: number[] = [];
  for (let r = firstWritten; r <= lastRow; r++) if (!byRow.has(r)) missing.push(r);
  let at = quick?.at ?? sheetData.openEnd;
  if (quick !== undefined) pieces.push(text.slice(sheetData.openEnd, quick.at));
  for (const { span, row } of numbered) {
    pieces.push(text.slice(at, span.start));
    while (missing.length > 0 && (missing[0] as number) < row) pieces.push(rebuild(missing.shift() as number, undefined));
    if (row >= firstWritten && row <= lastRow) pieces.push(rebuild(row, span));
    else if (implied && attr(span.tag, "r") === undefined) pieces.push(setAttr(span.tag, "r", String(row)) + text.slice(span.openEnd, span.end));
    else pieces.push(text.slice(span.start, span.end));
    at = span.end;
  }
  for (const r of missing) pieces.push(rebuild(r, undefined));
  const inner = pieces.join("") + (sheetData.selfClosing ? "" : text.slice(at, sheetData.closeStart));
  const open = sheetData.tag.replace(/\s*\/>$/, ">");
  const edits: Edit[] = [{ start: sheetData.start, end: sheetData.end, text: `${open}${inner}</${sheetData.name}>` }];

  // The sheet's used range grows to cover the Ledger; it never shrinks (other cells may lie beyond).
  const dimension = quick !== undefined ? childBefore(text, root, sheetData, "dimension") : child(text, root, "dimension");
  const old = dimension === undefined ? null : parseArea(attr(dimension.tag, "ref") ?? "");
  if (dimension !== undefined && old !== null) {
    const reach: Area = { top, left, bottom: Math.max(lastRow, top), right: Math.max(right, totals?.right ?? right) };
    const union: Area = {
      top: Math.min(old.top, reach.top),
      left: Math.min(old.left, reach.left),
      bottom: Math.max(old.bottom, reach.bottom),
      right: Math.max(old.right, reach.right),
    };
    edits.push({ start: dimension.start, end: dimension.end, text: setAttr(dimension.tag, "ref", areaRef(union)) });
  }
  return applyEdits(text, edits);
}

/**
 * The Ledger's sheet found quickly: its root, its sheetData, the rows numbered `from` or more and
 * where they begin, and its first body row (for the look of new cells); undefined when the part is
 * not plain enough to find them so.
 */
function quickRows(
  text: string,
  from: number,
  firstRow: number,
): { root: Span; sheetData: Span; at: number; rows: { span: Span; row: number }[]; first: { span: Span; row: number } | undefined } | undefined {
  const root = rootQuick(text);
  const sheetData = root === undefined ? undefined : sheetDataQuick(text, root);
  if (root === undefined || sheetData === undefined) return undefined;
  const tail = rowsFromEnd(text, sheetData, from);
  if (tail === undefined) return undefined;
  const first = sheetData.selfClosing ? undefined : rowFromStart(text, sheetData, firstRow);
  return { root, sheetData, ...tail, first };
}

/**
 * A table part with its range moved to the Ledger's new end: the table's `ref` (headers, body and
 * any totals row), its autofilter (headers and body) and a saved sort (body) alike.
 */
export function resizeTable(text: string, area: Area, totalsRows: number, newColumns: readonly string[] = []): string {
  const root = rootElement(text);
  const edits: Edit[] = [{ start: root.start, end: root.openEnd, text: setAttr(root.tag, "ref", areaRef(area)) }];
  const columns = child(text, root, "tableColumns");
  if (newColumns.length > 0 && columns !== undefined) {
    // Columns the table gains at its right: each with a new id, named like its header cell.
    const own = childElements(text, columns).filter((c) => c.local === "tableColumn");
    let id = own.reduce((m, c) => Math.max(m, Number(attr(c.tag, "id")) || 0), 0);
    const prefix = prefixOf(columns);
    const name = prefix === "" ? "tableColumn" : `${prefix}:tableColumn`;
    const added = newColumns.map((h) => `<${name} id="${++id}" name="${escapeAttr(h)}"/>`).join("");
    const open = setAttr(columns.tag, "count", String(own.length + newColumns.length));
    edits.push({ start: columns.start, end: columns.openEnd, text: columns.selfClosing ? open.replace(/\s*\/>$/, ">") : open });
    edits.push(
      columns.selfClosing
        ? { start: columns.end, end: columns.end, text: `${added}</${columns.name}>` }
        : { start: columns.closeStart, end: columns.closeStart, text: added },
    );
  }
  const filter = child(text, root, "autoFilter");
  if (filter !== undefined) {
    const filterArea = { ...area, bottom: area.bottom - totalsRows };
    edits.push({ start: filter.start, end: filter.openEnd, text: setAttr(filter.tag, "ref", areaRef(filterArea)) });
    const sort = filter.selfClosing ? undefined : child(text, filter, "sortState");
    if (sort !== undefined) edits.push({ start: sort.start, end: sort.openEnd, text: setAttr(sort.tag, "ref", areaRef({ ...filterArea, top: area.top + 1 })) });
  }
  const sort = child(text, root, "sortState");
  if (sort !== undefined)
    edits.push({
      start: sort.start,
      end: sort.openEnd,
      text: setAttr(sort.tag, "ref", areaRef({ ...area, top: area.top + 1, bottom: area.bottom - totalsRows })),
    });
  return applyEdits(text, edits);
}

/** A table part's range and how many totals rows it has. */
export function tableArea(text: string): { area: Area; totalsRows: number } | undefined {
  const root = rootElement(text);
  const area = parseArea(attr(root.tag, "ref") ?? "");
  if (area === null) return undefined;
  const totals = Number(attr(root.tag, "totalsRowCount") ?? "0");
  return { area, totalsRows: Number.isInteger(totals) && totals > 0 ? totals : 0 };
}
