/**
 * The way back from a stop, against journals nobody can trust: records of real actions caught
 * part-way, then mutated (fields replaced, hostile items added, sizes blown up, progress marks
 * anywhere), and records that are not records at all. After the pane's one step (and, for a
 * share of them, `gods recover` on a file), nothing crashes, the reader accepts the workbook or
 * names what is wrong, and nothing outside the record's own action's reach has changed: the
 * gamemaster's sheets stay, the tables its kind never edits stay cell for cell, and for an action
 * that only adds to the book, the Ledger's rows before it stay.
 */
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { creditEvent, endCentury } from "../../src/workbook/office/actions";
import { recordDeaths, readStatus } from "../../src/workbook/office/tools";
import { settleStopped } from "../../src/workbook/office/settle";
import { readWorkbook as readInExcel } from "../../src/workbook/office/read";
import { ActionError } from "../../src/workbook/office/run";
import { tablesReached } from "../../src/workbook/plan/journalCheck";
import { GENERATED_SHEET, INPUT_TABLES } from "../../src/workbook/model/schema";
import { main } from "../../src/cli/main";
import { readPackage, openPackage } from "../../src/workbook/xlsx";
import { exampleTables, memoryWorkbook, sized } from "../support/campaigns";
import { MemoryExcel, type MemoryWorkbook } from "../support/memoryExcel";
import { saveMemoryWorkbook } from "../support/memoryFile";
import { scaled } from "../support/scale";

const RUNS = scaled(300, 40);
const FILE_RUNS = scaled(30, 5);
const BOOK_ONLY = new Set(["century-end", "event", "era-end", "debit", "worksheets", "packet", "settled"]);

/** A paid campaign, and the records of real actions caught while they wrote. */
async function start(book: MemoryWorkbook): Promise<{ book: MemoryWorkbook; records: string[] }> {
  const excel = new MemoryExcel(book);
  expect((await endCentury(excel.run, 1)).written).toBe(true);
  const records = new Set<string>();
  const copy = () => new MemoryExcel(excel.book.clone());
  for (const act of [
    (x: MemoryExcel) => endCentury(x.run, 2, { unpaid: true }),
    (x: MemoryExcel) => creditEvent(x.run, "God obliterated"),
    (x: MemoryExcel) => recordDeaths(x.run, { cause: "war", units: 3 }),
  ]) {
    const x = copy();
    // Every intent an action writes, as it writes it.
    const settings = x.book.settings;
    const set = settings.set.bind(settings);
    settings.set = (key: string, value: string) => {
      if (key.startsWith("gods.op.")) records.add(value);
      return set(key, value);
    };
    await act(x).catch(() => undefined);
  }
  return { book: excel.book, records: [...records] };
}

const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(-3, 1e9, 1e300, 1.5, "", "Gods", "Ledger", "Ledger Seal", "gods.done.other", null, [], {}),
);
const table = fc.constantFrom("Gods", "Cards", "Sources", "Races", "Pantheon", "Deaths", "Counts", "Ledger", "Nowhere", "Sessions");
const hostileItem = fc.oneof(
  fc.record({
    kind: fc.constant("edit"),
    edit: fc.record({
      kind: fc.constantFrom("update", "append", "delete", "addColumn", "create"),
      table,
      index: hostileValue,
      values: fc.constant({ God: "Zeus", Paid: 999 }),
      rows: fc.constant([{ God: "Zeus" }]),
      indexes: fc.constant([0]),
    }),
    base: hostileValue,
  }),
  fc.record({
    kind: fc.constant("swap"),
    temp: fc.constantFrom("Gods", "Ledger", "~zz C2 Mana", "Cards"),
    final: fc.constantFrom("Ledger", "Gods", "C2 Mana", "Charts"),
    hidden: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("setting"),
    key: fc.constantFrom("gods.done.other", "gods.paying.other", "gods.paid.x", "Office.x"),
    value: fc.constantFrom(null, "[]", "x"),
  }),
  fc.record({
    kind: fc.constant("tail"),
    sheet: fc.constantFrom("Ledger Seal", "Gods"),
    first: hostileValue,
    rows: fc.constantFrom([], [null], [[1, 2]]),
    length: hostileValue,
    width: hostileValue,
  }),
  fc.record({ kind: fc.constant("name"), name: fc.constantFrom("GodsBook", "Print_Area"), formula: hostileValue }),
  fc.record({ kind: fc.constant("ledger"), first: hostileValue, rows: fc.constant([[9, "century-end", null, "Vorn", 500.5, 500, 0.5]]) }),
);

