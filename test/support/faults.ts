/**
 * The fault harness: every action of the pane that writes, run through Microsoft's own Excel
 * client library (RealExcel) against the in-memory workbook, with one request of it meeting a
 * fault, then what a gamemaster does next, then the one step the pane offers for an action left
 * open. Each trial ends in a verdict:
 *
 * - clean: the workbook holds the action once or not at all, and every word said was true;
 * - twice: the action's effect is in the workbook more than once (a credit, a death row, Units lowered again);
 * - lost: the gamemaster was told it was done, and it is not in the workbook;
 * - torn: the workbook holds part of it, or something of the journal (a hidden sheet, an intent, a claim) is left;
 * - blocked: the campaign cannot go on without a hand edit (an error the action made, an action left open);
 * - misleading: something said was not what happened.
 *
 * The faults, as Excel on the web can meet them: a request refused with nothing carried out;
 * carried out in full with its answer lost; carried out in part (its first half of operations,
 * or, for an action's last request, cut at ten points). What the gamemaster does next: the same
 * button again (the pane gives the same click's id); for the century end, the ribbon's button
 * (which reads the campaign, then asks about the century in play); or Check again, then Undo of
 * the credit the pane then names, when it is the action's own.
 */
import {
  creditEraEnd,
  creditEvent,
  correctBook,
  debitAccount,
  endCentury,
  isSettled,
  regenerateWorksheets,
  undoLatestCredit,
  type ExcelRun,
} from "../../src/workbook/office/actions";
import { settleStopped } from "../../src/workbook/office/settle";
import { createMissingTables, readStatus, recordDeaths } from "../../src/workbook/office/tools";
import { changeCards, recordSessionEnd, renameEverywhere, writePacket } from "../../src/workbook/office/between";
import { applyCult, obliterateGod, runDisaster, runGrowth, runWar, setTurmoil } from "../../src/workbook/office/referee";
import { bringInRecords } from "../../src/workbook/office/adopt";
import { restartBook } from "../../src/workbook/office/restart";
import { describeProblem, errorsIn, payWarningsIn } from "../../src/workbook/model/problems";
import type { CampaignStatus } from "../../src/workbook/actions/status";
import { exampleTables, huge, memoryWorkbook } from "./campaigns";
import { handKeptBook } from "./handKeptExcel";
import { MemoryExcel, MemoryWorkbook } from "./memoryExcel";
import { RealExcel, type RequestFault } from "./realExcel";

