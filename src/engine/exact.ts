/**
 * Exact rational numbers on BigInt, so that every rule that rounds does so on the true value:
 * 7% of 100 is 7 here, where `Math.ceil(0.07 * 100)` gives 8.
 *
 * A number typed in a cell arrives as a binary double; we read it back through its shortest
 * decimal spelling (what Excel and JavaScript display), so 0.07 is taken as 7/100.
 */
export interface Ratio {
  /** numerator, sign carried here */
  readonly n: bigint;
  /** denominator, always > 0 */
  readonly d: bigint;
}

export const ZERO: Ratio = { n: 0n, d: 1n };
export const ONE: Ratio = { n: 1n, d: 1n };

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

function make(n: bigint, d: bigint): Ratio {
  if (d === 1n) return { n, d };
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g === 1n ? { n, d } : { n: n / g, d: d / g };
}

export function ratio(n: bigint | number, d: bigint | number = 1n): Ratio {
  const dn = BigInt(d);
  if (dn === 0n) throw new RangeError("division by zero");
  return make(BigInt(n), dn);
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Reads a decimal spelling ("0.07", "-1.5e3", "40") exactly; null when it is not one. */
export function parseDecimal(text: string): Ratio | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const whole = m[2] ?? "";
  const frac = m[3] ?? "";
  if (whole === "" && frac === "") return null;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return null;
  let n = BigInt((whole || "0") + frac);
  let d = 1n;
  const shift = exp - frac.length;
  if (shift >= 0) n *= 10n ** BigInt(shift);
  else d = 10n ** BigInt(-shift);
  if (m[1] === "-") n = -n;
  return make(n, d);
}

/** The exact value a finite double stands for, as the decimal it displays as. */
export function fromNumber(x: number): Ratio {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  if (Number.isInteger(x)) return { n: BigInt(x), d: 1n };
  const r = parseDecimal(String(x));
  if (r === null) throw new RangeError(`cannot read ${x} exactly`);
  return r;
}

export function add(a: Ratio, b: Ratio): Ratio {
  if (a.d === b.d) return make(a.n + b.n, a.d);
  return make(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function sub(a: Ratio, b: Ratio): Ratio {
  return add(a, { n: -b.n, d: b.d });
}

export function mul(a: Ratio, b: Ratio): Ratio {
  return make(a.n * b.n, a.d * b.d);
}

export function div(a: Ratio, b: Ratio): Ratio {
  if (b.n === 0n) throw new RangeError("division by zero");
  return make(a.n * b.d, a.d * b.n);
}

export function cmp(a: Ratio, b: Ratio): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

export function isZero(a: Ratio): boolean {
  return a.n === 0n;
}

export function isNegative(a: Ratio): boolean {
  return a.n < 0n;
}

export function isInteger(a: Ratio): boolean {
  return a.d === 1n;
}

/** Smallest integer ≥ a. */
export function ceil(a: Ratio): bigint {
  const q = a.n / a.d;
  return a.n % a.d !== 0n && a.n > 0n ? q + 1n : q;
}

/** Largest integer ≤ a. */
export function floor(a: Ratio): bigint {
  const q = a.n / a.d;
  return a.n % a.d !== 0n && a.n < 0n ? q - 1n : q;
}

export function max(a: Ratio, b: Ratio): Ratio {
  return cmp(a, b) >= 0 ? a : b;
}

export function min(a: Ratio, b: Ratio): Ratio {
  return cmp(a, b) <= 0 ? a : b;
}

/** The nearest double, for display and for handing a value back to a spreadsheet. */
export function toNumber(a: Ratio): number {
  if (a.d === 1n) return Number(a.n);
  const n = Number(a.n);
  const d = Number(a.d);
  if (Number.isFinite(n) && Number.isFinite(d) && Math.abs(n) < 2 ** 53 && d < 2 ** 53) return n / d;
  // Too large for a direct division: scale to 17 significant digits first.
  const scale = 10n ** 17n;
  const q = (a.n * scale) / a.d;
  return Number(q) / 1e17;
}

/** Reads an exact value written as a decimal ("0.25") or a fraction ("1/3"); null when it is neither. */
export function parseExact(text: string): Ratio | null {
  const m = /^\s*(-?\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (m) {
    const d = BigInt(m[2] as string);
    return d === 0n ? null : make(BigInt(m[1] as string), d);
  }
  return parseDecimal(text);
}

/** Writes a value exactly: a decimal when it ends ("0.25"), a fraction otherwise ("1/3"). */
export function formatExact(r: Ratio): string {
  let d = r.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  if (d !== 1n) return `${r.n}/${r.d}`;
  // A terminating decimal: scale to a power of ten.
  let digits = 0;
  let scale = 1n;
  while ((r.n * scale) % r.d !== 0n) {
    scale *= 10n;
    digits++;
  }
  const scaled = (r.n * scale) / r.d;
  const neg = scaled < 0n;
  const s = (neg ? -scaled : scaled).toString().padStart(digits + 1, "0");
  const text = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return neg ? `-${text}` : text;
}
