import { MIGRATE } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.MIGRATE", () => {
  test("arity", () => {
    expect(MIGRATE.params.map((p) => [p.name, p.optional])).toEqual([
      ["culture", false],
      ["units", false],
      ["squares", true],
      ["new_units", true],
    ]);
    expectValueError(call(MIGRATE, "primitive"), /needs a value for units/);
  });

  test("worked examples (seed 002, Cultural Level): a primitive race moves whole", () => {
    expect(call(MIGRATE, "primitive", 12)).toBe(12);
    // Squares and new units change nothing for it.
    expect(call(MIGRATE, "primitive", 12, 5, 3)).toBe(12);
  });

  test("a barbarian race leaves 1 unit in every square it held", () => {
    expect(call(MIGRATE, "barbarian", 12, 5)).toBe(7);
    expect(call(MIGRATE, "barbarian", 5, 5)).toBe(0);
    expect(call(MIGRATE, "barbarian", 6, 1)).toBe(5);
    expect(call(MIGRATE, "barbarian", 0, 0)).toBe(0);
  });

  test("a civilized race moves only its new units", () => {
    expect(call(MIGRATE, "civilized", 12, 5, 3)).toBe(3);
    expect(call(MIGRATE, "civilized", 12, null, 0)).toBe(0);
    expect(call(MIGRATE, "Civilised", 12, null, 12)).toBe(12);
  });

  test("edges: text numbers, huge values", () => {
    expect(call(MIGRATE, " BARBARIAN ", "12", "5")).toBe(7);
    expect(call(MIGRATE, "barbarian", 9_007_199_254_740_991, 1)).toBe(9_007_199_254_740_990);
  });

  test("what each culture needs, and what cannot be", () => {
    expectValueError(call(MIGRATE, "barbarian", 12), /give the squares it holds/);
    expectValueError(call(MIGRATE, "civilized", 12, 5), /give its new units/);
    expectValueError(call(MIGRATE, "barbarian", 3, 5), /more squares \(5\) than it has units \(3\)/);
    expectValueError(call(MIGRATE, "primitive", 3, 0), /holds at least 1 square/);
    expectValueError(call(MIGRATE, "civilized", 3, 1, 4), /new units \(4\).*more than them \(3\)/);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(MIGRATE, "nomad", 3), /culture/, /"nomad"/);
    expectValueError(call(MIGRATE, "primitive", -1), /units/, /-1/);
    expectValueError(call(MIGRATE, "primitive", 2.5), /units/, /2\.5/);
    expectValueError(call(MIGRATE, "barbarian", 4, "two"), /squares/, /"two"/);
    expectValueError(call(MIGRATE, "civilized", 4, 1, -1), /new_units/, /-1/);
    expectValueError(call(MIGRATE, "primitive", [[1, 2]]), /units/, /range/);
  });

  test("an incoming error passes through", () => {
    expect(call(MIGRATE, NA, 3)).toBe(NA);
    expect(call(MIGRATE, "barbarian", 3, NA)).toBe(NA);
  });
});
