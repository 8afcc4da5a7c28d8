/**
 * Bringing in a campaign kept by hand, inside Excel: the gamemaster's sheets read as they are
 * (every sheet's values, as Excel last calculated them, and its merged areas, in one request),
 * the same proposal the command line makes (actions/adopt), and, once the gamemaster has seen
 * it, one operation of the journal that adds the campaign's tables beside the sheets and opens
 * the Ledger with what each account carried. The pane loads this on first use only.
 */
import type { ContextApi, MergedAreasApi, RangeApi } from "./api";
import { parseArea, type Area } from "../model/address";
import { errorsIn, tableError, WORKBOOK, type Problem } from "../model/problems";
import type { RawCell, RawWorkbook } from "../model/raw";
import { LEDGER } from "../model/schema";
import { applyEdits, type TableEdit } from "../plan/edits";
import { bookWrite, editItems } from "../plan/commit";
import { readCampaign } from "../read/campaign";
import { creditKey } from "../read/twice";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import type { CreditOutcome } from "../actions/credit";
import { openedLine, openedSentence, openingLine, planOpening, proposeAdoption, type Adoption } from "../actions/adopt/plan";
import type { HandSheet } from "../actions/adopt/types";
import { exclusive, settledBy, withRetry, type ActionOptions, type ExcelRun, type JournalOptions, type Settled } from "./actions";
import { journaled, type JournalWrite } from "./journal";
import { rawCell } from "./read";
import { readError } from "./stopped";
import { afterCenturyEnd } from "../plan/after";
import { adoptWords } from "../actions/adopt/again";

/** The columns of a sheet read, from A: as many as the file adapter reads, so that both propose alike. */
const HAND_COLUMNS = 64;

/** Where each merged area is, from a RangeAreas address: "'Deaths C1'!A1:E1, 'Deaths C1'!A9:C9". */
export function mergedAreas(address: string): Area[] {
  const out: Area[] = [];
  // Each area ends its sheet's name with "!"; a sheet's name may hold ", " but never "!" after its quote.
  for (const m of address.matchAll(/!(\$?[A-Z]+\$?\d+(?::\$?[A-Z]+\$?\d+)?)(?=,\s*|$)/gi)) {
    const area = parseArea(m[1] as string);
    if (area !== null) out.push(area);
  }
  return out;
}

/**
 * Every sheet of the workbook (besides those `skip` names) as it is: its cells from A1, as Excel
 * shows them (a formula's value as last calculated: Excel always has one, so nothing is unsaved;
 * an empty cell is blank, as Excel gives it as ""),
 * and its merged areas (unless `merges` is false: an Excel without ExcelApi 1.13 cannot tell them).
 * One request for all the sheets.
 */
export async function readHandSheetsIn(
  context: ContextApi,
  names: readonly string[],
  options: { readonly merges?: boolean; readonly skip?: (name: string) => boolean } = {},
): Promise<HandSheet[]> {
  const reads: { name: string; used: RangeApi; merged?: MergedAreasApi }[] = [];
  for (const name of names) {
    if (options.skip?.(name) === true) continue;
    const used = context.workbook.worksheets.getItem(name).getUsedRange(true);
    reads.push({
      name,
      used: used.load("values,rowIndex,columnIndex"),
      ...(options.merges === false ? {} : { merged: used.getMergedAreasOrNullObject().load("address") }),
    });
  }
  await context.sync();
  return reads.map(({ name, used, merged }) => {
    const rows: RawCell[][] = [
      ...Array.from({ length: used.rowIndex }, () => [] as RawCell[]),
      ...used.values.map((r) =>
        [...Array.from({ length: used.columnIndex }, () => null), ...r.map((v) => (v === "" ? null : rawCell(v)))].slice(0, HAND_COLUMNS),
      ),
    ].map((r) => {
      let end = r.length;
      while (end > 0 && (r[end - 1] === null || r[end - 1] === "")) end--;
      return r.slice(0, end);
    });
    // An empty sheet's used range is A1, blank: no rows, as the file adapter reads it.
    while (rows.length > 0 && (rows[rows.length - 1] as RawCell[]).length === 0) rows.pop();
    return { name, rows, merges: merged === undefined || merged.isNullObject ? [] : mergedAreas(merged.address), unsaved: [] };
  });
}

