import * as fs from "fs";
import * as path from "path";
import { creditEraEnd, creditEvent, debitAccount, undoCredit } from "./book";
import { centuryEnd, init } from "./centuryEnd";
import { EXIT, jsonError } from "./fileJob";
import { runFunction } from "./fn";
import { renameGod, resealLedger } from "./ledger";
import { writePacket } from "./packet";
import { fightWar, growRaces, strikeDisaster, type RefereeOptions } from "./referee";
import { consoleIo, type Io } from "./io";
import { changeCards, endSession } from "./session";
import { today } from "../workbook";
import { argumentError, parse, unknownOption, usageOf, wholeOption, WRITE_FLAGS, writeBase, type Parsed } from "./args";

export type { Io };

async function centuryEndCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const fail = (message: string) => argumentError("century-end", message, io, json);
  const parsed = parse(args, ["century", "out"]);
  if (typeof parsed === "string") return fail(`gods century-end: ${parsed}`);
  const problem = unknownOption(parsed, ["century", "out", "first-century", ...WRITE_FLAGS]);
  if (problem !== undefined) return fail(`gods century-end: ${problem}`);
  const [file, ...extra] = parsed.positional;
  const centuryText = parsed.options.get("century");
  if (file === undefined || extra.length > 0) return fail("gods century-end needs exactly one workbook file.");
  if (typeof centuryText !== "string" || !/^\d{1,15}$/.test(centuryText) || Number(centuryText) < 1) {
    return argumentError("century-end", "gods century-end needs --century N, with N a whole number 1 or more (for example --century 3).", io, json, false);
  }
  return centuryEnd({ ...writeBase(parsed, file), century: Number(centuryText), firstCentury: parsed.options.has("first-century") }, io);
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
  const parsed = parse(args, ["out", ...valued]);
  if (typeof parsed === "string") return `${command}: ${parsed}`;
  const bad = unknownOption(parsed, ["out", ...WRITE_FLAGS, ...valued, ...flags]);
  if (bad !== undefined) return `${command}: ${bad}`;
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
  return creditEvent(
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
  const century = wholeOption(got.parsed, "century");
  if (century === undefined || century === null)
    return argumentError("era-end", "gods era-end needs --century N: the century that closes the era (for example --century 5).", io, json, false);
  return creditEraEnd({ ...got.base, century }, io);
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
  return debitAccount({ ...got.base, god, mana, what, again: got.parsed.options.has("again") }, io);
}

async function undoCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = bookArgs("gods undo", args, [], [], 1);
  if (typeof got === "string") return argumentError("undo", got, io, json);
  return undoCredit(got.base, io);
}

/** "RACE=VALUE" split at its last "=" (a race name may not end in one); no "=": the value is undefined. */
function raceValue(text: string): { race: string; value: string | undefined } {
  const at = text.lastIndexOf("=");
  return at < 0 ? { race: text.trim(), value: undefined } : { race: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
}

/** A number as typed after "=", or undefined when it is not one (the planner judges whole, positive and so on). */
function numberIn(value: string): number | undefined {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : undefined;
}

/** The options every referee command shares, or what is wrong with the arguments. */
/** A whole number, either sign, as a race's Military is written ("2", "-1", "+3"). */
const wholeNumberIn = (value: string): number | undefined => (/^[+-]?\d+$/.test(value) ? Number(value) : undefined);

function refereeArgs(
  command: string,
  args: readonly string[],
  valued: readonly string[],
  repeated: readonly string[],
  flags: readonly string[],
): { parsed: Parsed; base: RefereeOptions } | string {
  const parsed = parse(args, ["out", ...valued], repeated);
  if (typeof parsed === "string") return `${command}: ${parsed}`;
  const bad = unknownOption(parsed, ["out", ...WRITE_FLAGS, ...valued, ...repeated, ...flags]);
  if (bad !== undefined) return `${command}: ${bad}`;
  const [file] = parsed.positional;
  if (file === undefined) return `${command} needs a workbook file.`;
  const out = parsed.options.get("out");
  return { parsed, base: { file, json: parsed.options.has("json"), dryRun: parsed.options.has("dry-run"), ...(typeof out === "string" ? { out } : {}) } };
}

/** Values given per race with an option (--military "Low Elves=2"), each for a race named in `races`. */
function perRace(
  command: string,
  parsed: Parsed,
  option: string,
  races: readonly string[],
  read: (value: string) => string | number | undefined,
): Map<string, string | number> | string {
  const found = new Map<string, string | number>();
  for (const text of parsed.lists.get(option) ?? []) {
    const { race, value } = raceValue(text);
    const v = value === undefined ? undefined : read(value);
    if (v === undefined)
      return `${command}: --${option} "${text}" is not RACE=VALUE with a value it can use (for example --${option} "Low Elves=${option === "resistances" ? "F-2" : "2"}").`;
    const known = races.find((r) => r.trim().toLowerCase() === race.toLowerCase());
    if (known === undefined) return `${command}: --${option} names "${race}", which is not one of the races named (${races.join(", ")}).`;
    found.set(known, v);
  }
  return found;
}

async function warCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const command = "gods war";
  const got = refereeArgs(command, args, [], ["military"], ["again"]);
  const fail = (message: string) => argumentError("war", message, io, json);
  if (typeof got === "string") return fail(got);
  const sides = got.parsed.positional.slice(1).map(raceValue);
  if (sides.length !== 2)
    return fail(
      `${command} needs a workbook file and two races, each in quotes, such as gods war campaign.xlsx "Ultra-Dwarves" "Low Elves" (add =STRENGTH to a race that sends only part of its strength).`,
    );
  const strengths: (number | undefined)[] = [];
  for (const s of sides) {
    const n = s.value === undefined ? undefined : numberIn(s.value);
    if (s.value !== undefined && n === undefined)
      return fail(
        `${command}: the strength in "${s.race}=${s.value}" is not a number; write the part of its strength a race sends as RACE=N, such as "Low Elves=30".`,
      );
    strengths.push(n);
  }
  const races = sides.map((s) => s.race);
  const military = perRace(command, got.parsed, "military", races, wholeNumberIn);
  if (typeof military === "string") return fail(military);
  const side = (i: number) => {
    const s = sides[i] as { race: string };
    const m = military.get(s.race);
    const strength = strengths[i];
    return { race: s.race, ...(strength === undefined ? {} : { strength }), ...(typeof m === "number" ? { military: m } : {}) };
  };
  return fightWar({ ...got.base, order: { a: side(0), b: side(1), again: got.parsed.options.has("again") } }, io);
}