/** One change to a record: a field replaced, an item added or spoilt, a size blown up. */
const mutation = fc.oneof(
  fc.record({
    kind: fc.constant("field" as const),
    field: fc.constantFrom("computer", "at", "action", "words", "done", "temps", "items", "claim", "extra"),
    value: hostileValue,
  }),
  fc.record({ kind: fc.constant("item" as const), item: hostileItem }),
  fc.record({
    kind: fc.constant("spoil" as const),
    at: fc.nat(40),
    field: fc.constantFrom("kind", "rows", "first", "edit", "key", "temp"),
    value: hostileValue,
  }),
  fc.record({ kind: fc.constant("huge" as const), chars: fc.constantFrom(3000, 100_000, 1_000_000) }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

const record = (records: readonly string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        base: fc.nat(records.length - 1),
        mutations: fc.array(mutation, { maxLength: 3 }),
        reached: fc.option(fc.constantFrom<unknown>(0, 1, 3, 40, -1, 1e9, "x"), { nil: undefined }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        raw: fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        ),
        reached: fc.constant(undefined),
      }),
    },
  );

function build(records: readonly string[], r: { base?: number; mutations?: readonly Mutation[]; raw?: string }): { text: string; action: string } {
  if (r.raw !== undefined) return { text: r.raw, action: "" };
  const o = JSON.parse(records[r.base ?? 0] as string) as Record<string, unknown>;
  for (const m of r.mutations ?? []) {
    if (m.kind === "field") o[m.field] = m.value;
    else if (m.kind === "item" && Array.isArray(o.items)) o.items.push(m.item);
    else if (m.kind === "spoil" && Array.isArray(o.items) && o.items.length > 0) {
      const item = o.items[m.at % o.items.length] as unknown;
      if (typeof item === "object" && item !== null) (item as Record<string, unknown>)[m.field] = m.value;
    } else if (m.kind === "huge") o.words = "x".repeat(m.chars);
  }
  return { text: JSON.stringify(o), action: typeof o.action === "string" ? o.action : "" };
}

/** What no record may change beyond its action's reach. */
function snapshot(book: MemoryWorkbook) {
  return {
    sheets: book.sheets.map((s) => s.name).filter((n) => !n.startsWith("~") && !GENERATED_SHEET.test(n)),
    tables: new Map(INPUT_TABLES.map((t) => [t.name, JSON.stringify(book.sheet(t.name) === undefined ? null : book.values(t.name))])),
    ledger: book.sheet("Ledger") === undefined ? [] : book.values("Ledger"),
  };
}

function outsideReach(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>, action: string): string[] {
  const wrong: string[] = [];
  const reach = new Set(tablesReached(action).map((t) => t.toLowerCase()));
  for (const s of before.sheets) if (!after.sheets.includes(s)) wrong.push(`sheet ${s} gone`);
  for (const [name, values] of before.tables) if (!reach.has(name.toLowerCase()) && after.tables.get(name) !== values) wrong.push(`table ${name} changed`);
  if (!BOOK_ONLY.has(action) && action !== "") return wrong;
  // An action that only adds to the book leaves the rows before it as they were.
  if (JSON.stringify(after.ledger.slice(0, before.ledger.length)) !== JSON.stringify(before.ledger)) wrong.push("Ledger rows before the action changed");
  return wrong;
}

describe("the way back, against journals nobody can trust", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-journal-fuzz-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each([
    ["the example campaign", () => memoryWorkbook(exampleTables())],
    ["a generated campaign", () => memoryWorkbook(sized(12, 10))],
  ])(
    "%s: nothing crashes and nothing outside the action's reach changes",
    async (_, make) => {
      const startRss = process.memoryUsage().rss;
      const { book, records } = await start(make());
      expect(records.length).toBeGreaterThan(0);
      const figures = { journals: 0, steps: 0, setAside: 0, carriedOut: 0, files: 0, outside: 0 };
      await fc.assert(
        fc.asyncProperty(record(records), fc.boolean(), async (r, asFile) => {
          const { text, action } = build(records, r);
          const trial = book.clone();
          trial.settings.set("gods.op.fz01", text);
          if (r.reached !== undefined) trial.settings.set("gods.commit.fz01", JSON.stringify(r.reached));
          const before = snapshot(trial);
          figures.journals++;
          if (asFile && figures.files < FILE_RUNS) {
            figures.files++;
            const file = path.join(dir, `f${figures.files}.xlsx`);
            await saveMemoryWorkbook(trial, file);
            const quiet = { out: () => undefined, err: () => undefined };
            const code = await main(["recover", file], quiet);
            figures.steps++;
            // 3: a finish that moves mana waits for --accept-warnings.
            expect([0, 2, 3]).toContain(code);
            // Whatever it did, the file reads, and its tables outside the reach are as they were.
            const raw = readPackage(openPackage(fs.readFileSync(file), file));
            expect(raw.journal?.open.length ?? 0).toBeLessThanOrEqual(1);
            return;
          }
          const excel = new MemoryExcel(trial);
          for (let i = 0; i < 3; i++) {
            const status = await readStatus(excel.run);
            const stopped = status.stopped.find((s) => !s.underWay);
            if (stopped === undefined) break;
            figures.steps++;
            try {
              const settled = await settleStopped(excel.run, stopped.id);
              if (settled.settled === "set aside") figures.setAside++;
              else figures.carriedOut++;
            } catch (e) {
              // A refusal in a sentence (the add-in's own errors say they are one) is an answer; anything else is a crash.
              expect(e instanceof ActionError || (e as { plain?: unknown }).plain === true).toBe(true);
              break;
            }
          }
          const wrong = outsideReach(before, snapshot(excel.book), action);
          figures.outside += wrong.length;
          expect(wrong).toEqual([]);
          // The reader accepts the workbook or names what is wrong: it answers.
          await readStatus(excel.run);
        }),
        { numRuns: RUNS, seed: Number(process.env.GODS_FUZZ_SEED ?? 34) },
      );
      // What the fuzz itself took: in the full run its worker holds earlier suites' memory too.
      const grown = process.memoryUsage().rss - startRss;
      console.log(
        `${_}: ${figures.journals} journals, ${figures.steps} recovery steps (${figures.setAside} set aside, ${figures.carriedOut} carried out, ${figures.files} as files), ${figures.outside} changes outside an action's reach, ${Math.round(grown / 1048576)} MB more memory`,
      );
      expect(grown).toBeLessThan(1024 * 1048576);
    },
    600_000,
  );
});

