/**
 * The mana book: event and era-end credits worked out by hand on the hand-worked campaign, one
 * exact account per recipient over mixed histories, and every way a hand edit can break the
 * Ledger refused before anything is written, naming the row.
 */
import fc from "fast-check";
import { add, floor, parseExact, ratio, toNumber, ZERO, type Ratio } from "../../src/engine/exact";
import { describeProblem, errorsIn, payWarningsIn, warningsIn, type Problem } from "../../src/workbook/model/problems";
import { BOOK_SHEETS, SEAL_SHEET, STORY_SHEETS } from "../../src/workbook/model/schema";
import type { RawCell } from "../../src/workbook/model/raw";
import { carriedCell } from "../../src/workbook/plan/bookSheets";
import { knownEvents } from "../../src/workbook/read/credits";
import { planEraEnd } from "../../src/workbook/actions/eraEnd";
import { planEvent, type EventOptions } from "../../src/workbook/actions/event";
import { planUndo } from "../../src/workbook/actions/undo";
import { planReseal } from "../../src/workbook/actions/reseal";
import { type CreditOutcome } from "../../src/workbook/actions/credit";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { readCampaign } from "../../src/workbook/read/campaign";
import { edit, handWorked, rawWorkbook, type Tables } from "../support/campaigns";
import { Book, bookCampaign as campaign } from "../support/book";
import { scaled } from "../support/scale";

const short = (o: CreditOutcome) => Object.fromEntries(o.payments.map((p) => [p.god, [p.carryIn, p.earned, p.paid, +p.carry.toFixed(10)]]));

describe("an event", () => {
  test("pays each recipient rate × cards (or the flat rate) × times, on top of what it carries", () => {
    const book = new Book(campaign());
    book.centuryEnd(1); // Ares carries 0.6, Hestia 0.34, Demons 0.85
    // Feast: Hearth 3 per card (Ares 1 card, Hestia 3), Pit flat 0.5 (Demons hold Pit).
    expect(short(book.event("feast"))).toEqual({
      Ares: [0.6, 3, 3, 0.6],
      Hestia: [0.34, 9, 9, 0.34],
      Demons: [0.85, 0.5, 1, 0.35],
    });
    expect(short(book.event("Feast", { times: 2, again: true }))).toEqual({
      Ares: [0.6, 6, 6, 0.6],
      Hestia: [0.34, 18, 18, 0.34],
      Demons: [0.35, 1, 1, 0.35],
    });
    expect(book.column("Kind").slice(3)).toEqual(["event", "event", "event", "event", "event", "event"]);
    // Every credit has a name of its own: the second of the century is "#2".
    expect(book.column("What").slice(3)).toEqual(["Feast", "Feast", "Feast", "Feast ×2 #2", "Feast ×2 #2", "Feast ×2 #2"]);
    expect(book.column("Century").slice(3)).toEqual([2, 2, 2, 2, 2, 2]);
    // The next century end carries on from the events' carries.
    const second = book.centuryEnd();
    expect(second.payments.map((p) => [p.god, p.carryIn])).toEqual([
      ["Ares", 0.6],
      ["Hestia", 0.34],
      ["Demons", 0.35],
    ]);
  });

  test("a recipient with no card of its spheres gets no row, but is listed with 0", () => {
    const book = new Book(edit((t) => t.Sources?.push(["War", "Duel won", "count", 1.5, "no", null, "event"])));
    const outcome = book.event("Duel won");
    expect(short(outcome)).toEqual({ Ares: [0, 3, 3, 0], Hestia: [0, 0, 0, 0], Demons: [0, 0, 0, 0] });
    expect(book.column("God")).toEqual(["Ares"]);
  });

  test("an unknown event is refused, listing the known ones", () => {
    const outcome = planEvent(new Book(campaign()).read(), "Feats");
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      'Sources table: there is no event "Feats". Did you mean "Feast"? The known events: Feast.',
    ]);
    expect(outcome.plan).toBeUndefined();
  });

  test("the same event right after itself needs to be said to have happened again", () => {
    const book = new Book(campaign());
    book.event("Feast");
    const twice = planEvent(book.read(), "Feast");
    expect(errorsIn(twice.problems).map(describeProblem)).toEqual([
      'Ledger table, row 2: "Feast" was the last credit (this row). If it really happened again, say so (--again, or confirm in the pane); otherwise it is already credited and nothing more is needed.',
    ]);
    expect(errorsIn(planEvent(book.read(), "Feast", { again: true }).problems)).toEqual([]);
  });

  test("times and century are checked: 1 to 1000 times, in the century in play", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    const errors = (o: EventOptions) => errorsIn(planEvent(book.read(), "Feast", o).problems).map(describeProblem);
    expect(errors({ times: 0 })).toEqual(["Ledger table: an event is credited 1 to 1000 times at once, not 0."]);
    expect(errors({ times: 1001 })).toHaveLength(1);
    expect(errors({ century: 3 })).toEqual([
      "Ledger table: an event is credited in the century in play (2), not in century 3: give --century 2, or leave --century out.",
    ]);
    expect(errors({ century: 1 })).toEqual([
      "Ledger table: an event is credited in the century in play (2), not in century 1; one reported late goes into the century in play: give --century 2, or leave --century out.",
    ]);
    // Each is the typed argument's problem, not the workbook's.
    expect(errorsIn(planEvent(book.read(), "Feast", { century: 3, times: 0 }).problems).map((p) => p.argument)).toEqual(["--times", "--century"]);
    expect(errors({ century: 2 })).toEqual([]);
  });

  test("events in Heaven and on Earth: as the Where column says, or read from the name", () => {
    const tables = edit((t) => {
      t.Sources = [
        ["Sphere", "Source", "Basis", "Rate", "Timing", "Where"],
        ["War", "Race destroyed", null, 1, "event", null],
        ["War", "God obliterated", null, 1, "event", null],
        ["Hearth", "Temple built", "count", 1, "event", "heaven"],
      ];
    });
    const events = knownEvents(readCampaign(rawWorkbook(tables)).campaign).map((e) => [e.name, e.where]);
    expect(events).toEqual([
      ["God obliterated", "heaven"],
      ["Race destroyed", "earth"],
      ["Temple built", "heaven"],
    ]);
  });

  test("an event source with another basis is refused", () => {
    const tables = edit((t) => t.Sources?.push(["War", "Rout", "worship", 1, "no", null, "event"]));
    expect(errorsIn(readCampaign(rawWorkbook(tables)).problems).map(describeProblem)).toEqual([
      "Sources table, row 9, column Basis: an event source pays each time its event happens, so its basis is count (or blank), not worship.",
    ]);
  });
});

