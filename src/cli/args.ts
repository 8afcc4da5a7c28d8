/**
 * The command line's words: each command's usage, reading arguments into positionals and
 * --options, and the one way a mistake in them is told (with the usage, or as JSON).
 */
import { parseArgs } from "node:util";
import { nearNames } from "../engine/names";
import { EXIT, jsonError } from "./answers";
import type { Io } from "./io";

/** Each command's usage, for `gods CMD --help` and after a mistake in its arguments. */
export const USAGES: Readonly<Record<string, string>> = {
  "century-end": `  gods century-end FILE.xlsx --century N [--first-century] [--out OUT.xlsx] [--json] [--dry-run] [--accept-warnings]
                           validate the campaign, write the Death and Century-End Worksheets,
                           the mana calculation and the Ledger (to OUT, or in place), and print
                           the mana of every god; on bad input, exit 2 and write nothing.
                           --first-century: the campaign starts at this century (earlier
                           centuries' deaths and counts are history, not unpaid)`,
  event: `  gods event FILE.xlsx "EVENT" [--times N] [--century N] [--again] [--out OUT.xlsx] [--json] [--dry-run] [--accept-warnings]
                           credit an event (N times) to every god whose spheres draw on it,
                           in the century in play; --again when the same event was the last
                           credit and happened again`,
  "era-end": `  gods era-end FILE.xlsx --century N [--out OUT.xlsx] [--json] [--dry-run] [--accept-warnings]
                           credit the era-end sources, counted from century N's Counts
                           (N 0: Era Aleph's end, before the first century)`,
  debit: `  gods debit FILE.xlsx GOD N --what "REASON" [--again] [--out OUT.xlsx] [--json] [--dry-run]
                           a character loses N mana it may not hold (a lord's loss, a cost
                           the rules take whether or not it is held): what its account
                           kept goes first, the rest it owes, and its next credits pay
                           that before any mana reaches its box.
                           Take what it holds in its box first; debit only the rest`,
  undo: `  gods undo FILE.xlsx [--out OUT.xlsx] [--json] [--dry-run]
                           take back the latest event, debit or era-end credit, and say what to take
                           back out of whose box`,
  war: `  gods war FILE.xlsx "RACE A[=STRENGTH]" "RACE B[=STRENGTH]" [--military "RACE=N"]...
           [--again] [--dry-run] [--out OUT.xlsx] [--json]
                           a war between two races in the century in play: each kills its
                           casualty percentage of the strength it sends (its whole strength
                           unless =STRENGTH gives the part it sends); writes the war deaths
                           and lowers Units. Military comes from the Races table's Military
                           column; --military gives it where the column is missing or empty`,
  disaster: `  gods disaster FILE.xlsx "RACE=DEATHS"... [--element E] [--global] [--cause CAUSE]
           [--resistances "RACE=CODES"]... [--cities "RACE=N"]... [--great-cities "RACE=N"]...
           [--again] [--dry-run] [--out OUT.xlsx] [--json]
                           a disaster (or, with --global, a global power) striking races with
                           DEATHS each before resistances; --element F, FE or "earth, fire"
                           (none when left out). Resistances come from the Races table's
                           Resistances column (--resistances where it is missing); the deaths
                           are filed under CAUSE, by default the element's name (fire).
                           --cities and --great-cities: the cities a power destroys, before
                           resistances. A race left with no unit loses its cities, and a
                           civilized race that loses its last city is barbarian again`,
  growth: `  gods growth FILE.xlsx [--dry-run] [--out OUT.xlsx] [--json]
                           the growth at the start of the century in play, once a century:
                           every race gains its Growth (Races column; 25% when empty) of its
                           units; where the Limit column gives what its squares support, the
                           rest starve (starvation deaths) and Aggression goes up by 2`,
  packet: `  gods packet FILE.xlsx [--out OUT.xlsx] [--pdf OUT.pdf] [--json] [--dry-run]
                           the session packet, printable: the Earth Summary sheet (every
                           race's units, cities, great cities, strength and pantheon, with
                           the totals, for the century in play) and the Character Sheets
                           (a page for each character and the Demons pool: cards, every
                           source's multiplier, worshippers, mana by century, latest
                           credits, its rows of the Artifacts, Demesnes, Laws and Oaths
                           tables when kept, a box for notes; the Laws and Oaths on a last
                           page), and the Charts sheet drawn again from the Campaign
                           History once a century has ended; written anew each time (to
                           OUT, or in place), after the other sheets; with --pdf also
                           printed to one PDF by LibreOffice; it pays nobody and leaves the
                           Ledger alone`,
  ledger: `  gods ledger reseal FILE.xlsx --because "REASON" [--out OUT.xlsx] [--json] [--dry-run]
                           the book corrected on purpose: the Ledger's seal is made anew for
                           the Ledger as it stands, and a correction row in each account it
                           touches records the reason (the accounts must still add up)
  gods ledger restart FILE.xlsx [--carry GOD=AMOUNT]... [--century N] [--out OUT.xlsx] [--json] [--dry-run] [--accept-warnings]
                           when the Ledger and its seal were deleted and no copy holds them:
                           a new Ledger opens every account again (at 0, or the carry given)
                           at the last century the lost book paid, which is never paid again;
                           it says what is lost and writes only with --accept-warnings`,
  rename: `  gods rename FILE.xlsx "OLD NAME" "NEW NAME" [--out OUT.xlsx] [--json] [--dry-run]
                           a character renamed everywhere (Gods, Cards, Pantheon, the Ledger
                           and its seal, joint sources' Owners, Sessions, Artifacts, Demesnes,
                           Laws, Oaths and the Campaign History): it keeps its account and what
                           it kept. A name is at most 200 characters, without a comma or
                           semicolon, and none of Demons, Diabolism, Atheism, nobody`,
  "session-end": `  gods session-end FILE.xlsx --mana "GOD=N"... [--from-gods] [--date YYYY-MM-DD]
           [--dry-run] [--out OUT.xlsx] [--json]
                           the mana each character holds at the end of a game session: a dated
                           row per character in the Sessions table (made when missing; the same
                           date again corrects that date's rows) and the Gods table's Mana column
                           (added when missing), which the mana inflation advice reads.
                           --from-gods: the characters not given take the figure typed in their
                           Mana cell. --date: the session's day (today when left out)`,
  cards: `  gods cards FILE.xlsx GOD SPHERE +N|-N [--waiting] [--dry-run] [--out OUT.xlsx] [--json]
                           sphere cards bought (+N) or given up (-N) between sessions: the god's
                           multiplier for each source of the sphere before and after, and what it
                           would have earned in the latest paid century with the new cards (that
                           century's deaths and counts, today's races and pantheons); without
                           --dry-run, the Cards table's count changes (or a row is added).
                           --waiting: cards gained during the session (a promotion), counted in
                           the row's Waiting: they earn from the next session`,
  recover: `  gods recover FILE.xlsx [--below-typed-rows | --keep-changes | --set-aside] [--accept-warnings]
           [--out OUT.xlsx] [--json] [--dry-run]
                           each action of the add-in that stopped part-way inside Excel (the file
                           was saved so), in the order they began: finished as it was meant when it
                           stopped while it was being recorded, or taken back when it stopped
                           before it changed anything. Every other command refuses the file until
                           then. A finish that moves mana is shown and written only with
                           --accept-warnings. Ledger rows typed where it writes since it stopped
                           are never written over, nor rows it wrote and a person changed since:
                           --below-typed-rows (or --keep-changes) finishes it keeping them,
                           --set-aside keeps them and sets the record aside`,
  adopt: `  gods adopt FILE.xlsx --century N [--carry GOD=AMOUNT]... [--map MAP.json] [--out OUT.xlsx] [--json] [--dry-run] [--accept-warnings]
                           bring in a campaign kept by hand: your sheets are read as they are
                           and the campaign's tables added beside them (your sheets are not
                           changed); N is the last century you paid by hand, and the Ledger
                           opens there with what each account carried (--carry, or your mana
                           sheet's carry column). A guess waits for --accept-warnings; --map
                           reads the sheets as a file in the shape --dry-run --json prints
                           says. Run again later to bring in only the rows added since`,
  init: `  gods init FILE.xlsx [--example] [--out OUT.xlsx] [--dry-run]
                           create empty campaign tables, or the example campaign, in a new
                           file; on a workbook that exists, add only the campaign tables it
                           lacks, each on a sheet of its own, and change nothing else in it`,
  fn: `  gods fn NAME ARG... [--json]
                           evaluate one GODS custom function as Excel would
                           (gods fn TOLL 7 prints 3; a range is JSON: '[["F-2"],["X/2"]]');
                           gods help fn NAME prints that function's help`,
};

