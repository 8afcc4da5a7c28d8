/** The campaign's input tables and their columns, as fixed in shared/WORKBOOK.md. */

export interface ColumnSpec {
  readonly header: string;
  readonly required: boolean;
}

export interface TableSpec {
  readonly name: string;
  readonly columns: readonly ColumnSpec[];
  /** what one row is, for the empty tables `gods init` writes */
  readonly about: string;
}

const req = (header: string): ColumnSpec => ({ header, required: true });
const opt = (header: string): ColumnSpec => ({ header, required: false });

export const INPUT_TABLES: readonly TableSpec[] = [
  { name: "Gods", columns: [req("God"), opt("Kind")], about: "a character who can receive mana (Kind: greater, lesser, spirit, demon)" },
  { name: "Cards", columns: [req("God"), req("Sphere"), req("Cards")], about: "cards a god (or Demons) holds in a sphere" },
  {
    name: "Sources",
    columns: [req("Sphere"), req("Source"), req("Basis"), req("Rate"), opt("Flat"), opt("Cause"), opt("Timing")],
    about: "a mana source of a sphere, rate per card (Basis: worship, diabolism, deaths, count)",
  },
  {
    name: "Races",
    columns: [req("Race"), req("Units"), opt("Cities"), opt("Great Cities"), opt("Culture"), opt("Turmoil")],
    about: "a mortal race; Turmoil yes if in religious turmoil at any time this century",
  },
  { name: "Pantheon", columns: [req("Race"), req("Member"), req("Share")], about: "a member's share of a race's worship (a god, Diabolism or Atheism)" },
  { name: "Deaths", columns: [req("Century"), req("Cause"), req("Units"), opt("Race"), opt("Note")], about: "mortal units that died, by cause" },
  { name: "Counts", columns: [req("Century"), req("Source"), req("Count")], about: "the count of a count-basis source for a century" },
];

export const LEDGER: TableSpec = {
  name: "Ledger",
  columns: [req("Century"), req("God"), req("Earned"), req("Paid"), req("Carry"), opt("Exact Carry")],
  about: "mana earned, paid and carried, one row per recipient per century",
};

/** Headers match ignoring case and every space: "Great Cities" = "greatcities". */
export function normalizeHeader(header: unknown): string {
  return typeof header === "string" ? header.replace(/\s+/g, "").toLowerCase() : typeof header === "number" ? String(header) : "";
}
