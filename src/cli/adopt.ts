/**
 * `gods adopt`: a campaign kept by hand brought in. Its sheets are read as they are and a proposal
 * is shown (where each column of each campaign table comes from, how many rows, the first, what
 * was skipped and why, each account's opening carry); what was guessed waits for the gamemaster's
 * yes. Written, the campaign's tables sit beside the gamemaster's sheets (which stay byte for
 * byte as they were), and the Ledger opens with one credit of the balances carried.
 */
import * as fs from "fs";
import * as path from "path";
import {
  adoptionWords,
  describeProblem,
  errorsIn,
  openActionProblems,
  openedSentence,
  openingLine,
  planOpening,
  proposeAdoption,
  readCampaign,
  warningsIn,
  type Adoption,
  type CreditOutcome,
  type Problem,
} from "../workbook";
import { FileProblem, openPackage, readHandSheets, readPackage, savePackage, writePlan, writeTableEdits } from "../workbook/xlsx";
import { EXIT, jsonError, problemLines } from "./answers";
import { CampaignFileError, checkNotOpenElsewhere, checkNotTheWorkbook, checkWritable, readFile, realFile, withLock, writeFile } from "./campaignFile";
import type { Io } from "./io";

export interface AdoptOptions {
  readonly file: string;
  readonly out?: string;
  readonly json: boolean;
  readonly dryRun: boolean;
  readonly acceptWarnings: boolean;
  readonly century: number;
  readonly carry: readonly (readonly [string, string])[];
  /** a file of the mapping, in the shape --dry-run --json prints */
  readonly map?: string;
}

const COMMAND = "gods adopt";

/** The proposal as --dry-run --json prints it, and as --map takes it back. */
function proposalJson(adoption: Adoption, opening: CreditOutcome | undefined): Record<string, unknown> {
  return {
    century: adoption.century,
    sheets: adoption.sheets,
    tables: adoption.tables,
    skipped: adoption.skipped,
    opening: adoption.opening,
    ...(opening === undefined ? {} : { ledger: opening.payments.map((p) => ({ god: p.god, earned: p.earned, paid: p.paid, carry: p.carry })) }),
    guesses: adoption.guesses,
    nothingNew: adoption.nothingNew,
  };
}

/** The proposal in lines, as a person reads it before anything is written. */
function proposalLines(adoption: Adoption, opens = !adoption.again): string[] {
  const lines: string[] = [`Your sheets, read as they are (the last century paid by hand: ${adoption.century}):`];
  for (const s of adoption.sheets) {
    const how =
      s.readAs === "leave out"
        ? `left out${s.why === undefined ? "" : `: ${s.why}`}`
        : `read as ${s.readAs}${s.century === undefined ? "" : `, century ${s.century}`}; headers in row ${s.headerRow}${s.titleRows === undefined ? "" : ` (title ${s.titleRows} skipped)`}${s.kept === true ? "; as brought in before" : ""}`;
    lines.push(`  '${s.sheet}': ${how}`);
  }
  for (const t of adoption.tables) {
    if (t.sources.length === 0 && t.rows === 0) {
      lines.push(`${t.table}: no rows${t.before > 0 ? ` new (${t.before} brought in before)` : ""}`);
      continue;
    }
    lines.push(`${t.table}: ${t.rows} row${t.rows === 1 ? "" : "s"}${t.before > 0 ? ` new (${t.before} brought in before)` : ""}`);
    for (const s of t.sources) {
      lines.push(`  from '${s.sheet}' (${s.rows} row${s.rows === 1 ? "" : "s"}):`);
      for (const c of s.columns) lines.push(`    ${c.column} ← ${c.from}`);
      if (s.first !== undefined)
        lines.push(
          `    first: ${Object.entries(s.first)
            .map(([k, v]) => `${k} ${v === null ? "(blank)" : String(v)}`)
            .join(", ")}`,
        );
    }
  }
  if (adoption.skipped.length > 0) {
    lines.push("Skipped:");
    for (const s of adoption.skipped) lines.push(`  '${s.sheet}' row ${s.row}: ${s.why}`);
  }
  if (opens) {
    lines.push(
      adoption.opening.length === 0
        ? `Opening balances at century ${adoption.century}: every account carries 0.`
        : `Opening balances at century ${adoption.century}, one credit in the Ledger ("brought in at century ${adoption.century}"):`,
    );
    for (const o of adoption.opening) lines.push(`  ${openingLine(o)}`);
  }
  return lines;
}

function refuse(io: Io, json: boolean, first: string, errors: readonly Problem[], warnings: readonly Problem[] = [], words = describeProblem): number {
  if (json) jsonError(io, first, errors, warnings);
  else {
    io.err(first);
    for (const line of problemLines(errors.map(words), "- ")) io.err(line);
  }
  return EXIT.badInput;
}

