import { PANTHEONCHANGE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

const WITH_DIABOLISM = [["Ares"], ["Hera"], ["Diabolism"]];

describe("GODS.PANTHEONCHANGE", () => {
  test("arity", () => {
    expect(PANTHEONCHANGE.params.map((p) => [p.name, p.optional])).toEqual([
      ["members", false],
      ["old_shares", false],
      ["new_shares", false],
      ["ending_turmoil", true],
    ]);
    expectValueError(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]]), /needs a value for new_shares/);
  });

  test("worked examples (docs/rules/09-pantheons-turmoil.md): a rise of at least 5 points buys the special members' consent", () => {
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[45], [40], [15]])).toBe(true);
    expect(call(PANTHEONCHANGE, [["Ares"], ["Diabolism"]], [[90], [10]], [[88], [12]])).toBe(
      "Diabolism vetoes the change: its share would go from 10% to 12%, and it agrees only to a rise of 5 points or more (to 15% or more).",
    );
  });

  test("our reading: a change among the gods alone still needs the rise; no change at all needs nothing", () => {
    const gods = [["Ares"], ["Hera"], ["Atheism"]];
    expect(call(PANTHEONCHANGE, gods, [[50], [30], [20]], [[40], [40], [20]])).toMatch(/^Atheism vetoes the change: its share would go from 20% to 20%/);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[50], [40], [10]])).toBe(true);
  });

  test("ending religious turmoil (seed 002): even an unchanged division needs the special members' consent", () => {
    const same = [[50], [40], [10]];
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, true)).toBe(
      "Diabolism vetoes the new division, so the turmoil goes on: its share would go from 10% to 10%, and it agrees only to a rise of 5 points or more (to 15% or more).",
    );
    // Without the argument, or FALSE, an unchanged division is no change, as before.
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same)).toBe(true);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, false)).toBe(true);
    // The gods alone: they agree among themselves, so an unchanged division ends the turmoil.
    expect(call(PANTHEONCHANGE, [["Ares"], ["Hera"]], [[50], [50]], [[50], [50]], true)).toBe(true);
    // A division that gives Diabolism its 5 points ends the turmoil.
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, [[45], [40], [15]], true)).toBe(true);
    // Atheism as well as Diabolism.
    expect(call(PANTHEONCHANGE, [["Ares"], ["Diabolism"], ["Atheism"]], [[60], [20], [20]], [[60], [20], [20]], true)).toMatch(
      /^Diabolism vetoes the new division, .* Atheism vetoes the new division/,
    );
    // A changed division still needs the rise, worded for the turmoil.
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, [[40], [48], [12]], true)).toMatch(
      /^Diabolism vetoes the new division, so the turmoil goes on: .* to 12%/,
    );
  });

  test("ending_turmoil may be written as a table's yes/no column writes it", () => {
    const same = [[50], [40], [10]];
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, "yes")).toMatch(/vetoes/);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, 1)).toMatch(/vetoes/);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, "")).toBe(true);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, null)).toBe(true);
    expectValueError(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, "soon"), /ending_turmoil/, /TRUE or FALSE/, /"soon"/);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, same, same, NA)).toBe(NA);
  });

  test("joining and leaving members", () => {
    // Diabolism joins: it had no share before, so it has no say.
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[60], [40], [null]], [[50], [40], [10]])).toBe(true);
    // Diabolism is pushed out: a fall, vetoed.
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[60], [40], [""]])).toMatch(/Diabolism vetoes/);
    // No special member: nothing to veto.
    expect(call(PANTHEONCHANGE, [["Ares"], ["Hera"]], [[50], [50]], [[70], [30]])).toBe(true);
  });

  test("both special members are named when both veto", () => {
    const result = call(PANTHEONCHANGE, [["Ares"], ["Diabolism"], ["Atheism"]], [[60], [20], [20]], [[52], [24], [24]]);
    expect(result).toMatch(/^Diabolism vetoes .* Atheism vetoes/);
  });

  test("boundaries: exactly 5 points, fractions, names in any case", () => {
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[50], [35], [15]])).toBe(true);
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[50], [35.01], [14.99]])).toMatch(/to 14\.99%/);
    expect(call(PANTHEONCHANGE, [["Ares"], ["DIABOLISM"]], [[0.9], [0.1]], [[0.85], [0.15]])).toBe(true);
    expect(call(PANTHEONCHANGE, [["Ares"], ["diabolism"]], [[90], [10]], [["85%"], ["15%"]])).toBe(true);
  });

  test("bad input names the argument and the reason", () => {
    expectValueError(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [5]], [[45], [40], [15]]), /PANTHEONCHANGE/, /old_shares: The shares add up to 95/);
    expectValueError(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[45], [40], [-15]]), /new_shares: Diabolism has a negative share/);
    expectValueError(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], [[45], ["x"], [15]]), /new_shares/, /"x"/);
    expectValueError(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [50]], [[45], [40], [15]]), /members has 3 entries but old_shares has 2/);
  });

  test("an incoming error passes through", () => {
    expect(call(PANTHEONCHANGE, WITH_DIABOLISM, [[50], [40], [10]], NA)).toBe(NA);
  });
});
