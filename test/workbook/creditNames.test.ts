/**
 * Every credit keeps a name of its own in its century: a reason typed like a numbered one ("loss
 * #2"), or an event whose source is named so ("Feast #2"), is numbered on rather than written
 * under a name a credit has already, and a warning says why. Taking back the latest then finds it.
 */
import { describeProblem, errorsIn, warningsIn } from "../../src/workbook/model/problems";
import { planDebit } from "../../src/workbook/actions/debit";
import { planUndo } from "../../src/workbook/actions/undo";
import type { CreditOutcome } from "../../src/workbook/actions/credit";
import { Book, bookCampaign } from "../support/book";
import { edit } from "../support/campaigns";

function debit(book: Book, why: string, again = false): CreditOutcome {
  const outcome = planDebit(book.read(), "Ares", 1, why, { again });
  expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
  book.write(outcome.plan);
  return outcome;
}

/** The name of each credit of the Ledger, once each, in its order. */
const names = (book: Book) => [...new Set(book.column("What").map((w, i) => `${String(book.column("Kind")[i])}: ${String(w)}`))];

const undone = (book: Book) => {
  const outcome = planUndo(book.read());
  expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
  book.write(outcome.plan);
  return outcome.what;
};

describe("credit names", () => {
  test('a debit typed "loss #2" after "loss" and "loss" again is named "loss #2 #2", says why, and is taken back alone', () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    expect(debit(book, "loss").what).toBe("loss");
    expect(debit(book, "loss", true).what).toBe("loss #2");
    const typed = debit(book, "loss #2");
    expect(typed.what).toBe("loss #2 #2");
    expect(warningsIn(typed.problems).map(describeProblem)).toContain(
      'Ledger table: the credit is named "loss #2 #2" because the debit "loss #2" in century 2 already exists: each credit keeps a name of its own, so that taking back the latest never touches another.',
    );
    expect(names(book)).toEqual(["century-end: null", "debit: loss", "debit: loss #2", "debit: loss #2 #2"]);
    // Typed once more, and said again: numbered on from the name it took.
    expect(debit(book, "loss #2", true).what).toBe("loss #2 #3");
    // The undo tells each apart, the latest first.
    expect(undone(book)).toBe('the debit "loss #2 #3" in century 2');
    expect(undone(book)).toBe('the debit "loss #2 #2" in century 2');
    expect(undone(book)).toBe('the debit "loss #2" in century 2');
  });

  test("a name no credit has is kept as typed, with no warning", () => {
    const book = new Book(bookCampaign());
    book.centuryEnd(1);
    const first = debit(book, "loss #2");
    expect(first.what).toBe("loss #2");
    expect(warningsIn(first.problems).filter((p) => p.table === "Ledger")).toEqual([]);
  });

  test('an event whose source is named "Feast #2", credited after Feast twice: named "Feast #2 #2", and the undo takes back that one', () => {
    const book = new Book(edit((t) => t.Sources?.push(["Pit", "Feast #2", "count", 0.25, "yes", null, "event"]), bookCampaign()));
    book.centuryEnd(1);
    expect(book.event("Feast").what).toBe("Feast");
    expect(book.event("Feast", { again: true }).what).toBe("Feast #2");
    const second = book.event("Feast #2");
    expect(second.what).toBe("Feast #2 #2");
    expect(warningsIn(second.problems).map(describeProblem)).toContain(
      'Ledger table: the credit is named "Feast #2 #2" because the event "Feast #2" in century 2 already exists: each credit keeps a name of its own, so that taking back the latest never touches another.',
    );
    expect(names(book)).toEqual(["century-end: null", "event: Feast", "event: Feast #2", "event: Feast #2 #2"]);
    expect(undone(book)).toBe('the event "Feast #2 #2" in century 2');
    expect(undone(book)).toBe('the event "Feast #2" in century 2');
  });
});
