/**
 * The Character Sheets of the session packet: one printed page for each character, to hand to its
 * player, with a manual page break before each, and the Laws and Oaths on a page of their own at
 * the end. The packet's planner (actions/packet.ts) reads the campaign into these pages; this
 * module only lays them out, on one grid of columns that prints one page wide.
 */
import { formatExact, toNumber, type Ratio } from "../../engine/exact";
import { PACKET_SHEETS } from "../model/schema";
import { carriedCell } from "./bookSheets";
import type { PlanCell, PlanValue, SheetPlan } from "./layout";
import { cell, heading, SheetBuilder, spanning } from "./worksheets";

/** A cell of a kept table as the workbook holds it: its text, number or yes/no (an error shows as its code). */
export type KeptValue = PlanValue;

/** A kept table's rows for one page: its headers and rows, the column naming the character left out on a character's page. */
export interface KeptSection {
  readonly table: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly KeptValue[])[];
}

/** One mana source a character earns from, with its multiplier and how the multiplier is made. */
export interface MultiplierLine {
  readonly source: string;
  /** the source's basis at a century's end ("worship"), or when it pays otherwise ("event", "era end") */
  readonly paid: string;
  readonly multiplier: Ratio;
  /** the parts that add up to it: "0.2 × 3 Hearth cards", "1 flat (Hearth)", "2 shared by 3 owners" */
  readonly parts: readonly string[];
}

/** A race's worship of a character: its worshipping strength (0 in turmoil) times the character's share. */
export interface WorshipLine {
  readonly race: string;
  readonly strength: number;
  readonly turmoil: boolean;
  /** the share as the Pantheon tools write it ("50%") */
  readonly share: string;
  readonly worshippers: Ratio;
}

/** What a character's account was credited, lost and paid in one century, all its credits together. */
export interface CenturyMana {
  readonly century: number;
  /** what its credits above 0 added to the account */
  readonly earned: Ratio;
  /** what its debits (and corrections below 0) took from it, as an amount above 0 */
  readonly lost: Ratio;
  readonly paid: number;
  /** what the account carried on after the century's last credit */
  readonly carry: Ratio;
}

/** One credit to a character's account, as the Ledger holds it (a debit's is below 0). */
export interface CreditLine {
  readonly century: number;
  readonly kind: string;
  readonly what: string | null;
  readonly earned: Ratio;
  readonly paid: number;
  /** what the account carried on after it (below 0: what it owes) */
  readonly carry: Ratio;
}

/** One character's page. */
export interface CharacterPage {
  readonly name: string;
  /** its Kind, or what the Demons pool is */
  readonly kind: string;
  /** its Player cell (null when empty); undefined when the Gods table has no Player column */
  readonly player?: string | null;
  /** its Mana cell, the mana it held when the last session ended (null when empty); undefined when the Gods table has no Mana column */
  readonly mana?: Ratio | null | "unreadable";
  /** for the Demons pool: the demons who share it */
  readonly demons?: readonly string[];
  /** what its account carries now, exactly (below 0: what it owes) */
  readonly carry: Ratio;
  /** every card held, by sphere; `waiting` of them earn from the next session only */
  readonly cards: readonly { readonly sphere: string; readonly cards: number; readonly waiting?: number }[];
  readonly sources: readonly MultiplierLine[];
  readonly worship: readonly WorshipLine[];
  /** its worshippers in all, as the century end counts them */
  readonly worshippers: Ratio;
  readonly centuries: readonly CenturyMana[];
  /** its latest credits, the latest last */
  readonly latest: readonly CreditLine[];
  readonly kept: readonly KeptSection[];
}

/** How many empty boxed rows each page keeps for the session's notes. */
export const NOTE_ROWS = 5;

/** The grid every page shares (characters): wide enough for a source's name, then numbers, then words. */
const WIDTHS = [26, 11, 11, 11, 11, 18] as const;
const COLUMNS = WIDTHS.length;

/** An exact amount as the book shows it: a number when a decimal shows it exactly, otherwise the fraction (1/3). */
function exactCell(r: Ratio, style: "decimal" | "mana"): PlanCell {
  const text = formatExact(r);
  return text.includes("/") ? cell(text, "fraction") : cell(toNumber(r), style);
}

/** A credit as the page names it: what kind of credit, and its event, reason or correction. */
function creditName(l: CreditLine): string {
  const what = l.what === null || l.what === "" ? "" : `: ${l.what}`;
  switch (l.kind) {
    case "century-end":
      return "Century end";
    case "era-end":
      return "End of the era";
    case "event":
      return `Event${what}`;
    case "debit":
      return `Mana lost${what}`;
    case "correction":
      return `Correction${what}`;
    case "opening":
      return `Brought in${what}`;
    default:
      return `${l.kind}${what}`;
  }
}

