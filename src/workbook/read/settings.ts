/**
 * The campaign's settings: an optional table, Settings, of two columns, Setting and Value, one row
 * a setting. A campaign without it has every setting at its default; a setting the add-in does not
 * know, or a value it cannot use, is a warning that names the cell and keeps the default, so a
 * slip there never stops a payment.
 */
import { exactNumber, isBlank } from "../../engine/cells";
import { didYouMean, nameKey } from "../../engine/names";
import { CENTRUM_CENTURIES } from "../../engine/sessions";
import { tableWarning, type Problem } from "../model/problems";
import type { RawTable } from "../model/raw";
import { MAX_CENTURY, SETTINGS } from "../model/schema";
import { addressIn, columnIndex } from "../model/tableReader";
import { rowList } from "../model/shown";

/** Era Centrum's centuries (seed 002, Time on Earth, the Sequence of Centuries): the rule's, as GODS.CENTURIES shares them. */
export const ERA_CENTURIES = CENTRUM_CENTURIES;

export interface Settings {
  /** Era Centrum's centuries: a warning at its last century's end, and after it */
  readonly centrumLength: number;
  /** Era Omega's centuries, when the Settings table gives them: the rules give the era no length */
  readonly omegaLength?: number;
}

export const DEFAULT_SETTINGS: Settings = { centrumLength: ERA_CENTURIES };

/** What a setting is, with what a value must be. */
interface Known {
  /** its name, as messages and the documentation give it */
  readonly name: string;
  readonly what: string;
  /** what is used while the table gives no value the add-in can use */
  readonly byDefault: string;
  readonly read: (v: number) => Partial<Settings> | undefined;
}

/**
 * An era's length in centuries. No era is longer than the centuries there can be. Written out only
 * for a message: the first number written for a reader sets up the number formats, which takes a
 * moment that every command would otherwise pay when it loads.
 */
const centuries = (name: string, byDefault: string, read: (v: number) => Partial<Settings>): Known => ({
  name,
  get what() {
    return `a whole number of centuries, from 1 to ${MAX_CENTURY.toLocaleString("en")}`;
  },
  byDefault,
  read: (v) => (Number.isSafeInteger(v) && v >= 1 && v <= MAX_CENTURY ? read(v) : undefined),
});

const CENTRUM = centuries("Era Centrum length", `${ERA_CENTURIES} centuries, as the rules give Era Centrum`, (v) => ({ centrumLength: v }));
const OMEGA = centuries("Era Omega length", "none, as the rules give Era Omega no length", (v) => ({ omegaLength: v }));

/**
 * The settings the table may hold, by name key. `Era length`, the name older workbooks gave the
 * era in play, is read as Era Centrum's: the era after it has a length of its own.
 */
const KNOWN: Readonly<Record<string, Known>> = {
  [nameKey(CENTRUM.name)]: CENTRUM,
  [nameKey("Era length")]: CENTRUM,
  [nameKey(OMEGA.name)]: OMEGA,
};

/** The names a setting may be typed with, for a name the add-in does not know. */
const NAMES = [CENTRUM.name, OMEGA.name];

export function readSettings(table: RawTable | undefined, problems: Problem[]): Settings {
  if (table === undefined) return DEFAULT_SETTINGS;
  const [name, value] = [columnIndex(table, "Setting"), columnIndex(table, "Value")];
  if (name < 0 || value < 0) {
    problems.push(
      tableWarning(
        SETTINGS.name,
        `the Settings table needs the headers Setting and Value; until it has them every setting keeps its default (${CENTRUM.name} ${ERA_CENTURIES}).`,
      ),
    );
    return DEFAULT_SETTINGS;
  }
  let settings: Settings = DEFAULT_SETTINGS;
  // The rows each setting is given on, with its value, and those whose value it cannot use: each
  // setting's are named in one warning, whatever the number of rows.
  const given = new Map<string, { row: number; value: number }[]>();
  const unknown: { row: number; label: string }[] = [];
  const unusable = new Map<string, number[]>();
  const rowsOf = <T>(map: Map<string, T[]>, setting: string): T[] => {
    const rows = map.get(setting) ?? [];
    map.set(setting, rows);
    return rows;
  };
  table.rows.forEach((cells, i) => {
    const typed = cells[name];
    if (isBlank(typed)) return;
    const row = table.headerRow + 1 + i;
    const label = typeof typed === "string" ? typed.trim() : typed !== null && typeof typed === "object" ? typed.error : String(typed);
    const known = KNOWN[nameKey(label)];
    if (known === undefined) {
      unknown.push({ row, label });
      return;
    }
    const r = exactNumber(cells[value]);
    const read = r === null || r.d !== 1n ? undefined : known.read(Number(r.n));
    if (read === undefined) {
      rowsOf(unusable, nameKey(known.name)).push(row);
      return;
    }
    rowsOf(given, nameKey(known.name)).push({ row, value: Number(r?.n) });
    settings = { ...settings, ...read };
  });
  // A setting misspelt is passed over: said, with what each setting is instead (its default, most often).
  const inForce = () =>
    [CENTRUM, OMEGA]
      .map((known) => {
        const last = given.get(nameKey(known.name))?.at(-1);
        return last === undefined ? `${known.name} keeps its default, ${known.byDefault}` : `${known.name} is ${last.value}, from row ${last.row}`;
      })
      .join("; ");
  for (const { row, label } of unknown) {
    problems.push(
      tableWarning(
        SETTINGS.name,
        `"${label.slice(0, 60)}" is not a setting the add-in knows (${NAMES.join(", ")}), so the row is passed over: ${inForce()}.${didYouMean(label, [...NAMES, "Era length"])}`,
        { row, column: "Setting", address: addressIn(table, row, "Setting") },
      ),
    );
  }
  for (const [setting, rows] of unusable) {
    const known = KNOWN[setting];
    const first = rows[0];
    if (known === undefined || first === undefined) continue;
    const kept = given.get(setting) ?? [];
    const used = kept[kept.length - 1];
    const which = rows.length === 1 ? "" : ` (${rowList(rows)})`;
    problems.push(
      tableWarning(
        SETTINGS.name,
        used === undefined
          ? `${known.name} must be ${known.what}${which}; the default, ${known.byDefault}, is used until it is.`
          : `${known.name} must be ${known.what}${which}; the value of row ${used.row}, ${used.value}, is used.`,
        { row: first, column: "Value", address: addressIn(table, first, "Value") },
      ),
    );
  }
  // A setting given more than once: the last value is used.
  for (const [setting, rows] of given) {
    const last = rows[rows.length - 1];
    const known = KNOWN[setting];
    if (last === undefined || known === undefined || rows.length < 2) continue;
    const times = rows.length === 2 ? "twice" : `${rows.length.toLocaleString("en")} times`;
    problems.push(
      tableWarning(
        SETTINGS.name,
        `${known.name} is given ${times}, in ${rowList(rows.map((g) => g.row))}: the ${rows.length === 2 ? "later" : "last"} value, ${last.value}, is used.`,
        { row: last.row, column: "Setting", address: addressIn(table, last.row, "Setting") },
      ),
    );
  }
  return settings;
}
