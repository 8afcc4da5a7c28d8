/**
 * The actions inside Excel that settle what went wrong rather than pay: a credit written on two
 * computers recorded as put right, a Ledger two computers' writes mixed put right from the
 * journal, and an action that stopped part-way finished or taken back (finish.ts).
 */
import { campaignStatus, type CampaignStatus } from "../actions/status";
import type { RawWorkbook } from "../model/raw";
import { itemsIn } from "../plan/commit";
import { writtenRows } from "../plan/owned";
import { readCampaign } from "../read/campaign";
import { asideSetting, boxLines, clock, manaMoveWords, OP_PREFIX } from "../read/journal";
import { settledBy, type Outcome, type Settled } from "./actions";
import { THIS_COMPUTER } from "./computer";
import { settleOperation, type FinishChoice } from "./finish";
import { journaled, type JournalOptions } from "./journal";
import { SETTLED_PREFIX } from "./read";
import { ActionError, exclusive, withRetry, type ActionOptions, type ExcelRun } from "./run";

/**
 * A credit written on two computers, settled by a referee: the mana one of them handed out was
 * taken back (or it really happened twice and was credited again). Payments go on after it.
 */
export async function settlePaidTwice<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  credit: string,
  options?: O,
): Promise<Outcome<{ readonly status: CampaignStatus }, O>> {
  return exclusive("settling a double payment", async (): Promise<{ readonly status: CampaignStatus } | Settled> => {
    const result = await journaled(run, options ?? {}, (raw: RawWorkbook) => {
      const list = [...new Set([...(raw.settled ?? []).filter((c) => c !== credit), credit])];
      return {
        outcome: raw,
        write: {
          action: "settled",
          words: "recording a double payment as put right",
          done: "the double payment recorded as put right",
          items: [{ kind: "setting", key: `${SETTLED_PREFIX}${THIS_COMPUTER}`, value: JSON.stringify(list) }],
        },
      };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    if (result.kind === "refused") throw new ActionError(result.message.charAt(0).toUpperCase() + result.message.slice(1));
    return { status: campaignStatus(readCampaign(await readAfter(run, options ?? {}))) };
  });
}

/**
 * A Ledger whose cells two computers' writes mixed (read/mixed.ts), put right: the Ledger and its
 * seal take the rows of the write the journal keeps under `entry`.
 */
export async function putBookRight<O extends JournalOptions = ActionOptions>(
  run: ExcelRun,
  entry: string,
  options?: O,
): Promise<Outcome<{ readonly status: CampaignStatus }, O>> {
  return exclusive("putting the Ledger right", async (): Promise<{ readonly status: CampaignStatus } | Settled> => {
    const result = await journaled(run, options ?? {}, (raw: RawWorkbook) => {
      const done = raw.journal?.done.find((d) => d.id === entry);
      const book = done?.book;
      const items =
        book === undefined
          ? undefined
          : itemsIn([book.ledger, ...(book.seal === undefined ? [] : [book.seal]), ...(book.head === undefined ? [] : [book.head])]);
      if (done === undefined || items === undefined) return { outcome: raw };
      return {
        outcome: raw,
        write: {
          action: "put-right",
          asked: { kind: "put-right", entry },
          words: "putting the Ledger right",
          done: `the Ledger put right, as it was written at ${clock(done.at)}`,
          items,
          claim: "putting the Ledger right",
        },
      };
    });
    if (result.kind === "already" || result.kind === "finished") return settledBy(result);
    if (result.kind === "refused") throw new ActionError(result.message.charAt(0).toUpperCase() + result.message.slice(1));
    if (result.kind === "planned")
      throw new ActionError(
        "What the two computers wrote is no longer in the workbook's journal, so the Ledger cannot be put right here. Correct the book instead (say why).",
      );
    return { status: campaignStatus(readCampaign(await readAfter(run, options ?? {}))) };
  });
}

/** A damaged record (its setting's key) set aside: a mark beside it, and nothing else written. */
async function setAside(run: ExcelRun, key: string, options: ActionOptions): Promise<Settled> {
  const { readWorkbook } = await import("./read");
  return withRetry(
    run,
    async (context): Promise<Settled> => {
      const raw = await readWorkbook(context);
      const open = raw.journal?.open.find((o) => `${OP_PREFIX}${o.id}` === key && (o.typed ?? []).length > 0);
      const record =
        raw.journal?.damaged?.find((d) => d.key === key) ??
        (open === undefined
          ? undefined
          : {
              id: open.id.slice(0, 40),
              key,
              why: "set aside by the gamemaster, to keep the Ledger rows typed where it writes",
              written: { words: open.words, rows: writtenRows(raw, open) },
            });
      if (record === undefined)
        return {
          settled: "already",
          message: "That record is no longer in the workbook, or was set aside meanwhile. Nothing was written.",
          status: campaignStatus(readCampaign(raw)),
        };
      const aside = asideSetting(record, Date.now());
      context.workbook.settings.add(aside.key, aside.value);
      await context.sync();
      return {
        settled: "set aside",
        message:
          open === undefined
            ? `Set aside the damaged record (${record.id}): it stays in the workbook and is never carried out. Nothing else was changed; if its action had begun writing, the problems list names whatever of the book does not add up.`
            : `Set aside the record of ${open.words}: it stays in the workbook and is never carried out, and the Ledger rows typed since it stopped stay as they are. Nothing of it was made: do it again if you still want it.`,
        status: campaignStatus(readCampaign(await readWorkbook(context))),
      };
    },
    options,
  );
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

async function readAfter(run: ExcelRun, options: ActionOptions): Promise<RawWorkbook> {
  const { readWorkbook } = await import("./read");
  return withRetry(run, (context) => readWorkbook(context), options);
}

/**
 * Finishes or takes back an action that stopped part-way (the one step the pane offers under the
 * problems): within its commit it is finished from its intent; before it, its sheets go.
 */
export async function settleStopped(
  run: ExcelRun,
  operation: string,
  options: ActionOptions = {},
  choice: FinishChoice & { readonly setAside?: boolean } = {},
): Promise<Settled> {
  return exclusive("finishing an action that stopped", async () => {
    if (operation.startsWith(OP_PREFIX)) return setAside(run, operation, options);
    // Rows typed where it writes, kept: the record is set aside, the action not made.
    if (choice.setAside === true) return setAside(run, `${OP_PREFIX}${operation}`, options);
    const result = await settleOperation(run, operation, options, choice);
    if (result === undefined) {
      const raw = await readAfter(run, options);
      return {
        settled: "already",
        message: "That action is no longer open: it was finished or taken back meanwhile. Nothing was written.",
        status: campaignStatus(readCampaign(raw)),
      };
    }
    const { op, finished } = result;
    return {
      settled: finished ? "finished" : "taken back",
      message: finished
        ? [
            `Finished ${op.words}, which had stopped part-way at ${clock(op.at)}: ${op.done}. Nothing was written twice.`,
            ...(op.moves ?? []).map((m) => `${sentence(manaMoveWords(m))}.`),
            ...boxLines(op.moves ?? []),
          ].join(" ")
        : `Took back ${op.words}, which had stopped at ${clock(op.at)} before it changed anything: its half-written sheets are gone. Nothing else had changed; do it again if you still want it.`,
      status: campaignStatus(readCampaign(result.raw)),
    };
  });
}

/**
 * Every action the journal holds open here, settled in turn in one step (the order the pane
 * lists them: a damaged record first, then each open one as it began), each on the workbook the
 * ones before leave. The choice about typed Ledger rows applies to the records that have some.
 * One still under way on another computer is left to it. The answer names each one settled.
 */
export async function settleAllStopped(
  run: ExcelRun,
  options: ActionOptions = {},
  choice: FinishChoice & { readonly setAside?: boolean } = {},
): Promise<Settled> {
  const said: string[] = [];
  let last: Settled | undefined;
  const tried = new Set<string>();
  for (let n = 0; n < 500; n++) {
    const next = campaignStatus(readCampaign(await readAfter(run, options))).stopped.find((s) => !s.underWay && !tried.has(s.id));
    if (next === undefined) break;
    tried.add(next.id);
    last = await settleStopped(run, next.id, options, next.typed === true ? choice : {});
    said.push(last.message);
  }
  if (last === undefined) return settleStopped(run, "", options);
  return { ...last, message: said.length === 1 ? last.message : said.map((m, i) => `${i + 1}. ${m}`).join(" ") };
}
