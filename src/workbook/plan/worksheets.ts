/**
 * The worksheets a century end writes, as a pure description that either adapter carries out:
 * the Death Worksheet, the Century-End Worksheet and the mana calculation.
 */
import type { CenturyResult } from "../../engine/century";
import { add, isNegative, toNumber, ZERO, type Ratio } from "../../engine/exact";
import { ATHEISM, DEMONS, DIABOLISM } from "../../engine/names";
import { CITY_STRENGTH, GREAT_CITY_STRENGTH } from "../../engine/population";
import { columnLetter } from "../model/address";
import { sheetNames } from "../model/schema";
import { fitColumns, printSetup, type CellStyle, type PlanCell, type PlanValue, type SheetPlan } from "./layout";
import { settleDecimals } from "./decimals";

export const cell = (value: PlanValue, style?: CellStyle, formula?: string): PlanCell => {
  // Made for every cell of a sheet: its keys set one by one (no object spread), in this order.
  const c: { value: PlanValue; style?: CellStyle; formula?: string } = { value };
  if (style !== undefined) c.style = style;
  if (formula !== undefined) c.formula = formula;
  return c;
};

/**
 * A cell merged over `columns` columns: the cell, then an empty cell of its style for each
 * further column it covers (see PlanCell.span).
 */
export function spanning(c: PlanCell, columns: number): PlanCell[] {
  const cover: PlanCell = c.style === undefined ? { value: null } : { value: null, style: c.style };
  return columns <= 1 ? [c] : [{ ...c, span: columns }, ...Array.from({ length: columns - 1 }, () => cover)];
}

const num = (r: Ratio): number => toNumber(r);
/** The exact sum of exact values, as the number a cell stores: 210, not 209.99999999999997. */
const sum = (values: readonly Ratio[]): number => toNumber(values.reduce(add, ZERO));
const a1 = (row: number, col: number): string => `${columnLetter(col)}${row}`;

export class SheetBuilder {
  readonly rows: (PlanCell | null)[][] = [];
  /** Adds a row (a merged cell's covered columns included, see `spanning`); returns its sheet row number. */
  add(...cells: (PlanCell | PlanCell[] | null)[]): number {
    const row: (PlanCell | null)[] = [];
    for (const c of cells) {
      if (Array.isArray(c)) row.push(...c);
      else row.push(c);
    }
    this.rows.push(row);
    return this.rows.length;
  }
  /** Adds a row of column headers; returns its sheet row number. */
  headers(...names: string[]): number {
    return this.add(...names.map((n) => cell(n, "header")));
  }
  blank(): void {
    this.rows.push([]);
  }
  get next(): number {
    return this.rows.length + 1;
  }
  /**
   * The finished sheet: its decimals settled (see settleDecimals) and its print set-up, with
   * `century` in the footer and rows 1 to `titleRows` on top of every page.
   */
  sheet(name: string, columnWidths: readonly number[], century: string, titleRows: number): SheetPlan {
    const fitted = fitColumns(columnWidths, settleDecimals(this.rows));
    return {
      name,
      columnWidths: fitted.columnWidths,
      rows: fitted.rows,
      print: printSetup(fitted.columnWidths, century, name, titleRows),
      ...(fitted.rowHeights === undefined ? {} : { rowHeights: fitted.rowHeights }),
    };
  }
}

export function heading(b: SheetBuilder, title: string, subtitle: string): void {
  b.add(cell(title, "title"));
  b.add(cell(subtitle, "subtitle"));
  b.blank();
}

function deathWorksheet(result: CenturyResult, name: string): SheetPlan {
  const b = new SheetBuilder();
  heading(b, "Death Worksheet", `Century ${result.century}: mortal deaths by cause, from the Deaths table.`);
  const header = b.headers("Cause", "Units", "Counted by");
  const first = b.next;
  for (const box of result.deathBoxes) {
    b.add(cell(box.cause, "text"), cell(box.units, "integer"), cell(box.sources.length ? box.sources.join(", ") : "(no sphere draws on it)", "text"));
  }
  const last = b.next - 1;
  b.add(
    cell("All deaths", "total"),
    cell(result.totalDeaths, "totalInteger", last >= first ? `SUM(${a1(first, 2)}:${a1(last, 2)})` : undefined),
    cell(null, "total"),
  );
  b.blank();
  b.add(cell("Sources with cause 'any' (or none) count all deaths.", "note"));
  return b.sheet(name, [24, 10, 44], `Century ${result.century}`, header);
}