const USAGE = `gods: the rules of The Gods II on the command line.

Usage:
${Object.values(USAGES).join("\n")}
  gods help [COMMAND]      show this text, or one command's (also gods COMMAND --help)
  gods --version           the version of gods

Every command that writes: --dry-run shows what it would write and writes nothing; --json
prints one JSON object, also on failure. Exit codes: 0 done; 1 an Excel error from gods fn;
2 bad input (nothing written); 3 warnings that change what someone is paid (nothing written;
read them, then --accept-warnings to pay anyway). war, disaster, growth: --again records a war
or disaster the same as the last recorded.
`;

/** One command's usage (the whole text for an unknown one). */
export function usageOf(command: string): string {
  const own = USAGES[command];
  return own === undefined ? USAGE : `Usage:\n${own}\n\n(gods help lists every command, the exit codes and the options all share.)\n`;
}

/** A mistake in the arguments: said with the command's usage, or as one JSON object. Exit 2. */
export function argumentError(command: string, message: string, io: Io, json: boolean, withUsage = true): number {
  if (json) jsonError(io, message);
  else io.err(withUsage ? `${message}\n\n${usageOf(command)}` : message);
  return EXIT.badInput;
}

export interface Parsed {
  positional: string[];
  options: Map<string, string | true>;
  /** every value of an option that may be given several times, in order */
  lists: Map<string, string[]>;
}

