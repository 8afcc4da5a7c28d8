/**
 * The pane's tools between sessions, loaded on first use: a character renamed everywhere, the
 * session packet, the session's end and cards bought. Each goes through the journal like every
 * action that writes (tools.ts runEdits, or journaled directly for the book's sheets).
 */
import { errorsIn, tableError, WORKBOOK } from "../model/problems";
import { applyEdits } from "../plan/edits";
import { bookWrite, editItems } from "../plan/commit";
import { planRename } from "../actions/rename";
import { readCampaign } from "../read/campaign";
import { campaignStatus, type CampaignStatus } from "../actions/status";
import { afterCenturyEnd, afterSheets } from "../plan/after";
import { planPacket, type PacketOutcome } from "../actions/packet";
import { planSessionEnd, type SessionOrder } from "../actions/sessions";
import { planCards, type CardsOrder, type CardsPreview } from "../actions/cards";
import { exclusive, settledBy, type ActionOptions, type ExcelRun, type JournalOptions, type Outcome, type Settled } from "./actions";
import { journaled, type JournalWrite } from "./journal";
import { refusedOutcome, runEdits, runPreviewed, type EditOutcome, type Previewing } from "./tools";

/**
 * A character renamed in every column that names one (schema CHARACTER_COLUMNS) with its account sealed anew
 * under the new name: one operation, the cells, the book's sheets and the seal together.
 */
export async function renameEverywhere<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  from: string,
  to: string,
  options?: O,
): Promise<Outcome<EditOutcome, O>> {
  return exclusive("renaming a god", async (): Promise<EditOutcome | Settled> => {
    const result = await journaled(run, options ?? {}, (raw) => {
      const outcome = planRename(raw, from, to);
      if (errorsIn(outcome.problems).length > 0 || outcome.plan === undefined) return { outcome: { outcome, raw } };
      const after = applyEdits(raw, outcome.edits);
      const book = bookWrite(after, outcome.plan);
      const write: JournalWrite = {
        action: "rename",
        asked: { kind: "rename", from, to },
        words: `renaming ${outcome.from} to ${outcome.to}`,
        done: `"${outcome.from}" renamed "${outcome.to}" everywhere`,
        sheets: book.sheets,
        items: [...editItems(raw, outcome.edits), ...book.items],
      };
      return { outcome: { outcome, raw }, write };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    if (result.kind === "refused") return refusedOutcome(result.raw, result.message);
    const { outcome, raw } = result.outcome;
    if (result.kind === "planned" || outcome.plan === undefined)
      return { written: false, message: "", details: [], problems: outcome.problems, status: campaignStatus(readCampaign(raw)) };
    const after = applyEdits(result.raw, outcome.edits);
    return {
      written: true,
      message: `"${outcome.from}" is now "${outcome.to}" everywhere; its account and what it kept go with it.`,
      details: outcome.changed.map((c) => `${c.table}: ${c.rows} row${c.rows === 1 ? "" : "s"}`),
      problems: outcome.problems,
      status: campaignStatus(readCampaign(afterCenturyEnd(after, outcome.plan, true))),
    };
  }) as Promise<Outcome<EditOutcome, O>>;
}

export interface PacketInExcel extends PacketOutcome {
  /** whether every sheet of the packet was written */
  readonly written: boolean;
  readonly status: CampaignStatus;
}

/**
 * The session packet's sheets, each written anew: two reads, then one write for most campaigns
 * (more, each under Excel's budget, for a very large one). The Ledger is left alone: the packet
 * pays nobody. The packet's first sheet is shown.
 */
export async function writePacket<O extends JournalOptions = ActionOptions>(run: ExcelRun, options?: O): Promise<Outcome<PacketInExcel, O>> {
  return exclusive("writing the session packet", async (): Promise<PacketInExcel | Settled> => {
    const result = await journaled(run, options ?? {}, (raw) => {
      const read = readCampaign(raw);
      const outcome = planPacket(read);
      const first = outcome.sheets[0];
      if (errorsIn(outcome.problems).length > 0 || first === undefined) return { outcome: { outcome, read } };
      const write: JournalWrite = {
        action: "packet",
        words: "writing the session packet",
        done: `the session packet written (${outcome.sheets.map((s) => s.name).join(", ")})`,
        sheets: outcome.sheets,
        show: first.name,
      };
      return { outcome: { outcome, read }, write };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    const { outcome, read } = result.outcome;
    if (result.kind === "refused")
      return { ...outcome, problems: [tableError(WORKBOOK, result.message)], written: false, status: campaignStatus(readCampaign(result.raw)) };
    if (result.kind === "planned") return { ...outcome, written: false, status: campaignStatus(read) };
    return { ...outcome, written: true, status: campaignStatus(readCampaign(afterSheets(result.raw, outcome.sheets))) };
  }) as Promise<Outcome<PacketInExcel, O>>;
}

/** What each character holds at the end of a session: the Sessions table's rows and the Gods table's Mana column. */
export function recordSessionEnd<O extends JournalOptions = ActionOptions>(run: ExcelRun, order: SessionOrder, options?: O): Promise<Outcome<EditOutcome, O>> {
  return runEdits(run, { action: "session-end", words: "recording the session's end" }, (read) => planSessionEnd(read.raw, read.campaign, order), options);
}

export interface CardsOutcome extends EditOutcome {
  /** the multipliers before and after, and the latest paid century counted again; undefined when refused */
  readonly preview?: CardsPreview;
}

/** Sphere cards bought or given up: previewed (dryRun), or the Cards table changed. */
export function changeCards<O extends JournalOptions & Previewing = ActionOptions>(
  run: ExcelRun,
  order: CardsOrder,
  options?: O,
): Promise<Outcome<CardsOutcome, O>> {
  return runPreviewed(run, { action: "cards", words: `the cards of ${order.god} in ${order.sphere}` }, (read) => planCards(read, order), options);
}