async function disasterCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const command = "gods disaster";
  const got = refereeArgs(command, args, ["element", "cause"], ["resistances", "cities", "great-cities"], ["again", "global"]);
  const fail = (message: string) => argumentError("disaster", message, io, json);
  if (typeof got === "string") return fail(got);
  const hits = got.parsed.positional.slice(1).map(raceValue);
  if (hits.length === 0)
    return fail(
      `${command} needs a workbook file and each race struck with its deaths before resistances, such as gods disaster campaign.xlsx "Sea Folk=10" --element W.`,
    );
  const deaths: number[] = [];
  for (const h of hits) {
    const n = h.value === undefined ? undefined : numberIn(h.value);
    if (n === undefined)
      return fail(
        `${command}: give the deaths of each race struck as RACE=DEATHS, such as "Sea Folk=10"; "${h.value === undefined ? h.race : `${h.race}=${h.value}`}" is not that.`,
      );
    deaths.push(n);
  }
  const struck = hits.map((h) => h.race);
  const resistances = perRace(command, got.parsed, "resistances", struck, (v) => v);
  if (typeof resistances === "string") return fail(resistances);
  const cities = perRace(command, got.parsed, "cities", struck, numberIn);
  if (typeof cities === "string") return fail(cities);
  const greatCities = perRace(command, got.parsed, "great-cities", struck, numberIn);
  if (typeof greatCities === "string") return fail(greatCities);
  const element = got.parsed.options.get("element");
  const cause = got.parsed.options.get("cause");
  const order = {
    elements: typeof element === "string" ? element : "",
    global: got.parsed.options.has("global"),
    ...(typeof cause === "string" ? { cause } : {}),
    hits: hits.map((h, i) => {
      const r = resistances.get(h.race);
      const c = cities.get(h.race);
      const g = greatCities.get(h.race);
      return {
        race: h.race,
        deaths: deaths[i] as number,
        ...(typeof r === "string" ? { resistances: r } : {}),
        ...(typeof c === "number" ? { cities: c } : {}),
        ...(typeof g === "number" ? { greatCities: g } : {}),
      };
    }),
    again: got.parsed.options.has("again"),
  };
  return strikeDisaster({ ...got.base, order }, io);
}

async function growthCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = refereeArgs("gods growth", args, [], [], []);
  if (typeof got === "string" || got.parsed.positional.length !== 1)
    return argumentError("growth", typeof got === "string" ? got : "gods growth needs exactly one workbook file.", io, json);
  return growRaces(got.base, io);
}

