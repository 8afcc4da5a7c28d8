import { COUNCIL } from "../../src/functions/specs";
import { call, expectValueError, NA } from "./helpers";

describe("GODS.COUNCIL", () => {
  test("arity", () => {
    expect(COUNCIL.params.map((p) => [p.name, p.optional])).toEqual([
      ["present", false],
      ["votes", true],
      ["kind", true],
      ["greater_gods", true],
      ["barred", true],
      ["era", true],
      ["seats", true],
    ]);
    expectValueError(call(COUNCIL), /needs a value for present/);
    expectValueError(call(COUNCIL, 9, 7, "measure", 12, 1, "omega", 12, 0), /at most 7 values/);
  });

  test("worked examples (docs/rules/12-great-council.md): a meeting sits with 7 greater gods present", () => {
    expect(call(COUNCIL, 9)).toBe("in session");
    expect(call(COUNCIL, 7)).toBe("in session");
    expect(call(COUNCIL, 6)).toBe("no quorum");
    expect(call(COUNCIL, 0)).toBe("no quorum");
  });

  test("a measure needs 7 votes, whatever the number present", () => {
    expect(call(COUNCIL, 12, 7)).toBe("passes");
    expect(call(COUNCIL, 7, 7)).toBe("passes");
    expect(call(COUNCIL, 12, 6)).toBe("fails");
    // A majority of those present is not enough.
    expect(call(COUNCIL, 8, 6)).toBe("fails");
    expect(call(COUNCIL, 7, 0)).toBe("fails");
    // Vacant seats do not lower the 7.
    expect(call(COUNCIL, 8, 6, "measure", 8)).toBe("fails");
  });

  test("our reading: with fewer than 7 present nothing is voted", () => {
    expect(call(COUNCIL, 6, 6)).toBe("no quorum");
    expect(call(COUNCIL, 6, 0, "supreme deity", 6)).toBe("no quorum");
  });

  test("our reading: the Supreme Deity needs every greater god in existence, not only those present", () => {
    const omega = (present: number, votes: number | null, seated?: number) => call(COUNCIL, present, votes, "supreme deity", seated ?? null, null, "omega");
    expect(omega(12, 12)).toBe("passes");
    expect(omega(12, 11)).toBe("fails");
    expect(omega(11, 11)).toBe("fails");
    expect(omega(11, 11, 11)).toBe("passes");
    expect(omega(11, 11, 12)).toBe("fails");
    expect(omega(7, 7, 7)).toBe("passes");
    // The Council cannot sit with fewer than 7 greater gods, so none is chosen.
    expect(omega(6, 6, 6)).toBe("no quorum");
    // Without votes it only says whether the meeting sits.
    expect(omega(12, null)).toBe("in session");
  });

  test("the Supreme Deity is chosen in Era Omega only (seed 000, Choosing the Supreme Deity)", () => {
    expect(call(COUNCIL, 12, 12, "supreme deity", 12, 0, "omega")).toBe("passes");
    expect(call(COUNCIL, 12, 12, "supreme deity", 12, 0, "Era Omega")).toBe("passes");
    // Era Centrum unless the era is given, as for TOLL.
    expect(call(COUNCIL, 12, 12, "supreme deity")).toBe("only in Era Omega");
    expect(call(COUNCIL, 12, 12, "supreme deity", 12, 0, "aleph")).toBe("only in Era Omega");
    expect(call(COUNCIL, 12, 11, "supreme deity", 12, 0, "centrum")).toBe("only in Era Omega");
    // A meeting that cannot sit votes nothing, whatever the era.
    expect(call(COUNCIL, 6, 6, "supreme deity", 6, 0, "centrum")).toBe("no quorum");
    // The era does not touch other decisions.
    expect(call(COUNCIL, 9, 7, "measure", 12, 0, "aleph")).toBe("passes");
    expect(call(COUNCIL, 9, 7, "measure", 12, 0, "omega")).toBe("passes");
  });

  test("a promotion only into a vacant seat: never more than 12 greater gods (seed 000, Promoting New Greater Gods)", () => {
    // All 12 seated: no promotion can pass, however many vote for it.
    expect(call(COUNCIL, 12, 12, "promotion")).toBe("no vacancy");
    expect(call(COUNCIL, 12, 7, "promotion", 12)).toBe("no vacancy");
    // One seat vacant after an obliteration: 7 votes carry it, 6 do not.
    expect(call(COUNCIL, 11, 7, "promotion", 11)).toBe("passes");
    expect(call(COUNCIL, 9, 6, "promotion", 11)).toBe("fails");
    expect(call(COUNCIL, 7, 7, "promote", 8)).toBe("passes");
    // A primal being's seat lost for good: 11 greater gods fill the 11 seats left.
    expect(call(COUNCIL, 11, 9, "promotion", 11, 0, null, 11)).toBe("no vacancy");
    // An archetype's seat kept for her successor, and another seat vacant: one to fill.
    expect(call(COUNCIL, 10, 8, "promotion", 10, 0, null, 11)).toBe("passes");
    // No quorum comes first; without votes only the meeting is asked about.
    expect(call(COUNCIL, 6, 6, "promotion", 12)).toBe("no quorum");
    expect(call(COUNCIL, 12, null, "promotion")).toBe("in session");
    // Seats only matter for a promotion.
    expect(call(COUNCIL, 9, 7, "measure", 10, 0, null, 10)).toBe("passes");
    expectValueError(call(COUNCIL, 9, 7, "promotion", 12, 0, null, 11), /more greater gods \(12\) than seats the Council may fill \(11\)/);
    expectValueError(call(COUNCIL, 9, 7, "promotion", 11, 0, null, 13), /seats/, /not 13/);
  });

  test("the shamed (seed 000, Starting a Duel): present for the quorum, without a vote", () => {
    // A shamed greater god still makes up the 7.
    expect(call(COUNCIL, 7, null, "measure", 12, 1)).toBe("in session");
    expect(call(COUNCIL, 6, null, "measure", 12, 0)).toBe("no quorum");
    // 8 present, 1 shamed: the 7 others can carry a measure.
    expect(call(COUNCIL, 8, 7, "measure", 12, 1)).toBe("passes");
    // 7 present, 1 shamed: at most 6 votes, so no measure can pass.
    expect(call(COUNCIL, 7, 6, "measure", 12, 1)).toBe("fails");
    expectValueError(call(COUNCIL, 7, 7, "measure", 12, 1), /more votes \(7\) than greater gods present who may vote \(6: 7 present, 1 barred\)/);
    // Every greater god must vote for a Supreme Deity: a shamed one cannot.
    expect(call(COUNCIL, 12, 11, "supreme deity", 12, 1, "omega")).toBe("fails");
    expect(call(COUNCIL, 12, 12, "supreme deity", 12, 0, "omega")).toBe("passes");
    // Left out, nobody is barred.
    expect(call(COUNCIL, 12, 12, "supreme deity", 12, null, "omega")).toBe(call(COUNCIL, 12, 12, "supreme deity", 12, 0, "omega"));
    expectValueError(call(COUNCIL, 7, null, "measure", 12, 8), /barred from voting \(8\) than greater gods present \(7\)/);
    expectValueError(call(COUNCIL, 7, null, "measure", 12, -1), /barred/, /not -1/);
    expectValueError(call(COUNCIL, 7, null, "measure", 12, 0.5), /barred/, /0\.5/);
  });

  test("boundaries: how the arguments may be written", () => {
    expect(call(COUNCIL, "12", "7")).toBe("passes");
    expect(call(COUNCIL, 9, null)).toBe("in session");
    expect(call(COUNCIL, 9, "")).toBe("in session");
    expect(call(COUNCIL, 12, 12, " Supreme Deity ", 12, 0, " OMEGA ")).toBe("passes");
    expect(call(COUNCIL, 12, 12, "supreme", null, null, "era omega")).toBe("passes");
    expect(call(COUNCIL, 12, 12, null, null)).toBe("passes");
    expect(call(COUNCIL, 11, 7, " Promotion ", 11)).toBe("passes");
    expect(call(COUNCIL, 12, 7, "MEASURE")).toBe("passes");
  });

  test("bad input names the argument and the value", () => {
    expectValueError(call(COUNCIL, 13), /COUNCIL/, /present/, /0 to 12/, /not 13/);
    expectValueError(call(COUNCIL, -1), /present/, /not -1/);
    expectValueError(call(COUNCIL, 7.5), /present/, /7\.5/);
    expectValueError(call(COUNCIL, null), /present/, /empty cell/);
    expectValueError(call(COUNCIL, "nine"), /present/, /"nine"/);
    expectValueError(call(COUNCIL, 9, 13), /votes/, /not 13/);
    expectValueError(call(COUNCIL, 9, -2), /votes/, /not -2/);
    expectValueError(call(COUNCIL, 9, 6.5), /votes/, /6\.5/);
    expectValueError(call(COUNCIL, 7, 8), /COUNCIL/, /more votes \(8\) than greater gods present \(7\)/);
    expectValueError(call(COUNCIL, 3, 5), /more votes \(5\) than greater gods present \(3\)/);
    expectValueError(call(COUNCIL, 9, 7, "law"), /kind/, /"measure", "promotion", "supreme deity"/, /"law"/);
    expectValueError(call(COUNCIL, 9, 7, "measure", 12, 0, "ragnarok"), /era/, /"omega"/, /"ragnarok"/);
    expectValueError(call(COUNCIL, 9, 7, "measure", 13), /greater_gods/, /not 13/);
    expectValueError(call(COUNCIL, 9, 7, "measure", 8), /more greater gods present \(9\) than/, /\(8\)/);
    expectValueError(call(COUNCIL, [[9, 10]]), /present/, /range/);
  });

  test("an incoming error passes through", () => {
    expect(call(COUNCIL, NA)).toBe(NA);
    expect(call(COUNCIL, 9, NA)).toBe(NA);
    expect(call(COUNCIL, 9, 7, NA)).toBe(NA);
    expect(call(COUNCIL, 9, 7, "supreme deity", 12, 0, NA)).toBe(NA);
    expect(call(COUNCIL, 9, 7, "promotion", 11, 0, null, NA)).toBe(NA);
  });
});