describe("an era's end", () => {
  test("counts its sources from the closing century's Counts, exactly, into the same accounts", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    // Battlefields: 0.25 per War card (Ares holds 2) × 7 = 3.5, on top of Ares's 0.6.
    expect(short(book.eraEnd(1))).toEqual({ Ares: [0.6, 3.5, 4, 0.1], Hestia: [0.34, 0, 0, 0.34], Demons: [0.85, 0, 0, 0.85] });
    expect(book.column("Kind")).toEqual(["century-end", "century-end", "century-end", "era-end"]);
    expect(book.column("What")[3]).toBe("era ending with century 1");
    const again = planEraEnd(book.read(), 1);
    expect(errorsIn(again.problems).map(describeProblem)).toEqual([
      "Ledger table, row 5: the era ending with century 1 is already credited (this row). To credit it anew, undo it first.",
    ]);
    // After the era's credit, century 1 can no longer be calculated again.
    expect(errorsIn(planCenturyEnd(book.raw(), 1).problems).map(describeProblem)).toEqual([
      "Ledger table, row 5: century 1 can no longer be calculated again: the era's end after century 1 was credited after it (this row), carrying on from what century 1 paid. Undo the later credits first, the latest first.",
    ]);
  });

  test("needs the century to have ended, and warns of a missing count", () => {
    const book = new Book(campaign());
    expect(errorsIn(planEraEnd(book.read(), 1).problems).map(describeProblem)).toEqual([
      "Ledger table: an era ends with a century end, and the Ledger holds none yet: end century 1 first. (Era Aleph's end, before the first century, is credited with --century 0.)",
    ]);
    book.centuryEnd(1);
    book.centuryEnd(2);
    expect(errorsIn(planEraEnd(book.read(), 1).problems).map(describeProblem)).toEqual([
      "Ledger table: century 2 has ended since century 1, and a century end cannot be taken back (undo takes back events, debits and era ends): the era can no longer end with century 1. It can end now, late, with century 2's counts: gods era-end --century 2.",
    ]);
    const outcome = planEraEnd(book.read(), 2);
    expect(outcome.problems.map(describeProblem)).toEqual([
      "Ledger table: century 2 is Era Centrum's 2nd century of 16 (Era Centrum length 16, counting from century 1): the era is not over. Credited now, its end pays the era-end sources 14 centuries early, with century 2's counts, and century 3 begins Era Omega. Credit it after century 16, or give the era its true length in the Settings table (Era Centrum length).",
      'Counts table: "Battlefields" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Battlefields, Count), or accept 0.',
    ]);
    expect(outcome.problems.every((p) => p.changesPay === true)).toBe(true);
  });

  const settings = (centrum: number, omega?: number): Tables["Settings"] => [
    ["Setting", "Value"],
    ["Era Centrum length", centrum],
    ...(omega === undefined ? [] : [["Era Omega length", omega]]),
  ];

  test("before the era's last century: a warning that changes pay, so a person sees it first", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    const early = planEraEnd(book.read(), 1);
    expect(errorsIn(early.problems)).toEqual([]);
    expect(payWarningsIn(early.problems).map(describeProblem)).toEqual([
      "Ledger table: century 1 is Era Centrum's 1st century of 16 (Era Centrum length 16, counting from century 1): the era is not over. Credited now, its end pays the era-end sources 15 centuries early, with century 1's counts, and century 2 begins Era Omega. Credit it after century 16, or give the era its true length in the Settings table (Era Centrum length).",
    ]);
    // One century early, in Era Omega with a length of its own.
    const omega = new Book({ ...campaign(), Settings: settings(1, 3) });
    omega.centuryEnd(1);
    expect(payWarningsIn(omega.eraEnd(1).problems)).toEqual([]);
    omega.tables = edit((t) => t.Counts?.push([2, "Hearths", 4], [3, "Hearths", 4], [3, "Battlefields", 2]), omega.tables);
    omega.centuryEnd(2);
    expect(payWarningsIn(planEraEnd(omega.read(), 2).problems).map(describeProblem)).toEqual([
      expect.stringContaining(
        "century 2 is Era Omega's 1st century of 3 (Era Omega length 3, counting from Era Centrum's end after century 1): the era is not over. Credited now, its end pays the era-end sources 2 centuries early, with century 2's counts, and the game ends, since Era Omega is the last era.",
      ),
      expect.stringContaining('"Battlefields" has no count for century 2'),
    ]);
    // At the era's last century, or with no length to go by: nothing to say.
    expect(payWarningsIn(new Book({ ...campaign(), Settings: settings(1) }).read().problems)).toEqual([]);
    const onTime = new Book({ ...campaign(), Settings: settings(1) });
    onTime.centuryEnd(1);
    expect(planEraEnd(onTime.read(), 1).problems).toEqual([]);
  });

  test("one that pays nobody is recorded all the same, so the era is over and the next century no longer asks for it", () => {
    // Nobody holds a War card: Battlefields pays nobody.
    const tables = edit((t) => (t.Cards = (t.Cards ?? []).filter((r) => r[1] !== "War")), { ...campaign(), Settings: settings(1) });
    const book = new Book(tables);
    book.centuryEnd(1);
    expect(payWarningsIn(planCenturyEnd(book.raw(), 2).problems).map(describeProblem)).toEqual([
      expect.stringContaining("century 1, Era Centrum's last (Era Centrum length 1, counting from century 1), is paid, but the era's end is not credited"),
      expect.stringContaining('"Hearths" has no count for century 2'),
    ]);
    const era = book.eraEnd(1);
    expect(era.problems).toEqual([]);
    expect(era.payments.every((p) => p.earned === 0 && p.paid === 0)).toBe(true);
    // A row of 0 for every recipient, carrying what each carried: the accounts still chain, the seal and the head hold.
    expect(book.column("Kind").slice(3)).toEqual(["era-end", "era-end", "era-end"]);
    expect(book.column("God").slice(3)).toEqual(["Ares", "Hestia", "Demons"]);
    expect(book.column("Earned").slice(3)).toEqual([0, 0, 0]);
    expect(book.column("Carry").slice(3)).toEqual(book.column("Carry").slice(0, 3));
    expect(book.errors()).toEqual([]);
    // The era is over: century 2 begins Era Omega.
    const next = planCenturyEnd(book.raw(), 2).problems;
    expect(payWarningsIn(next).filter((p) => p.table === "Ledger")).toEqual([]);
    expect(warningsIn(next).map((p) => p.message)).toContainEqual(expect.stringMatching(/^century 2 is Era Omega's 1st century/));
    // It is taken back as any era's end is, all its rows.
    book.write(planUndo(book.read()).plan);
    expect(book.column("Kind")).toEqual(["century-end", "century-end", "century-end"]);
    expect(book.errors()).toEqual([]);
  });

  test("every count 0, accepted: recorded as well", () => {
    const book = new Book({ ...edit((t) => ((t.Counts ?? [])[2] = [1, "Battlefields", 0]), campaign()), Settings: settings(1) });
    book.centuryEnd(1);
    book.eraEnd(1);
    expect(book.column("Kind").slice(3)).toEqual(["era-end", "era-end", "era-end"]);
    expect(book.errors()).toEqual([]);
  });

  test("with no era-end source at all: it pays nobody, is recorded, and says so", () => {
    const book = new Book({ ...handWorked(), Settings: settings(1) });
    book.centuryEnd(1);
    // Nothing to lose by paying on: the warning at century 2 holds nothing back.
    expect(payWarningsIn(planCenturyEnd(book.raw(), 2).problems).filter((p) => p.table === "Ledger")).toEqual([]);
    const era = book.eraEnd(1);
    expect(era.problems.map(describeProblem)).toEqual([
      "Sources table: the Sources table has no era-end source (Timing era-end, Basis count), so the era's end pays nobody: it is recorded all the same, so that the next era begins.",
    ]);
    expect(book.column("Kind").slice(3)).toEqual(["era-end", "era-end", "era-end"]);
    expect(book.errors()).toEqual([]);
  });

  test("Era Aleph's end, credited at century 0 before the first century ends, from century 0's Counts", () => {
    const book = new Book({ ...edit((t) => t.Counts?.push([0, "Battlefields", 4]), campaign()), Settings: settings(1) });
    const aleph = planEraEnd(book.read(), 0);
    expect(aleph.problems).toEqual([]);
    expect(aleph.what).toBe("Era Aleph's end");
    // Battlefields: 0.25 per War card (Ares holds 2) × 4 = 2.
    expect(short(aleph)).toEqual({ Ares: [0, 2, 2, 0], Hestia: [0, 0, 0, 0], Demons: [0, 0, 0, 0] });
    book.write(aleph.plan);
    expect(book.column("Century")).toEqual([0]);
    expect(book.column("What")).toEqual(["Era Aleph's end"]);
    expect(book.errors()).toEqual([]);
    expect(errorsIn(planEraEnd(book.read(), 0).problems).map(describeProblem)).toEqual([
      "Ledger table, row 2: Era Aleph's end is already credited (this row). To credit it anew, undo it first.",
    ]);
    // Era Centrum still begins with century 1, its last here, and its end is credited as usual.
    const first = book.centuryEnd(1);
    expect(warningsIn(first.problems).map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^century 1 is Era Centrum's last \(century 1 of 1, counting from century 1;/),
    );
    expect(payWarningsIn(book.eraEnd(1).problems)).toEqual([]);
    expect(book.errors()).toEqual([]);
    // Once a century has ended, Era Aleph's end is too late.
    const late = new Book(campaign());
    late.centuryEnd(1);
    expect(errorsIn(planEraEnd(late.read(), 0).problems).map(describeProblem)).toEqual([
      "Ledger table: Era Aleph's end comes before the first century end, and the Ledger's latest century end is 1: it can no longer be credited, since a century end cannot be taken back.",
    ]);
  });

  test("century 0 in the Ledger is only Era Aleph's end; in Counts, its counts", () => {
    const zero = (kind: string) =>
      new Book({
        ...campaign(),
        Ledger: [
          ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"],
          [0, kind, kind === "century-end" ? null : "x", "Ares", 1, 1, 0, "0"],
        ],
      }).errors();
    expect(zero("century-end")).toContainEqual(
      "Ledger table, row 2, column Century: 0 is not a century: only Era Aleph's end (Kind era-end) is credited at century 0, before the first century.",
    );
    expect(zero("event")).toContainEqual(expect.stringContaining("0 is not a century"));
    expect(zero("era-end").join(" ")).not.toContain("0 is not a century");
    expect(new Book(edit((t) => t.Counts?.push([-1, "Battlefields", 4]), campaign())).errors()).toEqual([
      expect.stringContaining("column Century: -1 is not a century number, 1 or more (0 for Era Aleph's end)."),
    ]);
  });
});

