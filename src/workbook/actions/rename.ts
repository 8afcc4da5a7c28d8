/**
 * A god renamed everywhere at once: its row in Gods, its Cards, its pantheon shares, its account
 * in the Ledger, and the Ledger's seal, so that it keeps its account and what it carries. (A god
 * renamed in Gods alone leaves its account behind: read/accounts.ts says so.)
 */
import { ATHEISM, DEMONS, DIABOLISM, nameKey } from "../../engine/names";
import { tableError, errorsIn, type Problem } from "../model/problems";
import type { RawWorkbook } from "../model/raw";
import { CARDS, GODS, LEDGER, PANTHEON, SOURCES } from "../model/schema";
import { readCampaign, type Campaign } from "../read/campaign";
import { bookSheets } from "../plan/bookSheets";
import { applyEdits, type TableEdit } from "../plan/edits";
import { ledgerPlan } from "../plan/ledger";
import { sealSheet } from "../plan/seal";
import type { WorkbookPlan } from "../plan/types";
import { ownersEdit, sourcesOwnedBy } from "./owners";

export interface RenameOutcome {
  readonly from: string;
  readonly to: string;
  readonly problems: readonly Problem[];
  /** the cells of the input tables and the Ledger that change */
  readonly edits: readonly TableEdit[];
  /** the book's sheets and the seal, for the accounts under the new name */
  readonly plan?: WorkbookPlan;
  /** how many rows change, by table */
  readonly changed: readonly { readonly table: string; readonly rows: number }[];
}

const problem = (message: string): Problem => tableError(GODS.name, message);

export function planRename(raw: RawWorkbook, from: string, to: string): RenameOutcome {
  const read = readCampaign(raw);
  const { campaign } = read;
  const old = nameKey(from);
  const name = to.trim().replace(/\s+/g, " ");
  const fresh = nameKey(name);
  const base = { from: from.trim(), to: name, edits: [] as TableEdit[], changed: [] };
  const problems: Problem[] = errorsIn(read.problems).filter((p) => !(p.table === LEDGER.name && p.message.includes(`"${from.trim()}"`)));
  const god = campaign.gods.find((g) => nameKey(g.name) === old);
  const account = campaign.accounts.get(old);
  if (name === "" || /[\u0000-\u001f\u007f]/.test(name)) problems.push(problem("the new name must be written, without control characters."));
  if ([DEMONS, DIABOLISM, ATHEISM].some((r) => nameKey(r) === old || nameKey(r) === fresh))
    problems.push(problem(`${DEMONS}, ${DIABOLISM} and ${ATHEISM} are the game's own names: they are not renamed, and no god takes them.`));
  if (god === undefined && account === undefined)
    problems.push(problem(`there is no god "${from.trim()}" in the Gods table, and no account of that name in the Ledger.`));
  const taken = campaign.gods.find((g) => nameKey(g.name) === fresh);
  // The new name may already stand in Gods only when the rename was begun there (the old name is gone from Gods).
  if (taken !== undefined && (god !== undefined || campaign.accounts.has(fresh)) && fresh !== old) {
    problems.push(problem(`"${taken.name}" is already a god${campaign.accounts.has(fresh) ? " with an account of its own" : ""}: choose another name.`));
  }
  if (errorsIn(problems).length > 0) return { ...base, problems };

  const edits: TableEdit[] = [];
  const count = new Map<string, number>();
  const update = (table: string, index: number, column: string) => {
    edits.push({ kind: "update", table, index, values: { [column]: name } });
    count.set(table, (count.get(table) ?? 0) + 1);
  };
  for (const g of campaign.gods) if (nameKey(g.name) === old) update(GODS.name, g.index, "God");
  for (const c of campaign.cards) if (nameKey(c.god) === old) update(CARDS.name, c.index, "God");
  for (const p of campaign.pantheons.values()) for (const e of p.entries) if (nameKey(e.member) === old) update(PANTHEON.name, e.index, "Member");
  for (const r of campaign.ledger) if (nameKey(r.god) === old) update(LEDGER.name, r.index, "God");
  // A source held jointly names its owners in one cell: the old name is replaced there, the others kept.
  for (const s of sourcesOwnedBy(campaign, from)) {
    edits.push(
      ownersEdit(
        s.index,
        s.owners.map((n) => (nameKey(n) === old ? name : n)),
      ),
    );
    count.set(SOURCES.name, (count.get(SOURCES.name) ?? 0) + 1);
  }

  // The campaign as the edits leave it: its accounts under the new name, sealed anew.
  const after: Campaign = readCampaign(applyEdits(raw, edits)).campaign;
  const sheets = bookSheets(after, after.accounts);
  const latest = Math.max(1, ...after.ledger.map((r) => r.century));
  const ledger = ledgerPlan(after.found.find((f) => f.table === LEDGER.name)?.raw, after.ledger, new Set(), []);
  const plan: WorkbookPlan = { century: latest, sheets: [...sheets, sealSheet(after, after.accounts, sheets)], ledger };
  return {
    ...base,
    problems: read.problems.filter((p) => p.severity === "warning"),
    edits,
    plan,
    changed: [...count].map(([table, rows]) => ({ table, rows })),
  };
}
