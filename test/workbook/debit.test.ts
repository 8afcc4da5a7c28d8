/**
 * Debts in the mana book: a debit takes mana a character must lose from its account; what the
 * account cannot cover it owes, and its next credits pay that before anything reaches its box.
 * Worked by hand on the hand-worked campaign, then every hand edit of a debit refused.
 */
import fc from "fast-check";
import { add, fromNumber, sub, toNumber, ZERO, type Ratio } from "../../src/engine/exact";
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import { BOOK_SHEETS } from "../../src/workbook/model/schema";
import { planDebit } from "../../src/workbook/actions/debit";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planUndo } from "../../src/workbook/actions/undo";
import { campaignStatus } from "../../src/workbook/actions/status";
import type { CreditOutcome } from "../../src/workbook/actions/credit";
import type { Payment } from "../../src/workbook/plan/types";
import { Book, bookCampaign } from "../support/book";
import { scaled } from "../support/scale";

const short = (o: { readonly payments: readonly Payment[] }) =>
  Object.fromEntries(o.payments.map((p) => [p.god, [p.carryIn, p.earned, p.paid, +p.carry.toFixed(10)]]));

/** Century 1 paid: Ares carries 0.6, Hestia 0.34, Demons 0.85. */
function afterCentury1(): Book {
  const book = new Book(bookCampaign());
  book.centuryEnd(1);
  return book;
}

function debit(book: Book, god: string, mana: string | number, why: string, again = false): CreditOutcome {
  const outcome = planDebit(book.read(), god, mana, why, { again });
  expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
  book.write(outcome.plan);
  return outcome;
}

const refusals = (book: Book, god: string, mana: string | number, why: string) =>
  errorsIn(planDebit(book.read(), god, mana, why).problems).map(describeProblem);

