/** The Gods table: who can receive mana, and what kind of character each is. */
import { ATHEISM, DEMONS, DIABOLISM, nameKey } from "../../engine/names";
import { GODS_MANA } from "../model/schema";
import type { TableReader } from "../model/tableReader";
import { GOD_KINDS, type God } from "./types";
import { lookAlikeCheck } from "./lookAlike";

const RESERVED = [DEMONS, DIABOLISM, ATHEISM].map(nameKey);

export function readGods(reader: TableReader | undefined, flawed: Set<string>): God[] {
  const gods: God[] = [];
  const seen = new Set<string>();
  const lookAlike = lookAlikeCheck("God", "characters, each with an account of its own whose payment line reads the same");
  for (const r of reader?.rows() ?? []) {
    const name = r.text("God");
    const kind = r.choice("Kind", GOD_KINDS, "greater");
    // The Mana column serves only the inflation advice: a bad cell there is a warning, not a reason to stop.
    const mana = r.has(GODS_MANA) ? r.optionalDecimal(GODS_MANA, "the mana the character has now, 0 or more", "warning") : null;
    if (name !== undefined && kind === undefined) flawed.add(nameKey(name));
    if (name === undefined || kind === undefined) continue;
    const key = nameKey(name);
    if (RESERVED.includes(key)) {
      r.error("God", `"${name}" is a reserved name (the demons' pool Demons, and the pantheon members Diabolism and Atheism need no row).`);
      continue;
    }
    if (seen.has(key)) {
      r.error("God", `"${name}" appears twice in the Gods table.`);
      continue;
    }
    seen.add(key);
    lookAlike(r, name);
    gods.push({ name, kind, mana, row: r.row, index: r.index });
  }
  return gods;
}