describe("undo", () => {
  test("takes back the latest event: the rows go, the carries are those before it", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    book.event("Feast");
    const undo = planUndo(book.read());
    expect(undo.what).toBe('the event "Feast" in century 2');
    book.write(undo.plan);
    expect(book.column("Kind")).toEqual(["century-end", "century-end", "century-end"]);
    expect(errorsIn(planUndo(book.read()).problems).map(describeProblem)).toEqual([
      "Ledger table, row 4: the latest credit is the end of century 1; a century end is not taken back, it is calculated again (it never pays twice).",
    ]);
  });
});

describe("undo and recalculation, when the campaign changed between credits", () => {
  test("undo takes back only the latest credit, even when an earlier one of the same event paid others too", () => {
    const book = new Book(campaign());
    book.event("Feast"); // Ares 3, Hestia 9, Demons 0.5
    // Hestia gives up her Hearth cards; the Feast happens again and pays only Ares (and the Demons).
    book.tables = edit((t) => (t.Cards = (t.Cards ?? []).filter((r) => !(r[0] === "Hestia" && r[1] === "Hearth"))), book.tables);
    book.event("Feast", { again: true });
    expect(book.column("What")).toEqual(["Feast", "Feast", "Feast", "Feast #2", "Feast #2"]);
    const undo = planUndo(book.read());
    expect(undo.payments.map((p) => p.god)).toEqual(["Ares", "Demons"]);
    book.write(undo.plan);
    expect(book.column("God")).toEqual(["Ares", "Hestia", "Demons"]);
  });

  test("a century end is not calculated again once anything was credited after it, whoever it paid", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    // A god who joined after century 1 is the only one the next event pays.
    book.tables = edit((t) => {
      t.Gods?.push(["Hermes", "lesser"]);
      t.Cards = [...(t.Cards ?? []).filter((r) => r[1] !== "Hearth"), ["Hermes", "Hearth", 1]];
    }, book.tables);
    book.event("Feast");
    expect(book.column("God").slice(3)).toEqual(["Hermes", "Demons"]);
    expect(errorsIn(planCenturyEnd(book.raw(), 1).problems).map((p) => p.row)).toEqual([5]);
  });

  test("an undo asked about one credit takes back nothing when another came since", () => {
    const book = new Book(campaign());
    book.event("Feast");
    expect(errorsIn(planUndo(book.read(), 'the event "Duel" in century 1').problems).map(describeProblem)).toEqual([
      'Ledger table: the latest credit is now the event "Feast" in century 1, not the event "Duel" in century 1: the Ledger changed meanwhile. Nothing was taken back; look again before undoing.',
    ]);
    expect(errorsIn(planUndo(book.read(), 'the event "Feast" in century 1').problems)).toEqual([]);
  });
});

