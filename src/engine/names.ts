/**
 * Names as the game's records spell them. Gods, races, causes and sources are matched by one key
 * everywhere (century end, pantheon tools, deaths, the pane's status), so a name is the same name
 * whatever its case and spacing: "Great  Mother " is "great mother".
 */

/** The demons' shared pool: a recipient of mana with no row in the Gods table. */
export const DEMONS = "Demons";
/** The pantheon member that stands for worship of the demons (paid to the Demons pool). */
export const DIABOLISM = "Diabolism";
/** The pantheon member that stands for worship of nobody. */
export const ATHEISM = "Atheism";

/** Keys already worked out: a campaign repeats a few names (causes, gods, races) thousands of times. */
const KEYS = new Map<string, string>();

/** The key two spellings of one name share: trimmed, inner spaces collapsed, lower case. */
export function nameKey(text: string): string {
  let key = KEYS.get(text);
  if (key === undefined) {
    key = text.trim().replace(/\s+/g, " ").toLowerCase();
    // Bounded: a table of a million different names is not kept.
    if (KEYS.size >= 50_000) KEYS.clear();
    if (text.length <= 200) KEYS.set(text, key);
  }
  return key;
}

/**
 * How many letters must change to turn one word into the other: inserted, deleted, replaced, or
 * two neighbours swapped ("Vron" for "Vorn" is one change).
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A name without its plural ending, for comparing "Storms" with "Storm" and "Wars" with "war". */
function singular(key: string): string {
  // (No regular-expression look-behind: older Safari, which Excel on a Mac may use, lacks it.)
  if (key.length > 4 && key.endsWith("es")) return key.slice(0, -2);
  return key.length > 3 && key.endsWith("s") ? key.slice(0, -1) : key;
}

/**
 * The known names that `typed` most likely misspells, the closest first: the same name but for
 * spaces or a plural, or one or two letters apart (one for names of five letters or fewer, so
 * that "war" is not taken for "air"). Several when they are as close ("watr": war or water).
 */
export function nearNames(typed: string, known: Iterable<string>): string[] {
  const t = nameKey(typed);
  const bare = (k: string) => k.replace(/[\s_-]+/g, "");
  let best: string[] = [];
  let bestDistance = Infinity;
  for (const name of known) {
    const k = nameKey(name);
    if (k === t) return []; // not a misspelling: the name itself is known
    const distance = bare(k) === bare(t) || singular(k) === singular(t) ? 0 : editDistance(k, t);
    const allowed = Math.min(k.length, t.length) <= 5 ? 1 : 2;
    if (distance > allowed || distance > bestDistance) continue;
    if (distance < bestDistance) best = [];
    bestDistance = distance;
    if (!best.some((b) => nameKey(b) === k)) best.push(name);
  }
  return best;
}

/** The known name `typed` most likely misspells, or undefined when none is close. */
export function nearName(typed: string, known: Iterable<string>): string | undefined {
  return nearNames(typed, known)[0];
}

/** ` Did you mean "X"?` when `typed` looks like a misspelling of a known name, else nothing. */
export function didYouMean(typed: string, known: Iterable<string>): string {
  const near = nearNames(typed, known).slice(0, 3);
  return near.length === 0 ? "" : ` Did you mean ${near.map((n) => `"${n}"`).join(" or ")}?`;
}
