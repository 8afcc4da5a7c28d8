import { checkWhole } from "./checks";
import { fail, wholeResult } from "./errors";
import { add, ceil, cmp, fromNumber, isZero, mul, ONE, parseDecimal, ratio, ZERO, type Ratio } from "./exact";

/** The six disaster elements. X in a resistance code means every disaster. */
export type Element = "F" | "E" | "N" | "W" | "A" | "I";
export const ELEMENTS: readonly Element[] = ["F", "E", "N", "W", "A", "I"];
const ELEMENT_NAMES: Readonly<Record<string, Element>> = {
  fire: "F",
  earth: "E",
  nature: "N",
  water: "W",
  air: "A",
  ice: "I",
};

/** disaster: a disaster power; global: a global power (without an element it ignores resistances). */
export type PowerKind = "disaster" | "global";

export type ResistOp = "-" | "+" | "/" | "*";

/** One parsed code such as F-2, W/2, A+1, W*2 or I-∞ (value null means infinite: immunity). */
export interface ResistCode {
  readonly element: Element | "X";
  readonly op: ResistOp;
  readonly value: Ratio | null;
  readonly text: string;
}

const OPS: Readonly<Record<string, ResistOp>> = { "-": "-", "−": "-", "–": "-", "+": "+", "/": "/", "÷": "/", "*": "*", "×": "*" };
// One code, anchored where the scan stands: element, operator, then a number or infinity.
const CODE = /([a-z])([-−–+/÷*×])(\[?(?:infinity|inf)\]?|∞|\d+(?:\.\d*)?|\.\d+)/iy;

function badCode(piece: string): never {
  fail(
    `"${piece}" is not a resistance code. Write an element (F, E, N, W, A, I, or X for all), ` +
      `then - + / or *, then a number or ∞, for example F-2, W/2, A+1 or I-∞.`,
  );
}

function parseOne(element: string, opText: string, valueText: string, text: string): ResistCode {
  const el = element.toUpperCase();
  if (el !== "X" && !(ELEMENTS as readonly string[]).includes(el)) badCode(text);
  const op = OPS[opText] as ResistOp;
  const infinite = !/\d/.test(valueText);
  if (infinite) {
    // Dividing by infinity leaves nothing, which is immunity as well.
    if (op !== "-" && op !== "/") fail(`"${text}": only a minus (or a division) can be infinite; I-∞ means immune.`);
    return { element: el as Element | "X", op: "-", value: null, text };
  }
  const value = parseDecimal(valueText);
  if (value === null) badCode(text);
  if (op === "/" && isZero(value)) fail(`"${text}" divides by 0; write I-∞ for immunity.`);
  return { element: el as Element | "X", op, value, text };
}

/**
 * Reads a race's resistance codes from free text: codes separated by commas, semicolons, spaces
 * or line breaks; case does not matter. "" gives no codes.
 * @example parseResistances("F-2, W/2, X-1")
 */
export function parseResistances(text: string): readonly ResistCode[] {
  return codesOf(text);
}

const MEMO_SIZE = 1000;

/**
 * `read`, remembered for the latest thousand texts: a race sheet asks about the same few texts
 * over and over, so each is read once.
 */
function remembered<T>(read: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    const value = read(text);
    if (seen.size >= MEMO_SIZE) seen.clear();
    seen.set(text, value);
    return value;
  };
}

const codesOf = remembered(readCodes);
const elementsOf = remembered(readElements);

function readCodes(text: string): readonly ResistCode[] {
  const codes: ResistCode[] = [];
  for (const rawPiece of text.split(/[,;\n\r]+/)) {
    const piece = rawPiece.replace(/\s+/g, "");
    if (piece === "") continue;
    CODE.lastIndex = 0;
    while (CODE.lastIndex < piece.length) {
      const at = CODE.lastIndex;
      const m = CODE.exec(piece);
      if (m === null) badCode(rawPiece.trim());
      codes.push(parseOne(m[1] as string, m[2] as string, m[3] as string, piece.slice(at, CODE.lastIndex)));
    }
  }
  return codes;
}

/**
 * Reads the elements of a power: letters ("F", "FE"), names ("fire, earth"), or "" for none.
 * @example parseElements("FE") // Set {"F", "E"}
 */
export function parseElements(text: string): ReadonlySet<Element> {
  return elementsOf(text);
}