/** What the gamemaster answered: the last century paid by hand, the carries typed, how to read the sheets. */
export interface AdoptAsked {
  readonly century: number;
  readonly carry?: readonly (readonly [god: string, amount: string])[];
  /** the proposal's sheets, changed where the gamemaster changed them */
  readonly map?: unknown;
}

export interface AdoptionInExcel {
  readonly adoption: Adoption;
  /** the opening credit as it would be written (none when brought in before) */
  readonly opening?: CreditOutcome;
  /** what stops the writing: the proposal's errors, then those of the campaign as brought in */
  readonly errors: readonly Problem[];
  readonly warnings: readonly Problem[];
  readonly written: boolean;
  /** what was done, in a sentence, once written */
  readonly message: string;
  /** once written with the Ledger's opening: each account's carry as written ("Vorn carries 0.79, Kettu owes 2.5") */
  readonly opened?: string;
  readonly status: CampaignStatus;
}

/**
 * Each new table on a sheet of its own: where the gamemaster has a sheet of the table's name (their
 * "Gods"), the table goes on "Gods (2)", as the file adapter puts it, and their sheet stays.
 */
function besideTheirs(raw: RawWorkbook, edits: readonly TableEdit[]): TableEdit[] {
  const taken = new Set(raw.sheetNames.map((n) => n.toLowerCase()));
  return edits.map((e) => {
    if (e.kind !== "create") return e;
    let sheet = e.layout.name;
    for (let n = 2; taken.has(sheet.toLowerCase()); n++) sheet = `${e.layout.name} (${n})`;
    taken.add(sheet.toLowerCase());
    return sheet === e.layout.name ? e : { ...e, sheet };
  });
}

/** The proposal and the opening it leads to, worked out from the workbook and its sheets as read. */
function propose(raw: RawWorkbook, sheets: readonly HandSheet[], asked: AdoptAsked) {
  const adoption = proposeAdoption(raw, sheets, {
    century: asked.century,
    ...(asked.carry === undefined ? {} : { carry: asked.carry }),
    ...(asked.map === undefined ? {} : { map: asked.map }),
  });
  const errors = errorsIn(adoption.problems);
  if (errors.length > 0) return { adoption, edits: adoption.edits, errors, warnings: adoption.problems.filter((p) => !errors.includes(p)) };
  const edits = besideTheirs(adoption.workbook, adoption.edits);
  const after = applyEdits(adoption.workbook, edits);
  const campaign = readCampaign(after);
  const opening = adoption.again ? undefined : planOpening(campaign, adoption);
  const later = [...(opening?.problems ?? campaign.problems)].filter((p) => !adoption.problems.includes(p));
  const all = [...adoption.problems, ...later];
  const laterErrors = errorsIn(later);
  return { adoption, edits, opening, after, errors: laterErrors, warnings: all.filter((p) => !errorsIn(all).includes(p)) };
}

/** What the pane shows of a proposal to tell whether the sheets changed after it was shown. */
export function proposalKey(adoption: Adoption): string {
  return JSON.stringify([adoption.century, adoption.sheets, adoption.tables, adoption.skipped, adoption.opening, adoption.guesses]);
}

export interface AdoptOptions extends JournalOptions {
  /** propose only: read and show, write nothing */
  readonly dryRun?: boolean;
  /** the proposal the gamemaster saw (proposalKey): nothing is written when the sheets now read otherwise */
  readonly expected?: string;
  /** whether this Excel can tell merged cells (ExcelApi 1.13): without, a name merged down over rows reads in its first row only */
  readonly merges?: boolean;
}

/**
 * Reads the workbook and the gamemaster's sheets, proposes how to bring them in, and (unless a
 * dry run) writes it as one operation of the journal: the tables beside the sheets, then the
 * Ledger's opening credit. Three round trips to read (the campaign's two, the sheets' one), then
 * the journal's own.
 */
