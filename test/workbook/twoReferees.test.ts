/**
 * Two referees at once, each with the pane open on the same workbook (Excel on the web, where
 * every computer's requests reach one workbook): two copies of the add-in's Office code, each
 * its own module instance (its own busy flag and name), their requests interleaved in every
 * order a test can choose. Whatever the order, a century is paid once, a credit is never written
 * over, and the referee who did not pay is told plainly why.
 */
import { describeProblem, errorsIn } from "../../src/workbook/model/problems";
import type * as Actions from "../../src/workbook/office/actions";
import type * as Tools from "../../src/workbook/office/tools";
import type * as Between from "../../src/workbook/office/between";
import type * as Settle from "../../src/workbook/office/settle";
import { CLAIM_MS, CLAIM_PREFIX } from "../../src/workbook/office/claim";
import { paidTwice } from "../../src/workbook/read/twice";
import { cellAt, MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { edit, memoryWorkbook } from "../support/campaigns";
import { SMALL_LANE } from "../support/scale";

/** A second, third… copy of the add-in's Office code, as a second computer runs it. */
function computer(): { actions: typeof Actions; tools: typeof Tools; between: typeof Between; settle: typeof Settle } {
  let copy: { actions: typeof Actions; tools: typeof Tools; between: typeof Between; settle: typeof Settle } | undefined;
  jest.isolateModules(() => {
    copy = {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module instance per computer is the point
      actions: require("../../src/workbook/office/actions") as typeof Actions,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same instance's tools
      tools: require("../../src/workbook/office/tools") as typeof Tools,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same instance's tools between sessions
      between: require("../../src/workbook/office/between") as typeof Between,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same instance's settling actions
      settle: require("../../src/workbook/office/settle") as typeof Settle,
    };
  });
  if (copy === undefined) throw new Error("no copy");
  return copy;
}

/**
 * Lets the computers' requests reach the workbook in the order of `order` ("ABAB…"): each request
 * waits for its computer's turn. When the order runs out, or names a computer that has finished,
 * the rest go as they come.
 */
class Turns {
  private at = 0;
  private waiting = new Map<string, () => void>();
  private done = new Set<string>();
  constructor(private readonly order: string) {}
  run(excel: MemoryExcel, who: string): Actions.ExcelRun {
    return (batch) =>
      excel.run((context) =>
        batch({
          workbook: context.workbook,
          sync: async () => {
            await this.turn(who);
            const result = await context.sync();
            this.next();
            return result;
          },
        }),
      );
  }
  finished(who: string): void {
    this.done.add(who);
    this.release();
  }
  private turn(who: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.set(who, resolve);
      this.release();
    });
  }
  private next(): void {
    this.at++;
    this.release();
  }
  /** Lets the computer whose turn it is go on, skipping turns of computers that are done. */
  private release(): void {
    while (this.at < this.order.length && this.done.has(this.order[this.at] as string)) this.at++;
    const who = this.at < this.order.length ? (this.order[this.at] as string) : undefined;
    const go = who === undefined ? [...this.waiting.keys()][0] : this.waiting.has(who) ? who : undefined;
    if (go === undefined) return;
    const resume = this.waiting.get(go);
    this.waiting.delete(go);
    // After the order has run out, one at a time: the next one goes when this one's request is done.
    resume?.();
  }
}

/** Every order of a's requests and b's requests, as strings of "A" and "B". */
function interleavings(a: number, b: number): string[] {
  if (a === 0) return ["B".repeat(b)];
  if (b === 0) return ["A".repeat(a)];
  return [...interleavings(a - 1, b).map((s) => `A${s}`), ...interleavings(a, b - 1).map((s) => `B${s}`)];
}

/**
 * The orders a test runs: every one in the full run; in the fast lane (scale.ts) every fifth, the
 * two where one referee goes wholly first among them, as the property tests run a few cases there.
 */
function orders(a: number, b: number): string[] {
  const all = interleavings(a, b);
  return SMALL_LANE ? all.filter((_, i) => i % 5 === 0 || i === all.length - 1) : all;
}

/** The Ledger's rows for the end of `century`. */
function centuryRows(book: MemoryWorkbook, century: number): unknown[][] {
  return book.values("Ledger").filter((r) => r[0] === century && r[1] === "century-end");
}

const campaign = () =>
  edit((t) => {
    t.Sources?.push(["War", "Battlefields", "count", 0.25, "no", null, "era-end"]);
    t.Counts?.push([1, "Battlefields", 7]);
  });

/**
 * The two computers of the interleaving tests, loaded once: a copy of the code each, which holds
 * nothing between actions but its name, so every order can share them (each has a workbook of its own).
 */
