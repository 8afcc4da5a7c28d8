/** A campaign workbook in memory that plans are carried out on, for the mana book's tests. */
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { SEAL_SHEET, STORY_SHEETS } from "../../src/workbook/model/schema";
import { planEraEnd } from "../../src/workbook/actions/eraEnd";
import { planEvent, type EventOptions } from "../../src/workbook/actions/event";
import { type CreditOutcome } from "../../src/workbook/actions/credit";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { type WorkbookPlan } from "../../src/workbook/plan/types";
import { readCampaign } from "../../src/workbook/read/campaign";
import { headFormula } from "../../src/workbook/read/head";
import { edit, rawWorkbook, type Tables } from "./campaigns";

/** A campaign workbook in memory: its tables and every sheet a plan has written (the seal's and the history's cells, and each one's title). */
export class Book {
  sheets: string[];
  generated = new Map<string, RawCell[][]>();
  titles = new Map<string, RawCell>();
  /** the book's head, as the adapters write it with every credit */
  head: string | undefined;
  constructor(public tables: Tables) {
    this.sheets = Object.keys(tables);
  }
  raw(): RawWorkbook {
    return {
      ...rawWorkbook(this.tables),
      sheetNames: this.sheets,
      generatedCells: this.generated,
      sheetTitles: this.titles,
      ...(this.head === undefined ? {} : { bookHead: this.head }),
    };
  }
  read() {
    return readCampaign(this.raw());
  }
  /** Carries a plan out: its sheets, its Ledger and the book's head. */
  write(plan: WorkbookPlan | undefined): void {
    if (plan === undefined) throw new Error("nothing to write");
    for (const s of plan.sheets) {
      if (!this.sheets.includes(s.name)) this.sheets.push(s.name);
      const cells = s.rows.map((r) => r.map((c) => (c === null ? null : (c.value as RawCell))));
      this.titles.set(s.name, cells[0]?.[0] ?? null);
      if (s.name === SEAL_SHEET || s.name === STORY_SHEETS.history) this.generated.set(s.name, cells);
    }
    this.tables = { ...this.tables, Ledger: [[...plan.ledger.headers], ...plan.ledger.rows.map((r) => [...r])] };
    if (!this.sheets.includes("Ledger")) this.sheets.push("Ledger");
    if (plan.head !== undefined) this.head = headFormula(plan.head);
  }
  centuryEnd(century?: number) {
    const outcome = planCenturyEnd(this.raw(), century);
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
    this.write(outcome.plan);
    return outcome;
  }
  event(name: string, options?: EventOptions): CreditOutcome {
    const outcome = planEvent(this.read(), name, options);
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
    this.write(outcome.plan);
    return outcome;
  }
  eraEnd(century: number): CreditOutcome {
    const outcome = planEraEnd(this.read(), century);
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
    this.write(outcome.plan);
    return outcome;
  }
  /** The Ledger's column by header. */
  column(header: string): unknown[] {
    const [headers = [], ...rows] = this.tables.Ledger ?? [];
    const at = headers.indexOf(header);
    return rows.map((r) => r[at]);
  }
  errors(): string[] {
    return errorsIn(this.read().problems).map(describeProblem);
  }
}

/** The hand-worked campaign with an era-end source and its count for century 1. */
export function bookCampaign(): Tables {
  return edit((t) => {
    t.Sources?.push(["War", "Battlefields", "count", 0.25, "no", null, "era-end"]);
    t.Sources?.push(["Pit", "Feast", "count", 0.5, "yes", null, "event"]);
    t.Counts?.push([1, "Battlefields", 7]);
  });
}
