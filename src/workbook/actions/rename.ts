/**
 * A god renamed everywhere at once: every table and column that names a character (the schema's
 * CHARACTER_COLUMNS: Gods, Cards, Pantheon, the Ledger, joint sources' Owners, Sessions, the kept
 * tables), the Campaign History and its Charts, and the Ledger's seal, so that it keeps its
 * account and what it carries. (A god renamed in Gods alone leaves its account behind:
 * read/accounts.ts says so.) The new name is checked as the reader would check it.
 */
import { ATHEISM, DEMONS, DIABOLISM, didYouMean, nameKey } from "../../engine/names";
import { tableError, errorsIn, type Problem } from "../model/problems";
import type { RawWorkbook } from "../model/raw";
import { CHARACTER_COLUMNS, GODS, LEDGER, STORY_SHEETS } from "../model/schema";
import { characterNameProblem, NAME_LENGTH } from "../model/names";
import { splitOwners } from "../read/sources";
import { HISTORY_KIND, renamedStory } from "../plan/story";
import { readCampaign, type Campaign } from "../read/campaign";
import { centuryInPlay } from "../read/credits";
import { bookSheets } from "../plan/bookSheets";
import { applyEdits, type TableEdit } from "../plan/edits";
import type { PlanValue } from "../plan/layout";
import { headAfter, ledgerPlan } from "../plan/ledger";
import { sealSheet } from "../plan/seal";
import type { WorkbookPlan } from "../plan/types";
import { columnIndex } from "../model/tableReader";

export interface RenameOutcome {
  readonly from: string;
  readonly to: string;
  readonly problems: readonly Problem[];
  /** the cells of the input tables and the Ledger that change */
  readonly edits: readonly TableEdit[];
  /** the book's sheets and the seal, for the accounts under the new name */
  readonly plan?: WorkbookPlan;
  /** how many rows change, by table (and the Campaign History sheet's) */
  readonly changed: readonly { readonly table: string; readonly rows: number }[];
}

const problem = (message: string, argument?: string): Problem => tableError(GODS.name, message, argument === undefined ? {} : { argument });

/** The cell of each row of a table that names the old name: the updates a rename makes, or why one cannot be made. */
function renamedCells(raw: RawWorkbook, table: string, column: string, list: boolean, old: string, name: string): { edits: TableEdit[]; problems: Problem[] } {
  const found = raw.tables.get(table.toLowerCase());
  const at = found === undefined ? -1 : columnIndex(found, column);
  const edits: TableEdit[] = [];
  const problems: Problem[] = [];
  if (found === undefined || at < 0) return { edits, problems };
  found.rows.forEach((cells, index) => {
    const text = cells[at];
    if (typeof text !== "string") return;
    if (!list) {
      if (nameKey(text) === old) edits.push({ kind: "update", table: found.name, index, values: { [column]: name } });
      return;
    }
    const owners = splitOwners(text);
    if (!owners.some((n) => nameKey(n) === old)) return;
    const cell = owners.map((n) => (nameKey(n) === old ? name : n)).join(", ");
    // The Owners cell is read like any name: at most NAME_LENGTH characters.
    if (cell.length > NAME_LENGTH)
      problems.push(
        tableError(
          found.name,
          `the ${column} cell would then hold ${cell.length} characters, more than the ${NAME_LENGTH} a cell may: choose a shorter name.`,
          { row: found.headerRow + index + 1, column },
        ),
      );
    else edits.push({ kind: "update", table: found.name, index, values: { [column]: cell } });
  });
  return { edits, problems };
}

/** Whether a problem is in a cell the rename writes anew (its table, row and column). */
function answeredBy(p: Problem, edits: readonly TableEdit[], raw: RawWorkbook): boolean {
  if (p.row === undefined || p.column === undefined) return false;
  const column = nameKey(p.column);
  return edits.some((e) => {
    if (e.kind !== "update") return false;
    const table = raw.tables.get(e.table.toLowerCase());
    return (
      table !== undefined &&
      nameKey(table.name) === nameKey(p.table) &&
      table.headerRow + 1 + e.index === p.row &&
      Object.keys(e.values).some((k) => nameKey(k) === column)
    );
  });
}

