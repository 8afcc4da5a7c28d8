/** The Earth map referee's commands (gods war, disaster, growth): their arguments, and the per-race values they share with others. */
import { argumentError, parse, WRITE_FLAGS, type Parsed } from "./args";
import { fightWar, growRaces, strikeDisaster, type RefereeOptions } from "./referee";
import type { Io } from "./io";

/** "RACE=VALUE" split at its last "=" (a race name may not end in one); no "=": the value is undefined. */
export function raceValue(text: string): { race: string; value: string | undefined } {
  const at = text.lastIndexOf("=");
  return at < 0 ? { race: text.trim(), value: undefined } : { race: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
}

/** A number as typed after "=", or undefined when it is not one (the planner judges whole, positive and so on). */
export function numberIn(value: string): number | undefined {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : undefined;
}

/** A whole number, either sign, as a race's Military is written ("2", "-1", "+3"). */
export const wholeNumberIn = (value: string): number | undefined => (/^[+-]?\d+$/.test(value) ? Number(value) : undefined);

/** The options every referee command shares, or what is wrong with the arguments. */
export function refereeArgs(
  command: string,
  args: readonly string[],
  valued: readonly string[],
  repeated: readonly string[],
  flags: readonly string[],
): { parsed: Parsed; base: RefereeOptions } | string {
  const parsed = parse(args, { valued: ["out", ...valued], repeated, flags: [...WRITE_FLAGS, ...flags] });
  if (typeof parsed === "string") return `${command}: ${parsed}`;
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

export async function warCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
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

export async function disasterCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
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

export async function growthCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const got = refereeArgs("gods growth", args, [], [], []);
  if (typeof got === "string" || got.parsed.positional.length !== 1)
    return argumentError("growth", typeof got === "string" ? got : "gods growth needs exactly one workbook file.", io, json);
  return growRaces(got.base, io);
}