describe("a debit", () => {
  test("takes what the account carries first; the rest is owed and paid from the next credits first", () => {
    const book = afterCentury1();
    // Ares must lose 5 and holds 0.6 at the distribution point: he owes 4.4.
    expect(short(debit(book, "ares", 5, "Lord's loss"))).toEqual({ Ares: [0.6, -5, 0, -4.4] });
    // The Feast pays Ares 3: it goes to the debt, nothing to his box; he still owes 1.4.
    expect(short(book.event("Feast"))).toEqual({ Ares: [-4.4, 3, 0, -1.4], Hestia: [0.34, 9, 9, 0.34], Demons: [0.85, 0.5, 1, 0.35] });
    // Century 2 earns him 9.6: 1.4 pays the rest of the debt, 8 reach his box, 0.2 is carried.
    expect(short(book.centuryEnd(2)).Ares).toEqual([-1.4, 9.6, 8, 0.2]);
    // Over the whole history: 22.6 + 3 + 9.6 − 5 = 30.2 credited, 22 + 0 + 8 = 30 paid, 0.2 carried.
    expect(book.column("Kind")).toEqual([
      "century-end",
      "century-end",
      "century-end",
      "debit",
      "event",
      "event",
      "event",
      "century-end",
      "century-end",
      "century-end",
    ]);
    expect(book.column("Earned")[3]).toBe(-5);
    expect(book.column("Exact Carry").slice(3, 5)).toEqual(["-4.4", "-1.4"]);
    expect(book.errors()).toEqual([]);
  });

  test("a debit the account covers leaves it owing nothing", () => {
    const book = afterCentury1();
    expect(short(debit(book, "Hestia", "0.25", "Toll of a broken oath"))).toEqual({ Hestia: [0.34, -0.25, 0, 0.09] });
    expect(campaignStatus(book.read()).owing).toEqual([]);
  });

  test("the demons' pool can owe; an account already owing owes more", () => {
    const book = afterCentury1();
    debit(book, "Demons", 3, "Surrender to Ares");
    debit(book, "Demons", 0.5, "Surrender to Ares", true);
    expect(book.column("What").slice(3)).toEqual(["Surrender to Ares", "Surrender to Ares #2"]);
    expect(campaignStatus(book.read()).owing).toEqual([{ god: "Demons", owes: 2.65 }]);
  });

  test("what the distribution points show: carried on, and what is owed", () => {
    const book = afterCentury1();
    const outcome = debit(book, "Ares", 5, "Lord's loss");
    const points = outcome.plan?.sheets.find((s) => s.name === BOOK_SHEETS.points);
    const rows = (points?.rows ?? []).map((r) => r.map((c) => c?.value ?? null));
    const header = rows.findIndex((r) => r[0] === "Character");
    expect(rows[header]).toEqual(["Character", "Latest credit", "Paid", "Kept", "Owes", "Paid in all"]);
    expect(rows[header + 1]).toEqual(["Ares", 'the debit "Lord\'s loss" in century 2', 0, 0, 4.4, 22]);
    expect(rows[header + 2]).toEqual(["Hestia", "the end of century 1", 24, 0.34, 0, 24]);
  });

  test("taking it back puts back what the account carried", () => {
    const book = afterCentury1();
    debit(book, "Ares", 5, "Lord's loss");
    const undo = planUndo(book.read());
    expect(errorsIn(undo.problems)).toEqual([]);
    expect(undo.what).toBe('the debit "Lord\'s loss" in century 2');
    book.write(undo.plan);
    expect(book.column("Kind")).toEqual(["century-end", "century-end", "century-end"]);
    expect(short(book.event("Feast")).Ares).toEqual([0.6, 3, 3, 0.6]);
  });

  test("is refused, with what to do, for a name without an account, a demon, no reason, and an amount that is not more than 0", () => {
    const book = new Book(bookCampaign());
    book.tables.Gods?.push(["Baal", "demon"]);
    book.centuryEnd(1);
    expect(refusals(book, "Aers", 5, "Lord's loss")).toEqual([
      'Gods table: "Aers" has no account: it is not a god of the Gods table, nor Demons. Did you mean "Ares"?',
    ]);
    expect(refusals(book, "baal", 5, "Lord's loss")).toEqual(["Gods table: Baal is a demon: the demons share one account, Demons; take the mana from that."]);
    expect(refusals(book, "Ares", 5, "  ")).toEqual(['Ledger table: say why the mana is taken (--what "Lord\'s loss"): the reason is kept in the Ledger.']);
    for (const bad of [0, -2, "five", "", Infinity, 1_000_001]) {
      expect(refusals(book, "Ares", bad, "Lord's loss")).toEqual([
        expect.stringMatching(/^Ledger table: a debit takes more than 0 and at most 1,000,000 mana, not /),
      ]);
    }
    expect(book.read().campaign.ledger).toHaveLength(3);
  });

  test("an amount the Ledger cannot show, or a reason it cannot keep, is refused before anything is written", () => {
    const book = afterCentury1();
    // The Ledger shows mana to the millionth: 1e-20 would be written as 0 and look like a debit that took nothing.
    for (const tiny of ["1e-20", "0.0000001", 0.00000025]) {
      expect(refusals(book, "Ares", tiny, "Lord's loss")).toEqual([
        expect.stringMatching(/^Ledger table: a debit is given in mana to at most 6 decimal places \(0\.000001\), not "/),
      ]);
    }
    expect(refusals(book, "Ares", "0.000001", "Lord's loss")).toEqual([]);
    expect(refusals(book, "Ares", 1, "Lord\uFFFEs loss")).toEqual([
      expect.stringMatching(/^Ledger table: the reason holds a character no workbook can keep \(U\+FFFE/),
    ]);
    // What was typed is shown with its control characters written out, never raw.
    expect(refusals(book, "Ares", "\u001b[2J5", "Lord's loss")[0]).toContain("\\u001B[2J5");
    expect(book.read().campaign.ledger).toHaveLength(3);
  });

  test("a reason of 200 characters taken again keeps its #2, and the Ledger that holds it is read back", () => {
    const book = afterCentury1();
    const long = "x".repeat(300);
    debit(book, "Ares", 1, long);
    debit(book, "Ares", 1, long, true);
    expect(book.column("What").slice(3)).toEqual(["x".repeat(200), `${"x".repeat(200)} #2`]);
    expect(book.errors()).toEqual([]);
  });

  test("the same debit right after itself is taken as a second click unless said to have happened again", () => {
    const book = afterCentury1();
    debit(book, "Ares", 2, "Lord's loss");
    expect(refusals(book, "ARES", 2, "lord's  loss")).toEqual([
      'Ledger table, row 5: Ares was just debited for "lord\'s loss" (this row). If it really lost mana for it again, say so (--again, or confirm in the pane); otherwise it is already recorded.',
    ]);
    // Another character, or another reason, is a new debit.
    expect(refusals(book, "Hestia", 2, "Lord's loss")).toEqual([]);
    expect(refusals(book, "Ares", 2, "Surrender to Hestia")).toEqual([]);
    expect(short(debit(book, "Ares", 2, "Lord's loss", true)).Ares).toEqual([-1.4, -2, 0, -3.4]);
  });
});

describe("a debit changed by hand is refused, naming the row", () => {
  function history(): Book {
    const book = afterCentury1();
    debit(book, "Ares", 5, "Lord's loss"); // row 5
    book.event("Feast"); // rows 6–8: Ares 3, paid 0, owes 1.4
    return book;
  }
  const at = (book: Book, row: number, header: string, value: unknown) => {
    const ledger = book.tables.Ledger as unknown[][];
    const c = (ledger[0] as unknown[]).indexOf(header);
    (ledger[row - 1] as unknown[])[c] = value;
  };
  const refused = (book: Book) =>
    errorsIn(planCenturyEnd(book.raw(), 2).problems)
      .filter((p) => p.seal !== true)
      .map(describeProblem);

  test("a debit whose Earned was made positive, and a credit whose Earned was made negative", () => {
    const up = history();
    at(up, 5, "Earned", 5);
    expect(refused(up)).toEqual(["Ledger table, row 5, column Earned: 5 is not what a debit writes: its Earned is the mana taken, below 0."]);
    const down = history();
    at(down, 7, "Earned", -9);
    expect(refused(down)).toEqual(["Ledger table, row 7, column Earned: -9 is negative: only a debit takes mana out of an account (Kind debit)."]);
  });

  test("Paid on a row that leaves the account owing", () => {
    const book = history();
    at(book, 6, "Paid", 1);
    expect(refused(book)).toEqual(["Ledger table, row 6, column Paid: the account owes 1.4 after this row, so nothing is paid out of it: Paid is 0, not 1."]);
  });

  test("a smaller debit, a debit made an event, or a debit deleted: the account no longer adds up", () => {
    const smaller = history();
    at(smaller, 5, "Earned", -4);
    expect(refused(smaller)).toEqual([
      expect.stringMatching(/^Ledger table, row 5, column Paid: Ares's account does not add up here: 0\.6 kept before it \(row 2\) \+ Earned -4/),
    ]);
    const relabelled = history();
    at(relabelled, 5, "Kind", "event");
    expect(refused(relabelled)).toEqual(["Ledger table, row 5, column Earned: -5 is negative: only a debit takes mana out of an account (Kind debit)."]);
    const deleted = history();
    (deleted.tables.Ledger as unknown[][]).splice(4, 1);
    expect(refused(deleted)).toEqual([
      expect.stringMatching(/^Ledger table, row 5, column Paid: Ares's account does not add up here: 0\.6 kept before it \(row 2\) \+ Earned 3 makes 3\.6/),
    ]);
  });

  test("the seal names a debit changed in a way that still adds up", () => {
    const book = history();
    // The debit made 6 and the event's carry moved with it: the chain holds, the seal does not.
    at(book, 5, "Earned", -6);
    at(book, 5, "Carry", -5.4);
    at(book, 5, "Exact Carry", "-5.4");
    at(book, 6, "Earned", 4);
    const sealed = errorsIn(planCenturyEnd(book.raw(), 2).problems).filter((p) => p.seal === true);
    expect(sealed.map((p) => p.row)).toEqual([5]);
  });
});

describe("one exact account per recipient, with debts", () => {
  test("over mixed histories of debits and credits: credited − paid = carried, nothing paid while owing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ debits: fc.array(fc.constantFrom("0.3", "2", "7.25", "13"), { maxLength: 2 }), feast: fc.boolean() }), {
          minLength: 6,
          maxLength: 6,
        }),
        (centuries) => {
          const book = new Book(bookCampaign());
          const credited = new Map<string, Ratio>();
          const paid = new Map<string, number>();
          const count = (o: CreditOutcome | ReturnType<Book["centuryEnd"]>) => {
            for (const p of "postings" in o ? o.postings : (o.result?.payouts ?? [])) {
              expect(p.paid).toBeGreaterThanOrEqual(0);
              if (toNumber(p.carry) < 0) expect(p.paid).toBe(0);
              paid.set(p.god, (paid.get(p.god) ?? 0) + p.paid);
              credited.set(p.god, add(credited.get(p.god) ?? ZERO, p.earned));
            }
          };
          centuries.forEach((c, i) => {
            c.debits.forEach((mana, k) => {
              count(debit(book, "Ares", mana, "Lord's loss", k > 0));
            });
            if (c.feast) count(book.event("Feast", { again: true }));
            count(book.centuryEnd(i + 1));
          });
          const account = book.read().campaign.accounts;
          for (const [god, sum] of credited) {
            const carry = [...account.values()].find((a) => a.god === god)?.carry ?? ZERO;
            expect([god, toNumber(sub(sum, fromNumber(paid.get(god) ?? 0)))]).toEqual([god, toNumber(carry)]);
          }
          expect(book.errors()).toEqual([]);
        },
      ),
      { numRuns: scaled(10, 3) },
    );
  });
});
