/**
 * Every action of the pane that writes, run through Microsoft's Excel client library with each of
 * its requests meeting each fault (refused, carried out with its answer lost, carried out in part;
 * its last request cut at ten points), then what a gamemaster does next and the one step the
 * pane offers: the workbook holds the action once or not at all, nothing of it is left half-done
 * or in the way, and every word said was true (test/support/faults.ts says how each is judged).
 * `npm run faults` prints the same trials as a table.
 */
import { actionCases, cleanRun, faultsOf, nextSteps, trial, trialsOf, WRITES_OF_LARGE, type ActionCase, type Trial } from "../support/faults";

let cases: ActionCase[] = [];
beforeAll(async () => {
  cases = await actionCases();
});

const NAMES = [
  "century end",
  "century end, large",
  "redo of a century",
  "worksheets",
  "event",
  "era end",
  "debit",
  "undo",
  "correction",
  "rename",
  "deaths",
  "war",
  "disaster",
  "growth",
  "cult",
  "obliteration",
  "turmoil",
  "session end",
  "cards bought",
  "packet",
  "set-up",
  "bringing in",
  "restart",
];

const shown = (t: Trial) =>
  `${t.action}, request ${t.request} ${t.fault}${t.cut === undefined ? "" : ` (${t.cut})`}, then ${t.next}: ${t.verdict}: ${t.detail}`;

describe("every action that writes, faced with every fault at every request", () => {
  test("the list of actions is the harness's", () => {
    expect(cases.map((c) => c.name)).toEqual(NAMES);
  });

  test.each(NAMES)("%s: applied once or not at all, nothing torn or blocking, every word true", async (name) => {
    const action = cases.find((c) => c.name === name);
    if (action === undefined) throw new Error(`no action ${name}`);
    // The large campaign's century end: the faults of its writes only, followed by the same button (npm run faults tries them all).
    const trials = await trialsOf(action, true);
    // Each request met each fault, the last one cut at points through it, each followed by each next step.
    const clean = await cleanRun(action);
    if (action.large === true) expect(clean.requests).toBeGreaterThan(WRITES_OF_LARGE);
    else expect(trials).toHaveLength(faultsOf(clean).length * nextSteps(action).length);
    expect(trials.filter((t) => t.verdict !== "clean").map(shown)).toEqual([]);
  });
});

describe("the harness itself", () => {
  test("it sees an action applied twice: a retry of a click whose answer was lost, run as a new click, is caught", async () => {
    const action = cases.find((c) => c.name === "deaths");
    if (action === undefined) throw new Error("no deaths");
    const clean = await cleanRun(action);
    // The same button again, but as a new click (a new id), after the answer of the write was lost.
    const renamed: ActionCase = { ...action, click: (run, op, status) => action.click(run, `${op}-${Math.random()}`, status) };
    const verdict = await trial(renamed, clean, { at: clean.requests, kind: "lost" }, "same");
    expect(verdict.verdict).toBe("twice");
  });
});