export function planRename(raw: RawWorkbook, from: string, to: string): RenameOutcome {
  const read = readCampaign(raw);
  const { campaign } = read;
  const old = nameKey(from);
  const name = to.trim().replace(/\s+/g, " ");
  const fresh = nameKey(name);
  const base = { from: from.trim(), to: name, edits: [] as TableEdit[], changed: [] };
  // Every table and column that names a character (schema.ts), the same list a test checks.
  const edits: TableEdit[] = [];
  const cellProblems: Problem[] = [];
  const count = new Map<string, number>();
  for (const c of CHARACTER_COLUMNS) {
    const found = renamedCells(raw, c.table, c.column, c.list === true, old, name);
    cellProblems.push(...found.problems);
    edits.push(...found.edits);
    if (found.edits.length > 0) count.set(c.table, (count.get(c.table) ?? 0) + found.edits.length);
  }
  // What the rename itself answers does not stop it: the account it carries on, and, after a
  // rename begun in Gods alone, the old name in the cells it renames ("Vorn" is not in the Gods table).
  const problems: Problem[] = errorsIn(read.problems).filter(
    (p) => !(p.table === LEDGER.name && p.message.includes(`"${from.trim()}"`)) && !answeredBy(p, edits, raw),
  );
  const god = campaign.gods.find((g) => nameKey(g.name) === old);
  const account = campaign.accounts.get(old);
  // The reader's rules at the writer's door: nothing is written that the next read would refuse.
  const invalid = characterNameProblem(to);
  if (invalid !== undefined) problems.push(problem(invalid, "NEW NAME"));
  if ([DEMONS, DIABOLISM, ATHEISM].some((r) => nameKey(r) === old))
    problems.push(problem(`${DEMONS}, ${DIABOLISM} and ${ATHEISM} are the game's own names: they are not renamed, and no god takes them.`, "OLD NAME"));
  else if (god === undefined && account === undefined) {
    const names = [...campaign.gods.map((g) => g.name), ...[...campaign.accounts.values()].map((a) => a.god).filter((g) => nameKey(g) !== nameKey(DEMONS))];
    problems.push(
      problem(
        `there is no god "${from.trim()}" in the Gods table, and no account of that name in the Ledger.${didYouMean(from, [...new Set(names)])}`,
        "OLD NAME",
      ),
    );
  }
  if (invalid === undefined && god !== undefined && god.name === name)
    problems.push(problem(`${god.name} is called that already: there is nothing to rename.`, "NEW NAME"));
  const taken = campaign.gods.find((g) => nameKey(g.name) === fresh);
  // The new name may already stand in Gods only when the rename was begun there (the old name is gone from Gods).
  if (taken !== undefined && (god !== undefined || campaign.accounts.has(fresh)) && fresh !== old) {
    problems.push(
      problem(`"${taken.name}" is already a god${campaign.accounts.has(fresh) ? " with an account of its own" : ""}: choose another name.`, "NEW NAME"),
    );
  }
  if (errorsIn(problems).length > 0) return { ...base, problems };
  problems.push(...cellProblems);
  if (errorsIn(problems).length > 0) return { ...base, problems };

  // The campaign as the edits leave it: its accounts under the new name, sealed anew, and its story.
  const after: Campaign = readCampaign(applyEdits(raw, edits)).campaign;
  // The Campaign History's mana rows under the old name take the new one (its sheet is written anew).
  const history = (campaign.history ?? []).filter((r) => r.kind === HISTORY_KIND.recipient && nameKey(r.name) === old).length;
  if (history > 0) count.set(STORY_SHEETS.history, history);
  const sheets = [...bookSheets(after, after.accounts), ...renamedStory(campaign.history ?? [], after.accounts, from, name, centuryInPlay(after))];
  const latest = Math.max(1, ...after.ledger.map((r) => r.century));
  const ledger = ledgerPlan(after.found.find((f) => f.table === LEDGER.name)?.raw, after.ledger, new Set(), []);
  const head = headAfter(after.ledger, new Set(), []);
  const plan: WorkbookPlan = {
    century: latest,
    sheets: [...sheets, sealSheet(after, after.accounts, sheets)],
    ledger,
    ...(head === undefined ? {} : { head }),
  };
  return {
    ...base,
    problems: read.problems.filter((p) => p.severity === "warning"),
    edits,
    plan,
    changed: [...count].map(([table, rows]) => ({ table, rows })),
  };
}

/**
 * The workbook as a rename found it, from one it stopped in part-way: the cells its carried-out
 * edits renamed hold the old name again (a new name is refused when a character already has it,
 * so every cell holding it was renamed by this very action).
 */
export function renamedBack(raw: RawWorkbook, done: readonly TableEdit[], from: string, to: string): RawWorkbook {
  const fresh = nameKey(to);
  const back = (text: PlanValue): PlanValue =>
    typeof text === "string"
      ? splitOwners(text)
          .map((n) => (nameKey(n) === fresh ? from.trim() : n))
          .join(", ")
      : text;
  const edits = done.flatMap((e): TableEdit[] =>
    e.kind === "update" ? [{ ...e, values: Object.fromEntries(Object.entries(e.values).map(([k, v]) => [k, back(v)])) }] : [],
  );
  return applyEdits(raw, edits);
}
