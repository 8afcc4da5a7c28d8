/**
 * A rule was asked something it cannot answer (an unknown resistance code, a pantheon that does
 * not add up…). The message is written for a gamemaster; callers show it as it is.
 */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RuleError";
  }
}

export function fail(message: string): never {
  throw new RuleError(message);
}

/** Shows a value the way a gamemaster typed it, for messages. */
export function show(value: unknown): string {
  if (typeof value === "string") return `"${value}"`;
  if (value === null || value === undefined) return "an empty cell";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return "a range";
  return String(value);
}

/** A whole result handed back as a number; refuses one too large for a spreadsheet cell. */
export function wholeResult(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) fail(`${what} is too large to show in a cell.`);
  return n;
}
