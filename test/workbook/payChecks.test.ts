/**
 * What would pay wrong mana without an error in any one cell: near misses of known names, tables
 * the sources need, deaths typed after their century was paid, centuries skipped at the start.
 */
import { didYouMean, nearName } from "../../src/engine/names";
import { describeProblem, errorsIn, payWarningsIn, warningsIn } from "../../src/workbook/model/problems";
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { planEvent } from "../../src/workbook/actions/event";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { type WorkbookPlan } from "../../src/workbook/plan/types";
import { readCampaign } from "../../src/workbook/read/campaign";
import { headFormula } from "../../src/workbook/read/head";
import { SEAL_SHEET } from "../../src/workbook/model/schema";
import { countedDeaths } from "../../src/workbook/read/payChecks";
import { eraLength as eraLength_ } from "../../src/workbook/read/century";
import { ERA_CENTURIES, type Settings } from "../../src/workbook/read/settings";
import type { Campaign } from "../../src/workbook/read/types";
import { edit, handWorked, rawWorkbook, type Rows, type Tables } from "../support/campaigns";

describe("near misses", () => {
  test("case, spaces, a plural and one or two letters are near; other names are not", () => {
    expect(nearName("Storms", ["Sun", "Storm"])).toBe("Storm");
    expect(nearName("watr", ["water", "fire"])).toBe("water");
    expect(didYouMean("watr", ["war", "water"])).toBe(' Did you mean "war" or "water"?');
    expect(nearName("Great  mothr", ["Great Mother"])).toBe("Great Mother");
    expect(nearName("GreatMother", ["Great Mother"])).toBe("Great Mother");
    expect(nearName("wars", ["war"])).toBe("war");
    // Short names allow one letter only: "war" is not "air".
    expect(nearName("air", ["war"])).toBeUndefined();
    expect(nearName("plague", ["war", "water"])).toBeUndefined();
    // A name that is known is not a misspelling of another.
    expect(nearName("war", ["wars", "war"])).toBeUndefined();
    expect(didYouMean("Vron", ["Solara", "Vorn"])).toBe(' Did you mean "Vorn"?');
    expect(didYouMean("", [])).toBe("");
  });

  const problems = (tables: Tables, century = 1) => planCenturyEnd(rawWorkbook(tables), century).problems.map(describeProblem);

  test("a sphere typed in Cards that Sources spells otherwise: a warning that changes pay, with the row and the likely name", () => {
    const outcome = planCenturyEnd(rawWorkbook(edit((x) => ((x.Cards as Rows)[1] = ["Ares", "Wars", 2]))), 1);
    expect(payWarningsIn(outcome.problems).map(describeProblem)).toEqual([
      `Cards table, row 2, column Sphere: the sphere "Wars" has no row in the Sources table, so Ares's 2 cards in it earn no mana. Did you mean "War"? As typed, Ares earns 6.3 instead of 22.6.`,
    ]);
  });

  test("a god, a pantheon member, a race and a count's source that match nothing: did you mean, by row", () => {
    expect(problems(edit((x) => ((x.Cards as Rows)[3] = ["Hestai", "Hearth", 3])))).toContain(
      'Cards table, row 4, column God: "Hestai" is not in the Gods table. Did you mean "Hestia"?',
    );
    const pantheon = edit((x) => ((x.Pantheon as Rows)[1] = [(x.Pantheon as Rows)[1]?.[0] ?? null, "Diabolizm", (x.Pantheon as Rows)[1]?.[2] ?? null]));
    expect(problems(pantheon).some((p) => p.includes('"Diabolizm" is not in the Gods table') && p.includes('Did you mean "Diabolism"?'))).toBe(true);
    const counts = edit((x) => ((x.Counts as Rows)[1] = [1, "Hearth", 4]));
    expect(problems(counts)).toContain('Counts table, row 2, column Source: "Hearth" is not a source in the Sources table. Did you mean "Hearths"?');
  });

  test("an unknown event names the likely one", () => {
    const outcome = planEvent(readCampaign(rawWorkbook(handWorked())), "Feasts");
    expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([
      'Sources table: there is no event "Feasts". Did you mean "Feast"? The known events: Feast.',
    ]);
  });

  test("which warnings change pay, and which do not", () => {
    // A god with no cards at all earns nothing, but nothing of anyone's is lost: not a pay warning.
    const noCards = planCenturyEnd(rawWorkbook(edit((x) => (x.Gods as Rows).push(["Zephyr", "lesser"]))), 1).problems;
    expect(warningsIn(noCards).map(describeProblem)).toEqual([
      "Cards table: Zephyr holds no cards, so earns no mana this century.",
      "Deaths table, row 5, column Century: The Deaths row 5 is dated century 2, the next century: it waits for its end and is not paid now. If it belongs to century 1, correct the Century first.",
    ]);
    expect(payWarningsIn(noCards)).toEqual([]);
    // A race with no pantheon: its worship goes to nobody, which changes pay.
    const noPantheon = planCenturyEnd(rawWorkbook(edit((x) => (x.Races as Rows).push(["Hittites", 10, 0, 0, null, "no"]))), 1).problems;
    expect(payWarningsIn(noPantheon).map(describeProblem)).toEqual([
      "Pantheon table: Hittites has no pantheon rows, so its worship goes to nobody; give it its pantheon (Atheism 100 if it worships nobody).",
    ]);
  });
});