/**
 * The Century-End Worksheet's columns. Its three tables stack on one grid: the races' table uses
 * a column each, and the other two merge columns where they need width (Spheres over C:D, the
 * notes over F:G), so no column is made wide for one table at another's expense and the sheet
 * prints at 100% on portrait A4 or Letter.
 */
const CENTURY_END_WIDTHS = [16, 9, 9, 11, 10, 18, 12];

function centuryEndWorksheet(result: CenturyResult, name: string, recipients: readonly string[]): SheetPlan {
  const b = new SheetBuilder();
  heading(b, "Century-End Worksheet", `Century ${result.century}: every century-end mana source and its count.`);

  b.add(cell("Worshipping population", "section"));
  b.headers("Race", "Units", "Cities", "Great cities", "Strength", "Turmoil", "Worshipping");
  const first = b.next;
  for (const w of result.worship) {
    const r = b.next;
    b.add(
      cell(w.race, "text"),
      cell(w.units, "integer"),
      cell(w.cities, "integer"),
      cell(w.greatCities, "integer"),
      cell(w.strength, "integer", `${a1(r, 2)}+${CITY_STRENGTH}*${a1(r, 3)}+${GREAT_CITY_STRENGTH}*${a1(r, 4)}`),
      w.turmoil ? cell("TURMOIL: counts 0", "missing") : cell("no", "text"),
      cell(w.worshipping, "integer"),
    );
  }
  const last = b.next - 1;
  const sumOf = (col: number) => (last >= first ? `SUM(${a1(first, col)}:${a1(last, col)})` : undefined);
  const total = (col: number, value: number) => cell(value, "totalInteger", sumOf(col));
  b.add(
    cell("All races", "total"),
    total(
      2,
      result.worship.reduce((s, w) => s + w.units, 0),
    ),
    total(
      3,
      result.worship.reduce((s, w) => s + w.cities, 0),
    ),
    total(
      4,
      result.worship.reduce((s, w) => s + w.greatCities, 0),
    ),
    total(
      5,
      result.worship.reduce((s, w) => s + w.strength, 0),
    ),
    cell(null, "total"),
    total(
      7,
      result.worship.reduce((s, w) => s + w.worshipping, 0),
    ),
  );
  b.blank();

  b.add(cell("Worshippers by pantheon member", "section"));
  b.add(cell("Member", "header"), spanning(cell("Worshippers", "header"), 2), spanning(cell("Note", "header"), 4));
  const wFirst = b.next;
  const members: Ratio[] = [];
  // A god no Pantheon row names is nobody's member: it is named under the table, not counted as 0.
  const outside = recipients.filter((god) => god !== DEMONS && !result.members.has(god));
  for (const god of recipients) {
    if (god === DEMONS || outside.includes(god)) continue;
    const w = result.worshippers.get(god) ?? ZERO;
    members.push(w);
    b.add(cell(god, "text"), spanning(cell(num(w), "decimal"), 2), spanning(cell(null, "text"), 4));
  }
  b.add(cell(DIABOLISM, "text"), spanning(cell(num(result.diabolism), "decimal"), 2), spanning(cell("goes to the Demons pool", "text"), 4));
  b.add(cell(ATHEISM, "text"), spanning(cell(num(result.atheism), "decimal"), 2), spanning(cell("goes to nobody", "text"), 4));
  const wLast = b.next - 1;
  b.add(
    cell("All worshippers", "total"),
    spanning(cell(sum([...members, result.diabolism, result.atheism]), "totalDecimal", `SUM(${a1(wFirst, 2)}:${a1(wLast, 2)})`), 2),
    spanning(cell(null, "total"), 4),
  );
  if (outside.length > 0) b.add(cell(`In no pantheon, so no worshippers: ${outside.join(", ")}.`, "note"));
  b.blank();

  b.add(cell("Century-end sources", "section"));
  b.add(
    cell("Source", "header"),
    cell("Basis", "header"),
    spanning(cell("Spheres", "header"), 2),
    cell("Count", "header"),
    spanning(cell("Note", "header"), 2),
  );
  for (const c of result.counts) {
    let note: PlanCell;
    let count: PlanCell = cell(num(c.count), "decimal");
    if (c.basis === "worship") {
      // Each god counts its own worshippers: no one count stands for them all.
      count = cell("per god", "text");
      note = cell("each god's worshippers (above)", "text");
    } else if (c.basis === "diabolism") {
      note = cell("Diabolism's worshippers (above)", "text");
    } else if (c.basis === "deaths") {
      note = cell(`Death Worksheet: ${c.cause === null ? "all deaths" : c.cause}`, "text");
    } else if (c.missing) {
      note = cell("MISSING from Counts: taken as 0", "missing");
      count = cell(0, "missing");
    } else {
      note = cell("from the Counts table", "text");
    }
    b.add(cell(c.source, "text"), cell(c.basis, "text"), spanning(cell(c.spheres.join(", "), "text"), 2), count, spanning(note, 2));
  }
  // Three tables of like length: only the title goes on every page, no table's header over another's rows.
  return b.sheet(name, CENTURY_END_WIDTHS, `Century ${result.century}`, 2);
}