export type FaultKind = RequestFault["kind"];
export type NextStep = "same" | "ribbon" | "check-undo";
export const VERDICTS = ["clean", "twice", "lost", "torn", "blocked", "misleading"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One action of the pane as a click: what it writes when all goes well. */
export interface ActionCase {
  readonly name: string;
  /** the workbook it starts from (a fresh copy each time) */
  readonly base: () => MemoryWorkbook;
  /** the click, given the campaign as the pane last read it (before any fault) */
  readonly click: (run: ExcelRun, operation: string, status: CampaignStatus) => Promise<unknown>;
  /** the century it ends: the ribbon's button asks about the century in play */
  readonly century?: number;
  /** a campaign large enough that its sheets take several requests: slow, so the test suite tries its writes only */
  readonly large?: boolean;
}

export interface Trial {
  readonly action: string;
  /** the request that met the fault (1 = the first the click sent) */
  readonly request: number;
  readonly fault: FaultKind;
  /** for a cut: how many of the request's operations were carried out, of how many */
  readonly cut?: string;
  readonly next: NextStep;
  readonly verdict: Verdict;
  /** why, for a verdict other than clean */
  readonly detail: string;
}

// ---------------------------------------------------------------------------------------------
// What the workbook holds

const JOURNAL = /^gods\.(op|commit|done|paying)\./;

/** What a trial compares: every cell's value of every sheet but the journal's hidden ones, the tables, and the settings besides the journal's (times and ids left out). */
function substance(book: MemoryWorkbook): string {
  const sheets = book.sheets
    .filter((s) => !s.name.startsWith("~"))
    .map((s) => ({
      name: s.name,
      visibility: s.visibility,
      cells: [...s.cells.entries()]
        .filter(([, c]) => (c.value !== null && c.value !== "") || c.formula !== undefined)
        .map(([k, c]) => [k, c.value, c.formula ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const tables = book.tables.map((t) => [t.name, t.sheet.name, t.top, t.left, t.columns, t.bodyRows]).sort();
  const settings = [...book.settings.entries()]
    .filter(([k]) => !JOURNAL.test(k))
    .map(([k, v]) => [k, v.replace(/"at":\d+/g, '"at":0')])
    .sort();
  return JSON.stringify({ sheets, tables, settings });
}

/** Every cell's value, by sheet and place, for telling what an action changed. */
function cells(book: MemoryWorkbook): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const s of book.sheets) {
    if (s.name.startsWith("~")) continue;
    for (const [k, c] of s.cells) if (c.value !== null && c.value !== "") out.set(`${s.name}!${k}`, c.value);
  }
  return out;
}

/** What is left of the journal: hidden sheets of an action, intents not marked done, claims. */
function leftovers(book: MemoryWorkbook): string[] {
  return [
    ...book.sheets.filter((s) => s.name.startsWith("~")).map((s) => `sheet ${s.name}`),
    ...openActions(book).map((o) => `the intent of ${o.id}`),
    ...[...book.settings.keys()].filter((k) => k.startsWith("gods.paying.")).map((k) => `setting ${k}`),
  ];
}

/** The actions open in the journal, and whether each began its commit. */
function openActions(book: MemoryWorkbook): { id: string; committing: boolean }[] {
  return [...book.settings.keys()]
    .filter((k) => k.startsWith("gods.op."))
    .map((k) => k.slice("gods.op.".length))
    .filter((id) => ![...book.settings.entries()].some(([k, v]) => k.startsWith("gods.done.") && v.includes(`"id":"${id}"`)))
    .map((id) => ({ id, committing: book.settings.has(`gods.commit.${id}`) }));
}

type Held = "before" | "once" | "twice" | "part";

/**
 * Where the workbook stands against the action: not done (or done and taken back by Undo, as
 * `undone` holds it), done once, done again on top, or part of it.
 */
function held(book: MemoryWorkbook, before: Reference, once: Reference, undone?: Reference): Held {
  const now = substance(book);
  if (now === once.substance) return "once";
  if (now === before.substance || now === undone?.substance) return "before";
  const values = cells(book);
  // A cell the action changes, changed again past what it makes (Units lowered twice), or more rows than once.
  for (const [k, v] of once.cells) {
    if (before.cells.get(k) !== v && values.has(k) && values.get(k) !== v && values.get(k) !== before.cells.get(k)) return "twice";
  }
  const more = [...values.keys()].filter((k) => !once.cells.has(k) && !before.cells.has(k));
  if (more.length > 0 && [...once.cells.keys()].every((k) => before.cells.has(k) || values.has(k))) return "twice";
  return "part";
}

interface Reference {
  readonly substance: string;
  readonly cells: Map<string, unknown>;
}

const reference = (book: MemoryWorkbook): Reference => ({ substance: substance(book), cells: cells(book) });

// ---------------------------------------------------------------------------------------------
// What was said

type Said = "done" | "none" | "begun" | "recording" | "unknown" | "taken back" | "other";

/** What a click's answer told the gamemaster happened. */
function said(result: unknown): { said: Said; text: string } {
  if (result instanceof Error) {
    const text = result.message;
    if (/^Nothing was written/.test(text)) return { said: "none", text };
    if (/before it changed anything/.test(text)) return { said: "begun", text };
    if (/while it was being recorded/.test(text)) return { said: "recording", text };
    if (/is not known yet/.test(text)) return { said: "unknown", text };
    return { said: "other", text };
  }
  if (typeof result === "object" && result !== null) {
    if (isSettled(result)) return { said: result.settled === "taken back" ? "taken back" : "done", text: result.message };
    const r = result as { written?: unknown; problems?: readonly { message: string }[] };
    if (r.written === true || r.written === undefined) return { said: "done", text: "written" };
    return { said: "none", text: (r.problems ?? []).map((p) => p.message).join(" ") || "nothing written" };
  }
  return { said: "done", text: String(result) };
}

/** Whether what was said is what the workbook shows. */
function trueWords(words: Said, book: MemoryWorkbook, now: Held): boolean {
  const open = openActions(book);
  switch (words) {
    case "unknown":
      return true;
    case "done":
      return now === "once" && open.length === 0;
    case "none":
    case "taken back":
      return now === "before" && open.length === 0;
    case "begun":
      return now === "before" && open.length === 1 && open[0]?.committing === false;
    case "recording":
      return open.length === 1 && open[0]?.committing === true;
    case "other":
      return false;
  }
}

async function attempt(f: () => Promise<unknown>): Promise<unknown> {
  try {
    return await f();
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

// ---------------------------------------------------------------------------------------------
// The actions

/** A workbook made by running actions on the example campaign, quickly (the stand-in alone). */
async function prepared(steps: (run: ExcelRun) => Promise<void>): Promise<() => MemoryWorkbook> {
  const excel = new MemoryExcel(memoryWorkbook(exampleTables()));
  await steps(excel.run);
  const book = excel.book;
  return () => book.clone();
}

/** Every action of the pane that writes, each from a workbook where it can. */
export async function actionCases(): Promise<ActionCase[]> {
  const fresh = await prepared(() => Promise.resolve());
  const ended = await prepared(async (run) => {
    await endCentury(run, 1);
  });
  const ended2 = await prepared(async (run) => {
    await endCentury(run, 1);
    await endCentury(run, 2);
  });
  const credited = await prepared(async (run) => {
    await endCentury(run, 1);
    await creditEvent(run, "Race destroyed");
  });
  const handEdited = await prepared(async (run) => {
    await endCentury(run, 1);
  });
  const edited = (): MemoryWorkbook => {
    const book = handEdited();
    // A note typed into a century end's What: the seal no longer holds, the arithmetic does.
    const ledger = book.sheet("Ledger");
    if (ledger !== undefined) ledger.cell(1, 2).value = "typed by hand";
    return book;
  };
  const empty = (): MemoryWorkbook => {
    const book = new MemoryWorkbook();
    book.addSheet("Sheet1");
    return book;
  };
  const o = (operation: string) => ({ operation });
  // Century 1 and an event paid, then the Ledger, its seal and C1 Mana deleted by hand: the book's head alone remains.
  const gone = (() => {
    const book = credited();
    for (const name of ["Ledger", "Ledger Seal", "C1 Mana"])
      book.sheets.splice(
        book.sheets.findIndex((s) => s.name === name),
        1,
      );
    book.tables.splice(
      book.tables.findIndex((t) => t.name === "Ledger"),
      1,
    );
    return () => book.clone();
  })();
  const carries = [{ god: "Vorn", carry: "0.9" }];
  // What the question showed: the restart's warning, as a dry run words it.
  const looked = await restartBook(new MemoryExcel(gone()).run, { carries }, { dryRun: true });
  const restartShown = isSettled(looked) ? [] : payWarningsIn(looked.outcome.problems).map(describeProblem);
  const handKept = (() => {
    const book = handKeptBook();
    return () => book.clone();
  })();
  const large = (() => {
    // 199 gods and 500 races, their deaths cut short: its worksheets take three requests.
    const tables = huge(1);
    tables.Deaths = (tables.Deaths ?? []).slice(0, 200);
    const book = memoryWorkbook(tables);
    return () => book.clone();
  })();
  return [
    { name: "century end", base: fresh, century: 1, click: (run, op) => endCentury(run, 1, { unpaid: true, operation: op }) },
    { name: "century end, large", base: large, century: 1, large: true, click: (run, op) => endCentury(run, 1, { unpaid: true, operation: op }) },
    { name: "redo of a century", base: ended, click: (run, op) => endCentury(run, 1, o(op)) },
    { name: "worksheets", base: fresh, click: (run, op) => regenerateWorksheets(run, undefined, o(op)) },
    { name: "event", base: ended, click: (run, op) => creditEvent(run, "Race destroyed", { times: 2 }, o(op)) },
    { name: "era end", base: ended2, click: (run, op) => creditEraEnd(run, 2, o(op)) },
    { name: "debit", base: ended, click: (run, op) => debitAccount(run, "Vorn", 3, "Lord's loss", {}, o(op)) },
    {
      name: "undo",
      base: credited,
      click: (run, op, status) => undoLatestCredit(run, o(op), status.credits[0]?.label, status.head),
    },
    { name: "correction", base: edited, click: (run, op) => correctBook(run, "a note kept on purpose", o(op)) },
    { name: "rename", base: ended, click: (run, op) => renameEverywhere(run, "Vorn", "Vornir", o(op)) },
    { name: "deaths", base: fresh, click: (run, op) => recordDeaths(run, { cause: "war", units: 4, race: "Ash Orcs", note: "raid" }, o(op)) },
    { name: "war", base: fresh, click: (run, op) => runWar(run, { a: { race: "Ultra-Dwarves" }, b: { race: "Low Elves" } }, o(op)) },
    {
      name: "disaster",
      base: fresh,
      click: (run, op) =>
        runDisaster(
          run,
          {
            elements: "F",
            hits: [
              { race: "Low Elves", deaths: 10 },
              { race: "Ash Orcs", deaths: 10 },
            ],
          },
          o(op),
        ),
    },
    { name: "growth", base: fresh, click: (run, op) => runGrowth(run, o(op)) },
    { name: "cult", base: fresh, click: (run, op) => applyCult(run, "River Men", "Kettu", 10, o(op)) },
    { name: "obliteration", base: ended, click: (run, op) => obliterateGod(run, "Kettu", o(op)) },
    { name: "turmoil", base: fresh, click: (run, op) => setTurmoil(run, "Sea Folk", true, o(op)) },
    {
      name: "session end",
      base: ended,
      click: (run, op) =>
        recordSessionEnd(
          run,
          {
            date: "2026-11-20",
            entries: [
              { god: "Solara", mana: 30 },
              { god: "Vorn", mana: 12 },
            ],
          },
          o(op),
        ),
    },
    { name: "cards bought", base: ended, click: (run, op) => changeCards(run, { god: "Vorn", sphere: "Sun", change: 1 }, o(op)) },
    { name: "packet", base: ended, click: (run, op) => writePacket(run, o(op)) },
    { name: "set-up", base: empty, click: (run, op) => createMissingTables(run, o(op)) },
    // Bring in my records, on the worked example kept by hand (century 2 the last paid by hand), as the gamemaster said yes.
    { name: "bringing in", base: handKept, click: (run, op) => bringInRecords(run, { century: 2 }, o(op)) },
    // The Ledger started again, with Vorn's carry, as the gamemaster said yes to what it loses.
    { name: "restart", base: gone, click: (run, op) => restartBook(run, { carries }, { operation: op, accepted: restartShown }) },
  ];
}

// ---------------------------------------------------------------------------------------------
// A trial

/** The errors of a campaign, by their words, for telling one an action left. */
const errorsOf = (status: CampaignStatus): Set<string> => new Set(errorsIn(status.problems).map((p) => p.message));

/** What a clean run of an action gives: the workbook before and after, its requests, the errors each way. */
export interface Clean {
  readonly before: Reference;
  readonly once: Reference;
  /** the requests of the click, and the operations of its last */
  readonly requests: number;
  readonly lastActions: number;
  readonly errors: Set<string>;
  /** the credit the pane names for Undo once the action is done */
  readonly latest?: string;
  /** the workbook once the action is done and then taken back by Undo, when Undo can */
  readonly undone?: Reference;
  /**
   * the errors the campaign shows once taken back by Undo without a fault: what Undo itself
   * leads to (a bringing in whose opening is taken back asks to be brought in again), not a fault's doing
   */
  readonly undoneErrors?: Set<string>;
}

export async function cleanRun(action: ActionCase): Promise<Clean> {
  const book = action.base();
  const before = reference(book);
  const excel = new RealExcel(book);
  const errorsBefore = errorsOf(await readStatus(excel.run));
  const seen = await readStatus(excel.run);
  const from = excel.sent;
  const result = await attempt(() => action.click(excel.run, `clean-${action.name}`, seen));
  if (result instanceof Error) throw new Error(`${action.name} fails without a fault: ${result.message}`);
  const sent = excel.requests.filter((r) => !r.cleanup);
  const requests = excel.sent - from;
  const last = sent[sent.length - 1];
  const status = await readStatus(excel.run);
  const errors = new Set([...errorsBefore, ...errorsOf(status)]);
  const latest = status.credits[0]?.label;
  const once = reference(book);
  let undone: Reference | undefined;
  let undoneErrors: Set<string> | undefined;
  if (status.credits[0]?.undoable === true && action.name !== "undo") {
    await undoLatestCredit(excel.run, {}, latest, status.head);
    undone = reference(book);
    undoneErrors = errorsOf(await readStatus(excel.run));
  }
  return {
    before,
    once,
    requests,
    lastActions: last?.actions ?? 0,
    errors,
    ...(latest === undefined ? {} : { latest }),
    ...(undone === undefined ? {} : { undone }),
    ...(undoneErrors === undefined ? {} : { undoneErrors }),
  };
}

/** The faults every request meets (from request `from` on), and the ten cuts of the last. */
export function faultsOf(clean: Clean, from = 1): { at: number; kind: FaultKind; actions?: number }[] {
  const out: { at: number; kind: FaultKind; actions?: number }[] = [];
  for (let at = from; at <= clean.requests; at++) for (const kind of ["refused", "lost", "cut"] as const) out.push({ at, kind });
  const points = new Set(Array.from({ length: 10 }, (_, i) => Math.max(1, Math.round((clean.lastActions * (i + 1)) / 11))));
  for (const actions of points) out.push({ at: clean.requests, kind: "cut", actions });
  return out;
}

export async function trial(action: ActionCase, clean: Clean, fault: { at: number; kind: FaultKind; actions?: number }, next: NextStep): Promise<Trial> {
  const book = action.base();
  const excel = new RealExcel(book);
  const id = `click-${action.name}`;
  const bad: { verdict: Verdict; detail: string }[] = [];
  const check = (step: string, result: unknown) => {
    const words = said(result);
    const now = held(book, clean.before, clean.once, clean.undone);
    if (!trueWords(words.said, book, now))
      bad.push({ verdict: "misleading", detail: `${step} said "${words.text.slice(0, 160)}" (${words.said}) while the workbook holds ${now}` });
    return words;
  };
  // 1. The click meets the fault (the campaign as the pane read it before).
  const seen = await readStatus(excel.run);
  excel.fault = { ...fault, at: excel.sent + fault.at };
  const first = check("the click", await attempt(() => action.click(excel.run, id, seen)));
  delete excel.fault;
  const cut = excel.faulted === undefined ? undefined : `${excel.faulted.carried} of ${excel.faulted.of}`;
  // 2. What the gamemaster does next.
  const told: Said[] = [first.said];
  if (next === "same") told.push(check("the same button again", await attempt(() => action.click(excel.run, id, seen))).said);
  if (next === "ribbon") {
    const status = await readStatus(excel.run);
    if (status.stopped.length === 0 && status.nextCentury === action.century)
      told.push(check("the ribbon's button", await attempt(() => endCentury(excel.run, action.century, { unpaid: true, operation: id }))).said);
  }
  if (next === "check-undo") {
    const status = await readStatus(excel.run);
    const latest = status.credits[0];
    // Undo only when the pane names this action's own credit.
    if (clean.latest !== undefined && latest?.label === clean.latest && latest.undoable && action.name !== "undo") {
      const undone = await attempt(() => undoLatestCredit(excel.run, { operation: `${id}-undo` }, latest.label, status.head));
      if (undone instanceof Error) bad.push({ verdict: "misleading", detail: `Undo failed: ${undone.message}` });
    }
  }
  // 3. The one step the pane offers for an action left open, as long as it offers one.
  for (let i = 0; i < 3; i++) {
    const status = await readStatus(excel.run);
    const stopped = status.stopped.find((s) => !s.underWay);
    if (stopped === undefined) break;
    const settled = await attempt(() => settleStopped(excel.run, stopped.id));
    if (settled instanceof Error) bad.push({ verdict: "blocked", detail: `settling failed: ${settled.message}` });
    else check(stopped.step === "finish" ? "Finish it" : "Take it back", settled);
  }
  // 4. The verdict.
  const now = held(book, clean.before, clean.once, clean.undone);
  const left = leftovers(book);
  const status = await readStatus(excel.run);
  const undoing = next === "check-undo" && clean.latest !== undefined && action.name !== "undo";
  // Taken back by the gamemaster's Undo: what a clean Undo shows is not the fault's.
  const known =
    undoing && now === "before" && clean.undone !== undefined && substance(book) === clean.undone.substance ? (clean.undoneErrors ?? new Set()) : new Set();
  const newErrors = [...errorsOf(status)].filter((e) => !clean.errors.has(e) && !known.has(e));
  if (now === "twice") bad.unshift({ verdict: "twice", detail: "the action's effect is in the workbook twice" });
  else if (now === "part") bad.unshift({ verdict: "torn", detail: "the workbook holds part of the action" });
  else if (now === "before" && told.includes("done") && !undoing) bad.unshift({ verdict: "lost", detail: "said done, and not in the workbook" });
  if (left.length > 0) bad.push({ verdict: "torn", detail: `left behind: ${left.join(", ")}` });
  if (status.stopped.length > 0 || newErrors.length > 0)
    bad.push({ verdict: "blocked", detail: `the campaign cannot go on: ${[...status.stopped.map((s) => s.message), ...newErrors].join(" | ").slice(0, 200)}` });
  const worst = bad[0];
  return {
    action: action.name,
    request: fault.at,
    fault: fault.kind,
    ...(cut === undefined ? {} : { cut }),
    next,
    verdict: worst?.verdict ?? "clean",
    detail: worst?.detail ?? "",
  };
}

/** The next steps that apply to an action. */
export function nextSteps(action: ActionCase): NextStep[] {
  return action.century === undefined ? ["same", "check-undo"] : ["same", "ribbon", "check-undo"];
}

/**
 * Every trial of one action; `quick`: for a large one, only the faults of the requests that write
 * (those after its reads and claim), each followed by the same button again.
 */
export async function trialsOf(action: ActionCase, quick = false): Promise<Trial[]> {
  const clean = await cleanRun(action);
  const short = quick && action.large === true;
  const out: Trial[] = [];
  for (const fault of faultsOf(clean, short ? clean.requests - WRITES_OF_LARGE + 1 : 1))
    for (const next of short ? (["same"] as const) : nextSteps(action)) out.push(await trial(action, clean, fault, next));
  return out;
}

/** The requests that write the large century end: its worksheets go in three. */
export const WRITES_OF_LARGE = 3;

/** The table by action and fault, and the totals. */
export function summary(trials: readonly Trial[]): { lines: string[]; totals: Record<Verdict | "trials", number> } {
  const totals = { trials: trials.length, clean: 0, twice: 0, lost: 0, torn: 0, blocked: 0, misleading: 0 } as Record<Verdict | "trials", number>;
  for (const t of trials) totals[t.verdict]++;
  const lines: string[] = [];
  const pad = (s: string, n: number) => s.padEnd(n);
  lines.push(`${pad("action", 20)}${pad("fault", 9)}${VERDICTS.map((v) => pad(v, 11)).join("")}`);
  for (const action of [...new Set(trials.map((t) => t.action))]) {
    for (const fault of ["refused", "lost", "cut"] as const) {
      const these = trials.filter((t) => t.action === action && t.fault === fault);
      if (these.length === 0) continue;
      lines.push(`${pad(action, 20)}${pad(fault, 9)}${VERDICTS.map((v) => pad(String(these.filter((t) => t.verdict === v).length), 11)).join("")}`);
    }
  }
  return { lines, totals };
}
