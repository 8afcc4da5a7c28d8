import { PANTHEONCHECK } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

const TWO = [["Ares"], ["Hera"]];

describe("GODS.PANTHEONCHECK", () => {
  test("arity", () => {
    expect(PANTHEONCHECK.params.map((p) => [p.name, p.optional])).toEqual([
      ["members", false],
      ["shares", false],
    ]);
    expectValueError(call(PANTHEONCHECK, TWO), /needs a value for shares/);
  });

  test("sound pantheons (docs/rules/09-pantheons-turmoil.md): 100 as points or 1 as fractions", () => {
    expect(call(PANTHEONCHECK, TWO, [[60], [40]])).toBe(true);
    expect(call(PANTHEONCHECK, TWO, [[0.6], [0.4]])).toBe(true);
    expect(call(PANTHEONCHECK, TWO, [["60%"], ["40%"]])).toBe(true);
    expect(call(PANTHEONCHECK, [["Ares"], ["Diabolism"], ["Atheism"]], [[0.1], [0.2], [0.7]])).toBe(true);
    expect(call(PANTHEONCHECK, [["Ares", "Hera"]], [[60, 40]])).toBe(true);
  });

  test("each reason, in words", () => {
    expect(call(PANTHEONCHECK, TWO, [[60], [30]])).toMatch(/^The shares add up to 90; they must add up to 100/);
    expect(call(PANTHEONCHECK, TWO, [[0.6], [0.3]])).toMatch(/add up to 90% \(0\.9 as a fraction\); they must add up to 100%/);
    expect(call(PANTHEONCHECK, TWO, [[60], [0.4]])).toMatch(/written two ways: Hera has 0\.4 \(a fraction\) but Ares has 60 \(points\)/);
    expect(call(PANTHEONCHECK, TWO, [[110], [-10]])).toBe("Hera has a negative share (-10).");
    expect(call(PANTHEONCHECK, [["Ares"], ["Hera"], [" ares "]], [[50], [50], [0]])).toBe("ares is listed twice (entries 1 and 3).");
    expect(call(PANTHEONCHECK, [["Ares"], [null]], [[90], [10]])).toBe("Entry 2 has a share (10) but no member.");
    expect(call(PANTHEONCHECK, TWO, [[100], [null]])).toBe("Hera (entry 2) has no share.");
    expect(call(PANTHEONCHECK, [[null], [""]], [[null], [""]])).toBe("The pantheon has no members.");
  });

  test("boundaries: empty entries skipped, cells from an earlier CULT accepted", () => {
    expect(call(PANTHEONCHECK, [["Ares"], [null], ["Hera"]], [[60], [null], [40]])).toBe(true);
    expect(call(PANTHEONCHECK, [["Ares"]], [[100]])).toBe(true);
    expect(call(PANTHEONCHECK, [["A"], ["B"], ["C"]], [[100 / 3], [100 / 3], [100 / 3]])).toBe(true);
    expect(call(PANTHEONCHECK, [["A"], ["B"], ["C"]], [[33.33], [33.33], [33.33]])).toMatch(/add up to 99\.99/);
    expect(call(PANTHEONCHECK, TWO, [[100], [0]])).toBe(true);
  });

  test("bad input (slips in the formula, not the pantheon) names the argument and the value", () => {
    expectValueError(call(PANTHEONCHECK, TWO, [[60], ["lots"]]), /PANTHEONCHECK/, /shares/, /"lots"/);
    expectValueError(call(PANTHEONCHECK, TWO, [[60], [true]]), /shares/, /TRUE/);
    expectValueError(call(PANTHEONCHECK, [["Ares"], [12]], [[60], [40]]), /members/, /not 12/);
    expectValueError(call(PANTHEONCHECK, TWO, [[100]]), /members has 2 entries but shares has 1/);
  });

  test("an incoming error passes through", () => {
    expect(call(PANTHEONCHECK, TWO, NA)).toBe(NA);
  });
});
