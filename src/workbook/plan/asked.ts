/**
 * What the person asked for, as an action's record in the journal keeps it: the kind of action and
 * its parameters, nothing it computed. An action that writes the book is finished from this, not
 * from the rows its record carries: planned again (actions/rederive.ts), and finished only when
 * the plan writes what the record says.
 */

export type Asked =
  | { readonly kind: "century-end"; readonly century: number }
  | { readonly kind: "event"; readonly event: string; readonly times?: number; readonly century?: number; readonly again?: boolean }
  | { readonly kind: "era-end"; readonly century: number }
  | { readonly kind: "debit"; readonly god: string; readonly mana: number; readonly because: string; readonly again?: boolean }
  | { readonly kind: "correction"; readonly because: string }
  | { readonly kind: "undo"; readonly expected?: string; readonly head?: string }
  | { readonly kind: "rename"; readonly from: string; readonly to: string }
  | { readonly kind: "put-right"; readonly entry: string }
  /** bringing in a campaign kept by hand: the last century paid by hand, and each account's opening carry as shown (exact decimals) */
  | { readonly kind: "adopt"; readonly century: number; readonly opening: readonly (readonly [god: string, carry: string])[] }
  /** the book started again when its Ledger is gone: the century it starts at, and each carry given (exact decimals) */
  | { readonly kind: "restart"; readonly century: number; readonly opening: readonly (readonly [god: string, carry: string])[] };

/** The most characters of a name, reason or event a record may ask with (a cell's limit). */
const TEXT = 32_767;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isText = (x: unknown): x is string => typeof x === "string" && x.length <= TEXT;
const isCentury = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0 && x <= 99_999_999;

/** Which fields each kind has: those it must have, those it may have, and how each is checked. */
const SHAPES: Readonly<Record<Asked["kind"], { readonly must: readonly string[]; readonly may: readonly string[] }>> = {
  "century-end": { must: ["century"], may: [] },
  event: { must: ["event"], may: ["times", "century", "again"] },
  "era-end": { must: ["century"], may: [] },
  debit: { must: ["god", "mana", "because"], may: ["again"] },
  correction: { must: ["because"], may: [] },
  undo: { must: [], may: ["expected", "head"] },
  rename: { must: ["from", "to"], may: [] },
  "put-right": { must: ["entry"], may: [] },
  adopt: { must: ["century", "opening"], may: [] },
  restart: { must: ["century", "opening"], may: [] },
};

/** Accounts an opening may carry: as many as a campaign's gods, and more. */
const OPENING_ACCOUNTS = 10_000;

/** An opening carry as a record keeps it: exact, as a decimal ("0.79", "-2.5"), of at most 6 decimals and below 1. */
const isCarry = (x: unknown): boolean => typeof x === "string" && /^-?\d{1,15}(\.\d{1,6})?$/.test(x) && (x.startsWith("-") || /^0(\.|$)/.test(x));

const CHECKS: Readonly<Record<string, (x: unknown) => boolean>> = {
  century: isCentury,
  event: isText,
  times: (x) => typeof x === "number" && Number.isSafeInteger(x) && x >= 1 && x <= 1_000_000,
  again: (x) => typeof x === "boolean",
  god: isText,
  mana: (x) => typeof x === "number" && Number.isFinite(x) && Math.abs(x) <= 1e15,
  because: isText,
  expected: isText,
  head: isText,
  from: isText,
  to: isText,
  entry: (x) => typeof x === "string" && x.length <= 64,
  opening: (x) =>
    Array.isArray(x) &&
    x.length <= OPENING_ACCOUNTS &&
    x.every((o) => Array.isArray(o) && o.length === 2 && isText(o[0]) && o[0].length <= 255 && isCarry(o[1])),
};

/** The kinds of action whose record must say what was asked: those that write the book. */
export const ASKED_KINDS: readonly string[] = Object.keys(SHAPES);

/** What a record says was asked, when it is in the one shape the add-in writes; undefined otherwise. */
export function askedIn(x: unknown): Asked | undefined {
  if (!isRecord(x) || typeof x.kind !== "string" || !Object.prototype.hasOwnProperty.call(SHAPES, x.kind)) return undefined;
  const shape = SHAPES[x.kind as Asked["kind"]];
  const known = new Set(["kind", ...shape.must, ...shape.may]);
  if (Object.keys(x).some((k) => !known.has(k))) return undefined;
  if (shape.must.some((k) => !(k in x))) return undefined;
  for (const [k, v] of Object.entries(x)) if (k !== "kind" && CHECKS[k]?.(v) !== true) return undefined;
  return x as Asked;
}
