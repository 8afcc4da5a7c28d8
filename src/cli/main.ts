import { creditEraEnd, creditEvent, undoCredit } from "./book";
import { centuryEnd, init } from "./centuryEnd";
import { runFunction } from "./fn";
import { consoleIo, type Io } from "./io";

export type { Io };

const USAGE = `gods: the rules of The Gods II on the command line.

Usage:
  gods century-end FILE.xlsx --century N [--out OUT.xlsx] [--json]
                           validate the campaign, write the Death and Century-End Worksheets,
                           the mana calculation and the Ledger (to OUT, or in place), and print
                           the mana of every god; on bad input, exit 2 and write nothing
  gods event FILE.xlsx "EVENT" [--times N] [--century N] [--again] [--out OUT.xlsx] [--json]
                           credit an event (N times) to every god whose spheres draw on it,
                           in the century in play (or, reported late, the one just ended);
                           --again when the same event was the last credit and happened again
  gods era-end FILE.xlsx --century N [--out OUT.xlsx] [--json]
                           credit the era-end sources, counted from century N's Counts
  gods undo FILE.xlsx [--out OUT.xlsx] [--json]
                           take back the latest event or era-end credit
  gods init FILE.xlsx [--example]
                           create empty campaign tables, or the example campaign
  gods fn NAME ARG...      evaluate one GODS custom function as Excel would
                           (gods fn TOLL 7 prints 3; a range is JSON: '[["F-2"],["X/2"]]')
  gods help                show this text
`;

interface Parsed {
  positional: string[];
  options: Map<string, string | true>;
}

/** Splits arguments into positionals and --options (those in `valued` take the next argument). */
function parse(args: readonly string[], valued: readonly string[]): Parsed | string {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith("--")) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
    if (valued.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) return `--${name} needs a value.`;
      options.set(name, value);
    } else {
      if (inline !== undefined) return `--${name} takes no value.`;
      options.set(name, true);
    }
  }
  return { positional, options };
}

function unknownOption(parsed: Parsed, known: readonly string[]): string | undefined {
  const bad = [...parsed.options.keys()].find((k) => !known.includes(k));
  return bad === undefined ? undefined : `unknown option --${bad}.`;
}

async function centuryEndCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = parse(args, ["century", "out"]);
  const problem = typeof parsed === "string" ? parsed : (unknownOption(parsed, ["century", "out", "json"]) ?? null);
  if (typeof parsed === "string" || problem !== null) {
    io.err(`gods century-end: ${problem ?? parsed}\n\n${USAGE}`);
    return 2;
  }
  const [file, ...extra] = parsed.positional;
  const centuryText = parsed.options.get("century");
  if (file === undefined || extra.length > 0) {
    io.err(`gods century-end needs exactly one workbook file.\n\n${USAGE}`);
    return 2;
  }
  if (typeof centuryText !== "string" || !/^\d+$/.test(centuryText) || Number(centuryText) < 1) {
    io.err(`gods century-end needs --century N, with N a whole number 1 or more (for example --century 3).`);
    return 2;
  }
  const out = parsed.options.get("out");
  return centuryEnd(
    { file, century: Number(centuryText), json: parsed.options.has("json"), ...(typeof out === "string" ? { out } : {}) },
    io,
  );
}

/** A whole number from an option, or undefined when it is not one. */
function wholeOption(parsed: Parsed, name: string): number | undefined | null {
  const text = parsed.options.get(name);
  if (text === undefined) return null;
  return typeof text === "string" && /^\d{1,15}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}

/** The options every book command shares, or what is wrong with the arguments. */
function bookArgs(command: string, args: readonly string[], valued: readonly string[], flags: readonly string[], positionals: number): { parsed: Parsed; base: { file: string; json: boolean; out?: string } } | string {
  const parsed = parse(args, ["out", ...valued]);
  if (typeof parsed === "string") return `${command}: ${parsed}`;
  const bad = unknownOption(parsed, ["out", "json", ...valued, ...flags]);
  if (bad !== undefined) return `${command}: ${bad}`;
  const [file] = parsed.positional;
  if (file === undefined || parsed.positional.length !== positionals) return `${command} needs ${positionals === 1 ? "exactly one workbook file" : 'a workbook file and the event\'s name in quotes (gods event campaign.xlsx "God obliterated")'}.`;
  const out = parsed.options.get("out");
  return { parsed, base: { file, json: parsed.options.has("json"), ...(typeof out === "string" ? { out } : {}) } };
}

async function eventCommand(args: readonly string[], io: Io): Promise<number> {
  const got = bookArgs("gods event", args, ["times", "century"], ["again"], 2);
  if (typeof got === "string") {
    io.err(`${got}\n\n${USAGE}`);
    return 2;
  }
  const times = wholeOption(got.parsed, "times");
  const century = wholeOption(got.parsed, "century");
  if (times === undefined || century === undefined) {
    io.err(`gods event: --${times === undefined ? "times" : "century"} needs a whole number, 1 or more.`);
    return 2;
  }
  return creditEvent({ ...got.base, event: got.parsed.positional[1] as string, again: got.parsed.options.has("again"), ...(times === null ? {} : { times }), ...(century === null ? {} : { century }) }, io);
}

async function eraEndCommand(args: readonly string[], io: Io): Promise<number> {
  const got = bookArgs("gods era-end", args, ["century"], [], 1);
  if (typeof got === "string") {
    io.err(`${got}\n\n${USAGE}`);
    return 2;
  }
  const century = wholeOption(got.parsed, "century");
  if (century === undefined || century === null) {
    io.err("gods era-end needs --century N: the century that closes the era (for example --century 5).");
    return 2;
  }
  return creditEraEnd({ ...got.base, century }, io);
}

async function undoCommand(args: readonly string[], io: Io): Promise<number> {
  const got = bookArgs("gods undo", args, [], [], 1);
  if (typeof got === "string") {
    io.err(`${got}\n\n${USAGE}`);
    return 2;
  }
  return undoCredit(got.base, io);
}

async function initCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = parse(args, []);
  const problem = typeof parsed === "string" ? parsed : unknownOption(parsed, ["example"]);
  if (typeof parsed === "string" || problem !== undefined || parsed.positional.length !== 1) {
    io.err(`gods init: ${problem ?? "needs exactly one file name."}\n\n${USAGE}`);
    return 2;
  }
  return init(parsed.positional[0] as string, parsed.options.has("example"), io);
}

/** Runs the command; resolves to its exit code. */
export async function main(argv: readonly string[], io: Io = consoleIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "fn": {
      const [name, ...args] = rest;
      if (name === undefined) {
        io.err("gods fn needs a function name, for example: gods fn TOLL 7");
        return 2;
      }
      const result = runFunction(name, args);
      io.out(result.text);
      return result.code;
    }
    case "century-end":
      return centuryEndCommand(rest, io);
    case "init":
      return initCommand(rest, io);
    case "event":
      return eventCommand(rest, io);
    case "era-end":
      return eraEndCommand(rest, io);
    case "undo":
      return undoCommand(rest, io);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.err(`gods: unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}