let pair: [ReturnType<typeof computer>, ReturnType<typeof computer>] | undefined;

/** Two computers on one workbook, their requests in `order`: each one's ExcelRun, and its copy of the code. */
function referees(order: string) {
  const book = memoryWorkbook(campaign());
  const turns = new Turns(order);
  pair ??= [computer(), computer()];
  const [a, b] = pair;
  return { book, turns, a: { ...a, run: turns.run(new MemoryExcel(book), "A") }, b: { ...b, run: turns.run(new MemoryExcel(book), "B") } };
}

async function both<A, B>(turns: Turns, a: () => Promise<A>, b: () => Promise<B>): Promise<[A | Error, B | Error]> {
  const settle = async <T>(who: string, f: () => Promise<T>): Promise<T | Error> => {
    try {
      return await f();
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    } finally {
      turns.finished(who);
    }
  };
  return Promise.all([settle("A", a), settle("B", b)]);
}

describe("two referees end the same century at once", () => {
  // Each century end is at most 4 requests: two reads, the claim, the write.
  test.each(orders(4, 4))("order %s: century 1 is paid once, and the other referee is told so", async (order) => {
    const { book, turns, a, b } = referees(order);
    const [ra, rb] = await both(
      turns,
      () => a.actions.endCentury(a.run, 1, { unpaid: true }),
      () => b.actions.endCentury(b.run, 1, { unpaid: true }),
    );
    expect(ra).not.toBeInstanceOf(Error);
    expect(rb).not.toBeInstanceOf(Error);
    if (ra instanceof Error || rb instanceof Error) return;
    // Paid once: one set of rows, one referee told "written".
    expect(centuryRows(book, 1)).toHaveLength(3);
    expect([ra.written, rb.written].filter(Boolean)).toHaveLength(1);
    const other = ra.written ? rb : ra;
    const why = errorsIn(other.problems).map(describeProblem).join(" ");
    expect(why).toMatch(/another referee|was paid meanwhile/);
    expect(why).not.toMatch(/stopped part-way/);
  });
});

describe("two referees credit at once", () => {
  test.each(orders(4, 4))("order %s: an event during another's century end lands in a consistent Ledger", async (order) => {
    const { book, turns, a, b } = referees(order);
    const [ra, rb] = await both(
      turns,
      () => a.actions.endCentury(a.run, 1, { unpaid: true }),
      () => b.actions.creditEvent(b.run, "Feast"),
    );
    if (ra instanceof Error) throw ra;
    if (rb instanceof Error) throw rb;
    // What was said to be written is in the Ledger; what was not, is not.
    expect(centuryRows(book, 1)).toHaveLength(ra.written ? 3 : 0);
    const feast = book.values("Ledger").filter((r) => r[1] === "event");
    expect(feast.length > 0).toBe(rb.written);
    // The Ledger reads clean afterwards on either computer: every account adds up, the seal agrees.
    const status = await a.tools.readStatus(new MemoryExcel(book).run);
    expect(errorsIn(status.problems).map(describeProblem)).toEqual([]);
  });
});

describe("two referees record deaths at once", () => {
  test.each(orders(3, 3))("order %s: both rows are kept", async (order) => {
    const { book, turns, a, b } = referees(order);
    const [ra, rb] = await both(
      turns,
      () => a.tools.recordDeaths(a.run, { cause: "famine", units: 3, race: "Achaeans" }),
      () => b.tools.recordDeaths(b.run, { cause: "fire", units: 2, race: "Trojans" }),
    );
    if (ra instanceof Error) throw ra;
    if (rb instanceof Error) throw rb;
    expect([ra.written, rb.written]).toEqual([true, true]);
    const causes = book.values("Deaths").map((r) => r[1]);
    expect(causes.filter((c) => c === "famine" || c === "fire").sort()).toEqual(["famine", "fire"]);
  });
});

