/**
 * What a name looks like, as opposed to how it is spelt: "Solara" and "Sоlara" (its "о"
 * Cyrillic) are two names to the tables and one to the eye. After the skeletons of Unicode's
 * confusable detection (UTS #39), with a compact table of the usual Cyrillic and Greek look-alikes
 * of Latin letters and digits rather than the whole of Unicode.
 */

/**
 * Cyrillic and Greek letters that look like a Latin letter or a digit: each pair is the letter,
 * then the one it looks like.
 */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(
  [
    // Cyrillic capitals, then small letters
    "АA ВB ЕE З3 ЅS ІI ЈJ КK МM НH ОO РP СC ТT УY ХX ҮY Һh ӀI ԚQ ԜW",
    "аa еe з3 ѕs іi јj оo рp сc уy хx үy һh ӏl ԁd ԛq ԝw",
    // Greek capitals, then small letters
    "ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX",
    "αa γy ιi κk νv οo ρp υu χx",
  ]
    .join(" ")
    .split(" ")
    .map((pair) => [pair.charAt(0), pair.charAt(1)] as const),
);

/** Any one of them (each is a single UTF-16 unit). */
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join("")}]`, "g");

/** Keys already worked out: a campaign repeats a few names thousands of times. */
const SKELETONS = new Map<string, string>();

/**
 * The skeleton of a name: compatibility forms folded (NFKC: "Ｓｏｌａｒａ" is "Solara"), each
 * look-alike letter taken for the Latin letter or digit it looks like, spaces collapsed, case
 * folded. Two names with the same skeleton look the same on screen.
 *
 * @example skeleton("Sоlara") === skeleton("solara") // the first "о" Cyrillic: both "solara"
 */
export function skeleton(name: string): string {
  let key = SKELETONS.get(name);
  if (key === undefined) {
    const latin = (text: string) => text.replace(LOOK_ALIKE, (c) => LOOK_ALIKES.get(c) ?? c);
    // Once more after the case is folded: a capital the table leaves out may fold to a small letter it has.
    key = latin(latin(name.normalize("NFKC")).trim().replace(/\s+/g, " ").toLowerCase());
    if (SKELETONS.size >= 50_000) SKELETONS.clear();
    if (name.length <= 200) SKELETONS.set(name, key);
  }
  return key;
}

/** The look-alike letters a name holds, each once, with its script: ['"о" (Cyrillic)']. */
export function lookAlikeLetters(name: string): string[] {
  const found = new Set<string>();
  for (const [c] of name.normalize("NFKC").matchAll(LOOK_ALIKE)) {
    const code = c.charCodeAt(0);
    found.add(`"${c}" (${code >= 0x0370 && code <= 0x03ff ? "Greek" : "Cyrillic"})`);
  }
  return [...found];
}