function manaSheet(result: CenturyResult, name: string): SheetPlan {
  const b = new SheetBuilder();
  heading(b, "Mana Calculation", `Century ${result.century}: for each god and source, count × multiplier = mana.`);
  const header = b.headers("God", "Source", "Spheres", "Count", "Multiplier", "Mana");
  const spans = new Map<string, { first: number; last: number }>();
  for (const l of result.lines) {
    const r = b.next;
    b.add(
      cell(l.god, "text"),
      cell(l.source, "text"),
      cell(l.spheres.join(", "), "text"),
      cell(num(l.count), "decimal"),
      cell(num(l.multiplier), "decimal"),
      cell(num(l.mana), "mana", `${a1(r, 4)}*${a1(r, 5)}`),
    );
    const span = spans.get(l.god);
    spans.set(l.god, { first: span?.first ?? r, last: r });
  }
  if (result.lines.length === 0) b.add(cell("No god holds cards in a sphere with a century-end source.", "note"));
  b.blank();

  b.add(cell("Mana per god", "section"));
  b.headers("God", "Before", "Earned", "Total", "Paid", "Kept");
  const first = b.next;
  for (const p of result.payouts) {
    const r = b.next;
    const span = spans.get(p.god);
    b.add(
      cell(p.god, "text"),
      cell(num(p.carryIn), "mana"),
      cell(num(p.earned), "mana", span ? `SUM(${a1(span.first, 6)}:${a1(span.last, 6)})` : undefined),
      cell(sum([p.carryIn, p.earned]), "mana", `${a1(r, 2)}+${a1(r, 3)}`),
      // Paid and carried on are exact values: a float INT() of the total could be off by one.
      cell(p.paid, "integer"),
      cell(num(p.carry), "mana"),
    );
  }
  const last = b.next - 1;
  const sumOf = (col: number) => (last >= first ? `SUM(${a1(first, col)}:${a1(last, col)})` : undefined);
  const all = (pick: (p: (typeof result.payouts)[number]) => Ratio) => sum(result.payouts.map(pick));
  b.add(
    cell("All gods", "total"),
    cell(
      all((p) => p.carryIn),
      "totalMana",
      sumOf(2),
    ),
    cell(
      all((p) => p.earned),
      "totalMana",
      sumOf(3),
    ),
    cell(sum(result.payouts.flatMap((p) => [p.carryIn, p.earned])), "totalMana", sumOf(4)),
    cell(
      result.payouts.reduce((s, p) => s + p.paid, 0),
      "totalInteger",
      sumOf(5),
    ),
    cell(
      all((p) => p.carry),
      "totalMana",
      sumOf(6),
    ),
  );
  b.blank();
  b.add(cell("Paid is the whole part of the total; the fraction is kept for the next credit.", "note"));
  if (result.payouts.some((p) => isNegative(p.carryIn) || isNegative(p.carry))) {
    // Two lines: one would run past the printed columns.
    b.add(cell("Below 0, an account owes mana (a debit it could not cover):", "note"));
    b.add(cell("the total pays that first, and nothing is paid while it stays below 0.", "note"));
  }
  // A line per god and source runs over many pages in a big campaign: its header goes on every
  // page (the short table of mana per god, at the end, then sits under it and its own header).
  return b.sheet(name, [14, 18, 18, 10, 11, 13], `Century ${result.century}`, header);
}

/** The three worksheets of a century end. */
export function centuryWorksheets(result: CenturyResult, recipients: readonly string[]): SheetPlan[] {
  const names = sheetNames(result.century);
  return [deathWorksheet(result, names.deaths), centuryEndWorksheet(result, names.centuryEnd, recipients), manaSheet(result, names.mana)];
}