describe("a claim left in the workbook", () => {
  const claimOf = (minutesAgo: number) => JSON.stringify({ what: "paying century 1", at: Date.now() - minutesAgo * 60_000 });

  test("another computer's fresh claim: nothing is written, and the referee is told what the other is doing", async () => {
    const book = memoryWorkbook(campaign());
    book.settings.set(`${CLAIM_PREFIX}other`, claimOf(0.5));
    const excel = new MemoryExcel(book);
    const outcome = await computer().actions.creditEvent(excel.run, "Feast");
    expect(outcome.written).toBe(false);
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      expect.stringMatching(/^Ledger table: another referee's Excel is paying century 1 right now \(since \d\d:\d\d\), so nothing was written here\./),
    ]);
    expect(book.values("Ledger")).toEqual([]);
    // Its own claim is gone again; the other computer's stays until that computer is done.
    expect([...book.settings.keys()]).toEqual([`${CLAIM_PREFIX}other`]);
  });

  test("one left by an Excel that closed half-way lapses after CLAIM_MS", async () => {
    const book = memoryWorkbook(campaign());
    book.settings.set(`${CLAIM_PREFIX}gone`, claimOf(CLAIM_MS / 60_000 + 1));
    const me = computer();
    const excel = new MemoryExcel(book);
    expect((await me.actions.endCentury(excel.run, 1)).written).toBe(true);
    expect((await me.actions.creditEvent(excel.run, "Feast")).written).toBe(true);
    expect([...book.settings.keys()].filter((k) => k.startsWith(CLAIM_PREFIX))).toEqual([`${CLAIM_PREFIX}gone`]);
  });
});

/** A copy of a workbook, as each co-author's Excel holds one: its sheets' cells, its tables and its settings. */
function copyOf(book: MemoryWorkbook): MemoryWorkbook {
  const copy = new MemoryWorkbook();
  catchUp(copy, book);
  return copy;
}

/**
 * What co-authoring does when one computer's changes reach another's copy, seconds late: every
 * cell the sender holds is written over the receiver's (the later writer wins), sheets and tables
 * it added appear, a table keeps the larger of the two bodies, and settings merge key by key.
 */
function catchUp(receiver: MemoryWorkbook, sender: MemoryWorkbook): void {
  for (const s of sender.sheets) {
    const target = receiver.sheet(s.name) ?? receiver.addSheet(s.name);
    target.visibility = s.visibility;
    for (const [k, c] of s.cells) {
      const [r, col] = cellAt(k);
      const cell = target.cell(r, col);
      cell.value = c.value;
      if (c.formula === undefined) delete cell.formula;
      else cell.formula = c.formula;
      if (c.numberFormat !== undefined) cell.numberFormat = c.numberFormat;
    }
  }
  for (const t of sender.tables) {
    const mine = receiver.table(t.name);
    if (mine !== undefined) mine.bodyRows = Math.max(mine.bodyRows, t.bodyRows);
    else receiver.tables.push(Object.assign(Object.create(Object.getPrototypeOf(t) as object) as typeof t, t, { sheet: receiver.sheet(t.sheet.name) }));
  }
  for (const [k, v] of sender.settings) receiver.settings.set(k, v);
}

