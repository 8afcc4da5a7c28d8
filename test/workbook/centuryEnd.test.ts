import { calculateCentury } from "../../src/engine/century";
import { add, floor, formatExact, parseExact, ratio, toNumber, ZERO, type Ratio } from "../../src/engine/exact";
import { centuryInput, planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { readCampaign } from "../../src/workbook/read/campaign";
import { describeProblem, errorsIn, warningsIn } from "../../src/workbook/model/problems";
import { edit, handWorked, rawWorkbook, type Tables } from "../support/campaigns";

function payments(tables: Tables, century: number) {
  const outcome = planCenturyEnd(rawWorkbook(tables), century);
  expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
  return Object.fromEntries(outcome.payments.map((p) => [p.god, [p.earned, p.paid, +p.carry.toFixed(10)]]));
}

/** The tables with the Ledger that a century end wrote. */
function withLedger(tables: Tables, century: number): Tables {
  const plan = planCenturyEnd(rawWorkbook(tables), century).plan;
  if (!plan) throw new Error("no plan");
  return { ...tables, Ledger: [[...plan.ledger.layout.headers], ...plan.ledger.rows.map((r) => [...r])] };
}

describe("the century end, on a campaign worked out by hand (see fixture.ts)", () => {
  test("century 1: earned, paid and carried per recipient", () => {
    expect(payments(handWorked(), 1)).toEqual({
      Ares: [22.6, 22, 0.6],
      Hestia: [24.34, 24, 0.34],
      Demons: [2.85, 2, 0.85],
    });
  });

  test("century 2 carries the fractions of century 1 from the Ledger", () => {
    expect(payments(withLedger(handWorked(), 1), 2)).toEqual({
      Ares: [9.6, 10, 0.2],
      Hestia: [20.34, 20, 0.68],
      Demons: [1.65, 2, 0.5],
    });
  });

  test("a count source with no count is taken as 0, with a warning naming it", () => {
    const outcome = planCenturyEnd(rawWorkbook(withLedger(handWorked(), 1)), 2);
    // (The Ledger made here has no seal, as an older version's: that is a warning of its own.)
    expect(
      warningsIn(outcome.problems)
        .filter((p) => p.table !== "Ledger")
        .map(describeProblem),
    ).toEqual([
      'Counts table: "Hearths" has no count for century 2, so it counts 0 for everyone who draws on it; add a Counts row (Century 2, Source Hearths, Count), or accept 0.',
    ]);
    expect(outcome.problems.filter((p) => p.changesPay === true && p.table === "Counts")).toHaveLength(1);
    expect(outcome.result?.counts.find((c) => c.source === "Hearths")?.missing).toBe(true);
  });

  test("the worksheets' numbers: deaths by cause and in total, worship, Diabolism and Atheism", () => {
    const r = planCenturyEnd(rawWorkbook(handWorked()), 1).result;
    expect(r?.deathBoxes.map((b) => [b.cause, b.units, b.sources])).toEqual([
      ["war", 14, ["Battle dead"]],
      ["plague", 3, []],
    ]);
    expect(r?.totalDeaths).toBe(17);
    expect(r?.worship.map((w) => [w.race, w.strength, w.worshipping])).toEqual([
      ["Achaeans", 23, 23],
      ["Trojans", 36, 36],
      ["Amazons", 10, 0],
    ]);
    expect(toNumber(r?.worshippers.get("Ares") ?? ZERO)).toBe(11.5);
    expect(toNumber(r?.worshippers.get("Hestia") ?? ZERO)).toBe(33.9);
    expect(toNumber(r?.diabolism ?? ZERO)).toBe(4.6);
    expect(toNumber(r?.atheism ?? ZERO)).toBe(9);
    expect(r?.counts.map((c) => c.source)).toEqual(["Battle dead", "Faithful", "Hearths", "Damned", "All dead"]);
  });

  test("turmoil: a race in turmoil gives no worship at all", () => {
    const calm = edit((t) => ((t.Races as unknown[][])[3] = ["Amazons", 10, null, null, "barbarian", "no", 4]));
    // Amazons worship Ares 100%: 10 more worshippers × 0.4 = 4 more mana.
    expect(payments(calm, 1).Ares).toEqual([26.6, 26, 0.6]);
  });

  test("flat rates pay once however many cards", () => {
    const more = edit((t) => ((t.Cards as unknown[][])[4] = ["Demons", "Pit", 5]));
    // Damned is per card (×5), All dead is flat (still 0.1).
    expect(payments(more, 1).Demons).toEqual([4.6 * 1.25 + 1.7, 7, 0.45]);
  });

  test("Diabolism goes to the Demons pool, Atheism to nobody", () => {
    const noDiabolism = edit((t) => {
      (t.Pantheon as unknown[][])[3] = ["Achaeans", "Atheism", 20];
    });
    expect(payments(noDiabolism, 1).Demons).toEqual([1.7, 1, 0.7]);
    expect(payments(noDiabolism, 1).Ares).toEqual([22.6, 22, 0.6]);
  });

  test("recalculating the latest century replaces it and never pays twice", () => {
    const once = withLedger(handWorked(), 1);
    const again = planCenturyEnd(rawWorkbook(once), 1);
    expect(errorsIn(again.problems)).toEqual([]);
    expect(again.plan?.ledger.rows.length).toBe(3);
    expect(again.payments.map((p) => p.paid)).toEqual([22, 24, 2]);
    const twice = withLedger(withLedger(once, 2), 2);
    expect(twice.Ledger?.length).toBe(1 + 6);
  });

  test("a century that would pay past what a campaign's numbers hold is refused, not written for every later command to refuse", () => {
    // 6·10^14 war dead twice: Ares earns 1.2·10^15 from Battle dead alone.
    const tables = edit((t) => {
      t.Deaths = [t.Deaths?.[0] ?? [], [1, "war", 6e14, "Achaeans", null], [1, "war", 6e14, "Trojans", null]];
    });
    const outcome = planCenturyEnd(rawWorkbook(tables), 1);
    expect(outcome.plan).toBeUndefined();
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      expect.stringMatching(
        /^Ledger table: Ares would earn 1,200,000,000,000,0\d\d mana, more than a campaign's numbers hold \(below 1,000,000,000,000,000\), so nothing was written\./,
      ),
    ]);
  });

  test("an older century is refused", () => {
    const two = withLedger(withLedger(handWorked(), 1), 2);
    const outcome = planCenturyEnd(rawWorkbook(two), 1);
    expect(outcome.plan).toBeUndefined();
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      "Ledger table: century 1 was paid out before century 2; only the latest century (2) can be calculated again, so mana is never paid twice.",
    ]);
  });

  test("skipping a century is refused; the default is the next one", () => {
    const one = withLedger(handWorked(), 1);
    expect(errorsIn(planCenturyEnd(rawWorkbook(one), 3).problems).map((p) => p.message)).toEqual([
      "the Ledger's latest century is 1, so the next one is 2, not 3: give --century 2.",
    ]);
    expect(planCenturyEnd(rawWorkbook(one)).century).toBe(2);
  });

  test("16 centuries: the whole mana paid equals the floor of the exact sum earned", () => {
    // 0.1 mana a century cannot be held exactly in binary: ten of them summed as doubles make
    // 0.9999999999999999. Thirds cannot be written as decimals at all.
    let tables: Tables = {
      Gods: [["God"], ["Tithe"], ["Third"]],
      Cards: [
        ["God", "Sphere", "Cards"],
        ["Tithe", "Small", 1],
        ["Third", "Odd", 1],
      ],
      Sources: [
        ["Sphere", "Source", "Basis", "Rate"],
        ["Small", "Tiny", "count", 0.1],
        ["Odd", "Thirds", "worship", 1],
      ],
      Races: [
        ["Race", "Units"],
        ["Folk", 1],
        ["Kin", 1],
        ["Clan", 1],
      ],
      Pantheon: [
        ["Race", "Member", "Share"],
        ["Folk", "Third", 33.3],
        ["Folk", "Atheism", 66.7],
        ["Kin", "Third", 0.1],
        ["Kin", "Atheism", 0.9],
        ["Clan", "Third", 10],
        ["Clan", "Atheism", 90],
      ],
      Counts: [["Century", "Source", "Count"], ...Array.from({ length: 16 }, (_, i) => [i + 1, "Tiny", 1] as Rows[number])],
    };
    type Rows = Tables[string];
    let paid = { Tithe: 0, Third: 0 };
    let earned: Record<string, Ratio> = { Tithe: ZERO, Third: ZERO };
    for (let c = 1; c <= 16; c++) {
      const outcome = planCenturyEnd(rawWorkbook(tables), c);
      expect(errorsIn(outcome.problems)).toEqual([]);
      for (const p of outcome.result?.payouts ?? []) {
        if (p.god === "Demons") continue;
        paid = { ...paid, [p.god]: paid[p.god as "Tithe"] + p.paid };
        earned = { ...earned, [p.god]: add(earned[p.god] ?? ZERO, p.earned) };
      }
      tables = withLedger(tables, c);
      expect(paid.Tithe).toBe(Number(floor(earned.Tithe ?? ZERO)));
      expect(paid.Third).toBe(Number(floor(earned.Third ?? ZERO)));
    }
    expect(earned.Tithe).toEqual(ratio(16, 10));
    expect(paid.Tithe).toBe(1);
    // 0.333 + 0.1 + 0.1 = 0.533 a century; 16 × 0.533 = 8.528.
    expect(paid.Third).toBe(8);
  });

  test("the exact carry is written as a decimal or a fraction and read back", () => {
    expect(formatExact(ratio(17, 50))).toBe("0.34");
    expect(formatExact(ratio(1, 3))).toBe("1/3");
    expect(formatExact(ratio(0))).toBe("0");
    expect(formatExact(ratio(5, 2))).toBe("2.5");
    expect(parseExact("1/3")).toEqual(ratio(1, 3));
    expect(parseExact("0.34")).toEqual(ratio(17, 50));
  });

  test("the engine alone gives the same result as the plan", () => {
    const { campaign } = readCampaign(rawWorkbook(handWorked()));
    const r = calculateCentury(centuryInput(campaign, 1));
    expect(r.payouts.map((p) => [p.god, toNumber(p.earned)])).toEqual([
      ["Ares", 22.6],
      ["Hestia", 24.34],
      ["Demons", 2.85],
    ]);
  });
});
