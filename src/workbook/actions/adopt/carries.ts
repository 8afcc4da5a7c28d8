/**
 * Each account's opening balance when a campaign kept by hand is brought in: what `--carry`
 * gives, else what the latest hand-kept mana sheet up to the last century paid by hand says it
 * carried (rounded to the Ledger's millionths, and said so). What is taken on trust is a guess.
 */
import { cmp, formatExact, ONE, parseDecimal, type Ratio } from "../../../engine/exact";
import { DEMONS, nameKey } from "../../../engine/names";
import { tableError, type Problem } from "../../model/problems";
import { GODS, LEDGER } from "../../model/schema";
import { roundedCarry } from "./cells";
import type { SheetCarry } from "./rows";
import type { OpeningCarry } from "./types";

/**
 * The opening carries, at century `century`: `typed` are the --carry pairs (each overrides a mana
 * sheet's), `gods` the campaign's gods by key. Problems are added to `problems`; what had to be
 * assumed is returned as guesses.
 */
export function openingCarries(
  carries: readonly SheetCarry[],
  typed: readonly (readonly [string, string])[],
  gods: ReadonlyMap<string, string>,
  century: number,
  problems: Problem[],
): { opening: OpeningCarry[]; guessed: string[] } {
  const guessed: string[] = [];
  const found = new Map<string, { god: string; carry: Ratio; from: string }>();
  const latest = Math.max(-1, ...carries.filter((c) => c.century <= century).map((c) => c.century));
  for (const c of carries) {
    if (c.century !== latest) continue;
    const { carry, rounded } = roundedCarry(c.carry);
    found.set(nameKey(c.god), { god: c.god, carry, from: `${c.address}${rounded ? ` (${formatExact(c.carry)}, rounded to the Ledger's millionths)` : ""}` });
  }
  const given = new Set<string>();
  for (const [god, amount] of typed) {
    const value = parseDecimal(amount.trim());
    const name = nameKey(god) === nameKey(DEMONS) ? DEMONS : gods.get(nameKey(god));
    if (name === undefined) {
      problems.push(tableError(GODS.name, `--carry ${god}=${amount}: "${god.slice(0, 60)}" is not a god of the campaign, nor ${DEMONS}.`));
      continue;
    }
    if (value === null || cmp(value, ONE) >= 0 || roundedCarry(value).rounded) {
      problems.push(
        tableError(
          LEDGER.name,
          `--carry ${name}=${amount.slice(0, 40)}: give what the account carried, less than 1 (0.79), or what it owed, below 0 (-2.5), to at most 6 decimals.`,
        ),
      );
      continue;
    }
    given.add(nameKey(name));
    found.set(nameKey(name), { god: name, carry: value, from: "--carry" });
  }
  if (latest >= 1 && latest < century && [...found.values()].some((c) => c.from !== "--carry"))
    guessed.push(
      `the latest mana sheet is of century ${latest}, not ${century}: what it carries is taken as what each account carried after century ${century} (give --carry GOD=AMOUNT where it is not).`,
    );
  // A god of an earlier mana sheet missing from the latest one opens at 0: said, as it may have been forgotten.
  const missing = new Map<string, SheetCarry>();
  for (const c of carries)
    if (c.century < latest && !found.has(nameKey(c.god)) && !given.has(nameKey(c.god)) && c.carry.n !== 0n) missing.set(nameKey(c.god), c);
  for (const c of missing.values())
    guessed.push(
      `${c.god} is not on the mana sheet of century ${latest}, so it opens at 0 (${c.address} says it carried ${formatExact(c.carry)} at century ${c.century}); give --carry ${c.god}=AMOUNT if it carried something.`,
    );
  const opening: OpeningCarry[] = [];
  for (const c of found.values()) if (c.carry.n !== 0n) opening.push({ god: c.god, carry: formatExact(c.carry), from: c.from });
  for (const c of found.values())
    if (cmp(c.carry, ONE) >= 0)
      problems.push(
        tableError(LEDGER.name, `${c.god} carried ${formatExact(c.carry)} (${c.from}): what is carried is less than 1 mana; the whole mana was paid out.`),
      );
  return { opening, guessed };
}