describe("two referees whose copies lag behind each other", () => {
  test("both pay century 1 on their own copy: once the copies meet, either computer names it and stops paying until a referee settles it", async () => {
    const start = memoryWorkbook(campaign());
    const [a, b] = [copyOf(start), copyOf(start)];
    const [first, second] = [computer(), computer()];
    // Neither copy has the other's changes yet: both claims pass, both pay.
    expect((await first.actions.endCentury(new MemoryExcel(a).run, 1)).written).toBe(true);
    expect((await second.actions.endCentury(new MemoryExcel(b).run, 1)).written).toBe(true);
    catchUp(b, a);
    catchUp(a, b);
    // The Ledger holds century 1 once: the cells of both writes merged.
    expect(centuryRows(a, 1)).toHaveLength(3);
    for (const [copy, who] of [
      [a, first],
      [b, second],
    ] as const) {
      const status = await who.tools.readStatus(new MemoryExcel(copy).run);
      const twice = errorsIn(status.problems).filter((p) => p.paidTwice !== undefined);
      // Each computer calls its own payment "this computer" and the other's "another computer".
      expect(twice[0]?.message).toMatch(/this computer at .*another computer at |another computer at .*this computer at /);
      expect(twice[0]?.takeBack).toBe("Ares 22, Hestia 24, Demons 2");
      expect(twice.map(describeProblem)).toEqual([
        expect.stringMatching(
          /^Ledger table, row 2: the end of century 1 was paid on 2 computers whose copies of the workbook had not yet caught up with each other: (this|another) computer at \d\d:\d\d handed out Ares 22, Hestia 24, Demons 2; (this|another) computer at \d\d:\d\d handed out Ares 22, Hestia 24, Demons 2\. The Ledger holds it once, as (this|another) computer at \d\d:\d\d wrote it, and keeps it so\. Take back out of the boxes what (this|another) computer at \d\d:\d\d handed out: Ares 22, Hestia 24, Demons 2\. Then say it is put right/,
        ),
      ]);
    }
    // Writing the session packet pays nobody, and the pane goes on showing it.
    const packet = await first.between.writePacket(new MemoryExcel(a).run);
    expect(packet.status.problems.some((p) => p.paidTwice === "century-end|1|")).toBe(true);
    // Nothing more is paid on either computer until then.
    const held = await first.actions.creditEvent(new MemoryExcel(a).run, "Feast");
    expect(held.written).toBe(false);
    expect(errorsIn(held.problems).some((p) => p.paidTwice === "century-end|1|")).toBe(true);
    // A referee settles it on the second computer; once the first's copy has caught up, it pays again.
    const settled = await second.settle.settlePaidTwice(new MemoryExcel(b).run, "century-end|1|");
    expect(settled.status.problems.filter((p) => p.paidTwice !== undefined)).toEqual([]);
    catchUp(a, b);
    expect((await first.actions.creditEvent(new MemoryExcel(a).run, "Feast")).written).toBe(true);
  });

  test("two sets that differ: the Ledger keeps the one it holds, and the other comes back out of the boxes", async () => {
    const start = campaign();
    const a = memoryWorkbook(start);
    // The second referee's copy already has 4 more war dead that the first one's has not seen.
    const b = memoryWorkbook(edit((t) => t.Deaths?.push([1, "war", 4, "Amazons", null]), start));
    const [first, second] = [computer(), computer()];
    expect((await first.actions.endCentury(new MemoryExcel(a).run, 1)).written).toBe(true);
    expect((await second.actions.endCentury(new MemoryExcel(b).run, 1)).written).toBe(true);
    // The second's changes reach the first's copy last: its cells win, its Ledger rows stand.
    catchUp(a, b);
    catchUp(b, a);
    expect(centuryRows(a, 1).map((r) => [r[3], r[5]])).toEqual([
      ["Ares", 26],
      ["Hestia", 24],
      ["Demons", 3],
    ]);
    const status = await first.tools.readStatus(new MemoryExcel(a).run);
    const [twice] = errorsIn(status.problems).filter((p) => p.paidTwice !== undefined);
    expect(twice?.message).toMatch(
      /: this computer at \d\d:\d\d handed out Ares 22, Hestia 24, Demons 2; another computer at \d\d:\d\d handed out Ares 26, Hestia 24, Demons 3\. The Ledger holds it once, as another computer at \d\d:\d\d wrote it, and keeps it so\. Take back out of the boxes what this computer at \d\d:\d\d handed out: Ares 22, Hestia 24, Demons 2\./,
    );
    expect(twice?.takeBack).toBe("Ares 22, Hestia 24, Demons 2");
    // One confirmed action on either computer puts it right; then both pay again.
    await first.settle.settlePaidTwice(new MemoryExcel(a).run, "century-end|1|");
    catchUp(b, a);
    expect((await second.actions.creditEvent(new MemoryExcel(b).run, "Feast")).written).toBe(true);
  });

  test("a credit taken back on one computer and made again on another is paid once: nothing is named", async () => {
    const book = memoryWorkbook(campaign());
    const [first, second] = [computer(), computer()];
    const run = new MemoryExcel(book).run;
    expect((await first.actions.endCentury(run, 1)).written).toBe(true);
    expect((await first.actions.creditEvent(run, "Feast")).written).toBe(true);
    expect((await first.actions.undoLatestCredit(run)).written).toBe(true);
    expect((await second.actions.creditEvent(run, "Feast")).written).toBe(true);
    const status = await first.tools.readStatus(run);
    expect(status.problems.filter((p) => p.paidTwice !== undefined)).toEqual([]);
    // The first computer's log says it took the credit back.
    const log = [...book.settings.entries()]
      .filter(([k]) => k.startsWith("gods.paid."))
      .map(([, v]) => JSON.parse(v) as { credit: string; undone?: boolean }[]);
    expect(
      log
        .flat()
        .filter((e) => e.credit === "event|2|Feast")
        .map((e) => e.undone === true),
    ).toEqual(expect.arrayContaining([true, false, false]));
  });

  test("one computer paying twice, a century end and its redo, is no double payment across computers", async () => {
    const book = memoryWorkbook(campaign());
    const me = computer();
    expect((await me.actions.endCentury(new MemoryExcel(book).run, 1)).written).toBe(true);
    expect((await me.actions.endCentury(new MemoryExcel(book).run, 1)).written).toBe(true);
    const status = await me.tools.readStatus(new MemoryExcel(book).run);
    expect(status.problems.filter((p) => p.paidTwice !== undefined)).toEqual([]);
  });
});

