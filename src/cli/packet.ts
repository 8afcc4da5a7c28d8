/** The session packet on a workbook file: `gods packet`, the printable sheets for the table (the Earth Summary, the Character Sheets and the Charts). */
import { describeProblem, planPacket, readCampaign, warningsIn, type PacketOutcome } from "../workbook";
import { writeSheets } from "../workbook/xlsx";
import { editFile } from "./fileJob";
import type { Io } from "./io";

export interface PacketOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  /** show what would be written, and write nothing */
  readonly dryRun: boolean;
}

function report(outcome: PacketOutcome, options: PacketOptions, io: Io, target: string): void {
  const sheets = outcome.sheets.map((s) => s.name);
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(
      JSON.stringify({
        century: outcome.century,
        sheets,
        written: !options.dryRun,
        characters: outcome.characters,
        races: outcome.races.map((r) => ({
          race: r.race,
          units: r.units,
          cities: r.cities,
          greatCities: r.greatCities,
          strength: r.strength,
          pantheon: r.pantheon,
        })),
        warnings,
      }),
    );
    return;
  }
  const races = outcome.races.length;
  const strength = outcome.races.reduce((s, r) => s + r.strength, 0);
  const characters = outcome.characters.length;
  io.out(
    `Session packet for century ${outcome.century}: ${races === 1 ? "1 race" : `${races} races`}, strength ${strength} in all; ` +
      `${characters === 1 ? "1 character sheet" : `${characters} character sheets`} (${outcome.characters.map((c) => c.name).join(", ")}).`,
  );
  for (const w of warnings) io.out(`Warning: ${w}`);
  io.out(options.dryRun ? `Dry run: nothing was written to ${target} (it would write ${sheets.join(", ")}).` : `Wrote ${sheets.join(", ")} to ${target}.`);
}

/** gods packet FILE [--out OUT] [--json] [--dry-run] */
export function writePacket(options: PacketOptions, io: Io): Promise<number> {
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods packet",
      json: options.json,
      dryRun: options.dryRun,
      plan: (raw) => planPacket(readCampaign(raw)),
      write: (pkg, _raw, outcome) => writeSheets(pkg, outcome.sheets),
      refused: (n) => `The session packet was not written: the workbook has ${n} problem${n === 1 ? "" : "s"} to fix first.`,
      report: (outcome, target) => {
        report(outcome, options, io, target);
      },
    },
    io,
  );
}
