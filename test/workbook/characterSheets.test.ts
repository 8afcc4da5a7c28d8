/**
 * The session packet's Character Sheets: a page per character, each beginning with a manual page
 * break and the character's name.
 *
 * By hand, the hand-worked campaign (test/support/campaigns.ts) after the end of century 1, Ares's page:
 *   Kind greater; its account carries 0.6 (22.6 earned, 22 paid).
 *   Cards: War 2, Hearth 1.
 *   Multipliers: Battle dead (deaths) 0.5 × 2 War cards = 1; Faithful (worship) 0.1 × 2 War cards
 *   + 0.2 × 1 Hearth card = 0.4; Hearths (count) 1 flat (Hearth) = 1; Feast (an event) 3 × 1
 *   Hearth card = 3.
 *   Worshippers: Achaeans strength 20 + 3 = 23 at 50% = 11.5; Amazons 10 at 100%, but in turmoil:
 *   0; 11.5 in all, the count its Faithful source was paid on (11.5 × 0.4 = 4.6).
 *   Century 1: earned 14 + 4.6 + 4 = 22.6, paid 22, carried on 0.6.
 * Hestia: Hearth 3 → Faithful ×0.6 = 0.2 × 3 Hearth cards; worshippers 6.9 + 27 = 33.9.
 */
import { planDebit } from "../../src/workbook/actions/debit";
import { planPacket, type PacketOutcome } from "../../src/workbook/actions/packet";
import { add, fromNumber, toNumber, ZERO, type Ratio } from "../../src/engine/exact";
import { describeProblem, errorsIn, warningsIn } from "../../src/workbook/model/problems";
import { PACKET_SHEETS } from "../../src/workbook/model/schema";
import { NOTE_ROWS } from "../../src/workbook/plan/characters";
import { PRINTABLE_WIDTH, printedWidth, type PlanCell, type SheetPlan } from "../../src/workbook/plan/layout";
import { readCampaign } from "../../src/workbook/read/campaign";
import { Book } from "../support/book";
import { edit, exampleTables, handWorked, rawWorkbook, type Tables } from "../support/campaigns";

function packet(read: ReturnType<Book["read"]>): { outcome: PacketOutcome; sheet: SheetPlan } {
  const outcome = planPacket(read);
  expect(errorsIn(outcome.problems).map(describeProblem)).toEqual([]);
  const sheet = outcome.sheets.find((s) => s.name === PACKET_SHEETS.characters);
  if (sheet === undefined) throw new Error("no Character Sheets");
  return { outcome, sheet };
}

/** The hand-worked campaign after the end of century 1. */
function afterCentury1(tables: Tables = handWorked()): Book {
  const book = new Book(tables);
  book.centuryEnd(1);
  return book;
}

const values = (rows: readonly (readonly (PlanCell | null)[])[]) => rows.map((r) => r.map((c) => c?.value ?? null));

/** The rows of one character's page: from its name to the row before the next page (or the end). */
function page(sheet: SheetPlan, name: string): (PlanCell | null)[][] {
  const top = sheet.rows.findIndex((r) => r[0]?.value === name && r[0].style === "character");
  if (top < 0) throw new Error(`no page for ${name}`);
  const next = (sheet.pageBreaks ?? []).find((b) => b - 1 > top) ?? sheet.rows.length + 1;
  return sheet.rows.slice(top, next - 1).map((r) => [...r]);
}

/** The rows of a page's section, from its title to the blank row after it. */
function section(rows: readonly (readonly (PlanCell | null)[])[], title: string): unknown[][] {
  const at = rows.findIndex((r) => r[0]?.value === title && r[0].style === "section");
  if (at < 0) throw new Error(`no section ${title}`);
  const end = rows.findIndex((r, i) => i > at && r.length === 0);
  return values(rows.slice(at + 1, end < 0 ? rows.length : end));
}

