/** The session packet on a workbook file: `gods packet`, the printable sheets for the table (the Earth Summary, the Character Sheets and the Charts). */
import { describeProblem, fittedToWidth, planPacket, plannedPages, warningsIn, type PacketOutcome } from "../workbook";
import { moveSheetsToEnd, savePackage, keepOnlySheets, writeSheets } from "../workbook/xlsx";
import { editFile } from "./fileJob";
import { printToPdf } from "./pdf";
import type { Io } from "./io";
import { problemLines } from "./answers";

export interface PacketOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  /** show what would be written, and write nothing */
  readonly dryRun: boolean;
  /** also print the packet to this PDF file, with LibreOffice */
  readonly pdf?: string;
}

function report(outcome: PacketOutcome, options: PacketOptions, io: Io, target: string, pages: number | undefined): void {
  const sheets = outcome.sheets.map((s) => s.name);
  const warnings = warningsIn(outcome.problems).map(describeProblem);
  if (options.json) {
    io.out(
      JSON.stringify({
        century: outcome.century,
        sheets,
        written: !options.dryRun,
        ...(options.pdf === undefined ? {} : { pdf: options.dryRun ? null : { file: options.pdf, pages } }),
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
  for (const line of problemLines(warnings, "Warning: ")) io.out(line);
  io.out(options.dryRun ? `Dry run: nothing was written to ${target} (it would write ${sheets.join(", ")}).` : `Wrote ${sheets.join(", ")} to ${target}.`);
  if (options.pdf !== undefined && pages !== undefined && !options.dryRun)
    io.out(`Printed the packet to ${options.pdf}: ${pages === 1 ? "1 page" : `${pages} pages`}.`);
}

/** gods packet FILE [--out OUT] [--pdf OUT.pdf] [--json] [--dry-run] */
export function writePacket(options: PacketOptions, io: Io): Promise<number> {
  let pages: number | undefined;
  return editFile(
    {
      file: options.file,
      ...(options.out === undefined ? {} : { out: options.out }),
      command: "gods packet",
      json: options.json,
      dryRun: options.dryRun,
      plan: (_raw, read) => planPacket(read),
      ...(options.pdf === undefined ? {} : { outputs: [["pdf", options.pdf]] as const }),
      write: async (pkg, _raw, outcome) => {
        // The packet's sheets together at the end, in their order: they print as one.
        const names = outcome.sheets.map((s) => s.name);
        const parts = moveSheetsToEnd(writeSheets(pkg, outcome.sheets), names);
        if (options.pdf !== undefined) {
          // A copy holding only the packet's sheets (values and charts of their own) is printed; the workbook keeps every sheet.
          // In the copy each sheet fits one page's width, whatever the fonts of the machine that prints it.
          const printed = outcome.sheets.map(fittedToWidth);
          const copy = keepOnlySheets(moveSheetsToEnd(writeSheets(pkg, printed), names), names);
          pages = await printToPdf(
            savePackage(copy),
            options.pdf,
            printed.reduce((n, s) => n + plannedPages(s), 0),
          );
        }
        return parts;
      },
      refused: (n) => `The session packet was not written: the workbook has ${n} problem${n === 1 ? "" : "s"} to fix first.`,
      report: (outcome, target) => {
        report(outcome, options, io, target, pages);
      },
    },
    io,
  );
}