export async function adopt(options: AdoptOptions, io: Io): Promise<number> {
  const fail = (message: string): number => refuse(io, options.json, `${COMMAND}: ${message}`, []);
  try {
    let map: unknown;
    if (options.map !== undefined) {
      try {
        map = JSON.parse(fs.readFileSync(options.map, "utf8")) as unknown;
      } catch (e) {
        return fail(
          `the map ${options.map} cannot be read as JSON (${e instanceof Error ? e.message.slice(0, 120) : "unreadable"}); give the file gods adopt --dry-run --json printed, changed where needed.`,
        );
      }
    }
    const real = realFile(options.file);
    if (options.out !== undefined) checkNotTheWorkbook(real, options.out, "out", options.file);
    const target = options.out === undefined ? real : fs.existsSync(options.out) ? realFile(options.out) : path.resolve(options.out);
    const work = async (): Promise<number> => {
      const read = readFile(real);
      const pkg = openPackage(read.bytes, options.file);
      const raw = readPackage(pkg);
      const open = openActionProblems(raw);
      if (open.length > 0) return refuse(io, options.json, `${COMMAND}: an action of the add-in stopped part-way in this workbook. Nothing was written.`, open);
      const sheets = readHandSheets(pkg);
      const adoption = proposeAdoption(raw, sheets, { century: options.century, carry: options.carry, ...(map === undefined ? {} : { map }) });
      const errors = errorsIn(adoption.problems);
      if (errors.length > 0) {
        if (!options.json) for (const line of proposalLines(adoption)) io.err(line);
        return refuse(
          io,
          options.json,
          `${COMMAND}: your sheets cannot be brought in as read: ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix first. Nothing was written.`,
          errors,
          warningsIn(adoption.problems),
          (p) => adoptionWords(adoption, undefined, p),
        );
      }
      // The tables added beside the sheets, then the campaign read back as it then stands.
      const added = writeTableEdits(pkg, adoption.workbook, adoption.edits);
      const after = openPackage(savePackage(added, pkg), options.file);
      const rawAfter = readPackage(after);
      const campaign = readCampaign(rawAfter);
      const opening = adoption.again ? undefined : planOpening(campaign, adoption);
      const later = [...(opening?.problems ?? campaign.problems)].filter((p) => !adoption.problems.includes(p));
      const laterErrors = errorsIn(later);
      if (laterErrors.length > 0) {
        if (!options.json) for (const line of proposalLines(adoption)) io.err(line);
        return refuse(
          io,
          options.json,
          `${COMMAND}: the campaign as brought in would have ${laterErrors.length} problem${laterErrors.length === 1 ? "" : "s"}; correct your sheets (or the mapping, --map) first. Nothing was written.`,
          laterErrors,
          warningsIn(later),
          (p) => adoptionWords(adoption, rawAfter, p),
        );
      }
      const warnings = [...warningsIn(adoption.problems), ...warningsIn(later)];
      const guessed = adoption.guesses.length > 0 && !options.acceptWarnings;
      if (options.json) {
        const answer = { ...proposalJson(adoption, opening), warnings: warnings.map(describeProblem) };
        io.out(
          JSON.stringify(
            guessed
              ? {
                  error: `${COMMAND}: the proposal guessed ${adoption.guesses.length === 1 ? "once" : `${adoption.guesses.length} times`}; nothing was written.`,
                  problems: [],
                  ...answer,
                }
              : { ...answer, ...(options.dryRun ? {} : { written: options.out ?? options.file }) },
          ),
        );
      } else {
        for (const line of proposalLines(adoption, opening?.plan !== undefined)) io.out(line);
        for (const line of problemLines(warnings.map(describeProblem), "Warning: ")) io.out(line);
      }
      if (guessed) {
        if (!options.json) {
          io.err(`${adoption.guesses.length === 1 ? "A guess" : `${adoption.guesses.length} guesses`} in the proposal, so nothing was written:`);
          for (const g of adoption.guesses) io.err(`- ${g}`);
          io.err(
            "If they are right, add --accept-warnings; if not, save the proposal (--dry-run --json > map.json), correct it, and give it with --map map.json.",
          );
        }
        return EXIT.payWarnings;
      }
      if (!options.dryRun && !adoption.nothingNew) {
        const parts = opening?.plan === undefined ? added : writePlan(after, rawAfter, opening.plan);
        await writeFile(target, savePackage(parts, after), target === real ? read : undefined);
      }
      if (!options.json)
        io.out(
          options.dryRun
            ? `Dry run: nothing was written to ${options.out ?? options.file}.`
            : adoption.nothingNew
              ? `Nothing new: every row of your sheets was brought in already; ${options.out ?? options.file} was not changed.`
              : `${adoption.message.charAt(0).toUpperCase()}${adoption.message.slice(1)}${opening?.plan === undefined ? "" : ` ${openedSentence(adoption.century, adoption.opening, opening)}`} Written to ${options.out ?? options.file}; the next century end is ${adoption.century + 1}.`,
        );
      return EXIT.done;
    };
    if (options.dryRun) return await work();
    checkNotOpenElsewhere(target);
    checkWritable(target, options.out ?? options.file);
    return await withLock(real, work, {
      target,
      say: (line) => {
        io.err(`${COMMAND}: ${line}`);
      },
    });
  } catch (e) {
    if (e instanceof CampaignFileError || e instanceof FileProblem) return fail(e.message);
    throw e;
  }
}
