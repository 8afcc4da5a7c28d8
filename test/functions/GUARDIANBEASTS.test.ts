import { GUARDIANBEASTS } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.GUARDIANBEASTS", () => {
  test("arity", () => {
    expect(GUARDIANBEASTS.params.map((p) => [p.name, p.optional])).toEqual([
      ["party", false],
      ["shielded", true],
    ]);
    expectValueError(call(GUARDIANBEASTS), /needs a value for party/);
    expectValueError(call(GUARDIANBEASTS, 3, 1, 0), /at most 2 values/);
  });

  test("worked examples (seed 000, The Guardian Beasts): 2 tricks or blocks per Beast, one Beast per member", () => {
    // A character alone must give itself two tricks and/or blocks.
    expect(call(GUARDIANBEASTS, 1)).toBe(2);
    // A party of 3 meets 3 Beasts: 6 between them, however they share it.
    expect(call(GUARDIANBEASTS, 3)).toBe(6);
    // One member has used a power that keeps the Beasts off: 2 Beasts come for the party of 3.
    expect(call(GUARDIANBEASTS, 3, 1)).toBe(4);
    expect(call(GUARDIANBEASTS, 4, 1)).toBe(6);
  });

  test("boundaries: everyone shielded, blank and text numbers, a huge party", () => {
    expect(call(GUARDIANBEASTS, 2, 2)).toBe(0);
    expect(call(GUARDIANBEASTS, 1, 1)).toBe(0);
    expect(call(GUARDIANBEASTS, 2, null)).toBe(4);
    expect(call(GUARDIANBEASTS, "5", " 2 ")).toBe(6);
    expect(call(GUARDIANBEASTS, 2 ** 52)).toBe(2 ** 53);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(GUARDIANBEASTS, 0), /GUARDIANBEASTS/, /party/, /1 or more/, /not 0/);
    expectValueError(call(GUARDIANBEASTS, null), /party/, /empty cell/);
    expectValueError(call(GUARDIANBEASTS, 2.5), /party/, /2\.5/);
    expectValueError(call(GUARDIANBEASTS, "three"), /party/, /"three"/);
    expectValueError(call(GUARDIANBEASTS, 3, -1), /shielded/, /not -1/);
    expectValueError(call(GUARDIANBEASTS, 3, 4), /more members shielded from the Beasts \(4\) than members in the party \(3\)/);
    expectValueError(call(GUARDIANBEASTS, [[2, 3]]), /party/, /range/);
  });

  test("an incoming error passes through", () => {
    expect(call(GUARDIANBEASTS, NA)).toBe(NA);
    expect(call(GUARDIANBEASTS, 3, NA)).toBe(NA);
  });
});