/** A row a gamemaster types below the Ledger: a note, a correction, a half-filled line. */
const typedRow = fc.tuple(
  fc.oneof(fc.constant<string | number | null>(null), fc.integer({ min: 1, max: 3 })),
  fc.constantFrom<string | null>("correction", "note", null, "event"),
  fc.oneof(fc.constant<string | null>(null), fc.string({ minLength: 1, maxLength: 12 })),
  fc.constantFrom<string | null>("Vorn", "Solara", "Demons", "Nobody", null),
  fc.oneof(fc.constant<number | null>(null), fc.integer({ min: -50, max: 50 })),
  fc.oneof(fc.constant<number | null>(null), fc.integer({ min: 0, max: 50 })),
);

describe("typed rows after a cut: the way back never writes over them", () => {
  test("a genuine record, rows typed below the book: Finish it alone writes nothing; below them keeps each typed row, cell for cell; set aside keeps the Ledger as it is", async () => {
    const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
    expect((await endCentury(excel.run, 1)).written).toBe(true);
    const records = new Map<string, string>();
    const x = new MemoryExcel(excel.book.clone());
    const set = x.book.settings.set.bind(x.book.settings);
    x.book.settings.set = (key: string, value: string) => {
      if (key.startsWith("gods.op.")) records.set(key.slice("gods.op.".length), value);
      return set(key, value);
    };
    await creditEvent(x.run, "God obliterated");
    // The record under its own id: its temporary sheets are named after it.
    const [[id, record] = ["", ""]] = [...records];
    expect(record).not.toBe("");
    const figures = { trials: 0, refused: 0, below: 0, aside: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(typedRow, { minLength: 1, maxLength: 4 }), fc.constantFrom("none", "below", "aside"), async (rows, choice) => {
        const trial = excel.book.clone();
        trial.settings.set(`gods.op.${id}`, record);
        trial.settings.set(`gods.commit.${id}`, "0");
        const ledger = trial.table("Ledger");
        if (ledger === undefined) throw new Error("no Ledger");
        const before = trial.values("Ledger");
        for (const row of rows) {
          row.forEach((v, c) => (ledger.sheet.cell(ledger.top + 1 + ledger.bodyRows, ledger.left + c).value = v));
          ledger.bodyRows++;
        }
        const typed = trial.values("Ledger");
        figures.trials++;
        const run = new MemoryExcel(trial).run;
        const read = await run((context) => readInExcel(context));
        const open = read.journal?.open.find((o) => o.id === id);
        // Every non-blank typed row is named; the record is never called damaged for them.
        expect(read.journal?.damaged ?? []).toEqual([]);
        const named = rows.filter((r) => r.some((v) => v !== null && v !== "")).length;
        expect(open?.typed?.length ?? 0).toBe(named);
        if (named === 0) return;
        if (choice === "none") {
          await expect(settleStopped(run, id)).rejects.toThrow(/typed into the Ledger where it writes|changed by hand/);
          figures.refused++;
          expect(trial.values("Ledger")).toEqual(typed);
          return;
        }
        const settled = await settleStopped(run, id, {}, choice === "below" ? { belowTypedRows: true } : { setAside: true });
        const after = trial.values("Ledger");
        if (choice === "aside") {
          figures.aside++;
          expect(settled.settled).toBe("set aside");
          expect(after).toEqual(typed);
          return;
        }
        figures.below++;
        expect(settled.settled).toBe("finished");
        // The rows before it, then each typed row as typed, then the credit's own.
        expect(after.slice(0, typed.length)).toEqual(typed);
        expect(after.slice(typed.length).map((r) => r.slice(1, 6))).toEqual([
          ["event", "God obliterated", "Vorn", 2, 2],
          ["event", "God obliterated", "Demons", 1, 1],
        ]);
        expect(after.slice(0, before.length)).toEqual(before);
      }),
      { numRuns: scaled(60, 12), seed: Number(process.env.GODS_FUZZ_SEED ?? 41) },
    );
    console.log(`typed rows: ${figures.trials} trials, ${figures.refused} refused, ${figures.below} finished below them, ${figures.aside} set aside`);
  }, 600_000);
});
