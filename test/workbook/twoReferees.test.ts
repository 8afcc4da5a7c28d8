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
import { CLAIM_MS, CLAIM_PREFIX } from "../../src/workbook/office/claim";
import { MemoryExcel, MemoryWorkbook } from "../support/memoryExcel";
import { edit, memoryWorkbook } from "../support/campaigns";

/** A second, third… copy of the add-in's Office code, as a second computer runs it. */
function computer(): { actions: typeof Actions; tools: typeof Tools } {
  let copy: { actions: typeof Actions; tools: typeof Tools } | undefined;
  jest.isolateModules(() => {
    copy = {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module instance per computer is the point
      actions: require("../../src/workbook/office/actions") as typeof Actions,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same instance's tools
      tools: require("../../src/workbook/office/tools") as typeof Tools,
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

/** The Ledger's rows for the end of `century`. */
function centuryRows(book: MemoryWorkbook, century: number): unknown[][] {
  return book.values("Ledger").filter((r) => r[0] === century && r[1] === "century-end");
}

const campaign = () =>
  edit((t) => {
    t.Sources?.push(["War", "Battlefields", "count", 0.25, "no", null, "era-end"]);
    t.Counts?.push([1, "Battlefields", 7]);
  });

/** Two computers on one workbook, their requests in `order`: each one's ExcelRun, and its copy of the code. */
function referees(order: string) {
  const book = memoryWorkbook(campaign());
  const turns = new Turns(order);
  const [a, b] = [computer(), computer()];
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
  test.each(interleavings(4, 4))("order %s: century 1 is paid once, and the other referee is told so", async (order) => {
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
    const why = [...errorsIn(other.problems).map(describeProblem), other.aborted ?? ""].join(" ");
    expect(why).toMatch(/another referee|was paid meanwhile/);
    expect(why).not.toMatch(/stopped part-way/);
  });
});

describe("two referees credit at once", () => {
  test.each(interleavings(4, 4))("order %s: an event during another's century end lands in a consistent Ledger", async (order) => {
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
  test.each(interleavings(3, 3))("order %s: both rows are kept", async (order) => {
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
    expect([...book.settings.keys()]).toEqual([`${CLAIM_PREFIX}gone`]);
  });
});
