import { CULT } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

const GODS3 = [["Ares"], ["Hera"], ["Zeus"]];
const SHARES3 = [[50], [30], [20]];

function sum(result: unknown): number {
  return (result as number[][]).flat().reduce((a, b) => a + b, 0);
}

describe("GODS.CULT", () => {
  test("arity", () => {
    expect(CULT.params.map((p) => [p.name, p.optional])).toEqual([
      ["members", false],
      ["shares", false],
      ["deity", false],
      ["points", false],
    ]);
    expectValueError(call(CULT, GODS3, SHARES3, "Hera"), /needs a value for points/);
  });

  test("worked examples (docs/rules/09-pantheons-turmoil.md): the deity gains, the others give up in proportion", () => {
    // Hera 30 → 40; the others keep 60/70 of their shares.
    expect(call(CULT, GODS3, SHARES3, "Hera", 10)).toEqual([[300 / 7], [40], [120 / 7]]);
    expect(call(CULT, [["Ares"], ["Hera"]], [[60], [40]], "Hera", 10)).toEqual([[50], [50]]);
  });

  test("a deity not yet a member joins as the last entry", () => {
    expect(call(CULT, GODS3, SHARES3, "Apollo", 10)).toEqual([[45], [27], [18], [10]]);
  });

  test("shares written as fractions come back as fractions", () => {
    expect(call(CULT, [["Ares"], ["Hera"]], [[0.6], [0.4]], "Apollo", 0.1)).toEqual([[0.54], [0.36], [0.1]]);
    expect(call(CULT, [["Ares"], ["Hera"]], [["60%"], ["40%"]], "Apollo", "10%")).toEqual([[0.54], [0.36], [0.1]]);
    // "10%" always means 10 points, beside points too.
    expect(call(CULT, GODS3, SHARES3, "Apollo", "10%")).toEqual([[45], [27], [18], [10]]);
  });

  test("a row in, a row out; empty entries stay empty; names match ignoring case", () => {
    expect(call(CULT, [["Ares", "Hera"]], [[60, 40]], "hera", 10)).toEqual([[50, 50]]);
    expect(call(CULT, [["Ares"], [null], ["Hera"]], [[60], [""], [40]], " HERA ", 10)).toEqual([[50], [""], [50]]);
  });

  test("the shares add up to 100 whatever the thirds", () => {
    const thirds = call(CULT, GODS3, [[100 / 3], [100 / 3], [100 / 3]], "Apollo", 1);
    expect(sum(thirds)).toBeCloseTo(100, 12);
    // Cells filled by an earlier cult are read back as a sound pantheon.
    const again = call(CULT, [["Ares"], ["Hera"], ["Zeus"], ["Apollo"]], thirds, "Zeus", 7);
    expect(sum(again)).toBeCloseTo(100, 12);
  });

  test("boundaries", () => {
    expect(call(CULT, GODS3, SHARES3, "Ares", 0)).toEqual([[50], [30], [20]]);
    expect(call(CULT, GODS3, SHARES3, "Zeus", 80)).toEqual([[0], [0], [100]]);
    expect(call(CULT, GODS3, SHARES3, "Zeus", 90)).toEqual([[0], [0], [100]]);
    expect(call(CULT, [["Ares"]], [[100]], "Ares", 5)).toEqual([[100]]);
    expect(call(CULT, [["Ares"]], [[100]], "Hera", 100)).toEqual([[0], [100]]);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(CULT, GODS3, SHARES3, "Hera", -5), /CULT/, /negative/);
    expectValueError(call(CULT, GODS3, SHARES3, "Hera", "many"), /points/, /"many"/);
    expectValueError(call(CULT, GODS3, SHARES3, "", 5), /deity/, /""/);
    expectValueError(call(CULT, GODS3, SHARES3, 7, 5), /deity/, /not 7/);
    expectValueError(call(CULT, [["Ares"], ["Hera"]], [[0.6], [0.4]], "Hera", 10), /points/, /0\.1 or 10%/, /not 10/);
    expectValueError(call(CULT, GODS3, [[50], [30], [10]], "Hera", 10), /add up to 90/);
    expectValueError(call(CULT, GODS3, [[50], [30]], "Hera", 10), /members has 3 entries but shares has 2/);
    expectValueError(call(CULT, GODS3, [[50], ["lots"], [20]], "Hera", 10), /shares/, /"lots"/);
    expectValueError(
      call(
        CULT,
        [
          ["Ares", "Hera"],
          ["Zeus", "Apollo"],
        ],
        SHARES3,
        "Hera",
        10,
      ),
      /members must be one column or one row/,
    );
  });

  test("an incoming error passes through, also from inside a range", () => {
    expect(call(CULT, GODS3, SHARES3, "Hera", NA)).toBe(NA);
    expect(call(CULT, GODS3, [[50], [NA], [20]], "Hera", 10)).toBe(NA);
  });
});