/** A grid of a planned sheet's values, from A1, as an adapter reads it back. */
function cellsOf(plan: WorkbookPlan, name: string): RawCell[][] {
  const sheet = plan.sheets.find((s) => s.name === name);
  if (sheet === undefined) throw new Error(`no sheet ${name}`);
  return sheet.rows.map((r) => r.map((c) => (c === null ? null : (c.value as RawCell))));
}

/** The campaign after its century 1 end was written, as an adapter would read it back. */
function afterCentury1(tables: Tables): { tables: Tables; raw: (t: Tables) => RawWorkbook } {
  const outcome = planCenturyEnd(rawWorkbook(tables), 1);
  expect(errorsIn(outcome.problems)).toEqual([]);
  const plan = outcome.plan as WorkbookPlan;
  const written: Tables = { ...tables, Ledger: [[...plan.ledger.headers], ...plan.ledger.rows.map((r) => [...r])] };
  const generatedCells = new Map([
    ["C1 Death Worksheet", cellsOf(plan, "C1 Death Worksheet")],
    [SEAL_SHEET, cellsOf(plan, SEAL_SHEET)],
  ]);
  const raw = (t: Tables): RawWorkbook => {
    const base = rawWorkbook(t);
    return {
      ...base,
      sheetNames: [...base.sheetNames, ...plan.sheets.map((s) => s.name)],
      generatedCells,
      ...(plan.head === undefined ? {} : { bookHead: headFormula(plan.head) }),
    };
  };
  return { tables: written, raw };
}

describe("deaths not typed yet", () => {
  const payWith = (deaths: Rows, century = 2) => {
    const paid = afterCentury1(handWorked());
    return planCenturyEnd(paid.raw({ ...paid.tables, Deaths: [["Century", "Cause", "Units", "Race", "Note"], ...deaths] }), century).problems;
  };
  const c1 = (handWorked().Deaths as Rows).slice(1, 4);

  test("a century paid with no deaths logged, while earlier centuries had some, changes pay until accepted", () => {
    const problems = payWith(c1);
    expect(payWarningsIn(problems).map(describeProblem)).toContain(
      "Deaths table: no deaths are logged for century 2, though century 1 had 17 units die. Paid now, century 2 counts no deaths, for good: type its deaths first, or accept to pay it without any.",
    );
  });

  test("rows typed as the next century while this one has none: named, and the payment waits", () => {
    const problems = payWith([...c1, [3, "war", 5, "Amazons", null]]);
    expect(payWarningsIn(problems).map(describeProblem)).toContain(
      "Deaths table, row 5, column Century: no deaths are logged for century 2, though century 1 had 17 units die and the Deaths row 5 is dated century 3: if it belongs to century 2, correct its Century first. Paid now, century 2 counts no deaths, for good: type its deaths first, or accept to pay it without any.",
    );
  });

  test("rows of the next century beside this one's own: named in a warning that holds nothing back", () => {
    const problems = payWith([...c1, [2, "war", 5, "Amazons", null], [3, "war", 2, "Trojans", null], [3, "fire", 1, "Trojans", null]]);
    const named = problems.filter((p) => p.column === "Century" && p.table === "Deaths");
    expect(named.map(describeProblem)).toEqual([
      "Deaths table, row 6, column Century: The Deaths rows 6 and 7 are dated century 3, the next century: they wait for its end and are not paid now. If they belong to century 2, correct the Century first.",
    ]);
    expect(named.every((p) => p.changesPay !== true)).toBe(true);
    // A century whose own deaths are logged, and none of the next: nothing to say.
    expect(payWith([...c1, [2, "war", 5, "Amazons", null]]).filter((p) => p.table === "Deaths" && p.column === "Century")).toEqual([]);
  });
});