describe("the book's sheets", () => {
  test("every credit writes the two event worksheets and the distribution points", () => {
    const book = new Book(campaign());
    const end = book.centuryEnd(1);
    expect(end.plan?.sheets.map((s) => s.name).slice(3)).toEqual([
      BOOK_SHEETS.heaven,
      BOOK_SHEETS.earth,
      BOOK_SHEETS.points,
      STORY_SHEETS.history,
      STORY_SHEETS.charts,
      SEAL_SHEET,
    ]);
    const event = book.event("Feast");
    const sheet = (name: string) => event.plan?.sheets.find((s) => s.name === name)?.rows.map((r) => r.map((c) => c?.value ?? null)) ?? [];
    // Feast has no Where and no Heaven word in its name: an Earth event.
    expect(sheet(BOOK_SHEETS.earth)).toEqual(
      expect.arrayContaining([
        ["Feast", "spheres: Hearth, Pit"],
        ["Ares", 3],
        ["Hestia", 9],
        ["Demons", 0.5],
      ]),
    );
    expect(sheet(BOOK_SHEETS.heaven)).toEqual(expect.arrayContaining([["The Sources table has no event in Heaven."]]));
    // One line per recipient: its latest credit, what that paid, what it carries on, owes, and all it was paid.
    expect(sheet(BOOK_SHEETS.points).slice(3, 7)).toEqual([
      ["Character", "Latest credit", "Paid", "Kept", "Owes", "Paid in all"],
      ["Ares", 'the event "Feast" in century 2', 3, 0.6, 0, 25],
      ["Hestia", 'the event "Feast" in century 2', 9, 0.34, 0, 33],
      ["Demons", 'the event "Feast" in century 2', 1, 0.35, 0, 3],
    ]);
  });

  test("what an account carries on is a number when a decimal shows it exactly, otherwise the fraction itself", () => {
    expect(carriedCell(ratio(129, 200))).toEqual({ value: 0.645, style: "mana" });
    expect(carriedCell(ZERO)).toEqual({ value: 0, style: "mana" });
    expect(carriedCell(ratio(1, 3))).toEqual({ value: "1/3", style: "fraction" });
  });
});