/** The options a command takes: those that take a value, those that may come several times (each with a value), and flags. */
export interface OptionSpec {
  valued?: readonly string[];
  repeated?: readonly string[];
  flags?: readonly string[];
}

/**
 * Splits arguments into positionals and --options, or says what is wrong with the first option
 * that is not right: unknown (with the likely one), missing its value, or given one it does not take.
 * `--name value` and `--name=value` both give a value; after `--` every argument is a positional.
 */
export function parse(args: readonly string[], spec: OptionSpec): Parsed | string {
  const valued = [...(spec.valued ?? []), ...(spec.repeated ?? [])];
  const known = [...valued, ...(spec.flags ?? [])];
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(valued.map((name) => [name, { type: "string" as const }])),
    // Not strict: the mistakes are told here, in the command's words, and a word with one dash is no option.
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  let oneDash = -1;
  for (const token of tokens) {
    if (token.kind === "positional") positional.push(token.value);
    if (token.kind !== "option") continue;
    if (!token.rawName.startsWith("--")) {
      // "-1" (a card given up) or "-5": a word as it was typed, which parseArgs reads as short
      // options, one a character ("-12" is -1 and -2, with the same index).
      if (token.index !== oneDash) positional.push(args[token.index] as string);
      oneDash = token.index;
      continue;
    }
    const name = token.name;
    if (!known.includes(name)) return `unknown option --${name}.${optionNear(name, known)}`;
    if (valued.includes(name)) {
      if (token.value === undefined) return `--${name} needs a value.`;
      options.set(name, token.value);
      if (spec.repeated?.includes(name)) lists.set(name, [...(lists.get(name) ?? []), token.value]);
    } else {
      if (token.value !== undefined) return `--${name} takes no value.`;
      options.set(name, true);
    }
  }
  return { positional, options, lists };
}

/** " Did you mean --century?" for --centry, or nothing when no option is close. */
function optionNear(typed: string, known: readonly string[]): string {
  // Options are lower case: --Century is --century (which nearNames takes for the same name).
  const near = known.includes(typed.toLowerCase()) ? [typed.toLowerCase()] : nearNames(typed, known).slice(0, 3);
  return near.length === 0 ? "" : ` Did you mean ${near.map((n) => `--${n}`).join(" or ")}?`;
}

/** The flags every writing command of the book takes, and what they set. */
export const WRITE_FLAGS = ["json", "dry-run", "accept-warnings"];

export function writeBase(parsed: Parsed, file: string): { file: string; json: boolean; dryRun: boolean; acceptWarnings: boolean; out?: string } {
  const out = parsed.options.get("out");
  return {
    file,
    json: parsed.options.has("json"),
    dryRun: parsed.options.has("dry-run"),
    acceptWarnings: parsed.options.has("accept-warnings"),
    ...(typeof out === "string" ? { out } : {}),
  };
}

/** A whole number from an option, or undefined when it is not one. */
export function wholeOption(parsed: Parsed, name: string): number | undefined | null {
  const text = parsed.options.get(name);
  if (text === undefined) return null;
  return typeof text === "string" && /^\d{1,15}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}
