import * as fs from "fs";
import * as path from "path";
import { EXIT, jsonError } from "./answers";
import { didYouMean } from "../engine/names";
import { consoleIo, type Io } from "./io";
import { argumentError, parse, usageOf, wholeOption, WRITE_FLAGS, writeBase, type Parsed } from "./args";

// Each command's code is loaded when that command runs: `gods fn TOLL 7` loads the functions, not
// the workbook's reading and writing.
const book = () => import("./book");
const files = () => import("./centuryEnd");
const ledger = () => import("./ledger");
const referee = () => import("./refereeCommands");
const session = () => import("./sessionCommands");

export type { Io };

async function centuryEndCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const fail = (message: string) => argumentError("century-end", message, io, json);
  const parsed = parse(args, { valued: ["century", "out"], flags: ["first-century", ...WRITE_FLAGS] });
  if (typeof parsed === "string") return fail(`gods century-end: ${parsed}`);
  const [file, ...extra] = parsed.positional;
  const centuryText = parsed.options.get("century");
  // `gods century-end campaign.xlsx 4`: the century given without its --century.
  const [bare, ...more] =
    parsed.positional.length === 2 && centuryText === undefined ? parsed.positional.filter((p) => /^\d{1,15}$/.test(p) && Number(p) >= 1) : [];
  if (bare !== undefined && more.length === 0)
    return argumentError(
      "century-end",
      `gods century-end: ${bare} looks like the century; give it as --century ${bare} (for example gods century-end campaign.xlsx --century ${bare}).`,
      io,
      json,
      false,
    );
  if (file === undefined || extra.length > 0) return fail("gods century-end needs exactly one workbook file.");
  if (centuryText === undefined) return argumentError("century-end", (await import("./inPlay")).centuryNeeded(file), io, json, false);
  if (typeof centuryText !== "string" || !/^\d{1,15}$/.test(centuryText) || Number(centuryText) < 1) {
    return argumentError("century-end", "gods century-end needs --century N, with N a whole number 1 or more (for example --century 3).", io, json, false);
  }
  return (await files()).centuryEnd({ ...writeBase(parsed, file), century: Number(centuryText), firstCentury: parsed.options.has("first-century") }, io);
}

/** The options every book command shares, or what is wrong with the arguments. */
function bookArgs(
  command: string,
  args: readonly string[],
  valued: readonly string[],
  flags: readonly string[],
  positionals: number,
  need?: string,
): { parsed: Parsed; base: ReturnType<typeof writeBase> } | string {
  const parsed = parse(args, { valued: ["out", ...valued], flags: [...WRITE_FLAGS, ...flags] });
  if (typeof parsed === "string") return `${command}: ${parsed}`;
  const [file] = parsed.positional;
  const needs: Record<number, string> = {
    1: "exactly one workbook file",
    2: 'a workbook file and the event\'s name in quotes (gods event campaign.xlsx "God obliterated")',
    3: 'a workbook file, the old name and the new one, each in quotes (gods rename campaign.xlsx "Thundrer" "Thunderer")',
  };
  if (file === undefined || parsed.positional.length !== positionals) return `${command} needs ${need ?? needs[positionals] ?? "a workbook file"}.`;
  return { parsed, base: writeBase(parsed, file) };
}

async function eventCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const fail = (message: string) => argumentError("event", message, io, json);
  const got = bookArgs("gods event", args, ["times", "century"], ["again"], 2);
  if (typeof got === "string") return fail(got);
  const times = wholeOption(got.parsed, "times");
  const century = wholeOption(got.parsed, "century");
  if (times === undefined || century === undefined)
    return argumentError("event", `gods event: --${times === undefined ? "times" : "century"} needs a whole number, 1 or more.`, io, json, false);
  return (await book()).creditEvent(
    {
      ...got.base,
      event: got.parsed.positional[1] as string,
      again: got.parsed.options.has("again"),
      ...(times === null ? {} : { times }),
      ...(century === null ? {} : { century }),
    },
    io,
  );
}

async function eraEndCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const fail = (message: string) => argumentError("era-end", message, io, json);
  const got = bookArgs("gods era-end", args, ["century"], [], 1);
  if (typeof got === "string") return fail(got);
  // Century 0: Era Aleph's end, before the first century.
  const century = /^0{1,15}$/.test(String(got.parsed.options.get("century"))) ? 0 : wholeOption(got.parsed, "century");
  if (century === null) return argumentError("era-end", (await import("./inPlay")).eraCenturyNeeded(got.base.file), io, json, false);
  if (century === undefined)
    return argumentError(
      "era-end",
      "gods era-end needs --century N: the century that closes the era (for example --century 5), or 0 for Era Aleph's end, before the first century.",
      io,
      json,
      false,
    );
  return (await book()).creditEraEnd({ ...got.base, century }, io);
}