describe("one exact account per recipient", () => {
  test("over 16 mixed centuries of century ends, events and era ends, paid = floor(exact sum credited)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            events: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
            era: fc.boolean(),
            rate: fc.constantFrom("0.1", "1/3", "0.07", "2.45"),
          }),
          { minLength: 16, maxLength: 16 },
        ),
        (centuries) => {
          const book = new Book(campaign());
          const exact = new Map<string, Ratio>();
          let paid = new Map<string, number>();
          // Every credit's exact earnings, added up apart from the book.
          const credit = (o: CreditOutcome | ReturnType<Book["centuryEnd"]>) => {
            for (const p of "postings" in o ? o.postings : (o.result?.payouts ?? [])) {
              paid = new Map(paid).set(p.god, (paid.get(p.god) ?? 0) + p.paid);
              exact.set(p.god, add(exact.get(p.god) ?? ZERO, p.earned));
            }
          };
          // Era Centrum's end may come at any century; Era Omega's ends the game, so only at the last.
          let eras = 0;
          centuries.forEach((c, i) => {
            const century = i + 1;
            // Odd rates: the Feast's Pit rate changes from century to century.
            book.tables = edit((t) => {
              const row = t.Sources?.find((r) => r[0] === "Pit" && r[1] === "Feast");
              if (row) row[3] = toNumber(parseExact(c.rate) as Ratio);
              if (century > 1) t.Counts?.push([century, "Battlefields", century * 3 + 1], [century, "Hearths", century % 4]);
            }, book.tables);
            c.events.forEach((times, k) => {
              credit(book.event("Feast", { times, again: k > 0 }));
            });
            credit(book.centuryEnd(century));
            if (c.era && (eras === 0 || century === centuries.length)) {
              credit(book.eraEnd(century));
              eras += 1;
            }
          });
          for (const [god, sum] of exact) expect([god, paid.get(god)]).toEqual([god, Number(floor(sum))]);
          expect(book.errors()).toEqual([]);
        },
      ),
      { numRuns: scaled(12, 3) },
    );
  });
});

