/** The commands between sessions: the session packet (gods packet), what characters hold at a session's end (gods session-end) and cards bought (gods cards). */
import { isDate, today } from "../workbook";
import { argumentError, parse } from "./args";
import type { Io } from "./io";
import { writePacket } from "./packet";
import { numberIn, raceValue, refereeArgs, wholeNumberIn } from "./refereeCommands";
import { changeCards, endSession } from "./session";

export async function packetCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const fail = (message: string) => argumentError("packet", message, io, json);
  const parsed = parse(args, { valued: ["out", "pdf"], flags: ["json", "dry-run"] });
  if (typeof parsed === "string") return fail(`gods packet: ${parsed}`);
  const [file, ...extra] = parsed.positional;
  if (file === undefined || extra.length > 0) return fail("gods packet needs exactly one workbook file.");
  const out = parsed.options.get("out");
  const pdf = parsed.options.get("pdf");
  if (pdf !== undefined && (typeof pdf !== "string" || !pdf.toLowerCase().endsWith(".pdf")))
    return argumentError("packet", "gods packet: --pdf needs the PDF file to write, ending in .pdf (for example --pdf packet.pdf).", io, json, false);
  return writePacket(
    { file, json, dryRun: parsed.options.has("dry-run"), ...(typeof out === "string" ? { out } : {}), ...(typeof pdf === "string" ? { pdf } : {}) },
    io,
  );
}

export async function sessionEndCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
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
  // The day was typed on the command line: said of the option, not of the Sessions table it would have gone into.
  if (typeof date === "string" && !isDate(date.trim()))
    return argumentError(
      "session-end",
      `${command}: --date "${date.slice(0, 40)}" is not a date: write the session's day as YYYY-MM-DD, such as --date 2026-03-14.`,
      io,
      json,
      false,
    );
  return endSession({ ...got.base, order: { date: typeof date === "string" ? date : today(), entries, fromGods } }, io);
}

export async function cardsCommand(args: readonly string[], io: Io, json: boolean): Promise<number> {
  const command = "gods cards";
  const got = refereeArgs(command, args, [], [], ["waiting"]);
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
  const waiting = got.parsed.options.has("waiting");
  return changeCards({ ...got.base, order: { god, sphere, change: n, ...(waiting ? { waiting } : {}) } }, io);
}
