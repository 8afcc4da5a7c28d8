/**
 * The worksheets a century end writes, as a pure description that either adapter carries out:
 * the Death Worksheet, the Century-End Worksheet and the mana calculation.
 */
import type { CenturyResult } from "../../engine/century";
import { toNumber, ZERO, type Ratio } from "../../engine/exact";
import { ATHEISM, DEMONS, DIABOLISM } from "../../engine/names";
import { CITY_STRENGTH, GREAT_CITY_STRENGTH } from "../../engine/population";
import { columnLetter } from "../model/address";
import { sheetNames } from "../model/schema";
import { WORKSHEET_PRINT, type CellStyle, type PlanCell, type PlanValue, type SheetPlan } from "./layout";

export const cell = (value: PlanValue, style?: CellStyle, formula?: string): PlanCell => ({
  value,
  ...(style === undefined ? {} : { style }),
  ...(formula === undefined ? {} : { formula }),
});
const num = (r: Ratio): number => toNumber(r);
const a1 = (row: number, col: number): string => `${columnLetter(col)}${row}`;

export class SheetBuilder {
  readonly rows: (PlanCell | null)[][] = [];
  /** Adds a row; returns its sheet row number. */
  add(...cells: (PlanCell | null)[]): number {
    this.rows.push(cells);
    return this.rows.length;
  }
  blank(): void {
    this.rows.push([]);
  }
  get next(): number {
    return this.rows.length + 1;
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
  b.add(cell("Cause", "header"), cell("Units", "header"), cell("Counted by", "header"));
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
  return { name, columnWidths: [28, 12, 44], rows: b.rows, print: WORKSHEET_PRINT };
}

function centuryEndWorksheet(result: CenturyResult, name: string, recipients: readonly string[]): SheetPlan {
  const b = new SheetBuilder();
  heading(b, "Century-End Worksheet", `Century ${result.century}: every century-end mana source and its count.`);

  b.add(cell("Worshipping population", "section"));
  b.add(
    cell("Race", "header"),
    cell("Units", "header"),
    cell("Cities", "header"),
    cell("Great cities", "header"),
    cell("Strength", "header"),
    cell("Turmoil", "header"),
    cell("Worshipping", "header"),
  );
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
  const sum = (col: number) => (last >= first ? `SUM(${a1(first, col)}:${a1(last, col)})` : undefined);
  const total = (col: number, value: number) => cell(value, "totalInteger", sum(col));
  b.add(
    cell("All races", "total"),
    total(2, result.worship.reduce((s, w) => s + w.units, 0)),
    total(3, result.worship.reduce((s, w) => s + w.cities, 0)),
    total(4, result.worship.reduce((s, w) => s + w.greatCities, 0)),
    total(5, result.worship.reduce((s, w) => s + w.strength, 0)),
    cell(null, "total"),
    total(7, result.worship.reduce((s, w) => s + w.worshipping, 0)),
  );
  b.blank();

  b.add(cell("Worshippers by pantheon member", "section"));
  b.add(cell("Member", "header"), cell("Worshippers", "header"), cell("Note", "header"));
  const wFirst = b.next;
  for (const god of recipients) {
    if (god === DEMONS) continue;
    b.add(cell(god, "text"), cell(num(result.worshippers.get(god) ?? ZERO), "decimal"), cell(null, "text"));
  }
  b.add(cell(DIABOLISM, "text"), cell(num(result.diabolism), "decimal"), cell("goes to the Demons pool", "text"));
  b.add(cell(ATHEISM, "text"), cell(num(result.atheism), "decimal"), cell("goes to nobody", "text"));
  const wLast = b.next - 1;
  b.add(
    cell("All worshippers", "total"),
    cell(
      recipients.filter((g) => g !== DEMONS).reduce((s, g) => s + num(result.worshippers.get(g) ?? ZERO), num(result.diabolism) + num(result.atheism)),
      "totalMana",
      `SUM(${a1(wFirst, 2)}:${a1(wLast, 2)})`,
    ),
    cell(null, "total"),
  );
  b.blank();

  b.add(cell("Century-end sources", "section"));
  b.add(cell("Source", "header"), cell("Basis", "header"), cell("Spheres", "header"), cell("Count", "header"), cell("Note", "header"));
  for (const c of result.counts) {
    let note: PlanCell;
    let count: PlanCell = cell(num(c.count), "decimal");
    if (c.basis === "worship") {
      note = cell("each god counts its own worshippers (above)", "text");
    } else if (c.basis === "diabolism") {
      note = cell("Diabolism's worshippers", "text");
    } else if (c.basis === "deaths") {
      note = cell(c.cause === null ? "all deaths (Death Worksheet)" : `${c.cause} box of the Death Worksheet`, "text");
    } else if (c.missing) {
      note = cell(`MISSING: no count for century ${result.century}, taken as 0`, "missing");
      count = cell(0, "missing");
    } else {
      note = cell("from the Counts table", "text");
    }
    b.add(cell(c.source, "text"), cell(c.basis, "text"), cell(c.spheres.join(", "), "text"), count, note);
  }
  return { name, columnWidths: [26, 12, 24, 13, 40, 18, 13], rows: b.rows, print: WORKSHEET_PRINT };
}

function manaSheet(result: CenturyResult, name: string): SheetPlan {
  const b = new SheetBuilder();
  heading(b, "Mana Calculation", `Century ${result.century}: for each god and source, count × multiplier = mana.`);
  b.add(
    cell("God", "header"),
    cell("Source", "header"),
    cell("Spheres", "header"),
    cell("Count", "header"),
    cell("Multiplier", "header"),
    cell("Mana", "header"),
  );
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
  b.add(
    cell("God", "header"),
    cell("Carried in", "header"),
    cell("Earned", "header"),
    cell("Total", "header"),
    cell("Paid now", "header"),
    cell("Carried on", "header"),
  );
  const first = b.next;
  for (const p of result.payouts) {
    const r = b.next;
    const span = spans.get(p.god);
    b.add(
      cell(p.god, "text"),
      cell(num(p.carryIn), "mana"),
      cell(num(p.earned), "mana", span ? `SUM(${a1(span.first, 6)}:${a1(span.last, 6)})` : undefined),
      cell(num(p.carryIn) + num(p.earned), "mana", `${a1(r, 2)}+${a1(r, 3)}`),
      // Paid and carried are exact values: a float INT() of the total could be off by one.
      cell(p.paid, "integer"),
      cell(num(p.carry), "mana"),
    );
  }
  const last = b.next - 1;
  const sum = (col: number) => (last >= first ? `SUM(${a1(first, col)}:${a1(last, col)})` : undefined);
  const totals = result.payouts.reduce(
    (t, p) => ({ carryIn: t.carryIn + num(p.carryIn), earned: t.earned + num(p.earned), paid: t.paid + p.paid, carry: t.carry + num(p.carry) }),
    { carryIn: 0, earned: 0, paid: 0, carry: 0 },
  );
  b.add(
    cell("All gods", "total"),
    cell(totals.carryIn, "totalMana", sum(2)),
    cell(totals.earned, "totalMana", sum(3)),
    cell(totals.carryIn + totals.earned, "totalMana", sum(4)),
    cell(totals.paid, "totalInteger", sum(5)),
    cell(totals.carry, "totalMana", sum(6)),
  );
  b.blank();
  b.add(cell("Paid now is the whole part of the total; the fraction is carried to the next century.", "note"));
  return { name, columnWidths: [20, 20, 20, 12, 12, 12], rows: b.rows, print: WORKSHEET_PRINT };
}

/** The three worksheets of a century end. */
export function centuryWorksheets(result: CenturyResult, recipients: readonly string[]): SheetPlan[] {
  const names = sheetNames(result.century);
  return [deathWorksheet(result, names.deaths), centuryEndWorksheet(result, names.centuryEnd, recipients), manaSheet(result, names.mana)];
}