describe("a Ledger broken by hand is refused, naming the row", () => {
  function history(): Book {
    const book = new Book(campaign());
    book.centuryEnd(1);
    book.event("Feast");
    book.centuryEnd(2);
    return book;
  }
  const at = (book: Book, row: number, header: string, value: unknown) => {
    const ledger = book.tables.Ledger as unknown[][];
    const c = (ledger[0] as unknown[]).indexOf(header);
    (ledger[row - 1] as unknown[])[c] = value;
  };
  const refused = (book: Book): Problem[] => errorsIn(planCenturyEnd(book.raw(), 3).problems);

  test("a digest cleared in the seal is named as the seal's, not blamed on a Ledger row", () => {
    for (const [what, clear] of [
      ["the digest", (row: RawCell[]) => (row[3] = null)],
      ["the credit number", (row: RawCell[]) => (row[2] = "x")],
      ["the whole entry", (row: RawCell[]) => row.fill(null)],
    ] as const) {
      const book = history();
      const seal = book.generated.get(SEAL_SHEET) ?? [];
      // Hestia's first credit: the seal's entry, not the Ledger's row.
      const entry = seal.find((r) => r[0] === "account" && r[1] === "Hestia" && r[2] === 1);
      expect(entry).toBeDefined();
      clear(entry as RawCell[]);
      const problems = refused(book);
      expect([what, problems.map((p) => [p.table, p.row])]).toEqual([what, [["Ledger", undefined]]]);
      expect(problems[0]?.message).toMatch(
        /^the seal \(the hidden sheet "Ledger Seal"(, row \d+)?\) has Hestia's entry( for credit 1)? cleared or changed by hand/,
      );
    }
  });

  test("a changed Carry that disagrees with Exact Carry", () => {
    const book = history();
    at(book, 2, "Carry", 0.9);
    expect(refused(book).map(describeProblem)).toEqual([
      "Ledger table, row 2, column Carry: Carry 0.9 disagrees with Exact Carry 0.6 on the same row: one of them was changed by hand. Put back the value the add-in wrote (Exact Carry is the account's true carry).",
    ]);
  });

  test("a changed Paid, or a changed Earned, breaks the chain", () => {
    const paid = history();
    at(paid, 5, "Paid", 10);
    expect(refused(paid).map(describeProblem)).toEqual([
      "Ledger table, row 5, column Paid: Ares's account does not add up here: 0.6 kept before it (row 2) + Earned 3 makes 3.6, so Paid should be 3 and Exact Carry the rest, but the row says Paid 10, Exact Carry 0.6. Earned, Paid or a carry was changed by hand: put back what the add-in wrote.",
    ]);
    const earned = history();
    at(earned, 9, "Earned", 9.7);
    expect(refused(earned).map((p) => [p.row, p.column])).toEqual([[9, "Paid"]]);
  });

  test("a Paid one too many on a large Earned is found: amounts are compared to a cell's 15 digits, no looser", () => {
    const tables = edit(
      (t) =>
        (t.Ledger = [
          ["Century", "Kind", "What", "God", "Earned", "Paid", "Carry", "Exact Carry"],
          // 2,000,000,021.05 earned from nothing: 2,000,000,021 paid, 0.05 carried; the row says one more.
          [1, "century-end", null, "Ares", 2000000021.05, 2000000022, 0.05, "0.05"],
          [1, "century-end", null, "Hestia", 24.34, 24, 0.34, "0.34"],
          [1, "century-end", null, "Demons", 2.85, 2, 0.85, "0.85"],
        ]),
    );
    const book = new Book(tables);
    const errors = book.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^Ledger table, row 2, column Paid: Ares's account does not add up here: nothing kept before it \(its first credit\) \+ Earned 2000000021\.05/,
    );
  });

  test("one recipient's row missing for a century the others have", () => {
    const book = history();
    (book.tables.Ledger as unknown[][]).splice(8, 1); // row 9: Hestia, century 2
    expect(refused(book).map(describeProblem)).toEqual([
      "Ledger table, row 8, column God: Hestia has no row for the end of century 2, which the other recipients have (rows 8, 9): a row was deleted. Put it back (Undo in Excel, or copy it from a saved copy of the workbook).",
    ]);
  });

  test("a deleted, renamed or emptied Ledger while the workbook holds a paid century's sheets", () => {
    for (const change of [(t: Tables) => delete t.Ledger, (t: Tables) => (t.Ledger = (t.Ledger ?? []).slice(0, 1))]) {
      const book = history();
      change(book.tables);
      book.sheets = book.sheets.filter((s) => s !== "Ledger" || book.tables.Ledger !== undefined);
      const [problem] = refused(book);
      expect(problem?.message).toMatch(
        /^the sheet "C1 Mana" shows that century 1 was paid, but (there is no Ledger|the Ledger is empty)\. Going on would pay again and forget every kept fraction\. Restore the Ledger/,
      );
    }
  });

  test("events of one century sorted by hand are read in an order in which they all add up", () => {
    const book = new Book(
      edit((t) =>
        t.Sources?.push(
          ["Pit", "Omen", "count", 0.7, "yes", null, "event"],
          ["Pit", "Portent", "count", 0.5, "yes", null, "event"],
          ["Pit", "Sign", "count", 0.5, "yes", null, "event"],
        ),
      ),
    );
    // The Demons: 0 → Portent 0.5 → Sign 1.0 (paid 1, carry 0) → Omen 0.7.
    book.event("Portent");
    book.event("Sign");
    book.event("Omen");
    const [headers, ...rows] = book.tables.Ledger as unknown[][];
    // Omen first: taken first, it would carry 0.7 and leave the rest no way to add up.
    book.tables.Ledger = [headers as unknown[], rows[2] as unknown[], rows[0] as unknown[], rows[1] as unknown[]] as Tables[string];
    expect(book.errors()).toEqual([]);
    expect(book.read().campaign.accounts.get("demons")?.carry).toEqual({ n: 7n, d: 10n });
  });

  test("rows out of order are fine: they are read in the order they were credited", () => {
    const book = history();
    const [headers, ...rows] = book.tables.Ledger as unknown[][];
    const god = (headers as unknown[]).indexOf("God");
    book.tables.Ledger = [headers as unknown[], ...[...rows].sort((a, b) => String(a[god]).localeCompare(String(b[god])))] as Tables[string];
    expect(refused(book)).toEqual([]);
    const third = planCenturyEnd(book.raw(), 3);
    expect(third.payments.map((p) => [p.god, p.carryIn])).toEqual(planCenturyEnd(history().raw(), 3).payments.map((p) => [p.god, p.carryIn]));
  });
});