async function debitCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = bookArgs(
    "gods debit",
    args,
    ["what"],
    ["again"],
    3,
    'a workbook file, the character and the mana it loses (gods debit campaign.xlsx Vorn 5 --what "Lord\'s loss")',
  );
  if (typeof got === "string") return argumentError("debit", got, io, json);
  const what = got.parsed.options.get("what");
  if (typeof what !== "string" || what.trim() === "")
    return argumentError(
      "debit",
      'gods debit needs --what "REASON": why the mana is taken (for example --what "Lord\'s loss"); it is kept in the Ledger.',
      io,
      json,
      false,
    );
  const [, god, mana] = got.parsed.positional as [string, string, string];
  return (await book()).debitAccount({ ...got.base, god, mana, what, again: got.parsed.options.has("again") }, io);
}

async function undoCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = bookArgs("gods undo", args, [], [], 1);
  if (typeof got === "string") return argumentError("undo", got, io, json);
  return (await book()).undoCredit(got.base, io);
}

async function ledgerCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "restart") return ledgerRestartCommand(rest, io, json);
  if (sub !== "reseal")
    return argumentError(
      "ledger",
      `gods ledger: the only action is reseal (gods ledger reseal FILE --because "…"), not "${(sub ?? "").slice(0, 40)}".`,
      io,
      json,
    );
  const got = bookArgs("gods ledger reseal", rest, ["because"], [], 1);
  if (typeof got === "string") return argumentError("ledger", got, io, json);
  const because = got.parsed.options.get("because");
  if (typeof because !== "string" || because.trim() === "")
    return argumentError("ledger", 'gods ledger reseal needs --because "…": why the book is corrected (it is kept in the Ledger).', io, json, false);
  return (await ledger()).resealLedger({ ...got.base, because }, io);
}

async function ledgerRestartCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const parsed = parse(args, { valued: ["century", "out"], repeated: ["carry"], flags: WRITE_FLAGS });
  if (typeof parsed === "string") return argumentError("ledger", `gods ledger restart: ${parsed}`, io, json);
  const [file, ...extra] = parsed.positional;
  if (file === undefined || extra.length > 0) return argumentError("ledger", "gods ledger restart needs exactly one workbook file.", io, json);
  const century = wholeOption(parsed, "century");
  if (century === undefined) return argumentError("ledger", "gods ledger restart: --century takes a whole number of centuries.", io, json, false);
  const carries: { god: string; carry: string }[] = [];
  for (const c of parsed.lists.get("carry") ?? []) {
    const at = c.lastIndexOf("=");
    if (at <= 0) return argumentError("ledger", `gods ledger restart: --carry takes GOD=AMOUNT (--carry Vorn=0.79), not "${safeWord(c)}".`, io, json, false);
    carries.push({ god: c.slice(0, at).trim(), carry: c.slice(at + 1).trim() });
  }
  return (await ledger()).restartLedger({ ...writeBase(parsed, file), carries, ...(century === null ? {} : { century }) }, io);
}

async function renameCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = bookArgs("gods rename", args, [], [], 3);
  if (typeof got === "string") return argumentError("rename", got, io, json);
  return (await ledger()).renameGod({ ...got.base, from: got.parsed.positional[1] as string, to: got.parsed.positional[2] as string }, io);
}

async function recoverCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = bookArgs("gods recover", args, [], ["below-typed-rows", "keep-changes", "set-aside"], 1);
  if (typeof got === "string") return argumentError("recover", got, io, json);
  const [below, aside] = [got.parsed.options.has("below-typed-rows") || got.parsed.options.has("keep-changes"), got.parsed.options.has("set-aside")];
  if (below && aside) return argumentError("recover", "gods recover: --below-typed-rows and --set-aside are two different choices; give one.", io, json, false);
  return (await import("./recover")).recover({ ...got.base, belowTypedRows: below, setAside: aside }, io);
}

async function adoptCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const parsed = parse(args, { valued: ["century", "out", "map"], repeated: ["carry"], flags: WRITE_FLAGS });
  if (typeof parsed === "string") return argumentError("adopt", `gods adopt: ${parsed}`, io, json);
  const [file, ...extra] = parsed.positional;
  if (file === undefined || extra.length > 0) return argumentError("adopt", "gods adopt needs exactly one workbook file.", io, json);
  const century = wholeOption(parsed, "century");
  if (century === undefined || century === null)
    return argumentError(
      "adopt",
      "gods adopt needs --century N: the last century you paid by hand (the add-in's first century end is the next one).",
      io,
      json,
      false,
    );
  const carry: [string, string][] = [];
  for (const c of parsed.lists.get("carry") ?? []) {
    const at = c.lastIndexOf("=");
    if (at <= 0) return argumentError("adopt", `gods adopt: --carry takes GOD=AMOUNT (--carry Vorn=0.79), not "${safeWord(c)}".`, io, json, false);
    carry.push([c.slice(0, at).trim(), c.slice(at + 1).trim()]);
  }
  const map = parsed.options.get("map");
  return (await import("./adopt")).adopt({ ...writeBase(parsed, file), century, carry, ...(typeof map === "string" ? { map } : {}) }, io);
}

