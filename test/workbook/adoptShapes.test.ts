/**
 * The proposal for sheets laid out as gamemasters lay them out, from raw cells: cards ticked rather
 * than counted, a column of row numbers, a title with a date at its right, a grid header that
 * misspells a god, worship typed as "none", a long form of cards on the Gods sheet.
 */
import type { RawCell, RawWorkbook } from "../../src/workbook/model/raw";
import { proposeAdoption } from "../../src/workbook/actions/adopt/plan";
import { cardMark, sharesOf } from "../../src/workbook/actions/adopt/cells";
import { nearMember, sphereOf } from "../../src/workbook/actions/adopt/shape";
import type { HandSheet } from "../../src/workbook/actions/adopt/types";
import { errorsIn } from "../../src/workbook/model/problems";

const sheet = (name: string, rows: RawCell[][], merges: HandSheet["merges"] = []): HandSheet => ({ name, rows, merges, unsaved: [] });
const empty: RawWorkbook = { tables: new Map(), sheetNames: [] };
const RATES = sheet("Rates", [
  ["Sphere", "Source", "Basis", "Rate"],
  ["Sun", "Sunlit", "worship", 0.05],
  ["Moon", "Night", "worship", 0.03],
]);
const rowsOf = (a: ReturnType<typeof proposeAdoption>, table: string) =>
  a.edits.flatMap((e) => (e.kind === "create" && e.layout.name === table ? e.rows : e.kind === "append" && e.table === table ? e.rows : []));

