/**
 * What a name (or any word) in the campaign's tables may be, in one place: what the readers
 * accept is what every writer checks before it writes, so that no command leaves a name the next
 * command refuses. A cell's text is at most NAME_LENGTH characters (a note excepted), holds no
 * character a workbook file cannot keep (control characters, U+FFFE and U+FFFF, half of a
 * surrogate pair: every writer drops them, so what was sealed would no longer be what is read),
 * and a character's name also has no comma or semicolon (they separate the owners of a joint
 * source) and is none of the game's own words.
 */
import { ATHEISM, DEMONS, DIABOLISM, nameKey } from "../../engine/names";

/** The longest name, cause or word a cell may hold (notes excepted): anything longer was pasted into the wrong cell. */
export const NAME_LENGTH = 200;

/**
 * The longest What of a Ledger row: an event's name or a debit's reason (at most NAME_LENGTH) with
 * what the add-in adds to tell its credits apart (" ×1000", " #12").
 */
export const WHAT_LENGTH = NAME_LENGTH + 40;

/** What an Owners cell says when every owner of a joint source is gone: the source pays nobody. */
export const NOBODY = "nobody";

/** The words no character may be called: the demons' pool, the two special pantheon members, and what an Owners cell uses for none. */
export const RESERVED_NAMES: readonly string[] = [DEMONS, DIABOLISM, ATHEISM, NOBODY];

/** The separators of an Owners cell's names. */
export const OWNER_SEPARATORS = /[,;\n]/;

/** Control characters, written out (U+000B as \u000B) so that a message never sends one raw to the terminal. */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/**
 * The first character of `text` a cell of the campaign may not hold, by its code (U+000B); with
 * `lines`, line breaks and tabs are allowed (a note). None: undefined.
 */
export function unwritableIn(text: string, lines = false): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isLine = c === 0x09 || c === 0x0a || c === 0x0d;
    const control = (c < 0x20 && !(lines && isLine)) || c === 0x7f;
    // A surrogate pair's halves belong together (an emoji); either alone, or U+FFFE/U+FFFF, cannot be kept in a file.
    const high = c >= 0xd800 && c <= 0xdbff;
    const low = c >= 0xdc00 && c <= 0xdfff;
    if (high) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    if (control || high || low || c === 0xfffe || c === 0xffff) return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return undefined;
}

/** Why `text` cannot be written as a name or word (`what`, for the sentence), or undefined when it can. */
export function wordProblem(text: string, what: string): string | undefined {
  const bad = unwritableIn(text);
  if (bad !== undefined) return `${what} holds a character no workbook can keep (${bad}, perhaps from a copy and paste): type it again without it.`;
  const trimmed = text.trim();
  if (trimmed === "") return `${what} must be written.`;
  if (trimmed.length > NAME_LENGTH)
    return `${what} has ${trimmed.length.toLocaleString("en")} characters; a name or word in a table is at most ${NAME_LENGTH}.`;
  return undefined;
}

/** Why a reason kept in the Ledger's What (its longest part kept) cannot be written, or undefined when it can. */
export function reasonProblem(text: string): string | undefined {
  const bad = unwritableIn(text);
  return bad === undefined ? undefined : `the reason holds a character no workbook can keep (${bad}, perhaps from a copy and paste): type it again without it.`;
}

/** Why `name` cannot be a character's name, or undefined when it can. */
export function characterNameProblem(name: string): string | undefined {
  const problem = wordProblem(name, "the name");
  if (problem !== undefined) return problem;
  if (OWNER_SEPARATORS.test(name))
    return `a name cannot hold a comma or a semicolon: they separate the owners of a source held jointly, where the name may have to go. Write it without (for example "${name.split(/[,;\n]/)[0]?.trim() ?? ""} of …").`;
  const reserved = RESERVED_NAMES.find((r) => nameKey(r) === nameKey(name));
  if (reserved !== undefined)
    return `"${reserved}" is the game's own word (${reserved === NOBODY ? "an Owners cell says it when no owner is left" : "the demons' pool and the two special pantheon members have it"}): no character takes it.`;
  return undefined;
}