describe("a Ledger whose cells two computers' writes mixed", () => {
  test("is named as that, not as a hand edit, and one step puts it and its seal right; the double payment is still named", async () => {
    const start = campaign();
    const a = memoryWorkbook(start);
    // The second referee's copy has 4 more war dead: its century 1 pays Ares and the Demons more.
    const b = memoryWorkbook(edit((t) => t.Deaths?.push([1, "war", 4, "Amazons", null]), start));
    const [first, second] = [computer(), computer()];
    expect((await first.actions.endCentury(new MemoryExcel(a).run, 1)).written).toBe(true);
    expect((await second.actions.endCentury(new MemoryExcel(b).run, 1)).written).toBe(true);
    // The merge took the first Ledger row from the second computer's write, the others from the first's.
    const ledgerB = b.sheet("Ledger");
    const ledgerA = a.sheet("Ledger");
    if (ledgerA === undefined || ledgerB === undefined) throw new Error("no Ledger");
    for (let c = 0; c < 8; c++) ledgerA.cell(1, c).value = ledgerB.cell(1, c).value;
    for (const [k, v] of b.settings) if (!a.settings.has(k)) a.settings.set(k, v);
    const status = await first.tools.readStatus(new MemoryExcel(a).run);
    const mixed = status.problems.find((p) => p.mixedBook !== undefined);
    expect(mixed?.message).toMatch(
      /^the end of century 1 was written by two computers at once \((this|another) computer at \d\d:\d\d, (this|another) computer at \d\d:\d\d\), and co-authoring mixed their cells in the Ledger: it is not a hand edit\. Put it right: the Ledger and its seal take the rows this computer wrote, which the Ledger holds most of \(century 1 paid: Ares 22, Hestia 24, Demons 2\)\.$/,
    );
    expect(status.problems.filter((p) => p.seal === true)).toEqual([]);
    // Nothing is paid until it is put right.
    expect((await first.actions.creditEvent(new MemoryExcel(a).run, "Feast")).written).toBe(false);
    await first.settle.putBookRight(new MemoryExcel(a).run, mixed?.mixedBook ?? "");
    const after = await first.tools.readStatus(new MemoryExcel(a).run);
    expect(after.problems.filter((p) => p.mixedBook !== undefined || p.seal === true)).toEqual([]);
    expect(centuryRows(a, 1).map((r) => [r[3], r[5]])).toEqual([
      ["Ares", 22],
      ["Hestia", 24],
      ["Demons", 2],
    ]);
    // The double payment is named still, for the referees to settle.
    expect(after.problems.some((p) => p.paidTwice === "century-end|1|")).toBe(true);
  });
});

describe("naming a credit paid on two computers", () => {
  const raw = (handed: [string, number][][]) => ({
    tables: new Map(),
    sheetNames: [],
    thisComputer: "a",
    paidLog: handed.map((h, i) => ({ computer: i === 0 ? "a" : "b", credit: "event|2|Feast", at: Date.UTC(2026, 0, 1, 14, i), handed: h })),
  });

  test("a credit the Ledger no longer holds (taken back since) is said so, with what the other computer handed out", () => {
    const [p] = paidTwice(raw([[["Ares", 3]], [["ares", 3]]]), []);
    expect(p?.message).toMatch(
      /^the event "Feast" in century 2 was paid on 2 computers .*The Ledger no longer holds it \(it was taken back since\)\. Take back out of the boxes what another computer at \d\d:\d\d handed out: ares 3\./,
    );
  });

  test("a payment of no whole mana: nothing comes back, and the message names the computer", () => {
    const ledger = [{ century: 2, kind: "event" as const, what: "Feast", god: "Ares", earned: 0.5, paid: 0, carry: { n: 1n, d: 2n }, row: 5, index: 3 }];
    const [p] = paidTwice(raw([[], []]), ledger);
    expect(p?.message).toMatch(
      /The Ledger holds it once, as this computer at \d\d:\d\d wrote it, and keeps it so\. Nothing comes back out of a box: another computer at \d\d:\d\d handed out no whole mana\./,
    );
    expect(p?.takeBack).toBe("");
  });

  test("the set the Ledger holds is found whatever the case of a name: the other is the one taken back", () => {
    const ledger = [{ century: 2, kind: "event" as const, what: "Feast", god: "Ares", earned: 3, paid: 3, carry: { n: 0n, d: 1n }, row: 5, index: 3 }];
    const [p] = paidTwice(raw([[["Ares", 4]], [["ARES", 3]]]), ledger);
    expect(p?.message).toMatch(
      /The Ledger holds it once, as another computer at \d\d:\d\d wrote it, and keeps it so\. Take back out of the boxes what this computer at \d\d:\d\d handed out: Ares 4\./,
    );
  });
});