describe("sheets kept by hand, as proposed", () => {
  test("a tick, x or yes in a sphere's column is one card, a dash none, and that is a listed guess", () => {
    const gods = sheet("Deities", [
      ["KORR", null, null, null, null, "updated after session 7"],
      [],
      ["#", "God", "Kind", "Sun", "Moon", "Colour"],
      [1, "Solara", "GREATER", "✓", "x", "gold"],
      [2, "Nyx", "lesser god", "-", 2, "violet"],
      [3, "Demons", null, null, "yes", "black"],
    ]);
    const a = proposeAdoption(empty, [gods, RATES], { century: 1 });
    expect(errorsIn(a.problems)).toEqual([]);
    expect(a.sheets.find((s) => s.sheet === "Deities")).toMatchObject({ readAs: "Gods", headerRow: 3, spheres: ["Sun", "Moon"] });
    expect(rowsOf(a, "Cards")).toEqual([
      { God: "Solara", Sphere: "Sun", Cards: 1 },
      { God: "Solara", Sphere: "Moon", Cards: 1 },
      { God: "Nyx", Sphere: "Moon", Cards: 2 },
      { God: "Demons", Sphere: "Moon", Cards: 1 },
    ]);
    expect(rowsOf(a, "Gods")).toEqual([
      { God: "Solara", Kind: "greater" },
      { God: "Nyx", Kind: "lesser" },
    ]);
    expect(a.guesses).toEqual([`'Deities': a mark (x, yes, a tick) under "Sun", "Moon" was read as one card.`]);
  });

  test("a column of numbers that is no sphere of the rates is not read as cards, and that is said", () => {
    const gods = sheet("Gods", [
      ["God", "Kind", "Level", "Sun"],
      ["Solara", "greater", 3, 1],
    ]);
    const a = proposeAdoption(empty, [gods, RATES], { century: 1 });
    expect(rowsOf(a, "Cards")).toEqual([{ God: "Solara", Sphere: "Sun", Cards: 1 }]);
    expect(a.guesses).toEqual([expect.stringContaining(`'Gods': the column "Level" holds numbers but is no sphere of your rates`)]);
  });

  test("cards in long form on the Gods sheet, the god's name merged down over its rows", () => {
    const gods = sheet(
      "Gods",
      [
        ["God", "Kind", "Sphere", "Cards"],
        ["Solara", "Greater", "Sun", 2],
        [null, null, "Moon", 1],
      ],
      [
        { top: 2, left: 1, bottom: 3, right: 1 },
        { top: 2, left: 2, bottom: 3, right: 2 },
      ],
    );
    const a = proposeAdoption(empty, [gods, RATES], { century: 1 });
    expect(rowsOf(a, "Gods")).toEqual([{ God: "Solara", Kind: "greater" }]);
    expect(rowsOf(a, "Cards")).toEqual([
      { God: "Solara", Sphere: "Sun", Cards: 2 },
      { God: "Solara", Sphere: "Moon", Cards: 1 },
    ]);
  });

  test("a sheet of races with their worship is read as Races, and a grid header near a god's name as that god", () => {
    const gods = sheet("Gods", [
      ["God", "Kind"],
      ["Brann", "greater"],
      ["Ysolde", "greater"],
    ]);
    const races = sheet("Races & worship", [
      ["Race", "Units", "Bran", "Ysolde", "Diabolism", "Military"],
      ["Islanders", 10, 0.5, 0.25, 0.25, 2],
    ]);
    const a = proposeAdoption(empty, [gods, races], { century: 1 });
    expect(a.sheets.find((s) => s.sheet === "Races & worship")).toMatchObject({ readAs: "Races", members: ["Ysolde", "Diabolism", "Bran"] });
    expect(rowsOf(a, "Pantheon")).toEqual([
      { Race: "Islanders", Member: "Ysolde", Share: 0.25 },
      { Race: "Islanders", Member: "Diabolism", Share: 0.25 },
      { Race: "Islanders", Member: "Brann", Share: 0.5 },
    ]);
    expect(a.guesses).toContain(`'Races & worship': the column "Bran" was read as the shares of Brann (a near name).`);
  });

  test("a sheet that reads as no table says why, and how to read it anyway", () => {
    const a = proposeAdoption(
      empty,
      [
        sheet("Notes", [
          ["Session", "What happened"],
          ["1", "a war"],
        ]),
      ],
      { century: 1 },
    );
    expect(a.sheets[0]?.readAs).toBe("leave out");
    expect(a.sheets[0]?.why).toContain("give its readAs, headerRow and columns in a map (--map)");
  });

  test("the advice of a sheet left out works: given a map, it is read", () => {
    const roster = sheet("Roster", [
      ["Who", "Sort"],
      ["Solara", "greater"],
    ]);
    expect(proposeAdoption(empty, [roster], { century: 1 }).sheets[0]?.readAs).toBe("leave out");
    const map = { sheets: [{ sheet: "Roster", readAs: "Gods", headerRow: 1, columns: { God: "Who", Kind: "Sort" } }] };
    const a = proposeAdoption(empty, [roster], { century: 1, map });
    expect(errorsIn(a.problems)).toEqual([]);
    expect(rowsOf(a, "Gods")).toEqual([{ God: "Solara", Kind: "greater" }]);
  });

  test("marks, shares typed with slashes or as none, near names", () => {
    expect(["x", " X ", "yes", "✓", "✔", true].map(cardMark)).toEqual(["one", "one", "one", "one", "one", "one"]);
    expect(["-", "no", false].map(cardMark)).toEqual(["none", "none", "none"]);
    expect([2, "Sun", null].map(cardMark)).toEqual([undefined, undefined, undefined]);
    expect(sharesOf("Solara 40% / Nyx 60%.")).toEqual([
      { member: "Solara", share: 40 },
      { member: "Nyx", share: 60 },
    ]);
    expect(sharesOf("none")).toEqual([{ member: "Atheism", share: 100 }]);
    expect(["War cards", "Sea (cards)", "Cards", " Sun "].map(sphereOf)).toEqual(["War", "Sea", "Cards", "Sun"]);
    const members = new Map([
      ["brann", "Brann"],
      ["bran", "Bran"],
      ["ysolde", "Ysolde"],
    ]);
    expect(nearMember("Ysold", members)).toBe("Ysolde");
    // Two members near: no guess.
    expect(nearMember("Brans", members)).toBeUndefined();
  });
});