/** What an account carries, as the book says it: the amount, or "owes N" below 0. */
function carryCell(carry: Ratio): PlanCell {
  return carry.n < 0n ? cell(`owes ${formatExact({ n: -carry.n, d: carry.d })}`, "fraction") : carriedCell(carry);
}

/** A value of a kept table in a cell of the page: text stays text, shrunk to fit rather than cut off. */
function keptCell(value: KeptValue): PlanCell {
  if (typeof value === "number") return cell(value, "decimal");
  if (typeof value === "boolean") return cell(value ? "yes" : "no", "shrunk");
  return cell(value, "shrunk");
}

/**
 * A kept table on the grid: up to as many columns as the grid has (the last one holding the rest,
 * "Header: value; …"), the column with the longest text taking the columns left over.
 */
function keptTable(b: SheetBuilder, section: KeptSection): void {
  b.add(cell(section.table, "section"));
  let headers = [...section.headers];
  let rows = section.rows.map((r) => [...r]);
  if (headers.length > COLUMNS) {
    const rest = headers.slice(COLUMNS - 1);
    headers = [...headers.slice(0, COLUMNS - 1), rest.join(", ")];
    rows = rows.map((r) => [
      ...r.slice(0, COLUMNS - 1),
      rest
        .map((h, i) => ({ h, v: r[COLUMNS - 1 + i] ?? null }))
        .filter((x) => x.v !== null && x.v !== "")
        .map((x) => `${x.h}: ${String(x.v)}`)
        .join("; "),
    ]);
  }
  const length = (v: KeptValue | undefined) => (v === null || v === undefined ? 0 : String(v).length);
  const longest = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => length(r[i]))));
  // The columns left over go one by one to the column whose text is longest for its width.
  const spans = headers.map(() => 1);
  const widthOf = (i: number) => {
    const from = spans.slice(0, i).reduce((a, x) => a + x, 0);
    return WIDTHS.slice(from, from + (spans[i] ?? 1)).reduce((a: number, w) => a + w, 0);
  };
  while (spans.reduce((a, x) => a + x, 0) < COLUMNS) {
    let most = 0;
    spans.forEach((_, i) => {
      if ((longest[i] ?? 0) / widthOf(i) > (longest[most] ?? 0) / widthOf(most)) most = i;
    });
    spans[most] = (spans[most] ?? 1) + 1;
  }
  b.add(...headers.map((h, i) => spanning(cell(h, "header"), spans[i] ?? 1)));
  for (const r of rows) b.add(...headers.map((_, i) => spanning(keptCell(r[i] ?? null), spans[i] ?? 1)));
}

/** A character's facts, two to a row: a label and its value, then a label over two columns and its value. */
function facts(b: SheetBuilder, page: CharacterPage): void {
  const pairs: [string, PlanCell][] = [["Kind", cell(page.kind, "shrunk")]];
  if (page.player !== undefined) pairs.push(["Player", cell(page.player, "shrunk")]);
  if (page.demons !== undefined) pairs.push(["Demons", cell(page.demons.length === 0 ? "(none in the Gods table)" : page.demons.join(", "), "shrunk")]);
  if (page.mana !== undefined) {
    const mana = page.mana === "unreadable" ? cell("(unreadable)", "missing") : page.mana === null ? cell(null, "text") : exactCell(page.mana, "decimal");
    pairs.push(["Mana held", mana]);
  }
  pairs.push(["Kept", carryCell(page.carry)]);
  for (let i = 0; i < pairs.length; i += 2) {
    const [first, second] = [pairs[i], pairs[i + 1]];
    if (first === undefined) break;
    const row: (PlanCell | PlanCell[])[] = [cell(first[0], "header"), spanning(first[1], 2)];
    if (second !== undefined) row.push(spanning(cell(second[0], "header"), 2), second[1]);
    b.add(...row);
  }
}

