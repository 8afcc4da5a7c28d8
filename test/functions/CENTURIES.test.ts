import { CENTURIES } from "../../src/functions/specs";
import { CENTRUM_CENTURIES } from "../../src/engine/sessions";
import { ERA_CENTURIES } from "../../src/workbook/read/settings";
import { call, expectValueError, NA } from "./helpers";

const column = (...n: number[]) => n.map((c) => [c]);

describe("GODS.CENTURIES", () => {
  test("arity", () => {
    expect(CENTURIES.params.map((p) => [p.name, p.optional])).toEqual([
      ["sessions", false],
      ["session", true],
      ["length", true],
    ]);
    expectValueError(call(CENTURIES), /needs a value for sessions/);
    expectValueError(call(CENTURIES, 4, 1, 16, 1), /at most 3 values/);
  });

  test("worked examples (seed 002, the Sequence of Centuries): 16 centuries as equally as possible", () => {
    expect(call(CENTURIES, 4)).toEqual(column(4, 4, 4, 4));
    expect(call(CENTURIES, 5)).toEqual(column(4, 3, 3, 3, 3));
    expect(call(CENTURIES, 6)).toEqual(column(3, 3, 3, 3, 2, 2));
    expect(call(CENTURIES, 3)).toEqual(column(6, 5, 5));
    expect(call(CENTURIES, 6, 4)).toBe(3);
    expect(call(CENTURIES, 6, 5)).toBe(2);
  });

  test("the length is the Settings table's Era Centrum length, 16 by default", () => {
    expect(CENTRUM_CENTURIES).toBe(ERA_CENTURIES);
    expect(call(CENTURIES, 3, null, 10)).toEqual(column(4, 3, 3));
    expect(call(CENTURIES, 3, 1, 2)).toBe(1);
    expect(call(CENTURIES, 3, 3, 2)).toBe(0);
    expect(call(CENTURIES, 7, 2, "")).toBe(3);
  });

  test("every division adds up to the era and differs by at most 1, the larger shares first", () => {
    for (let length = 1; length <= 40; length++) {
      for (let sessions = 1; sessions <= 20; sessions++) {
        const each = (call(CENTURIES, sessions, null, length) as number[][]).map((row) => row[0] as number);
        expect(each).toHaveLength(sessions);
        expect(each.reduce((s, n) => s + n, 0)).toBe(length);
        expect(Math.max(...each) - Math.min(...each)).toBeLessThanOrEqual(1);
        expect([...each].sort((x, y) => y - x)).toEqual(each);
        expect(call(CENTURIES, sessions, sessions, length)).toBe(each[sessions - 1]);
      }
    }
  });

  test("boundaries: one session, more sessions than centuries, huge numbers, text numbers", () => {
    expect(call(CENTURIES, 1)).toEqual(column(16));
    expect(call(CENTURIES, 20, 16)).toBe(1);
    expect(call(CENTURIES, 20, 17)).toBe(0);
    expect(call(CENTURIES, 1_000, 1)).toBe(1);
    expect((call(CENTURIES, 1_000) as number[][]).reduce((sum, [n]) => sum + (n ?? 0), 0)).toBe(16);
    expect(call(CENTURIES, 3, 1, Number.MAX_SAFE_INTEGER)).toBe(3002399751580331);
    expect(call(CENTURIES, "2", " 1 ", "9")).toBe(5);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(CENTURIES, 0), /CENTURIES/, /sessions/, /from 1 to 1000/, /not 0/);
    expectValueError(call(CENTURIES, null), /sessions/, /empty cell/);
    expectValueError(call(CENTURIES, 2.5), /sessions/, /2\.5/);
    expectValueError(call(CENTURIES, 4, 5), /session must be a whole number from 1 to 4/, /not 5/);
    expectValueError(call(CENTURIES, 4, 0), /session/, /not 0/);
    expectValueError(call(CENTURIES, 4, 1, 0), /length/, /1 or more/, /not 0/);
    expectValueError(call(CENTURIES, 4, 1, "long"), /length/, /"long"/);
    expectValueError(call(CENTURIES, 1_001), /sessions/, /from 1 to 1000/, /not 1001/);
    expectValueError(call(CENTURIES, 2000, 1), /sessions/, /not 2000/);
    expectValueError(call(CENTURIES, [[4, 5]]), /sessions/, /range/);
  });

  test("an incoming error passes through", () => {
    expect(call(CENTURIES, NA)).toBe(NA);
    expect(call(CENTURIES, 4, NA)).toBe(NA);
    expect(call(CENTURIES, 4, 1, NA)).toBe(NA);
  });
});
