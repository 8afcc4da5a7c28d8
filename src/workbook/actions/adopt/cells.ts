/**
 * A hand-kept sheet's cells as the adoption reads them: text trimmed, values as a campaign table
 * holds them, shares typed as text, and a carry rounded to the Ledger's millionths.
 */
import { exactNumber } from "../../../engine/cells";
import { formatExact, mul, ratio, type Ratio } from "../../../engine/exact";
import { ATHEISM } from "../../../engine/names";
import { isErrorCell, type RawCell } from "../../model/raw";
import type { PlanValue } from "../../plan/layout";

/** A cell's text, trimmed and with inner runs of spaces made one; "" for a blank. */
export function text(c: RawCell): string {
  return typeof c === "string" ? c.trim().replace(/\s+/g, " ") : typeof c === "number" ? String(c) : typeof c === "boolean" ? (c ? "yes" : "no") : "";
}

/** A cell as written into a campaign table: numbers and yes/no kept, text trimmed. */
export function plain(c: RawCell): PlanValue {
  if (c === null || isErrorCell(c)) return null;
  return typeof c === "string" ? (text(c) === "" ? null : text(c)) : c;
}

/** A cell as a message quotes it. */
export function shownCell(c: RawCell): string {
  return isErrorCell(c) ? c.error : typeof c === "string" ? `"${c.trim().slice(0, 40)}"` : String(c);
}

/** Shares typed as text: "Solara 40%, Vorn 25%, Diabolism 20%"; what is wrong, when they cannot be read. */
export function sharesOf(typed: string): { member: string; share: number }[] | string {
  // A race that worships nobody ("none", "nobody", a dash): all its worship is Atheism's.
  if (/^(none|nobody|no one|no gods|-|–|—)$/i.test(typed.trim())) return [{ member: ATHEISM, share: 100 }];
  const parts = typed
    .replace(/\.\s*$/, "")
    .split(/[,;\n&/+|]+|\band\b/)
    .map((p) => p.replace(/[()]/g, " ").trim())
    .filter((p) => p !== "");
  const out: { member: string; share: number }[] = [];
  for (const p of parts) {
    // "Solara 40%", "Solara: 40", or "40% Solara"
    const after = /^(.*?)[\s:=]*(\d+(?:\.\d+)?)\s*%?$/.exec(p);
    const before = after === null ? /^(\d+(?:\.\d+)?)\s*%?\s+(.+)$/.exec(p) : null;
    const member = (after?.[1] ?? before?.[2] ?? "").trim();
    const number = after?.[2] ?? before?.[1] ?? "";
    if (member === "" || number === "") return `"${p.slice(0, 40)}" is not a member and a share (write them like "Solara 40%, Vorn 25%").`;
    const share = exactNumber(number);
    if (share === null) return `"${p.slice(0, 40)}" has no share that can be read.`;
    out.push({ member, share: Number(formatExact(share)) });
  }
  return out;
}

/** A carry rounded to the Ledger's millionths, exactly. */
export function roundedCarry(carry: Ratio): { carry: Ratio; rounded: boolean } {
  const scaled = mul(carry, ratio(1_000_000));
  if (scaled.d === 1n) return { carry, rounded: false };
  const n = scaled.n >= 0n ? (2n * scaled.n + scaled.d) / (2n * scaled.d) : -((-2n * scaled.n + scaled.d) / (2n * scaled.d));
  return { carry: { ...ratio(n, 1_000_000) }, rounded: true };
}

/** A cell of a sphere's column that marks a card ("x", "yes", a tick: one card), or none ("-", "no"); undefined for anything else. */
export function cardMark(c: RawCell): "one" | "none" | undefined {
  if (c === true) return "one";
  if (c === false) return "none";
  if (typeof c !== "string") return undefined;
  const t = c.trim().toLowerCase();
  if (/^(x|y|yes|✓|✔|✔️|☑|☑️|•|\*)$/u.test(t)) return "one";
  if (/^(-|–|—|no|n)$/u.test(t)) return "none";
  return undefined;
}
