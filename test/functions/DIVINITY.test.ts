import { DIVINITY } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.DIVINITY", () => {
  test("arity", () => {
    expect(DIVINITY.params.map((p) => [p.name, p.optional])).toEqual([
      ["bonus", false],
      ["earlier_claims", true],
    ]);
    expectValueError(call(DIVINITY), /needs a value for bonus/);
    expectValueError(call(DIVINITY, 1, 0, 0), /at most 2 values/);
  });

  test("worked examples (docs/rules/11-games-of-the-gods.md): 1 per claim, the bonus to the first claimant", () => {
    // Two acts without a claim left 2 bonus divinity; the Autarch claims first, the next god after.
    expect(call(DIVINITY, 2)).toBe(3);
    expect(call(DIVINITY, 2, 1)).toBe(1);
    expect(call(DIVINITY, 0)).toBe(1);
    expect(call(DIVINITY, 5, 0)).toBe(6);
  });

  test("our reading: every claim after the act's first gets 1", () => {
    for (const earlier of [1, 2, 7]) expect(call(DIVINITY, 4, earlier)).toBe(1);
  });

  test("boundaries", () => {
    expect(call(DIVINITY, 0, 0)).toBe(1);
    expect(call(DIVINITY, 3, null)).toBe(4);
    expect(call(DIVINITY, 3, "")).toBe(4);
    expect(call(DIVINITY, "3", "0")).toBe(4);
    expect(call(DIVINITY, null)).toBe(1);
    expect(call(DIVINITY, 2 ** 53 - 2)).toBe(2 ** 53 - 1);
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(DIVINITY, -1), /DIVINITY/, /bonus/, /divinity, 0 or more/, /not -1/);
    expectValueError(call(DIVINITY, 1.5), /bonus/, /1\.5/);
    expectValueError(call(DIVINITY, "two"), /bonus/, /"two"/);
    expectValueError(call(DIVINITY, 2, -1), /earlier_claims/, /not -1/);
    expectValueError(call(DIVINITY, 2, 0.5), /earlier_claims/, /0\.5/);
    expectValueError(call(DIVINITY, [[1, 2]]), /bonus/, /range/);
  });

  test("an incoming error passes through", () => {
    expect(call(DIVINITY, NA)).toBe(NA);
    expect(call(DIVINITY, 2, NA)).toBe(NA);
  });
});
