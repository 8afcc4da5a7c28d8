/**
 * The end of the game (seed 002, Time on Earth: Era Omega is the last era): once its end is
 * credited nothing more is credited, the messages never speak of an era after it, and a missing
 * Era Omega length is said without holding anybody's pay.
 */
import { describeProblem, errorsIn, payWarningsIn, warningsIn } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planDebit } from "../../src/workbook/actions/debit";
import { planEraEnd } from "../../src/workbook/actions/eraEnd";
import { planEvent } from "../../src/workbook/actions/event";
import { planUndo } from "../../src/workbook/actions/undo";
import { omegaEnd } from "../../src/workbook/read/century";
import { edit, type Tables } from "../support/campaigns";
import { Book, bookCampaign } from "../support/book";

/** Era Centrum of one century and Era Omega of `omega` (none when left out), with every count and death each century needs. */
function campaign(omega?: number): Tables {
  return edit((t) => {
    t.Settings = [["Setting", "Value"], ["Era Centrum length", 1], ...(omega === undefined ? [] : [["Era Omega length", omega]])];
    for (let c = 2; c <= 4; c++) t.Counts?.push([c, "Hearths", 4], [c, "Battlefields", 2]);
  }, bookCampaign());
}

/** A death of `century` typed, as a referee does before its end. */
function died(book: Book, century: number): void {
  book.tables = edit((t) => t.Deaths?.push([century, "war", 2, "Amazons", null]), book.tables);
}

/** Era Centrum ended after century 1, Era Omega after century 2. */
function ended(): Book {
  const book = new Book(campaign(1));
  book.centuryEnd(1);
  book.eraEnd(1);
  book.centuryEnd(2);
  book.eraEnd(2);
  return book;
}

const OVER = (row: number) =>
  `Ledger table, row ${row}: the game is over: Era Omega, the last era, ended with century 2 (this row), and nothing is credited after it. If Era Omega ended too early, take its end back first (gods undo, or Undo the latest credit in the pane: the latest credit goes back first), then give Era Omega its length in the Settings table (Era Omega length).`;

describe("after Era Omega's end the game is over", () => {
  test("no century end, event, era's end or debit: each is refused with the way back from an early end", () => {
    const book = ended();
    const end = omegaEnd(book.read().campaign);
    expect(end?.century).toBe(2);
    const over = OVER(end?.row ?? 0);
    expect(errorsIn(planCenturyEnd(book.raw(), 3).problems).map(describeProblem)).toEqual([over]);
    // The latest century calculated again, too: its era's end came after it.
    expect(errorsIn(planCenturyEnd(book.raw(), 2).problems).map(describeProblem)).toEqual([over]);
    expect(errorsIn(planEvent(book.read(), "Feast").problems).map(describeProblem)).toEqual([over]);
    expect(errorsIn(planEraEnd(book.read(), 2).problems).map(describeProblem)).toEqual([over]);
    expect(errorsIn(planEraEnd(book.read(), 3).problems).map(describeProblem)).toEqual([over]);
    expect(errorsIn(planDebit(book.read(), "Ares", 1, "Lord's loss").problems).map(describeProblem)).toEqual([over]);
    for (const outcome of [planCenturyEnd(book.raw(), 3), planEvent(book.read(), "Feast"), planEraEnd(book.read(), 3)]) expect(outcome.plan).toBeUndefined();
  });

  test("taken back, Era Omega's end can be corrected: the next century is paid as Era Omega's", () => {
    const book = ended();
    const undo = planUndo(book.read());
    expect(errorsIn(undo.problems)).toEqual([]);
    expect(undo.what).toBe("the era's end after century 2");
    book.write(undo.plan);
    expect(omegaEnd(book.read().campaign)).toBeUndefined();
    // Era Omega now given 2 centuries: century 3 is its last, and paid.
    book.tables = edit(
      (t) =>
        (t.Settings = [
          ["Setting", "Value"],
          ["Era Centrum length", 1],
          ["Era Omega length", 2],
        ]),
      book.tables,
    );
    died(book, 3);
    const third = book.centuryEnd(3);
    expect(payWarningsIn(third.problems)).toEqual([]);
    expect(warningsIn(third.problems).map(describeProblem)).toContain(
      "Ledger table: century 3 is Era Omega's last (century 2 of 2, counting from Era Centrum's end after century 1; Era Omega length 2): once it is paid, end the era with gods era-end --century 3, or Credit the era's end in the pane. Era Omega is the last era: its end ends the game.",
    );
  });
});

describe("the era messages never speak of an era after Era Omega", () => {
  test("Era Omega's last paid, its end not credited: its end ends the game; credited early, the game ends early", () => {
    const book = new Book(campaign(1));
    book.centuryEnd(1);
    book.eraEnd(1);
    book.centuryEnd(2);
    const next = planCenturyEnd(book.raw(), 3).problems.map(describeProblem);
    const said = next.find((m) => m.includes("Era Omega's last")) ?? "";
    expect(said).toContain(
      "credit it first (gods era-end --century 2, or Credit the era's end in the pane): Era Omega is the last era, and its end ends the game.",
    );
    expect(next.join(" ")).not.toMatch(/next era|begins Era/);
    const early = new Book(campaign(3));
    early.centuryEnd(1);
    early.eraEnd(1);
    early.centuryEnd(2);
    expect(payWarningsIn(planEraEnd(early.read(), 2).problems).map(describeProblem)[0]).toContain(
      "Credited now, its end pays the era-end sources 2 centuries early, with century 2's counts, and the game ends, since Era Omega is the last era.",
    );
  });

  test("an era's end that pays nobody ends Era Centrum so that the next era begins, and Era Omega so that the game ends", () => {
    const noSource = (omega?: number) =>
      edit((t) => {
        t.Sources = (t.Sources ?? []).filter((r) => r[6] !== "era-end");
        t.Counts = (t.Counts ?? []).filter((r) => r[1] !== "Battlefields");
      }, campaign(omega));
    const book = new Book(noSource(1));
    book.centuryEnd(1);
    expect(warningsIn(planEraEnd(book.read(), 1).problems).map((p) => p.message)).toContainEqual(expect.stringContaining("so that the next era begins."));
    book.eraEnd(1);
    book.centuryEnd(2);
    expect(warningsIn(planEraEnd(book.read(), 2).problems).map((p) => p.message)).toContainEqual(expect.stringContaining("so that the game ends."));
  });
});

describe("Era Omega without a length", () => {
  test("each of its centuries is named with a plain warning: nobody's pay waits for it", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    book.eraEnd(1);
    for (const century of [2, 3]) {
      if (century > 2) died(book, century);
      const outcome = planCenturyEnd(book.raw(), century);
      expect(errorsIn(outcome.problems)).toEqual([]);
      expect(payWarningsIn(outcome.problems)).toEqual([]);
      const omega = warningsIn(outcome.problems).filter((p) => p.message.includes("no length"));
      expect(omega.map(describeProblem)).toEqual([
        `Ledger table: century ${century} is Era Omega's ${century === 2 ? "1st" : "2nd"} century (counting from Era Centrum's end after century 1), and the rules give Era Omega no length, so its last century is not named: give it in the Settings table (Era Omega length), so that its end is not forgotten. Nobody's pay waits for it.`,
      ]);
      expect(outcome.plan).toBeDefined();
      book.write(outcome.plan);
    }
  });
});
