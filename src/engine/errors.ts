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

/** What a rule answered, or the sentence of the rule error it threw. */
export type Attempt<T> = { readonly value: T } | { readonly problem: string };

/** Runs a rule and hands back its answer or its rule error's message; any other error goes on. */
export function attempt<T>(rule: () => T): Attempt<T> {
  try {
    return { value: rule() };
  } catch (e) {
    if (e instanceof RuleError) return { problem: e.message };
    throw e;
  }
}

/** Runs a rule; a rule error it throws is thrown again as `restate` makes it from the message. */
export function restated<T>(rule: () => T, restate: (message: string) => Error): T {
  const answer = attempt(rule);
  if ("problem" in answer) throw restate(answer.problem);
  return answer.value;
}

/** Shows a value the way a gamemaster typed it, for messages. */
export function show(value: unknown): string {
  if (typeof value === "string") return `"${value}"`;
  if (value === null || value === undefined) return "an empty cell";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return "a range";
  // Nothing else comes from a cell: an object given on the command line reads as its JSON.
  return typeof value === "object" ? JSON.stringify(value) : typeof value;
}

/** A whole result handed back as a number; refuses one too large for a spreadsheet cell. */
export function wholeResult(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) fail(`${what} is too large to show in a cell.`);
  return n;
}