describe("no mortal left on Earth (seed 002, Calculation Phase)", () => {
  test("every race at 0 units: the century end says the next century is a second Creation, and pays as usual", () => {
    const t = handWorked();
    t.Races = [(t.Races as Rows)[0] ?? [], ...(t.Races as Rows).slice(1).map((r) => [r[0] ?? null, 0, 0, 0, ...r.slice(4)])];
    const plan = planCenturyEnd(rawWorkbook(t), 1);
    const said = warningsIn(plan.problems).filter((p) => p.table === "Races");
    expect(said.map(describeProblem)).toEqual([
      "Races table: no mortal is left on Earth: every race has 0 units. By the rules the century after the last of them died is a second Creation, played under Era Aleph's rules without Heaven or Demesne creation powers: if they died during century 1, century 2 is that Creation.",
    ]);
    expect(payWarningsIn(said)).toEqual([]);
    expect(errorsIn(plan.problems)).toEqual([]);
    // One unit anywhere: nothing said.
    const one = handWorked();
    one.Races = [(one.Races as Rows)[0] ?? [], ...(one.Races as Rows).slice(1).map((r, i) => [r[0] ?? null, i === 0 ? 1 : 0, 0, 0, ...r.slice(4)])];
    expect(warningsIn(planCenturyEnd(rawWorkbook(one), 1).problems).filter((p) => p.table === "Races")).toEqual([]);
  });
});

