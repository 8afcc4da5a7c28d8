/**
 * A rename writes only a name the reader takes back, and writes it everywhere a character is
 * named: the reader's rules at the writer's door (model/names.ts), and one list of the columns
 * that name a character (schema CHARACTER_COLUMNS).
 */
import { planRename } from "../../src/workbook/actions/rename";
import { applyEdits } from "../../src/workbook/plan/edits";
import { afterCenturyEnd } from "../../src/workbook/plan/after";
import { readCampaign } from "../../src/workbook/read/campaign";
import { readHistory } from "../../src/workbook/read/history";
import { errorsIn, describeProblem } from "../../src/workbook/model/problems";
import { CHARACTER_COLUMNS, KEPT_OWNER_COLUMNS, READ_TABLES, SOURCES, SOURCES_OWNERS, STORY_SHEETS } from "../../src/workbook/model/schema";
import { characterNameProblem, NAME_LENGTH } from "../../src/workbook/model/names";
import type { RawWorkbook } from "../../src/workbook/model/raw";
import { Book } from "../support/book";
import { edit, exampleTables } from "../support/campaigns";

/** The example campaign after century 1, with a joint source, a session, and each kept table naming Vorn. */
function campaign(): Book {
  const tables = edit((t) => {
    const sources = t.Sources ?? [];
    sources[0] = [...(sources[0] ?? []), "Owners"];
    for (let i = 1; i < sources.length; i++) sources[i] = [...(sources[i] ?? []), null];
    sources.push(["War", "Demesne of the Two", "count", 1, "yes", null, "era-end", null, "Vorn, Solara"]);
    t.Sessions = [
      ["Date", "Century", "God", "Mana"],
      ["2026-11-20", 1, "Vorn", 12],
    ];
    t.Artifacts = [
      ["Artifact", "Owner"],
      ["The Iron Crown", "Vorn"],
    ];
    t.Demesnes = [
      ["Demesne", "God"],
      ["The Anvil", "Vorn"],
    ];
    t.Laws = [
      ["Law", "God"],
      ["No war in winter", "Vorn"],
    ];
    t.Oaths = [
      ["Oath", "God"],
      ["To Solara", "Vorn"],
    ];
  }, exampleTables());
  const book = new Book(tables);
  book.centuryEnd(1);
  return book;
}

const errors = (raw: RawWorkbook, from: string, to: string) => errorsIn(planRename(raw, from, to).problems).map(describeProblem);

describe("the reader's rules at the writer's door", () => {
  const raw = () => campaign().raw();

  test.each([
    ["a comma", "Ostra, Mother of Tides", /cannot hold a comma or a semicolon: they separate the owners of a source held jointly/],
    ["a semicolon", "Ostra; of the Tides", /cannot hold a comma or a semicolon/],
    ["1,000 characters", "V".repeat(1000), /has 1,000 characters; a name or word in a table is at most 200/],
    ["U+FFFE", "Vor\uFFFEn", /holds a character no workbook can keep \(U\+FFFE/],
    ["U+FFFF", "Vorn\uFFFF", /holds a character no workbook can keep \(U\+FFFF/],
    ["half an emoji", "Vorn\uD83D", /holds a character no workbook can keep \(U\+D83D/],
    ["an escape sequence", "Vorn\u001b[2J", /holds a character no workbook can keep \(U\+001B/],
    ["nobody", "Nobody", /"nobody" is the game's own word \(an Owners cell says it when no owner is left\)/],
    ["Atheism", "atheism", /"Atheism" is the game's own word/],
    ["nothing", "   ", /the name must be written/],
  ])("%s: refused, nothing planned", (_, name, message) => {
    const outcome = planRename(raw(), "Vorn", name);
    expect(outcome.plan).toBeUndefined();
    expect(errors(raw(), "Vorn", name).join(" ")).toMatch(message);
  });

  test("the same name: nothing to rename, nothing written", () => {
    expect(errors(raw(), "Vorn", "Vorn")).toEqual(["Gods table: Vorn is called that already: there is nothing to rename."]);
  });

  test("a name that fits alone but not in a joint source's Owners cell is refused, naming the cell", () => {
    const long = "V".repeat(195);
    expect(characterNameProblem(long)).toBeUndefined();
    expect(errors(raw(), "Vorn", long)).toEqual([
      `Sources table, row ${(campaign().tables.Sources?.length ?? 0) - 1 + 1}, column Owners: the Owners cell would then hold ${195 + ", Solara".length} characters, more than the ${NAME_LENGTH} a cell may: choose a shorter name.`,
    ]);
  });

  test("right-to-left letters and an emoji are names like any other", () => {
    for (const name of ["فورن", "Vorn 🔥", "ヴォルン"]) expect(errors(raw(), "Vorn", name)).toEqual([]);
  });
});

describe("a rename means everywhere", () => {
  test("every table and column that names a character is on the schema's list", () => {
    // A column that names a character: God, Member (a pantheon's), Owner or Owners.
    const naming = new Set(["god", "member", "owner", "owners"]);
    const columns = READ_TABLES.flatMap((t) => t.columns.filter((c) => naming.has(c.header.toLowerCase())).map((c) => `${t.name}.${c.header}`));
    const listed = new Set(CHARACTER_COLUMNS.map((c) => `${c.table}.${c.column}`));
    expect(columns.filter((c) => !listed.has(c))).toEqual([]);
    // The columns only some workbooks have are on it too.
    expect(listed.has(`${SOURCES.name}.${SOURCES_OWNERS}`)).toBe(true);
    for (const owner of KEPT_OWNER_COLUMNS) expect(listed.has(`Artifacts.${owner}`)).toBe(true);
  });

  test("the Gods, Cards, Pantheon, Ledger, Owners, Sessions and kept tables change, and the History with its Charts", () => {
    const book = campaign();
    const raw = book.raw();
    const outcome = planRename(raw, "Vorn", "Vornir");
    expect(errorsIn(outcome.problems)).toEqual([]);
    expect(outcome.changed.map((c) => c.table).sort()).toEqual(
      ["Artifacts", "Campaign History", "Cards", "Demesnes", "Gods", "Laws", "Ledger", "Oaths", "Pantheon", "Sessions", "Sources"].sort(),
    );
    const after = applyEdits(raw, outcome.edits);
    const cell = (table: string, column: string) => {
      const t = after.tables.get(table.toLowerCase());
      const at = t?.headers.indexOf(column) ?? -1;
      return t?.rows.map((r) => r[at]);
    };
    expect(cell("Sources", "Owners")).toContain("Vornir, Solara");
    expect(cell("Sessions", "God")).toEqual(["Vornir"]);
    expect(cell("Artifacts", "Owner")).toEqual(["Vornir"]);
    expect(cell("Oaths", "God")).toEqual(["Vornir"]);
    if (outcome.plan === undefined) throw new Error("no plan");
    const written = afterCenturyEnd(after, outcome.plan, true);
    const history = readHistory(written.generatedCells?.get(STORY_SHEETS.history));
    expect(history.filter((r) => r.kind === "mana").map((r) => r.name)).toContain("Vornir");
    expect(history.some((r) => r.name === "Vorn")).toBe(false);
    // The Charts draw the renamed god as one line, under its new name.
    const charts = outcome.plan.sheets.find((s) => s.name === STORY_SHEETS.charts);
    const headers = charts?.rows.flatMap((r) => r.map((c) => c?.value)) ?? [];
    expect(headers).toContain("Vornir");
    expect(headers).not.toContain("Vorn");
    // The reader takes the workbook back whole.
    expect(errorsIn(readCampaign(written).problems).map(describeProblem)).toEqual([]);
  });
});
