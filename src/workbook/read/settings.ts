/**
 * The campaign's settings: an optional table, Settings, of two columns, Setting and Value, one row
 * a setting. A campaign without it has every setting at its default; a setting the add-in does not
 * know, or a value it cannot use, is a warning that names the cell and keeps the default, so a
 * slip there never stops a payment.
 */
import { exactNumber, isBlank } from "../../engine/cells";
import { didYouMean, nameKey } from "../../engine/names";
import { tableWarning, type Problem } from "../model/problems";
import type { RawTable } from "../model/raw";
import { SETTINGS } from "../model/schema";
import { addressIn, columnIndex } from "../model/tableReader";

/** Era Centrum's centuries (seed 002, Time on Earth, the Sequence of Centuries). */
export const ERA_CENTURIES = 16;

export interface Settings {
  /** the centuries of the era in play: a warning at its last century's end, and after it */
  readonly eraLength: number;
}

export const DEFAULT_SETTINGS: Settings = { eraLength: ERA_CENTURIES };

/** The settings the table may hold, by name key, with what a value must be. */
const KNOWN: Readonly<Record<string, { readonly name: string; readonly what: string; readonly read: (v: number) => Partial<Settings> | undefined }>> = {
  [nameKey("Era length")]: {
    name: "Era length",
    what: "a whole number of centuries, 1 or more",
    read: (v) => (Number.isSafeInteger(v) && v >= 1 ? { eraLength: v } : undefined),
  },
};

export function readSettings(table: RawTable | undefined, problems: Problem[]): Settings {
  if (table === undefined) return DEFAULT_SETTINGS;
  const [name, value] = [columnIndex(table, "Setting"), columnIndex(table, "Value")];
  if (name < 0 || value < 0) {
    problems.push(
      tableWarning(
        SETTINGS.name,
        `the Settings table needs the headers Setting and Value; until it has them every setting keeps its default (Era length ${ERA_CENTURIES}).`,
      ),
    );
    return DEFAULT_SETTINGS;
  }
  let settings: Settings = DEFAULT_SETTINGS;
  // The row each setting was first given on: a second one is named, and the later value used.
  const given = new Map<string, number>();
  table.rows.forEach((cells, i) => {
    const typed = cells[name];
    if (isBlank(typed)) return;
    const row = table.headerRow + 1 + i;
    const label = typeof typed === "string" ? typed.trim() : typed !== null && typeof typed === "object" ? typed.error : String(typed);
    const known = KNOWN[nameKey(label)];
    if (known === undefined) {
      const names = Object.values(KNOWN).map((k) => k.name);
      problems.push(
        tableWarning(SETTINGS.name, `"${label.slice(0, 60)}" is not a setting the add-in knows (${names.join(", ")}).${didYouMean(label, names)}`, {
          row,
          column: "Setting",
          address: addressIn(table, row, "Setting"),
        }),
      );
      return;
    }
    const r = exactNumber(cells[value]);
    const read = r === null || r.d !== 1n ? undefined : known.read(Number(r.n));
    if (read === undefined) {
      problems.push(
        tableWarning(SETTINGS.name, `${known.name} must be ${known.what}; the default is kept until it is.`, {
          row,
          column: "Value",
          address: addressIn(table, row, "Value"),
        }),
      );
      return;
    }
    const first = given.get(known.name);
    if (first !== undefined)
      problems.push(
        tableWarning(SETTINGS.name, `${known.name} is given twice, in rows ${first} and ${row}: the later value, ${Number(r?.n)}, is used.`, {
          row,
          column: "Setting",
          address: addressIn(table, row, "Setting"),
        }),
      );
    else given.set(known.name, row);
    settings = { ...settings, ...read };
  });
  return settings;
}