describe("the era's length (seed 002, Time on Earth: Era Centrum has 16 centuries)", () => {
  const ERA_END_SOURCE = { sphere: "War", source: "Battlefields", basis: "count", timing: "era-end" };
  type Row = { kind: string; century: number };
  const campaignOf = (ledger: Row[], settings: Partial<Settings> = {}, sources: object[] = [ERA_END_SOURCE]) =>
    ({ settings: { centrumLength: ERA_CENTURIES, ...settings }, ledger, sources }) as unknown as Campaign;
  const paid = (...centuries: number[]): Row[] => centuries.map((century) => ({ kind: "century-end", century }));
  const ended = (century: number): Row => ({ kind: "era-end", century });
  const era = (century: number, ledger: Row[] = [], settings: Partial<Settings> = {}, sources?: object[]) =>
    eraLength_(campaignOf(ledger, settings, sources), century);
  const said = (...args: Parameters<typeof era>) => era(...args).map(describeProblem);

  test("by default 16 centuries: the 16th is named Era Centrum's last; neither it nor the centuries before it hold the payment back", () => {
    expect(said(15, paid(14))).toEqual([]);
    expect(said(16, paid(15))).toEqual([
      "Ledger table: century 16 is Era Centrum's last (century 16 of 16, counting from century 1; Era Centrum length 16): once it is paid, end the era with gods era-end --century 16, or Credit the era's end in the pane.",
    ]);
    expect(payWarningsIn(era(16, paid(15)))).toEqual([]);
  });

  test("paying the century after the era's last, its end not credited, is a warning that changes pay: the era's end would be lost", () => {
    const next = era(17, paid(15, 16));
    expect(next.map(describeProblem)).toEqual([
      "Ledger table: century 16, Era Centrum's last (Era Centrum length 16, counting from century 1), is paid, but the era's end is not credited: credit it first (gods era-end --century 16, or Credit the era's end in the pane), and century 17 begins Era Omega. Paid before it, century 17 would be Era Centrum's 17th, and the era's end could no longer be credited with century 16's counts: its era-end sources would pay late, or never.",
    ]);
    expect(next.every((p) => p.severity === "warning" && p.changesPay === true)).toBe(true);
    // Accepted and paid anyway: the next century says the era's end can still be credited late.
    const later = era(18, paid(16, 17));
    expect(later.map(describeProblem)).toEqual([
      "Ledger table: century 18 is Era Centrum's 18th century, counting from century 1, though it has 16 (Era Centrum length 16): it should have ended after century 16, and whatever lasts for the rest of the era has run out. Credit the era's end first, late, with century 17's counts (gods era-end --century 17, or Credit the era's end in the pane), or give the era its true length in the Settings table (Era Centrum length).",
    ]);
    expect(payWarningsIn(later)).toHaveLength(1);
    // Its end credited: century 17 begins Era Omega, and nothing holds it.
    expect(said(17, [...paid(16), ended(16)])).toEqual([expect.stringContaining("century 17 is Era Omega's 1st century")]);
    expect(payWarningsIn(era(17, [...paid(16), ended(16)]))).toEqual([]);
  });

  test("past the era's end but nothing of it to lose: a warning that holds nothing back", () => {
    // No era-end source: the era's end pays nobody, so paying on loses no mana.
    const noSource = era(17, paid(16), {}, []);
    expect(noSource.map(describeProblem)).toEqual([
      "Ledger table: century 16, Era Centrum's last (Era Centrum length 16, counting from century 1), is paid, but the era's end is not credited: credit it first (gods era-end --century 16, or Credit the era's end in the pane), and century 17 begins Era Omega. Paid before it, century 17 would be Era Centrum's 17th.",
    ]);
    expect(payWarningsIn(noSource)).toEqual([]);
    // A campaign whose first century end is past the era (gods century-end --first-century): its end is still ahead.
    expect(said(17)).toEqual([
      "Ledger table: century 17 is Era Centrum's 17th century, counting from century 1, though it has 16 (Era Centrum length 16): it should have ended after century 16, and whatever lasts for the rest of the era has run out. End the era once this century is paid (gods era-end --century 17), or give the era its true length in the Settings table (Era Centrum length).",
    ]);
    expect(payWarningsIn(era(17))).toEqual([]);
    // The latest century calculated again: paying it again moves the era's end no further.
    expect(payWarningsIn(era(17, paid(16, 17)))).toEqual([]);
  });

  test("the era after Era Centrum is Era Omega, with a length of its own, which the rules do not give", () => {
    const centrum = [...paid(16), ended(16)];
    expect(said(17, centrum)).toEqual([
      "Ledger table: century 17 is Era Omega's 1st century (counting from Era Centrum's end after century 16), and the rules give Era Omega no length, so its last century is not named: give it in the Settings table (Era Omega length), so that its end is not forgotten. Nobody's pay waits for it.",
    ]);
    // Not called Era Centrum's, nor given its length.
    expect(said(17, centrum).join(" ")).not.toMatch(/Era Centrum length|Era Centrum's (last|\d)|of 16/);
    expect(said(32, centrum)).toEqual([expect.stringContaining("century 32 is Era Omega's 16th century")]);
    // Era Centrum's length does not carry over.
    expect(said(20, [...paid(4), ended(4)], { centrumLength: 4 })).toEqual([expect.stringContaining("century 20 is Era Omega's 16th century")]);
    // With a length of its own: its last is named, and paying past it is held as Era Centrum's is.
    expect(said(20, [...centrum, ...paid(19)], { omegaLength: 4 })).toEqual([
      "Ledger table: century 20 is Era Omega's last (century 4 of 4, counting from Era Centrum's end after century 16; Era Omega length 4): once it is paid, end the era with gods era-end --century 20, or Credit the era's end in the pane. Era Omega is the last era: its end ends the game.",
    ]);
    const past = era(21, [...centrum, ...paid(20)], { omegaLength: 4 });
    expect(past.map(describeProblem)).toEqual([
      expect.stringContaining("century 20, Era Omega's last (Era Omega length 4, counting from Era Centrum's end after century 16), is paid"),
    ]);
    expect(payWarningsIn(past)).toHaveLength(1);
    // Era Omega's end credited too: no era is left to count.
    expect(said(21, [...centrum, ...paid(20), ended(20)], { omegaLength: 4 })).toEqual([]);
  });

  test("Era Aleph's end, credited at century 0, begins Era Centrum with century 1", () => {
    expect(said(16, [ended(0), ...paid(15)])).toEqual([
      expect.stringContaining("century 16 is Era Centrum's last (century 16 of 16, counting from century 1;"),
    ]);
    expect(said(2, [ended(0), ...paid(1)], { centrumLength: 2 })).toEqual([expect.stringContaining("century 2 is Era Centrum's last")]);
    // An era's end credited for the century itself is not before it (a redo of that century).
    expect(said(16, [...paid(16), ended(16)])).toEqual([expect.stringContaining("century 16 is Era Centrum's last")]);
  });

  test("the Settings table sets it; a misspelt setting or a bad value is named and the default kept", () => {
    const settings = (rows: Rows) => planCenturyEnd(rawWorkbook({ ...handWorked(), Settings: [["Setting", "Value"], ...rows] }), 1).problems;
    const said = (rows: Rows) =>
      warningsIn(settings(rows))
        .filter((p) => p.table === "Settings" || p.message.includes("era"))
        .map(describeProblem);
    const lastOfOne =
      "Ledger table: century 1 is Era Centrum's last (century 1 of 1, counting from century 1; Era Centrum length 1): once it is paid, end the era with gods era-end --century 1, or Credit the era's end in the pane.";
    expect(said([["Era Centrum length", 1]])).toEqual([lastOfOne]);
    // Era length, as older workbooks name it, is Era Centrum's.
    expect(said([["Era length", 1]])).toEqual([lastOfOne]);
    expect(said([[" era centrum LENGTH ", "2"]])).toEqual([]);
    expect(said([["Era Omega length", 3]])).toEqual([]);
    expect(said([["Era lenght", 1]])).toEqual([
      'Settings table, row 2, column Setting: "Era lenght" is not a setting the add-in knows (Era Centrum length, Era Omega length), so the row is passed over: Era Centrum length keeps its default, 16 centuries, as the rules give Era Centrum; Era Omega length keeps its default, none, as the rules give Era Omega no length. Did you mean "Era length"?',
    ]);
    // Spelt right on another row (by its older name here), that row's value is the one in force.
    expect(
      said([
        ["Era lenght", 1],
        ["Era length", 3],
        ["Era Omega length", 5],
      ]),
    ).toEqual([
      'Settings table, row 2, column Setting: "Era lenght" is not a setting the add-in knows (Era Centrum length, Era Omega length), so the row is passed over: Era Centrum length is 3, from row 3; Era Omega length is 5, from row 4. Did you mean "Era length"?',
    ]);
    expect(said([["Era Centrum length", 0]])).toEqual([
      "Settings table, row 2, column Value: Era Centrum length must be a whole number of centuries, from 1 to 99,999,999; the default, 16 centuries, as the rules give Era Centrum, is used until it is.",
    ]);
    expect(said([["Era Omega length", 0]])).toEqual([
      "Settings table, row 2, column Value: Era Omega length must be a whole number of centuries, from 1 to 99,999,999; the default, none, as the rules give Era Omega no length, is used until it is.",
    ]);
    expect(said([["Era Centrum length", 2.5]])).toHaveLength(1);
    expect(
      said([
        ["Era length", 5],
        ["Era Centrum length", 1],
      ]),
    ).toEqual(["Settings table, row 3, column Setting: Era Centrum length is given twice, in rows 2 and 3: the later value, 1, is used.", lastOfOne]);
    expect(said([["Era Centrum length", "sixteen"]])).toHaveLength(1);
    expect(errorsIn(settings([["Era Centrum length", "sixteen"]]))).toEqual([]);
    // Longer than there are centuries: named, and the default used (century 16 is then the era's last).
    const sixteenth = (rows: Rows) =>
      warningsIn(planCenturyEnd(rawWorkbook({ ...handWorked(), Settings: [["Setting", "Value"], ...rows] }), 16).problems)
        .filter((p) => p.table === "Settings" || p.message.includes("era"))
        .map(describeProblem);
    expect(sixteenth([["Era Centrum length", 1e15]])).toEqual([
      "Settings table, row 2, column Value: Era Centrum length must be a whole number of centuries, from 1 to 99,999,999; the default, 16 centuries, as the rules give Era Centrum, is used until it is.",
      expect.stringContaining("century 16 is Era Centrum's last (century 16 of 16, counting from century 1; Era Centrum length 16)"),
    ]);
    expect(said([["Era Centrum length", 99_999_999]])).toEqual([]);
    expect(said([["Era Centrum length", 100_000_000]])).toEqual([
      expect.stringContaining("the default, 16 centuries, as the rules give Era Centrum, is used until it is."),
    ]);
    // A bad value beside a good one: the good one is used, and said so.
    expect(
      said([
        ["Era Centrum length", 1e15],
        ["Era Centrum length", 1],
      ]),
    ).toEqual([
      "Settings table, row 2, column Value: Era Centrum length must be a whole number of centuries, from 1 to 99,999,999; the value of row 3, 1, is used.",
      expect.stringContaining("century 1 is Era Centrum's last"),
    ]);
  });

  test("a setting given on 20,000 rows, or 20,000 values it cannot use: one warning each, naming the rows in a few words", () => {
    const warned = (rows: Rows) =>
      warningsIn(planCenturyEnd(rawWorkbook({ ...handWorked(), Settings: [["Setting", "Value"], ...rows] }), 1).problems)
        .filter((p) => p.table === "Settings")
        .map(describeProblem);
    const many = Array.from({ length: 20_000 }, (_, i): Rows[number] => ["Era Centrum length", i === 19_999 ? 40 : 30]);
    expect(warned(many)).toEqual([
      "Settings table, row 20001, column Setting: Era Centrum length is given 20,000 times, in rows 2–20001 (20000 rows): the last value, 40, is used.",
    ]);
    const bad = Array.from({ length: 20_000 }, (): Rows[number] => ["Era Centrum length", 1e15]);
    expect(warned(bad)).toEqual([
      "Settings table, row 2, column Value: Era Centrum length must be a whole number of centuries, from 1 to 99,999,999 (rows 2–20001 (20000 rows)); the default, 16 centuries, as the rules give Era Centrum, is used until it is.",
    ]);
    expect(
      warned([
        ["Era Centrum length", 5],
        ["Era Centrum length", 6],
        ["Era Centrum length", 7],
      ]),
    ).toEqual(["Settings table, row 4, column Setting: Era Centrum length is given 3 times, in rows 2, 3 and 4: the last value, 7, is used."]);
    expect(warningsIn(planCenturyEnd(rawWorkbook({ ...handWorked(), Settings: [["Name", "Number"]] }), 1).problems).map(describeProblem)).toContain(
      "Settings table: the Settings table needs the headers Setting and Value; until it has them every setting keeps its default (Era Centrum length 16).",
    );
  });

  test("paid through the century end: the warning is among those that hold the write", () => {
    const tables = edit((t) => {
      t.Sources?.push(["War", "Battlefields", "count", 0.25, "no", null, "era-end"]);
      t.Counts?.push([2, "Battlefields", 7], [2, "Hearths", 4]);
      t.Settings = [
        ["Setting", "Value"],
        ["Era Centrum length", 1],
      ];
    });
    const { tables: after, raw } = afterCentury1(tables);
    const next = planCenturyEnd(raw(after), 2);
    expect(errorsIn(next.problems)).toEqual([]);
    expect(payWarningsIn(next.problems).map(describeProblem)).toEqual([
      expect.stringMatching(
        /^Ledger table: century 1, Era Centrum's last \(Era Centrum length 1, counting from century 1\), is paid, but the era's end is not credited/,
      ),
    ]);
  });
});

describe("deaths typed after their century was paid", () => {
  test("the Death Worksheet's boxes are read back by cause", () => {
    const outcome = planCenturyEnd(rawWorkbook(handWorked()), 1);
    const counted = countedDeaths(cellsOf(outcome.plan as WorkbookPlan, "C1 Death Worksheet"));
    expect(counted).toEqual(
      new Map([
        ["war", 14],
        ["plague", 3],
      ]),
    );
    expect(countedDeaths([["Some sheet of mine"], ["Cause", "Units"], ["war", "many"]])).toBeUndefined();
  });

  test("found at the next credit, named by row, with the way out; calculating the century again counts them", () => {
    const { tables, raw } = afterCentury1(handWorked());
    expect(payWarningsIn(readCampaign(raw(tables)).problems)).toEqual([]);
    const late = { ...tables, Deaths: [...(tables.Deaths as Rows), [1, "war", 6, "Trojans", "reported late"]] };
    const row = late.Deaths.length;
    // The next event…
    const event = planEvent(readCampaign(raw(late)), "Feast");
    expect(payWarningsIn(event.problems).map(describeProblem)).toEqual(
      [
        `Deaths table, row ${row}, column Century: the Deaths rows 2, 3 and ${row} log 20 war deaths for century 1, but only 14 were counted when century 1 was paid: 6 were logged after it and were never paid. Move the late rows to century 2, to be paid with it, or calculate century 1 again (allowed while nothing was credited after it).`,
      ].map((m) => m.replace(`row ${row}, column Century`, "row 2, column Century")),
    );
    // …and the next century end, which would leave them behind for good.
    const next = planCenturyEnd(raw(late), 2);
    expect(
      payWarningsIn(next.problems)
        .map((p) => p.message)
        .some((m) => m.includes("6 were logged after it") && m.includes("Move the late rows to century 2")),
    ).toBe(true);
    // Calculating century 1 again counts them: no warning.
    const again = planCenturyEnd(raw(late), 1);
    expect(payWarningsIn(again.problems).filter((p) => p.message.includes("were counted"))).toEqual([]);
    expect(again.result?.totalDeaths).toBe(23);
  });

  test("the seal keeps what each century counted: no Death Worksheet need be read; an older seal falls back on the worksheet", () => {
    const { tables, raw } = afterCentury1(handWorked());
    const sealed = raw(tables);
    const counts = new Map([
      ["war", 14],
      ["plague", 3],
    ]);
    // Without the worksheet, the seal's rows tell what century 1 counted.
    const sealOnly = { ...sealed, generatedCells: new Map([[SEAL_SHEET, sealed.generatedCells?.get(SEAL_SHEET) ?? []]]) };
    expect(readCampaign(sealOnly).campaign.counted.get(1)).toEqual(counts);
    expect((sealed.generatedCells?.get(SEAL_SHEET) ?? []).filter((r) => r[0] === "counted")).toEqual([
      ["counted", "war", 1, "14"],
      ["counted", "plague", 1, "3"],
    ]);
    // A seal written before it kept counts: the worksheet is read, as before.
    const older = new Map(sealed.generatedCells);
    older.set(
      SEAL_SHEET,
      (older.get(SEAL_SHEET) ?? []).filter((r) => r[0] !== "counted"),
    );
    expect(readCampaign({ ...sealed, generatedCells: older }).campaign.counted.get(1)).toEqual(counts);
    older.delete("C1 Death Worksheet");
    expect(readCampaign({ ...sealed, generatedCells: older }).campaign.counted.get(1)).toBeUndefined();
  });

  test("rows deleted after payment are named too", () => {
    const { tables, raw } = afterCentury1(handWorked());
    const fewer = { ...tables, Deaths: (tables.Deaths as Rows).filter((r) => r[1] !== "plague") };
    const messages = payWarningsIn(readCampaign(raw(fewer)).problems.concat(planEvent(readCampaign(raw(fewer)), "Feast").problems)).map((p) => p.message);
    expect(messages.some((m) => m.includes('"plague"') && m.includes("no longer in the Deaths table"))).toBe(true);
  });
});

describe("a renamed table", () => {
  test("the add-in's own sheets are never taken for a renamed Deaths table", async () => {
    const { lookAlikes } = await import("../../src/workbook/read/payChecks");
    expect(lookAlikes("Deaths", ["Gods", "C1 Death Worksheet", "Death Log"])).toEqual(["Death Log"]);
    expect(lookAlikes("Deaths", ["Gods", "C1 Death Worksheet"])).toEqual([]);
    expect(lookAlikes("Counts", ["Count"])).toEqual(["Count"]);
    // Every sheet of a hand-kept set, not only the first.
    expect(lookAlikes("Deaths", ["Deaths C1", "Gods", "Deaths C2", "C2 Death Worksheet"])).toEqual(["Deaths C1", "Deaths C2"]);
  });
});

describe("the campaign's first century end", () => {
  test("a later first century that would leave logged deaths unpaid is refused, unless the campaign starts there", () => {
    const errors = (first?: boolean) =>
      errorsIn(planCenturyEnd(rawWorkbook(handWorked()), 2, first === undefined ? {} : { firstCentury: first }).problems).map(describeProblem);
    expect(errors()).toEqual([
      `Deaths table: century 2 would be the campaign's first century end, but the Deaths or Counts table has rows for century 1, which would then never be paid. End century 1 first; or, if the campaign really starts at century 2 and those rows are history, say so with gods century-end --first-century.`,
    ]);
    expect(errors(true)).toEqual([]);
  });

  test("a century skipped at the start is not said to have been paid", () => {
    const started = planCenturyEnd(rawWorkbook(handWorked()), 2, { firstCentury: true });
    const plan = started.plan as WorkbookPlan;
    const tables = { ...handWorked(), Ledger: [[...plan.ledger.headers], ...plan.ledger.rows.map((r) => [...r])] };
    expect(errorsIn(planCenturyEnd(rawWorkbook(tables), 1).problems).map(describeProblem)).toEqual([
      "Ledger table: century 1 was never paid: the campaign's first century end was century 2, and the Ledger only goes forward (the next century end is 3). Deaths or counts of century 1 that should still be paid can be moved to century 3.",
    ]);
  });
});

describe("an account whose god is gone from the Gods table", () => {
  /** Renames a god in the input tables only (Gods, Cards, Pantheon), as a hand edit would. */
  function renamedInTables(tables: Tables, from: string, to: string | null): Tables {
    const out: Tables = {};
    for (const [name, rows] of Object.entries(tables)) {
      if (name === "Ledger") out[name] = rows;
      else out[name] = rows.flatMap((r) => (r.some((v) => v === from) ? (to === null ? [] : [r.map((v) => (v === from ? to : v))]) : [r]));
    }
    return out;
  }

  test("a rename in Gods alone is refused, naming the account and the likely new name; a god who left is only said", () => {
    const { tables, raw } = afterCentury1(handWorked());
    const renamed = readCampaign(raw(renamedInTables(tables, "Ares", "Aris")))
      .problems.filter((p) => p.table === "Ledger")
      .map(describeProblem);
    expect(renamed).toEqual([
      `Ledger table, row 2, column God: the Ledger has an account for "Ares" (row 2), who is no longer in the Gods table, and "Aris" is in the Gods table with no account: if it is the same character renamed, rename it everywhere (gods rename FILE "Ares" "Aris"), so that it keeps its account and the 0.6 it carries; otherwise put "Ares" back in the Gods table.`,
    ]);
    const gone = readCampaign(raw(renamedInTables(tables, "Hestia", null))).problems.filter((p) => p.table === "Ledger");
    expect(gone.map((p) => [p.severity, p.message])).toEqual([
      [
        "warning",
        `the Ledger has an account for "Hestia" (row 3), who is no longer in the Gods table: the account is closed and the 0.34 it kept is never paid. If "Hestia" was renamed, rename it everywhere (gods rename), or put it back in the Gods table.`,
      ],
    ]);
  });
});
