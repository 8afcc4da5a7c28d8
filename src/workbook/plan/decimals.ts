/**
 * The decimals a generated sheet shows: one number format per kind of number on the sheet, so
 * that its numbers line up and read alike (see settleDecimals).
 */
/** What settling a sheet's decimals needs of a cell (a layout's PlanCell). */
interface NumberCell {
  readonly value: unknown;
  readonly style?: string;
  readonly format?: string;
}

/** How many decimals a number needs to be shown as it is (at most `most`). */
export function decimalsOf(value: number, most: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  // The shortest digits that give the number back, as String writes them ("45.645"): the
  // decimals are what follows the point. Only a number written with an exponent needs more.
  const text = String(value);
  const point = text.indexOf(".");
  if (point >= 0 && !text.includes("e")) return Math.min(most, text.length - point - 1);
  const [digits = "", exponent = "0"] = Math.abs(value).toExponential().split("e");
  const fraction = (digits.split(".")[1] ?? "").length - Number(exponent);
  return Math.min(most, Math.max(0, fraction));
}

/** A number format with a thousands separator and exactly `decimals` decimals. */
export function fixedFormat(decimals: number): string {
  return decimals === 0 ? "#,##0" : `#,##0.${"0".repeat(decimals)}`;
}

/** Mana shows at least 2 decimals, and never more than 6; other decimals at most 6. */
export const MANA_DECIMALS = { least: 2, most: 6 } as const;
const MOST_DECIMALS = 6;

/**
 * One number format per kind of number on a sheet, so that numbers of a kind line up and read
 * alike: every mana cell of the sheet shows the same decimals, as many as its most precise value
 * needs (at least 2); every other decimal cell shows as many as its column needs, but a whole
 * number, a total too, shows none. 14 mana is then 14.000 beside 45.645, and a count of 21 stays 21 under 6.5.
 */
export function settleDecimals<C extends NumberCell>(rows: readonly (readonly (C | null)[])[]): (C | null)[][] {
  const isMana = (c: C | null) => c?.style === "mana" || c?.style === "totalMana";
  const isDecimal = (c: C | null) => c?.style === "decimal" || c?.style === "totalDecimal";
  let mana: number = MANA_DECIMALS.least;
  const columns = new Map<number, number>();
  for (const row of rows) {
    row.forEach((c, i) => {
      if (c === null || typeof c.value !== "number") return;
      if (isMana(c)) mana = Math.max(mana, decimalsOf(c.value, MANA_DECIMALS.most));
      if (isDecimal(c)) columns.set(i, Math.max(columns.get(i) ?? 0, decimalsOf(c.value, MOST_DECIMALS)));
    });
  }
  return rows.map((row) =>
    row.map((c, i) => {
      if (c === null || c.format !== undefined) return c;
      if (isMana(c)) return { ...c, format: fixedFormat(mana) };
      // A whole count reads as a whole number (21, not 21.0), even among decimals.
      if (isDecimal(c)) return { ...c, format: fixedFormat(Number.isInteger(c.value) ? 0 : (columns.get(i) ?? 0)) };
      return c;
    }),
  );
}