async function packetCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const fail = (message: string) => argumentError("packet", message, io, json);
  const parsed = parse(args, ["out"]);
  if (typeof parsed === "string") return fail(`gods packet: ${parsed}`);
  const bad = unknownOption(parsed, ["out", "json", "dry-run"]);
  if (bad !== undefined) return fail(`gods packet: ${bad}`);
  const [file, ...extra] = parsed.positional;
  if (file === undefined || extra.length > 0) return fail("gods packet needs exactly one workbook file.");
  const out = parsed.options.get("out");
  return writePacket({ file, json, dryRun: parsed.options.has("dry-run"), ...(typeof out === "string" ? { out } : {}) }, io);
}

async function sessionEndCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const command = "gods session-end";
  const fail = (message: string) => argumentError("session-end", message, io, json);
  const got = refereeArgs(command, args, ["date"], ["mana"], ["from-gods"]);
  if (typeof got === "string") return fail(got);
  if (got.parsed.positional.length !== 1) return fail(`${command} needs exactly one workbook file, and each character's mana as --mana "GOD=N".`);
  const entries: { god: string; mana: number }[] = [];
  for (const text of got.parsed.lists.get("mana") ?? []) {
    const { race: god, value } = raceValue(text);
    const mana = value === undefined ? undefined : numberIn(value);
    if (god === "" || mana === undefined)
      return argumentError(
        "session-end",
        `${command}: --mana "${text.slice(0, 80)}" is not GOD=N; write the mana a character holds, such as --mana "Vorn=12".`,
        io,
        json,
        false,
      );
    entries.push({ god, mana });
  }
  const fromGods = got.parsed.options.has("from-gods");
  if (entries.length === 0 && !fromGods)
    return fail(`${command} needs each character's mana as --mana "GOD=N", or --from-gods to take the figures typed in the Gods table's Mana column.`);
  const date = got.parsed.options.get("date");
  return endSession({ ...got.base, order: { date: typeof date === "string" ? date : today(), entries, fromGods } }, io);
}

async function cardsCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const command = "gods cards";
  const got = refereeArgs(command, args, [], [], []);
  if (typeof got === "string") return argumentError("cards", got, io, json);
  const [, god, sphere, change, ...extra] = got.parsed.positional;
  if (god === undefined || sphere === undefined || change === undefined || extra.length > 0)
    return argumentError(
      "cards",
      `${command} needs a workbook file, the god, the sphere and the cards bought or given up, such as gods cards campaign.xlsx Ares Hearth +1.`,
      io,
      json,
    );
  const n = wholeNumberIn(change);
  if (n === undefined)
    return argumentError(
      "cards",
      `${command}: "${change.slice(0, 40)}" is not a number of cards; write +N to buy N cards or -N to give them up, such as +1.`,
      io,
      json,
      false,
    );
  return changeCards({ ...got.base, order: { god, sphere, change: n } }, io);
}

async function ledgerCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const [sub, ...rest] = args;
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
  return resealLedger({ ...got.base, because }, io);
}

async function renameCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = bookArgs("gods rename", args, [], [], 3);
  if (typeof got === "string") return argumentError("rename", got, io, json);
  return renameGod({ ...got.base, from: got.parsed.positional[1] as string, to: got.parsed.positional[2] as string }, io);
}

async function initCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = parse(args, []);
  const problem = typeof parsed === "string" ? parsed : unknownOption(parsed, ["example"]);
  if (typeof parsed === "string" || problem !== undefined || parsed.positional.length !== 1)
    return argumentError("init", `gods init: ${problem ?? "needs exactly one file name."}`, io, false);
  return init(parsed.positional[0] as string, parsed.options.has("example"), io);
}

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
  war: warCommand,
  disaster: disasterCommand,
  growth: growthCommand,
  packet: packetCommand,
  ledger: ledgerCommand,
  rename: renameCommand,
  "session-end": sessionEndCommand,
  cards: cardsCommand,
  init: (args, io) => initCommand(args, io),
};

/** Runs the command; resolves to its exit code. */
export async function main(argv: readonly string[], io: Io = consoleIo): Promise<number> {
  const [command, ...rest] = argv;
  const json = rest.includes("--json");
  if (command === "--version" || command === "-v" || command === "version") {
    io.out(`gods ${version()}`);
    return EXIT.done;
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
    const [name, ...args] = rest;
    if (name === undefined) {
      io.err("gods fn needs a function name, for example: gods fn TOLL 7");
      return EXIT.badInput;
    }
    const result = runFunction(name, args);
    io.out(result.text);
    return result.code;
  }
  const run = COMMANDS[command];
  if (run === undefined) return argumentError("", `gods: unknown command "${command.slice(0, 60)}".`, io, json);
  try {
    return await run(rest, io, json);
  } catch (e) {
    // Not a refusal the command foresaw: with --json still one object, so a script can tell.
    if (!json) throw e;
    jsonError(io, `gods ${command}: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.badInput;
  }
}