async function initCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = parse(args, { flags: ["example", "dry-run"], valued: ["out"] });
  if (typeof parsed === "string" || parsed.positional.length !== 1)
    return argumentError("init", `gods init: ${typeof parsed === "string" ? parsed : "needs exactly one file name."}`, io, false);
  const out = parsed.options.get("out");
  return (await files()).init(parsed.positional[0] as string, parsed.options.has("example"), io, {
    ...(typeof out === "string" ? { out } : {}),
    dryRun: parsed.options.has("dry-run"),
  });
}

/** A word someone typed, short and with no control character, for a message. */
const safeWord = (word: string): string => word.slice(0, 60).replace(/[\u0000-\u001f\u007f]/g, "?");

/** The version of gods: the project's, from package.json. */
function version(): string {
  // From src/cli (tests) and build/cli (the command) alike, package.json is two folders up.
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

const COMMANDS: Readonly<Record<string, (args: readonly string[], io: Io, json: boolean) => Promise<number>>> = {
  "century-end": centuryEndCommand,
  event: eventCommand,
  "era-end": eraEndCommand,
  debit: debitCommand,
  undo: undoCommand,
  war: async (args, io, json) => (await referee()).warCommand(args, io, json),
  disaster: async (args, io, json) => (await referee()).disasterCommand(args, io, json),
  growth: async (args, io, json) => (await referee()).growthCommand(args, io, json),
  packet: async (args, io, json) => (await session()).packetCommand(args, io, json),
  ledger: ledgerCommand,
  rename: renameCommand,
  "session-end": async (args, io, json) => (await session()).sessionEndCommand(args, io, json),
  cards: async (args, io, json) => (await session()).cardsCommand(args, io, json),
  recover: recoverCommand,
  init: (args, io) => initCommand(args, io),
  adopt: adoptCommand,
};

/** Runs the command; resolves to its exit code. */
export async function main(argv: readonly string[], io: Io = consoleIo): Promise<number> {
  const [command, ...rest] = argv;
  const json = rest.includes("--json");
  if (command === "--version" || command === "-v" || command === "version") {
    io.out(`gods ${version()}`);
    return EXIT.done;
  }
  // gods help fn NAME, or gods fn NAME --help: that function's help page.
  const fnHelp = command === "help" && rest[0] === "fn" ? rest[1] : command === "fn" && (rest.includes("--help") || rest.includes("-h")) ? rest[0] : undefined;
  if (fnHelp !== undefined && !fnHelp.startsWith("-")) {
    const help = (await import("./fn")).functionHelp(fnHelp);
    if (help.code === 0) io.out(help.text);
    else io.err(help.text);
    return help.code === 0 ? EXIT.done : EXIT.badInput;
  }
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    io.out(usageOf(rest[0] ?? ""));
    return command === undefined ? EXIT.badInput : EXIT.done;
  }
  // gods CMD --help: that command's usage (before anything else is looked at).
  if ((command in COMMANDS || command === "fn") && (rest.includes("--help") || rest.includes("-h"))) {
    io.out(usageOf(command));
    return EXIT.done;
  }
  if (command === "fn") {
    // --json (anywhere after the name) asks for one JSON object; it is no argument of the function.
    const [name, ...args] = rest.filter((a) => a !== "--json");
    if (name === undefined) {
      if (json) jsonError(io, "gods fn needs a function name, for example: gods fn TOLL 7");
      else io.err("gods fn needs a function name, for example: gods fn TOLL 7");
      return EXIT.badInput;
    }
    const result = (await import("./fn")).runFunction(name, args, json);
    io.out(result.text);
    return result.code;
  }
  const run = COMMANDS[command];
  if (run === undefined) {
    // A misspelt command: one line, the likely one, and where the list is (not the whole help).
    const near = didYouMean(command, [...Object.keys(COMMANDS), "fn", "help"]);
    const message = `gods: unknown command "${safeWord(command)}".${near} gods help lists every command.`;
    if (json) jsonError(io, message);
    else io.err(message);
    return EXIT.badInput;
  }
  try {
    return await run(rest, io, json);
  } catch (e) {
    // Not a refusal the command foresaw: with --json still one object, so a script can tell.
    if (!json) throw e;
    jsonError(io, `gods ${command}: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.badInput;
  }
}
