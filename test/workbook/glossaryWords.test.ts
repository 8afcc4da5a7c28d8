/**
 * One word per idea: the words each surface shows for an account (the pane, the command line, the
 * worksheets and the book's sheets, the session packet and its PDF, which prints the packet's
 * sheets, and the Campaign History) are the glossary's, and none shows an older name for them.
 * The Ledger's own headers are a contract and stay as they are; the glossary explains Carry.
 */
import * as fs from "fs";
import * as path from "path";
import { paymentTable } from "../../src/cli/centuryEnd";
import { usageOf } from "../../src/cli/args";
import { planPacket } from "../../src/workbook/actions/packet";
import type { SheetPlan } from "../../src/workbook/plan/layout";
import { BOOK_SHEETS, HISTORY_HEADERS, sheetNames, STORY_SHEETS } from "../../src/workbook/model/schema";
import { exampleTables } from "../support/campaigns";
import { Book } from "../support/book";

const root = path.resolve(__dirname, "..", "..");

/** The glossary's words: the first column of its table. */
function glossary(): Set<string> {
  const text = fs.readFileSync(path.join(root, "docs", "glossary.md"), "utf8");
  return new Set([...text.matchAll(/^\| ([^|]+?) \|/gm)].map((m) => m[1] ?? "").filter((w) => w !== "Word" && !/^-+$/.test(w)));
}

/** Words that name an account's figures: an older name for them is caught by the same test. */
const ACCOUNT = /carr|before|kept|earned|owe/i;
const OLD = /\bcarried (in|on)\b|account carries/i;

/** The example campaign with century 1 paid and an event credited, and its packet planned. */
function surfaces(): { sheets: SheetPlan[]; packet: readonly SheetPlan[] } {
  const book = new Book(exampleTables());
  const end = book.centuryEnd(1);
  const event = book.event("God obliterated");
  const packet = planPacket(book.read());
  expect(packet.sheets.length).toBeGreaterThan(0);
  return { sheets: [...(end.plan?.sheets ?? []), ...(event.plan?.sheets ?? [])], packet: packet.sheets };
}

/** Every text a sheet shows, cell by cell. */
const texts = (sheets: readonly SheetPlan[]) => sheets.flatMap((s) => s.rows.flat().map((c) => c?.value)).filter((v): v is string => typeof v === "string");

describe("the glossary is the one list of words for an account", () => {
  const words = glossary();
  const { sheets, packet } = surfaces();
  const sheet = (name: string) => sheets.find((s) => s.name === name) as SheetPlan;

  test("it has each word, Ledger's Carry explained, and the net figure named as net", () => {
    for (const w of ["Before", "Earned", "Paid", "Kept", "Owes", "Carry", "Earned (net)"]) expect([w, words.has(w)]).toEqual([w, true]);
  });

  test.each<[string, () => string[]]>([
    [
      "the command line's table of payments",
      () =>
        paymentTable([{ god: "Ares", carryIn: 0.5, earned: 1, paid: 1, carry: 0.5 }])
          .split("\n")[0]
          ?.split(/\s{2,}/) ?? [],
    ],
    [
      "the pane's table of payments",
      () => {
        const source = fs.readFileSync(path.join(root, "src", "taskpane", "render.ts"), "utf8");
        return [...(source.match(/const head = \[([^\]]*)\]/)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
      },
    ],
    ["the mana calculation sheet", () => texts([sheet(sheetNames(1).mana)])],
    ["the Distribution Points", () => texts([sheet(BOOK_SHEETS.points)])],
    ["the Campaign History", () => texts([sheet(STORY_SHEETS.history)])],
    ["the session packet (and so its PDF)", () => texts(packet)],
  ])("%s: each word for an account is the glossary's", (_, shown) => {
    const all = shown();
    expect(all.length).toBeGreaterThan(0);
    const named = all.filter((t) => t.length <= 20 && ACCOUNT.test(t));
    expect(named.length).toBeGreaterThan(0);
    for (const w of named) expect([w, words.has(w)]).toEqual([w, true]);
    expect(all.filter((t) => OLD.test(t))).toEqual([]);
  });

  test("Earned means one thing: the Campaign History's figure is net of what was lost, and says so", () => {
    expect(HISTORY_HEADERS).toContain("Earned (net)");
    expect(HISTORY_HEADERS).not.toContain("Earned");
    expect(texts([sheet(STORY_SHEETS.history)]).some((t) => t === "Earned (net): earned in the century, less the mana lost.")).toBe(true);
  });

  test("no surface, nor the command line's help, uses an older name", () => {
    expect(texts(sheets).filter((t) => OLD.test(t))).toEqual([]);
    expect(usageOf("").match(/account\s+carries|what\s+it\s+carries/g)).toBeNull();
    const docs = fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md") && f !== "glossary.md");
    for (const f of docs) expect([f, fs.readFileSync(path.join(root, "docs", f), "utf8").match(OLD)]).toEqual([f, null]);
  });
});