describe("the Character Sheets", () => {
  test("Ares after the end of century 1, worked by hand", () => {
    const { sheet } = packet(afterCentury1().read());
    const ares = page(sheet, "Ares");
    expect(values(ares.slice(0, 2))).toEqual([["Ares"], ["Kind", "greater", null, "Kept", null, 0.6]]);
    expect(section(ares, "Cards")).toEqual([
      ["Sphere", "Cards"],
      ["War", 2],
      ["Hearth", 1],
    ]);
    expect(section(ares, "Mana sources and multipliers")).toEqual([
      ["Source", "Multiplier", "Made of", null, null, null],
      ["Battle dead (deaths)", "×1", "= 0.5 × 2 War cards", null, null, null],
      ["Faithful (worship)", "×0.4", "= 0.1 × 2 War cards + 0.2 × 1 Hearth card", null, null, null],
      ["Hearths (count)", "×1", "= 1 flat (Hearth)", null, null, null],
      ["Feast (event)", "×3", "= 3 × 1 Hearth card", null, null, null],
    ]);
    expect(section(ares, "Worshippers")).toEqual([
      ["Race", "Strength", "Share", "Worshippers"],
      ["Achaeans", 23, "50%", 11.5],
      ["Amazons", 10, "100%", 0, "in turmoil: worships nobody", null],
      ["All races", null, null, 11.5],
    ]);
    expect(section(ares, "Mana by century")).toEqual([
      ["Century", "Earned", "Paid", "Kept"],
      [1, 22.6, 22, 0.6],
    ]);
    // Each credit named, with what the account carried on after it; then what the columns mean.
    expect(section(ares, "Latest credits")).toEqual([
      ["Credit", "Century", "Earned", "Paid", "Kept"],
      ["Century end", 1, 22.6, 22, 0.6],
      ["Earned: mana credited to the account, exactly. Paid: the whole mana handed out."],
      ["Kept: the fraction kept for the next credit; owes: a debt paid first from the next."],
    ]);
    // The notes' box: empty rows, each one merged cell boxed across the page.
    const notes = section(ares, "Notes for this session");
    expect(notes).toHaveLength(NOTE_ROWS);
    expect(notes.every((r) => r.every((v) => v === null))).toBe(true);
    const box = ares.at(-1)?.[0];
    expect(box).toEqual({ value: null, style: "text", span: 6 });
  });

  test("Hestia's multiplier and worshippers, and the Demons pool on a page of its own", () => {
    const { sheet } = packet(afterCentury1().read());
    const hestia = page(sheet, "Hestia");
    expect(section(hestia, "Mana sources and multipliers")[1]).toEqual(["Faithful (worship)", "×0.6", "= 0.2 × 3 Hearth cards", null, null, null]);
    expect(section(hestia, "Worshippers").at(-1)).toEqual(["All races", null, null, 33.9]);
    expect(section(hestia, "Mana by century")[1]).toEqual([1, 24.34, 24, 0.34]);
    // The pool: who shares it, Diabolism's worshippers (23 × 20% = 4.6) and its account.
    const demons = page(sheet, "Demons");
    expect(values(demons.slice(1, 3))).toEqual([
      ["Kind", "the demons' shared pool", null, "Demons", null, "Lilith"],
      ["Kept", 0.85, null],
    ]);
    expect(section(demons, "Worshippers")).toEqual([
      ["Race", "Strength", "Share", "Worshippers"],
      ["Achaeans", 23, "20%", 4.6],
      ["All races", null, null, 4.6],
    ]);
    // Lilith is a demon: no page of her own.
    expect(sheet.rows.some((r) => r[0]?.value === "Lilith" && r[0].style === "character")).toBe(false);
  });

  test("a page per character, each after a manual page break, the sheet's name in the page header", () => {
    const { sheet } = packet(afterCentury1().read());
    const names = sheet.rows.filter((r) => r[0]?.style === "character").map((r) => r[0]?.value);
    expect(names).toEqual(["Ares", "Hestia", "Demons"]);
    // The first page starts with the sheet's title; each other character begins a page.
    expect(values(sheet.rows.slice(0, 1))).toEqual([["Character Sheets"]]);
    const starts = sheet.rows.map((r, i) => (r[0]?.style === "character" ? i + 1 : 0)).filter((n) => n > 0);
    expect(sheet.pageBreaks).toEqual(starts.slice(1));
    expect(sheet.print).toMatchObject({ header: "Character Sheets", titleRows: 0, pagesWide: 1, orientation: "portrait" });
    expect(sheet.print.footer).toEqual({ left: "Century 2 in play", center: "Character Sheets", right: "Page {page} of {pages}" });
    expect(printedWidth(sheet.columnWidths)).toBeLessThanOrEqual(PRINTABLE_WIDTH.portrait);
  });

  test("the example after two centuries and two events: every god has a page, its mana by century as the Ledger has it", () => {
    const book = new Book(exampleTables());
    book.centuryEnd(1);
    book.event("Race destroyed");
    book.event("God obliterated");
    book.centuryEnd(2);
    const { sheet, outcome } = packet(book.read());
    const gods = ["Solara", "Vorn", "Mirelle", "Kettu"];
    expect(sheet.rows.filter((r) => r[0]?.style === "character").map((r) => r[0]?.value)).toEqual([...gods, "Demons"]);
    expect(outcome.characters.map((c) => c.name)).toEqual([...gods, "Demons"]);
    // From the Ledger itself: each god's rows summed by century.
    const [headers = [], ...ledger] = book.tables.Ledger ?? [];
    const col = (h: string) => headers.indexOf(h);
    for (const god of [...gods, "Demons"]) {
      const rows = ledger.filter((r) => r[col("God")] === god);
      const centuries = [...new Set(rows.map((r) => Number(r[col("Century")])))];
      const expected = centuries.map((c) => {
        const of = rows.filter((r) => Number(r[col("Century")]) === c);
        const earned = of.reduce<Ratio>((s, r) => add(s, fromNumber(Number(r[col("Earned")]))), ZERO);
        const paid = of.reduce((s, r) => s + Number(r[col("Paid")]), 0);
        return [c, toNumber(earned), paid, Number(of.at(-1)?.[col("Carry")])];
      });
      expect(centuries.length).toBeGreaterThan(0);
      expect(section(page(sheet, god), "Mana by century").slice(1)).toEqual(expected);
      // The latest credits: the Ledger's last rows of its account, at most 5.
      const latest = section(page(sheet, god), "Latest credits").slice(1, -2);
      const named: Record<string, string> = { "century-end": "Century end", event: "Event" };
      const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
      expect(latest).toEqual(
        rows
          .slice(-5)
          .map((r) => [
            `${named[text(r[col("Kind")])] ?? ""}${text(r[col("What")]) === "" ? "" : `: ${text(r[col("What")])}`}`,
            r[col("Century")],
            r[col("Earned")],
            r[col("Paid")],
            r[col("Carry")],
          ]),
      );
    }
  });

  test("Player and Mana when the Gods table has them (an empty cell left empty); left out when it has not", () => {
    const tables = edit((t) => {
      t.Gods = [
        ["God", "Kind", "Player", "Mana"],
        ["Ares", "greater", "Dana", 12],
        ["Hestia", "lesser", null, null],
        ["Lilith", "demon", "Sam", 3],
      ];
    });
    const { sheet } = packet(afterCentury1(tables).read());
    expect(values(page(sheet, "Ares").slice(1, 3))).toEqual([
      ["Kind", "greater", null, "Player", null, "Dana"],
      ["Mana held", 12, null, "Kept", null, 0.6],
    ]);
    expect(values(page(sheet, "Hestia").slice(1, 3))).toEqual([
      ["Kind", "lesser", null, "Player", null, null],
      ["Mana held", null, null, "Kept", null, 0.34],
    ]);
    const plain = packet(afterCentury1().read()).sheet;
    expect(
      page(plain, "Ares")
        .flat()
        .some((c) => c?.value === "Player" || c?.value === "Mana held"),
    ).toBe(false);
  });

  test("an account that owes says so; a third of a jointly held source is shown as a fraction", () => {
    const book = afterCentury1(
      edit((t) => {
        t.Sources = (t.Sources ?? []).map((r, i) => (i === 0 ? [...r, "Owners"] : [...r, null]));
        t.Sources.push(["Hearth", "Shrine", "count", 1, "no", null, null, "Ares, Hestia, Demons"]);
        t.Counts?.push([1, "Shrine", 3]);
      }),
    );
    const debit = planDebit(book.read(), "Ares", 5, "a power gone wrong");
    expect(errorsIn(debit.problems)).toEqual([]);
    book.write(debit.plan);
    const { sheet } = packet(book.read());
    const ares = page(sheet, "Ares");
    // Century 1 paid 22 + 1 (the shrine's third of 3) = 23 and carried 0.6; the debit of 5 leaves it owing 4.4.
    expect(values(ares.slice(1, 2))).toEqual([["Kind", "greater", null, "Kept", null, "owes 4.4"]]);
    expect(section(ares, "Mana sources and multipliers")).toContainEqual(["Shrine (count)", "×1/3", "= 1 ÷ 3 joint owners", null, null, null]);
    // The debit is mana lost, in a column of its own, not earned below 0.
    expect(section(ares, "Mana by century")).toEqual([
      ["Century", "Earned", "Lost", "Paid", "Kept"],
      [1, 23.6, null, 23, 0.6],
      [2, 0, 5, 0, "owes 4.4"],
    ]);
    expect(section(ares, "Latest credits").slice(0, -2)).toEqual([
      ["Credit", "Century", "Earned", "Lost", "Paid", "Kept"],
      ["Century end", 1, 23.6, null, 23, 0.6],
      ["Mana lost: a power gone wrong", 2, null, 5, 0, "owes 4.4"],
    ]);
    // Paid back: century 2's 9.6 pays the 4.4 owed first; of the 5.2 left, 5 reach the box and 0.2 carries on.
    book.centuryEnd(2);
    const after = page(packet(book.read()).sheet, "Ares");
    expect(section(after, "Mana by century").at(-1)).toEqual([2, 9.6, 5, 5, 0.2]);
    expect(section(after, "Latest credits").at(-3)).toEqual(["Century end", 2, 9.6, null, 5, 0.2]);
  });

  test("the kept tables: rows naming a character on its page without that column, a demon's on the pool's page, Laws and Oaths on a page at the end", () => {
    const tables = edit((t) => {
      t.Artifacts = [
        ["Artifact", " owner ", "Charges", "Cursed", null],
        ["Spear of Dawn", "ares", 3, true, "a note without a header"],
        ["Veil", "Lilith", null, false, null],
        [null, null, null, null, null],
        ["Crown", "Zeuss", 1, false, null],
        ["Lost Lyre", null, null, null, null],
      ];
      t.Laws = [
        ["Law", "Passed", "By"],
        ["No duels in the Hall of Feasts", 1, "Hestia"],
      ];
      t.Oaths = [
        ["God", "Sworn to", "Oath", "Until", "Witness", "Kept", "Broken", "Note"],
        ["Hestia", "Ares", "To keep the hearth", "century 4", "Lilith", "yes", "no", "sworn at dawn"],
      ];
    });
    const { sheet, outcome } = packet(afterCentury1(tables).read());
    const ares = page(sheet, "Ares");
    expect(section(ares, "Artifacts")).toEqual([
      ["Artifact", "Charges", "Cursed", "Column 5", null, null],
      ["Spear of Dawn", 3, "yes", "a note without a header", null, null],
    ]);
    // The pool's page keeps the Owner column: it says which demon holds the row.
    expect(section(page(sheet, "Demons"), "Artifacts")).toEqual([
      ["Artifact", "owner", "Charges", "Cursed", "Column 5", null],
      ["Veil", "Lilith", null, "no", null, null],
    ]);
    // An oath of more columns than the page has: the last holds the rest.
    expect(section(page(sheet, "Hestia"), "Oaths")).toEqual([
      ["Sworn to", "Oath", "Until", "Witness", "Kept", "Broken, Note"],
      ["Ares", "To keep the hearth", "century 4", "Lilith", "yes", "Broken: no; Note: sworn at dawn"],
    ]);
    // The Laws name no character in a God or Owner column: they are on the last page only.
    expect(() => section(page(sheet, "Hestia"), "Laws")).toThrow("no section Laws");
    const common = page(sheet, "Laws and Oaths");
    expect(section(common, "Laws")).toEqual([
      ["Law", null, null, null, "Passed", "By"],
      ["No duels in the Hall of Feasts", null, null, null, 1, "Hestia"],
    ]);
    expect(section(common, "Oaths")[0]).toEqual(["God", "Sworn to", "Oath", "Until", "Witness", "Kept, Broken, Note"]);
    expect((sheet.pageBreaks ?? []).at(-1)).toBe(sheet.rows.findIndex((r) => r[0]?.value === "Laws and Oaths") + 1);
    // A row naming nobody the Gods table knows: a warning naming its row, not an error; a row naming nobody at all is nobody's.
    expect(warningsIn(outcome.problems.filter((p) => p.table === "Artifacts")).map(describeProblem)).toEqual([
      'Artifacts table, row 5, column owner: "Zeuss" is not a character of the Gods table, so this row is on no character\'s sheet.',
    ]);
    // A century has ended: the Charts come with the packet.
    expect(outcome.sheets.map((s) => s.name)).toEqual(["Earth Summary", "Character Sheets", "Charts"]);
  });

  test("no kept table: no Laws and Oaths page, no section of theirs, nothing said", () => {
    const { sheet, outcome } = packet(afterCentury1().read());
    expect(sheet.rows.some((r) => r[0]?.value === "Laws and Oaths")).toBe(false);
    expect(sheet.pageBreaks).toHaveLength(2);
    expect(outcome.problems.some((p) => ["Artifacts", "Demesnes", "Laws", "Oaths"].includes(p.table))).toBe(false);
  });

  test("names that look like formulas stay text, on the page and in the kept tables", () => {
    const hostile = '=HYPERLINK("x")';
    const tables = edit((t) => {
      for (const table of Object.values(t)) for (const r of table) r.forEach((v, i) => v === "Ares" && (r[i] = hostile));
      t.Demesnes = [
        ["God", "Demesne"],
        [hostile, "+Olympus"],
      ];
    });
    const { sheet } = packet(afterCentury1(tables).read());
    const top = page(sheet, hostile);
    expect(top[0]?.[0]).toEqual({ value: hostile, style: "character" });
    expect(section(top, "Demesnes")).toEqual([
      ["Demesne", null, null, null, null, null],
      ["+Olympus", null, null, null, null, null],
    ]);
    expect(sheet.rows.flat().some((c) => c?.formula !== undefined)).toBe(false);
  });

  test("refused, nothing planned: an error in the Cards table, or a sheet of the gamemaster's named Character Sheets", () => {
    const bad = planPacket(readCampaign(rawWorkbook(edit((t) => ((t.Cards as unknown[][])[1] = ["Ares", "War", "two"])))));
    expect(bad.sheets).toEqual([]);
    expect(errorsIn(bad.problems).map(describeProblem)).toEqual([expect.stringMatching(/^Cards table, row 2, column Cards/)]);
    const raw = rawWorkbook(handWorked());
    const mine = planPacket(
      readCampaign({ ...raw, sheetNames: [...raw.sheetNames, "Character Sheets"], sheetTitles: new Map([["Character Sheets", "Who plays whom"]]) }),
    );
    expect(mine.sheets).toEqual([]);
    expect(errorsIn(mine.problems).map(describeProblem)).toEqual([expect.stringMatching(/a sheet "Character Sheets" that the add-in did not make/)]);
  });
});