describe("the book's head, kept with the seal", () => {
  const ledgerProblems = (book: Book, raw = book.raw()) => readCampaign(raw).problems.filter((p) => p.table === "Ledger");

  test("a Ledger from before the seal and the head: a warning to look it over, and the next credit seals it and writes its head", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    book.generated.delete(SEAL_SHEET);
    book.sheets = book.sheets.filter((s) => s !== SEAL_SHEET);
    book.head = undefined;
    expect(ledgerProblems(book).map((p) => [p.severity, p.changesPay, p.message])).toEqual([
      ["warning", true, expect.stringMatching(/^the Ledger has no seal \(the hidden sheet "Ledger Seal"\): it was kept by an older version/)],
    ]);
    book.event("Feast");
    expect(book.head).toBeDefined();
    expect(book.generated.has(SEAL_SHEET)).toBe(true);
    expect(ledgerProblems(book)).toEqual([]);
  });

  test("a sealed Ledger whose head is gone: an error a correction answers, writing the head; the campaign goes on", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    book.event("Feast");
    book.head = undefined;
    const problems = ledgerProblems(book);
    expect(problems.map((p) => [p.severity, p.seal, p.head])).toEqual([["error", true, true]]);
    expect(problems[0]?.message).toMatch(/^the book's head is missing: .*The Ledger and its seal may have been put back from an older copy/);
    expect(errorsIn(planEvent(book.read(), "Feast", { again: true }).problems)).toEqual(problems);
    const corrected = planReseal(book.read(), "the head was lost with a copy of the sheets");
    expect(errorsIn(corrected.problems)).toEqual([]);
    book.write(corrected.plan);
    // Every account the head can no longer vouch for gets its correction row.
    expect(book.column("Kind").filter((k) => k === "correction")).toHaveLength(3);
    expect(book.head).toBeDefined();
    expect(ledgerProblems(book)).toEqual([]);
    book.centuryEnd(2);
  });

  test("a head that cannot be read, or a copy of it, is named like a lost one", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    const head = book.head as string;
    const garbled = ledgerProblems(book, { ...book.raw(), bookHead: head.replace('""v"":1', '""v"":9') });
    expect(garbled.map((p) => [p.severity, p.head, p.message])).toEqual([
      ["error", true, expect.stringMatching(/^the book's head \(.*\) was changed and cannot be read\./)],
    ]);
    const copies = ledgerProblems(book, { ...book.raw(), headCopies: 2 });
    expect(copies.map((p) => [p.severity, p.head, p.message])).toEqual([
      ["error", true, expect.stringMatching(/^the workbook holds 2 copies of the book's head/)],
    ]);
  });

  test("a century end an older version left part-way, sealed with no head yet: ending it again writes the head", () => {
    const book = new Book(campaign());
    book.centuryEnd(1);
    book.head = undefined;
    const raw = { ...book.raw(), interruptedCentury: 1 };
    expect(errorsIn(readCampaign(raw).problems)).toEqual([]);
    const again = planCenturyEnd(raw, 1);
    expect(errorsIn(again.problems)).toEqual([]);
    expect(again.plan?.head).toBeDefined();
  });
});

describe("the Ledger's check in linear time", () => {
  test("fourteen whole-number event credits of one god, sorted by hand, with one hand edit: named at once", () => {
    const book = new Book(edit((t) => t.Sources?.push(["War", "Duel won", "count", 1, "no", null, "event"])));
    book.centuryEnd(1);
    for (let i = 0; i < 14; i++) book.event("Duel won", { again: true });
    const [headers = [], ...rows] = book.tables.Ledger ?? [];
    // Sorted by hand, newest first; then one Paid changed.
    const sorted = [rows[0], rows[1], rows[2], ...rows.slice(3).reverse()] as unknown[][];
    const paid = headers.indexOf("Paid");
    const edited = sorted.map((r, i) => (i === 9 ? r.map((v, c) => (c === paid ? Number(v) + 1 : v)) : r));
    book.tables.Ledger = [headers, ...edited] as Tables[string];
    // (A search over the orders of fourteen credits would not end within the test's time.)
    const errors = book.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Ledger table, row \d+, column Paid: Ares's account does not add up here/);
    // Without the edit, the same sorted Ledger reads right.
    book.tables.Ledger = [headers, ...sorted] as Tables[string];
    expect(book.errors()).toEqual([]);
  });
});