export function bringInRecords(run: ExcelRun, asked: AdoptAsked, options: AdoptOptions = {}): Promise<AdoptionInExcel | Settled> {
  return exclusive("bringing in your records", async () => {
    // The sheets are read first, in a request of their own: the journal plans from a workbook read in one go.
    let sheets: HandSheet[];
    try {
      sheets = await withRetry(
        run,
        async (context) => {
          options.onStep?.("reading");
          const wb = context.workbook;
          wb.worksheets.load("items/name");
          await context.sync();
          return readHandSheetsIn(
            context,
            wb.worksheets.items.map((w) => w.name),
            { merges: options.merges !== false },
          );
        },
        options,
      );
    } catch (e) {
      // Nothing is written before the journal's own requests: a fault here says so.
      throw readError(e);
    }
    const result = await journaled(run, options, (raw) => {
      const p = propose(raw, sheets, asked);
      const changed = options.expected !== undefined && options.expected !== proposalKey(p.adoption);
      const errors = changed ? [tableError(WORKBOOK, "your sheets changed since the proposal was shown: look at it again before bringing them in.")] : p.errors;
      const outcome = { ...p, errors };
      if (options.dryRun === true || errors.length > 0 || p.adoption.nothingNew) return { outcome };
      const { adoption, opening } = p;
      const items = editItems(adoption.workbook, p.edits);
      const book = opening?.plan === undefined ? undefined : bookWrite(p.after as RawWorkbook, opening.plan);
      const handed =
        opening === undefined
          ? ""
          : `; the Ledger opens at century ${adoption.century}: ${openedLine(
              adoption.opening,
              opening.payments.map((p) => p.god),
            )}`;
      const write: JournalWrite = {
        action: "adopt",
        words: book === undefined ? "bringing in your records" : adoptWords(adoption.century),
        done: `${adoption.message.replace(/\.$/, "")}${handed}`,
        items: [...items, ...(book?.items ?? [])],
        ...(book === undefined || opening === undefined
          ? {}
          : {
              // What was asked, with the carries exactly as the question showed them: a finish plans the Ledger's part again from it.
              asked: { kind: "adopt", century: adoption.century, opening: adoption.opening.map((o) => [o.god, o.carry] as const) },
              sheets: book.sheets,
              claim: "bringing in your records",
              log: { credit: creditKey(opening), handed: opening.payments },
              show: LEDGER.name,
            }),
      };
      return { outcome, write };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    const o = result.outcome;
    const base = { adoption: o.adoption, ...(o.opening === undefined ? {} : { opening: o.opening }), warnings: o.warnings };
    if (result.kind === "refused")
      return { ...base, errors: [tableError(WORKBOOK, result.message)], written: false, message: "", status: campaignStatus(readCampaign(result.raw)) };
    if (result.kind === "planned") return { ...base, errors: o.errors, written: false, message: "", status: campaignStatus(readCampaign(result.raw)) };
    const opened = o.opening?.plan === undefined ? undefined : o.opening;
    const message = `${o.adoption.message.charAt(0).toUpperCase()}${o.adoption.message.slice(1)}${opened === undefined ? "" : ` ${openedSentence(o.adoption.century, o.adoption.opening, opened)}`} The next century end is ${o.adoption.century + 1}.`;
    // The status after, worked out from what was written without reading again: the tables, then the Ledger.
    const after = o.after ?? result.raw;
    const status = campaignStatus(readCampaign(o.opening?.plan === undefined ? after : afterCenturyEnd(after, o.opening.plan, true)));
    return {
      ...base,
      errors: [],
      written: true,
      message,
      ...(opened === undefined
        ? {}
        : {
            opened: openedLine(
              o.adoption.opening,
              opened.payments.map((p) => p.god),
            ),
          }),
      status,
    };
  });
}

export type { ActionOptions };
/** How the question words an opening carry: "Kettu owes 2.5 ('Mana C2'!D5)". */
export { openingLine };
/** The columns each way of reading a sheet has (required, then optional), for the pane's choices. */
export { COLUMN_OF, FIELDS } from "../actions/adopt/shape";