function characterPage(b: SheetBuilder, page: CharacterPage): void {
  b.add(cell(page.name, "character"));
  facts(b, page);
  b.blank();

  b.add(cell("Cards", "section"));
  if (page.cards.length === 0) b.add(cell("No cards in any sphere.", "note"));
  else {
    const later = page.cards.some((c) => (c.waiting ?? 0) > 0);
    if (later) b.headers("Sphere", "Cards", "From next session");
    else b.headers("Sphere", "Cards");
    for (const c of page.cards) {
      const waiting = c.waiting ?? 0;
      b.add(cell(c.sphere, "text"), cell(c.cards, "integer"), ...(later ? [waiting === 0 ? cell(null, "text") : cell(waiting, "integer")] : []));
    }
  }
  b.blank();

  b.add(cell("Mana sources and multipliers", "section"));
  if (page.sources.length === 0) b.add(cell("No mana source pays it.", "note"));
  else {
    b.add(cell("Source", "header"), cell("Multiplier", "header"), spanning(cell("Made of", "header"), COLUMNS - 2));
    for (const s of page.sources) {
      b.add(
        cell(`${s.source} (${s.paid})`, "text"),
        cell(`×${formatExact(s.multiplier)}`, "fraction"),
        spanning(cell(`= ${s.parts.join(" + ")}`, "shrunk"), COLUMNS - 2),
      );
    }
  }
  b.blank();

  b.add(cell("Worshippers", "section"));
  if (page.worship.length === 0) b.add(cell("No race worships it.", "note"));
  else {
    b.headers("Race", "Strength", "Share", "Worshippers");
    for (const w of page.worship) {
      b.add(
        cell(w.race, "text"),
        cell(w.strength, "integer"),
        cell(w.share, "fraction"),
        exactCell(w.worshippers, "decimal"),
        ...(w.turmoil ? [spanning(cell("in turmoil: worships nobody", "missing"), 2)] : []),
      );
    }
    const all = exactCell(page.worshippers, "decimal");
    b.add(cell("All races", "total"), cell(null, "total"), cell(null, "total"), { ...all, style: all.style === "fraction" ? "total" : "totalDecimal" });
  }
  b.blank();

  b.add(cell("Mana by century", "section"));
  if (page.centuries.length === 0) b.add(cell("Nothing credited yet.", "note"));
  else {
    // The Lost column only on the page of a character that lost mana.
    const lost = page.centuries.some((c) => c.lost.n !== 0n) || page.latest.some((l) => l.earned.n < 0n);
    b.headers("Century", "Earned", ...(lost ? ["Lost"] : []), "Paid", "Kept");
    for (const c of page.centuries) {
      b.add(
        cell(c.century, "integer"),
        exactCell(c.earned, "mana"),
        ...(lost ? [c.lost.n === 0n ? cell(null, "text") : exactCell(c.lost, "mana")] : []),
        cell(c.paid, "integer"),
        carryCell(c.carry),
      );
    }
    if (page.latest.length > 0) {
      b.blank();
      b.add(cell("Latest credits", "section"));
      b.headers("Credit", "Century", "Earned", ...(lost ? ["Lost"] : []), "Paid", "Kept");
      for (const l of page.latest) {
        const taken = l.earned.n < 0n;
        const amount = exactCell(taken ? { n: -l.earned.n, d: l.earned.d } : l.earned, "mana");
        b.add(
          cell(creditName(l), "shrunk"),
          cell(l.century, "integer"),
          taken ? cell(null, "text") : amount,
          ...(lost ? [taken ? amount : cell(null, "text")] : []),
          cell(l.paid, "integer"),
          carryCell(l.carry),
        );
      }
    }
    // What the columns mean, for a player reading the page alone.
    b.add(cell("Earned: mana credited to the account, exactly. Paid: the whole mana handed out.", "note"));
    b.add(cell("Kept: the fraction kept for the next credit; owes: a debt paid first from the next.", "note"));
  }
  for (const k of page.kept) {
    b.blank();
    keptTable(b, k);
  }
  b.blank();
  b.add(cell("Notes for this session", "section"));
  for (let i = 0; i < NOTE_ROWS; i++) b.add(spanning(cell(null, "text"), COLUMNS));
}

/** The Character Sheets for the century in play: a page per character, then the Laws and Oaths (when the workbook keeps either). */
export function characterSheets(pages: readonly CharacterPage[], common: readonly KeptSection[], inPlay: number): SheetPlan {
  const b = new SheetBuilder();
  const name = PACKET_SHEETS.characters;
  heading(b, name, `Century ${inPlay} in play: a page for each character, to hand to its player.`);
  const breaks: number[] = [];
  pages.forEach((page, i) => {
    if (i > 0) breaks.push(b.next);
    characterPage(b, page);
  });
  if (pages.length === 0) b.add(cell("The Gods table has no characters yet.", "note"));
  if (common.length > 0) {
    if (pages.length > 0) breaks.push(b.next);
    b.add(cell("Laws and Oaths", "character"));
    for (const k of common) {
      b.blank();
      keptTable(b, k);
      if (k.rows.length === 0) b.add(cell(`The ${k.table} table has no rows yet.`, "note"));
    }
  }
  const sheet = b.sheet(name, WIDTHS, `Century ${inPlay} in play`, 0);
  // A page's header holds one text for the whole sheet: the sheet's name; each page names its character in its first row.
  // At 100%, not fitted to the page's width: Excel ignores manual page breaks under Fit To. The
  // columns fit a page at 100% (printSetup turns the page when they would not).
  return { ...sheet, print: { ...sheet.print, header: name, scale: 100 }, pageBreaks: breaks };
}