function readElements(text: string): ReadonlySet<Element> {
  const found = new Set<Element>();
  for (const token of text.split(/[^a-z]+/i)) {
    if (token === "") continue;
    const named = ELEMENT_NAMES[token.toLowerCase()];
    if (named !== undefined) {
      found.add(named);
      continue;
    }
    for (const letter of token.toUpperCase()) {
      if (!(ELEMENTS as readonly string[]).includes(letter)) {
        fail(
          `"${text}" is not a list of elements. Use F (fire), E (earth), N (nature), W (water), ` +
            `A (air) and I (ice), like "F" or "FE", or leave it empty for a power with no element.`,
        );
      }
      found.add(letter as Element);
    }
  }
  return found;
}

/** The codes that touch a power of these elements and kind. */
export function applicableCodes(codes: readonly ResistCode[], elements: ReadonlySet<Element>, kind: PowerKind): ResistCode[] {
  if (kind === "global" && elements.size === 0) return [];
  return codes.filter((c) => c.element === "X" || elements.has(c.element));
}

function asCodes(resistances: ResistancesGiven): readonly ResistCode[] {
  return typeof resistances === "string" ? parseResistances(resistances) : resistances;
}

/** A power's elements as a function takes them: letters or names ("FE", "fire, earth"), or read already. */
export type ElementsGiven = string | ReadonlySet<Element>;
/** A race's resistances as a function takes them: the codes as written ("F-2, W/2"), or read already. */
export type ResistancesGiven = string | readonly ResistCode[];

function asElements(elements: ElementsGiven): ReadonlySet<Element> {
  return typeof elements === "string" ? parseElements(elements) : elements;
}

/**
 * Deaths a race takes from a power after its resistances: 0 if any code that applies is an
 * immunity; otherwise every multiplier and divider first, then every flat change, then rounded
 * up, never below 0.
 * @example resist(10, "F", "F-2, F/2") // 3 (10 / 2 = 5, then 5 - 2)
 */
export function resist(deaths: number, elements: ElementsGiven, resistances: ResistancesGiven, kind: PowerKind = "disaster"): number {
  if (!Number.isFinite(deaths) || deaths < 0) fail(`Deaths must be a number, 0 or more, not ${deaths}.`);
  const codes = applicableCodes(asCodes(resistances), asElements(elements), kind);
  if (codes.length === 0) return deaths;
  let factor: Ratio = { n: 1n, d: 1n };
  let flat: Ratio = ZERO;
  for (const c of codes) {
    if (c.value === null) return 0;
    switch (c.op) {
      case "*":
        factor = mul(factor, c.value);
        break;
      case "/":
        factor = mul(factor, ratio(c.value.d, c.value.n));
        break;
      case "+":
        flat = add(flat, c.value);
        break;
      case "-":
        flat = add(flat, { n: -c.value.n, d: c.value.d });
        break;
    }
  }
  const result = ceil(add(mul(fromNumber(deaths), factor), flat));
  return result < 0n ? 0 : wholeResult(result, "The number of deaths");
}

/**
 * A reduction of a square's population level after resistances. The rule (seed 002, Disaster
 * powers): any finite resistance that applies (a code that lowers losses, whatever its sign) takes
 * 1 off the reduction (once, however many codes), and an immunity cancels it. Our reading, where
 * the text says nothing: a vulnerability that applies (a code that raises losses) adds 1 (once),
 * since vulnerabilities are resistances in reverse, so a resistance and a vulnerability together
 * cancel out; a disaster that lowers no level lowers none whatever the race's codes.
 * @example resistLevels(2, "I", "I/2") // 1
 * @example resistLevels(2, "I", "I+1") // 3
 */
export function resistLevels(reduction: number, elements: ElementsGiven, resistances: ResistancesGiven, kind: PowerKind = "disaster"): number {
  checkWhole(reduction, "The reduction");
  const codes = applicableCodes(asCodes(resistances), asElements(elements), kind);
  if (codes.some((c) => c.value === null)) return 0;
  if (reduction === 0) return 0;
  // A code counts by what it does: fewer deaths (− a positive amount, ÷ more than 1, × less than 1)
  // is a resistance, more deaths (the reverse) a vulnerability; a code that changes nothing is neither.
  const effect = (c: ResistCode): number => {
    if (c.value === null) return 0;
    if (c.op === "-") return isZero(c.value) ? 0 : -1;
    if (c.op === "+") return isZero(c.value) ? 0 : 1;
    const factor = c.op === "*" ? cmp(c.value, ONE) : -cmp(c.value, ONE);
    return isZero(c.value) && c.op === "*" ? -1 : factor;
  };
  const resisted = codes.some((c) => effect(c) < 0);
  const vulnerable = codes.some((c) => effect(c) > 0);
  return Math.max(0, reduction - (resisted ? 1 : 0) + (vulnerable ? 1 : 0));
}
